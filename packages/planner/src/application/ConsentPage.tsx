import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import {
  failureCause,
  failureRequestId,
  type Api,
  type ApplicationConsent,
  type ConsentRequest,
} from '@pre-admission/api';
import { Button, Dialog, Form, useFailureMessage, useField } from '@pre-admission/ui';
import { characterCount } from '../applications/status';
import * as overviewStyles from '../applications/ApplicationsOverview.css';
import * as styles from '../Planner.css';
import { PlannerLink } from '../TaskPage';
import type { PageName } from './model';
import { ApplicationBackLink } from './SectionPage';
import { inJapan } from './times';

/** The message to the supervisor: required, at most 2000 characters (openapi.yaml NewConsentRequest). */
export const consentMessageMaxLength = 2000;

export interface ConsentPageProps {
  api: Api;
  applicationId: string;
  consent: ApplicationConsent;
  /** The supervisor chosen in the first section: their id and name in the page's language, if chosen. */
  teacherId: number | undefined;
  teacherNameOf: (teacherId: number) => string | undefined;
  /** The research plan uploaded in Documents (the file that goes with a request), if any. */
  researchPlan: string | undefined;
  /** Whether the application is a draft (requests are asked from a draft only). */
  draft: boolean;
  /** The consent as the server answered it after a request, a withdrawal, or a refusal's reread. */
  onConsent: (consent: ApplicationConsent) => void;
  /** Reads the consent again (a refusal that says it changed meanwhile). */
  onReread: () => void;
  hrefOf: (page?: PageName) => string;
  onOpen: (page?: PageName) => void;
  onNoSession: () => void;
  onSecondFactorRequired?: (() => void) | undefined;
}

type Errors = Readonly<Record<string, string>>;
type WayForward = 'choices' | 'documents';

/**
 * The applicant's page of the supervisor's consent (内諾; issue 40 item 2): the chosen supervisor, the latest
 * request and the earlier ones (a decline's reason in the applicant's language and the supervisor's message),
 * the form that asks (a message; the research plan uploaded in Documents goes with it), Withdraw for a waiting
 * request (confirmed), and after a decline, expiry or withdrawal the form again with a link to choose another
 * supervisor. A refusal keeps the message as typed and says the way forward.
 */
