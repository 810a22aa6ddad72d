/**
 * British English texts every page may show: the shell, sign-in, dashboard frame, errors and toasts (SPEC §2, §8).
 * The reference catalogue: other languages copy its keys (see ../README.md).
 */
export default {
  /** The product's name (SPEC §2 "Shell"), in the logo, the page titles and the tip boxes. */
  productName: 'Waymark',
  /** Title of the tip boxes (SPEC §2 "Shell": the product's tip title). */
  tipTitle: 'Tip from $t(productName)',
  /** Relative times (lib/format/timeAgo.ts); the rest of them comes from Intl.RelativeTimeFormat. */
  time: {
    justNow: 'just now',
    lessThanAMinute: 'less than a minute',
  },
  brandFooter: '{{product}} speaks the Mergin Maps API.',
  /** Defaults of the generic confirmation dialog (SPEC §2 "Generic dialog holder"). */
  confirmDialog: {
    header: 'Action',
    confirm: 'Confirm',
    cancel: 'Cancel',
  },

  /**
   * Titles of pages whose texts load with them (the route table names them before): the tab title and the
   * breadcrumb.
   */
  pageTitles: {
    adminUsers: 'Users',
    adminWorkspaces: 'Workspaces',
    adminProjects: 'Projects',
    adminServer: 'Server',
    accessRequests: 'Project access requests',
    invitation: 'Workspace invitation',
  },

  /** Toast texts of SPEC §8. */
  toast: {
    initFailed: 'Failed to init application.',
    pingFailed: 'Failed to fetch ping data.',
    configFailed: 'Failed to fetch config data.',
    loginFailed: 'Failed to login',
    loadWorkspace: 'Failed to load workspace',
    loadWorkspaces: 'Failed to load workspaces',
    fetchProfile: "Failed to fetch user's profile",
  },

  notFound: {
    title: 'Ooops, it seems the GPS has lost its way.',
    body: 'This page does not exist, check your url for mistakes, please.',
    back: 'Back to Dashboard',
  },

  passwordRule:
    'Password must be at least 8 characters long and include at least three of the following: lowercase letters, uppercase letters, numbers or special characters.',

  login: {
    title: 'Sign in',
    subtitle: 'Welcome back! Sign in to reach your projects.',
    loginLabel: 'Username or email',
    loginPlaceholder: 'Please enter username or email',
    passwordLabel: 'Password',
    passwordPlaceholder: 'Please enter your password',
    forgotPassword: 'Forgot password?',
    submit: 'Sign in',
    resetTitle: 'Reset your password',
    resetSubtitle: 'Enter the email of your account and we will send you a link to set a new password.',
    emailLabel: 'Email',
    emailPlaceholder: 'Type your email',
    resetSubmit: 'Reset password',
    backToLogin: 'Back to login',
    resetSent: 'Email with password reset link was sent to your email address',
    resetFailed: 'Failed to send confirmation email',
    tip: 'Upload and sync data straight from QGIS with the Mergin Maps plugin — it keeps your team’s edits in step.',
    /** Single sign-on (issue 29): the button, the divider, the password form behind a link when passwords are off. */
    ssoButton: 'Sign in with {{name}}',
    ssoDivider: 'or',
    passwordOff: 'Password sign-in is for administrators only on this server.',
    showPassword: 'Sign in with a password',
    /** Why a single sign-on came back to this page (`?sso_error=<code>`; contract SSO_ERROR_CODES). */
    ssoErrors: {
      expired: 'That sign-in took too long or was already used. Please try again.',
      failed:
        'The identity provider did not confirm your sign-in. Please try again; if it keeps failing, ask your administrator.',
      not_linked: 'No Waymark account is linked to this sign-in. Ask your administrator for an account.',
      domain: 'Your e-mail address is not from a domain allowed to sign in here.',
      email_unverified:
        'Your identity provider has not verified your e-mail address, so no account can be made for it.',
      email_taken:
        'An account with your e-mail address already exists. Sign in with its password, then link single sign-on on your profile’s Security card.',
      deactivated: 'Your account has been deactivated. Ask an administrator to reactivate it.',
      linked_elsewhere: 'This sign-in is already linked to another Waymark account.',
      not_configured: 'Single sign-on is not set up on this server.',
    },
  },

  shell: {
    dashboard: 'Dashboard',
    projects: 'Projects',
    myProjects: 'Created by me',
    sharedProjects: 'Shared with me',
    adminPanel: 'Admin Panel',
    webhooks: 'Webhooks',
    noWorkspace: 'no workspace',
    switchWorkspace: 'Switch workspace',
    yourProfile: 'Your profile',
    signOut: 'Sign out',
    signIn: 'Sign in',
    signOutFailed: 'Failed to sign out',
    documentation: 'Documentation',
    communityChat: 'Community chat',
    apiReference: 'API reference',
    toggleDrawer: 'Toggle navigation',
    help: 'Help',
    openProfileMenu: 'Open profile menu',
    profilePopup: 'Profile',
    breadcrumbs: 'Breadcrumb',
    mainNavigation: 'Main navigation',
    skipToContent: 'Skip to content',
  },

  /** Read-only maintenance (SPEC §2, §4): the shell's banner and the hint of the write actions it disables. */
  maintenanceUi: {
    bannerTitle: 'Read-only maintenance',
    disabledHint: 'Not available during read-only maintenance',
    uploadPaused: 'Uploads are paused during read-only maintenance',
  },

  dashboard: {
    title: 'Dashboard',
    recentProjectsTitle: 'Recent active projects',
    recentProjectsEmpty: 'Your most recently updated projects will appear here.',
    browseProjects: 'Browse projects',
    pluginTip:
      'Install the Mergin Maps plugin in QGIS to upload data and sync field changes back to your desktop.',
  },

  /** The one notice shown while the server cannot be reached (no answer at all), and the page-level fallbacks. */
  network: {
    unreachableTitle: 'Cannot reach the server',
    unreachableBody: 'Your page stays as it is and reconnects by itself.',
    retryingIn: 'Trying again in {{seconds}} s.',
    retrying: 'Trying again…',
    retryNow: 'Try now',
    recovered: 'Connected to the server again.',
    /** Lists that could not load: never 'nothing here' then. */
    versionsLoadError: 'The versions could not be loaded.',
    membersLoadError: 'The members could not be loaded.',
    accessRequestsLoadError: 'The access requests could not be loaded.',
    retry: 'Try again',
  },

  errorPage: {
    title: 'Something went wrong',
    body: 'The page could not be displayed. Reload to try again.',
    reload: 'Reload page',
  },
} as const;
