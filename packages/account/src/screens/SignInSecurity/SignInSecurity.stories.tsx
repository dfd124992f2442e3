import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import {
  examplePasskeys,
  exampleRecoveryCodes,
  exampleSetup,
  handlers,
  http,
  MOCK_PASSWORD,
  MOCK_TOTP_CODE,
  problem,
  securityStore,
  type SecurityState,
} from '@pre-admission/api/mocks';
import { type AccountSpies, screenMeta, signedIn } from '../../testing/AccountDecorator';
import {
  expectFieldError,
  expectSummaryWith,
  fill,
  page,
  translator,
  type Translate,
} from '../../testing/play';
import { stubPasskeys } from '../../testing/passkeys';
import { SignInSecurity } from './SignInSecurity';

// The passkeys' names are the applicant's data, not messages: the pseudo-locale check leaves them alone.
const base = screenMeta({ account: signedIn });
const meta = {
  title: 'Account/SignInSecurity',
  component: SignInSecurity,
  tags: ['autodocs'],
  ...base,
  parameters: {
    ...base.parameters,
    pseudoLocale: { allow: ['Pixel 9 (Chrome)', 'Firefox on Windows', 'My phone', 'Work phone'] },
  },
} satisfies Meta<AccountSpies>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The account's security state over MSW, before the kit's defaults; `first` overrides single calls. */
const withState = (state: SecurityState, ...first: ReturnType<typeof http.get>[]) => ({
  msw: { handlers: [...first, ...securityStore(state), ...handlers] },
});

const onePasskey = { passkeys: [examplePasskeys[0]!] };
const appOn = { on: true, onSince: '2026-11-21T08:30:00.000Z', recoveryCodesLeft: 3 };

/** A passkey's Rename or Remove button's accessible name: its visible text, then the passkey's name. */
const forPasskey = (t: Translate, action: 'rename' | 'remove', name: string) =>
  `${t(`account.security.passkeys.${action}`)} ${t('account.security.passkeys.whichPasskey', { name })}`;

const heading = (canvasElement: HTMLElement, t: Translate) =>
  within(canvasElement).findByRole('heading', { level: 1, name: t('account.security.title') });
const button = (name: string) => page(document.body).findByRole('button', { name });
const dialog = (name: string) => page(document.body).findByRole('dialog', { name });
/** Every dialog closed, its exit animation over: the picture shows the page, not a fading dialog. */
const dialogsClosed = () =>
  waitFor(() => expect(document.body.querySelector('[role="dialog"], [data-exiting]')).toBeNull());

/**
 * The browser's passkey dialog, faked: `navigator.credentials.create` answers as an authenticator would, or
 * fails as it does when the applicant closes the dialog.
 */
const fakeCreate = (outcome: 'created' | 'cancelled') => () => {
  const bytes = (text: string) => new TextEncoder().encode(text).buffer;
  const create = spyOn(navigator.credentials, 'create').mockImplementation(async () => {
    if (outcome === 'cancelled')
      throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
    return {
      id: 'bmV3LWNyZWQ',
      rawId: bytes('new-cred'),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      getClientExtensionResults: () => ({}),
      response: {
        clientDataJSON: bytes('{"type":"webauthn.create"}'),
        attestationObject: bytes('attestation'),
        getTransports: () => ['internal'],
      },
    } as unknown as Credential;
  });
  return () => create.mockRestore();
};

/** A browser without WebAuthn: no PublicKeyCredential. */
const withoutWebAuthn = () => {
  const original = Object.getOwnPropertyDescriptor(window, 'PublicKeyCredential');
  Object.defineProperty(window, 'PublicKeyCredential', { value: undefined, configurable: true });
  return () => {
    if (original) Object.defineProperty(window, 'PublicKeyCredential', original);
  };
};

/**
 * A phone's width (360 px) for the screen, spaced as the page's main column spaces it; the header keeps the
 * story's width.
 */
