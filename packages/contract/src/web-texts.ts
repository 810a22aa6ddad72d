/**
 * Texts and fixed addresses of the web app screens (SPEC §2, §8) that the server never sends.
 * Kept here so unit and end-to-end tests can import the exact strings the UI shows.
 */
export const PRODUCT_NAME = 'Waymark';

/** Title of the tip boxes (SPEC §2 "Shell": the product's tip title). */
export const TIP_TITLE = `Tip from ${PRODUCT_NAME}`;

/** Community chat entry of the help menu. */
export const COMMUNITY_CHAT_URL = 'https://merginmaps.com/community/join';

/** The server's OpenAPI document (DESIGN §2), an extra entry of the help menu. */
export const API_DOCS_PATH = '/api/docs';

export const LOGIN_TEXTS = {
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
} as const;

export const SHELL_TEXTS = {
  dashboard: 'Dashboard',
  projects: 'Projects',
  myProjects: 'Created by me',
  sharedProjects: 'Shared with me',
  adminPanel: 'Admin Panel',
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
} as const;

/** Read-only maintenance (SPEC §2, §4): the shell's banner and the hint of the write actions it disables. */
export const MAINTENANCE_UI_TEXTS = {
  bannerTitle: 'Read-only maintenance',
  disabledHint: 'Not available during read-only maintenance',
  uploadPaused: 'Uploads are paused during read-only maintenance',
} as const;

export const DASHBOARD_TEXTS = {
  title: 'Dashboard',
  recentProjectsTitle: 'Recent active projects',
  recentProjectsEmpty: 'Your most recently updated projects will appear here.',
  browseProjects: 'Browse projects',
  pluginTip:
    'Install the Mergin Maps plugin in QGIS to upload data and sync field changes back to your desktop.',
} as const;

/** The one notice shown while the server cannot be reached (no answer at all), and the page-level fallbacks. */
export const NETWORK_TEXTS = {
  unreachableTitle: 'Cannot reach the server',
  unreachableBody: 'Your page stays as it is and reconnects by itself.',
  retryingIn: (seconds: number) => `Trying again in ${seconds} s.`,
  retrying: 'Trying again…',
  retryNow: 'Try now',
  recovered: 'Connected to the server again.',
  /** Lists that could not load: never 'nothing here' then. */
  versionsLoadError: 'The versions could not be loaded.',
  membersLoadError: 'The members could not be loaded.',
  accessRequestsLoadError: 'The access requests could not be loaded.',
  retry: 'Try again',
} as const;

export const ERROR_PAGE_TEXTS = {
  title: 'Something went wrong',
  body: 'The page could not be displayed. Reload to try again.',
  reload: 'Reload page',
} as const;
