import { Button } from 'primereact/button';
import { useNavigate } from 'react-router';
import { useSession } from '../features/session/hooks/useSession.ts';
import { DASHBOARD_PATH } from '../lib/paths.ts';
import { LostWaypointIllustration } from '../ui/LostWaypointIllustration.tsx';
import { OnboardingLayout } from '../ui/OnboardingLayout.tsx';
import { tCommon } from '../i18n/common.ts';

/** Any unknown address (SPEC §2 "Not-found page"). */
export function NotFoundPage() {
  const { isAuthenticated } = useSession();
  const navigate = useNavigate();
  return (
    <OnboardingLayout>
      <div className="status-page" data-testid="not-found">
        <LostWaypointIllustration />
        <h1 className="status-page__title">{tCommon('notFound.title')}</h1>
        <p className="status-page__text">{tCommon('notFound.body')}</p>
        {isAuthenticated && (
          <Button
            label={tCommon('notFound.back')}
            icon="pi pi-arrow-left"
            onClick={() => void navigate(DASHBOARD_PATH)}
            data-testid="not-found-back"
          />
        )}
      </div>
    </OnboardingLayout>
  );
}
