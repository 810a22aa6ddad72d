import { ERROR_PAGE_TEXTS } from '@waymark/contract';
import { Button } from 'primereact/button';

/** The texts and the reload button of a page that failed to show (in the frame or in place of the app). */
export function ErrorPageBody() {
  return (
    <>
      <h1 className="status-page__title">{ERROR_PAGE_TEXTS.title}</h1>
      <p className="status-page__text">{ERROR_PAGE_TEXTS.body}</p>
      <Button label={ERROR_PAGE_TEXTS.reload} icon="pi pi-refresh" onClick={() => window.location.reload()} />
    </>
  );
}
