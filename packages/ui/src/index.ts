import './theme/global.css';

export { vars, tokens, focusRing, heading, paragraph, visuallyHidden, contrastRatio } from './theme';
export { UiProvider, type UiProviderProps } from './provider/UiProvider';
export { clearAnnouncements } from './announcer';
export { loadDialogModal, overlayPreloads, preloadOverlays } from './overlays';
export { emailMaxLength, passwordMaxLength } from './limits';

export { AccountMenu, type AccountMenuProps } from './components/AccountMenu';
export { AlertDialog, type AlertDialogProps } from './components/AlertDialog';
export {
  AttachmentPreview,
  isPreviewable,
  previewableTypes,
  type Attachment,
  type AttachmentPreviewProps,
} from './components/AttachmentPreview';
export { Banner, type BannerProps } from './components/Banner';
export { Button, type ButtonProps } from './components/Button';
export { Dialog, DialogTrigger, type DialogProps, type DialogTriggerProps } from './components/Dialog';
export { EmailField, type EmailFieldProps } from './components/EmailField';
export {
  ErrorSummary,
  useFailureMessage,
  type ErrorSummaryItem,
  type ErrorSummaryProps,
  type FormFailure,
} from './components/ErrorSummary';
export {
  Description,
  FieldError,
  Form,
  Label,
  isComposingEnter,
  normalizeText,
  useField,
  type FormProps,
  type FormValidate,
  type FormValues,
  type LabelProps,
  type UseFieldOptions,
} from './components/Form';
export { Header, type HeaderProps } from './components/Header';
export { LanguageSwitch } from './components/LanguageSwitch';
export { HelpFooter, type HelpFooterProps } from './components/HelpFooter';
export { Link, type LinkProps } from './components/Link';
export { LoadingIndicator, type LoadingIndicatorProps } from './components/LoadingIndicator';
export { NetworkNotice, type NetworkNoticeProps } from './components/NetworkNotice';
export { NotFound, type NotFoundProps } from './components/NotFound';
export { PageLayout, type PageLayoutProps } from './components/PageLayout';
export { ProblemPage, type ProblemPageProps } from './components/ProblemPage';
export { PasswordField, type PasswordFieldProps } from './components/PasswordField';
export { TextField, type TextFieldProps } from './components/TextField';
export {
  ToastProvider,
  useToast,
  type ToastApi,
  type ToastContent,
  type ToastProviderProps,
} from './components/Toast';
export { UnexpectedError, describeError, type UnexpectedErrorProps } from './components/UnexpectedError';
export {
  UnsupportedBrowser,
  BrowserList,
  type BrowserListProps,
  type UnsupportedBrowserProps,
} from './components/UnsupportedBrowser';
