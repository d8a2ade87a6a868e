import { z } from 'zod';
import { endpoint } from '../endpoint';
import {
  bulkParameterBody,
  bulkParameterResult,
  parameterDevice,
  parameterDeviceQuery,
  parameterSetting,
  parameterSettingBody,
  parameterSettingQuery,
} from '../parameters';
import { anyOf } from '../permissions';
import { accessOf } from '../routes';

// Spec 02 §6: reading takes either parameter code; saving sends parameters to a device, so it takes
// CHANGE_PARAMETER_SETTINGS. Bulk parameter follows its console route (DEVICE_ACTIVATION).
const VIEW = accessOf('/parameter-setting');
const CHANGE = anyOf('CHANGE_PARAMETER_SETTINGS');
const BULK = accessOf('/add-inspection-parameter');
const area = 'parameters';
const URL = '/devices/parameter_settings/';
const saved = parameterSetting.extend({ detail: z.string() });
const SAVE_SUMMARY = 'Save a new version of a device’s parameters (all six groups) and record its command';

export const parameterApi = {
  setting: endpoint({
    area,
    method: 'GET',
    path: URL,
    access: VIEW,
    summary: "A device's newest parameter set with its command status, or the defaults (version null)",
    query: parameterSettingQuery,
    response: parameterSetting,
  }),
  // Its own device list: holding a parameter code is enough to pick a device (the RMS list needs VIEW_RMS).
  devices: endpoint({
    area,
    method: 'GET',
    path: `${URL}devices/`,
    access: VIEW,
    summary: 'The RMS devices whose parameters the caller may read ({id, device_id}; ?query= searches)',
    query: parameterDeviceQuery,
    response: z.array(parameterDevice),
  }),
  create: endpoint({
    area,
    method: 'POST',
    path: URL,
    access: CHANGE,
    summary: SAVE_SUMMARY,
    body: parameterSettingBody,
    response: saved,
    status: 201,
  }),
  // PUT is the same save (spec 02 §7 names both): every save is a new version.
  update: endpoint({
    area,
    method: 'PUT',
    path: URL,
    access: CHANGE,
    summary: SAVE_SUMMARY,
    body: parameterSettingBody,
    response: saved,
  }),
  bulk: endpoint({
    area,
    method: 'POST',
    path: '/devices/bulk_parameter/',
    access: BULK,
    summary: 'Set load watt and full/half brightness hours on many devices: one version and command each',
    body: bulkParameterBody,
    response: bulkParameterResult,
    status: 201,
  }),
};