const phone = (Story: () => ReactNode) => (
  <div style={{ width: 360, marginInline: 'auto', display: 'flex', flexDirection: 'column', gap: 24 }}>
    <Story />
  </div>
);

/** `/sign-in-and-security` with no passkey and the app off: what is there to add, and why. */
export const NoPasskeys: Story = {
  parameters: withState({}),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await heading(canvasElement, t);
    await within(canvasElement).findByText(t('account.security.passkeys.none'));
    await expect(await button(t('account.security.passkeys.add'))).toBeVisible();
    await expect(await button(t('account.security.app.setUp'))).toBeVisible();
  },
};

/** Two passkeys: a synced one used yesterday, one on a single device never used; each with Rename and Remove. */
export const SomePasskeys: Story = {
  parameters: withState({ passkeys: examplePasskeys }),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await canvas.findByText('Pixel 9 (Chrome)');
    await expect(canvas.getByText(t('account.security.passkeys.synced'))).toBeVisible();
    await expect(canvas.getByText(t('account.security.passkeys.neverUsed'))).toBeVisible();
    // e2e finds each passkey's buttons by role and a name that holds the passkey's.
    await expect(
      canvas.getByRole('button', {
        name: forPasskey(t, 'remove', 'Firefox on Windows'),
      }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', {
        name: forPasskey(t, 'rename', 'Pixel 9 (Chrome)'),
      }),
    ).toBeVisible();
  },
};

/** The page on a phone (360 px): a passkey's buttons go under its text. */
export const Phone: Story = {
  decorators: [phone],
  parameters: withState(onePasskey),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await within(canvasElement).findByText('Pixel 9 (Chrome)');
    await expect(await button(forPasskey(t, 'remove', 'Pixel 9 (Chrome)'))).toBeVisible();
  },
};

/** Add a passkey: the dialog suggests the device's name (Debian's Chromium here: "Chromium on Linux"). */
export const AddingPasskey: Story = {
  parameters: withState({}),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await heading(canvasElement, t);
    await userEvent.click(await button(t('account.security.passkeys.add')));
    const added = await dialog(t('account.security.passkeys.add'));
    await expect(
      within(added).getByRole('textbox', { name: t('account.security.passkeys.name') }),
    ).toHaveValue(t('account.security.passkeys.deviceName', { browser: 'Chromium', os: 'Linux' }));
  },
};

/** The browser's dialog created the passkey: it is listed under the applicant's name for it, and said so. */
export const PasskeyAdded: Story = {
  beforeEach: fakeCreate('created'),
  parameters: withState({}),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await heading(canvasElement, t);
    await userEvent.click(await button(t('account.security.passkeys.add')));
    const added = await dialog(t('account.security.passkeys.add'));
    await fill(added, { name: 'My phone' });
    await userEvent.click(
      within(added).getByRole('button', { name: t('account.security.passkeys.addSubmit') }),
    );
    await within(canvasElement).findByText(t('account.security.passkeys.addedNotice'));
    await within(canvasElement).findByText('My phone');
    await dialogsClosed();
  },
};

/** The applicant closed the browser's dialog (or it timed out): the form says so and stays for another try. */
export const AddingCancelled: Story = {
  beforeEach: fakeCreate('cancelled'),
  parameters: withState({}),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await heading(canvasElement, t);
    await userEvent.click(await button(t('account.security.passkeys.add')));
    const added = await dialog(t('account.security.passkeys.add'));
    await userEvent.click(
      within(added).getByRole('button', { name: t('account.security.passkeys.addSubmit') }),
    );
    await expectSummaryWith(added, t, t('account.security.passkeys.cancelled'));
  },
};

