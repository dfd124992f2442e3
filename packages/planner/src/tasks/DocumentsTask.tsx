import { useIntl } from 'react-intl';
import { planDocuments } from '../model';
import { nameIn } from '../names';
import { Choice } from '../TaskPage';
import * as styles from '../Planner.css';
import type { TaskProps } from './types';

/**
 * Task 4: the documents the supervisor's graduate school asks for this kind of application (`documentsFor`):
 * required ones first, then optional ones, in display order, with their descriptions. The applicant ticks
 * what is ready; complete when every required one is ticked (docs/behaviour.md#planner).
 */
export function DocumentsTask({ lists, draft, setDraft, locale }: TaskProps) {
  const intl = useIntl();
  const { certificates, materials } = planDocuments(lists, draft);
  if (draft.teacherId === undefined || draft.studentType === undefined)
    return <p className={styles.inset}>{intl.formatMessage({ id: 'planner.needsSupervisor' })}</p>;

  const materialName = (typeId: number) => {
    const type = lists.supplementalMaterialTypes.find((item) => item.id === typeId);
    return type ? nameIn(locale, type) : '';
  };
  const documents = [
    ...certificates.map((c) => ({
      key: `certificate-${c.id}`,
      field: 'readyCertificateIds' as const,
      id: c.id,
      required: c.required,
      name: nameIn(locale, c),
      description: locale === 'ja' ? c.descriptionJa : c.description,
    })),
    ...materials.map((m) => ({
      key: `material-${m.id}`,
      field: 'readyMaterialIds' as const,
      id: m.id,
      required: m.required,
      name: materialName(m.supplementalMaterialTypeId),
      description: '',
    })),
  ];
  const required = documents.filter((d) => d.required);
  const ready = required.filter((d) => draft[d.field].includes(d.id)).length;
  const toggle = (field: 'readyCertificateIds' | 'readyMaterialIds', id: number, on: boolean) =>
    setDraft((plan) => ({
      ...plan,
      [field]: on ? [...new Set([...plan[field], id])] : plan[field].filter((other) => other !== id),
    }));

  const firstKey = [...required, ...documents.filter((d) => !d.required)][0]?.key;
  const part = (kind: 'required' | 'optional') => {
    const items = documents.filter((d) => d.required === (kind === 'required'));
    return (
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{intl.formatMessage({ id: `planner.documents.${kind}` })}</legend>
        {items.length === 0 && (
          <p className={styles.muted}>{intl.formatMessage({ id: 'planner.documents.none' })}</p>
        )}
        {items.map((d) => {
          const id = d.key === firstKey ? `planner-${d.field}` : `planner-${d.key}`;
          return (
            <Choice
              key={d.key}
              type="checkbox"
              name={d.field}
              id={id}
              checked={draft[d.field].includes(d.id)}
              onChange={(on) => toggle(d.field, d.id, on)}
              label={d.name}
              hint={d.description || undefined}
            />
          );
        })}
      </fieldset>
    );
  };
  return (
    <>
      <p className={styles.text}>{intl.formatMessage({ id: 'planner.documents.lead' })}</p>
      <p className={styles.text} role="status">
        {intl.formatMessage({ id: 'planner.documents.progress' }, { ready, total: required.length })}
      </p>
      {part('required')}
      {part('optional')}
    </>
  );
}
