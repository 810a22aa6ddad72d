import { locale } from '../../i18n/i18n.ts';

/** A count in the catalogue's language ('1,234' in British English), as decision 014 asks of numbers. */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(locale()).format(value);
}
