import { NavLink, useLocation } from 'react-router';
import styles from './section-tabs.module.css';

export interface SectionTab {
  /** The tab's address, absolute below the console's base: '/compliance/lists'. */
  to: string;
  label: string;
  /** Active only on exactly this address (the section's first tab), not below it. */
  end?: boolean;
}

/**
 * The tabs of a section: links (each its own address, so Back and a shared link work), the
 * current one marked for screen readers by aria-current. With keepSearch the address's query
 * (a section's filters) goes along to the other tabs.
 */
export function SectionTabs({
  label,
  tabs,
  keepSearch = false,
}: {
  /** The navigation's accessible name. */
  label: string;
  tabs: readonly SectionTab[];
  keepSearch?: boolean;
}) {
  const { search } = useLocation();
  return (
    <nav aria-label={label} className={styles.tabs}>
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={keepSearch ? `${tab.to}${search}` : tab.to}
          end={tab.end}
          className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
