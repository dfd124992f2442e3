import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import type { MessageId } from '@pre-admission/i18n';
import { intlOf } from '@pre-admission/i18n/all';
import { handlers, type http } from '@pre-admission/api/mocks';

/** The intl of the story's locale (the story projects set the global); see `@pre-admission/i18n/all`. */
export { intlOf };

export type Translate = (id: MessageId, values?: Record<string, string | number | Date>) => string;

export const translator =
  (globals: Record<string, unknown>): Translate =>
  (id, values) =>
    intlOf(globals).formatMessage({ id }, values);

/** An input by its form name (stable across languages). */
export function input(canvasElement: HTMLElement, name: string): HTMLInputElement {
  const element = canvasElement.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!element) throw new Error(`No input named ${name}`);
  return element;
}

/** Types into named inputs, in order. */
export async function fill(canvasElement: HTMLElement, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    const field = input(canvasElement, name);
    await userEvent.clear(field);
    await userEvent.type(field, value);
  }
}

/**
 * Fills the form, sends it while the request is held, and waits for the submit button to show it is pending
 * (docs/behaviour.md#validation); returns the button, for the second send that must be ignored.
 */
export async function sendHeld(
  canvasElement: HTMLElement,
  values: Record<string, string>,
  button: () => HTMLElement,
): Promise<HTMLElement> {
  await fill(canvasElement, values);
  const pending = button();
  await userEvent.click(pending);
  await waitFor(() => expect(pending).toHaveAttribute('aria-disabled', 'true'));
  return pending;
}

/** The whole document: dialogs and toasts are portalled out of the canvas. */
export const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/**
 * The error summary takes focus after a failed submit (GOV.UK) and lists the message; it is headed "check
 * what you entered" when it names a field, else "this could not be done" (issue 39 item 7).
 */
export async function expectSummaryWith(
  canvasElement: HTMLElement,
  t: Translate,
  message: string,
): Promise<void> {
  const titles = [t('ui.errorSummary.title'), t('ui.errorSummary.titleNotDone')];
  const summary = await within(canvasElement).findByRole('group', { name: (name) => titles.includes(name) });
  const aboutAField = within(summary).queryAllByRole('link').length > 0;
  await expect(summary).toHaveAccessibleName(titles[aboutAField ? 0 : 1]);
  await waitFor(() => expect(summary).toHaveFocus());
  // The summary may prefix the field's label ("Email address: Required.").
  await expect(within(summary).getAllByText(message, { exact: false }).length).toBeGreaterThan(0);
}

/** The field shows the message, wired to its input by aria-describedby, and is marked invalid. */
export async function expectFieldError(
  canvasElement: HTMLElement,
  name: string,
  message: string,
): Promise<void> {
  const field = input(canvasElement, name);
  await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(message)));
  await expect(field).toHaveAttribute('aria-invalid', 'true');
}

/**
 * A story `beforeEach`: watches console.warn and console.error (still printing), so a play can check that a
 * failure docs/behaviour.md#error-catalogue says is "only logged" was logged at the level its status calls for.
 */
export function watchConsole(): () => void {
  const warn = spyOn(console, 'warn');
  const error = spyOn(console, 'error');
  return () => {
    warn.mockRestore();
    error.mockRestore();
  };
}

/** docs/behaviour.md#error-catalogue: a status of 500 or above is logged as an error, lower as a warning. */
export async function expectLogged(level: 'warn' | 'error', status: number): Promise<void> {
  const log = level === 'warn' ? console.warn : console.error;
  await waitFor(() =>
    expect(log).toHaveBeenCalledWith(
      expect.stringContaining('[account]'),
      expect.objectContaining({ status }),
    ),
  );
}

/**
 * Requests that a story's handler holds until the play releases them, for "a second send is ignored": the
 * button stays pending meanwhile; once released, every request sent has been answered when the button is
 * no longer pending, and the count says how many reached the server. Waits for that, never a fixed time.
 */
export function heldRequests() {
  let count = 0;
  let release = () => {};
  let gate = new Promise<void>((resolve) => (release = resolve));
  return {
    /** In the handler: counts the request and waits; resolving to nothing lets the next handler answer. */
    async hold(): Promise<undefined> {
      count += 1;
      await gate;
      return undefined;
    },
    /** At the start of the play. */
    reset(): void {
      count = 0;
      gate = new Promise<void>((resolve) => (release = resolve));
    },
    /** Answers what is held and resolves, once the button has stopped being pending, to the count. */
    async settle(button: HTMLElement): Promise<number> {
      release();
      await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled', 'true'));
      return count;
    },
  };
}

/**
 * The "Submitting" story of a one-request form (docs/behaviour.md#validation): the request (`route`, given
 * `hold` as its resolver) is held; the button shows it is pending and a second send, a press and then Enter
 * in the field `enterIn` if given, is ignored, so exactly one request is made.
 */
export function heldSubmitStory(
  route: (hold: () => Promise<undefined>) => ReturnType<typeof http.post>,
  values: Record<string, string>,
  button: (canvasElement: HTMLElement, globals: Record<string, unknown>) => HTMLElement,
  enterIn?: string,
) {
  const requests = heldRequests();
  return {
    parameters: { msw: { handlers: [route(() => requests.hold()), ...handlers] } },
    play: async ({
      canvasElement,
      globals,
    }: {
      canvasElement: HTMLElement;
      globals: Record<string, unknown>;
    }) => {
      requests.reset();
      const pending = await sendHeld(canvasElement, values, () => button(canvasElement, globals));
      await userEvent.click(pending);
      if (enterIn) await userEvent.type(input(canvasElement, enterIn), '{Enter}');
      await expect(await requests.settle(pending)).toBe(1);
    },
  };
}
