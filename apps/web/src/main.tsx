import { detectLocale, isLocale, loadMessages } from '@pre-admission/i18n';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { basePath } from './config/site';
import { StartFailure } from './failures/FailureBoundary';
import { finishHydration } from './prerender/beforeHydration';
import { routeFor } from './routing/routeTable';

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

try {
  // The language's messages and, for a prerendered page, its screen (both preloaded by the page's
  // <link rel=modulepreload>), so that hydration finds everything and never suspends.
  await Promise.all([loadMessages(locale), prerendered ? routeFor(path)?.load() : undefined]);
  const app = (
    <StrictMode>
      <App basePath={base} initialLocale={locale} renderedAt={renderedAt} />
    </StrictMode>
  );
  // Hydration in a transition yields to the browser every few milliseconds instead of one long task.
  if (prerendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
} catch (error) {
  // A chunk that did not load (offline, a deploy in between): the failure screen of spec 8.
  finishHydration();
  createRoot(container).render(<StartFailure error={error} />);
}
