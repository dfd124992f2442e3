export { ErrorSummary, type ErrorSummaryItem, type ErrorSummaryProps } from './ErrorSummary';
export { useFailureMessage, type FormFailure } from './useFailureMessage';
