/**
 * Reads a JSON value from localStorage. Storage can be unavailable (privacy modes) or hold junk from
 * older versions; both read as `undefined` instead of breaking the app.
 */
export function readStoredJson(key: string): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

/** Writes a JSON value to localStorage; a full or blocked storage only loses the remembered value. */
export function writeStoredJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Remembering is a convenience; the app works without it.
  }
}
