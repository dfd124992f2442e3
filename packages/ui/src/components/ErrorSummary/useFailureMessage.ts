import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useSupportEmail } from '../../provider/SupportEmail';

/** A failure a form's error summary explains (the adapter's `failureCause`, without its types). */
export interface FormFailure {
  /** network: no answer came; server: a 5xx or an answer that breaks the contract. */
  cause: 'network' | 'server';
  /** The request id the server logged, to quote to the desk. */
  requestId?: string;
}

/**
 * The error summary's sentence for a form whose request failed (docs/behaviour.md#error-catalogue, issue 27):
 * what happened, that what was typed is still there, to try again; for a failure on our side, how to reach
 * the desk (`desk`, else UiProvider `supportEmail`) and the reference to quote. Each part is a whole sentence of the
 * catalogue, so a translator never sees a fragment.
 */
export function useFailureMessage(desk?: string): (failure: FormFailure) => string {
  const intl = useIntl();
  const provided = useSupportEmail();
  // The account kit has the desk's address in its own context; anything else takes UiProvider's.
  const supportEmail = desk ?? provided;
  return useCallback(
    ({ cause, requestId }: FormFailure) => {
      if (cause === 'network') return intl.formatMessage({ id: 'ui.failure.network' });
      const sentences = [intl.formatMessage({ id: 'ui.failure.server' })];
      if (supportEmail)
        sentences.push(intl.formatMessage({ id: 'ui.failure.contact' }, { email: supportEmail }));
      if (requestId) sentences.push(intl.formatMessage({ id: 'ui.failure.reference' }, { requestId }));
      // Japanese sentences follow each other without a space.
      return sentences.join(intl.locale.startsWith('ja') ? '' : ' ');
    },
    [intl, supportEmail],
  );
}
