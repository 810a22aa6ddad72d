import { Button } from 'primereact/button';
import { tCommon } from '../i18n/common.ts';

/** The texts and the reload button of a page that failed to show (in the frame or in place of the app). */
export function ErrorPageBody() {
  return (
    <>
      <h1 className="status-page__title">{tCommon('errorPage.title')}</h1>
      <p className="status-page__text">{tCommon('errorPage.body')}</p>
      <Button
        label={tCommon('errorPage.reload')}
        icon="pi pi-refresh"
        onClick={() => window.location.reload()}
      />
    </>
  );
}
