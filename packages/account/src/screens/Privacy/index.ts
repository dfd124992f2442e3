export { Privacy } from './Privacy';
