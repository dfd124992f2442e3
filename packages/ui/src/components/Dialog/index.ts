export { Dialog, type DialogProps } from './Dialog';
export { DialogTrigger, type DialogTriggerProps } from './DialogTrigger';
