// The provider states of applications (issue 38; states.ts lists them with the others). Each starts from the
// signed-in applicant (applicant@example.com unless `params.email`) with no application, the plan of "the
// applicant has saved a plan", and programme 11's period standing in for the file's (PeriodSchedule.standIn):
// open or closed around the server's own clock, so no state depends on today's date. Every application is made
// by the operations themselves (start, save, submit, withdraw, the desk's changes along the state machine):
// what a state sets up is a state the site can reach; documents are stored as an upload stores them. Only
// reachable in-process or with PROVIDER_STATES=1.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { schemaExamples } from '@pre-admission/api/examples';
import { documentSlots } from '@pre-admission/rules';
import sharp from 'sharp';
import { insertDocument, newDocumentId } from '../application/files/documents.ts';
import { makePreview } from '../application/files/preview.ts';
import { DatabaseFileStorage } from '../application/files/storage.ts';
import { applicationLists } from '../application/lists.ts';
import {
  deskChange,
  saveApplicationAnswers,
  startApplication,
  submitApplication,
  withdrawApplication,
} from '../application/operations.ts';
import type { ApplicationAnswers } from '../application/repository.ts';
import { requestConsent, withdrawConsentRequest } from '../consent/requests.ts';
import { limitKeys, reset } from '../platform/rateLimits.ts';
import type { StateContext, StateDoc, StateParams, StateResult } from './types.ts';

type SignedIn = (ctx: StateContext, params: StateParams) => Promise<StateResult>;
type EnsureAccount = (ctx: StateContext, email: string, password: string) => Promise<string>;

type ApplicationContext = StateContext & Required<Pick<StateContext, 'periods' | 'mailer'>>;

const DAY = 24 * 60 * 60 * 1000;

/** The other account of "another applicant has an application". */
export const OTHER_APPLICANT = 'another-applicant@example.com';

/** The plan the states start from (openapi.yaml's Plan example: master's, programme 11, supervisor 103). */
const PLAN = schemaExamples.Plan;

/** Every section of the plan's master's application complete, as the rules require at submission. */
export const COMPLETE_ANSWERS: ApplicationAnswers = {
  choices: {
    programId: 11,
    teacherId: 103,
    scholarshipTypeId: 12,
    scholarshipStatusId: 4,
    financialSupportId: 1,
  },
  personal: {
    familyName: 'CHEN',
    givenNames: 'XIAOMING',
    nameJa: '陳 小明',
    dateOfBirth: '1999-04-02',
    nationalityId: 156,
    residenceCountryId: 156,
  },
  contact: {
    address: { line1: '12 Zhongguancun Street', city: 'Beijing', postcode: '100080', countryId: 156 },
    telephone: '+8613800138000',
  },
  education: {
    entries: [
      {
        countryId: 156,
        universityId: 101,
        educationTypeId: 4,
        from: '2017-09',
        to: '2021-07',
        certificateCategoryId: 1,
        certificateTypeId: 2,
      },
    ],
  },
  declarations: { informationTrue: true, privacyAccepted: true },
};

function withServices(ctx: StateContext): ApplicationContext {
  if (!ctx.periods || !ctx.mailer)
    throw new Error("the application states need the server's PeriodSchedule and Mailer (its Services)");
  return ctx as ApplicationContext;
}

/** Programme 11's one period, open (30 days each side of now) or closed (a day ago), on the server's clock. */
function standInPeriod(ctx: ApplicationContext, open: boolean): void {
  const now = ctx.clock.now().getTime();
  ctx.periods.standIn(11, [
    {
      id: open ? 'pact-open-master' : 'pact-closed-master',
      programId: 11,
      entryYear: 2027,
      opensAt: new Date(now - (open ? 30 : 60) * DAY),
      closesAt: new Date(now + (open ? 30 : -1) * DAY),
    },
  ]);
}

/** A fresh start for an account: no application, its write limit cleared, the plan saved. */
async function freshApplicant(ctx: ApplicationContext, accountId: string): Promise<void> {
  await ctx.db.query('delete from applications where account_id = $1', [accountId]);
  // Programme 11 requires no consent unless a consent state says so (docs/behaviour.md#supervisor-consent).
  await ctx.db.query('delete from consent_requirements where program_id = 11');
  await reset(ctx.db, limitKeys.applicationWrites(accountId));
  await ctx.db.query(
    `insert into plans (account_id, plan, updated_at) values ($1, $2::jsonb, $3)
     on conflict (account_id) do update set plan = excluded.plan, updated_at = excluded.updated_at`,
    [accountId, JSON.stringify(PLAN), ctx.clock.now()],
  );
}

