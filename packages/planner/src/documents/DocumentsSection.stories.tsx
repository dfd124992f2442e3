import { useMemo, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useIntl } from 'react-intl';
import { expect, fn, userEvent, waitFor, within, type Mock } from 'storybook/test';
import { intlOf } from '@pre-admission/i18n/all';
import type { Application } from '@pre-admission/api';
import {
  documentsLists,
  draft,
  parsed,
  returned,
  storyDocuments,
  submittedApplication,
  withFiles,
} from '../applications/testing/fixtures';
import { storyHandlers, storyServer } from '../applications/testing/handlers';
import { storyApi } from '../applications/testing/storyApi';
import { storyText, withStoryPage } from '../applications/testing/StoryPage';
import * as plannerStyles from '../Planner.css';
import { dataTexts } from '../testing/fixtures';
import { DocumentsSection } from './DocumentsSection';

interface StoryArgs {
  application: Application;
  onChanged: Mock<(application?: Application) => void>;
}

/** The section as the application's shell mounts it: under the section's heading, the application kept. */
function DocumentsStory({ application: initial, onChanged }: StoryArgs) {
  const intl = useIntl();
  const api = useMemo(() => storyApi(), []);
  const [application, setApplication] = useState(initial);
  return (
    <div className={plannerStyles.root}>
      <h1 className={plannerStyles.title}>
        {intl.formatMessage({ id: 'planner.status.section.documents' })}
      </h1>
      <DocumentsSection
        api={api}
        application={application}
        lists={documentsLists}
        onChanged={(next) => {
          onChanged(next);
          if (next) setApplication(next);
        }}
      />
    </div>
  );
}

type Raw = Parameters<typeof parsed>[0];

/** A story of this application: the section gets it as the adapter parses it, the mock server keeps it. */
const phone = <Story extends { parameters: object }>(story: Story) => ({
  ...story,
  parameters: { ...story.parameters, phone: true },
});

const serving = (raw: Raw, first: readonly unknown[] = []) => ({
  args: { application: parsed(raw) },
  parameters: { msw: { handlers: [...first, ...storyServer([raw])] } },
});

const meta = {
  title: 'Planner/DocumentsSection',
  component: DocumentsStory,
  tags: ['autodocs'],
  decorators: [withStoryPage],
  args: { application: parsed(draft), onChanged: fn().mockName('onChanged') },
  parameters: {
    layout: 'fullscreen',
    msw: { handlers: storyServer([draft]) },
    // The documents' names come from the (mock) reference data, in English in en-XA; sizes are formatted by Intl.
    pseudoLocale: { allow: [...dataTexts(), 'kB', 'MB', 'IMG_0042.HEIC', 'notes.zip'] },
  },
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;
type Globals = Record<string, unknown>;

const MB = 1024 * 1024;
const pdf = (name: string, size = 1200) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });
// The picker's `accept` is the browser's; the stories choose any file, as a drop or another browser would.
const user = () => userEvent.setup({ applyAccept: false });

/** The slot's name in the story's language (the mock reference data: English in en and en-XA). */
const slotName = (globals: Globals, en: string, ja: string) => (intlOf(globals).locale === 'ja' ? ja : en);

/** The file input of a slot, found by its label as a screen reader names it. */
function fileInput(canvasElement: HTMLElement, globals: Globals, slot: string) {
  return within(canvasElement).getByLabelText(storyText(globals, true)('planner.documents.choose', { slot }));
}

const formSlot = (globals: Globals) => slotName(globals, 'Application form', '入学願書');

/** A draft with no file yet: a slot per document, required ones first, the limits said before any choice. */
export const Empty: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    const headings = canvas.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    await expect(headings).toEqual(
      intlOf(globals).locale === 'ja'
        ? [
            '入学願書',
            '研究計画書',
            '成績証明書',
            '卒業証明書',
            '推薦書',
            '語学試験スコア',
            'パスポートの写し',
          ]
        : [
            'Application form',
            'Research plan',
            'Academic transcript',
            'Certificate of graduation',
            'Letter of recommendation',
            'Language test score',
            'Copy of passport',
          ],
    );
    const input = fileInput(canvasElement, globals, formSlot(globals));
    await expect(input).toHaveAttribute('type', 'file');
    await expect(input).toHaveAttribute('accept', expect.stringContaining('application/pdf'));
    await expect(input).toHaveAccessibleDescription(
      t('planner.documents.limits', { fileLimit: '10 MB', applicationLimit: '100 MB', files: 50 }),
    );
    await expect(
      canvas.getByRole('link', {
        name: t('planner.documents.template', { name: 'research-plan-template.pdf' }),
      }),
    ).toHaveAttribute('download');
    await expect(
      canvas.getByText(t('planner.documents.uploadedCount', { uploaded: 0, total: 4 })),
    ).toBeVisible();
  },
};

