import { LoadingStatus } from './LoadingStatus.tsx';
import { WaymarkMark } from './WaymarkLogo.tsx';

/** Shown while the app start-up calls are running. */
export function FullPageLoader() {
  return (
    <LoadingStatus label="Loading…" className="full-page-loader" testId="app-loading" size="2.5rem">
      <WaymarkMark size={48} />
    </LoadingStatus>
  );
}
