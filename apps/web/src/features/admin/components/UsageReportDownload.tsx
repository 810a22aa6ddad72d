import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { usageReportUrl } from '../api/adminApi.ts';
import { tAdmin } from '../../../i18n/admin.ts';

/** `YYYY-MM-DD` of a date in UTC, as the report's query takes it. */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The periods offered, in months back from today; 0 is a custom range. */
const PERIODS = [
  { months: 3, label: 'report.period3' },
  { months: 6, label: 'report.period6' },
  { months: 12, label: 'report.period12' },
  { months: 0, label: 'report.periodCustom' },
] as const;

function monthsBefore(today: Date, months: number): Date {
  const date = new Date(today);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
}

/** One end of the custom range: a labelled date input, pointing at the range's error while there is one. */
function DateField(props: {
  label: string;
  value: string;
  max: string;
  errorId: string | undefined;
  onChange: (value: string) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="usage-report__field">
      <label htmlFor={id}>{props.label}</label>
      <InputText
        id={id}
        type="date"
        value={props.value}
        max={props.max}
        aria-describedby={props.errorId}
        onChange={(event) => props.onChange(event.target.value)}
        data-testid={props.testId}
      />
    </div>
  );
}

/**
 * The usage report's download (the reference's 'Server usage report'): a period of the last 3, 6 or 12 months
 * or a range of one's own; the browser downloads the CSV the server streams.
 */
export function UsageReportDownload() {
  const periodId = useId();
  const errorId = useId();
  const [today] = useState(() => new Date());
  const [months, setMonths] = useState(3);
  const [range, setRange] = useState(() => ({ from: dayOf(monthsBefore(today, 3)), to: dayOf(today) }));
  const isCustom = months === 0;
  const from = isCustom ? range.from : dayOf(monthsBefore(today, months));
  const to = isCustom ? range.to : dayOf(today);
  const isComplete = from !== '' && to !== '';
  const isInverted = isComplete && from > to;

  return (
    <div className="usage-report" data-testid="usage-report">
      <h3 className="usage-report__title">{tAdmin('report.title')}</h3>
      <p className="usage-report__text">{tAdmin('report.description')}</p>
      <div className="usage-report__fields">
        <div className="usage-report__field">
          <label htmlFor={periodId}>{tAdmin('report.period')}</label>
          <Dropdown
            inputId={periodId}
            value={months}
            options={PERIODS.map(({ months, label }) => ({ months, label: tAdmin(label) }))}
            optionLabel="label"
            optionValue="months"
            onChange={(event) => setMonths(event.value as number)}
            ariaLabel={tAdmin('report.period')}
            aria-label={tAdmin('report.period')}
            data-testid="usage-report-period"
          />
        </div>
        {isCustom && (
          <>
            <DateField
              label={tAdmin('report.from')}
              value={range.from}
              max={dayOf(today)}
              errorId={isInverted ? errorId : undefined}
              onChange={(from) => setRange({ ...range, from })}
              testId="usage-report-from"
            />
            <DateField
              label={tAdmin('report.to')}
              value={range.to}
              max={dayOf(today)}
              errorId={isInverted ? errorId : undefined}
              onChange={(to) => setRange({ ...range, to })}
              testId="usage-report-to"
            />
          </>
        )}
      </div>
      {isInverted && (
        <p id={errorId} className="usage-report__error" role="alert">
          {tAdmin('report.invalidRange')}
        </p>
      )}
      {isComplete && !isInverted ? (
        <a
          className="p-button p-component usage-report__download"
          href={usageReportUrl(from, to)}
          download
          data-testid="usage-report-download"
        >
          <i className="pi pi-download" aria-hidden="true" />
          <span>{tAdmin('report.download')}</span>
        </a>
      ) : (
        <button type="button" className="p-button p-component p-disabled usage-report__download" disabled>
          <i className="pi pi-download" aria-hidden="true" />
          <span>{tAdmin('report.download')}</span>
        </button>
      )}
    </div>
  );
}
