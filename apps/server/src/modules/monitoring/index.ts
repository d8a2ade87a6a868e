// The monitoring area's face: what the app and other areas (the dashboard) may use.
export { analysisRoutes } from './analysis-routes';
export { loadStatusRoutes } from './load-status-routes';
export { reportRoutes } from './report-routes';
export { ReportExports } from './report-exports';
export { harvestOf } from './harvest-service';
export { toStatusRow } from './alarms-service';
export { dayStart } from './days';
export { alarmRoutes } from './alarm-routes';
export { assigneesFor, checkAssignee } from './assignees';
export { person, personName, personOrNull } from './people';
