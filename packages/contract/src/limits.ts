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
/** Longest project name (the reference checks names as file names: 255). */
export const PROJECT_NAME_MAX_LENGTH = 255;
export const USERNAME_MIN_LENGTH = 4;
export const USERNAME_MAX_LENGTH = 50;
/** The login field (username or e-mail) and a password at sign-in: longer input is refused before any lookup or hashing. */
export const LOGIN_MAX_LENGTH = 255;
export const PASSWORD_MAX_LENGTH = 1024;
/** Users one GET /app/auth/user/search answers at most (the reference's maxItems). */
export const USER_SEARCH_LIMIT = 10;

/*
 * Request lists. Every array a request may carry has a maximum, so that no single request can make the server
 * work without bound; over it the answer is 400 naming the field and the maximum.
 * docs/decisions/004-request-limits.md lists them.
 */
/**
 * Usernames in each access list of PUT /v1/project/{namespace}/{name}. The lists are cumulative (readersnames
 * names every member), so this is also the largest project whose access a client can send back as it got it.
 */
export const MAX_ACCESS_LIST_NAMES = 10_000;
/** Project paths (`namespace/name`) in one POST /v1/project/by_names (the reference's limit). */
export const MAX_PROJECTS_BY_NAMES = 50;
/** Project ids in one GET /v1/project/by_uuids (the reference's limit). */
export const MAX_PROJECTS_BY_UUIDS = 10;
/** Project ids in one POST /v2/projects/batch (the reference's MAX_BATCH_SIZE). */
export const MAX_PROJECTS_BATCH = 100;
/**
 * Files in one push, its added, updated and removed lists together. The Mergin clients send at most 100 added
 * and updated files per push, but removals are not batched, and a first push of a large project may be big.
 */
export const MAX_FILES_PER_PUSH = 10_000;
/** Chunk ids of one file in a push: 1024 chunks of UPLOAD_CHUNK_SIZE (10 MiB) allow files of 10 GiB. */
export const MAX_CHUNKS_PER_FILE = 1024;
/** Chunks one push may declare in all: 4 GiB (the request content limit of SPEC §9) in 10 MiB chunks, and then some. */
export const MAX_CHUNKS_PER_PUSH = 100_000;
/** v2 chunks uploaded to one project and not used by a push yet: what one push may use. */
export const MAX_PENDING_CHUNKS_PER_PROJECT = MAX_CHUNKS_PER_PUSH;
