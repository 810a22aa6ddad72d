/**
 * Texts of the account pages reached from emailed links (SPEC §2, §5). Exact strings: unit and
 * end-to-end tests import them from here.
 */

/** The change-password-by-token page (/change-password/:token). */
export const CHANGE_PASSWORD_TEXTS = {
  title: 'Set a new password',
  subtitle: 'Choose a new password for your account.',
  newPasswordLabel: 'New Password',
  newPasswordPlaceholder: 'Must be at least 8 characters',
  confirmLabel: 'Confirm password',
  confirmPlaceholder: 'Repeat the new password',
  submit: 'Change',
  /** Followed by a link reading `signIn`; together: 'Your password was changed. You can now Sign in'. */
  successPrefix: 'Your password was changed. You can now ',
  signIn: 'Sign in',
  failed: 'Failed to change password',
} as const;

/** A server message on the new password starting with this is replaced by PASSWORD_RULE_TEXT (SPEC §5). */
export const PASSWORD_MESSAGE_PREFIX = 'Password';
