import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { fn, type Mock } from 'storybook/test';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createApi, referenceListsKey, type Api, type ReferenceListName } from '@pre-admission/api';
import type { MessageId } from '@pre-admission/i18n';
import { intlOf } from '@pre-admission/i18n/all';
import { Header, PageLayout } from '@pre-admission/ui';
import { forgetDraft, writeDraft, type Draft } from '../draft';
import type { TaskName } from '../model';
import type { PlannerProps, ReferenceQuery } from '../Planner';

/** The app's side of the planner, as spies a play function can assert on. */
export interface PlannerSpies {
  onNoSession: Mock<PlannerProps['onNoSession']>;
  reportError: Mock<PlannerProps['reportError']>;
}

export const plannerSpies = (): PlannerSpies => ({
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

export type StoryPlannerProps = Pick<
  PlannerProps,
  'api' | 'referenceQuery' | 'href' | 'taskHref' | 'task' | 'navigate' | 'draftOwner'
>;

/** The signed-in applicant of the stories: the header's address, and the owner of a kept draft. */
const storyApplicant = 'applicant@example.ac.jp';

/**
 * A planner story's own parameters: `task`, the task the page's address opens (as after a reload or a
 * copied link); `draft`, the unsaved answers this tab kept for the applicant (a reload, a sign-in after a
 * timeout). Without `draft`, the tab keeps none: no story sees another's.
 */
interface PlannerParameters {
  task?: TaskName;
  draft?: Draft;
  /** Whose the kept draft is; the story's applicant by default. */
  draftOwner?: string;
}

// The app's addresses (its route table), as the stories' own router knows them.
const listHref = '/applications';
const taskHref = (task: TaskName) => `${listHref}/${task}`;
const taskOf = (href: string) => href.slice(listHref.length + 1) as TaskName;

const StoryContext = createContext<StoryPlannerProps | null>(null);

/**
 * Gives a planner story what the app gives it: createApi over MSW, a reference-data cache configured as the
 * app's (docs/behaviour.md#constants: stale after 2000 ms, kept 5 minutes, no retry; a fresh one per story),
 * the signed-in page around it.
 */
export const withPlanner: Decorator = (Story, { parameters }) => (
  <PlannerStory Story={Story} start={(parameters as { planner?: PlannerParameters }).planner ?? {}} />
);

function PlannerStory({ Story, start }: { Story: () => ReactNode; start: PlannerParameters }) {
  const api = useMemo(() => createApi(), []);
  // The story's router: the address is the open task, as the app's route table makes it.
  const [task, setTask] = useState(() => {
    if (start.draft) writeDraft(start.draftOwner ?? storyApplicant, start.draft);
    else forgetDraft();
    return start.task;
  });
  const navigate = (href: string) => setTask(href === listHref ? undefined : taskOf(href));
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 2000, gcTime: 5 * 60 * 1000, retry: false } },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <PageLayout
        header={
          <Header
            variant="compact"
            account={{
              email: storyApplicant,
              applicationsHref: listHref,
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
            href: listHref,
            taskHref,
            task,
            navigate,
            draftOwner: storyApplicant,
          }}
        >
          <Story />
        </StoryContext.Provider>
      </PageLayout>
    </QueryClientProvider>
  );
}

/** The api and reference query of the story's decorator. */
export function useStoryPlanner(): StoryPlannerProps {
  const value = useContext(StoryContext);
  if (!value) throw new Error('Planner stories need the withPlanner decorator.');
  return value;
}

/** The text of a message in the story's locale, for play functions. */
export function translator(globals: Record<string, unknown>) {
  const intl = intlOf(globals);
  return (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
}
