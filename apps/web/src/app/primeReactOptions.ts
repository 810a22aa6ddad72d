import type { APIOptions } from 'primereact/api';

/**
 * App-wide PrimeReact settings. The pass-through options mend two screen-reader faults of the 10.9
 * Dropdown on every instance: its native `<select>`, kept only for forms, is hidden from assistive
 * technology (the focusable input carries the name), and its root drops an `aria-activedescendant`
 * that points at no element while the list is closed and is not allowed on a plain `div`.
 */
export const PRIME_REACT_OPTIONS: Partial<APIOptions> = {
  ripple: true,
  pt: {
    dropdown: {
      root: { 'aria-activedescendant': undefined },
      select: { 'aria-hidden': true },
    },
  },
};