/** The server refused the new passkey (403 passkey_refused): the dialog closes and the toast says so. */
export const AddingRefused: Story = {
  beforeEach: fakeCreate('created'),
  parameters: withState(
    {},
    http.post('/api/applicant/passkeys', () => problem('addPasskey', '403')),
  ),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await heading(canvasElement, t);
    await userEvent.click(await button(t('account.security.passkeys.add')));
    const added = await dialog(t('account.security.passkeys.add'));
    await userEvent.click(
      within(added).getByRole('button', { name: t('account.security.passkeys.addSubmit') }),
    );
    await page(canvasElement).findByText(t('account.security.error.passkeyRefused'));
    await dialogsClosed();
  },
};

/** Rename: the dialog holds the current name; an emptied one is refused on the field. */
export const Renaming: Story = {
  parameters: withState({ passkeys: examplePasskeys }),
  play: async ({ globals }) => {
    const t = translator(globals);
    await userEvent.click(await button(forPasskey(t, 'rename', 'Pixel 9 (Chrome)')));
    const renaming = await dialog(t('account.security.passkeys.renameTitle'));
    await expect(within(renaming).getByRole('textbox')).toHaveValue('Pixel 9 (Chrome)');
    await userEvent.clear(within(renaming).getByRole('textbox'));
    await userEvent.click(
      within(renaming).getByRole('button', { name: t('account.security.passkeys.renameSubmit') }),
    );
    await expectFieldError(renaming, 'name', t('ui.field.required'));
  },
};

/** Renamed: the list shows the new name and the notice says so. */
export const Renamed: Story = {
  parameters: withState({ passkeys: examplePasskeys }),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await userEvent.click(await button(forPasskey(t, 'rename', 'Pixel 9 (Chrome)')));
    const renaming = await dialog(t('account.security.passkeys.renameTitle'));
    await fill(renaming, { name: 'Work phone' });
    await userEvent.click(
      within(renaming).getByRole('button', { name: t('account.security.passkeys.renameSubmit') }),
    );
    await within(canvasElement).findByText(t('account.security.passkeys.renamedNotice'));
    await within(canvasElement).findByText('Work phone');
    await dialogsClosed();
  },
};

/** Remove asks first, naming the passkey. */
export const Removing: Story = {
  parameters: withState({ passkeys: examplePasskeys }),
  play: async ({ globals }) => {
    const t = translator(globals);
    await userEvent.click(await button(forPasskey(t, 'remove', 'Firefox on Windows')));
    await dialog(t('account.security.passkeys.removeTitle', { name: 'Firefox on Windows' }));
  },
};

/** Removed: gone from the list, and said so. */
export const Removed: Story = {
  parameters: withState({ passkeys: examplePasskeys }),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await userEvent.click(await button(forPasskey(t, 'remove', 'Firefox on Windows')));
    const removing = await dialog(t('account.security.passkeys.removeTitle', { name: 'Firefox on Windows' }));
    await userEvent.click(
      within(removing).getByRole('button', { name: t('account.security.passkeys.remove') }),
    );
    await within(canvasElement).findByText(t('account.security.passkeys.removedNotice'));
    await waitFor(() => expect(within(canvasElement).queryByText('Firefox on Windows')).toBeNull());
    await dialogsClosed();
  },
};

/**
 * A dialog that takes something away: its button is not the filled one, and the other says Cancel (issue 39
 * item 6). Both are outlined, so the one that removes is never the page's obvious next step.
 */
const expectCancelAndQuietRemove = async (inDialog: HTMLElement, t: Translate, remove: string) => {
  const removeButton = within(inDialog).getByRole('button', { name: remove });
  const cancel = within(inDialog).getByRole('button', { name: t('ui.dialog.cancel') });
  await expect(within(inDialog).queryByRole('button', { name: t('ui.dialog.close') })).toBeNull();
  await expect(getComputedStyle(removeButton).backgroundColor).toBe(getComputedStyle(cancel).backgroundColor);
  return removeButton;
};

/**
 * Issue 39 item 6: removing the only passkey while the app is off says first that only the password will be
 * left; afterwards the page says so, not "no passkeys yet" as to a newcomer.
 */
