import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within, type Mock } from 'storybook/test';
import { MailSettings, type MailSettingsFailure, type MailSettingsState } from './MailSettings';
import { storyText, withDeskPage } from '../testing/story';

interface StoryArgs {
  state: 'loaded' | 'loading' | 'failed';
  dailySummary: boolean;
  /** What the server answers to a save: nothing (saved) or a failure. */
  answer: MailSettingsFailure | undefined;
  onSave: Mock<(dailySummary: boolean) => Promise<void>>;
  onRetry: Mock<() => void>;
}

/** The settings as the console mounts them: the query's state, and the server's answer to a save. */
function SettingsStory({ state, dailySummary, answer, onSave, onRetry }: StoryArgs) {
  const shown: MailSettingsState =
    state === 'loading'
      ? { status: 'loading' }
      : state === 'failed'
        ? { status: 'failed', onRetry }
        : { status: 'loaded', dailySummary };
  return (
    <MailSettings
      state={shown}
      onSave={async (next) => {
        await onSave(next);
        return answer;
      }}
    />
  );
}

const meta = {
  title: 'Desk/MailSettings',
  component: SettingsStory,
  tags: ['autodocs'],
  decorators: [withDeskPage],
  args: {
    state: 'loaded',
    dailySummary: true,
    answer: undefined,
    onSave: fn().mockName('onSave'),
    onRetry: fn().mockName('onRetry'),
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** On (the default): turned off and saved; the page says so, and the choice stays. */
export const TurnOff: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: t('desk.settings.dailySummary') });
    await expect(within(group).getByRole('radio', { name: t('desk.settings.on') })).toBeChecked();
    await userEvent.click(within(group).getByRole('radio', { name: t('desk.settings.off') }));
    await userEvent.click(canvas.getByRole('button', { name: t('desk.settings.save') }));
    await waitFor(() => expect(args.onSave).toHaveBeenCalledWith(false));
    await expect(await canvas.findByRole('status')).toHaveTextContent(t('desk.settings.saved'));
    await expect(within(group).getByRole('radio', { name: t('desk.settings.off') })).toBeChecked();
  },
};

/** Off, turned on again by keyboard alone: arrows move between the radios, Enter saves. */
export const TurnOnByKeyboard: Story = {
  args: { dailySummary: false },
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    const off = canvas.getByRole('radio', { name: t('desk.settings.off') });
    await expect(off).toBeChecked();
    off.focus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(canvas.getByRole('radio', { name: t('desk.settings.on') })).toBeChecked();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(args.onSave).toHaveBeenCalledWith(true));
    await expect(await canvas.findByRole('status')).toHaveTextContent(t('desk.settings.saved'));
  },
};

/** No answer: the error summary says nothing changed; the choice made is kept to try again. */
export const SaveFails: Story = {
  args: { answer: { reason: 'unavailable' } },
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: t('desk.settings.off') }));
    await userEvent.click(canvas.getByRole('button', { name: t('desk.settings.save') }));
    await waitFor(() => expect(args.onSave).toHaveBeenCalledOnce());
    await expect(
      within(await canvas.findByRole('alert')).getByText(t('desk.settings.saveFailed'), { exact: false }),
    ).toBeVisible();
    await expect(canvas.getByRole('radio', { name: t('desk.settings.off') })).toBeChecked();
    await expect(canvas.getByRole('status')).toHaveTextContent('');
  },
};

/** Saved too often (429): how long to wait. */
export const RateLimited: Story = {
  args: { answer: { reason: 'rateLimited', retryAfter: 42 } },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: t('desk.settings.save') }));
    await expect(
      within(await canvas.findByRole('alert')).getByText(t('desk.error.rateLimited', { seconds: 42 }), {
        exact: false,
      }),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  args: { state: 'loading' },
  play: async ({ canvasElement, globals }) => {
    const t = storyText(globals);
    await expect(within(canvasElement).getByRole('heading', { level: 1 })).toHaveTextContent(
      t('desk.settings.title'),
    );
    await expect(within(canvasElement).queryByRole('radio')).toBeNull();
  },
};

/** The settings could not be read: said, with a way to try again. */
export const Failed: Story = {
  args: { state: 'failed' },
  play: async ({ canvasElement, globals, args }) => {
    const t = storyText(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('desk.settings.failed.title'));
    await userEvent.click(canvas.getByRole('button', { name: t('desk.list.retry') }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};
