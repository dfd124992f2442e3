import { useLayoutEffect } from 'react';
import { useIntl } from 'react-intl';
import {
  Dialog as AriaDialog,
  DialogContext,
  Heading,
  Modal,
  ModalOverlay,
  OverlayTriggerStateContext,
  PopoverContext,
  Provider,
  RootMenuTriggerStateContext,
} from 'react-aria-components';
import { Button } from '../Button';
import type { DialogProps } from './Dialog';
import type { DialogTriggerValue } from './DialogTrigger';
import * as styles from './Dialog.css';

/**
 * The modal part of `Dialog`, in its own chunk: loaded when a dialog first opens. Inside a `DialogTrigger`
 * it provides the contexts react-aria-components' DialogTrigger would, so the modal behaves as in one.
 */
export function DialogModal({ trigger, ...props }: DialogProps & { trigger: DialogTriggerValue | null }) {
  // From now on the trigger's aria-controls names a dialog that is rendered whenever it is open.
  const setPresent = trigger?.setPresent;
  useLayoutEffect(() => {
    setPresent?.(true);
    return () => setPresent?.(false);
  }, [setPresent]);
  if (!trigger) return <Content {...props} />;
  const { state, triggerRef, overlayProps } = trigger;
  return (
    <Provider
      values={[
        [OverlayTriggerStateContext, state],
        [RootMenuTriggerStateContext, state],
        [DialogContext, overlayProps],
        [
          PopoverContext,
          {
            trigger: 'DialogTrigger',
            triggerRef,
            id: overlayProps.id,
            'aria-labelledby': overlayProps['aria-labelledby'],
          },
        ],
      ]}
    >
      <Content {...props} />
    </Provider>
  );
}

function Content({ title, children, isOpen, onOpenChange, actions }: DialogProps) {
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
