// One cold diff in a fresh process, for bench/vectors.ts: loads the package and SQLite's addon, then times the
// process's first diff of <base> <modified> into <changeset> and prints {wall, cpu} in seconds as JSON.
import Database from 'better-sqlite3';
import { diff } from '../src/index.ts';
import { timed } from './timing.ts';

const [base, modified, changeset] = process.argv.slice(2);
if (!base || !modified || !changeset) throw new Error('usage: first-call.ts <base> <modified> <changeset>');
new Database(':memory:').close();
process.stdout.write(JSON.stringify(timed(() => diff(base, modified, changeset))));
