import type { ReactNode } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pseudoLocale } from '@pre-admission/i18n';
import { coldLoad } from '../../testing/coldLoad';
import { breaksBetween, linesOf } from '../../testing/lines';
import { messagesFor } from '../../testing/messagesFor';
import { fontFamily } from '../../theme/tokens';
import { Header } from './Header';

const account = {
  email: 'li.wei@example.jp',
  applicationsHref: '/applications',
  changeEmailHref: '/email-change-request',
  changePasswordHref: '/password-change',
  onLogOut: fn(),
};

const meta = {
  title: 'Components/Header',
  component: Header,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Header>;

export default meta;
type Story = StoryObj<typeof meta>;

/** docs/behaviour.md#routes and #constants: the top page's 100px banner. */
export const TopPageBanner: Story = {
  args: { variant: 'banner' },
  play: async ({ canvasElement }) => {
    const header = canvasElement.querySelector('header');
    await expect(header?.getBoundingClientRect().height).toBe(100);
  },
};

/** docs/behaviour.md#routes and #constants: the 44px header of the other pages, signed out. */
export const Compact: Story = {
  args: { variant: 'compact' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('header')?.getBoundingClientRect().height).toBe(44);
  },
};

export const SignedIn: Story = {
  args: { variant: 'compact', account },
  play: async ({ canvas, canvasElement, globals }) => {
    const t = messagesFor(globals.locale);
    const menu = canvas.getByRole('button', { name: `${t('ui.accountMenu.label')} ${account.email}` });
    await expect(menu).toHaveTextContent(account.email);
    await expect(canvas.getByRole('radiogroup', { name: t('ui.languageSwitch.label') })).toBeInTheDocument();
    // Issue 27, defect 11: each language its own font stack, Japanese faces first under lang="ja" (and for the
    // option 日本語 in an English page), so a Chinese-locale system never draws Japanese in Chinese forms.
    const font = (element: Element | null) => (element ? getComputedStyle(element).fontFamily : '');
    const stack = globals.locale === 'ja' ? fontFamily.ja : fontFamily.en;
    await expect(font(canvasElement.querySelector('header a'))).toBe(stack);
    await expect(font(canvasElement.querySelector('[lang="ja"]'))).toBe(fontFamily.ja);
    await expect(font(canvasElement.querySelector('[lang="en"]'))).toBe(fontFamily.en);
  },
};

const width = (px: number) =>
  function Width(Story: () => ReactNode) {
    return (
      <div style={{ width: px }}>
        <Story />
      </div>
    );
  };

/**
 * Issue 27, defect 7: the compact header's title is never cut. The full name where it fits, else the short
 * one, whole; the header stays 44px.
 */
const titleWhole = (expected: 'full' | 'short' | 'either') =>
  async function play({
    canvasElement,
    globals,
  }: {
    canvasElement: HTMLElement;
    globals: Record<string, unknown>;
  }) {
    const t = messagesFor(globals.locale);
    const title = canvasElement.querySelector('header a');
    if (!title) throw new Error('no title');
    await expect(canvasElement.querySelector('header')?.getBoundingClientRect().height).toBe(44);
    await fitsIn(44)({ canvasElement });
    // The pseudo-locale's names are a third longer and padded with filler words: its own check (preview.tsx)
    // is that they shorten on purpose, not that they are whole.
    if (globals.locale === pseudoLocale) return;
    await expect(title.scrollWidth).toBeLessThanOrEqual(title.clientWidth);
    // No third line hidden under the short name's two (less than half a line of slack for the glyphs' overhang).
    await expect(title.scrollHeight - title.clientHeight).toBeLessThan(8);
    const names = { full: t('ui.header.siteTitle'), short: t('ui.header.siteTitleShort') };
    const allowed = expected === 'either' ? [names.full, names.short] : [names[expected]];
    await expect(allowed).toContain(title.textContent);
  };

/** A desktop window (1280px): the full name beside the language switch and an ordinary address. */
export const CompactDesktop: Story = {
  args: { variant: 'compact', account },
  decorators: [width(1280)],
  play: titleWhole('full'),
};

/** A desktop window with a long address: the short name, whole, rather than the full name cut. */
export const CompactDesktopLongEmail: Story = {
  args: {
    variant: 'compact',
    account: { ...account, email: 'a.very.long.applicant.address.for.testing@graduate-school.example.ac.jp' },
  },
  decorators: [width(1280)],
  play: titleWhole('either'),
};

/** A phone (360px): the short name, whole; the address shortens instead. */
export const CompactPhone: Story = {
  args: { variant: 'compact', account },
  decorators: [width(360)],
  play: titleWhole('short'),
};

