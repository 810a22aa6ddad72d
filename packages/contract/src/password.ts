import { PASSWORD_MIN_CATEGORIES, PASSWORD_MIN_LENGTH } from './limits.ts';

const CATEGORIES = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/];

/** SPEC §5: at least 8 characters and at least 3 of 4 categories (lower, upper, digit, special). */
export function isStrongPassword(password: string): boolean {
  if (password.length < PASSWORD_MIN_LENGTH) return false;
  return CATEGORIES.filter((pattern) => pattern.test(password)).length >= PASSWORD_MIN_CATEGORIES;
}
