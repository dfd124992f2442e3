export { SessionTimeoutDialog, type SessionTimeoutDialogProps } from './SessionTimeoutDialog';
export { announcementFor, secondsLeft, type Announcement } from './announcement';
