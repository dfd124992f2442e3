export { MaintenanceNotice } from './MaintenanceNotice';
