import { MOBILE_APP_PLAY_URL, MOBILE_APP_STORE_URL } from '../../../lib/constants.ts';
import { Button } from 'primereact/button';
import { ClosableElement } from '../../layout/components/ClosableElement.tsx';
import './dashboard.css';
import { tProjects } from '../../../i18n/projects.ts';

export const MOBILE_APP_FOOTER_ID = 'dashboard-mobile-app';

/** SPEC §1/§2: a closable footer promoting the mobile capture app, with its store links. */
export function MobileAppFooter() {
  return (
    <ClosableElement id={MOBILE_APP_FOOTER_ID}>
      {(close) => (
        <footer className="mobile-app-footer" data-testid="mobile-app-footer">
          <span className="mobile-app-footer__icon" aria-hidden="true">
            <i className="pi pi-mobile" />
          </span>
          <div className="mobile-app-footer__body">
            <h2 className="mobile-app-footer__title">{tProjects('dashboardProject.mobileAppTitle')}</h2>
            <p className="mobile-app-footer__text">{tProjects('dashboardProject.mobileAppText')}</p>
          </div>
          <div className="mobile-app-footer__stores">
            <a
              href={MOBILE_APP_STORE_URL}
              target="_blank"
              rel="noopener noreferrer"
              className="store-link"
              data-testid="mobile-app-store"
            >
              <i className="pi pi-apple" aria-hidden="true" />
              {tProjects('dashboardProject.appStore')}
            </a>
            <a
              href={MOBILE_APP_PLAY_URL}
              target="_blank"
              rel="noopener noreferrer"
              className="store-link"
              data-testid="mobile-app-play"
            >
              <i className="pi pi-android" aria-hidden="true" />
              {tProjects('dashboardProject.googlePlay')}
            </a>
          </div>
          <Button
            icon="pi pi-times"
            rounded
            text
            severity="secondary"
            aria-label={tProjects('dashboardProject.closeMobileApp')}
            onClick={close}
            className="mobile-app-footer__close"
            data-testid="mobile-app-footer-close"
          />
        </footer>
      )}
    </ClosableElement>
  );
}
