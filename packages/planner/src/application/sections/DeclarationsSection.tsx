import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { DeclarationsAnswers } from '@pre-admission/rules';
import { Link } from '@pre-admission/ui';
import { Choice, FieldError } from '../../TaskPage';
import * as styles from '../../Planner.css';
import { useFieldLink } from '../fields';
import type { SectionProps } from './types';

export interface DeclarationsSectionProps extends SectionProps<DeclarationsAnswers> {
  /** The privacy policy's page (the account kit's /privacy). */
  privacyHref: string;
}

/**
 * Declarations (docs/behaviour.md#applications): that the information given is true, and that the privacy
 * policy is accepted, with a link to read it (in a new tab, so nothing typed here is left). Both are needed to
 * submit; each may be saved unticked.
 */
export function DeclarationsSection({ answers, onChange, privacyHref }: DeclarationsSectionProps) {
  const intl = useIntl();
  const box = (key: 'informationTrue' | 'privacyAccepted', label: string, hint?: ReactNode) => (
    <Declaration
      key={key}
      path={`declarations.${key}`}
      label={label}
      hint={hint}
      checked={answers[key] === true}
      onChange={(checked) => onChange({ ...answers, [key]: checked })}
    />
  );
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>
        {intl.formatMessage({ id: 'planner.application.declarations.question' })}
      </legend>
      {box('informationTrue', intl.formatMessage({ id: 'planner.application.declarations.informationTrue' }))}
      {box(
        'privacyAccepted',
        intl.formatMessage({ id: 'planner.application.declarations.privacyAccepted' }),
        <Link href={privacyHref} external>
          {intl.formatMessage({ id: 'planner.application.declarations.privacyLink' })}
        </Link>,
      )}
    </fieldset>
  );
}

function Declaration({
  path,
  label,
  hint,
  checked,
  onChange,
}: {
  path: string;
  label: string;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { id, error, errorId } = useFieldLink(path, label);
  return (
    <div className={error ? `${styles.fieldset} ${styles.fieldInvalid}` : styles.fieldset}>
      <FieldError id={errorId} message={error} />
      <Choice
        type="checkbox"
        name={path}
        id={id}
        checked={checked}
        onChange={onChange}
        label={label}
        hint={hint}
        describedBy={error ? errorId : undefined}
      />
    </div>
  );
}
