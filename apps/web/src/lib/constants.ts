/* The web app's numbers and addresses (SPEC §9 and the docs it links): the server never sees them. */

/** Community chat entry of the help menu. */
export const COMMUNITY_CHAT_URL = 'https://merginmaps.com/community/join';

/** The server's OpenAPI document (DESIGN §2), an extra entry of the help menu. */
export const API_DOCS_PATH = '/api/docs';

/** A server message on the new password starting with this is replaced by the password rule (common:passwordRule) (SPEC §5). */
export const PASSWORD_MESSAGE_PREFIX = 'Password';

/** SPEC §2: the summary table never lists this GeoPackage bookkeeping table. */
export const HIDDEN_CHANGESET_TABLE = 'gpkg_contents';

/** Path of the synchronisation guide under the configured docs address (the reference web app links it). */
export const SYNC_DOCS_PATH = '/manage/synchronisation';

/**
 * The server lists a changed GeoPackage's changeset only once its background job computed it: the sidebar
 * asks again this often…
 */
export const CHANGESET_POLL_INTERVAL_MS = 2000;

/** …at most this many times (one minute), then offers to check again by hand. */
export const CHANGESET_POLL_MAX = 30;

/** Values longer than this (geometry as WKT, long texts) are cut in the grids; the whole value is in the title. */
export const CHANGESET_VALUE_MAX_CHARS = 48;

/** SPEC §9: the share dialog's width, and how long the list of users it could not add stays. */
export const SHARE_DIALOG_WIDTH_PX = 600;

export const SHARE_ERROR_LIFE_MS = 1_000_000;

/** The docs page the share dialog's 'Learn more' link opens, under the configured docs address. */
export const PERMISSIONS_DOCS_PATH = '/manage/permissions';

/** SPEC §9: a text preview shows at most this many lines… */
export const TEXT_PREVIEW_MAX_LINES = 50;

/** …and at most this many characters… */
export const TEXT_PREVIEW_MAX_CHARS = 10_000;

/** …and files are previewed (image or text) only when smaller than this (100 MiB). */
export const FILE_PREVIEW_MAX_SIZE = 104_857_600;

/** Store pages of the mobile capture app promoted in the dashboard footer (SPEC §1). */
export const MOBILE_APP_STORE_URL = 'https://apps.apple.com/app/mergin-maps/id1478603559';

export const MOBILE_APP_PLAY_URL = 'https://play.google.com/store/apps/details?id=uk.co.lutraconsulting';

/** Chunk uploads in flight at once for one push (the Mergin Python client uses 4 threads too). */
export const UPLOAD_PARALLEL_CHUNKS = 4;

/** A failed chunk upload is tried once more before the push is given up. */
export const UPLOAD_CHUNK_RETRIES = 1;

/** SPEC §9: the progress toast shows and hides 500 ms after uploads start or stop. */
export const UPLOAD_TOAST_DEBOUNCE_MS = 500;

/** SPEC §9: drag-over highlighting follows the pointer with a 30 ms debounce. */
export const DRAG_OVER_DEBOUNCE_MS = 30;

/** Path of the QGIS plugin guide under the configured docs address. */
export const PLUGIN_DOCS_PATH = '/manage/create-project';

/**
 * Days a scheduled deletion is kept before the name can be used again (reference: DELETED_PROJECT_EXPIRATION);
 * the fallback when /config does not say.
 */
export const DELETED_PROJECT_RETENTION_DAYS = 7;

/** Page size of GET /app/project/access-requests when looking for one's own pending request. */
export const OWN_ACCESS_REQUESTS_LOOKUP_SIZE = 100;
