export { UnexpectedError, type UnexpectedErrorProps } from './UnexpectedError';
export { describeError } from './describeError';
