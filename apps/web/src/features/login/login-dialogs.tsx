import { SupportDialog } from '../../components/support-dialog';
import { FaqDialog } from './faq-dialog';
import { ForgotPasswordDialog } from './forgot-password-dialog';

/** Which pop-up of the login page is open (spec §2 Login screen), null for none. */
export type LoginDialog = 'forgot' | 'faq' | 'support' | null;

/** The login page's pop-ups: 'Forgot password?', FAQ and Support. */
export function LoginDialogs({ open, onClose }: { open: LoginDialog; onClose: () => void }) {
  const change = (next: boolean) => {
    if (!next) onClose();
  };
  return (
    <>
      <ForgotPasswordDialog open={open === 'forgot'} onOpenChange={change} />
      <FaqDialog open={open === 'faq'} onOpenChange={change} />
      <SupportDialog open={open === 'support'} onOpenChange={change} />
    </>
  );
}