export function ConsentPage({
  api,
  applicationId,
  consent,
  teacherId,
  teacherNameOf,
  researchPlan,
  draft,
  onConsent,
  onReread,
  hrefOf,
  onOpen,
  onNoSession,
  onSecondFactorRequired,
}: ConsentPageProps) {
  const intl = useIntl();
  const failureMessage = useFailureMessage();
  const heading = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [way, setWay] = useState<WayForward>();
  const [notice, setNotice] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [withdrawErrors, setWithdrawErrors] = useState<Errors>({});
  const formId = useId();
  const busy = useRef(false);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const ask = useMutation({
    mutationFn: (text: string) => api.requestConsent(applicationId, { message: text }),
    retry: false,
    networkMode: 'always',
  });
  const withdraw = useMutation({
    mutationFn: (requestId: string) => api.withdrawConsentRequest(applicationId, requestId),
    retry: false,
    networkMode: 'always',
  });

  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage(
      { id: `planner.application.consent.${id}` as 'planner.application.consent.ask' },
      values,
    );
  const nameOf = (id: number) => teacherNameOf(id) ?? String(id);
  const teacher = teacherId === undefined ? undefined : nameOf(teacherId);
  const [latest, ...earlier] = consent.requests;
  const waiting = latest?.status === 'requested' ? latest : undefined;
  const canAsk = draft && teacherId !== undefined && !waiting && !consent.given;

  /** The failures every call shares; returns the message to show, or undefined when the app took over. */
  const common = (failure: string, retryAfter?: number): string | undefined => {
    switch (failure) {
      case 'noSession':
        onNoSession();
        return undefined;
      case 'secondFactorRequired':
        if (onSecondFactorRequired) {
          onSecondFactorRequired();
          return undefined;
        }
        return intl.formatMessage({ id: 'planner.error.saveFailed' });
      case 'rateLimited':
        return intl.formatMessage({ id: 'planner.error.rateLimited' }, { seconds: retryAfter ?? 60 });
      case 'notEditable':
        return intl.formatMessage({ id: 'planner.application.error.notEditable' });
      default:
        return intl.formatMessage({ id: 'planner.application.error.gone' });
    }
  };

  const send = async (text: string) => {
    if (busy.current) return;
    busy.current = true;
    setWay(undefined);
    try {
      const result = await ask.mutateAsync(text);
      if (result.ok) {
        onConsent(result.data);
        setErrors({});
        setMessage('');
        setNotice(t('sent', { teacher: teacher ?? '' }));
        return;
      }
      const say = (text_: string | undefined, next?: WayForward) => {
        if (text_ !== undefined) setErrors({ form: text_ });
        setWay(next);
      };
      switch (result.failure) {
        case 'noSupervisor':
          return say(t('error.noSupervisor'), 'choices');
        case 'noResearchPlan':
          return say(t('error.noResearchPlan'), 'documents');
        case 'supervisorUnavailable':
          return say(t('error.supervisorUnavailable'), 'choices');
        case 'consentPending':
          onReread();
          return say(t('error.pending'));
        case 'consentGiven':
          onReread();
          return say(t('error.given'));
        default:
          return say(common(result.failure, 'retryAfter' in result ? result.retryAfter : undefined));
      }
    } catch (error) {
      const cause = failureCause(error);
      setErrors({
        form:
          cause === 'other'
            ? t('error.sendFailed')
            : failureMessage({ cause, requestId: failureRequestId(error) }),
      });
    } finally {
      busy.current = false;
    }
  };

  const confirmWithdrawal = async () => {
    if (busy.current || !waiting) return;
    busy.current = true;
    try {
      const result = await withdraw.mutateAsync(waiting.id);
      if (result.ok) {
        onConsent(result.data);
        setWithdrawErrors({});
        setConfirming(false);
        setNotice(t('withdrawn'));
        return;
      }
      if (result.failure === 'consentNotPending' || result.failure === 'consentRequestNotFound') {
        onReread();
        setConfirming(false);
        setErrors({ form: t('error.notPending') });
        return;
      }
      const said = common(result.failure, 'retryAfter' in result ? result.retryAfter : undefined);
      if (said !== undefined) setWithdrawErrors({ form: said });
    } catch (error) {
      const cause = failureCause(error);
      setWithdrawErrors({
        form:
          cause === 'other'
            ? t('error.withdrawFailed')
            : failureMessage({ cause, requestId: failureRequestId(error) }),
      });
    } finally {
      busy.current = false;
    }
  };

  const link = (page: PageName, text: string) => (
    <p className={styles.text}>
      <PlannerLink href={hrefOf(page)} onOpen={() => onOpen(page)} className={styles.taskLink}>
        {text}
      </PlannerLink>
    </p>
  );

  return (
    <div className={styles.root}>
      <ApplicationBackLink href={hrefOf()} onBack={() => onOpen()} />
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {intl.formatMessage({ id: 'planner.application.section.consent' })}
      </h1>
      {notice && (
        <p ref={noticeRef} tabIndex={-1} role="status" className={styles.notice}>
          {notice}
        </p>
      )}
      {!consent.required ? (
        <p className={styles.text}>{t('notRequired')}</p>
      ) : (
        <>
          <p className={styles.text}>{t('lead')}</p>
          <dl className={styles.summaryList}>
            <Row label={t('supervisor')}>{teacher ?? intl.formatMessage({ id: 'planner.notChosen' })}</Row>
          </dl>
          {teacherId === undefined && (
            <>
              <p className={styles.inset}>{t('noSupervisor')}</p>
              {link('choices', t('toChoices'))}
            </>
          )}
          {latest && (
            <section aria-labelledby={`${formId}-current`}>
              <h2 id={`${formId}-current`} className={styles.sectionHeading}>
                {t('current')}
              </h2>
              <RequestDetails request={latest} teacher={nameOf(latest.teacherId)} />
              <p className={styles.text}>
                {t(
                  latest.status === 'accepted' && !consent.given
                    ? 'about.acceptedOther'
                    : `about.${latest.status}`,
                )}
              </p>
              {waiting && draft && (
                <div className={styles.actions}>
                  <Button variant="secondary" onPress={() => setConfirming(true)}>
                    {t('withdraw')}
                  </Button>
                </div>
              )}
              {!waiting && !consent.given && draft && link('choices', t('chooseAnother'))}
            </section>
          )}
          {canAsk && (
            <section aria-labelledby={`${formId}-ask`}>
              <Form
                errors={errors}
                onSubmit={(values) => !ask.isPending && void send(values.message ?? message)}
              >
                <h2 id={`${formId}-ask`} className={styles.sectionHeading}>
                  {t(latest ? 'askAgain' : 'ask')}
                </h2>
                <MessageField message={message} onChange={setMessage} />
                {researchPlan !== undefined ? (
                  <p className={styles.text}>{t('attached', { fileName: researchPlan })}</p>
                ) : (
                  <>
                    <p className={styles.inset}>{t('noResearchPlan')}</p>
                    {link('documents', t('toDocuments'))}
                  </>
                )}
                {way === 'choices' && link('choices', t('chooseAnother'))}
                {way === 'documents' && researchPlan !== undefined && link('documents', t('toDocuments'))}
                <div className={styles.actions}>
                  <Button type="submit" isPending={ask.isPending}>
                    {t('send')}
                  </Button>
                </div>
              </Form>
            </section>
          )}
          {!canAsk && errors.form && (
            <p role="alert" className={styles.errorMessage}>
              {errors.form}
            </p>
          )}
          {earlier.length > 0 && (
            <section aria-labelledby={`${formId}-history`}>
              <h2 id={`${formId}-history`} className={styles.sectionHeading}>
                {t('history')}
              </h2>
              <ol className={overviewStyles.timeline}>
                {earlier.map((request) => (
                  <li key={request.id}>
                    <RequestDetails request={request} teacher={nameOf(request.teacherId)} />
                  </li>
                ))}
              </ol>
            </section>
          )}
        </>
      )}
      {waiting && (
        <Dialog
          title={t('withdrawTitle')}
          isOpen={confirming}
          onOpenChange={(open) => !open && !withdraw.isPending && setConfirming(false)}
          dismiss="cancel"
          actions={
            <Button type="submit" form={`${formId}-withdraw`} isPending={withdraw.isPending}>
              {t('withdraw')}
            </Button>
          }
        >
          <Form
            id={`${formId}-withdraw`}
            errors={withdrawErrors}
            onSubmit={() => !withdraw.isPending && void confirmWithdrawal()}
          >
            <p className={styles.text}>{t('withdrawText', { teacher: nameOf(waiting.teacherId) })}</p>
          </Form>
        </Dialog>
      )}
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.summaryRow}>
      <dt className={styles.summaryKey}>{label}</dt>
      <dd className={styles.summaryValue}>{children}</dd>
    </div>
  );
}

