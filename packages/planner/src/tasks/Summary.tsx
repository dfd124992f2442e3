import { useEffect, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Plan } from '@pre-admission/api';
import type { Locale } from '@pre-admission/i18n';
import { Button, visuallyHidden } from '@pre-admission/ui';
import { planDocuments, requiredTasks, taskStatuses, type PlannerLists, type TaskName } from '../model';
import { choiceNames, nameIn } from '../names';
import { BackLink, PlannerLink } from '../TaskPage';
import * as styles from '../Planner.css';

export interface SummaryProps {
  lists: PlannerLists;
  plan: Plan;
  locale: Locale;
  /** The signed-in account (its address): the printout says whose plan it is. */
  owner?: string | undefined;
  onOpen: (task: TaskName | undefined) => void;
  /** The task list's address: the back link's href. */
  backHref: string;
  /** Each task's address: the Change links' href. */
  hrefOf: (task: TaskName) => string;
  /**
   * Starting an application of the plan's kind (or going on with its draft): without it, the summary offers
   * none. `failed`: the last start's failure, said under the button.
   */
  start?: { onStart: () => void; starting: boolean; failed?: string | undefined } | undefined;
}

/**
 * Task 7: everything chosen, each with a Change link, then what is still to do; it prints as a one-page
 * checklist in the chosen language (Planner.css.ts's print rules, docs/behaviour.md#planner).
 */
