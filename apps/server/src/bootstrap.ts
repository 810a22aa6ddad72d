import { randomBytes } from 'node:crypto';
import { isStrongPassword } from '@waymark/contract';
import type { AppContext } from './context.ts';

/** A random password that passes the password rules. */
export function generatePassword(): string {
  for (;;) {
    const candidate = randomBytes(12).toString('base64url');
    if (isStrongPassword(candidate)) return candidate;
  }
}

/**
 * On the first start with an empty database, creates the superuser from ADMIN_* settings (with a personal
 * workspace). Without ADMIN_PASSWORD a password is generated and printed once.
 */
export async function bootstrapAdmin(
  context: AppContext,
  print: (line: string) => void,
): Promise<{ username: string; generatedPassword?: string } | undefined> {
  if (!(await context.users.isEmpty())) return undefined;
  const { username, email, password } = context.config.admin;
  const generatedPassword = password ? undefined : generatePassword();
  const user = await context.users.createUser({
    username,
    email,
    password: password ?? generatedPassword ?? '',
    isAdmin: true,
    verifiedEmail: true,
  });
  print(`Created the superuser '${user.username}' <${user.email}> with the workspace '${user.username}'.`);
  if (generatedPassword) {
    print(`Its generated password (shown only this once): ${generatedPassword}`);
  }
  return { username: user.username, ...(generatedPassword ? { generatedPassword } : {}) };
}
