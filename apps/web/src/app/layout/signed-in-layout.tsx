import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Button } from '@waypoint/ui/button';
import { Toast } from '@waypoint/ui/toast';
import { IconClose, IconLogOut, IconMenu } from '../../components/icons';
import { OfflineBanner, OfflineNotice } from '../../components/offline-banner';
import { SupportDialog } from '../../components/support-dialog';
import { ChangePasswordDialog } from '../../features/change-password/change-password-dialog';
import { DocumentsDialog } from '../../features/documents/documents-dialog';
import { useDocumentsNeedAttention } from '../../features/documents/use-document-counts';
import { InvalidConnectionDialog } from '../../features/invalid-connection/invalid-connection-dialog';
import { MainNav } from '../../features/navigation/main-nav';
import { refuseOffline } from '../../lib/online';
import { paths } from '../../lib/paths';
import { lmsDisplayName, logout, setSettingsMenuOpen } from '../../lib/store';
import { useAppState } from '../../lib/use-app-state';
import { WaypointMark } from '../../lib/waypoint-mark';
import { useOfflineCache } from '../use-offline-cache';
import { AccountMenu } from './account-menu';
import { AppDownloadStrip } from './app-download-strip';
import { displayName } from './display-name';
import { NARROW_QUERY, useMediaQuery, WIDE_QUERY } from './use-media-query';
import styles from './signed-in-layout.module.css';

// The sync of the lessons kept offline, at every start and when the connection returns, and what
// it found (docs/decisions/0024): on every signed-in page, but out of the first chunks, which it
// does not need to render.
const OfflineSyncNotices = lazy(() =>
  import('../../components/offline-lessons/offline-sync-notices').then((module) => ({
    default: module.OfflineSyncNotices,
  })),
);

type Dialog = 'change-password' | 'support' | 'documents' | null;

/**
 * The frame of every guarded screen (spec §1, §2): header with the display name, settings menu
 * and Log Out, the main navigation, the App Download strip and the header's pop-ups.
 */
