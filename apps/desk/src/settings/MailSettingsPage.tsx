import { MailSettings, type MailSettingsState } from '@pre-admission/desk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useStaffSession } from '../session/StaffSessionProvider';
import { useStaffApi } from '../StaffApiContext';
import { handledBySession } from '../applications/staffFailures';

const preferencesKey = ['staff-preferences'] as const;

/**
 * `/desk/settings`: the staff member's own mail settings (packages/desk MailSettings) on getStaffPreferences
 * and setStaffPreferences; the daily summary mail names this page.
 */
export function MailSettingsPage() {
  const api = useStaffApi();
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: preferencesKey,
    queryFn: async () => {
      const outcome = await api.getStaffPreferences();
      if (outcome.ok) return outcome.data;
      if (handledBySession(outcome, session)) return null;
      throw outcome.error;
    },
  });
  const state: MailSettingsState =
    query.isPending || (query.data === null && !query.isError)
      ? { status: 'loading' }
      : query.isError || !query.data
        ? { status: 'failed', onRetry: () => void query.refetch() }
        : { status: 'loaded', dailySummary: query.data.dailySummary };
  return (
    <MailSettings
      state={state}
      onSave={async (dailySummary) => {
        const outcome = await api.setStaffPreferences({ dailySummary });
        if (outcome.ok) {
          queryClient.setQueryData(preferencesKey, outcome.data);
          return undefined;
        }
        if (outcome.failure === 'rateLimited')
          return { reason: 'rateLimited', retryAfter: outcome.retryAfter ?? 60 };
        // Signed out or no second factor: the session's gate takes over; nothing was saved.
        handledBySession(outcome, session);
        return { reason: 'unavailable' };
      }}
    />
  );
}
