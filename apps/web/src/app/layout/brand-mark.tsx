/** The Waypoint mark: a waypoint diamond with a heading arrow, drawn inline. */
export function BrandMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 36 36" aria-hidden="true" focusable="false">
      <rect width="36" height="36" rx="9" fill="var(--wp-brand-mark-bg, var(--wp-color-accent))" />
      <path
        d="M18 6.5 29.5 18 18 29.5 6.5 18z"
        fill="none"
        stroke="var(--wp-brand-mark-fg, #1b2433)"
        strokeWidth="2.4"
        strokeLinejoin="round"
      />
      <path d="m18 11.5 4.2 10.2L18 19.6l-4.2 2.1z" fill="var(--wp-brand-mark-fg, #1b2433)" />
    </svg>
  );
}
