import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { LightBulbIcon } from './LightBulbIcon.tsx';
import { tCommon } from '../i18n/common.ts';

interface TipBoxProps {
  title?: string;
  children: ReactNode;
  /** Shows a close button when given. */
  onClose?: () => void;
  className?: string;
}

/** A friendly hint headed with the product's tip title and a light bulb (SPEC §2). */
export function TipBox({ title = tCommon('tipTitle'), children, onClose, className }: TipBoxProps) {
  return (
    <aside className={['tip-box', className].filter(Boolean).join(' ')} data-testid="tip-box">
      <LightBulbIcon />
      <div className="tip-box__body">
        <p className="tip-box__title">{title}</p>
        <div className="tip-box__text">{children}</div>
      </div>
      {onClose && (
        <Button
          icon="pi pi-times"
          rounded
          text
          severity="secondary"
          aria-label="Close tip"
          onClick={onClose}
          className="tip-box__close"
        />
      )}
    </aside>
  );
}
