/** Business constants and limits of SPEC §9 and the wire reference, in one place. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MIN_CATEGORIES = 3;
export const STORAGE_WARNING_PERCENT = 90;
export const UPLOAD_CHUNK_SIZE = 10 * 1024 * 1024;
export const CHECKSUM_SLICE_SIZE = 256 * 1024;
export const MAX_CONTENT_LENGTH = 4 * 1024 * 1024 * 1024;
export const OVERLAY_BREAKPOINT = 1200;
export const MENUBAR_BREAKPOINT = 960;
export const TOAST_LIFE_MS = 3000;
export const TOAST_ERROR_LIFE_MS = 5000;
export const PROFILE_NAME_MAX = 15;
export const PROJECTS_PAGE_SIZE = 25;
export const RECENT_PROJECTS_PAGE_SIZE = 5;
export const SEARCH_DEBOUNCE_MS = 500;
export const ACCESS_REQUESTS_PAGE_SIZE = 10;
export const MEMBERS_PAGE_SIZE = 10;
export const FILES_PAGE_SIZE = 50;
export const VERSIONS_PAGE_SIZE = 50;
export const CHANGESET_PAGE_SIZE = 10;
export const DIALOG_PARAMS_CLEAR_MS = 300;
export const LAST_WORKSPACES_STORAGE_KEY = 'mm-last-workspaces';
export const CLOSED_ELEMENTS_STORAGE_KEY = 'mm-closed-elements';
export const ONBOARDING_MAX_WIDTH_PX = 480;
/** Bearer tokens of POST /v1/auth/login live this long (reference: BEARER_TOKEN_EXPIRATION). */
export const BEARER_TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;
/** Default storage quota of a new workspace: 1 GiB (reference: GLOBAL_STORAGE). */
export const DEFAULT_WORKSPACE_STORAGE = 1024 * 1024 * 1024;
export const USERNAME_MIN_LENGTH = 4;
export const USERNAME_MAX_LENGTH = 50;
