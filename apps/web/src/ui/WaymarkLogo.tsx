import { tCommon } from '../i18n/common.ts';

interface WaymarkMarkProps {
  size?: number;
}

/** The brand mark: a waypoint pin on a rounded tile. */
export function WaymarkMark({ size = 32 }: WaymarkMarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="var(--wm-brand-700)" />
      <path
        d="M10 46c8-6 14 2 22-4s14-2 22-8"
        fill="none"
        stroke="var(--wm-brand-300)"
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray="1 6"
      />
      <path
        d="M32 12c-8.3 0-15 6.5-15 14.6C17 37.4 32 52 32 52s15-14.6 15-25.4C47 18.5 40.3 12 32 12z"
        fill="#fff"
      />
      <circle cx="32" cy="27" r="5.5" fill="var(--wm-brand-700)" />
    </svg>
  );
}

interface WaymarkLogoProps {
  size?: number;
}

/** Mark plus word mark; the accessible name is the product name. */
export function WaymarkLogo({ size = 32 }: WaymarkLogoProps) {
  return (
    <span className="waymark-logo" role="img" aria-label={tCommon('productName')}>
      <WaymarkMark size={size} />
      <span className="waymark-logo__word" aria-hidden="true">
        {tCommon('productName')}
      </span>
    </span>
  );
}
