import { ERROR_PAGE_TEXTS } from '@waymark/contract';
import { Button } from 'primereact/button';
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
        <h1 className="status-page__title">{ERROR_PAGE_TEXTS.title}</h1>
        <p className="status-page__text">{ERROR_PAGE_TEXTS.body}</p>
        <Button
          label={ERROR_PAGE_TEXTS.reload}
          icon="pi pi-refresh"
          onClick={() => window.location.reload()}
        />
      </section>
    </div>
  );
}
