import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@pre-admission/i18n';
import type { PersonalAnswers } from '@pre-admission/rules';
import { TextField } from '@pre-admission/ui';
import { countryOptions } from '../../names';
import { DateField, SelectField, useOptionalLabel } from '../fields';
import { fieldId } from '../model';
import type { SectionProps } from './types';

/**
 * Personal details (docs/behaviour.md#applications): the names as in the passport, in Latin letters (given
 * names may be left out: some passports have none), the name in Japanese script if any, the date of birth, and
 * the nationality and the country of residence from the country list.
 */
export function PersonalSection({ lists, answers, onChange }: SectionProps<PersonalAnswers>) {
  const intl = useIntl();
  const optional = useOptionalLabel();
  const countries = useMemo(() => countryOptions(lists.countries, intl), [lists.countries, intl]);
  const set = <Key extends keyof PersonalAnswers>(key: Key, value: PersonalAnswers[Key]) =>
    onChange({ ...answers, [key]: value });
  const t = (id: MessageId) => intl.formatMessage({ id });
  const text = (key: 'familyName' | 'givenNames' | 'nameJa') => ({
    name: `personal.${key}`,
    id: fieldId(`personal.${key}`),
    defaultValue: answers[key] ?? '',
    onChange: (value: string) => set(key, value === '' ? undefined : value),
  });
  return (
    <>
      <TextField
        {...text('familyName')}
        label={t('planner.application.personal.familyName')}
        description={t('planner.application.personal.familyNameHint')}
        autoComplete="family-name"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <TextField
        {...text('givenNames')}
        label={optional(t('planner.application.personal.givenNames'))}
        description={t('planner.application.personal.givenNamesHint')}
        autoComplete="given-name"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <TextField
        {...text('nameJa')}
        label={optional(t('planner.application.personal.nameJa'))}
        description={t('planner.application.personal.nameJaHint')}
        spellCheck={false}
      />
      <DateField
        path="personal.dateOfBirth"
        legend={t('planner.application.personal.dateOfBirth')}
        hint={t('planner.application.personal.dateOfBirthHint')}
        value={answers.dateOfBirth}
        onChange={(value) => set('dateOfBirth', value)}
        autoComplete="bday"
      />
      <SelectField
        path="personal.nationalityId"
        label={t('planner.application.personal.nationality')}
        value={answers.nationalityId}
        options={countries}
        onChange={(value) => set('nationalityId', value)}
        placeholder={t('planner.application.selectCountry')}
      />
      <SelectField
        path="personal.residenceCountryId"
        label={t('planner.application.personal.residence')}
        value={answers.residenceCountryId}
        options={countries}
        onChange={(value) => set('residenceCountryId', value)}
        placeholder={t('planner.application.selectCountry')}
      />
    </>
  );
}
