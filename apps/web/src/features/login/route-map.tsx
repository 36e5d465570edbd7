import styles from './login-page.module.css';

const WAYPOINTS: [number, number][] = [
  [90, 420],
  [210, 250],
  [360, 330],
  [470, 150],
  [540, 400],
];

/** A still route map behind the brand copy when the live background is off (decorative). */
export function RouteMap() {
  return (
    <svg className={styles.routeMap} viewBox="0 0 600 560" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="wp-glow">
          <stop offset="0" stopColor="var(--wp-color-accent)" stopOpacity="0.9" />
          <stop offset="1" stopColor="var(--wp-color-accent)" stopOpacity="0" />
        </radialGradient>
      </defs>
      <g fill="none" stroke="rgb(255 255 255 / 35%)" strokeWidth="1.5">
        <circle cx="300" cy="280" r="250" strokeDasharray="2 10" />
        <circle cx="300" cy="280" r="170" strokeDasharray="2 10" />
      </g>
      <path
        d="M90 420 C 120 320, 160 270, 210 250 S 320 350, 360 330 S 430 170, 470 150 S 560 300, 540 400"
        fill="none"
        stroke="var(--wp-color-accent)"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeDasharray="8 10"
      />
      {WAYPOINTS.map(([x, y], index) => (
        <g key={`${x}-${y}`}>
          <circle cx={x} cy={y} r="22" fill="url(#wp-glow)" opacity={index === 3 ? 0.9 : 0.45} />
          <circle cx={x} cy={y} r="6" fill="#fff" stroke="var(--wp-color-accent)" strokeWidth="3" />
        </g>
      ))}
    </svg>
  );
}
