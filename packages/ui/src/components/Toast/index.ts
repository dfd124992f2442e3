export { ToastProvider, useToast, type ToastApi, type ToastContent, type ToastProviderProps } from './Toast';
