import { useMutation } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../lib/api/apiErrors.ts';
import { TextField } from '../../../ui/form/TextField.tsx';
import { completeTwoFactorLogin } from '../../security/api/securityApi.ts';
import { tSecurity } from '../../../i18n/security.ts';
import { tCommon } from '../../../i18n/common.ts';

interface TwoFactorLoginFormProps {
  /** The first step's answer. */
  challenge: string;
  onSignedIn: () => Promise<void>;
  /** Back to the password (a new first step: the challenge lives five minutes). */
  onBack: () => void;
}

/** The sign-in's second step: the authenticator's code or a recovery code, and 'remember this device'. */
export function TwoFactorLoginForm({ challenge, onSignedIn, onBack }: TwoFactorLoginFormProps) {
  const [code, setCode] = useState('');
  const [isRemembered, setIsRemembered] = useState(false);
  const mutation = useMutation({
    mutationFn: completeTwoFactorLogin,
    onSuccess: onSignedIn,
  });
  const error = mutation.error ? getErrorMessage(mutation.error, tCommon('toast.loginFailed')) : undefined;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ challenge, code: code.trim(), remember_device: isRemembered });
  };
  return (
    <form className="auth-form" onSubmit={handleSubmit} noValidate data-testid="two-factor-login-form">
      <h2 className="auth-form__title">{tSecurity('login.title')}</h2>
      <p className="auth-form__hint">{tSecurity('login.hint')}</p>
      {error && (
        <Message
          severity="error"
          text={error}
          className="auth-form__message"
          data-testid="two-factor-login-error"
        />
      )}
      <TextField
        id="two-factor-login-code"
        label={tSecurity('login.codeLabel')}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          mutation.reset();
        }}
        autoComplete="one-time-code"
        autoFocus
        maxLength={16}
        data-testid="two-factor-login-code"
      />
      <div className="auth-form__check">
        <Checkbox
          inputId="two-factor-remember"
          checked={isRemembered}
          onChange={(event) => setIsRemembered(event.checked === true)}
          data-testid="two-factor-remember"
        />
        <label htmlFor="two-factor-remember">{tSecurity('login.remember')}</label>
      </div>
      <Button
        type="submit"
        label={tSecurity('login.submit')}
        disabled={code.trim() === '' || mutation.isPending}
        loading={mutation.isPending}
        className="auth-form__submit"
        data-testid="two-factor-login-submit"
      />
      <Button
        type="button"
        label={tSecurity('login.back')}
        link
        onClick={onBack}
        className="auth-form__back"
        data-testid="two-factor-login-back"
      />
    </form>
  );
}
