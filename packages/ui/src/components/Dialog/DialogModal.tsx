import { useLayoutEffect } from 'react';
import { useIntl } from 'react-intl';
import {
  Dialog as AriaDialog,
  DialogContext,
  Heading,
  Modal,
  ModalOverlay,
  OverlayTriggerStateContext,
  Provider,
} from 'react-aria-components';
import { Button } from '../Button';
import type { DialogProps } from './Dialog';
import type { DialogTriggerValue } from './DialogTrigger';
import * as styles from './Dialog.css';

/**
 * The modal part of `Dialog`, in its own chunk: loaded when a dialog first opens. Inside a `DialogTrigger`
 * it provides the trigger's state and the dialog's props as react-aria-components' DialogTrigger would.
 * Not that trigger's RootMenuTriggerState and Popover contexts: they only serve a Menu or Popover that is
 * itself the trigger's overlay, while this one is always a modal; naming them imports react-aria-components'
 * Menu module, which put the whole menu chunk (21.9 kB gzip) on the sign-in page's idle prefetch. A menu,
 * select or combo box inside the dialog brings its own trigger's contexts, and the modal reads no menu's
 * (the story WithinAMenu opens it inside an open menu's contexts).
 */
export function DialogModal({ trigger, ...props }: DialogProps & { trigger: DialogTriggerValue | null }) {
  // From now on the trigger's aria-controls names a dialog that is rendered whenever it is open.
  const setPresent = trigger?.setPresent;
  useLayoutEffect(() => {
    setPresent?.(true);
    return () => setPresent?.(false);
  }, [setPresent]);
  if (!trigger) return <Content {...props} />;
  const { state, overlayProps } = trigger;
  return (
    <Provider
      values={[
        [OverlayTriggerStateContext, state],
        [DialogContext, overlayProps],
      ]}
    >
      <Content {...props} />
    </Provider>
  );
}

function Content({ title, children, isOpen, onOpenChange, actions, dismiss = 'close' }: DialogProps) {
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
                  {intl.formatMessage({ id: dismiss === 'cancel' ? 'ui.dialog.cancel' : 'ui.dialog.close' })}
                </Button>
              </div>
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
