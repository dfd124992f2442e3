import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Button, Dialog, Form, useField } from '@pre-admission/ui';
import * as plannerStyles from '../Planner.css';
import { characterCount, reasonMaxLength } from './status';
import * as styles from './ApplicationsOverview.css';

export interface WithdrawDialogProps {
  isOpen: boolean;
  /** Which application: its reason field starts from what was typed for it. */
  applicationId: string;
  /** The application as the list names it (its kind and programme), and its reference number. */
  name: string;
  reference: string;
  /** The reason as typed so far: kept by the list, so that nothing typed is lost when the dialog closes. */
  reason: string;
  onReasonChange: (reason: string) => void;
  /** The last attempt's failure (the error summary), by field name or `form`. */
  errors: Readonly<Record<string, string>>;
  pending: boolean;
  onWithdraw: (reason: string) => void;
  onClose: () => void;
}

/**
 * docs/behaviour.md#applications: withdrawing asks first, with the reason the desk reads (required, at most
 * 1000 characters, GOV.UK's character count). A failure keeps the dialog open and the reason as typed; the
 * error summary says what happened. Escape, a click outside or Cancel closes it, and the reason stays for the
 * next time it opens.
 */
export function WithdrawDialog({
  isOpen,
  applicationId,
  name,
  reference,
  reason,
  onReasonChange,
  errors,
  pending,
  onWithdraw,
  onClose,
}: WithdrawDialogProps) {
  const intl = useIntl();
  const formId = useId();
  return (
    <Dialog
      title={intl.formatMessage({ id: 'planner.status.withdraw.title' })}
      isOpen={isOpen}
      onOpenChange={(open) => !open && !pending && onClose()}
      dismiss="cancel"
      actions={
        <Button type="submit" form={formId} isPending={pending}>
          {intl.formatMessage({ id: 'planner.status.withdraw.confirm' })}
        </Button>
      }
    >
      <Form
        key={applicationId}
        id={formId}
        errors={errors}
        onSubmit={(values) => !pending && onWithdraw(values.reason ?? reason)}
      >
        <p className={plannerStyles.text}>
          {intl.formatMessage({ id: 'planner.status.withdraw.text' }, { name, reference })}
        </p>
        <ReasonField reason={reason} onChange={onReasonChange} />
      </Form>
    </Dialog>
  );
}

/** The reason: a labelled text area with its hint, its error and GOV.UK's count of the characters left. */
function ReasonField({ reason, onChange }: { reason: string; onChange: (reason: string) => void }) {
  const intl = useIntl();
  const field = useField({
    name: 'reason',
    label: intl.formatMessage({ id: 'planner.status.withdraw.reason' }),
    defaultValue: reason,
    onChange,
    normalize: false,
    validate: (text) => {
      if (text.trim() === '') return intl.formatMessage({ id: 'planner.status.withdraw.reasonRequired' });
      if (characterCount(text) > reasonMaxLength)
        return intl.formatMessage({ id: 'planner.status.withdraw.reasonTooLong' }, { max: reasonMaxLength });
      return undefined;
    },
  });
  const left = reasonMaxLength - characterCount(field.value);
  const ids = {
    hint: `${field.inputId}-hint`,
    count: `${field.inputId}-count`,
    error: `${field.inputId}-error`,
  };
  return (
    <div className={`${plannerStyles.root} ${field.error ? plannerStyles.fieldInvalid : ''}`}>
      <label htmlFor={field.inputId} className={plannerStyles.label}>
        {intl.formatMessage({ id: 'planner.status.withdraw.reason' })}
      </label>
      <p id={ids.hint} className={plannerStyles.muted}>
        {intl.formatMessage({ id: 'planner.status.withdraw.reasonHint' })}
      </p>
      {field.error && (
        <p id={ids.error} className={plannerStyles.errorMessage}>
          {field.error}
        </p>
      )}
      <textarea
        id={field.inputId}
        name={field.name}
        rows={5}
        className={`${plannerStyles.input} ${styles.reason}`}
        value={field.value}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={[ids.hint, field.error ? ids.error : undefined, ids.count]
          .filter(Boolean)
          .join(' ')}
        onChange={(event) => field.onChange(event.currentTarget.value)}
        onBlur={field.onBlur}
      />
      {/* The count changes with every key: screen readers hear it when they ask (aria-describedby), not on
          every key press; GOV.UK announces it only after typing pauses. */}
      <p id={ids.count} className={left < 0 ? plannerStyles.errorMessage : plannerStyles.muted}>
        {intl.formatMessage(
          { id: left < 0 ? 'planner.status.withdraw.tooMany' : 'planner.status.withdraw.left' },
          { count: Math.abs(left) },
        )}
      </p>
    </div>
  );
}
