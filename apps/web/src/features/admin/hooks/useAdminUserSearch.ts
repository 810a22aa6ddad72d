import type { AdminUser } from '@waymark/contract';
import { useRef, useState } from 'react';
import { fetchAdminUsers } from '../api/adminApi.ts';

/** Users a member search suggests at most. */
const SUGGESTIONS = 10;

/**
 * The members dialog's user search over every account (the admin users list): only the answer to the newest
 * search is shown, and a failed search just leaves the suggestions empty; `cancel` drops the answers under way.
 */
export function useAdminUserSearch() {
  const [suggestions, setSuggestions] = useState<AdminUser[]>([]);
  const latest = useRef(0);
  const search = (text: string) => {
    latest.current += 1;
    const ticket = latest.current;
    fetchAdminUsers({
      page: 1,
      perPage: SUGGESTIONS,
      orderBy: 'username',
      descending: false,
      like: text.trim(),
    }).then(
      (answer) => {
        if (ticket === latest.current) setSuggestions(answer.items.filter((user) => user.active));
      },
      () => {
        if (ticket === latest.current) setSuggestions([]);
      },
    );
  };
  /** Drops the answer of any search still under way (a user was chosen meanwhile). */
  const cancel = () => {
    latest.current += 1;
  };
  return { suggestions, search, cancel };
}
