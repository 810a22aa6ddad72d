/** Empty-list picture: a folded map in a soft circle with a waypoint pin waiting to be placed. */
export function FoldedMapIllustration() {
  return (
    <svg className="folded-map-illustration" viewBox="0 0 180 140" aria-hidden="true" focusable="false">
      <circle cx="90" cy="72" r="64" fill="var(--wm-brand-50)" />
      <g transform="translate(38 36)">
        <path
          d="M0 8 34 0l36 8 34-8v68l-34 8-36-8L0 76Z"
          fill="#fff"
          stroke="var(--wm-brand-200)"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path d="M34 0 70 8v68L34 68Z" fill="var(--wm-brand-50)" />
        <path d="M34 0v68M70 8v68" stroke="var(--wm-brand-200)" strokeWidth="2" />
        <path d="M8 58c14-10 22 4 36-4s30-12 52-2" fill="none" stroke="var(--wm-brand-100)" strokeWidth="2" />
        <path
          d="M12 62c12-14 10-30 32-30s26 18 44-8"
          fill="none"
          stroke="var(--wm-brand-600)"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeDasharray="1.5 6"
        />
      </g>
      <ellipse cx="128" cy="66" rx="9" ry="2.5" fill="var(--wm-ink-900)" opacity="0.12" />
      <path
        d="M128 30c-8.8 0-16 6.9-16 15.6C112 57 128 66 128 66s16-9 16-20.4C144 36.9 136.8 30 128 30z"
        fill="var(--wm-accent-500)"
      />
      <circle cx="128" cy="45" r="6" fill="#fff" />
    </svg>
  );
}
