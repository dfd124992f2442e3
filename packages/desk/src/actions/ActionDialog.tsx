import { useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@pre-admission/i18n';
import { Button, Dialog, DialogTrigger, Form } from '@pre-admission/ui';
import type { ActionFailure, ActionResult } from '../model';
import * as styles from '../Desk.css';

const failureMessage: Readonly<Record<ActionFailure, MessageId>> = {
  conflict: 'desk.failure.conflict',
  decided: 'desk.failure.decided',
  closed: 'desk.consent.failure.closed',
  screeningOutcomeRequired: 'desk.failure.screeningOutcomeRequired',
  screeningNotCleared: 'desk.failure.screeningNotCleared',
  noScreeningWaiting: 'desk.screening.failure.notWaiting',
  refused: 'desk.failure.refused',
  notFound: 'desk.failure.notFound',
  invalid: 'desk.failure.invalid',
  unavailable: 'desk.failure.unavailable',
};

/** The failures after which what the dialog acts on changed meanwhile: reloading it is the way forward. */
const reloads: ReadonlySet<ActionFailure> = new Set(['conflict', 'decided', 'closed', 'noScreeningWaiting']);

export interface ActionDialogProps {
  /** The button's text, which opens the dialog. */
  open: string;
  title: string;
  lead: string;
  confirm: string;
  /** Sends the action (the app calls the staff API); resolves with nothing when done, else why not. */
  onSubmit: () => Promise<ActionResult>;
  /** Told once the action is done and the dialog closed. */
  onDone: () => void;
  /** Reloads what the action is on (the application): the way forward after a conflict. */
  onReload?: () => void;
  /** What the failures say where the action is not on an application (a consent request's answer). */
  failureMessages?: Partial<Readonly<Record<ActionFailure, MessageId>>>;
  /** The reload button's text ("Reload the application" by default). */
  reloadLabel?: string;
  children: ReactNode;
}

/**
 * An action of the desk, confirmed in a dialog (react-aria: focus moves in, is trapped, and returns to the button
 * when the dialog closes). Submitting checks the fields; a failure from the server keeps the dialog open and
 * everything typed, and the error summary says what happened and what to do; after a conflict a button reloads
 * the application. While it is sent, the dialog cannot be closed and the button ignores presses.
 */
export function ActionDialog({
  open,
  title,
  lead,
  confirm,
  onSubmit,
  onDone,
  onReload,
  failureMessages,
  reloadLabel,
  children,
}: ActionDialogProps) {
  const intl = useIntl();
  const formId = useId();
  const [isOpen, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<ActionFailure>();
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>();
  const send = async () => {
    setPending(true);
    let result: ActionResult;
    try {
      result = await onSubmit();
    } catch {
      // A network failure, or a promise the app let fail: nothing is known to be done.
      result = 'unavailable';
    }
    setPending(false);
    if (result) {
      setFailure(result);
      setErrors({ form: intl.formatMessage({ id: failureMessages?.[result] ?? failureMessage[result] }) });
      return;
    }
    setFailure(undefined);
    setErrors(undefined);
    setOpen(false);
    onDone();
  };
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={(next) => !pending && setOpen(next)}>
      <Button variant="secondary">{open}</Button>
      <Dialog
        title={title}
        dismiss="cancel"
        actions={
          <Button type="submit" form={formId} isPending={pending}>
            {confirm}
          </Button>
        }
      >
        <Form id={formId} errors={errors} onSubmit={() => !pending && void send()}>
          <p className={styles.text}>{lead}</p>
          {children}
          {onReload && failure && reloads.has(failure) && (
            <div>
              <Button
                variant="secondary"
                onPress={() => {
                  setOpen(false);
                  onReload();
                }}
              >
                {reloadLabel ?? intl.formatMessage({ id: 'desk.failure.reload' })}
              </Button>
            </div>
          )}
        </Form>
      </Dialog>
    </DialogTrigger>
  );
}
