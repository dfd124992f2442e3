// The staff's daily summary (issue 40, item 4; docs/behaviour.md#the-daily-summary): once a day, from 08:00
// Japan time, each staff member who can work in the console (an invitation accepted, a second factor held, not
// removed) and has not turned the summary off is mailed what waits for them, counted within their reach
// (reach.ts, the same condition as the list): applications sent and not yet opened, applications being reviewed,
// and, for the desk and supervisors, the consent requests waiting for an answer (a supervisor's own, with those
// that expire within two days). Nothing waiting, no mail. Japanese first, then English (a staff account keeps
// no language), with a link to the console and where to turn the summary off; no name or other personal data
// of an applicant is in it. Several instances at once send it once: the day is claimed on the account's row
// (`summary_sent_on`) in the transaction that queues the mail, so a crash before the commit leaves the day
// unclaimed for the next run.
import type { Services } from '../services.ts';
import type { Queryable } from '../platform/db.ts';
import { assignmentOf, type StaffAssignment } from '../staff/staffAccounts.ts';
import type { MailMessage } from '../mail/templates.ts';
import { signature } from '../application/receipt.ts';
import { deskLists, reachCondition, type DeskLists } from './reach.ts';

/** The hour (Japan time) from which a day's summary goes. */
export const SUMMARY_HOUR_JAPAN = 8;
const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;
/** A waiting consent request this close to its end is named apart. */
const EXPIRING_SOON_MS = 2 * DAY;
/** Accounts claimed per transaction: a run is a few bounded steps, not one long lock. */
const BATCH = 50;

/** What waits for one staff member. */
export interface Waiting {
  /** Applications sent (or sent again after a return) that nobody has opened yet. */
  readonly toOpen: number;
  /** Applications being reviewed: a decision or a return to record. */
  readonly underReview: number;
  /** Consent requests waiting for an answer: the supervisor's own; for the desk, everyone's. */
  readonly consentRequests: number;
  /** Of those, the ones that expire within two days. */
  readonly consentExpiringSoon: number;
}

/** The Japan-time date (YYYY-MM-DD) of an instant, and whether the day's summary hour has come. */
export function japanDay(now: Date): { day: string; due: boolean } {
  const japan = new Date(now.getTime() + JAPAN_OFFSET_MS);
  return { day: japan.toISOString().slice(0, 10), due: japan.getUTCHours() >= SUMMARY_HOUR_JAPAN };
}

/** What waits for the staff member of `assignment`, within their reach. */
export async function waitingFor(
  db: Queryable,
  assignment: StaffAssignment,
  lists: DeskLists,
  now: Date,
): Promise<Waiting> {
  const params: unknown[] = [];
  const reach = reachCondition({ assignment }, lists, params);
  const [applications] = await db.query<{ to_open: string; under_review: string }>(
    `select count(*) filter (where status in ('submitted', 'resubmitted')) as to_open,
            count(*) filter (where status = 'underReview') as under_review
       from applications where ${reach}`,
    params,
  );
  let consentRequests = 0;
  let consentExpiringSoon = 0;
  if (assignment.role === 'desk' || assignment.role === 'supervisor') {
    const mine = assignment.role === 'supervisor';
    const [consent] = await db.query<{ waiting: string; soon: string }>(
      `select count(*) as waiting, count(*) filter (where expires_at <= $1) as soon
         from consent_requests
        where status = 'requested' and expires_at > $2 ${mine ? 'and teacher_id = $3' : ''}`,
      [new Date(now.getTime() + EXPIRING_SOON_MS), now, ...(mine ? [assignment.teacherId ?? -1] : [])],
    );
    consentRequests = Number(consent?.waiting ?? 0);
    consentExpiringSoon = Number(consent?.soon ?? 0);
  }
  return {
    toOpen: Number(applications?.to_open ?? 0),
    // A supervisor records neither a return nor a decision: what is under review is not theirs to do.
    underReview: assignment.role === 'supervisor' ? 0 : Number(applications?.under_review ?? 0),
    consentRequests,
    consentExpiringSoon,
  };
}

