import { ErrorPageBody } from './ErrorPageBody.tsx';
import { LostWaypointIllustration } from '../ui/LostWaypointIllustration.tsx';

/**
 * A page inside the app frame that failed to show: the sidebar and header stay, so the rest of the app is one
 * click away; reloading is offered for the page itself.
 */
export function PageErrorView() {
  return (
    <div className="page">
      <section className="card status-page status-card" role="alert" data-testid="page-error">
        <LostWaypointIllustration />
        <ErrorPageBody />
      </section>
    </div>
  );
}
