import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messagesFor } from '../../testing/messagesFor';
import { Header } from '../Header';
import { PageLayout } from '../PageLayout';
import { HelpFooter } from './HelpFooter';

const meta = {
  title: 'Components/HelpFooter',
  component: HelpFooter,
  tags: ['autodocs'],
  args: { supportEmail: 'support@example.ac.jp', privacyHref: '/privacy' },
} satisfies Meta<typeof HelpFooter>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/**
 * Issue 39 item 14: a signed-in page offers help: the desk's address and the privacy policy, below the
 * content, reached by keyboard after it.
 */
export const InASignedInPage: Story = {
  name: 'issue 39 item 14: a signed-in page has a way to reach help',
  render: (args, { globals }) => (
    <PageLayout
      header={
        <Header
          variant="compact"
          account={{
            email: 'li.wei@example.jp',
            applicationsHref: '/applications',
            changeEmailHref: '/email-change-request',
            changePasswordHref: '/password-change',
            onLogOut: () => undefined,
          }}
        />
      }
      footer={<HelpFooter {...args} />}
    >
      <h1>{messagesFor(globals.locale)('ui.accountMenu.applications')}</h1>
    </PageLayout>
  ),
  play: async ({ canvasElement, globals, args }) => {
    const t = messagesFor(globals.locale);
    const footer = within(canvasElement).getByRole('contentinfo');
    const help = within(footer).getByRole('heading', { level: 2, name: t('ui.helpFooter.title') });
    await expect(help).toBeVisible();
    // Below the fold from the first paint (the main landmark is at least a viewport tall): the content
    // rendering above it never moves it on screen (a layout shift).
    await expect(footer.getBoundingClientRect().top).toBeGreaterThanOrEqual(window.innerHeight);
    const desk = within(footer).getByRole('link', { name: args.supportEmail });
    await expect(desk).toHaveAttribute('href', `mailto:${args.supportEmail}`);
    await expect(footer).toHaveTextContent(t('ui.helpFooter.desk', { email: args.supportEmail }));
    const privacy = within(footer).getByRole('link', { name: t('ui.helpFooter.privacy') });
    await expect(privacy).toHaveAttribute('href', '/privacy');
    // By keyboard: after the page's own content.
    desk.focus();
    await userEvent.tab();
    await expect(privacy).toHaveFocus();
  },
};
