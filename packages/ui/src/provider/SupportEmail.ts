import { createContext, useContext } from 'react';

/** The desk's address (UiProvider `supportEmail`), for the failure messages that say how to reach it. */
export const SupportEmailContext = createContext<string | undefined>(undefined);

export const useSupportEmail = () => useContext(SupportEmailContext);
