import { lazy, Suspense, useContext, type ReactNode } from 'react';
import { useHasBeenTrue } from '../../overlays/useHasBeenTrue';
import { DialogTriggerContext } from './DialogTrigger';

export interface DialogProps {
  title: string;
  children: ReactNode;
  /** Controlled; leave both out inside a `<DialogTrigger>`, which opens the dialog from its button. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** Extra actions next to Close. */
  actions?: ReactNode;
  /**
   * The words of the button that closes it: "Close" (default) for a dialog that tells, "Cancel" for one that
   * asks before a change, where closing makes no change (issue 39 item 6).
   */
  dismiss?: 'close' | 'cancel';
}

/** The modal's code (react-aria's focus scope, overlay and scroll locking) is not on any first load. */
export const loadDialogModal = () => import('./DialogModal');
const DialogModal = lazy(async () => ({ default: (await loadDialogModal()).DialogModal }));

/**
 * A modal dialog (the sign-in page's browser recommendation): focus moves in and is trapped, Escape and
 * a click outside close it, and focus returns to what opened it. Until it first opens it renders nothing,
 * as a closed modal does, and its modal part loads then (the trigger has not lost focus meanwhile, so the
 * modal still returns focus to it).
 */
export function Dialog(props: DialogProps) {
  const trigger = useContext(DialogTriggerContext);
  const hasOpened = useHasBeenTrue(props.isOpen ?? trigger?.state.isOpen ?? false);
  return hasOpened ? (
    <Suspense fallback={null}>
      <DialogModal {...props} trigger={trigger} />
    </Suspense>
  ) : null;
}
