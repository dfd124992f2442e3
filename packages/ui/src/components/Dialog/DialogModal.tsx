import { useIntl } from 'react-intl';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../Button';
import type { DialogProps } from './Dialog';
import * as styles from './Dialog.css';

/** The modal part of `Dialog`, in its own chunk: loaded when a dialog first opens. */
export function DialogModal({ title, children, isOpen, onOpenChange, actions }: DialogProps) {
  const intl = useIntl();
  return (
    <ModalOverlay className={styles.overlay} isDismissable isOpen={isOpen} onOpenChange={onOpenChange}>
      <Modal className={styles.modal}>
        <AriaDialog className={styles.dialog}>
          {({ close }) => (
            <>
              <Heading slot="title" className={styles.title}>
                {title}
              </Heading>
              {children}
              <div className={styles.actions}>
                {actions}
                <Button variant="secondary" onPress={close}>
                  {intl.formatMessage({ id: 'ui.dialog.close' })}
                </Button>
              </div>
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
