import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../Button';
import * as styles from './Dialog.css';

export interface DialogProps {
  title: string;
  children: ReactNode;
  /** Controlled; leave both out inside a `<DialogTrigger>`, which opens the dialog from its button. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** Extra actions next to Close. */
  actions?: ReactNode;
}

/**
 * A modal dialog (the sign-in page's browser recommendation): focus moves in and is trapped, Escape and
 * a click outside close it, and focus returns to what opened it.
 */
export function Dialog({ title, children, isOpen, onOpenChange, actions }: DialogProps) {
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
