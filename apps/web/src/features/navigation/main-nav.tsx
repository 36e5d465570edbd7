import { NavLink } from 'react-router';
import styles from './main-nav.module.css';
import { useNavItems } from './use-nav-items';

export interface MainNavProps {
  /** tabs: classic bar under the header; pills: rebrand header; sheet: compact narrow menu. */
  mode: 'tabs' | 'pills' | 'sheet';
  /** Called after a link is followed (the compact menu closes itself). */
  onNavigate?: () => void;
  id?: string;
}

/** The main navigation: Dashboard, Assignments, Completion Report, Library, Drafts (spec §1). */
export function MainNav({ mode, onNavigate, id }: MainNavProps) {
  const items = useNavItems();
  return (
    <nav aria-label="Main" id={id}>
      <ul className={`${styles.list} ${styles[mode]}`}>
        {items.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink to={to} className={styles.link} onClick={onNavigate}>
              <Icon size={18} />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