export function Summary({ lists, plan, locale, owner, onOpen, backHref, hrefOf, start }: SummaryProps) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const names = choiceNames(lists, plan, intl);
  const statuses = taskStatuses(lists, plan);
  const notChosen = intl.formatMessage({ id: 'planner.notChosen' });
  const title = (task: TaskName) => intl.formatMessage({ id: `planner.task.${task}` });

  const { certificates, materials } = planDocuments(lists, plan);
  const materialName = (typeId: number) => {
    const type = lists.supplementalMaterialTypes.find((item) => item.id === typeId);
    return type ? nameIn(locale, type) : '';
  };
  // Required ones first, certificates and materials alike, then the optional ones: an optional certificate
  // no longer stands between the required certificates and the required materials (issue 38 item 6).
  const documents = [
    ...certificates.map((c) => ({
      key: `c${c.id}`,
      name: nameIn(locale, c),
      required: c.required,
      ready: plan.readyCertificateIds.includes(c.id),
    })),
    ...materials.map((m) => ({
      key: `m${m.id}`,
      name: materialName(m.supplementalMaterialTypeId),
      required: m.required,
      ready: plan.readyMaterialIds.includes(m.id),
    })),
  ].sort((a, b) => Number(b.required) - Number(a.required));
  const joined = (...parts: Array<string | undefined>) => parts.filter(Boolean).join(' / ') || notChosen;

  const rows: ReadonlyArray<{ task: Exclude<TaskName, 'summary'>; value: ReactNode }> = [
    {
      task: 'kind',
      value: plan.studentType ? intl.formatMessage({ id: `planner.kind.${plan.studentType}` }) : notChosen,
    },
    { task: 'programme', value: names.programme ?? notChosen },
    { task: 'supervisor', value: names.teacher ? joined(names.teacher, names.course) : notChosen },
    {
      task: 'documents',
      value:
        documents.length === 0 ? (
          notChosen
        ) : (
          // One marker per document, the box (issue 38 item 6: a bullet and a box were two).
          <ul className={styles.checklist}>
            {documents.map((d) => (
              <li key={d.key}>
                {d.ready ? '☑' : '☐'} {d.name} (
                {intl.formatMessage({
                  id: d.ready ? 'planner.summary.documentReady' : 'planner.summary.documentNotReady',
                })}
                )
              </li>
            ))}
          </ul>
        ),
    },
    {
      task: 'scholarship',
      value: joined(names.scholarship, names.scholarshipStatus, names.financialSupport),
    },
    { task: 'university', value: joined(names.country, names.university) },
  ];

  const missingTasks = requiredTasks.filter((task) => statuses[task] !== 'completed');
  const missingDocuments = documents.filter((d) => d.required && !d.ready);

  return (
    <div className={styles.root} data-planner-print="">
      <BackLink href={backHref} onBack={() => onOpen(undefined)} />
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {intl.formatMessage({ id: 'planner.summary.title' })}
      </h1>
      <p className={`${styles.text} ${styles.noPrint}`}>
        {intl.formatMessage({ id: 'planner.summary.lead' })}
      </p>
      {/* The printout says whose plan it is and when it was printed (issue 38 item 6). */}
      <p className={styles.printOnly}>
        {intl.formatMessage(
          { id: owner ? 'planner.summary.printedFor' : 'planner.summary.printedOn' },
          { email: owner ?? '', date: intl.formatDate(new Date(), { dateStyle: 'long' }) },
        )}
      </p>
      <section aria-labelledby="planner-summary-choices">
        <h2 id="planner-summary-choices" className={styles.sectionHeading}>
          {intl.formatMessage({ id: 'planner.summary.choices' })}
        </h2>
        <dl className={styles.summaryList}>
          {rows.map(({ task, value }) => (
            <div key={task} className={styles.summaryRow}>
              <dt className={styles.summaryKey}>{title(task)}</dt>
              <dd className={styles.summaryValue}>{value}</dd>
              <dd className={`${styles.summaryValue} ${styles.noPrint}`}>
                <PlannerLink href={hrefOf(task)} onOpen={() => onOpen(task)} className={styles.taskLink}>
                  {intl.formatMessage({ id: 'planner.summary.change' })}
                  {/* GOV.UK's summary list: the visible word, then the task for screen readers, so the name
                      always starts with what is seen (WCAG 2.5.3), in any language. */}
                  <span className={visuallyHidden}>
                    {' '}
                    {intl.formatMessage({ id: 'planner.summary.changeTask' }, { task: title(task) })}
                  </span>
                </PlannerLink>
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="planner-summary-missing">
        <h2 id="planner-summary-missing" className={styles.sectionHeading}>
          {intl.formatMessage({ id: 'planner.summary.missing' })}
        </h2>
        {missingTasks.length + missingDocuments.length === 0 ? (
          <p className={styles.text}>{intl.formatMessage({ id: 'planner.summary.nothingMissing' })}</p>
        ) : (
          <ul className={styles.list}>
            {missingTasks.map((task) => (
              <li key={task}>
                {intl.formatMessage({ id: 'planner.summary.missingTask' }, { task: title(task) })}
              </li>
            ))}
            {missingDocuments.map((d) => (
              <li key={d.key}>
                {intl.formatMessage({ id: 'planner.summary.missingDocument' }, { name: d.name })}
              </li>
            ))}
          </ul>
        )}
      </section>
      {start && (
        <section aria-labelledby="planner-summary-start" className={`${styles.root} ${styles.noPrint}`}>
          <h2 id="planner-summary-start" className={styles.sectionHeading}>
            {intl.formatMessage({ id: 'planner.application.start.title' })}
          </h2>
          {plan.studentType ? (
            <>
              <p className={styles.text}>{intl.formatMessage({ id: 'planner.application.start.text' })}</p>
              <p role="alert" className={styles.errorMessage}>
                {start.failed}
              </p>
              <div className={styles.actions}>
                <Button isPending={start.starting} onPress={() => !start.starting && start.onStart()}>
                  {intl.formatMessage({ id: 'planner.application.start.button' })}
                </Button>
              </div>
            </>
          ) : (
            <p className={styles.text}>{intl.formatMessage({ id: 'planner.application.start.needsKind' })}</p>
          )}
        </section>
      )}
      <div className={`${styles.actions} ${styles.noPrint}`}>
        <Button variant="secondary" onPress={() => window.print()}>
          {intl.formatMessage({ id: 'planner.summary.print' })}
        </Button>
      </div>
    </div>
  );
}
