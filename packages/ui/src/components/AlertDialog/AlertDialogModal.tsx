import { useIntl } from 'react-intl';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../Button';
import * as styles from '../Dialog/Dialog.css';
import type { AlertDialogProps } from './AlertDialog';

/** The modal part of `AlertDialog`, in its own chunk: loaded when an alert first opens. */
export function AlertDialogModal({
  title,
  children,
  isOpen,
  onOk,
  okLabel,
  secondaryAction,
}: AlertDialogProps) {
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
            {secondaryAction && (
              <Button variant="secondary" onPress={secondaryAction.onPress}>
                {secondaryAction.label}
              </Button>
            )}
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- WAI-ARIA alertdialog: focus the safe action */}
            <Button autoFocus onPress={onOk}>
              {okLabel ?? intl.formatMessage({ id: 'ui.alertDialog.ok' })}
            </Button>
          </div>
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
