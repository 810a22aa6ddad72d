import { Button } from 'primereact/button';
import { notify } from '../../../lib/notifications.ts';
import { tSecurity } from '../../../i18n/security.ts';

/** The recovery codes, shown once: a grid to copy from, and the button that closes the step. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const copy = async () => {
    await navigator.clipboard.writeText(codes.join('\n'));
    notify.success(tSecurity('twoFactor.copied'));
  };
  return (
    <div className="security-codes" data-testid="recovery-codes">
      <p className="security-dialog__text">{tSecurity('twoFactor.codesHint')}</p>
      <ul className="security-codes__grid" aria-label={tSecurity('twoFactor.codesTitle')}>
        {codes.map((code) => (
          <li key={code} className="security-codes__code" data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
      <div className="dialog-actions">
        <Button
          type="button"
          label={tSecurity('twoFactor.copyCodes')}
          icon="pi pi-copy"
          severity="secondary"
          outlined
          onClick={() => void copy()}
          data-testid="recovery-codes-copy"
        />
        <Button
          type="button"
          label={tSecurity('twoFactor.done')}
          onClick={onDone}
          data-testid="recovery-codes-done"
        />
      </div>
    </div>
  );
}
