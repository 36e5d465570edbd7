import { Button } from '@waypoint/ui/button';
import { Loading } from '@waypoint/ui/loading';
import { Modal } from '@waypoint/ui/modal';
import { IconAlertCircle, IconWarning } from '../../components/icons';
import type { LaunchDialog } from './use-lesson-launch';
import styles from './launch-dialogs.module.css';

export interface LaunchDialogsProps {
  dialog: LaunchDialog;
  launching: boolean;
  loadingModule: boolean;
  onClose: () => void;
  onConfirmMultiple: () => void;
  plainFormRef: (form: HTMLFormElement | null) => void;
  liveVerificationFormRef: (form: HTMLFormElement | null) => void;
}

/**
 * The course-details modals (spec §2): 'Message' with OK, 'Multiple Lessons' with 'continue
 * anyway?' and Cancel, the loading-module modal, and the 'Launching your lesson...' backdrop.
 */
export function LaunchDialogs({
  dialog,
  launching,
  loadingModule,
  onClose,
  onConfirmMultiple,
  plainFormRef,
  liveVerificationFormRef,
}: LaunchDialogsProps) {
  return (
    <>
      {/* The two hidden launch forms (§2 Course details); the flow sets action and sessionID. */}
      <form ref={plainFormRef} method="post" hidden data-testid="launch-form">
        <input type="hidden" name="sessionID" />
      </form>
      <form ref={liveVerificationFormRef} method="post" hidden data-testid="launch-form-verify">
        <input type="hidden" name="sessionID" />
        <input type="hidden" name="liveVerification" value="1" readOnly />
      </form>
      <Modal
        open={dialog?.kind === 'message'}
        onOpenChange={(open) => !open && onClose()}
        title="Message"
        icon={<IconAlertCircle size={22} />}
        width={440}
        testId="message-modal"
        footer={
          <Button variant="primary" onClick={onClose}>
            OK
          </Button>
        }
      >
        <p className={styles.text}>{dialog?.kind === 'message' ? dialog.text : ''}</p>
      </Modal>
      <Modal
        open={dialog?.kind === 'multiple'}
        onOpenChange={(open) => !open && onClose()}
        title="Multiple Lessons"
        icon={<IconWarning size={22} />}
        tone="danger"
        width={460}
        testId="multiple-lessons-modal"
        footer={
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="danger" onClick={onConfirmMultiple}>
              Continue anyway
            </Button>
          </>
        }
      >
        <p className={styles.text}>{dialog?.kind === 'multiple' ? dialog.text : ''}</p>
        <p className={styles.text}>
          A lesson is open on another device or browser. Continuing here ends it there, and any
          progress it has not saved will be lost. Do you want to continue anyway?
        </p>
      </Modal>
      <Modal
        open={loadingModule}
        onOpenChange={() => undefined}
        dismissable={false}
        title="Loading module"
        width={360}
        testId="loading-module-modal"
      >
        <Loading label="Loading your lesson..." />
      </Modal>
      {launching && (
        <div className={styles.backdrop} role="status" aria-live="assertive">
          <div className={styles.backdropCard}>
            <span className={styles.spinner} aria-hidden="true" />
            Launching your lesson...
          </div>
        </div>
      )}
    </>
  );
}
