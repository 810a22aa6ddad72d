import { ErrorPageBody } from './ErrorPageBody.tsx';
import { OnboardingLayout } from '../ui/OnboardingLayout.tsx';

/**
 * Shown when rendering a route throws or its code cannot load (typically a stale tab after a deploy,
 * which a reload fixes).
 */
export function RouteErrorPage() {
  return (
    <OnboardingLayout>
      <div className="status-page" role="alert">
        <ErrorPageBody />
      </div>
    </OnboardingLayout>
  );
}
