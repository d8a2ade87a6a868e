import type { Endpoint } from '../endpoint';
import { activationApi } from './activations';
import { alarmRuleApi } from './alarm-rules';
import { apiKeyApi } from './api-keys';
import { assignmentApi } from './assignments';
import { auditLogApi } from './audit-log';
import { bulkUploadApi } from './bulk-upload';
import { dashboardApi } from './dashboard';
import { employeeApi } from './employees';
import { energyReportApi } from './energy-reports';
import { eventsApi } from './events';
import { healthApi } from './health';
import { ingestApi } from './ingest';
import { inspectionApi } from './inspections';
import { inventoryApi } from './inventory';
import { masterDataApi } from './master-data';
import { monitoringApi } from './monitoring';
import { msisdnApi } from './msisdn';
import { notificationApi } from './notifications';
import { organizationApi } from './organizations';
import { parameterApi } from './parameters';
import { profileApi } from './profiles';
import { groupApi } from './groups';
import { scheduleApi } from './schedules';
import { sessionApi } from './session';
import { uploadApi } from './uploads';
import { workOrderApi } from './work-orders';

// Every area's endpoints, so a test can hold the server's routes and the declarations to each other.
// An area adds its group here when it declares its endpoints.
export const API: Record<string, Record<string, Endpoint>> = {
  activations: activationApi,
  monitoring: monitoringApi,
  dashboard: dashboardApi,
  events: eventsApi,
  health: healthApi,
  ingest: ingestApi,
  inventory: inventoryApi,
  assignments: assignmentApi,
  msisdn: msisdnApi,
  parameters: parameterApi,
  inspections: inspectionApi,
  'bulk upload': bulkUploadApi,
  session: sessionApi,
  organizations: organizationApi,
  employees: employeeApi,
  uploads: uploadApi,
  'master-data': masterDataApi,
  'api-keys': apiKeyApi,
  'audit-log': auditLogApi,
  notifications: notificationApi,
  'work-orders': workOrderApi,
  'alarm-rules': alarmRuleApi,
  profiles: profileApi,
  groups: groupApi,
  schedules: scheduleApi,
  'energy-reports': energyReportApi,
};
