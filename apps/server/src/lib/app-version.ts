import { readFileSync } from 'node:fs';

/** Waymark's own release (the server package's version), read once. */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