/** One request: to whom, its status, when, the message, the research plan, and a decline's reason and message. */
function RequestDetails({ request, teacher }: { request: ConsentRequest; teacher: string }) {
  const intl = useIntl();
  const locale = intl.locale === 'ja' ? 'ja' : 'en';
  const t = (id: string) =>
    intl.formatMessage({ id: `planner.application.consent.${id}` as 'planner.application.consent.ask' });
  return (
    <dl className={styles.summaryList}>
      <Row label={t('to')}>{teacher}</Row>
      <Row label={t('state')}>{t(`status.${request.status}`)}</Row>
      <Row label={t('sentAt')}>{inJapan(intl, request.requestedAt)}</Row>
      {request.status === 'requested' ? (
        <Row label={t('answerBy')}>{inJapan(intl, request.expiresAt)}</Row>
      ) : (
        request.closedAt && <Row label={t('closedAt')}>{inJapan(intl, request.closedAt)}</Row>
      )}
      <Row label={t('yourMessage')}>
        <span className={overviewStyles.quote}>{request.message}</span>
      </Row>
      {request.researchPlan && <Row label={t('researchPlan')}>{request.researchPlan.fileName}</Row>}
      {request.reason && <Row label={t('reason')}>{request.reason[locale]}</Row>}
      {request.response && (
        <Row label={t('response')}>
          <span className={overviewStyles.quote}>{request.response}</span>
        </Row>
      )}
    </dl>
  );
}

/** The message: a labelled text area with its hint, its error and GOV.UK's count of the characters left. */
function MessageField({ message, onChange }: { message: string; onChange: (message: string) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) =>
    intl.formatMessage(
      { id: `planner.application.consent.${id}` as 'planner.application.consent.ask' },
      values,
    );
  const field = useField({
    name: 'message',
    label: t('message'),
    defaultValue: message,
    onChange,
    normalize: false,
    validate: (text) => {
      if (text.trim() === '') return t('messageRequired');
      if (characterCount(text) > consentMessageMaxLength)
        return t('messageTooLong', { max: consentMessageMaxLength });
      return undefined;
    },
  });
  const left = consentMessageMaxLength - characterCount(field.value);
  const ids = {
    hint: `${field.inputId}-hint`,
    count: `${field.inputId}-count`,
    error: `${field.inputId}-error`,
  };
  return (
    <div className={`${styles.root} ${field.error ? styles.fieldInvalid : ''}`}>
      <label htmlFor={field.inputId} className={styles.label}>
        {t('message')}
      </label>
      <p id={ids.hint} className={styles.muted}>
        {t('messageHint')}
      </p>
      {field.error && (
        <p id={ids.error} className={styles.errorMessage}>
          {field.error}
        </p>
      )}
      <textarea
        id={field.inputId}
        name={field.name}
        rows={6}
        className={`${styles.input} ${overviewStyles.reason}`}
        value={field.value}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={[ids.hint, field.error ? ids.error : undefined, ids.count]
          .filter(Boolean)
          .join(' ')}
        onChange={(event) => field.onChange(event.currentTarget.value)}
        onBlur={field.onBlur}
      />
      <p id={ids.count} className={left < 0 ? styles.errorMessage : styles.muted}>
        {t(left < 0 ? 'tooMany' : 'left', { count: Math.abs(left) })}
      </p>
    </div>
  );
}
