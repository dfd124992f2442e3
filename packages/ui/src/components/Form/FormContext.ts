import { createContext, useContext } from 'react';
import type { FormStore } from './formStore';

/** The enclosing Form's store; a field outside a form keeps its own. */
export const FormContext = createContext<FormStore | null>(null);

export const useFormStore = () => useContext(FormContext);
