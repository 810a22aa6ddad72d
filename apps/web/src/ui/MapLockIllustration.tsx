interface MapLockIllustrationProps {
  /** `lock`: the project is closed to the viewer; `hourglass`: their request is waiting for an answer. */
  variant: 'lock' | 'hourglass';
}

/** A folded map with a badge: a padlock for private projects, an hourglass for pending requests. */
export function MapLockIllustration({ variant }: MapLockIllustrationProps) {
  return (
    <svg className="map-lock-illustration" viewBox="0 0 240 180" aria-hidden="true" focusable="false">
      <circle cx="120" cy="92" r="84" fill="var(--wm-brand-50)" />
      <g transform="translate(50 46)">
        <path
          d="M0 10 40 0l44 10 40-10v88l-40 10-44-10L0 98Z"
          fill="#fff"
          stroke="var(--wm-brand-200)"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path d="M40 0 84 10v88L40 88Z" fill="var(--wm-brand-50)" />
        <path d="M40 0v88M84 10v88" stroke="var(--wm-brand-200)" strokeWidth="2" />
        <path
          d="M6 66c18-10 30 6 50-4s40-14 62-4M6 44c20-8 28 6 48-4s42-16 64-6"
          fill="none"
          stroke="var(--wm-brand-100)"
          strokeWidth="2"
        />
        <path
          d="M14 82c18-14 14-40 42-38s32 26 52-12"
          fill="none"
          stroke="var(--wm-brand-600)"
          strokeWidth="3"
          strokeLinecap="round"
          strokeDasharray="2 8"
        />
      </g>
      <g transform="translate(150 96)">
        <circle r="30" fill="#fff" stroke="var(--wm-brand-200)" strokeWidth="2" />
        {variant === 'lock' ? (
          <g>
            <path
              d="M-9-4v-6a9 9 0 0 1 18 0v6"
              fill="none"
              stroke="var(--wm-ink-600)"
              strokeWidth="3.5"
              strokeLinecap="round"
            />
            <rect x="-14" y="-5" width="28" height="22" rx="5" fill="var(--wm-accent-500)" />
            <circle cy="4" r="3" fill="#fff" />
            <path d="M0 6v5" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
          </g>
        ) : (
          <g
            fill="none"
            stroke="var(--wm-ink-600)"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M-11-16h22M-11 16h22" />
            <path d="M-8-16c0 9 8 9 8 16s-8 7-8 16M8-16c0 9-8 9-8 16s8 7 8 16" />
            <path
              d="M-5 12c2-3 8-3 10 0Z"
              fill="var(--wm-sun-400)"
              stroke="var(--wm-sun-400)"
              strokeWidth="2"
            />
          </g>
        )}
      </g>
    </svg>
  );
}
