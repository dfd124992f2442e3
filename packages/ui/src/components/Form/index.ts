export { Form, type FormProps, type FormValidate, type FormValues } from './Form';
export { Description, FieldError, Label, type LabelProps } from './parts';
export { useField, type UseFieldOptions } from './useField';
export { isComposingEnter, normalizeText } from './normalize';
