import type { ReactNode } from 'react';
import './settings.css';

interface SettingsCardProps {
  /** Id of the card's heading, which names the section. */
  titleId: string;
  title: ReactNode;
  /** Red border and title, for settings that destroy something. */
  isDanger?: boolean;
  testId?: string;
  children: ReactNode;
}

/** A titled card on a settings page, holding {@link SettingRow}s and their dialogs. */
export function SettingsCard({ titleId, title, isDanger = false, testId, children }: SettingsCardProps) {
  return (
    <section
      className={isDanger ? 'card settings-card settings-card--danger' : 'card settings-card'}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <header className="card__header">
        <h2 id={titleId} className="card__title">
          {title}
        </h2>
      </header>
      {children}
    </section>
  );
}