const nothingWaits = (waiting: Waiting) =>
  waiting.toOpen + waiting.underReview + waiting.consentRequests === 0;

/** The summary's mail; undefined when nothing waits. */
export function summaryMail(
  to: string,
  day: string,
  waiting: Waiting,
  link: string,
): MailMessage | undefined {
  if (nothingWaits(waiting)) return undefined;
  const { toOpen, underReview, consentRequests, consentExpiringSoon } = waiting;
  const ja = [
    ...(toOpen > 0 ? [`・未確認の出願：${toOpen}件`] : []),
    ...(underReview > 0 ? [`・審査中の出願：${underReview}件`] : []),
    ...(consentRequests > 0
      ? [
          `・回答待ちの内諾依頼：${consentRequests}件` +
            (consentExpiringSoon > 0 ? `（うち2日以内に期限切れ：${consentExpiringSoon}件）` : ''),
        ]
      : []),
  ];
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const en = [
    ...(toOpen > 0 ? [`- ${plural(toOpen, 'application', 'applications')} not yet opened`] : []),
    ...(underReview > 0 ? [`- ${plural(underReview, 'application', 'applications')} under review`] : []),
    ...(consentRequests > 0
      ? [
          `- ${plural(consentRequests, 'consent request', 'consent requests')} waiting for an answer` +
            (consentExpiringSoon > 0 ? ` (${consentExpiringSoon} expiring within two days)` : ''),
        ]
      : []),
  ];
  return {
    kind: 'staffSummary',
    to,
    subject: `【留学生入学前支援サイト】本日の確認事項 / What waits for you today (${day})`,
    text: [
      `${day} 時点で、次の件があなたの確認を待っています。`,
      ...ja,
      '',
      '教職員用ページ：',
      link,
      'この通知が不要な場合は、教職員用ページの「メール設定」で停止できます。',
      '',
      `As of ${day}, these wait for you:`,
      ...en,
      '',
      'The staff pages:',
      link,
      'To stop this daily email, turn it off under "Email settings" on the staff pages.',
      '',
      signature,
    ].join('\n'),
  };
}

export interface SummaryRun {
  /** Summaries queued. */
  readonly sent: number;
  /** Accounts whose day was claimed with nothing waiting. */
  readonly nothingWaiting: number;
}

/**
 * Sends today's summaries not sent yet (housekeeping, hourly): nothing before the hour; afterwards each account
 * is claimed for the day once, whichever instance gets it first.
 */
export async function sendDailySummaries(
  s: Pick<Services, 'db' | 'clock' | 'mailer' | 'config'>,
): Promise<SummaryRun> {
  const now = s.clock.now();
  const { day, due } = japanDay(now);
  if (!due) return { sent: 0, nothingWaiting: 0 };
  const lists = await deskLists(s.db);
  const link = `${s.config.publicUrl}${s.config.basePath}/desk/`;
  let sent = 0;
  let nothingWaiting = 0;
  for (;;) {
    const claimed = await s.db.transaction(async (tx) => {
      const rows = await tx.query<Record<string, unknown> & { id: string; email: string }>(
        `update staff_accounts a set summary_sent_on = $1::date
          where a.id in (
            select s.id from staff_accounts s
             where s.summary_mail and s.removed_at is null and s.password_hash is not null
               and (s.summary_sent_on is null or s.summary_sent_on < $1::date)
               and (exists (select 1 from staff_passkeys p where p.account_id = s.id)
                    or exists (select 1 from staff_authenticator_apps t
                                where t.account_id = s.id and t.on_since is not null))
             order by s.id limit ${BATCH} for update skip locked)
          returning a.id::text as id, a.email, a.role, a.office_id, a.teacher_id`,
        [day],
      );
      for (const row of rows) {
        const mail = summaryMail(row.email, day, await waitingFor(tx, assignmentOf(row), lists, now), link);
        if (mail) {
          await s.mailer.send(tx, mail);
          sent += 1;
        } else nothingWaiting += 1;
      }
      return rows.length;
    });
    if (claimed < BATCH) break;
  }
  return { sent, nothingWaiting };
}
