import { PROFILE_NAME_MAX } from '@waymark/contract';

interface NamedUser {
  username: string;
  name?: string | null;
}

/** The full name when the user has one, otherwise the username. */
export function getUserFullName(user: NamedUser): string {
  const name = user.name?.trim();
  return name ? name : user.username;
}

/** SPEC §2: the displayed user name is cut at 15 characters followed by an ellipsis. */
export function truncateName(name: string, max = PROFILE_NAME_MAX): string {
  return name.length > max ? `${name.substring(0, max)}...` : name;
}

/**
 * SPEC §9: first letters of the first and last word of the name, otherwise the first two letters of
 * the username. A one-word name does not count: two letters of it would not be initials.
 */
export function getInitials(name: string | null | undefined, username: string): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words[words.length - 1];
  if (words.length > 1 && first && last) return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
  return username.slice(0, 2).toUpperCase();
}
