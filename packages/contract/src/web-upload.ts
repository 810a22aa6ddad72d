/**
 * Browser upload of the Files tab (SPEC §2 "Files tab", "Dialogs"; §4 "Upload"; §5; §8; §9): its texts,
 * which files take part and the numbers that pace it. Unit and end-to-end tests import the exact strings.
 */

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

export const UPLOAD_TEXTS = {
  panelTitle: 'Upload files',
  recommended: 'Recommended',
  pluginTitle: 'Mergin Maps plugin for QGIS',
  pluginText: 'This is the easiest and recommended way.',
  pluginLink: 'Learn how to use it.',
  dropTitle: 'Drag and drop files',
  dropText: 'You can drop files from your computer to start uploading',
  dropHere: 'Drop to add to this project',
  dropRefused: 'Uploading is not possible right now',
  dropInto: (folder: string) => `Files go into ${folder}`,
  chooseFiles: 'Choose files',
  chooseFolder: 'Choose folder',
  or: 'or',
  // Data Sync panel
  syncTitle: 'Data Sync',
  closeSync: 'Close Data Sync and discard these changes',
  added: 'Added',
  updated: 'Updated',
  removed: 'Removed',
  uploadSize: 'Upload size',
  analysing: (remaining: number) => (remaining === 1 ? 'Analysing 1 file…' : `Analysing ${remaining} files…`),
  uploadingOf: (loaded: string, total: string) => `${loaded} of ${total}`,
  changesList: 'Changed files',
  noChangesYet: 'Comparing your files with the project…',
  stateQueued: 'Waiting',
  stateAnalysing: 'Analysing',
  stateAdded: 'New',
  stateUpdated: 'Modified',
  stateRemoved: 'Removed',
  stateUploading: (percent: number) => `Uploading ${percent}%`,
  stateUploaded: 'Uploaded',
  stateWillRemove: 'To remove',
  moreFiles: (count: number) => (count === 1 ? 'and 1 more file' : `and ${count} more files`),
  updateChanges: 'Update Changes',
  cancelUpload: 'Cancel upload',
  finishing: 'Creating the new version…',
  // Confirmation (SPEC §2 "Upload confirmation")
  confirmHeader: 'Confirm continue upload',
  confirmQuestion: 'Are you really sure you want to continue?',
  confirmText:
    'Changes from other users may get lost when uploading data from browser. It is highly recommended to use Mergin Maps QGIS plugin instead.',
  confirmUpdate: 'Update',
  confirmCancel: 'Cancel',
  // Progress toast
  progressTitle: 'Uploading data to project.',
  progressLabel: (projectPath: string) => `Upload progress of ${projectPath}`,
  // Messages (SPEC §4, §5, §8)
  noChanges: 'No changes detected. File already exists?',
  dropOnlyFiles: 'Drop only files or folders',
  dropDuringUpload: 'You cannot update files during upload',
  uploadFinished: (projectPath: string) => `Upload finished: ${projectPath}`,
  projectUpdated: 'Project updated',
  pushFailed: 'Failed to push changes',
  canceledByUser: 'Operation canceled by the user.',
  readFailed: (path: string) => `Failed to read ${path}`,
  /** A dropped file whose name differs only in letter case from another file of the upload (the server refuses both). */
  caseDuplicate: (path: string, other: string) =>
    `${path} cannot be uploaded beside ${other}: their names differ only in letter case`,
  moreRefused: (count: number) => (count === 1 ? ' (and 1 more file)' : ` (and ${count} more files)`),
  chunkMismatch: 'The server received different data than was sent. Please try again.',
} as const;
