import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import type { StudentType } from '@pre-admission/api';
import type { MessageId } from '@pre-admission/i18n';
import {
  schooling,
  universitiesOf,
  type EducationAnswers,
  type EducationEntryAnswers,
} from '@pre-admission/rules';
import { Button, TextField } from '@pre-admission/ui';
import { countryOptions, nameIn, universityName } from '../../names';
import * as styles from '../../Planner.css';
import * as own from '../Application.css';
import { DateField, SelectField, useFieldLink, useOptionalLabel } from '../fields';
import { fieldId } from '../model';
import type { SectionProps } from './types';

export interface EducationSectionProps extends SectionProps<EducationAnswers> {
  studentType: StudentType;
  /** This month in Japan (`YYYY-MM`): an entry still going on counts until then. */
  thisMonth: string;
}

/** The select's value for "not in the list": the institution's name is typed instead. */
const notListed = -1;

/**
 * Education history (docs/behaviour.md#applications): one or more schools or universities, each with its
 * country (and that country's note where its details have one, CHESICC's for China), the institution (a
 * ranked university of that country, or its name typed when it is not listed), the education system and type,
 * the months attended and the certificate. Below them, the years of schooling the entries add up to against what
 * the kind of application asks for: said, never refused (eligibility is screened one by one).
 */
export function EducationSection({
  lists,
  answers,
  onChange,
  locale,
  studentType,
  thisMonth,
}: EducationSectionProps) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const entries: readonly EducationEntryAnswers[] = answers.entries.length > 0 ? answers.entries : [{}];
  // Stable keys for the entries, so that removing one keeps what was typed in the others.
  const [keys, setKeys] = useState(() => entries.map((_, index) => index));
  const [nextKey, setNextKey] = useState(entries.length);
  // The entries whose institution is typed although the country has ranked universities.
  const [typed, setTyped] = useState<ReadonlySet<number>>(
    () => new Set(keys.filter((_, index) => entries[index]?.institutionName !== undefined)),
  );
  const setEntries = (next: readonly EducationEntryAnswers[]) => onChange({ ...answers, entries: next });
  const setEntry = (index: number, entry: EducationEntryAnswers) =>
    setEntries(entries.map((old, at) => (at === index ? entry : old)));
  const add = () => {
    setKeys([...keys, nextKey]);
    setNextKey(nextKey + 1);
    setEntries([...entries, {}]);
  };
  const remove = (index: number) => {
    setKeys(keys.filter((_, at) => at !== index));
    setEntries(entries.filter((_, at) => at !== index));
  };
  const entriesLink = useFieldLink('education.entries', t('planner.application.education.title'));
  const years = schooling(lists, studentType, entries, thisMonth);

  return (
    <>
      {entries.map((entry, index) => (
        <EntryFields
          key={keys[index]}
          index={index}
          entry={entry}
          lists={lists}
          locale={locale}
          typed={typed.has(keys[index] ?? -1)}
          onTyped={(on) => {
            const key = keys[index] ?? -1;
            setTyped((old) => {
              const next = new Set(old);
              if (on) next.add(key);
              else next.delete(key);
              return next;
            });
          }}
          onChange={(next) => setEntry(index, next)}
          onRemove={entries.length > 1 ? () => remove(index) : undefined}
        />
      ))}
      <div className={styles.actions}>
        <Button id={entriesLink.id} variant="secondary" onPress={add}>
          {t('planner.application.education.add')}
        </Button>
      </div>
      <div className={years.enough ? styles.fieldset : styles.inset} role="status">
        <p className={styles.text}>
          {intl.formatMessage({ id: 'planner.application.education.years' }, { years: years.years })}
        </p>
        {years.required !== undefined && (
          <p className={styles.text}>
            {intl.formatMessage(
              {
                id: years.enough
                  ? 'planner.application.education.yearsEnough'
                  : 'planner.application.education.yearsShort',
              },
              {
                required: years.required,
                kind: intl.formatMessage({ id: `planner.kind.${studentType}` }),
              },
            )}
          </p>
        )}
      </div>
    </>
  );
}

interface EntryFieldsProps {
  index: number;
  entry: EducationEntryAnswers;
  lists: EducationSectionProps['lists'];
  locale: EducationSectionProps['locale'];
  typed: boolean;
  onTyped: (typed: boolean) => void;
  onChange: (entry: EducationEntryAnswers) => void;
  onRemove: (() => void) | undefined;
}

