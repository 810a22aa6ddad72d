import { type UserProfile } from '@waymark/contract';
import { Avatar } from 'primereact/avatar';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format/timeAgo.ts';
import { getInitials } from '../../../lib/format/userName.ts';
import { useResendConfirmEmail } from '../hooks/useAccountMutations.ts';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { EditAccountDialog } from './EditAccountDialog.tsx';
import { useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { tAccount } from '../../../i18n/account.ts';

/**
 * The unverified-address banner. It says a link was sent only once this page sent one: an account a superuser
 * made, or one whose confirmation mail went long ago, has none waiting.
 */
function VerifyEmailBanner({ email }: { email: string }) {
  // Read-only maintenance: the server would refuse it.
  const isReadOnly = useIsMaintenance();
  const resend = useResendConfirmEmail(email);
  return (
    <Message
      severity="warn"
      className="account-verify"
      data-testid="verify-email-banner"
      content={
        <div className="account-verify__content">
          <div>
            <p className="account-verify__title">{tAccount('profile.verifyBanner')}</p>
            <p className="account-verify__hint" data-testid="verify-email-hint">
              {resend.isSuccess
                ? tAccount('profile.verifyBannerSent', { email })
                : tAccount('profile.verifyBannerHint')}
            </p>
          </div>
          <Button
            label={tAccount('profile.sendConfirmation')}
            icon="pi pi-envelope"
            size="small"
            outlined
            loading={resend.isPending}
            disabled={resend.isPending || isReadOnly}
            onClick={() => resend.mutate()}
            data-testid="send-confirmation"
          />
        </div>
      }
    />
  );
}

function Detail({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) {
  return (
    <div className="account-details__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** SPEC §2 "Profile page": the user's details with Edit account and Change password. */
export function AccountDetailsCard({ user }: { user: UserProfile }) {
  // Read-only maintenance: the server would refuse it.
  const isReadOnly = useIsMaintenance();
  const [dialog, setDialog] = useState<'edit' | 'password' | undefined>();
  const close = () => setDialog(undefined);
  return (
    <section
      className="card account-card"
      aria-labelledby="account-details-title"
      data-testid="account-details"
    >
      <header className="card__header account-card__header">
        <h2 id="account-details-title" className="card__title">
          {tAccount('profile.title')}
        </h2>
        <div className="account-card__actions">
          <Button
            label={tAccount('profile.editAccount')}
            icon="pi pi-user-edit"
            size="small"
            outlined
            onClick={() => setDialog('edit')}
            disabled={isReadOnly}
            data-testid="edit-account-button"
          />
          <Button
            label={tAccount('profile.changePassword')}
            icon="pi pi-key"
            size="small"
            outlined
            onClick={() => setDialog('password')}
            disabled={isReadOnly}
            data-testid="change-password-button"
          />
        </div>
      </header>
      {!user.verified_email && <VerifyEmailBanner email={user.email} />}
      <div className="account-details">
        <Avatar
          label={getInitials(user.name, user.username)}
          shape="circle"
          size="xlarge"
          className="user-avatar account-details__avatar"
        />
        <dl className="account-details__list">
          <Detail label={tAccount('profile.usernameLabel')} testId="profile-username">
            {user.username}
          </Detail>
          <Detail label={tAccount('profile.emailLabel')} testId="profile-email">
            {user.email}
            {!user.verified_email && (
              <i
                className="pi pi-exclamation-triangle account-details__warning"
                role="img"
                aria-label={tAccount('profile.unverified')}
                title={tAccount('profile.unverified')}
                data-testid="profile-email-unverified"
              />
            )}
          </Detail>
          <Detail label={tAccount('profile.fullNameLabel')} testId="profile-name">
            {user.name.trim() || tAccount('profile.noName')}
          </Detail>
          <Detail label={tAccount('profile.registeredLabel')} testId="profile-registered">
            {formatDateTime(user.registration_date)}
          </Detail>
        </dl>
      </div>
      {dialog === 'edit' && <EditAccountDialog isOpen user={user} onClose={close} />}
      <ChangePasswordDialog isOpen={dialog === 'password'} onClose={close} />
    </section>
  );
}