async function accountIdOf(ctx: StateContext, email: string): Promise<string> {
  const rows = await ctx.db.query<{ id: string }>(
    'select id::text as id from accounts where lower(email) = lower($1)',
    [email],
  );
  return rows[0]!.id;
}

/** A one-page PDF of a few hundred bytes: what a required slot holds in these states. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A small photo-like JPEG (a passport scan), made once. */
let scan: Promise<Buffer> | undefined;
export const scanJpeg = () =>
  (scan ??= sharp({ create: { width: 640, height: 480, channels: 3, background: '#c8d4e0' } })
    .jpeg({ quality: 80 })
    .toBuffer());

/**
 * A document as an upload stores it (routes/applicationDocuments.ts): the bytes (and an image's re-encoded
 * preview) in the file storage, the row in application_documents.
 */
export async function putDocument(
  ctx: StateContext,
  accountId: string,
  applicationId: string,
  slot: { slotKind: 'certificate' | 'material'; slotTypeId: number },
  file: { name: string; bytes: Buffer; mediaType: 'application/pdf' | 'image/jpeg' },
): Promise<string> {
  const storage = new DatabaseFileStorage(ctx.db, ctx.clock);
  const fileId = newDocumentId();
  const stored = await storage.write(fileId, Readable.from([file.bytes]));
  let previewFileId: string | null = null;
  if (file.mediaType !== 'application/pdf') {
    const preview = await makePreview(file.bytes, file.mediaType);
    if (!preview.ok) throw new Error(`the state's image has no preview: ${preview.code}`);
    previewFileId = newDocumentId();
    await storage.write(previewFileId, Readable.from([preview.bytes]));
  }
  const id = newDocumentId();
  await insertDocument(ctx.db, {
    id,
    applicationId,
    accountId,
    slotKind: slot.slotKind,
    slotTypeId: slot.slotTypeId,
    fileId,
    previewFileId,
    displayName: file.name,
    mediaType: file.mediaType,
    size: stored.size,
    createdAt: ctx.clock.now(),
  });
  return id;
}

interface Made {
  session: StateResult;
  accountId: string;
  applicationId: string;
  documentIds: string[];
}

/** The signed-in applicant, fresh, with a master's draft from the plan; complete with its documents if asked. */
async function draft(
  ctx: ApplicationContext,
  signedIn: SignedIn,
  params: StateParams,
  complete: boolean,
): Promise<Made> {
  const session = await signedIn(ctx, params);
  const accountId = await accountIdOf(ctx, session.email!);
  await freshApplicant(ctx, accountId);
  const { id } = await startApplication(ctx, accountId, 'master');
  const documentIds: string[] = [];
  if (complete) {
    await saveApplicationAnswers(ctx, accountId, id, COMPLETE_ANSWERS);
    const slots = documentSlots(await applicationLists(ctx.db), 'master', COMPLETE_ANSWERS.choices) ?? [];
    for (const slot of slots.filter((s) => s.required))
      documentIds.push(
        await putDocument(ctx, accountId, id, slot, {
          name: `${slot.slotKind}-${slot.slotTypeId}.pdf`,
          bytes: PDF,
          mediaType: 'application/pdf',
        }),
      );
  }
  return { session, accountId, applicationId: id, documentIds };
}

/** As `draft` complete, then submitted in programme 11's open period (its receipt queued as usual). */
async function submitted(ctx: ApplicationContext, signedIn: SignedIn, params: StateParams): Promise<Made> {
  standInPeriod(ctx, true);
  const made = await draft(ctx, signedIn, params, true);
  await submitApplication(
    ctx,
    {
      accountId: made.accountId,
      email: made.session.email!,
      locale: 'ja',
      log: { error: () => undefined, info: () => undefined },
    },
    made.applicationId,
  );
  return made;
}

/** The supervisor account of teacher 103 that the consent states' requests go to. */
export const SUPERVISOR = 'supervisor-103@example.ac.jp';

/** Programme 11 requires consent, and teacher 103 has a live supervisor account to ask. */
async function requireConsent(ctx: ApplicationContext): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.query(
    'insert into consent_requirements (program_id, set_at) values (11, $1) on conflict (program_id) do nothing',
    [now],
  );
  await ctx.db.query(
    `insert into staff_accounts (email, password_hash, role, teacher_id, created_at, updated_at)
     select $1, 'provider-state-no-sign-in', 'supervisor', 103, $2, $2
      where not exists (select 1 from staff_accounts where lower(email) = lower($1) and removed_at is null)`,
    [SUPERVISOR, now],
  );
}

