import type { PlaceholderArguments } from './arguments.ts';
import { ARCHIVE_ID, AT, CHUNK_ID, PAGE, type Seeded, SHA1, SHA256, UPLOAD_ID, WORKER } from './seed.ts';

/**
 * The placeholder arguments of the repositories of files and their bytes: blobs, uploads and their chunks, versions,
 * changesets, archives.
 */
export function fileArguments(
  seeded: Seeded,
): Pick<PlaceholderArguments, 'blobs' | 'uploads' | 'quota' | 'versions' | 'changesets' | 'archives'> {
  const { ownerId, workspaceId, projectId, emptyProjectId, changeId } = seeded;
  const summary = [{ table: 'points', insert: 1, update: 0, delete: 0 }];
  return {
    blobs: {
      touch: [SHA256, 10],
      touchMany: [[{ sha256: SHA256, size: 10, sha1: SHA1 }]],
      findBySha1: [[{ sha1: SHA1, size: 10 }]],
      deleteUnreferenced: [AT, 100],
    },
    uploads: {
      findById: [UPLOAD_ID],
      findByProjectForUpdate: [projectId],
      lockById: [UPLOAD_ID],
      insert: [{ id: ARCHIVE_ID, userId: ownerId, projectId: emptyProjectId, version: 0, changes: {} }],
      touch: {
        alive: [UPLOAD_ID],
        'giving bytes back': [UPLOAD_ID, 10],
        'recording a chunk': [UPLOAD_ID, 10, { index: 0, state: { size: 10, token: UPLOAD_ID } }],
      },
      recordChunks: [UPLOAD_ID, [{ index: 1, size: 10 }]],
      chunkStates: [UPLOAD_ID],
      delete: [UPLOAD_ID],
      deleteIdleBefore: [AT],
      existingIds: [[UPLOAD_ID]],
      countOpen: [],
      isIdleSince: [UPLOAD_ID, 60],
    },
    quota: {
      lockWorkspaceOf: [projectId],
      committedUsage: [workspaceId],
      pendingBytes: { all: [workspaceId, undefined], 'but one project': [workspaceId, projectId] },
      takeChunkBytes: [{ uploadId: UPLOAD_ID, projectId, userId: ownerId, index: 0, want: 10 }],
      giveBackBytes: [UPLOAD_ID, 10],
      insertChunk: [{ id: ARCHIVE_ID, projectId, userId: ownerId, size: 10 }],
      chunksOwnedBy: [[CHUNK_ID], { userId: ownerId, projectId }],
      reserveChunk: [
        {
          id: ARCHIVE_ID,
          projectId,
          userId: ownerId,
          size: 10,
          workspaceId,
          storage: 1000,
          projectSize: 0,
          maxChunks: 100,
        },
      ],
      setChunkSize: [CHUNK_ID, 20],
      deleteChunks: [[CHUNK_ID]],
      deleteChunksBefore: [AT],
    },
    versions: {
      lockProject: [projectId],
      commit: [
        {
          projectId,
          number: 2,
          authorId: ownerId,
          userAgent: null,
          deviceId: null,
          changes: [
            {
              path: 'points.gpkg',
              change: 'update',
              size: 10,
              checksum: SHA1,
              blobSha256: SHA256,
              changeset: { status: 'pending' },
            },
            { path: 'notes.txt', change: 'create', size: 10, checksum: SHA1, blobSha256: SHA256 },
          ],
        },
      ],
      list: [projectId, { ...PAGE, descending: true }],
      find: [projectId, 1],
      changesOf: [changeId],
      filesAt: [projectId, 1],
      changeAt: [projectId, 'points.gpkg', 1],
      changesBetween: [projectId, 0, 1],
      findByDiffPath: [projectId, 'points.gpkg-diff-1'],
      existingDiffPaths: [projectId, ['points.gpkg-diff-1']],
      historyOf: [projectId, ['points.gpkg'], 0, 1],
    },
    changesets: {
      pendingOfVersion: [projectId, 1],
      pendingVersions: [],
      markReady: [changeId, { summary, size: 10, blobSha256: SHA256 }],
      markReadyAsDiff: [
        changeId,
        { summary, size: 10, blobSha256: SHA256 },
        { path: 'points.gpkg-diff-1', checksum: SHA1 },
      ],
      markError: [changeId, 'the changeset could not be computed'],
    },
    archives: {
      find: [{ projectId, version: 1, selection: 'all' }],
      findById: [ARCHIVE_ID],
      insert: [
        { id: UPLOAD_ID, projectId, version: 1, selection: 'some', paths: ['points.gpkg'], totalBytes: 10 },
      ],
      restart: [ARCHIVE_ID, AT, false],
      touch: [ARCHIVE_ID],
      claim: [ARCHIVE_ID, WORKER, AT],
      progress: [ARCHIVE_ID, WORKER, 5],
      finish: {
        ready: [ARCHIVE_ID, WORKER, { status: 'ready', size: 10 }],
        failed: [ARCHIVE_ID, WORKER, { status: 'failed', error: 'disk full' }],
      },
      listUnusedSince: [AT, 10],
      delete: [[ARCHIVE_ID]],
      listAbandoned: [AT, 10],
      existing: [[ARCHIVE_ID]],
    },
  };
}