/**
 * Issue 39 item 5: on a phone the menu button showed only "u…". Nothing on the button is cut now (a person
 * icon there), and the open menu says which account is signed in, the whole address.
 */
export const AccountOnPhone: Story = {
  name: 'issue 39 item 5: at 360 px the signed-in account can be seen',
  args: { variant: 'compact', account },
  decorators: [width(360)],
  play: async (context) => {
    await fitsIn(44)(context);
    const { canvasElement, globals } = context;
    const t = messagesFor(globals.locale);
    const button = within(canvasElement).getByRole('button', {
      name: `${t('ui.accountMenu.label')} ${account.email}`,
    });
    // Nothing shown on the button is cut short: each visible part whole, inside the button.
    await expect(button.scrollWidth).toBeLessThanOrEqual(button.clientWidth);
    const box = button.getBoundingClientRect();
    for (const part of button.querySelectorAll('span, svg')) {
      const rect = part.getBoundingClientRect();
      if (rect.width <= 1) continue;
      await expect(rect.right, part.textContent ?? '').toBeLessThanOrEqual(box.right);
      if (part instanceof HTMLElement && getComputedStyle(part).overflow === 'hidden')
        await expect(part.scrollWidth, part.textContent ?? '').toBeLessThanOrEqual(part.clientWidth);
    }
    await userEvent.click(button);
    const menu = await within(document.body).findByRole('menu', {}, coldLoad);
    const signedInAs = within(document.body).getByText(
      t('ui.accountMenu.signedInAs', { email: account.email }),
    );
    await expect(signedInAs).toBeVisible();
    await expect(signedInAs.scrollWidth).toBeLessThanOrEqual(signedInAs.clientWidth);
    await expect(menu).toHaveAccessibleDescription(t('ui.accountMenu.signedInAs', { email: account.email }));
  },
};

export const LongEmail: Story = {
  args: {
    variant: 'compact',
    account: { ...account, email: 'a.very.long.applicant.address.for.testing@graduate-school.example.ac.jp' },
  },
};

/** At 200 % zoom the header keeps its height; the title and the email shorten with an ellipsis. */
export const Zoom200: Story = { args: { variant: 'compact', account }, parameters: { zoom: 2 } };

/** A phone 320px wide (WCAG 1.4.10's reflow width). */
const narrow = (Story: () => ReactNode) => (
  <div style={{ width: 320 }}>
    <Story />
  </div>
);

/** The header's heights are exact at every width: on a 320px screen nothing wraps below it. */
const fitsIn = (height: number) =>
  async function play({ canvasElement }: { canvasElement: HTMLElement }) {
    const header = canvasElement.querySelector('header');
    if (!header) throw new Error('no header');
    await expect(header.getBoundingClientRect().height).toBe(height);
    // Every control is inside the header's box, none pushed out of it or off the screen.
    const box = header.getBoundingClientRect();
    for (const control of header.querySelectorAll('a, button')) {
      const rect = control.getBoundingClientRect();
      await expect(rect.top).toBeGreaterThanOrEqual(box.top);
      await expect(rect.bottom).toBeLessThanOrEqual(box.bottom);
      await expect(rect.right).toBeLessThanOrEqual(box.right);
    }
  };

export const NarrowBanner: Story = {
  args: { variant: 'banner' },
  decorators: [narrow],
  play: async (context) => {
    await fitsIn(100)(context);
    // Issue 27, defect 7: a name too wide for one line breaks after its short form, never inside a word
    // (it was 留学生入学前支援サ / イト).
    if (context.globals.locale === pseudoLocale) return;
    const t = messagesFor(context.globals.locale);
    const short = t('ui.header.siteTitleShort');
    const full = t('ui.header.siteTitleLong');
    const words = (full.startsWith(short) ? [short, full.slice(short.length)] : [full])
      .flatMap((part) => part.split(' '))
      .filter(Boolean);
    const lines = linesOf(context.canvasElement.querySelector('header a') ?? document.body);
    await expect(lines.join('').replaceAll(' ', '')).toBe(full.replaceAll(' ', ''));
    await expect(breaksBetween(lines, words), lines.join(' / ')).toBe(true);
  },
};

export const NarrowCompactSignedIn: Story = {
  args: {
    variant: 'compact',
    account: { ...account, email: 'a.very.long.applicant.address.for.testing@graduate-school.example.ac.jp' },
  },
  decorators: [narrow],
  play: fitsIn(44),
};

export const ForcedColors: Story = {
  args: { variant: 'compact', account },
  parameters: { chromatic: { forcedColors: 'active' } },
};