export const RemovingLastPasskey: Story = {
  name: 'issue 39 item 6: removing the last passkey warns that only the password is left',
  parameters: withState(onePasskey),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await userEvent.click(await button(forPasskey(t, 'remove', 'Pixel 9 (Chrome)')));
    const removing = await dialog(t('account.security.passkeys.removeTitle', { name: 'Pixel 9 (Chrome)' }));
    // The dialog fades in: the warning is visible once the entry is over.
    const warning = within(removing).getByText(t('account.security.passkeys.removeLastWarning'));
    await waitFor(() => expect(warning).toBeVisible());
    const remove = await expectCancelAndQuietRemove(removing, t, t('account.security.passkeys.remove'));
    await userEvent.click(remove);
    await within(canvasElement).findByText(t('account.security.passkeys.removedNotice'));
    await within(canvasElement).findByText(t('account.security.onlyPassword'));
    await expect(within(canvasElement).getByText(t('account.security.passkeys.none'))).toBeVisible();
    await expect(t('account.security.passkeys.none')).not.toMatch(/まだ|yet/);
    await dialogsClosed();
  },
};

/** Issue 39 item 6: the remove dialog of the last passkey, with its warning (the picture). */
export const LastPasskeyWarning: Story = {
  parameters: withState(onePasskey),
  play: async ({ globals }) => {
    const t = translator(globals);
    await userEvent.click(await button(forPasskey(t, 'remove', 'Pixel 9 (Chrome)')));
    const removing = await dialog(t('account.security.passkeys.removeTitle', { name: 'Pixel 9 (Chrome)' }));
    const warning = within(removing).getByText(t('account.security.passkeys.removeLastWarning'));
    await waitFor(() => expect(warning).toBeVisible());
  },
};

/** Issue 39 item 6: with another passkey left, removing one gives no such warning. */
export const RemovingOneOfTwo: Story = {
  parameters: withState({ passkeys: examplePasskeys }),
  play: async ({ globals }) => {
    const t = translator(globals);
    await userEvent.click(await button(forPasskey(t, 'remove', 'Firefox on Windows')));
    const removing = await dialog(t('account.security.passkeys.removeTitle', { name: 'Firefox on Windows' }));
    await expect(within(removing).queryByText(t('account.security.passkeys.removeLastWarning'))).toBeNull();
    await expectCancelAndQuietRemove(removing, t, t('account.security.passkeys.remove'));
  },
};

/** Issue 39 item 6: turning off the app without a passkey warns the same way, and the page says so after. */
export const TurningOffTheLastFactor: Story = {
  name: 'issue 39 item 6: turning off the app without a passkey warns that only the password is left',
  parameters: withState({ app: appOn }),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await userEvent.click(await button(t('account.security.app.turnOff')));
    const turningOff = await dialog(t('account.security.app.turnOffTitle'));
    // The dialog fades in: the warning is visible once the entry is over.
    const warning = within(turningOff).getByText(t('account.security.app.turnOffLastWarning'));
    await waitFor(() => expect(warning).toBeVisible());
    const turnOff = await expectCancelAndQuietRemove(turningOff, t, t('account.security.app.turnOff'));
    await userEvent.click(turnOff);
    await within(canvasElement).findByText(t('account.security.app.offNotice'));
    await within(canvasElement).findByText(t('account.security.onlyPassword'));
    await dialogsClosed();
  },
};

/** docs/security.md#second-factor: where one is required, the last second factor cannot go (409). */
export const LastSecondFactor: Story = {
  parameters: withState({ ...onePasskey, secondFactorRequired: true }),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await userEvent.click(await button(forPasskey(t, 'remove', 'Pixel 9 (Chrome)')));
    const removing = await dialog(t('account.security.passkeys.removeTitle', { name: 'Pixel 9 (Chrome)' }));
    await userEvent.click(
      within(removing).getByRole('button', { name: t('account.security.passkeys.remove') }),
    );
    await page(canvasElement).findByText(t('account.security.error.lastSecondFactor'));
    await expect(within(canvasElement).getByText('Pixel 9 (Chrome)')).toBeVisible();
    await dialogsClosed();
  },
};

