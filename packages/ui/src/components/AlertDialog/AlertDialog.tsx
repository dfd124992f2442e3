import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../Button';
import * as styles from '../Dialog/Dialog.css';

export interface AlertDialogProps {
  title: string;
  children?: ReactNode;
  isOpen: boolean;
  /**
   * The OK action (and Escape). The screen decides what follows: for "URL is invalid" it navigates to `/`.
   */
  onOk: () => void;
}

/**
 * An alert the applicant must acknowledge (role="alertdialog"): a click outside does not dismiss it, focus
 * starts on OK, and OK or Escape calls `onOk`.
 */
export function AlertDialog({ title, children, isOpen, onOk }: AlertDialogProps) {
  const intl = useIntl();
  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen={isOpen}
      isDismissable={false}
      onOpenChange={(open) => {
        if (!open) onOk();
      }}
    >
      <Modal className={styles.modal}>
        <AriaDialog role="alertdialog" className={styles.dialog}>
          <Heading slot="title" className={styles.title}>
            {title}
          </Heading>
          {children}
          <div className={styles.actions}>
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- WAI-ARIA alertdialog: focus the only action */}
            <Button autoFocus onPress={onOk}>
              {intl.formatMessage({ id: 'ui.alertDialog.ok' })}
            </Button>
          </div>
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
