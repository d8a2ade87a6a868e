import type { ActivationRow } from '@rms/contracts/activations';
import type { ApiKeyRow } from '@rms/contracts/api-keys';
import type { AuditRow } from '@rms/contracts/audit-log';
import type { Paged } from '@rms/contracts/common';
import type { EmployeeRow } from '@rms/contracts/employees';
import type { InspectionRow } from '@rms/contracts/inspections';
import type { PoleRow, RmsListRow, StltRow } from '@rms/contracts/inventory';
import type { DropdownValueRow, GstRow, StateRow } from '@rms/contracts/master-data';
import type { ReportRow } from '@rms/contracts/monitoring';
import type { MsisdnRow } from '@rms/contracts/msisdn';
import type { WebhookDeliveryRow, WebhookRow } from '@rms/contracts/notifications';
import type { OrganizationRow } from '@rms/contracts/organizations';

// Rows as the API answers them, typed by the contract: a test names the fields it is about and the
// builder fills in the rest, so a field added to or renamed in a contract is one edit here, which the
// compiler points at, instead of a search through every test's object literals.

/** One page of a list answer holding every row. */
export function pageOf<T>(results: T[], over: Partial<Paged<T>> = {}): Paged<T> {
  return { results, count: results.length, current: 1, next: null, ...over };
}

const organizationData = { id: 1, company_name: 'Surya Lights' };
const created_at = '2026-01-01T00:00:00.000Z';

export function activationRow(over: Partial<ActivationRow> = {}): ActivationRow {
  return {
    id: 7,
    name: 'Lake Road',
    device: 11,
    stlt: null,
    pole: null,
    address1: '12 Lake Road',
    address2: 'Indiranagar',
    state: 1,
    city: 2,
    pin: '560038',
    panel_id: null,
    battery_id: null,
    latitude: null,
    longitude: null,
    device_data: { id: 11, device_id: 'RMS-11' },
    stlt_data: null,
    pole_data: null,
    state_data: { id: 1, name: 'Karnataka' },
    city_data: { id: 2, name: 'Bengaluru' },
    organization: 1,
    organization_data: organizationData,
    last_add_on: null,
    online: false,
    status: 'Offline',
    parameter_data: null,
    tags: [],
    is_active: true,
    created_at,
    ...over,
  };
}

export function employeeRow(over: Partial<EmployeeRow> = {}): EmployeeRow {
  return {
    id: 21,
    name: 'Ravi Kumar',
    first_name: 'Ravi',
    last_name: 'Kumar',
    email: 'ravi@surya.example',
    mobile: '9812345678',
    photo: null,
    photo_url: null,
    organization: 1,
    organization_data: { company_name: organizationData.company_name },
    permissions: [],
    is_primary: false,
    is_superuser: false,
    is_active: true,
    ...over,
  };
}

export function organizationRow(over: Partial<OrganizationRow> = {}): OrganizationRow {
  return {
    id: 4,
    company_name: 'Moon Lights',
    name: 'Ravi Kumar',
    email: 'owner@moon.example',
    mobile: '9812345678',
    photo: null,
    state: 1,
    city: 2,
    state_data: { name: 'Goa' },
    city_data: { name: 'Panaji' },
    address: '12 MG Road',
    gst: null,
    pan: 'ABCDE1234F',
    activation_date: '2026-01-01',
    expiry_date: '2030-01-01',
    status: 'Active',
    company_logo: null,
    company_logo_url: null,
    tagline: null,
    sub_domain: 'moon',
    permissions: [],
    client_details: { active_devices: 0, inactive_devices: 0, expired_count: 0 },
    user_data: null,
    is_provider: false,
    is_active: true,
    created_at,
    ...over,
  };
}

const inventoryBase = {
  id: 31,
  manufacture: 'Surya',
  inventory_date: '2026-01-15',
  remarks: 'Batch A',
  is_active: true,
  organization: 1,
  current_organization: organizationData,
  created_at,
};

/** An RMS device as its list answers it (with its refused messages, none unless told). */
export function rmsRow(over: Partial<RmsListRow> = {}): RmsListRow {
  return {
    ...inventoryBase,
    device_id: 'RMS-31',
    model: 'M-1',
    expiry_date: '2099-01-01',
    device_key_issued_at: null,
    rejects: null,
    ...over,
  };
}

export function stltRow(over: Partial<StltRow> = {}): StltRow {
  return { ...inventoryBase, stlt_id: 'STLT-31', model_no: 'M-1', ...over };
}

