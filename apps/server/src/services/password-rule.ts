import { passwordProblem } from '@waymark/contract';
import { fieldError } from '../lib/errors.ts';

/**
 * Refuses a new password that breaks SPEC §5's rule with the reference server's texts, as `{password: [text],
 * detail}` (every path: reset, change, `POST /v2/users`, the admin panel, the CLI).
 */
export function assertPasswordAllowed(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw fieldError('invalid', 'password', problem);
}
