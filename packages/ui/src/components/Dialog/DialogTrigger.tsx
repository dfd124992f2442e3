import { createContext, useRef, useState, type ReactNode } from 'react';
import type { AriaDialogProps } from 'react-aria/useDialog';
import { PressResponder } from 'react-aria/private/interactions/PressResponder';
import { useId } from 'react-aria/useId';
import { useOverlayTrigger } from 'react-aria/useOverlayTrigger';
import {
  useMenuTriggerState,
  type MenuTriggerProps,
  type RootMenuTriggerState,
} from 'react-stately/useMenuTriggerState';

/** What `Dialog` needs from its trigger; its modal part hands it to react-aria-components' contexts. */
export interface DialogTriggerValue {
  state: RootMenuTriggerState;
  overlayProps: AriaDialogProps;
  /** The modal part says when its dialog is in the document (and when it is gone again). */
  setPresent: (present: boolean) => void;
}

export const DialogTriggerContext = createContext<DialogTriggerValue | null>(null);

export interface DialogTriggerProps extends Pick<
  MenuTriggerProps,
  'isOpen' | 'defaultOpen' | 'onOpenChange'
> {
  /** The button, then the `Dialog`. */
  children: ReactNode;
}

/**
 * Opens a `Dialog` from the button inside it. react-aria-components' DialogTrigger, made of its hooks:
 * that one shares a module with Dialog, Menu and Popover, and would put all of them on the first load of
 * any page with a dialog button. Same button props (aria-expanded, aria-controls once open, data-pressed)
 * and the same contexts, which the modal part provides when it loads.
 *
 * While the modal's chunk loads, the dialog does not exist yet: the button says it is collapsed and
 * controls nothing until then, since `aria-controls` naming a missing id is invalid (axe
 * aria-valid-attr-value) and "expanded" would promise a dialog that is not there.
 */
export function DialogTrigger({ children, ...props }: DialogTriggerProps) {
  // react-aria-components uses the menu trigger state here too, for a menu inside the dialog.
  const state = useMenuTriggerState(props);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { triggerProps, overlayProps } = useOverlayTrigger({ type: 'dialog' }, state, triggerRef);
  // As react-aria-components: the trigger names the dialog when the dialog has no title of its own.
  const id = useId();
  const [present, setPresent] = useState(false);
  const buttonProps = present
    ? triggerProps
    : { ...triggerProps, 'aria-expanded': false, 'aria-controls': undefined };
  return (
    <DialogTriggerContext.Provider
      value={{ state, overlayProps: { ...overlayProps, 'aria-labelledby': id }, setPresent }}
    >
      <PressResponder {...{ ...buttonProps, id }} ref={triggerRef} isPressed={state.isOpen}>
        {children}
      </PressResponder>
    </DialogTriggerContext.Provider>
  );
}
