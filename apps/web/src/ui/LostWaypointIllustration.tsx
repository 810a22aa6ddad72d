/** Not-found picture: a folded map whose dashed route ends at a puzzled waypoint pin. */
export function LostWaypointIllustration() {
  return (
    <svg
      className="lost-illustration"
      viewBox="0 0 260 210"
      role="img"
      aria-label="A map with a lost waypoint"
    >
      <circle cx="130" cy="108" r="98" fill="var(--wm-brand-50)" />
      <g transform="translate(52 62)">
        <path
          d="M0 12 44 0l48 12 44-12v96l-44 12-48-12L0 108Z"
          fill="#fff"
          stroke="var(--wm-brand-200)"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path d="M44 0 92 12v96L44 96Z" fill="var(--wm-brand-50)" />
        <path d="M44 0v96M92 12v96" stroke="var(--wm-brand-200)" strokeWidth="2" />
        <path
          d="M6 74c20-12 32 8 54-6s44-16 70-4M6 52c22-10 30 6 52-4s46-18 72-8"
          fill="none"
          stroke="var(--wm-brand-100)"
          strokeWidth="2"
        />
        <path
          d="M16 90c20-16 14-44 46-42s36 30 56-14"
          fill="none"
          stroke="var(--wm-brand-600)"
          strokeWidth="3"
          strokeLinecap="round"
          strokeDasharray="2 8"
        />
        <circle cx="16" cy="90" r="5" fill="var(--wm-brand-600)" />
      </g>
      <ellipse cx="172" cy="98" rx="14" ry="3.5" fill="var(--wm-ink-900)" opacity="0.12" />
      <g transform="rotate(14 172 60)">
        <path
          d="M172 22c-13.3 0-24 10.4-24 23.4C148 62.6 172 86 172 86s24-23.4 24-40.6C196 32.4 185.3 22 172 22z"
          fill="var(--wm-accent-500)"
        />
        <circle cx="172" cy="45" r="13" fill="#fff" />
        <path
          d="M167.5 41.5a4.6 4.6 0 1 1 6.7 4.1c-1.4.8-2.2 1.7-2.2 3.3v.6"
          fill="none"
          stroke="var(--wm-accent-500)"
          strokeWidth="2.6"
          strokeLinecap="round"
        />
        <circle cx="172" cy="53.6" r="1.7" fill="var(--wm-accent-500)" />
      </g>
      <g transform="translate(58 160)">
        <circle r="17" fill="#fff" stroke="var(--wm-brand-200)" strokeWidth="2" />
        <path d="M0-11 4 0H-4Z" fill="var(--wm-accent-500)" />
        <path d="M0 11 4 0H-4Z" fill="var(--wm-ink-400)" />
        <circle r="2" fill="#fff" />
      </g>
    </svg>
  );
}
