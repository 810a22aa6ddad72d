import { beforeEach } from 'vitest';
import { useTestPasswordHashCost } from '../src/lib/password-hash.ts';
import { keepChildLogs } from './child-logs.ts';

// Before every server test file: password hashes at a test cost (scrypt at the production cost is ~80 ms of CPU
// each, and the suites make and check thousands). The child-process servers run the production build as it is.
useTestPasswordHashCost();

// A failing test shows the logs of the child-process servers it talked to, and keeps them.
beforeEach(({ onTestFailed, task }) => {
  onTestFailed(() => keepChildLogs(task.name));
});
