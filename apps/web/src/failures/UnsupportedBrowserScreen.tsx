import { FixedLocale } from '@pre-admission/i18n';
import { PageLayout, UnsupportedBrowser } from '@pre-admission/ui';
import { supportEmail } from '../config/site';

/**
 * docs/behaviour.md#routes: the browser failed the start-up test (startup/browserSupport.ts). The first
 * spec's screen, as it was: both languages, the recommended browsers, the desk; the page's own landmarks.
 */
export function UnsupportedBrowserScreen() {
  return (
    <FixedLocale locale="ja">
      <PageLayout>
        <UnsupportedBrowser supportEmail={supportEmail} />
      </PageLayout>
    </FixedLocale>
  );
}
