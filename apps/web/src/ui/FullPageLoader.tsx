import { ProgressSpinner } from 'primereact/progressspinner';
import { WaymarkMark } from './WaymarkLogo.tsx';

/** Shown while the app start-up calls are running. */
export function FullPageLoader() {
  return (
    <div className="full-page-loader" role="status" aria-live="polite" data-testid="app-loading">
      <WaymarkMark size={48} />
      <ProgressSpinner aria-hidden="true" style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="4" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
