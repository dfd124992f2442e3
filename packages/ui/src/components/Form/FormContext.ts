import { createContext, useContext } from 'react';

export interface FieldRegistration {
  name: string;
  inputId: string;
  label: string;
  /** Normalises (where the field does), validates, shows the result on the field, returns the error. */
  commit: () => string | undefined;
  /** The value after normalisation. */
  value: () => string;
}

export interface FormContextValue {
  register: (field: FieldRegistration) => () => void;
  /** The error the field shows: its own validation, else the server's. */
  errorFor: (name: string) => string | undefined;
  setFieldError: (name: string, error: string | undefined) => void;
  /** The applicant edited the field: the server's error about it no longer applies. */
  edited: (name: string) => void;
}

export const FormContext = createContext<FormContextValue | null>(null);

export const useFormContext = () => useContext(FormContext);
