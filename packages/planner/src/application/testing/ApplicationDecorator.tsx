import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { fn, type Mock } from 'storybook/test';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createApi, referenceListsKey, type Api, type ReferenceListName } from '@pre-admission/api';
import { Header, PageLayout } from '@pre-admission/ui';
import type { ReferenceQuery } from '../../Planner';
import type { ApplicationScreenProps } from '../ApplicationScreen';
import { isPageName, type PageName } from '../model';
import { storyNow } from './fixtures';

/** The app's side of an application's screens, as spies a play function can assert on. */
export interface ApplicationSpies {
  onNoSession: Mock<ApplicationScreenProps['onNoSession']>;
  reportError: Mock<ApplicationScreenProps['reportError']>;
}

export const applicationSpies = (): ApplicationSpies => ({
  onNoSession: fn().mockName('onNoSession'),
  reportError: fn().mockName('reportError'),
});

/** The app's reference query (apps/web/src/referenceData/queries.ts): the same key and one request. */
const referenceQuery: ReferenceQuery = <Name extends ReferenceListName>(
  api: Api,
  names: readonly Name[],
) => ({
  queryKey: ['referenceLists', ...referenceListsKey(names)] as const,
  queryFn: () => api.fetchReferenceLists(names),
});

/** The signed-in applicant of the stories. */
export const storyApplicant = 'applicant@example.ac.jp';

/**
 * A story's own parameters: `id`, the application its address opens; `page`, its page (none: its task
 * list); `now`, the clock (the mock's by default); `timeZone`, the applicant's (Shanghai's by default: its
 * line then shows beside Japan time).
 */
export interface ApplicationParameters {
  id: string;
  page?: PageName;
  now?: Date;
  timeZone?: string;
  /** The page's width in CSS pixels: 360, a small phone's (the layout's reflow; media queries stay the desktop's). */
  width?: number;
}

const planHref = '/applications';
const hrefOf = (id: string) => (page?: PageName) =>
  page ? `${planHref}/${id}/${page}` : `${planHref}/${id}`;

export type StoryApplicationProps = Pick<
  ApplicationScreenProps,
  | 'api'
  | 'referenceQuery'
  | 'applicationId'
  | 'page'
  | 'hrefOf'
  | 'navigate'
  | 'planHref'
  | 'privacyHref'
  | 'changeEmailHref'
  | 'email'
  | 'now'
  | 'timeZone'
>;

const StoryContext = createContext<StoryApplicationProps | null>(null);

/**
 * Gives an application story what the app gives it: createApi over MSW, a query cache as the app's (a fresh
 * one per story), the signed-in page around it, and a router whose address is the application's page
 * (`parameters.application`).
 */
export const withApplication: Decorator = (Story, { parameters }) => (
  <ApplicationStory
    start={(parameters as { application: ApplicationParameters }).application}
    Story={Story}
  />
);

/** The props the decorator gives the story's screen. */
export function useStoryApplication(): StoryApplicationProps {
  const value = useContext(StoryContext);
  if (!value) throw new Error('Application stories need the withApplication decorator.');
  return value;
}

function ApplicationStory({ start, Story }: { start: ApplicationParameters; Story: () => ReactNode }) {
  const api = useMemo(() => createApi(), []);
  const [page, setPage] = useState(start.page);
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 2000, gcTime: 5 * 60 * 1000, retry: false } },
      }),
  );
  const navigate = (href: string) => {
    const last = href.split('/').at(-1) ?? '';
    setPage(isPageName(last) ? last : undefined);
  };
  const now = start.now ?? storyNow;
  const page_ = (
    <QueryClientProvider client={client}>
      <PageLayout
        header={
          <Header
            variant="compact"
            account={{
              email: storyApplicant,
              applicationsHref: planHref,
              changeEmailHref: '/email-change-request',
              changePasswordHref: '/password-change',
              onLogOut: () => undefined,
            }}
          />
        }
      >
        <StoryContext.Provider
          value={{
            api,
            referenceQuery,
            applicationId: start.id,
            page,
            hrefOf: hrefOf(start.id),
            navigate,
            planHref,
            privacyHref: '/privacy',
            changeEmailHref: '/email-change-request',
            email: storyApplicant,
            now: () => now,
            timeZone: start.timeZone ?? 'Asia/Shanghai',
          }}
        >
          <Story />
        </StoryContext.Provider>
      </PageLayout>
    </QueryClientProvider>
  );
  return start.width ? <div style={{ width: start.width, overflowX: 'auto' }}>{page_}</div> : page_;
}
