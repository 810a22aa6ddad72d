import { isAxiosError } from 'axios';
import { useCallback, useEffect, useRef, useState } from 'react';
import { pollArchive, requestArchive } from '../api/archiveApi.ts';
import { tFiles } from '../../../i18n/files.ts';

/** Waits between looks at a zip being prepared (the reference's: 1 s, then 3 s, then 5 s). */
const POLL_DELAYS_MS = [1000, 1000, 1000, 3000, 3000, 3000, 5000];
/** Looks before giving up (about ten minutes, as the reference). */
const MAX_POLLS = 125;

export type ArchiveDownloadState =
  | { phase: 'idle' }
  | { phase: 'preparing'; done: number; total: number }
  | { phase: 'failed'; message: string };

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Starts the browser's download of an address the server answers with an attachment. */
function downloadThroughLink(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

function messageOf(error: unknown): string {
  if (isAxiosError<{ detail?: unknown }>(error) && typeof error.response?.data?.detail === 'string') {
    return error.response.data.detail;
  }
  return tFiles('download.failed');
}

/**
 * A zip of chosen files of one version: asks the server to prepare it, follows its progress, then lets the
 * browser download it; what the server refuses is shown with its own words.
 */
export function useArchiveDownload(projectId: string, version: string) {
  const [state, setState] = useState<ArchiveDownloadState>({ phase: 'idle' });
  const running = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => running.current?.abort(), []);

  const cancel = useCallback(() => {
    running.current?.abort();
    running.current = undefined;
    setState({ phase: 'idle' });
  }, []);

  const start = useCallback(
    async (paths: string[]): Promise<boolean> => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      const { signal } = controller;
      setState({ phase: 'preparing', done: 0, total: 0 });
      try {
        const location = await requestArchive(projectId, version, paths);
        for (let poll = 0; poll < MAX_POLLS && !signal.aborted; poll += 1) {
          const answer = await pollArchive(location, signal);
          if (signal.aborted) return false;
          if (answer.kind === 'ready') {
            downloadThroughLink(location);
            setState({ phase: 'idle' });
            return true;
          }
          if (answer.kind === 'failed') {
            setState({ phase: 'failed', message: answer.detail ?? tFiles('download.failed') });
            return false;
          }
          setState({ phase: 'preparing', done: answer.state.done_bytes, total: answer.state.total_bytes });
          await sleep(POLL_DELAYS_MS[Math.min(poll, POLL_DELAYS_MS.length - 1)] ?? 5000, signal);
        }
        if (!signal.aborted) setState({ phase: 'failed', message: tFiles('download.tooLong') });
        return false;
      } catch (error) {
        if (!signal.aborted) setState({ phase: 'failed', message: messageOf(error) });
        return false;
      } finally {
        if (running.current === controller) running.current = undefined;
      }
    },
    [projectId, version],
  );

  return { state, start, cancel };
}
