import { ERROR_PAGE_TEXTS } from '@waymark/contract';
import { Button } from 'primereact/button';
import { OnboardingLayout } from '../ui/OnboardingLayout.tsx';

/**
 * Shown when rendering a route throws or its code cannot load (typically a stale tab after a deploy,
 * which a reload fixes).
 */
export function RouteErrorPage() {
  return (
    <OnboardingLayout>
      <div className="status-page" role="alert">
        <h1 className="status-page__title">{ERROR_PAGE_TEXTS.title}</h1>
        <p className="status-page__text">{ERROR_PAGE_TEXTS.body}</p>
        <Button
          label={ERROR_PAGE_TEXTS.reload}
          icon="pi pi-refresh"
          onClick={() => window.location.reload()}
        />
      </div>
    </OnboardingLayout>
  );
}
