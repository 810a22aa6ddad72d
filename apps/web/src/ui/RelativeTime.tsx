import { Tooltip } from 'primereact/tooltip';
import { useState } from 'react';
import { formatDateTime, formatTimeAgo } from '../lib/format/timeAgo.ts';

interface RelativeTimeProps {
  /** An ISO date-time. */
  value: string;
  /** Words before the relative time, e.g. "Updated". */
  prefix?: string;
  className?: string;
  testId?: string;
}

/** "Updated 3 days ago", with the exact date and time in a tooltip (SPEC §2). */
export function RelativeTime({ value, prefix, className, testId }: RelativeTimeProps) {
  // Kept in state, not a ref: the tooltip binds to its target when it renders with it.
  const [target, setTarget] = useState<HTMLTimeElement | null>(null);
  const relative = formatTimeAgo(value);
  return (
    <>
      <time ref={setTarget} dateTime={value} className={className} data-testid={testId}>
        {prefix ? `${prefix} ${relative}` : relative}
      </time>
      <Tooltip target={target ?? undefined} content={formatDateTime(value)} position="bottom" />
    </>
  );
}
