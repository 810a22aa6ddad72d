import { Button } from 'primereact/button';
import type { ReactNode } from 'react';

/** The row's button; always small and outlined. */
export interface SettingRowAction {
  label: string;
  icon: string;
  severity?: 'danger';
  onClick: () => void;
  testId: string;
  /** Greyed out, e.g. while the service is read-only. */
  isDisabled?: boolean;
}

interface SettingRowProps {
  /** PrimeIcons classes of the round icon before the text, e.g. 'pi pi-trash'. */
  icon: string;
  /** Colours the round icon. */
  iconTone?: 'public' | 'danger';
  title: ReactNode;
  titleTestId?: string;
  description: ReactNode;
  action: SettingRowAction;
}

/** One setting in a settings card: icon, title and description, and the button that changes it. */
export function SettingRow({ icon, iconTone, title, titleTestId, description, action }: SettingRowProps) {
  const iconClassName = iconTone ? `setting-row__icon setting-row__icon--${iconTone}` : 'setting-row__icon';
  return (
    <div className="setting-row">
      <span className={iconClassName} aria-hidden="true">
        <i className={icon} />
      </span>
      <div className="setting-row__text">
        <p className="setting-row__title" data-testid={titleTestId}>
          {title}
        </p>
        <p className="setting-row__description">{description}</p>
      </div>
      <Button
        label={action.label}
        icon={action.icon}
        severity={action.severity}
        outlined
        size="small"
        onClick={action.onClick}
        disabled={action.isDisabled}
        className="setting-row__action"
        data-testid={action.testId}
      />
    </div>
  );
}
