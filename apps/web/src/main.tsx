import { detectLocale, isLocale, loadMessages } from '@pre-admission/i18n';
import { startTransition, StrictMode } from 'react';
import { basePath } from './config/site';
import { finishHydration } from './prerender/beforeHydration';
import { missingFeatures } from './startup/browserSupport';
import { intlWarmUp } from './startup/intlWarmUp';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const base = basePath();
// The server sends the prerendered page (apps/web/scripts/prerender.ts) in the language it chose from the
// applicant's saved choice or browser languages, the same inputs as detectLocale; hydrate in that one.
const prerendered = container.firstElementChild !== null;
const pageLocale = document.documentElement.lang;
const locale = prerendered && isLocale(pageLocale) ? pageLocale : detectLocale();
const path = `/${location.pathname.slice(base.length)}`;
const renderedAt =
  prerendered && container.dataset.renderedAt ? new Date(container.dataset.renderedAt) : undefined;

/**
 * Lets the browser paint and handle input between two pieces of start-up work. Running a module graph is
 * one task however large the graph, so the app starts in several (React's renderer, the locale data
 * (startup/intlWarmUp.ts), then the app, then the render), none long enough to make a slow phone stutter.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * docs/behaviour.md#routes: the browser is tested once, here, before anything else runs; one that lacks what
 * the site uses gets the unsupported-browser screen (both languages), and nothing later is ever taken for
 * one (a call that got no answer is the connection, issue 27).
 */
const missing = missingFeatures(globalThis);

async function start(): Promise<void> {
  if (missing.length > 0) {
    const [{ createRoot }, { UnsupportedBrowserScreen }] = await Promise.all([
      import('react-dom/client'),
      import('./failures/UnsupportedBrowserScreen'),
    ]);
    console.error('This browser lacks what the site uses:', missing.join(', '));
    finishHydration();
    createRoot(container as HTMLElement).render(<UnsupportedBrowserScreen />);
    return;
  }
  const [{ createRoot, hydrateRoot }] = await Promise.all([import('react-dom/client'), loadMessages(locale)]);
  await nextTask();
  for (const step of intlWarmUp) {
    try {
      step();
    } catch {
      // A language tag the browser's Intl refuses: react-aria falls back to en-US on its own.
    }
    await nextTask();
  }
  const [{ App, loadScreenFor }, { StartFailure }] = await Promise.all([
    import('./App'),
    import('./failures/FailureBoundary'),
  ]);
  try {
    // A prerendered page's screen (preloaded by the page), so that hydration finds it and never suspends.
    if (prerendered) await loadScreenFor(path);
  } catch (error) {
    // The screen's chunk did not load (offline, a deploy in between): the problem page of docs/behaviour.md#error-catalogue.
    finishHydration();
    createRoot(container as HTMLElement).render(
      <StartFailure error={error} locale={locale} basePath={base} />,
    );
    return;
  }
  await nextTask();
  const app = (
    <StrictMode>
      <App basePath={base} initialLocale={locale} renderedAt={renderedAt} />
    </StrictMode>
  );
  // Hydration in a transition yields to the browser every few milliseconds instead of one long task.
  if (prerendered) startTransition(() => void hydrateRoot(container as HTMLElement, app));
  else createRoot(container as HTMLElement).render(app);
}

start().catch((error: unknown) => {
  // The app itself did not load: a prerendered page stays as it is (its links work without JavaScript),
  // and a form submitted from now on goes nowhere rather than into the address bar.
  console.error('The app did not start.', error);
});
