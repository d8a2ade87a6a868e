import { anyOf, PUBLIC, SIGNED_IN, type Access } from './permissions';

// The one console route table: it drives the side menu, the web route guards and the server's checks
// (API routes name the console route whose access they share with `accessOf`).
// Where the spec's two readings (menu vs route guard) disagree, one code is chosen for both:
// GST and HSN take tax_settings (the menu's reading); inspections and bulk parameter take
// DEVICE_ACTIVATION (the guard's reading: they send commands to devices); the MSISDN list takes either
// activation code, the MSISDN form the add-activation one; alarms view takes VIEW_DEVICE_DATA.

export const MENU_GROUPS = [
  'Dashboard',
  'Organizations',
  'Employees',
  'Inventory',
  'Assignment',
  'Devices',
  'Lighting',
  'Monitoring',
  'Integrations',
  'Settings',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export interface ConsoleRoute {
  path: string;
  title: string;
  access: Access;
  menu?: { label: string; group: MenuGroup };
}

export const CONSOLE_ROUTES = [
  { path: '/login', title: 'Sign in', access: PUBLIC },
  { path: '/password-reset/:token', title: 'Reset Password', access: PUBLIC },
  { path: '/confirm-organization/:token', title: 'Confirm Organization', access: PUBLIC },
  { path: '/ourpolicy', title: 'Our Policy', access: PUBLIC },
  { path: '/', title: 'Dashboard', access: SIGNED_IN, menu: { label: 'Dashboard', group: 'Dashboard' } },
  { path: '/manage-profile', title: 'Manage Profile', access: SIGNED_IN },
  { path: '/notification-settings', title: 'Notification Settings', access: SIGNED_IN },
  { path: '/client-details', title: 'Client Details', access: SIGNED_IN },

  {
    path: '/company-view',
    title: 'All Organizations',
    access: anyOf('VIEW_COMPANY'),
    menu: { label: 'All Organizations', group: 'Organizations' },
  },
  {
    path: '/company-registration',
    title: 'Organization Registration',
    access: anyOf('MANAGE_COMPANY'),
    menu: { label: 'Organization Registration', group: 'Organizations' },
  },
  {
    path: '/existing-company-registration',
    title: 'Existing Organization Registration',
    access: anyOf('MANAGE_COMPANY'),
    menu: { label: 'Existing Organization', group: 'Organizations' },
  },

  {
    path: '/user-registration',
    title: 'User Registration',
    access: anyOf('MANAGE_USER'),
    menu: { label: 'User Registration', group: 'Employees' },
  },
  {
    path: '/view-user',
    title: 'All Employees',
    access: anyOf('VIEW_USER'),
    menu: { label: 'All Employees', group: 'Employees' },
  },

  {
    path: '/create-rms-device-id',
    title: 'RMS/Device ID',
    access: anyOf('CREATE_RMS'),
    menu: { label: 'Create RMS/Device ID', group: 'Inventory' },
  },
  {
    path: '/view-rms-device-id',
    title: 'RMS/Device IDs',
    access: anyOf('VIEW_RMS'),
    menu: { label: 'View RMS/Device ID', group: 'Inventory' },
  },
  {
    path: '/create-stltid',
    title: 'STLT ID',
    access: anyOf('CREATE_STLT'),
    menu: { label: 'Create STLT ID', group: 'Inventory' },
  },
  {
    path: '/view-stltid',
    title: 'STLT IDs',
    access: anyOf('VIEW_STLT'),
    menu: { label: 'View STLT ID', group: 'Inventory' },
  },
  {
    path: '/create-poleid',
    title: 'Pole ID',
    access: anyOf('CREATE_POLE'),
    menu: { label: 'Create Pole ID', group: 'Inventory' },
  },
  {
    path: '/view-poleid',
    title: 'Pole IDs',
    access: anyOf('VIEW_POLE'),
    menu: { label: 'View Pole ID', group: 'Inventory' },
  },

  {
    path: '/assign-rms',
    title: 'Assign RMS',
    access: anyOf('ASSIGN_RMS'),
    menu: { label: 'Assign RMS', group: 'Assignment' },
  },
  {
    path: '/assign-stlt',
    title: 'Assign STLT',
    access: anyOf('ASSIGN_STLT'),
    menu: { label: 'Assign STLT', group: 'Assignment' },
  },
  {
    path: '/assign-pole',
    title: 'Assign Pole',
    access: anyOf('ASSIGN_POLE'),
    menu: { label: 'Assign Pole', group: 'Assignment' },
  },

  {
    path: '/device-activation',
    title: 'Device Activation',
    access: anyOf('DEVICE_ACTIVATION'),
    menu: { label: 'Add Activation', group: 'Devices' },
  },
  {
    path: '/view-activation',
    title: 'Activated Devices',
    access: anyOf('VIEW_DEVICE_ACTIVATION'),
    menu: { label: 'View Activation', group: 'Devices' },
  },
  {
    path: '/add-msison-mapping',
    title: 'ADD MSISDN Mapping',
    access: anyOf('DEVICE_ACTIVATION'),
    menu: { label: 'Add MSISDN Mapping', group: 'Devices' },
  },
  {
    path: '/view-msison-mapping',
    title: 'View MSISDN Mapping',
    access: anyOf('DEVICE_ACTIVATION', 'VIEW_DEVICE_ACTIVATION'),
    menu: { label: 'View MSISDN Mapping', group: 'Devices' },
  },
  {
    path: '/parameter-setting',
    title: 'Parameter Setting',
    access: anyOf('CHANGE_PARAMETER_SETTINGS', 'VIEW_PARAMETER_SETTINGS'),
    menu: { label: 'Parameter Setting', group: 'Devices' },
  },
  {
    // Reading groups follows the devices' data; changing them takes MANAGE_GROUPS (api/groups.ts).
    path: '/device-groups',
    title: 'Device Groups',
    access: anyOf('MANAGE_GROUPS', 'MANAGE_SCHEDULES', 'VIEW_DEVICE_DATA'),
    menu: { label: 'Device Groups', group: 'Lighting' },
  },
  {
    // Reading profiles follows the devices' data (operators see what their lights will do); changing
    // them takes MANAGE_SCHEDULES (api/profiles.ts).
    path: '/dimming-profiles',
    title: 'Dimming Profiles',
    access: anyOf('MANAGE_SCHEDULES', 'VIEW_DEVICE_DATA'),
    menu: { label: 'Dimming Profiles', group: 'Lighting' },
  },
  {
    // Reading schedules, their calendar, conflicts and deliveries follows the devices' data; changing
    // them takes MANAGE_SCHEDULES (api/schedules.ts).
    path: '/lighting-schedules',
    title: 'Lighting Schedules',
    access: anyOf('MANAGE_SCHEDULES', 'VIEW_DEVICE_DATA'),
    menu: { label: 'Lighting Schedules', group: 'Lighting' },
  },
  {
    // The energy and service report and its monthly e-mail (api/energy-reports.ts).
    path: '/energy-reports',
    title: 'Energy Report',
    access: anyOf('VIEW_ENERGY_REPORTS'),
    menu: { label: 'Energy Report', group: 'Lighting' },
  },
  {
    path: '/add-inspection-parameter',
    title: 'Add Bulk Parameter',
    access: anyOf('DEVICE_ACTIVATION'),
    menu: { label: 'Add Bulk Parameter', group: 'Devices' },
  },
  {
    path: '/add-inspection',
    title: 'Add Inspection',
    access: anyOf('DEVICE_ACTIVATION'),
    menu: { label: 'Add Inspection', group: 'Devices' },
  },
  {
    path: '/view-inspection',
    title: 'Inspection History',
    access: anyOf('DEVICE_ACTIVATION'),
    menu: { label: 'Inspection History', group: 'Devices' },
  },

  {
    path: '/alarms-view',
    title: 'Alarm Status',
    access: anyOf('VIEW_DEVICE_DATA'),
    menu: { label: 'Alarms View', group: 'Monitoring' },
  },
  {
    path: '/work-orders',
    title: 'Work Orders',
    access: anyOf('VIEW_DEVICE_DATA'),
    menu: { label: 'Work Orders', group: 'Monitoring' },
  },
  {
    path: '/work-orders-report',
    title: 'Work Order Report',
    access: anyOf('VIEW_DEVICE_DATA'),
    menu: { label: 'Work Order Report', group: 'Monitoring' },
  },
  {
    path: '/alarm-rules',
    title: 'Alarm Rules',
    access: anyOf('MANAGE_ALARM_RULES'),
    menu: { label: 'Alarm Rules', group: 'Monitoring' },
  },
  {
    path: '/device-report',
    title: 'Device Report',
    access: anyOf('DEVICE_REPORT'),
    menu: { label: 'Device Report', group: 'Monitoring' },
  },
  {
    path: '/graph-view',
    title: 'Graph View',
    access: anyOf('GRAPH_VIEW'),
    menu: { label: 'Graph View', group: 'Monitoring' },
  },
  {
    path: '/map-view',
    title: 'Map View',
    access: anyOf('MAP_VIEW'),
    menu: { label: 'Map View', group: 'Monitoring' },
  },

  {
    path: '/api-keys',
    title: 'API Keys',
    access: anyOf('MANAGE_API_KEYS'),
    menu: { label: 'API Keys', group: 'Integrations' },
  },
  {
    path: '/audit-log',
    title: 'Audit Log',
    access: anyOf('VIEW_AUDIT_LOG'),
    menu: { label: 'Audit Log', group: 'Integrations' },
  },
  {
    path: '/webhooks',
    title: 'Webhooks',
    access: anyOf('MANAGE_WEBHOOKS'),
    menu: { label: 'Webhooks', group: 'Integrations' },
  },

  {
    path: '/admin/state',
    title: 'State',
    access: anyOf('MANAGE_STATE'),
    menu: { label: 'State', group: 'Settings' },
  },
  {
    path: '/admin/city',
    title: 'City',
    access: anyOf('MANAGE_CITY'),
    menu: { label: 'City', group: 'Settings' },
  },
  {
    path: '/gst-settings',
    title: 'GST Details',
    access: anyOf('tax_settings'),
    menu: { label: 'GST Settings', group: 'Settings' },
  },
  {
    path: '/hsn-settings',
    title: 'HSN Details',
    access: anyOf('tax_settings'),
    menu: { label: 'HSN Settings', group: 'Settings' },
  },
  {
    path: '/dropdown-settings',
    title: 'Dropdown Settings',
    access: anyOf('dropdown_settings'),
    menu: { label: 'Dropdown Settings', group: 'Settings' },
  },
  {
    path: '/analysis',
    title: 'Device Analysis',
    access: SIGNED_IN,
    menu: { label: 'Analytics', group: 'Settings' },
  },
] as const satisfies readonly ConsoleRoute[];

export type ConsolePath = (typeof CONSOLE_ROUTES)[number]['path'];

/** The access rule of a console route; API routes that serve a screen share it. */
export function accessOf(path: ConsolePath): Access {
  const route = CONSOLE_ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`No console route ${path}`);
  return route.access;
}
