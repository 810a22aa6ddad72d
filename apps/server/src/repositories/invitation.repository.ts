import type { WorkspaceRole } from '@waymark/contract';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { workspaceInvitations, workspaces } from '../db/schema.ts';

export type InvitationRow = typeof workspaceInvitations.$inferSelect;
export type InvitationWithWorkspace = InvitationRow & { workspaceName: string };

/** All SQL about workspace invitations. */
export function createInvitationRepository(db: Db) {
  const withWorkspace = {
    id: workspaceInvitations.id,
    workspaceId: workspaceInvitations.workspaceId,
    email: workspaceInvitations.email,
    role: workspaceInvitations.role,
    invitedBy: workspaceInvitations.invitedBy,
    createdAt: workspaceInvitations.createdAt,
    expiresAt: workspaceInvitations.expiresAt,
    workspaceName: workspaces.name,
  };
  return {
    /**
     * The invitation of this address to the workspace, new or replacing the pending one (a new id, role and
     * expiry: the earlier link stops working).
     */
    async put(invitation: {
      id: string;
      workspaceId: number;
      email: string;
      role: WorkspaceRole;
      invitedBy: number;
      expiresAt: Date;
    }): Promise<InvitationRow> {
      // An expression index (lower(email)) is no conflict target for Drizzle: the earlier one goes first.
      const [row] = await db.transaction(async (tx) => {
        await tx
          .delete(workspaceInvitations)
          .where(
            and(
              eq(workspaceInvitations.workspaceId, invitation.workspaceId),
              sql`lower(${workspaceInvitations.email}) = lower(${invitation.email})`,
            ),
          );
        return tx.insert(workspaceInvitations).values(invitation).returning();
      });
      if (!row) throw new Error('invitation not written');
      return row;
    },

    async findById(id: string): Promise<InvitationWithWorkspace | undefined> {
      const [row] = await db
        .select(withWorkspace)
        .from(workspaceInvitations)
        .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
        .where(eq(workspaceInvitations.id, id));
      return row;
    },

    /** The unexpired invitations of an address, oldest first. */
    async pendingFor(email: string, now: Date): Promise<InvitationWithWorkspace[]> {
      return db
        .select(withWorkspace)
        .from(workspaceInvitations)
        .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
        .where(
          and(
            sql`lower(${workspaceInvitations.email}) = lower(${email})`,
            gt(workspaceInvitations.expiresAt, now),
          ),
        )
        .orderBy(asc(workspaceInvitations.createdAt));
    },

    /** Deletes the invitation; true when it existed. */
    async delete(id: string): Promise<boolean> {
      const removed = await db
        .delete(workspaceInvitations)
        .where(eq(workspaceInvitations.id, id))
        .returning({ id: workspaceInvitations.id });
      return removed.length > 0;
    },
  };
}

export type InvitationRepository = ReturnType<typeof createInvitationRepository>;
