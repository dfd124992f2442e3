export { clearAnnouncements } from './clearAnnouncements';
export { dropDanglingAnnouncements } from './dropDanglingAnnouncements';