/** Files in their slots: an image opens in the preview dialog (the server's preview), a PDF is a download. */
export const WithFiles: Story = {
  ...serving(withFiles),
  play: async ({ canvasElement, globals }) => {
    const intl = intlOf(globals);
    const canvas = within(canvasElement);
    const { transcript, form } = storyDocuments;
    await expect(
      canvas.getByRole('link', {
        name: intl.formatMessage({ id: 'ui.attachment.download' }, { name: form.fileName }),
      }),
    ).toHaveAttribute('href', `/api/applicant/applications/${parsed(draft).id}/documents/${form.id}`);
    await userEvent.click(
      canvas.getByRole('button', {
        name: intl.formatMessage({ id: 'ui.attachment.preview' }, { name: transcript.fileName }),
      }),
    );
    const dialog = await within(document.body).findByRole('dialog');
    await expect(within(dialog).getByRole('img', { name: transcript.fileName })).toHaveAttribute(
      'src',
      `/api/applicant/applications/${draft.id}/documents/${transcript.id}/preview`,
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
  },
};

/**
 * A file on its way: its progress bar, then Cancel; Try again sends the same file (never chosen again), and
 * it is stored: announced, and in its slot.
 */
export const UploadProgressCancelRetry: Story = {
  ...serving(draft, [storyHandlers.firstUploadPending()]),
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    const file = pdf('scan.pdf', 5000);
    await user().upload(fileInput(canvasElement, globals, formSlot(globals)), file);
    const bar = await canvas.findByRole('progressbar', {
      name: t('planner.documents.progress.label', { name: 'scan.pdf' }),
    });
    await expect((bar as HTMLProgressElement).value).toBe(2000);
    await expect(canvas.getByText(t('planner.documents.state.sending', { percent: 0.4 }))).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: t('planner.documents.cancel', { name: 'scan.pdf' }) }),
    );
    await expect(await canvas.findByText(t('planner.documents.state.cancelled'))).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(
      t('planner.documents.cancelled', { name: 'scan.pdf' }),
    );
    await userEvent.click(
      canvas.getByRole('button', { name: t('planner.documents.retry', { name: 'scan.pdf' }) }),
    );
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent(
        t('planner.documents.uploaded', { name: 'scan.pdf' }),
      ),
    );
    await expect(canvas.queryByRole('progressbar')).toBeNull();
    await waitFor(() =>
      expect(args.onChanged).toHaveBeenLastCalledWith(
        expect.objectContaining({
          documents: [expect.objectContaining({ fileName: 'scan.pdf', size: 5000 })],
        }),
      ),
    );
    await expect(
      canvas.getByText(t('planner.documents.uploadedCount', { uploaded: 1, total: 4 })),
    ).toBeVisible();
  },
};

/** Two files chosen at once: the first on its way (its progress), the second waiting for it. */
export const Uploading: Story = {
  ...serving(draft, [storyHandlers.uploadPending]),
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await user().upload(fileInput(canvasElement, globals, formSlot(globals)), [
      pdf('page-1.pdf', 5000),
      pdf('page-2.pdf', 5000),
    ]);
    await expect(
      await canvas.findByRole('progressbar', {
        name: t('planner.documents.progress.label', { name: 'page-1.pdf' }),
      }),
    ).toHaveAttribute('value', '2000');
    await expect(canvas.getByText(t('planner.documents.state.waiting'))).toBeVisible();
    await expect(
      canvas.getByRole('progressbar', {
        name: t('planner.documents.progress.label', { name: 'page-2.pdf' }),
      }),
    ).toHaveAttribute('value', '0');
  },
};

