import type { StaffApi } from '@pre-admission/api/staff';
import { createContext, useContext } from 'react';

/** The staff adapter (`@pre-admission/api/staff`), created once by the app; stories give one over MSW. */
export const StaffApiContext = createContext<StaffApi | null>(null);

export function useStaffApi(): StaffApi {
  const api = useContext(StaffApiContext);
  if (!api) throw new Error('useStaffApi outside StaffApiContext');
  return api;
}
