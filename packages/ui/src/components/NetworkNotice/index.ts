export { NetworkNotice, type NetworkNoticeProps } from './NetworkNotice';