const removeUnconfirmed = async (canvasElement: HTMLElement, t: Translate) => {
  await userEvent.click(await button(forPasskey(t, 'remove', 'Firefox on Windows')));
  const removing = await dialog(t('account.security.passkeys.removeTitle', { name: 'Firefox on Windows' }));
  await userEvent.click(
    within(removing).getByRole('button', { name: t('account.security.passkeys.remove') }),
  );
  return dialog(t('account.security.confirm.title'));
};

/** docs/security.md#recent-sign-in: a sign-in older than the window asks "Confirm it is you" before the change. */
export const ConfirmItIsYou: Story = {
  parameters: withState({ passkeys: examplePasskeys, confirmed: false }),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const confirming = await removeUnconfirmed(canvasElement, t);
    // The dialog fades in: its field is visible once the entry is over.
    const password = within(confirming).getByLabelText(t('account.field.password'), { exact: false });
    await waitFor(() => expect(password).toBeVisible());
  },
};

/** A wrong password is the password's message; nothing is removed. */
export const ConfirmWrongPassword: Story = {
  parameters: withState({ passkeys: examplePasskeys, confirmed: false }),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const confirming = await removeUnconfirmed(canvasElement, t);
    await fill(confirming, { password: 'Wr0ngPassword' });
    await userEvent.click(
      within(confirming).getByRole('button', { name: t('account.security.confirm.submit') }),
    );
    await expectFieldError(confirming, 'password', t('account.error.wrongPassword'));
  },
};

/** Confirmed: the change is made without another press. */
export const ConfirmedThenRemoved: Story = {
  parameters: withState({ passkeys: examplePasskeys, confirmed: false }),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const confirming = await removeUnconfirmed(canvasElement, t);
    await fill(confirming, { password: MOCK_PASSWORD });
    await userEvent.click(
      within(confirming).getByRole('button', { name: t('account.security.confirm.submit') }),
    );
    await within(canvasElement).findByText(t('account.security.passkeys.removedNotice'));
    await waitFor(() => expect(within(canvasElement).queryByText('Firefox on Windows')).toBeNull());
    await dialogsClosed();
  },
};

/** Confirmed with a passkey of the account instead (the browser's dialog is stubbed): the change is made. */
export const ConfirmedWithPasskey: Story = {
  parameters: withState({ passkeys: examplePasskeys, confirmed: false }),
  beforeEach: () => stubPasskeys({ answer: 'assertion' }),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const confirming = await removeUnconfirmed(canvasElement, t);
    await userEvent.click(
      within(confirming).getByRole('button', { name: t('account.security.confirm.passkey') }),
    );
    await within(canvasElement).findByText(t('account.security.passkeys.removedNotice'));
    await waitFor(() => expect(within(canvasElement).queryByText('Firefox on Windows')).toBeNull());
    await dialogsClosed();
  },
};

const startSetup = async (canvasElement: HTMLElement, t: Translate) => {
  await heading(canvasElement, t);
  await userEvent.click(await button(t('account.security.app.setUp')));
  return within(canvasElement).findByTestId('authenticator-key');
};

/** Setting up the app: the QR code (with its text alternative), the key in groups of four, the code field. */
export const SettingUpApp: Story = {
  parameters: withState({}),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const key = await startSetup(canvasElement, t);
    await expect(key).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await expect(key.textContent?.replace(/\s/g, '')).toBe(exampleSetup.key);
    await expect(
      within(canvasElement).getByRole('img', { name: t('account.security.app.qrLabel') }),
    ).toBeVisible();
  },
};

/** A wrong code is the code field's message (403 wrong_code). */
export const SetupWrongCode: Story = {
  parameters: withState({}),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await startSetup(canvasElement, t);
    await fill(canvasElement, { code: '000000' });
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: t('account.security.app.turnOn') }),
    );
    await expectFieldError(canvasElement, 'code', t('account.security.error.wrongCode'));
  },
};