/** Asks teacher 103's consent for the draft, as the applicant's request does. */
function askConsent(ctx: ApplicationContext, made: Made) {
  return requestConsent(
    ctx,
    { accountId: made.accountId, locale: 'ja' },
    made.applicationId,
    'I would like to study machine translation in your laboratory.',
  );
}

const answer = (made: Made, extra: StateResult = {}): StateResult => ({
  ...made.session,
  applicationId: made.applicationId,
  ...extra,
});

const RETURNS = ['email', 'password', 'sessionId', 'cookie', 'applicationId'] as const;

export function applicationStates(
  signedIn: SignedIn,
  ensureAccount: EnsureAccount,
): {
  pattern: RegExp;
  doc: StateDoc;
  run: (ctx: StateContext, email: string | undefined, params: StateParams) => Promise<StateResult>;
}[] {
  return [
    {
      pattern: /^the applicant has a draft application$/i,
      doc: {
        sentence: 'the applicant has a draft application',
        setsUp:
          "As \"the applicant has saved a plan\" (the account's other applications deleted), and a master's draft started from the plan (programme 11, supervisor 103); programme 11's period is open on the server's clock (30 days each side of now).",
        returns: [...RETURNS],
      },
      run: async (ctx, _email, params) => {
        const c = withServices(ctx);
        standInPeriod(c, true);
        return answer(await draft(c, signedIn, params, false));
      },
    },
    {
      pattern: /^the applicant has a complete draft application$/i,
      doc: {
        sentence: 'the applicant has a complete draft application',
        setsUp:
          'As "the applicant has a draft application", with every section complete and a document in every required slot: submitting it answers 200.',
        returns: [...RETURNS, 'documentId (one of its documents)'],
      },
      run: async (ctx, _email, params) => {
        const c = withServices(ctx);
        standInPeriod(c, true);
        const made = await draft(c, signedIn, params, true);
        return answer(made, { documentId: made.documentIds[0]! });
      },
    },
    {
      pattern: /^the applicant has a complete draft application whose period is closed$/i,
      doc: {
        sentence: 'the applicant has a complete draft application whose period is closed',
        setsUp:
          'As "the applicant has a complete draft application", but programme 11\'s only period closed a day ago on the server\'s clock: submitting answers 409 period_closed.',
        returns: [...RETURNS],
      },
      run: async (ctx, _email, params) => {
        const c = withServices(ctx);
        const made = await draft(c, signedIn, params, true);
        standInPeriod(c, false);
        return answer(made);
      },
    },
    {
      pattern: /^the applicant has a submitted application$/i,
      doc: {
        sentence: 'the applicant has a submitted application',
        setsUp:
          'As "the applicant has a complete draft application", then submitted (a reference number, its receipt queued): a save answers 409 not_editable, a withdrawal 200.',
        returns: [...RETURNS, 'documentId'],
      },
      run: async (ctx, _email, params) => {
        const made = await submitted(withServices(ctx), signedIn, params);
        return answer(made, { documentId: made.documentIds[0]! });
      },
    },
    {
      pattern: /^the applicant has an application returned for changes$/i,
      doc: {
        sentence: 'the applicant has an application returned for changes',
        setsUp:
          'As "the applicant has a submitted application", then opened and returned by the desk: the documents section and one document (`documentId`) reopened, due in 7 days, with the desk\'s message.',
        returns: [...RETURNS, 'documentId (the reopened document)'],
      },
      run: async (ctx, _email, params) => {
        const c = withServices(ctx);
        const made = await submitted(c, signedIn, params);
        const documentId = made.documentIds[0]!;
        await deskChange(c, made.applicationId, 'open');
        await deskChange(c, made.applicationId, 'return', {
          reopened: {
            sections: ['documents'],
            documentIds: [documentId],
            dueAt: new Date(c.clock.now().getTime() + 7 * DAY).toISOString(),
            message: "Please upload the graduation certificate with the university's seal.",
          },
        });
        return answer(made, { documentId });
      },
    },
    {
      pattern: /^the applicant has a decided application$/i,
      doc: {
        sentence: 'the applicant has a decided application',
        setsUp:
          'As "the applicant has a submitted application", then opened and decided by the desk (not accepted, with a reason in both languages): a withdrawal answers 409 not_withdrawable.',
        returns: [...RETURNS],
      },
      run: async (ctx, _email, params) => {
        const c = withServices(ctx);
        const made = await submitted(c, signedIn, params);
        await deskChange(c, made.applicationId, 'open');
        await deskChange(c, made.applicationId, 'decide', {
          decision: {
            outcome: 'notAccepted',
            reason: { ja: '研究分野が一致しない', en: 'Research field does not match' },
            message: 'We are sorry: no supervisor can take your research field this year.',
          },
        });
        return answer(made);
      },
    },
    {
      pattern: /^the applicant has a withdrawn application$/i,
      doc: {
        sentence: 'the applicant has a withdrawn application',
        setsUp:
          'As "the applicant has a submitted application", then withdrawn by the applicant with a reason.',
        returns: [...RETURNS],
      },
      run: async (ctx, _email, params) => {
        const c = withServices(ctx);
        const made = await submitted(c, signedIn, params);
        await withdrawApplication(
          c,
          made.accountId,
          made.applicationId,
          'I have accepted an offer from another university.',
        );
        return answer(made);
      },
    },
    {
      pattern: /^the applicant has a draft application with an uploaded image$/i,
      doc: {
        sentence: 'the applicant has a draft application with an uploaded image',
        setsUp:
          'As "the applicant has a draft application", with one JPEG photo, `scan.jpg` (`documentId`; its bytes and its re-encoded preview stored as an upload stores them), in the certificate slot 313 (passport copy).',
        returns: [...RETURNS, 'documentId'],
      },
      run: async (ctx, _email, params) => {
        const c = withServices(ctx);
        standInPeriod(c, true);
        const made = await draft(c, signedIn, params, false);
        const documentId = await putDocument(
          c,
          made.accountId,
          made.applicationId,
          { slotKind: 'certificate', slotTypeId: 313 },
          { name: 'scan.jpg', bytes: await scanJpeg(), mediaType: 'image/jpeg' },
        );
        return answer(made, { documentId });
      },
    },
    {
      pattern: /^the applicant has a complete draft application whose programme requires consent$/i,
      doc: {
        sentence: 'the applicant has a complete draft application whose programme requires consent',
        setsUp: `As "the applicant has a complete draft application" (its research plan uploaded), programme 11 requires the supervisor's consent (\`npm run consent -- require 11\`), and teacher 103 has a supervisor account (${SUPERVISOR}): submitting answers 409 consent_required, asking for consent 201.`,
        returns: [...RETURNS],
      },
      run: async (ctx, _email, params) => {
        const c = withServices(ctx);
        standInPeriod(c, true);
        const made = await draft(c, signedIn, params, true);
        await requireConsent(c);
        return answer(made);
      },
    },
    {
      pattern: /^the applicant has a consent request waiting$/i,
      doc: {
        sentence: 'the applicant has a consent request waiting',
        setsUp:
          'As "the applicant has a complete draft application whose programme requires consent", and consent asked of teacher 103 (`consentRequestId`, requested): asking again answers 409 consent_pending, withdrawing it 200.',
        returns: [...RETURNS, 'consentRequestId'],
      },
      run: async (ctx, _email, params) => {
        const c = withServices(ctx);
        standInPeriod(c, true);
        const made = await draft(c, signedIn, params, true);
        await requireConsent(c);
        const { requestId } = await askConsent(c, made);
        return answer(made, { consentRequestId: requestId });
      },
    },
    {
      pattern: /^the applicant has a withdrawn consent request$/i,
      doc: {
        sentence: 'the applicant has a withdrawn consent request',
        setsUp:
          'As "the applicant has a consent request waiting", then withdrawn by the applicant (`consentRequestId`): withdrawing it again answers 409 consent_not_pending.',
        returns: [...RETURNS, 'consentRequestId'],
      },
      run: async (ctx, _email, params) => {
        const c = withServices(ctx);
        standInPeriod(c, true);
        const made = await draft(c, signedIn, params, true);
        await requireConsent(c);
        const { requestId } = await askConsent(c, made);
        await withdrawConsentRequest(c, made.accountId, made.applicationId, requestId);
        return answer(made, { consentRequestId: requestId });
      },
    },
    {
      pattern: /^another applicant has an application$/i,
      doc: {
        sentence: 'another applicant has an application',
        setsUp: `As "the applicant is signed in", and another account (${OTHER_APPLICANT}) has a master's draft (\`applicationId\`): the signed-in applicant gets 404 application_not_found for it, as for an unknown id.`,
        returns: [
          ...RETURNS.filter((name) => name !== 'applicationId'),
          "applicationId (the other account's)",
        ],
      },
      run: async (ctx, _email, params) => {
        const c = withServices(ctx);
        standInPeriod(c, true);
        const session = await signedIn(c, params);
        const otherId = await ensureAccount(c, OTHER_APPLICANT, randomBytes(12).toString('base64url') + 'a1');
        await freshApplicant(c, otherId);
        const { id } = await startApplication(c, otherId, 'master');
        return { ...session, applicationId: id };
      },
    },
  ];
}
