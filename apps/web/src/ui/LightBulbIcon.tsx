interface LightBulbIconProps {
  size?: number;
}

/** The light-bulb picture of tip boxes. */
export function LightBulbIcon({ size = 48 }: LightBulbIconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="24" fill="var(--wm-sun-100)" />
      <path
        d="M24 10c-6 0-10.5 4.6-10.5 10.3 0 3.6 1.8 6.3 4 8.3 1.2 1.1 1.9 2.5 1.9 4v1.4h9.2v-1.4c0-1.5.7-2.9 1.9-4 2.2-2 4-4.7 4-8.3C34.5 14.6 30 10 24 10z"
        fill="var(--wm-sun-400)"
      />
      <path d="M19.5 36.5h9M20.5 39.5h7" stroke="var(--wm-ink-600)" strokeWidth="2" strokeLinecap="round" />
      <path
        d="M21 22.5l3 3 3-3"
        fill="none"
        stroke="#fff"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
