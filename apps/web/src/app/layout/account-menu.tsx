import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import {
  IconChevronDown,
  IconDocument,
  IconKey,
  IconLogOut,
  IconSettings,
  IconSupport,
  IconWarning,
} from '../../components/icons';
import { setSettingsMenuOpen, toggleSettingsMenu } from '../../lib/store';
import { useAppState } from '../../lib/use-app-state';
import { initials } from './display-name';
import { EmailRemindersItem } from './email-reminders-item';
import styles from './account-menu.module.css';

export interface AccountMenuProps {
  /** classic: a dropdown on the user's name; rebrand: the settings icon (spec §1). */
  variant: 'classic' | 'rebrand';
  name: string;
  email?: string;
  documentsWarning: boolean;
  onChangePassword: () => void;
  onSupport: () => void;
  onDocuments: () => void;
  onLogOut: () => void;
  /** Log Out sits in the menu only where the header has no room for its own button. */
  showLogOut: boolean;
}

function MenuItem({
  icon,
  children,
  onSelect,
  trailing,
}: {
  icon: ReactNode;
  children: ReactNode;
  onSelect: () => void;
  trailing?: ReactNode;
}) {
  return (
    <button type="button" role="menuitem" className={styles.item} onClick={onSelect}>
      {icon}
      <span className={styles.itemLabel}>{children}</span>
      {trailing}
    </button>
  );
}

/**
 * The settings menu: Change Password (classic) or Reset Password (rebrand), Support, Documents,
 * the Email reminders switch (docs/decisions/0015) and Log Out. Its open state is the global
 * settings-menu flag, so other screens can close it; a click outside or Escape closes it too.
 */
export function AccountMenu({
  variant,
  name,
  email,
  documentsWarning,
  onChangePassword,
  onSupport,
  onDocuments,
  onLogOut,
  showLogOut,
}: AccountMenuProps) {
  const open = useAppState((state) => state.settingsMenuOpen);
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setSettingsMenuOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    // Move focus into the menu so arrow keys work at once.
    container.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // Leaving the page (route change unmounts the layout) must not leave the flag set.
  useEffect(() => () => setSettingsMenuOpen(false), []);

  const choose = (action: () => void) => () => {
    setSettingsMenuOpen(false);
    action();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [
      ...(container.current?.querySelectorAll<HTMLElement>(
        '[role="menuitem"], [role="menuitemcheckbox"]',
      ) ?? []),
    ];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => items[(next + items.length) % items.length]?.focus();
    if (event.key === 'Escape') {
      event.preventDefault();
      setSettingsMenuOpen(false);
      trigger.current?.focus();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusAt(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusAt(index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusAt(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusAt(items.length - 1);
    } else if (event.key === 'Tab') {
      setSettingsMenuOpen(false);
    }
  };

  const warning = documentsWarning ? (
    <span className={styles.warning} data-testid="documents-warning">
      <IconWarning size={16} />
      <span className="wp-visually-hidden">(expired or unsubmitted documents)</span>
    </span>
  ) : null;

  return (
    <div className={`${styles.menu} ${styles[variant]}`} ref={container} onKeyDown={onMenuKeyDown}>
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={variant === 'rebrand' ? 'Settings' : `Account menu for ${name}`}
        onClick={() => toggleSettingsMenu()}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setSettingsMenuOpen(true);
          }
        }}
        data-testid="settings-menu-button"
      >
        {variant === 'rebrand' ? (
          <IconSettings size={20} />
        ) : (
          <>
            <span className={styles.avatar} aria-hidden="true">
              {initials(name)}
            </span>
            <span className={styles.triggerName}>{name}</span>
            <IconChevronDown size={16} className={styles.chevron} />
          </>
        )}
        {documentsWarning && (
          <span className={styles.triggerWarning} data-testid="settings-warning">
            <IconWarning size={12} />
            <span className="wp-visually-hidden">Documents need attention</span>
          </span>
        )}
      </button>
      {open && (
        <div className={styles.panel}>
          <div className={styles.identity}>
            <span className={styles.avatarLarge} aria-hidden="true">
              {initials(name)}
            </span>
            <div className={styles.identityText}>
              <span className={styles.identityName}>{name}</span>
              {email && <span className={styles.identityEmail}>{email}</span>}
            </div>
          </div>
          <div
            role="menu"
            id={menuId}
            className={styles.items}
            aria-label={variant === 'rebrand' ? 'Settings' : 'Account'}
          >
            <MenuItem icon={<IconKey size={18} />} onSelect={choose(onChangePassword)}>
              {variant === 'rebrand' ? 'Reset Password' : 'Change Password'}
            </MenuItem>
            <MenuItem icon={<IconSupport size={18} />} onSelect={choose(onSupport)}>
              Support
            </MenuItem>
            <MenuItem
              icon={<IconDocument size={18} />}
              onSelect={choose(onDocuments)}
              trailing={warning}
            >
              Documents
            </MenuItem>
            <EmailRemindersItem />
            {showLogOut && (
              <>
                <div className={styles.separator} role="separator" />
                <MenuItem icon={<IconLogOut size={18} />} onSelect={choose(onLogOut)}>
                  Log Out
                </MenuItem>
              </>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
