export { UnexpectedError, type UnexpectedErrorProps } from './UnexpectedError';
export { describeError, type ErrorDetails } from './describeError';
