import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, pickLanguage } from './language.ts';
import type { Namespace } from './types.ts';

/**
 * The web app's text catalogue (i18next). Each language is a folder of this directory named by its BCP 47 tag
 * (`en-GB/`), with one file per namespace (`common.ts`, `admin.ts`, …); a namespace's texts load with the code
 * that shows them (`./admin.ts` etc.), so the sign-in page does not carry the admin panel's copy.
 *
 * The language is chosen once at start from the browser's preferred languages among the folders present, else
 * the fallback, British English (the texts of SPEC.md). Dates, numbers, plurals and relative times follow it
 * (`locale()`), so a new language brings its own formats with it.
 */
type NamespaceFile = { default: Record<string, unknown> };

/** Every language's common texts: which folders there are. */
const commonCatalogues = import.meta.glob<NamespaceFile>('./*/common.ts', { eager: true });

/** `./en-GB/common.ts` → `en-GB`. */
const languageOf = (file: string) => file.split('/')[1] ?? FALLBACK_LANGUAGE;

/** The languages with a catalogue here. */
export const LANGUAGES = Object.keys(commonCatalogues).map(languageOf);

export const i18n = i18next.createInstance();

// react-i18next's <Trans> puts links and other elements into a text of the catalogue.
void i18n.use(initReactI18next).init({
  lng: pickLanguage(typeof navigator === 'undefined' ? [] : navigator.languages, LANGUAGES),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: LANGUAGES,
  ns: [],
  // Bundled resources: ready before the first render, no flash of keys.
  initAsync: false,
  resources: {},
  // React escapes what it renders; the texts are never put into HTML as markup.
  interpolation: { escapeValue: false },
});

/** The language texts, dates and numbers are shown in (a BCP 47 tag for `Intl`). */
export const locale = (): string => i18n.language;

/**
 * Adds one namespace's texts of every language (`import.meta.glob` of `./*\/<namespace>.ts`) and returns its `t`.
 */
export function addNamespace<N extends Namespace>(
  namespace: N,
  files: Record<string, NamespaceFile>,
): TFunction<N> {
  for (const [file, catalogue] of Object.entries(files)) {
    i18n.addResourceBundle(languageOf(file), namespace, catalogue.default, true, true);
  }
  return i18n.getFixedT(null, namespace);
}
