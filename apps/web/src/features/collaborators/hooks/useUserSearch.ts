import type { UserSearchItem } from '@waymark/contract';
import { useRef, useState } from 'react';
import { searchUsers } from '../api/collaboratorsApi.ts';

/**
 * The share dialog's user search (SPEC §4, §8): one search runs at a time (isPending); text typed meanwhile is
 * searched once that one is back, so the suggestions always end up matching what the box holds. A failed
 * search has no message, it only clears the pending flag.
 */
export function useUserSearch(namespace: string, projectId: string) {
  const [suggestions, setSuggestions] = useState<UserSearchItem[]>([]);
  const [isPending, setIsPending] = useState(false);
  const running = useRef(false);
  const queued = useRef<string | undefined>(undefined);

  const run = (like: string) => {
    running.current = true;
    setIsPending(true);
    searchUsers(namespace, like, projectId)
      .then(setSuggestions, () => undefined)
      .finally(() => {
        const next = queued.current;
        queued.current = undefined;
        if (next !== undefined) {
          run(next);
          return;
        }
        running.current = false;
        setIsPending(false);
      });
  };

  const search = (like: string) => {
    if (running.current) queued.current = like;
    else run(like);
  };

  return { suggestions, isPending, search };
}
