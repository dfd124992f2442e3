import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { fn, type Mock } from 'storybook/test';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createApi, referenceListsKey, type Api, type ReferenceListName } from '@pre-admission/api';
import { Header, PageLayout } from '@pre-admission/ui';
import type { ApplicationAnswersInput } from '@pre-admission/rules';
import { forgetDraft } from '../../draft';
import type { ReferenceQuery } from '../../Planner';
import { DocumentsSection } from '../../documents/DocumentsSection';
import type { ApplicationScreenProps } from '../ApplicationScreen';
import { answerSections, isPageName, type PageName } from '../model';
import { writeSectionDraft } from '../sectionDrafts';
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
  /** The clock moves on from `now` in real time from the story's first render (a countdown); else it stands. */
  moving?: boolean;
  /**
   * The unsaved answers this tab kept for the application (a reload, a tab closed by accident). Without them,
   * the tab keeps none: no story sees another's.
   */
  drafts?: Partial<ApplicationAnswersInput>;
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
  | 'field'
  | 'hrefOf'
  | 'navigate'
  | 'planHref'
  | 'privacyHref'
  | 'changeEmailHref'
  | 'email'
  | 'now'
  | 'timeZone'
  | 'documents'
>;

const StoryContext = createContext<StoryApplicationProps | null>(null);

/**
 * Gives an application story what the app gives it: createApi over MSW, a query cache as the app's (a fresh
 * one per story), the signed-in page around it, and a router whose address is the application's page
 * (`parameters.application`).
 */
export const withApplication: Decorator = (Story, { parameters }) => (
  <Reloadable start={(parameters as { application: ApplicationParameters }).application} Story={Story} />
);

// The stories' reloads: a count that `reloadStory` moves on, keying the story's screen.
let reloads = 0;
const reloadListeners = new Set<() => void>();
const subscribeToReloads = (listener: () => void) => {
  reloadListeners.add(listener);
  return () => void reloadListeners.delete(listener);
};

/**
 * The browser's reload, for a play function: the story's screen and its query cache are dropped and made
 * again at the story's first page; only the tab's storage (sessionStorage) is kept, as a reload keeps it.
 */
export function reloadStory(): void {
  reloads += 1;
  for (const listener of reloadListeners) listener();
}

function Reloadable({ start, Story }: { start: ApplicationParameters; Story: () => ReactNode }) {
  const reload = useSyncExternalStore(subscribeToReloads, () => reloads);
  // Once per story, before its first render: the tab keeps the story's drafts, or none; a moving clock starts.
  const [clock] = useState(() => {
    forgetDraft();
    for (const section of answerSections) {
      const answers = start.drafts?.[section];
      if (answers) writeSectionDraft(start.id, section, answers);
    }
    const from = (start.now ?? storyNow).getTime();
    const started = performance.now();
    return () => new Date(from + performance.now() - started);
  });
  return (
    <ApplicationStory key={reload} start={start} clock={start.moving ? clock : undefined} Story={Story} />
  );
}

/** The props the decorator gives the story's screen. */
export function useStoryApplication(): StoryApplicationProps {
  const value = useContext(StoryContext);
  if (!value) throw new Error('Application stories need the withApplication decorator.');
  return value;
}

function ApplicationStory({
  start,
  clock,
  Story,
}: {
  start: ApplicationParameters;
  clock: (() => Date) | undefined;
  Story: () => ReactNode;
}) {
  const api = useMemo(() => createApi(), []);
  const [page, setPage] = useState(start.page);
  const [field, setField] = useState<string>();
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 2000, gcTime: 5 * 60 * 1000, retry: false } },
      }),
  );
  const navigate = (href: string) => {
    const [path = '', fragment] = href.split('#');
    const last = path.split('/').at(-1) ?? '';
    setPage(isPageName(last) ? last : undefined);
    setField(fragment || undefined);
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
            field,
            hrefOf: hrefOf(start.id),
            navigate,
            planHref,
            privacyHref: '/privacy',
            changeEmailHref: '/email-change-request',
            email: storyApplicant,
            now: clock ?? (() => now),
            timeZone: start.timeZone ?? 'Asia/Shanghai',
            // As the app gives it (apps/web/src/applications/Applications.tsx).
            documents: (props) => <DocumentsSection {...props} />,
          }}
        >
          <Story />
        </StoryContext.Provider>
      </PageLayout>
    </QueryClientProvider>
  );
  return start.width ? <div style={{ width: start.width, overflowX: 'auto' }}>{page_}</div> : page_;
}
