/** The Waypoint mark: a compass needle inside a ring, drawn inline (decorative). */
export function WaypointMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <circle
        cx="20"
        cy="20"
        r="17"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        opacity="0.5"
      />
      <path d="M20 6 26 22 20 19 14 22Z" fill="var(--wp-color-accent)" />
      <path d="M20 34 14 18 20 21 26 18Z" fill="currentColor" />
    </svg>
  );
}
