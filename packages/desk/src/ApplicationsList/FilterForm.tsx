import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@pre-admission/i18n';
import { Button } from '@pre-admission/ui';
import type { DeskLists, Named } from '../lists';
import {
  consentFilterMessage,
  consentFilters,
  kinds,
  sortMessage,
  sortOrders,
  statuses,
  type ApplicationFilters,
  type SortOrder,
} from '../model';
import { statusMessage } from '../status';
import * as styles from '../Desk.css';

export type FilterLists = Pick<DeskLists, 'programmes' | 'courses' | 'periods' | 'countries'>;

export interface FilterFormProps {
  filters: ApplicationFilters;
  onChange: (filters: ApplicationFilters) => void;
  lists: FilterLists;
}

/**
 * The list's filters: each select applies at once (the app puts the value in the address and loads the first
 * page); the search applies on Enter or its button, so that a name is not searched letter by letter.
 */
export function FilterForm({ filters, onChange, lists }: FilterFormProps) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const headingId = useId();
  // The search as typed, until applied; the applied one when the filters change from outside (back button).
  const [typed, setTyped] = useState(filters.q ?? '');
  const [applied, setApplied] = useState(filters.q);
  if (applied !== filters.q) {
    setApplied(filters.q);
    setTyped(filters.q ?? '');
  }
  const set = (next: Partial<ApplicationFilters>) =>
    onChange(withoutEmpty({ ...filters, ...next, page: undefined }));
  const numeric = (value: string) => (value === '' ? undefined : Number(value));
  const named = (list: ReadonlyArray<Named<number | string>>) =>
    list.map((entry) => ({ value: String(entry.id), label: entry.name }));

  return (
    <section aria-labelledby={headingId} className={styles.root}>
      <h2 id={headingId} className={styles.heading}>
        {t('desk.list.filters')}
      </h2>
      <div className={styles.filters}>
        <Select
          label={t('desk.filter.status')}
          value={filters.status}
          options={statuses.map((status) => ({ value: status, label: t(statusMessage(status)) }))}
          onChange={(value) => set({ status: value as ApplicationFilters['status'] })}
        />
        <Select
          label={t('desk.filter.kind')}
          value={filters.kind}
          options={kinds.map((kind) => ({ value: kind, label: t(`desk.kind.${kind}`) }))}
          onChange={(value) => set({ kind: value as ApplicationFilters['kind'] })}
        />
        <Select
          label={t('desk.filter.programme')}
          value={filters.programme}
          options={named(lists.programmes)}
          onChange={(value) => set({ programme: numeric(value ?? '') })}
        />
        <Select
          label={t('desk.filter.course')}
          value={filters.course}
          options={named(lists.courses)}
          onChange={(value) => set({ course: numeric(value ?? '') })}
        />
        <Select
          label={t('desk.filter.period')}
          value={filters.period}
          options={named(lists.periods)}
          onChange={(value) => set({ period: value })}
        />
        <Select
          label={t('desk.filter.nationality')}
          value={filters.nationality}
          options={named(lists.countries)}
          onChange={(value) => set({ nationality: numeric(value ?? '') })}
        />
        <Select
          label={t('desk.filter.consent')}
          value={filters.consent}
          options={consentFilters.map((state) => ({ value: state, label: t(consentFilterMessage[state]) }))}
          onChange={(value) => set({ consent: value as ApplicationFilters['consent'] })}
        />
        <Select
          label={t('desk.filter.sort')}
          value={filters.sort ?? '-submitted'}
          options={sortOrders.map((order) => ({ value: order, label: t(sortMessage[order]) }))}
          onChange={(value) => set({ sort: value === '-submitted' ? undefined : (value as SortOrder) })}
          required
        />
      </div>
      <form
        role="search"
        className={styles.search}
        onSubmit={(event) => {
          event.preventDefault();
          set({ q: typed.trim() === '' ? undefined : typed.trim() });
        }}
      >
        <SearchField value={typed} onChange={setTyped} />
        <Button type="submit" variant="secondary">
          {t('desk.filter.apply')}
        </Button>
      </form>
      {hasFilters(filters) && (
        <div>
          <Button variant="quiet" onPress={() => onChange(cleared(filters))}>
            {t('desk.filter.clear')}
          </Button>
        </div>
      )}
    </section>
  );
}

/** Whether any filter or search narrows the list (the sort and the page do not). */
export const hasFilters = ({ sort: _sort, page: _page, ...rest }: ApplicationFilters) =>
  Object.values(rest).some((value) => value !== undefined);

/** Every filter and the search removed; the sort kept. */
export const cleared = (filters: ApplicationFilters): ApplicationFilters =>
  filters.sort === undefined ? {} : { sort: filters.sort };

/** Absent rather than undefined: the value stays a plain, comparable object for the address. */
const withoutEmpty = (filters: ApplicationFilters): ApplicationFilters =>
  Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined),
  ) as ApplicationFilters;

interface SelectProps {
  label: string;
  value: string | number | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string | undefined) => void;
  /** No "Any" option: the sort always has a value. */
  required?: boolean;
}

/** A labelled native select: a long list (the countries) opens the browser's own picker, typing jumps in it. */
function Select({ label, value, options, onChange, required = false }: SelectProps) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.input}
        value={value === undefined ? '' : String(value)}
        onChange={(event) =>
          onChange(event.currentTarget.value === '' ? undefined : event.currentTarget.value)
        }
      >
        {!required && <option value="">{intl.formatMessage({ id: 'desk.filter.any' })}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function SearchField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {intl.formatMessage({ id: 'desk.filter.search' })}
      </label>
      <p id={`${id}-hint`} className={styles.muted}>
        {intl.formatMessage({ id: 'desk.filter.searchHint' })}
      </p>
      <input
        id={id}
        type="search"
        name="q"
        className={styles.input}
        value={value}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </div>
  );
}
