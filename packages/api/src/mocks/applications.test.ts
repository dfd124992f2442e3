import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../createApi';
import { ApplicationSchema } from '../operations/applications';
import { xhrOverFetch } from '../test/fakeXhr';
import {
  applicationHandlers,
  applicationStore,
  closedPeriods,
  exampleApplications,
  examplePeriods,
  handlers,
} from './index';

// The application mocks feed the application screens' stories; driven here through the real adapter, so a
// handler that drifts from the contract (the adapter's zod schemas) or from the failure tables fails.
const server = setupServer(...handlers);
// The upload's XMLHttpRequest is sent on with fetch: jsdom's FormData does not reach msw/node's interceptor
// (client/upload.test.ts tests the XMLHttpRequest side).
const api = createApi({ baseUrl: 'http://localhost', xhr: xhrOverFetch });
const file = (name: string, content = '%PDF-1.7\n') => new File([content], name);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('the application mocks', () => {
  it.each(Object.entries(exampleApplications))(
    'give the %s example in its contract shape',
    (_name, example) => {
      expect(ApplicationSchema.safeParse(example).success).toBe(true);
    },
  );

  it('serve the periods and an empty list by default', async () => {
    expect(await api.listApplicationPeriods()).toMatchObject({ ok: true, data: [{}, {}, {}] });
    expect(await api.listApplications()).toEqual({ ok: true, data: [] });
  });

  it('keep a draft that saves, and submit it with a reference number', async () => {
    server.use(...applicationStore());
    const id = exampleApplications.draft.id;
    const saved = await api.saveApplicationAnswers(id, { personal: { familyName: 'CHEN' } });
    expect(saved).toMatchObject({ ok: true, data: { answers: { personal: { familyName: 'CHEN' } } } });
    expect(await api.getApplication(id)).toMatchObject({
      ok: true,
      data: { answers: { personal: { familyName: 'CHEN' } } },
    });
    const submitted = await api.submitApplication(id);
    expect(submitted).toMatchObject({
      ok: true,
      data: { status: 'submitted', periodId: '2027-april-master', reference: expect.stringMatching(/^M27-/) },
    });
    // Sent: saved only through a return for changes, discarded never, withdrawn instead.
    expect(await api.saveApplicationAnswers(id, { personal: {} })).toMatchObject({ failure: 'notEditable' });
    expect(await api.discardApplication(id)).toMatchObject({ failure: 'notEditable' });
    expect(await api.withdrawApplication(id, { reason: 'Another offer.' })).toMatchObject({
      ok: true,
      data: { status: 'withdrawn' },
    });
    expect(await api.withdrawApplication(id, { reason: 'Again.' })).toMatchObject({ ok: true });
  });

  it('refuse a submission while the period is closed, and a second draft of a kind', async () => {
    server.use(...applicationStore({ periods: closedPeriods }));
    expect(await api.submitApplication(exampleApplications.draft.id)).toMatchObject({
      ok: false,
      failure: 'periodClosed',
    });
    expect(await api.startApplication({ studentType: 'master' })).toMatchObject({
      ok: false,
      failure: 'draftExists',
      applicationId: exampleApplications.draft.id,
    });
    expect(await api.startApplication({ studentType: 'doctoral' })).toMatchObject({
      ok: true,
      data: { status: 'draft', studentType: 'doctoral' },
    });
  });

  it('reopen only what a return names', async () => {
    const returned = exampleApplications.returned;
    server.use(
      ...applicationStore({ applications: [returned], now: () => new Date('2026-12-02T00:00:00Z') }),
    );
    expect(await api.saveApplicationAnswers(returned.id, { personal: {} })).toMatchObject({
      failure: 'notEditable',
    });
    const certificate = returned.reopened.documentIds[0]!;
    expect(await api.removeApplicationDocument(returned.id, certificate)).toEqual({
      ok: true,
      data: undefined,
    });
    expect(await api.submitApplication(returned.id)).toMatchObject({
      ok: true,
      data: { status: 'resubmitted' },
    });
  });

  it('answer 404 for an application it does not hold', async () => {
    server.use(...applicationStore({ applications: [] }));
    expect(await api.getApplication(exampleApplications.draft.id)).toMatchObject({
      failure: 'applicationNotFound',
    });
  });

  it('store an upload, and refuse files by their name as the stories need', async () => {
    server.use(...applicationStore());
    const id = exampleApplications.draft.id;
    const stored = await api.uploadApplicationDocument(id, {
      slotKind: 'certificate',
      slotTypeId: 311,
      file: file('degree.pdf'),
    });
    expect(stored).toMatchObject({
      ok: true,
      data: { fileName: 'degree.pdf', mediaType: 'application/pdf' },
    });
    for (const [name, expected] of [
      ['IMG_0001.HEIC', { failure: 'fileRefused', code: 'heic' }],
      ['cv.docx', { failure: 'fileRefused', code: 'word' }],
      ['notes.txt', { failure: 'fileRefused', code: 'unsupported_type' }],
      ['huge-scan.pdf', { failure: 'fileTooLarge' }],
    ] as const) {
      const outcome = await api.uploadApplicationDocument(id, {
        slotKind: 'certificate',
        slotTypeId: 311,
        file: file(name),
      });
      expect(outcome, name).toMatchObject({ ok: false, ...expected });
    }
    expect(
      await api.uploadApplicationDocument(id, {
        slotKind: 'material',
        slotTypeId: 1,
        file: file('e.pdf', ''),
      }),
    ).toMatchObject({ failure: 'fileRefused', code: 'empty' });
  });

  it('have a fixed answer for each failure the screens show', async () => {
    server.use(applicationHandlers.uploadEncryptedPdf, applicationHandlers.submitNoPeriod);
    const id = exampleApplications.draft.id;
    expect(
      await api.uploadApplicationDocument(id, {
        slotKind: 'certificate',
        slotTypeId: 311,
        file: file('a.pdf'),
      }),
    ).toMatchObject({ failure: 'fileRefused', code: 'encrypted_pdf' });
    expect(await api.submitApplication(id)).toMatchObject({ failure: 'noPeriod' });
    expect(examplePeriods.some((period) => period.state === 'open')).toBe(true);
  });
});
