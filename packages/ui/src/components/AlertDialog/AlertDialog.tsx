import { lazy, Suspense, type ReactNode } from 'react';
import { useHasBeenTrue } from '../../overlays/useHasBeenTrue';

export interface AlertDialogProps {
  title: string;
  children?: ReactNode;
  isOpen: boolean;
  /**
   * The OK action (and Escape). The screen decides what follows: for "URL is invalid" it navigates to `/`.
   */
  onOk: () => void;
  /** The OK button's text (default "OK"), e.g. "Stay signed in". */
  okLabel?: string;
  /** A second action beside OK, e.g. "Sign out" in the session-timeout warning. Escape still means OK. */
  secondaryAction?: { label: string; onPress: () => void };
}

/** The modal's code is not on any first load: most pages never show an alert. */
export const loadAlertDialogModal = () => import('./AlertDialogModal');
const AlertDialogModal = lazy(async () => ({ default: (await loadAlertDialogModal()).AlertDialogModal }));

/**
 * An alert the applicant must acknowledge (role="alertdialog"): a click outside does not dismiss it, focus
 * starts on OK, and OK or Escape calls `onOk`. Until it first opens it renders nothing; one open from the
 * first render suspends until its modal part has loaded, then takes focus as before.
 */
export function AlertDialog(props: AlertDialogProps) {
  const hasOpened = useHasBeenTrue(props.isOpen);
  return hasOpened ? (
    <Suspense fallback={null}>
      <AlertDialogModal {...props} />
    </Suspense>
  ) : null;
}
