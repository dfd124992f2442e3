import { useState, type ReactNode } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MessageId } from '@pre-admission/i18n';
import { intlOf } from '@pre-admission/i18n/all';
import { Header, PageLayout } from '@pre-admission/ui';

/**
 * The signed-in page around a story, as the app gives it, with a fresh query cache (the app's settings: no
 * retry). `parameters.phone`: the page 360 px wide, as on a phone, without the header.
 */
export const withStoryPage: Decorator = (Story, { parameters }) => (
  <StoryPage phone={(parameters as { phone?: boolean }).phone ?? false}>
    <Story />
  </StoryPage>
);

function StoryPage({ phone, children }: { phone: boolean; children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  );
  return (
    <QueryClientProvider client={client}>
      {phone ? (
        <main style={{ width: 360, boxSizing: 'border-box', padding: 16 }}>{children}</main>
      ) : (
        <PageLayout
          header={
            <Header
              variant="compact"
              account={{
                email: 'applicant@example.ac.jp',
                applicationsHref: '/applications',
                changeEmailHref: '/email-change-request',
                changePasswordHref: '/password-change',
                onLogOut: () => undefined,
              }}
            />
          }
        >
          {children}
        </PageLayout>
      )}
    </QueryClientProvider>
  );
}

/**
 * A message in the story's locale, with the screen-reader-only parts (`<hidden>`) as plain text, as an
 * accessible name reads it: a visually hidden part is a box of its own, with a space on each side. As a
 * label's text content (`asLabel`), without those spaces.
 */
export function storyText(globals: Record<string, unknown>, asLabel = false) {
  const space = asLabel ? '' : ' ';
  const intl = intlOf(globals);
  return (id: MessageId, values: Record<string, string | number> = {}): string => {
    const text: unknown = intl.formatMessage(
      { id },
      { ...values, hidden: (chunks: string[]) => `${space}${chunks.join('')}${space}` },
    );
    return (Array.isArray(text) ? text.join('') : String(text)).replace(/\s+/g, ' ').trim();
  };
}
