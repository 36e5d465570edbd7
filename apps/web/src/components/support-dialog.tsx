import type { ReactNode } from 'react';
import { lmsDisplayName } from '../lib/store';
import { useAppState } from '../lib/use-app-state';
import { Button, buttonClassName } from '@waypoint/ui/button';
import { Modal } from '@waypoint/ui/modal';
import { IconChat, IconClock, IconExternal, IconMail, IconPhone, IconSupport } from './icons';
import { chatDisplay, helpCentreUrl, safeWebAddress } from './support-links';
import styles from './support-dialog.module.css';

export interface SupportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function Row({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <li className={styles.item}>
      <span className={styles.icon}>{icon}</span>
      <div>
        <div className={styles.term}>{term}</div>
        <div className={styles.value}>{children}</div>
      </div>
    </li>
  );
}

/**
 * The Get Support pop-up (spec §2): phone, operation hours, email, chat, privacy policy, help
 * centre and Close. Reads the support info, LMS name and (when signed in) the user from the store.
 */
export function SupportDialog({ open, onOpenChange }: SupportDialogProps) {
  const support = useAppState((state) => state.supportInfo);
  const lmsName = useAppState(lmsDisplayName);
  const user = useAppState((state) => state.currentUser);
  const chat = chatDisplay(support.Chat);
  const helpCentre = helpCentreUrl(support.HelpCenterURL, {
    lmsDisplayName: lmsName,
    familyName: user?.nameCollated ?? '',
    givenName: user?.nameOther ?? '',
    email: user?.email ?? '',
    userID: user?.userID ?? '',
  });
  const privacy = safeWebAddress(support.PrivacyPolicyURL ?? '');
  const hasContact =
    Boolean(support.Phone || support.OperationHours || support.Email) || chat.kind !== 'none';

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Get Support"
      description="Our support team is here to help with sign-in, lessons and your training records."
      icon={<IconSupport size={22} />}
      width={chat.kind === 'frame' ? 560 : 460}
      testId="support-dialog"
      footer={
        <>
          {helpCentre && (
            <a
              className={buttonClassName('secondary', { className: styles.help })}
              href={helpCentre}
              target="_blank"
              rel="noopener noreferrer"
            >
              Help Centre
              <IconExternal size={16} />
            </a>
          )}
          <Button variant="primary" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </>
      }
    >
      {hasContact ? (
        <ul className={styles.list}>
          {support.Phone && (
            <Row icon={<IconPhone size={18} />} term="Phone">
              <a href={`tel:${support.Phone.replace(/[^\d+]/g, '')}`}>{support.Phone}</a>
            </Row>
          )}
          {support.OperationHours && (
            <Row icon={<IconClock size={18} />} term="Operation hours">
              {support.OperationHours}
            </Row>
          )}
          {support.Email && (
            <Row icon={<IconMail size={18} />} term="Email">
              <a href={`mailto:${support.Email}`}>{support.Email}</a>
            </Row>
          )}
          {chat.kind === 'link' && (
            <Row icon={<IconChat size={18} />} term="Chat">
              <a href={chat.href} target="_blank" rel="noopener noreferrer">
                Start a chat
              </a>
            </Row>
          )}
          {chat.kind === 'text' && (
            <Row icon={<IconChat size={18} />} term="Chat">
              {chat.text}
            </Row>
          )}
        </ul>
      ) : (
        <p className={styles.empty}>Support contact details are not available right now.</p>
      )}
      {chat.kind === 'frame' && (
        <iframe
          className={styles.frame}
          src={chat.src}
          title="Support chat"
          // The chat provider runs its own scripts; it gets no access to the panel's page.
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
          referrerPolicy="strict-origin-when-cross-origin"
          loading="lazy"
        />
      )}
      {privacy && (
        <p className={styles.privacy}>
          To read our privacy policy,{' '}
          <a href={privacy} target="_blank" rel="noopener noreferrer">
            Click Here
          </a>
          .
        </p>
      )}
    </Modal>
  );
}
