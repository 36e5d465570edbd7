import { Button } from '@waypoint/ui/button';
import { Modal } from '@waypoint/ui/modal';
import { IconPlug } from '../../components/icons';
import { logout, SESSION_INVALID_MESSAGE } from '../../lib/store';
import { useAppState } from '../../lib/use-app-state';
import styles from './invalid-connection-dialog.module.css';

/**
 * The Invalid Connection pop-up (spec §2 Pop-ups, §8): opened by the session-invalidated signal
 * (the store sets the message), not dismissable by Escape or outside click; 'Re-login' logs out.
 */
export function InvalidConnectionDialog() {
  const message = useAppState((state) => state.invalidConnectionMessage);
  const relogin = () => void logout();
  return (
    <Modal
      open={message !== ''}
      onOpenChange={(open) => {
        if (!open) relogin();
      }}
      dismissable={false}
      title="Invalid Connection"
      icon={<IconPlug size={22} />}
      tone="danger"
      width={420}
      testId="invalid-connection-dialog"
      footer={
        <Button variant="primary" onClick={relogin}>
          Re-login
        </Button>
      }
    >
      <p className={styles.message}>{message || SESSION_INVALID_MESSAGE}</p>
    </Modal>
  );
}
