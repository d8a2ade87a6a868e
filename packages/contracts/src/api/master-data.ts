import { z } from 'zod';
import { pageQuery } from '../common';
import { endpoint } from '../endpoint';
import {
  cityCreateBody,
  cityList,
  cityQuery,
  cityRow,
  cityUpdateBody,
  dropdownTree,
  dropdownValueCreateBody,
  dropdownValueList,
  dropdownValueQuery,
  dropdownValueRow,
  dropdownValueUpdateBody,
  gstList,
  gstRow,
  gstSaveBody,
  hsnList,
  hsnRow,
  hsnSaveBody,
  stateCreateBody,
  stateList,
  stateQuery,
  stateRow,
  stateUpdateBody,
} from '../master-data';
import { SIGNED_IN } from '../permissions';
import { accessOf } from '../routes';

// The master-data area: states, cities, GST rates, HSN codes and dropdown values. Every signed-in user
// reads states, cities and dropdown values (other screens' forms pick from them); changing master data
// takes the screen's code, and the server lets only the provider organization's staff do it.
const area = 'master-data';
const STATE = '/admin_settings/state/';
const CITY = '/admin_settings/city/';
const GST = '/publisher/gst_setting/';
const HSN = '/publisher/hsn_settings/';
const VALUES = '/publisher/dropdown_values/';
const GST_ACCESS = accessOf('/gst-settings');
const HSN_ACCESS = accessOf('/hsn-settings');
const DROPDOWN_ACCESS = accessOf('/dropdown-settings');
const savedState = stateRow.extend({ detail: z.string() });
const savedCity = cityRow.extend({ detail: z.string() });
const savedGst = gstRow.extend({ detail: z.string() });
const savedHsn = hsnRow.extend({ detail: z.string() });
const savedValue = dropdownValueRow.extend({ detail: z.string() });
// GST and HSN save by the spec's POST (201 when it adds, 200 when it edits or deletes); PUT does the same
// for REST clients. Both document either answer.
const GST_SAVE = {
  area,
  path: GST,
  access: GST_ACCESS,
  summary: 'Add a GST rate, edit it (with id) or soft-delete it (id, is_active=false); provider only',
  body: gstSaveBody,
  response: savedGst,
} as const;
const HSN_SAVE = {
  area,
  path: HSN,
  access: HSN_ACCESS,
  summary: 'Add an HSN code, edit it (with id) or soft-delete it (id, is_active=false); provider only',
  body: hsnSaveBody,
  response: savedHsn,
} as const;

export const masterDataApi = {
  // Organization registration and device activation pick states and cities too, not only these screens.
  states: endpoint({
    area,
    method: 'GET',
    path: STATE,
    access: SIGNED_IN,
    summary: 'Active states by name (paged, or all with pagination=false)',
    query: stateQuery,
    response: stateList,
  }),
  createState: endpoint({
    area,
    method: 'POST',
    path: STATE,
    access: accessOf('/admin/state'),
    summary: 'Add a state (provider organization only)',
    body: stateCreateBody,
    response: savedState,
    status: 201,
  }),
  updateState: endpoint({
    area,
    method: 'PUT',
    path: STATE,
    access: accessOf('/admin/state'),
    summary: 'Rename a state, or soft-delete it with is_active=false (provider organization only)',
    body: stateUpdateBody,
    response: savedState,
  }),
  cities: endpoint({
    area,
    method: 'GET',
    path: CITY,
    access: SIGNED_IN,
    summary: 'Active cities with their state (filter by state; paged, or all with pagination=false)',
    query: cityQuery,
    response: cityList,
  }),
  createCity: endpoint({
    area,
    method: 'POST',
    path: CITY,
    access: accessOf('/admin/city'),
    summary: 'Add a city to a state (provider organization only)',
    body: cityCreateBody,
    response: savedCity,
    status: 201,
  }),
  updateCity: endpoint({
    area,
    method: 'PUT',
    path: CITY,
    access: accessOf('/admin/city'),
    summary: 'Edit a city, or soft-delete it with is_active=false (provider organization only)',
    body: cityUpdateBody,
    response: savedCity,
  }),
  // The GST screen and the HSN form (its rate pickers) read it; both need tax_settings.
  gst: endpoint({
    area,
    method: 'GET',
    path: GST,
    access: GST_ACCESS,
    summary: 'Active GST rates (paged, or all with pagination=false)',
    query: pageQuery,
    response: gstList,
  }),
  saveGst: endpoint({ ...GST_SAVE, method: 'POST', status: [201, 200] }),
  putGst: endpoint({ ...GST_SAVE, method: 'PUT', status: [200, 201] }),
  hsn: endpoint({
    area,
    method: 'GET',
    path: HSN,
    access: HSN_ACCESS,
    summary: 'Active HSN codes with their GST rates (paged, or all with pagination=false)',
    query: pageQuery,
    response: hsnList,
  }),
  saveHsn: endpoint({ ...HSN_SAVE, method: 'POST', status: [201, 200] }),
  putHsn: endpoint({ ...HSN_SAVE, method: 'PUT', status: [200, 201] }),
  dropdownTree: endpoint({
    area,
    method: 'GET',
    path: '/publisher/dropdown/',
    access: SIGNED_IN,
    summary: 'The tree of dropdown groups',
    response: dropdownTree,
  }),
  dropdownValues: endpoint({
    area,
    method: 'GET',
    path: VALUES,
    access: SIGNED_IN,
    summary: "A group's active values, by group id (parent) or group path (name)",
    query: dropdownValueQuery,
    response: dropdownValueList,
  }),
  createDropdownValue: endpoint({
    area,
    method: 'POST',
    path: VALUES,
    access: DROPDOWN_ACCESS,
    summary: 'Add a value to a group (provider organization only)',
    body: dropdownValueCreateBody,
    response: savedValue,
    status: 201,
  }),
  updateDropdownValue: endpoint({
    area,
    method: 'PUT',
    path: VALUES,
    access: DROPDOWN_ACCESS,
    summary:
      'Edit a value, enable/disable it (is_disabled) or soft-delete it (is_active=false); provider only',
    body: dropdownValueUpdateBody,
    response: savedValue,
  }),
};
