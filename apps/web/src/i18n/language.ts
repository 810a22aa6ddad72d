/** The language of the texts SPEC.md gives (British English), used when the browser asks for none we have. */
export const FALLBACK_LANGUAGE = 'en-GB';

/** The first of the browser's languages with a catalogue, by exact tag, then by its language alone (`de-AT` → `de`). */
export function pickLanguage(preferred: readonly string[], available: readonly string[]): string {
  for (const tag of preferred) {
    const exact = available.find((language) => language.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const base = tag.split('-')[0]?.toLowerCase();
    const sameLanguage = available.find((language) => language.split('-')[0]?.toLowerCase() === base);
    if (sameLanguage) return sameLanguage;
  }
  return FALLBACK_LANGUAGE;
}
