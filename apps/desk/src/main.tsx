import { detectLocale, loadMessages } from '@pre-admission/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DeskApp } from './DeskApp';
import { basePath } from './config';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

/**
 * The console's start: the language as the applicant's side chooses it (the saved choice, else the
 * browser's languages, else Japanese), its catalogue, then the app. No prerender: the console is for
 * signed-in staff only.
 */
async function start(): Promise<void> {
  const locale = detectLocale();
  await loadMessages(locale);
  createRoot(container as HTMLElement).render(
    <StrictMode>
      <DeskApp basePath={basePath()} initialLocale={locale} />
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  console.error('The console did not start.', error);
});
