import type { ProjectFileRow } from '../../src/repositories/project-rows.ts';
import type { Repositories } from '../../src/repositories/repositories.ts';
import type { WebhookDeliveryRow } from '../../src/repositories/webhook.repository.ts';
import type { WebhookEvent } from '@waymark/contract';

/**
 * What the placeholder arguments (`arguments.ts`) refer to: fixed ids and values, and the rows `seed` writes before
 * the methods are called.
 */

export const SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
export const SHA1 = 'da39a3ee5e6b4b0d3255bfef95601890afd80709';
export const AT = new Date('2026-01-01T00:00:00Z');
export const UPLOAD_ID = '00000000-0000-4000-8000-000000000001';
export const ARCHIVE_ID = '00000000-0000-4000-8000-000000000002';
export const CHUNK_ID = '00000000-0000-4000-8000-000000000003';
export const WORKER = '00000000-0000-4000-8000-000000000004';
export const INVITATION_ID = '00000000-0000-4000-8000-000000000005';
export const SESSION_ID = 'session-id';
export const WEBHOOK_ID = '00000000-0000-4000-8000-000000000006';
export const NEW_WEBHOOK_ID = '00000000-0000-4000-8000-000000000007';
export const REDELIVERY_ID = '00000000-0000-4000-8000-000000000008';
/** A page of a list, as the services ask for one. */
export const PAGE = { offset: 0, limit: 25 };

/** A webhook event as the services record it. */
export function webhookEvent(workspaceId: number, projectId: string): WebhookEvent {
  return {
    id: '00000000-0000-4000-8000-000000000009',
    created: AT.toISOString(),
    workspace: { id: workspaceId, name: 'alice' },
    actor: null,
    event: 'project.created',
    data: { project: { id: projectId, name: 'survey', namespace: 'alice' }, cloned_from: null },
  };
}

/** What `seed` wrote: the rows the placeholder arguments refer to. */
export type Seeded = {
  ownerId: number;
  otherId: number;
  workspaceId: number;
  projectId: string;
  /** A project with its version 0 only. */
  emptyProjectId: string;
  changeId: number;
  /** The project's current files (its version 1). */
  files: ProjectFileRow[];
  accessRequestId: number;
  /** A delivery of the seeded webhook. */
  delivery: WebhookDeliveryRow;
};

/**
 * A few rows for the methods to find, so that a method which reads before it writes reaches its writes: two users,
 * a workspace with both, a project with its version 0 only, one with a version 1 of one file (its changeset pending), an access request, an
 * upload, a chunk, an archive, an invitation and a session.
 */
export async function seed(repos: Repositories): Promise<Seeded> {
  const owner = await repos.users.insert({ username: 'alice', email: 'alice@example.com' });
  const other = await repos.users.insert({ username: 'bob', email: 'bob@example.com' });
  const workspace = await repos.workspaces.insert({ name: 'alice', storage: 1_000_000 });
  await repos.workspaces.upsertMember(workspace.id, owner.id, 'owner');
  await repos.workspaces.upsertMember(workspace.id, other.id, 'reader');
  const project = await repos.projects.insertWithVersionZero(
    { name: 'survey', workspaceId: workspace.id, creatorId: owner.id },
    { authorId: owner.id, userAgent: null },
  );
  const empty = await repos.projects.insertWithVersionZero(
    { name: 'empty', workspaceId: workspace.id, creatorId: owner.id },
    { authorId: owner.id, userAgent: null },
  );
  await repos.projects.setMember(project.id, other.id, 'editor');
  await repos.blobs.touch(SHA256, 10);
  await repos.versions.commit({
    projectId: project.id,
    number: 1,
    authorId: owner.id,
    userAgent: null,
    deviceId: null,
    changes: [
      {
        path: 'points.gpkg',
        change: 'create',
        size: 10,
        checksum: SHA1,
        blobSha256: SHA256,
        changeset: { status: 'pending' },
      },
    ],
  });
  await repos.projects.update(project.id, { latestVersion: 1 });
  const [change] = await repos.changesets.pendingOfVersion(project.id, 1);
  if (!change) throw new Error('the seeded version has no pending changeset');
  const accessRequest = await repos.accessRequests.insert({
    projectId: project.id,
    requestedBy: other.id,
    expire: AT,
  });
  await repos.uploads.insert({
    id: UPLOAD_ID,
    userId: owner.id,
    projectId: project.id,
    version: 1,
    changes: {},
  });
  await repos.quota.insertChunk({ id: CHUNK_ID, projectId: project.id, userId: owner.id, size: 10 });
  await repos.archives.insert({
    id: ARCHIVE_ID,
    projectId: project.id,
    version: 1,
    selection: 'all',
    paths: null,
    totalBytes: 10,
  });
  await repos.invitations.put({
    id: INVITATION_ID,
    workspaceId: workspace.id,
    email: 'carol@example.com',
    role: 'reader',
    invitedBy: owner.id,
    expiresAt: AT,
  });
  await repos.sessions.insert({ id: SESSION_ID, userId: owner.id, expiresAt: AT });
  await repos.webhooks.insert({
    id: WEBHOOK_ID,
    workspaceId: workspace.id,
    url: 'https://example.com/hook',
    secret: 'secret',
    events: ['project.created'],
    createdBy: owner.id,
  });
  const [deliveryId] = await repos.webhooks.enqueue(workspace.id, webhookEvent(workspace.id, project.id));
  const delivery = await repos.webhooks.findDelivery(WEBHOOK_ID, deliveryId ?? '');
  if (!delivery) throw new Error('the seeded webhook has no delivery');
  return {
    delivery,
    ownerId: owner.id,
    otherId: other.id,
    workspaceId: workspace.id,
    projectId: project.id,
    emptyProjectId: empty.id,
    changeId: change.id,
    files: await repos.projects.currentFiles(project.id),
    accessRequestId: accessRequest.id,
  };
}