/** The right code turns the app on; the ten recovery codes are shown once. */
export const RecoveryCodesShown: Story = {
  parameters: withState({}),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await startSetup(canvasElement, t);
    await fill(canvasElement, { code: MOCK_TOTP_CODE });
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: t('account.security.app.turnOn') }),
    );
    const codes = await within(canvasElement).findByTestId('recovery-codes');
    await expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(exampleRecoveryCodes);
  },
};

/** The app on, with three recovery codes left: new codes, or turn it off. */
export const AppOn: Story = {
  parameters: withState({ passkeys: examplePasskeys, app: appOn }),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await within(canvasElement).findByText(t('account.security.codes.left', { count: 3 }));
    await expect(await button(t('account.security.codes.renew'))).toBeVisible();
    await expect(await button(t('account.security.app.turnOff'))).toBeVisible();
  },
};

/** Turned off after confirming: the page shows the app off again. */
export const AppTurnedOff: Story = {
  parameters: withState({ app: appOn }),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await userEvent.click(await button(t('account.security.app.turnOff')));
    const turningOff = await dialog(t('account.security.app.turnOffTitle'));
    await userEvent.click(
      within(turningOff).getByRole('button', { name: t('account.security.app.turnOff') }),
    );
    await within(canvasElement).findByText(t('account.security.app.offNotice'));
    await expect(await button(t('account.security.app.setUp'))).toBeVisible();
    await dialogsClosed();
  },
};

/**
 * Issue 39, item 3 (docs/security.md#recent-sign-in): with the app on, the password alone does not confirm; the
 * dialog keeps it, says why and asks for a code, and with the code the app is turned off.
 */
export const ConfirmWithCode: Story = {
  parameters: withState({ app: appOn, confirmed: false, twoStepConfirmation: true }),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await userEvent.click(await button(t('account.security.app.turnOff')));
    const turningOff = await dialog(t('account.security.app.turnOffTitle'));
    await userEvent.click(
      within(turningOff).getByRole('button', { name: t('account.security.app.turnOff') }),
    );
    const confirming = await dialog(t('account.security.confirm.title'));
    await fill(confirming, { password: MOCK_PASSWORD });
    const submit = within(confirming).getByRole('button', { name: t('account.security.confirm.submit') });
    await userEvent.click(submit);
    await within(confirming).findByText(t('account.security.confirm.codeRequired'));
    await fill(confirming, { code: MOCK_TOTP_CODE });
    await userEvent.click(submit);
    await within(canvasElement).findByText(t('account.security.app.offNotice'));
    await dialogsClosed();
  },
};

/** A browser without WebAuthn: why no passkey can be added here; the list and the app still work. */
export const NoWebAuthn: Story = {
  beforeEach: withoutWebAuthn,
  parameters: withState({ passkeys: examplePasskeys }),
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await within(canvasElement).findByText(t('account.security.passkeys.unsupported'));
    await expect(
      within(canvasElement).queryByRole('button', { name: t('account.security.passkeys.add') }),
    ).toBeNull();
  },
};

/** A server error when turning the app on: the form's summary says so, with the reference to quote. */
export const ServerError: Story = {
  parameters: withState(
    {},
    http.put('/api/applicant/authenticator-app', () => problem('enableAuthenticatorApp', '500')),
  ),
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await startSetup(canvasElement, t);
    await fill(canvasElement, { code: MOCK_TOTP_CODE });
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: t('account.security.app.turnOn') }),
    );
    const summary = await within(canvasElement).findByRole('group', {
      name: t('ui.errorSummary.titleNotDone'),
    });
    await waitFor(() => expect(summary).toHaveTextContent('187654321:2048'));
    await expect(args.reportError).not.toHaveBeenCalled();
  },
};
