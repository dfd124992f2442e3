import { createStaffApi } from '@pre-admission/api/staff';
import { UiProvider } from '@pre-admission/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { MemoryRouter, useHref, useNavigate } from 'react-router-dom';
import { DeskMessages } from '../DeskMessages';
import { DeskRoutes } from '../routing/DeskRoutes';
import { StaffSessionProvider } from '../session/StaffSessionProvider';
import { StaffApiContext } from '../StaffApiContext';

function Routed() {
  const navigate = useNavigate();
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <UiProvider navigate={(to) => void navigate(to)} useHref={useHref}>
      <QueryClientProvider client={client}>
        <DeskRoutes />
      </QueryClientProvider>
    </UiProvider>
  );
}

/**
 * The console as the app mounts it, at one path, over the story's MSW handlers (`@pre-admission/api/staff-mocks`):
 * the real routes, gates, layout and session, in memory instead of the browser's address bar.
 */
export function StoryConsole({ path }: { path: string }) {
  const [api] = useState(() => createStaffApi());
  return (
    <DeskMessages>
      <StaffApiContext.Provider value={api}>
        <MemoryRouter initialEntries={[path]}>
          <StaffSessionProvider api={api}>
            <Routed />
          </StaffSessionProvider>
        </MemoryRouter>
      </StaffApiContext.Provider>
    </DeskMessages>
  );
}
