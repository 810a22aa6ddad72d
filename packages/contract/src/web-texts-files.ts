/**
 * Texts and limits of the Files tab, the file detail sidebar, the History tab and the version detail
 * sidebar (SPEC §2, §8, §9). Quoted SPEC texts are exact; the rest fill in where the spec is silent.
 * Unit and end-to-end tests import them from here.
 */

/** SPEC §9: a text preview shows at most this many lines… */
export const TEXT_PREVIEW_MAX_LINES = 50;
/** …and at most this many characters… */
export const TEXT_PREVIEW_MAX_CHARS = 10_000;
/** …and files are previewed (image or text) only when smaller than this (100 MiB). */
export const FILE_PREVIEW_MAX_SIZE = 104_857_600;

export const FILES_TEXTS = {
  title: 'Files',
  searchPlaceholder: 'Search files',
  searchLabel: 'Search files',
  sortLabel: 'Sort files',
  columnName: 'Name',
  columnModified: 'Modified',
  columnSize: 'Size',
  empty: 'No files found.',
  emptyProject: 'This project has no files yet.',
  emptyProjectHint:
    'Upload data from QGIS with the Mergin Maps plugin, or drop files from your computer into the upload panel.',
  parentFolder: '..',
  parentFolderLabel: 'Up to the parent folder',
  projectHome: 'Project home',
  folderPathLabel: 'Folder',
  folderFiles: (count: number) => (count === 1 ? '1 file' : `${count} files`),
  searchResults: (count: number) => (count === 1 ? '1 file found' : `${count} files found`),
  tableLabel: 'Project files',
  paginatorLabel: 'Files pages',
} as const;

/** SPEC §2 sort menu of the files: name A-Z, name Z-A, last modified, file size. */
export const FILE_SORT_LABELS = {
  nameAsc: 'Sort by name A-Z',
  nameDesc: 'Sort by name Z-A',
  modifiedDesc: 'Sort by last modified',
  sizeDesc: 'Sort by file size',
} as const;

export const FILE_DETAIL_TEXTS = {
  stateAdded: 'New file',
  stateRemoved: 'Deleted file',
  stateUpdated: 'Modified file',
  fileLabel: 'File',
  modified: 'Modified',
  size: 'Size',
  newSize: (size: string) => `(new: ${size})`,
  folder: 'Folder',
  download: 'Download',
  downloadFile: (name: string) => `Download ${name}`,
  deleteFile: 'Delete file',
  deleteHeader: 'Delete file',
  deleteMessage: (path: string) =>
    `Are you sure you want to delete ${path}? A new version of the project without this file will be created.`,
  deleteConfirm: 'Delete file',
  /** SPEC §4/§8: a push answered with the project itself. */
  deleted: 'Project updated',
  deleteFailed: 'Failed to push changes',
  preview: 'Preview',
  previewLoading: 'Loading preview…',
  noPreview: 'No preview is available for this type of file.',
  tooLargeForPreview: 'Files of 100 MB or more are not previewed. Download the file to open it.',
  previewFailed: 'The preview could not be loaded.',
  previewTruncated: 'Only the beginning of the file is shown.',
  imageAlt: (name: string) => `Preview of ${name}`,
  imageViewer: (name: string) => `${name}, enlarged`,
  close: 'Close',
} as const;

export const VERSIONS_TEXTS = {
  title: 'History',
  subtitle: 'Every push makes a new version of the project.',
  tableLabel: 'Project versions',
  columnVersion: 'Version',
  columnCreated: 'Created',
  columnAuthor: 'Author',
  columnAdded: 'Files added',
  columnEdited: 'Files edited',
  columnRemoved: 'Files removed',
  columnSize: 'Size',
  columnDownload: 'Download',
  download: (version: string) => `Download ${version}`,
  empty: 'No versions found.',
  sortLabel: 'Sort versions',
  sortNewest: 'Newest versions',
  sortOldest: 'Oldest versions',
  paginatorLabel: 'Versions pages',
  fetchFailed: 'Failed to fetch project versions',
  downloadFailed: 'Failed to download project',
} as const;

export const VERSION_DETAIL_TEXTS = {
  version: 'Version',
  author: 'Author',
  projectSize: 'Project size',
  created: 'Created',
  userAgent: 'User agent',
  download: 'Download',
  downloadVersion: (version: string) => `Download ${version}`,
  filesAdded: 'Files added',
  filesEdited: 'Files edited',
  filesRemoved: 'Files removed',
  changesLabel: 'Changes',
  loading: 'Loading version…',
  fetchFailed: 'Failed to fetch project version',
  unknown: '—',
  close: 'Close',
  /** Beside a GeoPackage edit's file size: the size of its changeset, which alone would read as the file's. */
  changesetSize: (size: string) => `changes ${size}`,
  changesetSizeHint: 'Size of the changeset: the rows this version changed, not the whole file',
} as const;

/** Download of chosen files as one zip (the Files tab), texts of the reference's web app where it has them. */
export const FILES_DOWNLOAD_TEXTS = {
  selectFile: (name: string) => `Select ${name}`,
  selectAll: 'Select all files',
  columnSelect: 'Select',
  download: (count: number) => `Download ${count} ${count === 1 ? 'file' : 'files'}`,
  clear: 'Clear selection',
  preparing: 'Preparing your download',
  preparingHint: "Your download will begin automatically once it's ready. Please keep this window open.",
  progressLabel: 'Zip prepared so far',
  cancel: 'Cancel',
  failed: 'Failed to download project archive. Please try again later.',
  tooLong:
    'It seems like preparing your ZIP file is taking longer than expected. Please try again in a little while to download your file.',
  started: 'Your download has started.',
} as const;