function EntryFields({ index, entry, lists, locale, typed, onTyped, onChange, onRemove }: EntryFieldsProps) {
  const intl = useIntl();
  const optional = useOptionalLabel();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const at = `education.entries.${index}`;
  const countries = useMemo(() => countryOptions(lists.countries, intl), [lists.countries, intl]);
  const universities =
    entry.countryId === undefined ? [] : universitiesOf(lists.rankedUniversities, entry.countryId);
  const detail = lists.countryDetails.find((d) => d.countryId === entry.countryId);
  const note = detail && (locale === 'ja' ? detail.noteJa : detail.note);
  const items = (list: ReadonlyArray<{ id: number; name: string; nameJa: string }>) =>
    list.map((item) => ({ id: item.id, name: nameIn(locale, item) }));
  const set = <Key extends keyof EducationEntryAnswers>(key: Key, value: EducationEntryAnswers[Key]) =>
    onChange({ ...entry, [key]: value });
  // The institution is typed where the country has no ranked university, or the applicant said it is not listed.
  const typing = entry.countryId !== undefined && (universities.length === 0 || typed);
  const heading = intl.formatMessage({ id: 'planner.application.education.entry' }, { number: index + 1 });
  // In the error summary, each field says which entry it is of: "School or university 2: From".
  const inEntry = (label: string) =>
    intl.formatMessage({ id: 'planner.application.education.entryField' }, { entry: heading, field: label });

  return (
    <fieldset className={`${styles.fieldset} ${own.entry}`}>
      <legend className={styles.legend}>{heading}</legend>
      <SelectField
        path={`${at}.countryId`}
        summaryLabel={inEntry(t('planner.application.education.country'))}
        label={t('planner.application.education.country')}
        hint={note || undefined}
        value={entry.countryId}
        options={countries}
        onChange={(countryId) =>
          // Another country: the university chosen was that country's.
          onChange({ ...entry, countryId, universityId: undefined })
        }
        placeholder={t('planner.application.selectCountry')}
      />
      {entry.countryId !== undefined && universities.length > 0 && (
        <SelectField
          path={`${at}.universityId`}
          summaryLabel={inEntry(t('planner.application.education.institution'))}
          label={t('planner.application.education.institution')}
          value={typed ? notListed : entry.universityId}
          options={[
            ...universities.map((university) => ({
              id: university.id,
              name: universityName(intl, university),
            })),
            { id: notListed, name: t('planner.application.education.notListed') },
          ]}
          onChange={(value) => {
            onTyped(value === notListed);
            onChange({
              ...entry,
              universityId: value === notListed ? undefined : value,
              institutionName: value === notListed ? entry.institutionName : undefined,
            });
          }}
          placeholder={t('planner.application.education.selectInstitution')}
        />
      )}
      {typing && (
        <TextField
          name={`${at}.institutionName`}
          id={fieldId(`${at}.institutionName`)}
          label={t('planner.application.education.institutionName')}
          description={t('planner.application.education.institutionNameHint')}
          defaultValue={entry.institutionName ?? ''}
          onChange={(value) => set('institutionName', value === '' ? undefined : value)}
        />
      )}
      <SelectField
        path={`${at}.educationTypeId`}
        summaryLabel={inEntry(t('planner.application.education.type'))}
        label={t('planner.application.education.type')}
        value={entry.educationTypeId}
        options={items(lists.educationTypes)}
        onChange={(value) => set('educationTypeId', value)}
        placeholder={t('planner.application.select')}
      />
      <SelectField
        path={`${at}.educationSystemId`}
        summaryLabel={inEntry(t('planner.application.education.system'))}
        label={optional(t('planner.application.education.system'))}
        value={entry.educationSystemId}
        options={items(lists.educationSystems)}
        onChange={(value) => set('educationSystemId', value)}
        placeholder={t('planner.application.select')}
      />
      <DateField
        path={`${at}.from`}
        summaryLabel={inEntry(t('planner.application.education.from'))}
        legend={t('planner.application.education.from')}
        day={false}
        value={entry.from}
        onChange={(value) => set('from', value)}
      />
      <DateField
        path={`${at}.to`}
        summaryLabel={inEntry(t('planner.application.education.to'))}
        legend={optional(t('planner.application.education.to'))}
        hint={t('planner.application.education.toHint')}
        day={false}
        value={entry.to}
        onChange={(value) => set('to', value)}
      />
      <SelectField
        path={`${at}.certificateCategoryId`}
        summaryLabel={inEntry(t('planner.application.education.certificateCategory'))}
        label={optional(t('planner.application.education.certificateCategory'))}
        value={entry.certificateCategoryId}
        options={items(lists.educationCertificateCategories)}
        onChange={(value) => set('certificateCategoryId', value)}
        placeholder={t('planner.application.select')}
      />
      <SelectField
        path={`${at}.certificateTypeId`}
        summaryLabel={inEntry(t('planner.application.education.certificateType'))}
        label={optional(t('planner.application.education.certificateType'))}
        value={entry.certificateTypeId}
        options={items(lists.educationCertificateTypes)}
        onChange={(value) => set('certificateTypeId', value)}
        placeholder={t('planner.application.select')}
      />
      {onRemove && (
        <div className={styles.actions}>
          <Button variant="quiet" onPress={onRemove}>
            {intl.formatMessage({ id: 'planner.application.education.remove' }, { number: index + 1 })}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