export function SignedInLayout() {
  const user = useAppState((state) => state.currentUser);
  const lmsName = useAppState(lmsDisplayName).trim();
  const rebrand = useAppState((state) => (state.lmsInfo?.rebrand2021 ?? 0) > 0);
  const narrow = useMediaQuery(NARROW_QUERY);
  const wide = useMediaQuery(WIDE_QUERY);
  const documentsWarning = useDocumentsNeedAttention();
  // The student's last data, kept for offline use and restored (ADR 0024 "Offline panel").
  useOfflineCache();
  const [chosenDialog, setDialog] = useState<Dialog>(null);
  // A lost session leaves only the Invalid Connection pop-up on screen.
  const sessionLost = useAppState((state) => state.invalidConnectionMessage !== '');
  const dialog = sessionLost ? null : chosenDialog;
  // The compact menu is open for the page it was opened on, so any navigation closes it.
  const [navOpenAt, setNavOpenAt] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState('');
  const dismissConfirmation = useCallback(() => setConfirmation(''), []);
  const navArea = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const navOpen = navOpenAt === location.pathname;
  const setNavOpen = (open: boolean) => setNavOpenAt(open ? location.pathname : null);
  const name = displayName(user);
  const variant = rebrand ? 'rebrand' : 'classic';

  // The rebrand's colours apply to the whole document, pop-ups (portalled to <body>) included.
  useEffect(() => {
    const root = document.documentElement;
    if (rebrand) root.dataset.wpTheme = 'rebrand2021';
    else delete root.dataset.wpTheme;
    return () => {
      delete root.dataset.wpTheme;
    };
  }, [rebrand]);

  // The compact menu also closes on Escape and a click outside it.
  useEffect(() => {
    if (!navOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!navArea.current?.contains(event.target as Node)) setNavOpenAt(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setNavOpenAt(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [navOpen]);

  const openDialog = (next: Exclude<Dialog, null>) => {
    // Opening a pop-up closes the settings menu (spec §2 Change Password).
    setSettingsMenuOpen(false);
    setNavOpen(false);
    setDialog(next);
  };
  const closeDialog = (open: boolean) => {
    if (open) return;
    setDialog(null);
    // The menu entry that opened the pop-up is gone, so focus would fall to <body>: give it back
    // to the settings button once the dialog has finished restoring focus.
    window.setTimeout(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      navArea.current?.querySelector<HTMLElement>('[aria-haspopup="menu"]')?.focus();
    }, 0);
  };
  // Logging out ends the session on the server: offline it says so instead (ADR 0024).
  const logOut = () => {
    if (refuseOffline()) return;
    void logout();
  };

  return (
    <div className={`${styles.shell} ${styles[variant]}`} data-layout={variant}>
      <a className={styles.skip} href="#main-content">
        Skip to content
      </a>
      <header className={styles.header}>
        <div className={styles.headerInner} ref={navArea}>
          {narrow && (
            <button
              type="button"
              className={styles.menuButton}
              aria-expanded={navOpen}
              aria-controls="compact-nav"
              aria-label={navOpen ? 'Close navigation' : 'Open navigation'}
              onClick={() => setNavOpen(!navOpen)}
            >
              {navOpen ? <IconClose size={22} /> : <IconMenu size={22} />}
            </button>
          )}
          <Link to={paths.assignments} className={styles.brand}>
            <WaypointMark className={styles.brandMark} />
            <span className={styles.brandText}>
              <span className={styles.brandName}>{lmsName || 'Learning Center'}</span>
              <span className={styles.brandSub}>Student Panel</span>
            </span>
          </Link>
          {rebrand && wide && (
            <div className={styles.inlineNav}>
              <MainNav mode="pills" />
            </div>
          )}
          <div className={styles.actions}>
            {rebrand && !narrow && (
              <span className={styles.userName} data-testid="display-name">
                {name}
              </span>
            )}
            <AccountMenu
              variant={variant}
              name={name}
              email={user?.email}
              documentsWarning={documentsWarning}
              showLogOut={narrow}
              onChangePassword={() => openDialog('change-password')}
              onSupport={() => openDialog('support')}
              onDocuments={() => openDialog('documents')}
              onLogOut={logOut}
            />
            {!narrow && (
              <Button
                variant="ghost"
                small
                className={styles.logOut}
                onClick={logOut}
                data-testid="log-out"
              >
                <IconLogOut size={16} />
                Log Out
              </Button>
            )}
          </div>
          {narrow && navOpen && (
            <div className={styles.sheet}>
              <div className={styles.sheetUser}>
                Signed in as <strong>{name}</strong>
              </div>
              <MainNav mode="sheet" id="compact-nav" onNavigate={() => setNavOpen(false)} />
            </div>
          )}
        </div>
      </header>
      {narrow && navOpen && <div className={styles.sheetBackdrop} aria-hidden="true" />}
      {!rebrand && !narrow && (
        <div className={styles.tabBar}>
          <div className={styles.tabBarInner}>
            <MainNav mode="tabs" />
          </div>
        </div>
      )}
      {rebrand && !narrow && !wide && (
        <div className={styles.pillBar}>
          <div className={styles.pillBarInner}>
            <MainNav mode="pills" />
          </div>
        </div>
      )}
      <Toast
        message={confirmation}
        onDismiss={dismissConfirmation}
        offset={rebrand && wide ? 16 : 68}
      />
      <main id="main-content" className={styles.main} tabIndex={-1}>
        <OfflineBanner />
        <Suspense fallback={null}>
          <OfflineSyncNotices />
        </Suspense>
        <Outlet />
      </main>
      <OfflineNotice />
      <AppDownloadStrip />
      <ChangePasswordDialog
        open={dialog === 'change-password'}
        onOpenChange={closeDialog}
        user={user}
        title={rebrand ? 'Reset Password' : 'Change Password'}
        onChanged={() => setConfirmation('Your password has been changed.')}
      />
      <SupportDialog open={dialog === 'support'} onOpenChange={closeDialog} />
      <DocumentsDialog open={dialog === 'documents'} onOpenChange={closeDialog} />
      <InvalidConnectionDialog />
    </div>
  );
}
