import { Suspense, useId, useState, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button, IconClose, IconLogOut, IconMenu, Loading } from '@waypoint/ui';
import { logout } from '../../api/auth';
import { useStaff } from '../../api/session';
import { storeSessionId } from '../../api/session-store';
import { paths } from '../../lib/paths';
import type { ConsoleRoute } from '../console-routes';
import styles from './console-layout.module.css';

/**
 * The signed-in console: a skip link, the header (the LMS, who is signed in and their role, Sign
 * out), the side navigation (Home and each section the person's role allows) and the page. Under
 * 760 px the navigation folds behind a Menu button.
 */
export function ConsoleLayout({
  sections,
  children,
}: {
  /** The sections this person may use (console-routes.tsx, already filtered by permission). */
  sections: readonly ConsoleRoute[];
  children: ReactNode;
}) {
  const me = useStaff();
  const navigate = useNavigate();
  const location = useLocation();
  const navId = useId();
  // The folded navigation is open on the page where it was opened: a new page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.pathname;

  const signOut = useMutation({
    mutationFn: logout,
    // Signed out here whatever the server answered: the session id is forgotten either way (the
    // sign-in page drops the queries).
    onSettled: () => {
      storeSessionId(null);
      void navigate(paths.login, { replace: true });
    },
  });

  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main-content">
        Skip to content
      </a>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <button
            type="button"
            className={styles.menuButton}
            aria-expanded={menuOpen}
            aria-controls={navId}
            onClick={() => setOpenOn(menuOpen ? null : location.pathname)}
          >
            {menuOpen ? <IconClose size={22} /> : <IconMenu size={22} />}
            <span className={styles.menuLabel}>Menu</span>
          </button>
          <NavLink to={paths.home} className={styles.brand}>
            <span className={styles.lmsName}>{me.lms.name}</span>
            <span className={styles.product}>Staff console</span>
          </NavLink>
          <div className={styles.account}>
            <span className={styles.person}>
              <span className={styles.personName}>{me.user.displayName || me.user.userID}</span>
              <span className={styles.role}>{me.role.name}</span>
            </span>
            <Button
              variant="ghost"
              small
              className={styles.signOut}
              busy={signOut.isPending}
              onClick={() => signOut.mutate()}
            >
              <IconLogOut size={18} />
              <span className={styles.signOutLabel}>Sign out</span>
            </Button>
          </div>
        </div>
      </header>
      <div className={styles.body}>
        <nav
          id={navId}
          aria-label="Console sections"
          className={`${styles.nav} ${menuOpen ? styles.navOpen : ''}`}
        >
          {/* Where the header has no room for them (under 760 px): who is signed in, as what. */}
          <p className={styles.navPerson}>
            <span className={styles.personName}>{me.user.displayName || me.user.userID}</span>
            <span className={styles.navRole}>{me.role.name}</span>
          </p>
          <ul>
            <li>
              <NavLink to={paths.home} end className={navClass}>
                Home
              </NavLink>
            </li>
            {sections.map((section) => (
              <li key={section.path}>
                <NavLink to={section.path} className={navClass}>
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main-content" className={styles.main} tabIndex={-1}>
          <Suspense fallback={<Loading label="Loading..." size="large" />}>{children}</Suspense>
        </main>
      </div>
    </div>
  );
}

const navClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.navLink} ${styles.active}` : styles.navLink;
