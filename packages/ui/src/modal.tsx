import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type CSSProperties, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { IconClose } from './icons';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  /** Called with false when the person closes the dialog (Escape, outside click, close button). */
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** A short line under the title, read out as the dialog's description. */
  description?: ReactNode;
  /** Escape and outside click close the dialog unless this is false (spec §2 Pop-ups). */
  dismissable?: boolean;
  /** Width in px; the dialog never exceeds the screen minus a 12 px margin on each side. */
  width?: number;
  /** Minimum height in px; content taller than this grows the dialog. */
  minHeight?: number;
  /** An icon shown in a round badge beside the title. */
  icon?: ReactNode;
  tone?: 'default' | 'danger';
  /** Action buttons, aligned right under the body. */
  footer?: ReactNode;
  children?: ReactNode;
  /** Element to focus when the dialog opens, instead of the first focusable one. */
  onOpenAutoFocus?: (event: Event) => void;
  className?: string;
  testId?: string;
}

/**
 * The generic modal: an accessible dialog (focus trapped inside and given back on close to what
 * had it when the dialog opened, title announced) on a dark backdrop.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  dismissable = true,
  width,
  minHeight,
  icon,
  tone = 'default',
  footer,
  children,
  onOpenAutoFocus,
  className,
  testId,
}: ModalProps) {
  const block = (event: Event) => {
    if (!dismissable) event.preventDefault();
  };
  // Radix gives focus back to a Dialog.Trigger, and these dialogs open from their own state with
  // none: it would leave focus on <body>. Keep what had focus when the dialog opened instead.
  const returnFocus = useRef<HTMLElement | null>(null);
  const opened = (event: Event) => {
    returnFocus.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    onOpenAutoFocus?.(event);
  };
  const closed = (event: Event) => {
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
  const style = {
    ...(width ? { '--modal-width': `${width}px` } : {}),
    ...(minHeight ? { '--modal-min-height': `${minHeight}px` } : {}),
  } as CSSProperties;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={[styles.content, tone === 'danger' ? styles.danger : '', className ?? ''].join(
            ' ',
          )}
          style={style}
          data-testid={testId}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          onOpenAutoFocus={opened}
          onCloseAutoFocus={closed}
          // Radix warns when a dialog has no description; say explicitly when there is none.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.header}>
            {icon && <span className={styles.headerIcon}>{icon}</span>}
            <div className={styles.titles}>
              <Dialog.Title className={styles.title}>{title}</Dialog.Title>
              {description && (
                <Dialog.Description className={styles.description}>
                  {description}
                </Dialog.Description>
              )}
            </div>
            {dismissable && (
              <Dialog.Close className={styles.close} aria-label="Dismiss">
                <IconClose size={18} />
              </Dialog.Close>
            )}
          </div>
          <div className={styles.body}>{children}</div>
          {footer && <div className={styles.footer}>{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export interface RouteModalProps extends Omit<ModalProps, 'open' | 'onOpenChange'> {
  /** Where closing goes; without it closing goes back one step in history (spec §2 Pop-ups). */
  cancelTo?: string;
}

/** A modal that is a route of its own: it is open while mounted, and closing navigates away. */
export function RouteModal({ cancelTo, ...rest }: RouteModalProps) {
  const navigate = useNavigate();
  const close = (open: boolean) => {
    if (open) return;
    if (cancelTo) void navigate(cancelTo);
    else void navigate(-1);
  };
  return <Modal open onOpenChange={close} {...rest} />;
}