/** A failure on our side: said at the file, in the summary and to screen readers; Try again sends it again. */
export const RetryAfterFailure: Story = {
  ...serving(draft, [storyHandlers.firstUploadFails()]),
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await user().upload(fileInput(canvasElement, globals, formSlot(globals)), pdf('form.pdf'));
    const summary = await canvas.findByRole('region', { name: t('planner.documents.problems') });
    await expect(summary).toHaveTextContent(t('planner.documents.error.notUploaded', { name: 'form.pdf' }));
    await expect(summary).toHaveTextContent(t('ui.failure.server'));
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      t('planner.documents.error.notUploaded', { name: 'form.pdf' }),
    );
    // The summary's link goes to the file's Try again.
    await userEvent.click(within(summary).getByRole('link'));
    const again = canvas.getByRole('button', { name: t('planner.documents.retry', { name: 'form.pdf' }) });
    await expect(again).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(canvas.queryByRole('region', { name: t('planner.documents.problems') })).toBeNull(),
    );
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent(
        t('planner.documents.uploaded', { name: 'form.pdf' }),
      ),
    );
  },
};

/**
 * Every refusal in its own words (GOV.UK): those the server finds in the bytes, and those known before
 * sending (an empty file, one over 10 MB). None offers Try again with the same file; each can be taken off.
 */
export const RefusedFiles: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    const refused: Array<[File, string, Record<string, string | number>]> = [
      [new File([new Uint8Array(10)], 'IMG_0042.HEIC', { type: 'image/heic' }), 'heic', {}],
      [pdf('plan.docx'), 'word', {}],
      [pdf('password-protected.pdf'), 'encrypted_pdf', {}],
      [new File([new Uint8Array(10)], 'broken.png', { type: 'image/png' }), 'damaged', {}],
      [new File([new Uint8Array(10)], 'panorama.jpg', { type: 'image/jpeg' }), 'too_many_pixels', {}],
      [pdf('notes.zip'), 'unsupported_type', {}],
      [pdf('empty.pdf', 0), 'empty', {}],
      [pdf('whole-thesis.pdf', 10 * MB + 1), 'file_too_large', { limit: '10 MB' }],
    ];
    await user().upload(
      fileInput(canvasElement, globals, formSlot(globals)),
      refused.map(([file]) => file),
    );
    const summary = await canvas.findByRole('region', { name: t('planner.documents.problems') });
    for (const [file, code, values] of refused)
      await waitFor(() =>
        expect(summary).toHaveTextContent(
          t(`planner.documents.error.${code}` as 'planner.documents.error.heic', {
            name: file.name,
            ...values,
          }),
        ),
      );
    for (const [file] of refused)
      await expect(
        canvas.queryByRole('button', { name: t('planner.documents.retry', { name: file.name }) }),
      ).toBeNull();
    await expect(
      canvas.getByRole('button', { name: t('planner.documents.dismiss', { name: 'IMG_0042.HEIC' }) }),
    ).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: t('planner.documents.dismiss', { name: 'notes.zip' }) }),
    );
    await expect(summary).not.toHaveTextContent('notes.zip');
    // Its button went with it: focus goes to the slot.
    await waitFor(() =>
      expect(canvas.getByRole('heading', { level: 3, name: formSlot(globals) })).toHaveFocus(),
    );
  },
};

/** Remove asks first; the file goes, which is said, and focus goes to its slot. */
export const RemoveFile: Story = {
  ...serving(withFiles),
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    const name = storyDocuments.form.fileName;
    await userEvent.click(canvas.getByRole('button', { name: t('planner.documents.remove', { name }) }));
    const dialog = await within(document.body).findByRole('dialog', {
      name: t('planner.documents.removeTitle', { name }),
    });
    await userEvent.click(within(dialog).getByRole('button', { name: t('planner.documents.removeConfirm') }));
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent(t('planner.documents.removed', { name })),
    );
    await expect(canvas.queryByText(name)).toBeNull();
    await waitFor(() =>
      expect(canvas.getByRole('heading', { level: 3, name: formSlot(globals) })).toHaveFocus(),
    );
    // Shot once the dialog has gone (its exit animation ends before the screenshot: on a loaded machine it was
    // caught still shown, and the page was shot whole).
    await waitFor(() => expect(dialog).not.toBeInTheDocument(), { timeout: 10_000 });
  },
};

