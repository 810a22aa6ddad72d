import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_DIR } from '../paths.ts';

/** Waymark's own release (the server package's version), read once; from the source and the compiled build alike. */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as { version: string }
).version;
