import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';

/**
 * Personal access tokens: Bearer tokens a user makes for scripts and the Mergin clients. Only the SHA-256 of the
 * token is stored (it is random, so a leaked table leaks no usable token). A token works while it is unexpired
 * and the user's token epoch is still the one it was made in (a password change, deactivation, account closure or
 * sign-out everywhere moves it on); revoking deletes the row.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `read`, `write` or `admin` (contract: accessTokenScopeSchema). */
    scope: text('scope').notNull(),
    tokenHash: text('token_hash').notNull(),
    tokenEpoch: integer('token_epoch').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('access_tokens_token_hash_key').on(t.tokenHash),
    index('access_tokens_user_id_idx').on(t.userId),
    index('access_tokens_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * A user's authenticator (TOTP) secret, encrypted with a key derived from the server's secret key. `confirmedAt`
 * is null while enrolment waits for the first code; two-factor sign-in is on once it is set. `lastStep` is the
 * time step of the last code accepted: a code of that step or an earlier one is refused (replay protection).
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/** Single-use recovery codes of two-factor sign-in, as keyed hashes (HMAC-SHA256); `usedAt` set when spent. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

/**
 * Accounts of an OpenID provider linked to a user (single sign-on): the provider's issuer and subject name the
 * person, never the e-mail alone. `email` is the address the provider gave when the link was made.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('user_identities_issuer_subject_key').on(t.issuer, t.subject),
    index('user_identities_user_id_idx').on(t.userId),
  ],
);

/**
 * Single sign-on attempts between the redirect to the provider and its callback: the state (the key), the nonce
 * and PKCE verifier sent with it, where to go afterwards, and for a link the signed-in user. Each is consumed once
 * (deleted when the callback reads it), so a replayed state finds nothing; housekeeping deletes expired rows.
 */
export const ssoStates = pgTable(
  'sso_states',
  {
    state: text('state').primaryKey(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    returnTo: text('return_to').notNull(),
    /** Set when a signed-in user links an account from the Security card. */
    linkUserId: integer('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sso_states_expires_at_idx').on(t.expiresAt)],
);
