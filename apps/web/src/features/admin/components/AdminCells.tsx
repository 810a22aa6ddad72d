import { formatDateTime } from '../../../lib/format/timeAgo.ts';
import { RelativeTime } from '../../../ui/RelativeTime.tsx';
import { tAdmin } from '../../../i18n/admin.ts';
import { locale } from '../../../i18n/i18n.ts';

const DATE_FORMAT = new Intl.DateTimeFormat(locale(), { dateStyle: 'medium' });

/** A date without its time ("12 Mar 2025"), the exact time in the title. */
export function DateCell({ value, testId }: { value: string; testId?: string }) {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return null;
  return (
    <time dateTime={value} title={formatDateTime(value)} className="admin-cell__date" data-testid={testId}>
      {DATE_FORMAT.format(time)}
    </time>
  );
}

/** "3 days ago" with the exact time in a tooltip, or 'Never'. */
export function TimeAgoCell({ value, testId }: { value: string | null; testId?: string }) {
  if (!value) {
    return (
      <span className="admin-cell__never" data-testid={testId}>
        {tAdmin('panel.never')}
      </span>
    );
  }
  return <RelativeTime value={value} className="admin-cell__date" testId={testId} />;
}

/** A yes/no column: an icon for the eye, the word for screen readers and tests. */
export function FlagCell({
  value,
  yesIcon = 'pi pi-check',
  testId,
}: {
  value: boolean;
  yesIcon?: string;
  testId?: string;
}) {
  return (
    <span className={value ? 'admin-flag admin-flag--yes' : 'admin-flag'} data-testid={testId}>
      <i className={value ? yesIcon : 'pi pi-minus'} aria-hidden="true" />
      <span className="visually-hidden">{value ? tAdmin('panel.yes') : tAdmin('panel.no')}</span>
    </span>
  );
}

/** One line cut with an ellipsis when the column is too narrow; the whole text in a tooltip. */
export function TruncatedText({
  text,
  className,
  testId,
}: {
  text: string;
  className?: string;
  testId?: string;
}) {
  return (
    <span
      className={className ? `admin-truncate ${className}` : 'admin-truncate'}
      title={text}
      data-testid={testId}
    >
      {text}
    </span>
  );
}
