export { UnsupportedBrowser, type UnsupportedBrowserProps } from './UnsupportedBrowser';