export function poleRow(over: Partial<PoleRow> = {}): PoleRow {
  return { ...inventoryBase, pole_id: 'POLE-31', model: 'M-1', ...over };
}

export function msisdnRow(over: Partial<MsisdnRow> = {}): MsisdnRow {
  return {
    id: 5,
    sim_number: '8991101200003204510',
    imsi: '404450123456789',
    msisdn: '+919812345678',
    organization: 1,
    is_active: true,
    created_at,
    ...over,
  };
}

export function inspectionRow(over: Partial<InspectionRow> = {}): InspectionRow {
  return {
    id: 9,
    created_at,
    devices: [11],
    devices_data: [{ id: 11, device_id: 'RMS-11', command_status: 'pending' }],
    insp: 1,
    ...over,
  };
}

export function reportRow(over: Partial<ReportRow> = {}): ReportRow {
  return {
    created_at: '2026-03-04T09:05:00.000Z',
    device: 11,
    RMS_ID: 'RMS-11',
    gsm_sig: 72,
    bt_v: 12.8,
    bt_ch_i: 3.2,
    lo_i: 0,
    pv_v: 18.4,
    pv_i: 3.5,
    mppt: 94.5,
    SOC: 81,
    ...over,
  };
}

export function stateRow(over: Partial<StateRow> = {}): StateRow {
  return { id: 1, name: 'Karnataka', country: 'India', is_active: true, ...over };
}

export function gstRow(over: Partial<GstRow> = {}): GstRow {
  return { id: 4, invoice_name: 'GST @ 18%', name: 'GST 18%', value: 18, is_active: true, ...over };
}

export function dropdownValueRow(over: Partial<DropdownValueRow> = {}): DropdownValueRow {
  return {
    id: 10,
    name: 'device_type',
    parent: 2,
    value: 'RMS 12V',
    code: null,
    is_editable: true,
    is_deletable: true,
    is_disabled: false,
    is_active: true,
    ...over,
  };
}

export function apiKeyRow(over: Partial<ApiKeyRow> = {}): ApiKeyRow {
  return {
    id: 3,
    name: 'Billing export',
    prefix: 'rms_ab12cd34',
    permissions: [{ key: 'VIEW_RMS' }],
    organization: 1,
    organization_name: 'Sunrise Lighting',
    created_by: 7,
    created_by_email: 'asha@example.com',
    created_at,
    expires_on: null,
    last_used_at: null,
    revoked_at: null,
    status: 'active',
    ...over,
  };
}

export function webhookRow(over: Partial<WebhookRow> = {}): WebhookRow {
  return {
    id: 5,
    url: 'https://hooks.example.com/rms',
    events: ['alarm.raised', 'device.offline'],
    has_secret: true,
    secret_hint: 'x9Qz',
    status: 'active',
    consecutive_failures: 0,
    paused_at: null,
    last_delivery_at: null,
    last_delivery_ok: null,
    organization: 1,
    organization_name: 'Sunrise Lighting',
    created_by: 7,
    created_by_email: 'asha@example.com',
    created_at,
    updated_at: created_at,
    ...over,
  };
}

export function webhookDeliveryRow(over: Partial<WebhookDeliveryRow> = {}): WebhookDeliveryRow {
  return {
    id: 101,
    event_id: '6f1c2a8e-0b7d-4c52-9a3e-2f4b1d9c8e70',
    type: 'alarm.raised',
    status: 'delivered',
    attempts: 1,
    last_status_code: 200,
    last_error: null,
    response_excerpt: 'ok',
    created_at,
    last_attempt_at: created_at,
    next_attempt_at: null,
    delivered_at: created_at,
    ...over,
  };
}

export function auditRow(over: Partial<AuditRow> = {}): AuditRow {
  return {
    id: 41,
    created_at,
    organization: 1,
    organization_name: 'Sunrise Lighting',
    actor_kind: 'user',
    user: 7,
    api_key: null,
    actor: 'asha@example.com',
    area: 'msisdn',
    action: 'create',
    method: 'POST',
    route: '/api/v1/devices/msisdn_mapping/',
    record_id: '12',
    record_count: null,
    change: null,
    fields: ['sim_number', 'imsi', 'msisdn'],
    status: 201,
    ip: '203.0.113.7',
    user_agent: 'Mozilla/5.0',
    ...over,
  };
}
