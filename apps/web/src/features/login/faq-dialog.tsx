import { lazy, Suspense } from 'react';
import { IconSupport } from '../../components/icons';
import { Loading } from '@waypoint/ui/loading';
import { Modal } from '@waypoint/ui/modal';
import { useAppState } from '../../lib/use-app-state';

const FaqContent = lazy(async () => ({ default: (await import('./faq-content')).FaqContent }));

/** The FAQ pop-up: StudentFAQ markdown with collapsible level-2 headings (spec §2). */
export function FaqDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const faq = useAppState((state) => state.supportInfo.StudentFAQ);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Frequently asked questions"
      icon={<IconSupport size={20} />}
      width={680}
      testId="faq-dialog"
    >
      {faq === 'N/A' ? (
        <Loading label="Loading..." />
      ) : (
        <Suspense fallback={<Loading label="Loading..." />}>
          <FaqContent markdown={faq} />
        </Suspense>
      )}
    </Modal>
  );
}
