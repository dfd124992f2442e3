export { UnsupportedBrowser, type UnsupportedBrowserProps } from './UnsupportedBrowser';
export { BrowserList, type BrowserListProps } from './BrowserList';
