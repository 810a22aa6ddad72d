/**
 * Timestamps as the reference server writes each field (its dates are naive UTC). Three shapes occur:
 * - `isoSeconds`, `2026-01-02T03:04:05Z`: the `DateTimeWithZ` fields of its schemas (project created/updated,
 *   version created, file mtime, v2 created_at/updated_at, chunk valid_until, access request expire);
 * - `isoMicrosZ`, `2026-01-02T03:04:05.678000Z`: a datetime handed to connexion's JSON encoder as it is (the
 *   login's registration_date, a project list item's updated); also used where the reference's schema writes a
 *   naive time without any zone (last_signed_in, the admin panel's user dates), which a client would read as
 *   local time;
 * - `isoMicrosOffset`, `2026-01-02T03:04:05.678000+00:00`: an aware datetime through the same encoder (the
 *   login's session expire).
 * `toISOString` always gives `YYYY-MM-DDTHH:MM:SS.mmmZ`, so slicing it needs no pattern matching (these run for
 * every file of a project answer).
 */
export function isoSeconds(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

export function isoMicrosZ(date: Date): string {
  return `${date.toISOString().slice(0, 23)}000Z`;
}

export function isoMicrosOffset(date: Date): string {
  return `${date.toISOString().slice(0, 23)}000+00:00`;
}
