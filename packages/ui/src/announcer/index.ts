export { clearAnnouncements } from './clearAnnouncements';
