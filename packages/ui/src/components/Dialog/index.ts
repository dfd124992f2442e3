export { Dialog, type DialogProps } from './Dialog';
export { DialogTrigger } from 'react-aria-components';
