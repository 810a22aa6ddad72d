/** British English texts of the account pages: profile, and the pages of emailed links (SPEC §2, §5). */
export default {
  /** The change-password-by-token page (/change-password/:token). */
  changePassword: {
    title: 'Set a new password',
    subtitle: 'Choose a new password for your account.',
    newPasswordLabel: 'New Password',
    newPasswordPlaceholder: 'Must be at least 8 characters',
    confirmLabel: 'Confirm password',
    confirmPlaceholder: 'Repeat the new password',
    submit: 'Change',
    /** <signIn> is the link to the sign-in page. */
    success: 'Your password was changed. You can now <signIn>Sign in</signIn>',
    failed: 'Failed to change password',
    checking: 'Checking the link…',
    /** A used, expired or garbled link, found when the page opens (not after the new password was typed twice). */
    invalidTitle: 'This link is no longer valid',
    invalidText:
      'Links to set a password work once and for a limited time. Ask for a new one with the e-mail address of your account.',
    requestNew: 'Send me a new link',
  },

  /** The profile page and its dialogs (SPEC §2 "Profile page", "Dialogs", §5, §8). */
  profile: {
    title: 'Account details',
    editAccount: 'Edit account',
    changePassword: 'Change password',
    verifyBanner: 'Please verify your email',
    /** Until a mail has been sent from this page the hint does not claim one was (an admin-made account got none). */
    verifyBannerHint: 'Send a confirmation email, then follow the link in it to verify your address.',
    verifyBannerSent: 'We sent a confirmation link to {{email}}. Follow it to verify your address.',
    sendConfirmation: 'Send confirmation email',
    unverified: 'Email not verified',
    usernameLabel: 'Username',
    emailLabel: 'Email',
    fullNameLabel: 'Full name',
    registeredLabel: 'Registered',
    noName: '-',
    requestsTitle: 'You requested access to these projects',
    requestProject: 'Project',
    requestExpires: 'Expires',
    advanced: 'Advanced',
    notifications: 'Receive notifications',
    notificationsHint: 'Emails about access requests to your projects and access granted to you.',
    closeAccount: 'Close account',
    closeAccountHint:
      'Your account ends at once: you can no longer sign in, and your memberships are removed.',
    closeConfirmHeader: 'Close account',
    closeConfirmMessage:
      'Are you sure to close your account? This cannot be undone. Type in your username to confirm.',
    closeConfirmField: 'Username',
    closeConfirm: 'Close account',
    // Edit account dialog
    firstNameLabel: 'First name',
    lastNameLabel: 'Last name',
    save: 'Save',
    cancel: 'Cancel',
    emailChangeHint: 'Changing the address sends a confirmation link to the new one.',
    // Change password dialog
    oldPasswordLabel: 'Old password',
    newPasswordLabel: 'New password',
    newPasswordPlaceholder: 'Must be at least 8 characters',
    confirmLabel: 'Confirm password',
    // Toasts (SPEC §8)
    profileChanged: 'Profile has been changed',
    profileFailed: 'Failed to change profile',
    passwordChanged: 'Password has been changed',
    passwordFailed: 'Failed to change password',
    emailSent: 'Email was sent to address: {{email}}',
    emailFailed: 'Failed to send confirmation email',
    emailFailedCheckAddress:
      'Failed to send confirmation email, please check your address in user profile settings',
    closeFailed: 'Unable to close account',
    closed: 'Your account has been closed.',
  },

  /** The email confirmation page (/confirm-email/:token, SPEC §2). */
  confirmEmail: {
    title: 'Email confirmation',
    verifying: 'Verifying your email address…',
    verified: 'Your email address has been verified.',
    invalid: 'Invalid token',
    continue: 'Continue',
  },

  /** The web app's page of an invitation link (`/invitation/:id`). */
  invitation: {
    title: 'Workspace invitation',
    loading: 'Loading the invitation…',
    invited: 'You are invited to join the workspace {{workspace}} as {{role}}.',
    accept: 'Accept invitation',
    decline: 'Decline',
    accepted: 'You joined the workspace {{workspace}}',
    declined: 'Invitation declined',
    invalidTitle: 'This invitation is no longer valid',
    invalidText:
      'It was accepted, withdrawn or replaced by a newer one, or it was sent to another account. Ask the workspace admin for a new one.',
    toDashboard: 'Go to the dashboard',
    failed: 'Failed to accept the invitation',
  },
} as const;