/** Keyboard only: the file button is reached by Tab and shows its focus; Remove's dialog closes with Escape and gives focus back. */
export const KeyboardOnly: Story = {
  ...serving(withFiles),
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    const input = fileInput(canvasElement, globals, formSlot(globals));
    const remove = canvas.getByRole('button', {
      name: t('planner.documents.remove', { name: storyDocuments.form.fileName }),
    });
    for (let i = 0; i < 40 && document.activeElement !== remove; i++) await userEvent.tab();
    await expect(remove).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await within(document.body).findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(remove).toHaveFocus());
    await expect(args.onChanged).not.toHaveBeenCalled();
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await expect(input.matches(':focus-visible')).toBe(true);
    // The label shows the (visually hidden) input's focus ring.
    await expect(getComputedStyle(input.nextElementSibling!).outlineStyle).toBe('solid');
  },
};

/** Files dropped on a slot are added as if chosen (an extra: the file button does the same). */
export const DragAndDrop: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    const slot = canvas.getByRole('heading', { level: 3, name: formSlot(globals) }).parentElement!;
    const dataTransfer = new DataTransfer();
    dataTransfer.items.add(pdf('dropped.pdf'));
    // The browser's own drag events (testing-library's would replace the DataTransfer with an empty one).
    const drag = (type: string) =>
      slot.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer }));
    drag('dragover');
    await waitFor(() => expect(slot).toHaveAttribute('data-drop-target'));
    drag('drop');
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent(
        t('planner.documents.uploaded', { name: 'dropped.pdf' }),
      ),
    );
    await waitFor(() => expect(slot).not.toHaveAttribute('data-drop-target'));
  },
};

/** Returned for changes: only the reopened file can be replaced (the new one stored, then the old removed). */
export const ReturnedForChanges: Story = {
  ...serving(returned),
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t('planner.documents.returned'))).toBeVisible();
    await expect(
      canvas.queryByLabelText(
        storyText(globals, true)('planner.documents.choose', { slot: formSlot(globals) }),
      ),
    ).toBeNull();
    await expect(
      canvas.queryByRole('button', {
        name: t('planner.documents.remove', { name: storyDocuments.form.fileName }),
      }),
    ).toBeNull();
    const old = storyDocuments.graduation;
    await user().upload(
      canvas.getByLabelText(storyText(globals, true)('planner.documents.replace', { name: old.fileName })),
      pdf('graduation-with-seal.pdf'),
    );
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent(
        t('planner.documents.removed', { name: old.fileName }),
      ),
    );
    await expect(canvas.getByText('graduation-with-seal.pdf')).toBeVisible();
    await waitFor(() =>
      expect(
        canvas.getByRole('heading', {
          level: 3,
          name: slotName(globals, 'Certificate of graduation', '卒業証明書'),
        }),
      ).toHaveFocus(),
    );
    await expect(canvas.queryByText(old.fileName)).toBeNull();
    await expect(args.onChanged).toHaveBeenLastCalledWith(
      expect.objectContaining({
        documents: expect.not.arrayContaining([expect.objectContaining({ id: old.id })]),
      }),
    );
  },
};

/** Sent: the files can be opened, not changed. */
export const Submitted: Story = {
  ...serving(submittedApplication),
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t('planner.documents.readOnly'))).toBeVisible();
    await expect(canvasElement.querySelector('input[type=file]')).toBeNull();
    for (const doc of submittedApplication.documents)
      await expect(
        canvas.queryByRole('button', { name: t('planner.documents.remove', { name: doc.fileName }) }),
      ).toBeNull();
  },
};

/** No supervisor chosen yet: the documents depend on their graduate school. */
export const NoSupervisor: Story = {
  ...serving({ ...draft, answers: { ...draft.answers, choices: { programId: 11 } } }),
  play: async ({ canvasElement, globals }) => {
    await expect(
      within(canvasElement).getByText(storyText(globals)('planner.needsSupervisor')),
    ).toBeVisible();
  },
};

/** On a phone (360 px): a file's actions go under its name; a failure's message wraps. */
export const Phone: Story = {
  ...phone(serving(withFiles, [storyHandlers.firstUploadFails()])),
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    await user().upload(
      fileInput(canvasElement, globals, formSlot(globals)),
      pdf('a-file-with-a-rather-long-name-from-the-scanner-0001.pdf'),
    );
    await within(canvasElement).findByRole('region', { name: t('planner.documents.problems') });
    const page = canvasElement.querySelector('main')!;
    await expect(page.scrollWidth).toBeLessThanOrEqual(page.clientWidth);
  },
};
