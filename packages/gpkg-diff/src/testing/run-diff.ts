// Runs diff in a process of its own (tests use it to run without SQLite URI filenames): prints the result as JSON.
import { diff } from '../changes/diff.ts';

const [base, modified, changeset] = process.argv.slice(2);
if (!base || !modified || !changeset) throw new Error('usage: run-diff.ts <base> <modified> <changeset>');
process.stdout.write(JSON.stringify(diff(base, modified, changeset)));
