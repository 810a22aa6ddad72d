import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { twoFactorRecoveryCodes, twoFactorSecrets, workspaceMembers, workspaces } from '../db/schema.ts';

export type TwoFactorRow = typeof twoFactorSecrets.$inferSelect;

/** All SQL about two-factor sign-in: secrets, recovery codes, and the workspaces that require it. */
export function createTwoFactorRepository(db: Db) {
  return {
    async find(userId: number): Promise<TwoFactorRow | undefined> {
      const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
      return row;
    },

    /** Starts (or restarts) an enrolment with a new secret; refused (false) while two-factor is on. */
    async savePending(userId: number, secret: string): Promise<boolean> {
      const rows = await db
        .insert(twoFactorSecrets)
        .values({ userId, secret })
        .onConflictDoUpdate({
          target: twoFactorSecrets.userId,
          set: { secret, lastStep: 0, createdAt: sql`now()` },
          setWhere: isNull(twoFactorSecrets.confirmedAt),
        })
        .returning({ userId: twoFactorSecrets.userId });
      return rows.length > 0;
    },

    /**
     * Records `step` as the last accepted code's (and confirms a pending enrolment at `confirmAt`), only when it is
     * later than the last one: false when the code of that step (or a later one) was already accepted.
     */
    async acceptStep(userId: number, step: number, confirmAt?: Date): Promise<boolean> {
      const rows = await db
        .update(twoFactorSecrets)
        .set(confirmAt ? { lastStep: step, confirmedAt: confirmAt } : { lastStep: step })
        .where(
          and(
            eq(twoFactorSecrets.userId, userId),
            lt(twoFactorSecrets.lastStep, step),
            confirmAt ? isNull(twoFactorSecrets.confirmedAt) : isNotNull(twoFactorSecrets.confirmedAt),
          ),
        )
        .returning({ userId: twoFactorSecrets.userId });
      return rows.length > 0;
    },

    /** Turns two-factor sign-in off: the secret and the recovery codes go. Answers whether it was on. */
    async remove(userId: number): Promise<boolean> {
      await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      const rows = await db
        .delete(twoFactorSecrets)
        .where(eq(twoFactorSecrets.userId, userId))
        .returning({ confirmedAt: twoFactorSecrets.confirmedAt });
      return rows.some((row) => row.confirmedAt !== null);
    },

    async replaceRecoveryCodes(userId: number, hashes: string[]): Promise<void> {
      await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await db.insert(twoFactorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    },

    /** Spends an unused recovery code; false when there is none with this hash. */
    async useRecoveryCode(userId: number, hash: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(twoFactorRecoveryCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(twoFactorRecoveryCodes.userId, userId),
            eq(twoFactorRecoveryCodes.codeHash, hash),
            isNull(twoFactorRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: twoFactorRecoveryCodes.id });
      return rows.length > 0;
    },

    async recoveryCodesLeft(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(twoFactorRecoveryCodes)
        .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
      return row?.n ?? 0;
    },

    /** Of these users, those with two-factor sign-in on. */
    async enabledAmong(userIds: number[]): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .select({ userId: twoFactorSecrets.userId })
        .from(twoFactorSecrets)
        .where(and(inArray(twoFactorSecrets.userId, userIds), isNotNull(twoFactorSecrets.confirmedAt)));
      return new Set(rows.map((row) => row.userId));
    },

    /** Names of the user's workspaces that require two-factor sign-in. */
    async requiringWorkspaces(userId: number): Promise<string[]> {
      const rows = await db
        .select({ name: workspaces.name })
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(and(eq(workspaceMembers.userId, userId), eq(workspaces.requireTwoFactor, true)))
        .orderBy(asc(workspaces.name));
      return rows.map((row) => row.name);
    },

    /** Sets whether a workspace requires two-factor sign-in; answers the workspace. */
    async setRequired(
      workspaceId: number,
      required: boolean,
    ): Promise<{ id: number; name: string; requireTwoFactor: boolean } | undefined> {
      const [row] = await db
        .update(workspaces)
        .set({ requireTwoFactor: required })
        .where(eq(workspaces.id, workspaceId))
        .returning({
          id: workspaces.id,
          name: workspaces.name,
          requireTwoFactor: workspaces.requireTwoFactor,
        });
      return row;
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
