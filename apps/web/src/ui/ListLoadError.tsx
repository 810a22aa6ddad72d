import { Button } from 'primereact/button';
import { EmptyState } from './EmptyState.tsx';

interface ListLoadErrorProps {
  /** What could not be loaded, e.g. 'The versions could not be loaded.' */
  title: string;
  retryLabel: string;
  onRetry: () => void;
  testId?: string;
}

/**
 * What a list shows when it could not load, in place of its empty text: 'nothing here' would be untrue then. The
 * list loads again by itself when the server comes back; the button is for the impatient.
 */
export function ListLoadError({ title, retryLabel, onRetry, testId }: ListLoadErrorProps) {
  return (
    <EmptyState title={title} testId={testId}>
      <Button label={retryLabel} icon="pi pi-refresh" outlined size="small" onClick={onRetry} />
    </EmptyState>
  );
}
