// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchLanguageIntent, watchLinkIntent } from './prefetchOnIntent';

/** jsdom has no IntersectionObserver: this one reports what the test says is in view. */
class FakeIntersectionObserver {
  static current: FakeIntersectionObserver[] = [];
  readonly observed = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.current.push(this);
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  /** The element scrolls into view (or is there from the start). */
  static show(element: Element) {
    for (const observer of FakeIntersectionObserver.current) {
      if (!observer.observed.has(element)) continue;
      const entry = { target: element, isIntersecting: true } as unknown as IntersectionObserverEntry;
      observer.callback([entry], observer as unknown as IntersectionObserver);
    }
  }
}

const flushMutations = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('watchLinkIntent', () => {
  let root: HTMLElement;
  let stop: () => void;
  const prefetch = vi.fn<(pathname: string) => void>();

  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    FakeIntersectionObserver.current = [];
    prefetch.mockClear();
    root = document.createElement('div');
    root.innerHTML = `<a href="/registrations-request">Create an account</a>
      <a href="/password-reset-requests">Forgot your password?</a>
      <a href="https://elsewhere.example/">Elsewhere</a><button type="button">Show</button>`;
    document.body.append(root);
    stop = watchLinkIntent(root, prefetch);
  });
  afterEach(() => {
    stop();
    root.remove();
    vi.unstubAllGlobals();
  });

  const link = (text: string) => [...root.querySelectorAll('a')].find((a) => a.textContent === text)!;

  it('prefetches nothing while no link is in view, hovered, focused or touched', async () => {
    root.querySelector('button')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await flushMutations();
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('prefetches a link in view, once', () => {
    FakeIntersectionObserver.show(link('Create an account'));
    FakeIntersectionObserver.show(link('Create an account'));
    link('Create an account').dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(prefetch.mock.calls).toEqual([['/registrations-request']]);
  });

  it.each(['pointerover', 'focusin', 'touchstart'])('prefetches a link on %s, once', (type) => {
    const target = link('Forgot your password?');
    target.dispatchEvent(new Event(type, { bubbles: true }));
    target.dispatchEvent(new Event(type, { bubbles: true }));
    FakeIntersectionObserver.show(target);
    expect(prefetch.mock.calls).toEqual([['/password-reset-requests']]);
  });

  it('leaves links to other sites alone', () => {
    link('Elsewhere').dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('watches links rendered after it started', async () => {
    const later = document.createElement('a');
    later.href = '/privacy';
    root.append(later);
    await flushMutations();
    FakeIntersectionObserver.show(later);
    expect(prefetch.mock.calls).toEqual([['/privacy']]);
  });

  it('stops when told', () => {
    stop();
    link('Create an account').dispatchEvent(new Event('pointerover', { bubbles: true }));
    FakeIntersectionObserver.show(link('Create an account'));
    expect(prefetch).not.toHaveBeenCalled();
  });
});

describe('watchLanguageIntent', () => {
  it("prefetches a language when its switch option is hovered, focused or touched, and nothing else's", () => {
    const root = document.createElement('div');
    root.innerHTML = `<div role="radiogroup"><button role="radio" lang="ja">日本語</button><button role="radio" lang="en">English</button></div><p lang="en">Text</p>`;
    document.body.append(root);
    const prefetch = vi.fn<(locale: string) => void>();
    const stop = watchLanguageIntent(root, prefetch);
    root.querySelector('p')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(prefetch).not.toHaveBeenCalled();
    root.querySelector('[lang="en"]')!.dispatchEvent(new Event('focusin', { bubbles: true }));
    root.querySelector('[lang="ja"]')!.dispatchEvent(new Event('touchstart', { bubbles: true }));
    expect(prefetch.mock.calls).toEqual([['en'], ['ja']]);
    stop();
    root.remove();
  });
});
