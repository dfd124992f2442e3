// @vitest-environment jsdom
import { createApi } from '@pre-admission/api';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionCheckIntervalMs } from '../config/site';
import { SessionProvider, useSession, type SessionContextValue } from './SessionProvider';
import type { SessionTimeout } from './sessionMachine';

// docs/behaviour.md#session, the provider's half: its timers (warning, end, periodic check), the tabs kept
// in step over a BroadcastChannel, and what each answer of sessions/current does to the state. The state
// machine itself has its own exhaustive test (sessionMachine.test.ts). The clock is fake; no test waits.

/** React's act() warns unless the environment says it is a test one. */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * A BroadcastChannel that delivers to the other channels of the same name in this page, never to itself,
 * as the browser's does. Delivery is immediate (the browser's is a task later): each test acts and then
 * reads the state, so the order is the same.
 */
class FakeChannel {
  static open: FakeChannel[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  readonly sent: unknown[] = [];
  closed = false;
  constructor(readonly name: string) {
    FakeChannel.open.push(this);
  }
  postMessage(data: unknown) {
    if (this.closed) throw new Error('postMessage on a closed channel');
    this.sent.push(structuredClone(data));
    for (const other of FakeChannel.open)
      if (other !== this && other.name === this.name && !other.closed)
        other.onmessage?.(new MessageEvent('message', { data: structuredClone(data) }));
  }
  close() {
    this.closed = true;
    FakeChannel.open = FakeChannel.open.filter((channel) => channel !== this);
  }
}

const email = 'applicant@example.com';
const minute = 60_000;

/** The server's answer to sessions/current: 30 minutes idle, a warning 2 minutes before, 8 hours at most. */
function currentSession(expiresInSeconds = 30 * 60, absoluteInSeconds = 8 * 60 * 60) {
  const now = Date.now();
  return {
    email,
    expiresAt: new Date(now + expiresInSeconds * 1000).toISOString(),
    absoluteExpiresAt: new Date(now + absoluteInSeconds * 1000).toISOString(),
    expiresInSeconds,
    idleTimeoutSeconds: 30 * 60,
    warningSeconds: 120,
    confirmedUntil: new Date(now + 5 * 60 * 1000).toISOString(),
    secondFactorRequired: false,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const problem = (status: number) =>
  new Response(JSON.stringify({ type: 'urn:test', title: `status ${status}`, status }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });

type Answer = () => Response | Promise<Response>;

/**
 * The reference server as the adapter sees it: an injected fetch (no global is patched) whose answers
 * a test can replace, recording each call as `METHOD path`. The real adapter maps the statuses, so these tests
 * also pin which status leads to which state.
 */
function fakeServer({ endsInMinutes = 30 } = {}) {
  const calls: string[] = [];
  // The session's idle end on the server: a check reads it, an extension moves it (as the server's do).
  let endsAt = Date.now() + endsInMinutes * minute;
  const answers: { check: Answer; extend: Answer; signOut: Answer } = {
    check: () => (Date.now() < endsAt ? json(currentSession((endsAt - Date.now()) / 1000)) : problem(401)),
    extend: () => {
      endsAt = Date.now() + 30 * minute;
      return json(currentSession());
    },
    signOut: () => new Response(null, { status: 204 }),
  };
  const fetch = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname;
    calls.push(`${request.method} ${path}`);
    if (path === '/api/applicant/sessions/current')
      return request.method === 'GET' ? answers.check() : answers.extend();
    if (path === '/api/applicant/sessions' && request.method === 'DELETE') return answers.signOut();
    return problem(404);
  };
  return {
    // A read that gets no answer is sent again by the adapter (packages/api retryReads): at once here, so the
    // fake clock is the provider's alone.
    api: createApi({ baseUrl: 'http://localhost', fetch, sleep: () => Promise.resolve() }),
    calls,
    answers,
    /** The applicant extended the session in another browser window: no tab here hears of it. */
    extendElsewhere: () => (endsAt = Date.now() + 30 * minute),
  };
}

const networkDown: Answer = () => Promise.reject(new TypeError('Failed to fetch'));
const checks = (calls: string[]) => calls.filter((call) => call === 'GET /api/applicant/sessions/current');

/** One tab: a provider mounted in the page, and its context as the screens see it. */
async function openTab(server: ReturnType<typeof fakeServer>) {
  const container = document.createElement('div');
  document.body.append(container);
  let session!: SessionContextValue;
  const Probe = () => {
    session = useSession();
    return null;
  };
  const root: Root = createRoot(container);
  await act(async () => {
    root.render(
      <SessionProvider api={server.api}>
        <Probe />
      </SessionProvider>,
    );
  });
  await settle();
  return {
    get session() {
      return session;
    },
    channel: FakeChannel.open.at(-1)!,
    close: () => act(() => root.unmount()),
  };
}

/**
 * Lets the adapter's promises (fetch, the body's parse) and React's transitions finish. setImmediate is not
 * faked, so this runs after every pending microtask without moving the fake clock.
 */
async function settle() {
  for (let round = 0; round < 5; round++)
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
}

/** Moves the fake clock, running the timers due, then lets what they started finish. */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await settle();
}

/** A second tab of the same browser, seen only through its channel. */
const otherTab = () => new FakeChannel('pre-admission-session');

beforeEach(() => {
  // Date too: the provider turns the server's "seconds left" into an end by this browser's clock.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-04-01T09:00:00Z'));
  vi.stubGlobal('BroadcastChannel', FakeChannel);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  document.body.replaceChildren();
  document.head.querySelector('meta[name="pre-admission-session"]')?.remove();
  FakeChannel.open = [];
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('SessionProvider: the first check and what each answer means', () => {
  it('a 200 signs in, with the end counted from the seconds left by this browser’s clock', async () => {
    const server = fakeServer();
    const tab = await openTab(server);
    expect(checks(server.calls)).toHaveLength(1);
    expect(tab.session.state).toEqual({
      status: 'signedIn',
      email,
      timeout: {
        endsAt: Date.now() + 30 * minute,
        warningMs: 2 * minute,
        idleMinutes: 30,
        extendable: true,
      },
    });
  });

  it('an end that is already the absolute one cannot be extended', async () => {
    const server = fakeServer();
    server.answers.check = () => json(currentSession(10 * 60, 10 * 60));
    const tab = await openTab(server);
    expect(tab.session.state).toMatchObject({ status: 'signedIn', timeout: { extendable: false } });
  });

  it.each([
    ['a 403 (revoked or expired)', () => problem(403)],
    ['a 401 (no session)', () => problem(401)],
    ['a 500', () => problem(500)],
    ['a network failure', networkDown],
  ])('while loading, %s signs out', async (_name, answer) => {
    const server = fakeServer();
    server.answers.check = answer;
    const tab = await openTab(server);
    expect(tab.session.state).toEqual({ status: 'signedOut' });
  });

  it('when signed in, a 401 signs out here and in the other tabs, and runs the sign-out listeners once', async () => {
    const server = fakeServer();
    const tab = await openTab(server);
    const other = otherTab();
    const heard = vi.fn();
    other.onmessage = heard;
    const listener = vi.fn();
    tab.session.onSignOut(listener);

    server.answers.check = () => problem(401);
    await act(() => tab.session.check());
    await settle();
    expect(tab.session.state).toEqual({ status: 'signedOut' });
    expect(listener).toHaveBeenCalledTimes(1);
    // The check itself does not broadcast: only a sign-out made here (signedOut()) does.
    expect(heard).not.toHaveBeenCalled();
  });

  it.each([
    ['a 500', () => problem(500)],
    ['a network failure', networkDown],
  ])('when signed in, %s keeps the applicant signed in', async (_name, answer) => {
    const server = fakeServer();
    const tab = await openTab(server);
    const before = tab.session.state;
    server.answers.check = answer;
    await act(() => tab.session.check());
    await settle();
    expect(tab.session.state).toBe(before);
  });

  it('when signed in, a 403 terminates the session and runs the sign-out listeners', async () => {
    const server = fakeServer();
    const tab = await openTab(server);
    const listener = vi.fn();
    tab.session.onSignOut(listener);
    server.answers.check = () => problem(403);
    await act(() => tab.session.check());
    await settle();
    expect(tab.session.state).toEqual({ status: 'terminated' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('an unsubscribed listener is not run', async () => {
    const server = fakeServer();
    const tab = await openTab(server);
    const listener = vi.fn();
    tab.session.onSignOut(listener)();
    await act(() => tab.session.signedOut());
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('SessionProvider: the timeout warning and the end', () => {
  it('opens the warning exactly `warningSeconds` before the end, not a millisecond earlier', async () => {
    const server = fakeServer();
    const tab = await openTab(server);
    await advance(28 * minute - 1);
    expect(tab.session.state).toMatchObject({ status: 'signedIn' });
    expect(tab.session.state).not.toHaveProperty('warning', true);
    await advance(1);
    expect(tab.session.state).toMatchObject({ status: 'signedIn', warning: true });
  });

  // A session of 10 minutes left: its end (10:00.5) falls between two periodic checks (every 3 minutes).
  it('at the end, checks once more; if the end stands, signs out on the server, here and in the other tabs', async () => {
    const server = fakeServer({ endsInMinutes: 10 });
    const tab = await openTab(server);
    const other = otherTab();
    const heard: unknown[] = [];
    other.onmessage = ({ data }) => heard.push(data);

    await advance(10 * minute);
    // Half a second of grace after the end, so the server has surely expired it.
    expect(server.calls).not.toContain('DELETE /api/applicant/sessions');
    expect(tab.session.state).toMatchObject({ status: 'signedIn', warning: true });
    await advance(500);
    expect(server.calls.slice(-2)).toEqual([
      'GET /api/applicant/sessions/current',
      'DELETE /api/applicant/sessions',
    ]);
    expect(tab.session.state).toEqual({ status: 'signedOut', timedOutAfterMinutes: 30 });
    expect(heard).toEqual([{ type: 'timedOut', idleMinutes: 30 }]);
  });

  it('at the end, a session extended in another window meanwhile stays, with its new end and no warning', async () => {
    const server = fakeServer({ endsInMinutes: 10 });
    const tab = await openTab(server);
    await advance(8 * minute);
    expect(tab.session.state).toMatchObject({ warning: true });

    await advance(minute);
    server.extendElsewhere();
    const newEnd = Date.now() + 30 * minute;
    await advance(minute + 500);
    expect(server.calls).not.toContain('DELETE /api/applicant/sessions');
    expect(tab.session.state).toMatchObject({
      status: 'signedIn',
      warning: false,
      timeout: { endsAt: newEnd },
    });
  });

  it('a session with one second left at the last check counts as ended', async () => {
    const server = fakeServer({ endsInMinutes: 10 });
    const tab = await openTab(server);
    await advance(10 * minute);
    server.answers.check = () => json(currentSession(1));
    await advance(500);
    expect(server.calls).toContain('DELETE /api/applicant/sessions');
    expect(tab.session.state).toEqual({ status: 'signedOut', timedOutAfterMinutes: 30 });
  });

  it('still signs out here when the last check and the sign-out both fail on the network', async () => {
    const server = fakeServer({ endsInMinutes: 10 });
    const tab = await openTab(server);
    await advance(10 * minute);
    server.answers.check = networkDown;
    server.answers.signOut = networkDown;
    await advance(500);
    expect(tab.session.state).toEqual({ status: 'signedOut', timedOutAfterMinutes: 30 });
  });

  it('a periodic check whose end differs by the network’s delay keeps the timers and the open warning', async () => {
    const server = fakeServer();
    const tab = await openTab(server);
    await advance(28 * minute);
    const warned = tab.session.state;
    expect(warned).toMatchObject({ warning: true });
    const end = (warned as { timeout: SessionTimeout }).timeout.endsAt;
    // The server counts 1.5 s more than this browser does.
    server.answers.check = () => json(currentSession((end - Date.now() + 1500) / 1000));
    await act(() => tab.session.check());
    await settle();
    expect(tab.session.state).toBe(warned);
  });
});

describe('SessionProvider: extending ("Stay signed in")', () => {
  it('extends on the server, closes the warning, moves the end and tells the other tabs the new end', async () => {
    const server = fakeServer();
    const tab = await openTab(server);
    const other = otherTab();
    const heard: unknown[] = [];
    other.onmessage = ({ data }) => heard.push(data);
    await advance(28 * minute);
    expect(tab.session.state).toMatchObject({ warning: true });

    await act(() => tab.session.extend());
    await settle();
    expect(server.calls).toContain('POST /api/applicant/sessions/current');
    const timeout = {
      endsAt: Date.now() + 30 * minute,
      warningMs: 2 * minute,
      idleMinutes: 30,
      extendable: true,
    };
    expect(tab.session.state).toEqual({ status: 'signedIn', email, timeout, warning: false });
    expect(heard).toEqual([{ type: 'extended', timeout }]);

    // The old end passes without a sign-out: the timers follow the new end.
    await advance(2 * minute + 500);
    expect(server.calls).not.toContain('DELETE /api/applicant/sessions');
    expect(tab.session.state).toMatchObject({ status: 'signedIn', warning: false });
  });

  it.each([
    [403, { status: 'terminated' }],
    [401, { status: 'signedOut' }],
  ])('an extension answered %i leaves the session (%o)', async (status, state) => {
    const server = fakeServer();
    const tab = await openTab(server);
    const listener = vi.fn();
    tab.session.onSignOut(listener);
    server.answers.extend = () => problem(status);
    await act(() => tab.session.extend());
    await settle();
    expect(tab.session.state).toEqual(state);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('an extension that fails on the network keeps the session and tells no tab', async () => {
    const server = fakeServer();
    const tab = await openTab(server);
    const other = otherTab();
    const heard = vi.fn();
    other.onmessage = heard;
    const before = tab.session.state;
    server.answers.extend = networkDown;
    await act(() => tab.session.extend());
    await settle();
    expect(tab.session.state).toBe(before);
    expect(heard).not.toHaveBeenCalled();
  });
});

describe('SessionProvider: tabs in step', () => {
  it('a sign-out here tells the other tabs; a sign-in here makes them check', async () => {
    const server = fakeServer();
    const first = await openTab(server);
    const second = await openTab(server);
    expect(second.session.state).toMatchObject({ status: 'signedIn' });
    const secondListener = vi.fn();
    second.session.onSignOut(secondListener);

    await act(() => first.session.signedOut());
    expect(first.session.state).toEqual({ status: 'signedOut' });
    expect(second.session.state).toEqual({ status: 'signedOut' });
    expect(secondListener).toHaveBeenCalledTimes(1);
    // The tab told does not tell again (no echo between tabs).
    expect(second.channel.sent).toEqual([]);

    const before = checks(server.calls).length;
    await act(() => first.session.signedIn(email));
    await settle();
    expect(first.channel.sent).toEqual(['signedOut', 'signedIn']);
    expect(checks(server.calls)).toHaveLength(before + 1);
    expect(second.session.state).toMatchObject({ status: 'signedIn', email });
  });

  it('another tab’s extension closes the warning here and moves the end, without asking the server', async () => {
    const server = fakeServer();
    const tab = await openTab(server);
    await advance(28 * minute);
    expect(tab.session.state).toMatchObject({ warning: true });
    const callsBefore = server.calls.length;

    const timeout: SessionTimeout = {
      endsAt: Date.now() + 30 * minute,
      warningMs: 2 * minute,
      idleMinutes: 30,
      extendable: true,
    };
    await act(() => otherTab().postMessage({ type: 'extended', timeout }));
    expect(tab.session.state).toEqual({ status: 'signedIn', email, timeout, warning: false });
    expect(server.calls).toHaveLength(callsBefore);
  });

  it('another tab’s time-out signs out here with the same reason', async () => {
    const server = fakeServer();
    const tab = await openTab(server);
    await act(() => otherTab().postMessage({ type: 'timedOut', idleMinutes: 30 }));
    expect(tab.session.state).toEqual({ status: 'signedOut', timedOutAfterMinutes: 30 });
  });

  it('a closed tab stops listening: its channel is closed and its timers cleared', async () => {
    const server = fakeServer();
    const tab = await openTab(server);
    const channel = tab.channel;
    await tab.close();
    expect(channel.closed).toBe(true);
    const before = server.calls.length;
    await advance(60 * minute);
    expect(server.calls).toHaveLength(before);
  });
});

describe('SessionProvider: when it checks again', () => {
  it('every few minutes while signed in, never while signed out', async () => {
    const server = fakeServer();
    const tab = await openTab(server);
    await advance(sessionCheckIntervalMs);
    expect(checks(server.calls)).toHaveLength(2);

    await act(() => tab.session.signedOut());
    await advance(sessionCheckIntervalMs * 3);
    expect(checks(server.calls)).toHaveLength(2);
  });

  it('when the tab becomes visible again or gets the focus', async () => {
    const server = fakeServer();
    await openTab(server);
    const visibility = vi.spyOn(document, 'visibilityState', 'get');

    visibility.mockReturnValue('hidden');
    await act(() => document.dispatchEvent(new Event('visibilitychange')));
    await settle();
    expect(checks(server.calls)).toHaveLength(1);

    visibility.mockReturnValue('visible');
    await act(() => document.dispatchEvent(new Event('visibilitychange')));
    await settle();
    expect(checks(server.calls)).toHaveLength(2);

    await act(() => window.dispatchEvent(new Event('focus')));
    await settle();
    expect(checks(server.calls)).toHaveLength(3);
  });

  it('a check never extends the session', async () => {
    const server = fakeServer();
    const tab = await openTab(server);
    await act(() => tab.session.check());
    await settle();
    expect(server.calls).not.toContain('POST /api/applicant/sessions/current');
  });
});

describe('SessionProvider: a page sent without a session cookie (issue 39 item 9)', () => {
  it('issue 39 item 9: starts signed out without a session check, so the console shows no failed 401', async () => {
    // The server marks the page it sent to a visitor without a session cookie (apps/api/src/web/webPages.ts).
    document.head.insertAdjacentHTML('beforeend', '<meta name="pre-admission-session" content="none" />');
    const server = fakeServer({ endsInMinutes: 0 });
    const tab = await openTab(server);
    expect(tab.session.state.status).toBe('signedOut');
    expect(checks(server.calls)).toEqual([]);
    // Coming back to the tab or moving on asks nothing either: nothing in this tab has signed in.
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
    await act(() => tab.session.check());
    await settle();
    expect(checks(server.calls)).toEqual([]);
  });

  it('a sign-in in another tab makes this one check again', async () => {
    document.head.insertAdjacentHTML('beforeend', '<meta name="pre-admission-session" content="none" />');
    const server = fakeServer();
    const tab = await openTab(server);
    expect(checks(server.calls)).toEqual([]);
    otherTab().postMessage('signedIn');
    await settle();
    expect(checks(server.calls)).toHaveLength(1);
    expect(tab.session.state.status).toBe('signedIn');
  });
});
