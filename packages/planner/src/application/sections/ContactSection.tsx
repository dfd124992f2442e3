import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@pre-admission/i18n';
import type { ContactAnswers, PostalAddressAnswers } from '@pre-admission/rules';
import { isValidTelephone } from '@pre-admission/rules';
import { Link, TextField } from '@pre-admission/ui';
import { countryOptions } from '../../names';
import * as styles from '../../Planner.css';
import { SelectField, useOptionalLabel } from '../fields';
import { fieldId } from '../model';
import type { SectionProps } from './types';

export interface ContactSectionProps extends SectionProps<ContactAnswers> {
  /** The account's address: shown, not asked again (openapi.yaml ContactDetails). */
  email: string | undefined;
  /** The page that changes it (the account kit's). */
  changeEmailHref: string;
}

/**
 * A telephone number as people write it (`+86 138-0013-8000`, `+86 (0)138…` aside) in the form the contract
 * takes (E.164: `+8613800138000`): spaces, hyphens, dots and brackets dropped, full-width digits made
 * half-width. What is not a number is kept as typed, for the rules to refuse.
 */
export function telephoneOf(text: string): string {
  const compact = text.normalize('NFKC').replace(/[\s\-.()]/g, '');
  return /^\+?[0-9]+$/.test(compact) ? compact : text.trim();
}

/**
 * Contact details (docs/behaviour.md#applications): the postal address and a telephone number in international
 * form. The e-mail address is the account's: shown, with the way to change it, never typed again.
 */
export function ContactSection({ lists, answers, onChange, email, changeEmailHref }: ContactSectionProps) {
  const intl = useIntl();
  const optional = useOptionalLabel();
  const countries = useMemo(() => countryOptions(lists.countries, intl), [lists.countries, intl]);
  const t = (id: MessageId) => intl.formatMessage({ id });
  const address = answers.address ?? {};
  const setAddress = (key: keyof PostalAddressAnswers, value: string | number | undefined) =>
    onChange({ ...answers, address: { ...address, [key]: value } });
  const line = (key: 'line1' | 'line2' | 'city' | 'region' | 'postcode') => ({
    name: `contact.address.${key}`,
    id: fieldId(`contact.address.${key}`),
    defaultValue: address[key] ?? '',
    onChange: (value: string) => setAddress(key, value === '' ? undefined : value),
  });
  return (
    <>
      <div className={styles.fieldset}>
        <h2 className={styles.sectionHeading}>{t('planner.application.contact.email')}</h2>
        <p className={styles.text}>{email}</p>
        <p className={styles.muted}>
          {t('planner.application.contact.emailHint')}{' '}
          <Link href={changeEmailHref}>{t('planner.application.contact.changeEmail')}</Link>
        </p>
      </div>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('planner.application.contact.address')}</legend>
        <TextField
          {...line('line1')}
          label={t('planner.application.contact.line1')}
          autoComplete="address-line1"
        />
        <TextField
          {...line('line2')}
          label={optional(t('planner.application.contact.line2'))}
          autoComplete="address-line2"
        />
        <TextField
          {...line('city')}
          label={t('planner.application.contact.city')}
          autoComplete="address-level2"
        />
        <TextField
          {...line('region')}
          label={optional(t('planner.application.contact.region'))}
          autoComplete="address-level1"
        />
        <TextField
          {...line('postcode')}
          label={optional(t('planner.application.contact.postcode'))}
          autoComplete="postal-code"
          spellCheck={false}
        />
        <SelectField
          path="contact.address.countryId"
          label={t('planner.application.contact.country')}
          value={address.countryId}
          options={countries}
          onChange={(value) => setAddress('countryId', value)}
          placeholder={t('planner.application.selectCountry')}
        />
      </fieldset>
      <TextField
        name="contact.telephone"
        id={fieldId('contact.telephone')}
        label={t('planner.application.contact.telephone')}
        description={t('planner.application.contact.telephoneHint')}
        defaultValue={answers.telephone ?? ''}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        spellCheck={false}
        // Shown as typed, kept as the contract takes it.
        onChange={(value) =>
          onChange({ ...answers, telephone: value.trim() === '' ? undefined : telephoneOf(value) })
        }
        validate={(value) =>
          value.trim() === '' || isValidTelephone(telephoneOf(value))
            ? undefined
            : intl.formatMessage({ id: 'planner.application.error.invalid_telephone' })
        }
      />
    </>
  );
}
