/**
 * Test-only: a function that kills the process (SIGKILL, no clean-up of any kind) when it reaches the named point.
 * The crash-safety test sets the point through the config (`WAYMARK_TEST_CRASH_POINT`); otherwise it does nothing.
 */
export function crashPoint(armed: string | undefined): (point: string) => void {
  if (!armed) return () => undefined;
  return (point) => {
    if (point === armed) process.kill(process.pid, 'SIGKILL');
  };
}
