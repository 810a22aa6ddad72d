import { PASSWORD_MIN_CATEGORIES, PASSWORD_MIN_LENGTH } from './limits.ts';

const CATEGORIES = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/];

/** The API's refusals of a new password, worded as the reference server's (the web app shows SPEC §5's rule instead). */
export const PASSWORD_API_TEXTS = {
  tooShort: `Passwords must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  weak: 'Password is not strong enough',
} as const;

/** SPEC §5: at least 8 characters and at least 3 of 4 categories (lower, upper, digit, special). */
export function isStrongPassword(password: string): boolean {
  return passwordProblem(password) === undefined;
}

/** Why a new password is refused, in the API's words, or undefined when it passes the rule of `isStrongPassword`. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_API_TEXTS.tooShort;
  const categories = CATEGORIES.filter((pattern) => pattern.test(password)).length;
  return categories >= PASSWORD_MIN_CATEGORIES ? undefined : PASSWORD_API_TEXTS.weak;
}
