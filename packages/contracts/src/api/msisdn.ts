import { z } from 'zod';
import { endpoint } from '../endpoint';
import { msisdnCreateBody, msisdnList, msisdnListQuery, msisdnRow, msisdnUpdateBody } from '../msisdn';
import { accessOf } from '../routes';

// Spec 02 §6: the list takes DEVICE_ACTIVATION or VIEW_DEVICE_ACTIVATION, adding and editing DEVICE_ACTIVATION.
const VIEW = accessOf('/view-msison-mapping');
const MANAGE = accessOf('/add-msison-mapping');
const area = 'msisdn';
const URL = '/devices/msisdn_mapping/';
const saved = msisdnRow.extend({ detail: z.string() });

export const msisdnApi = {
  list: endpoint({
    area,
    method: 'GET',
    path: URL,
    access: VIEW,
    summary:
      'MSISDN mappings the caller sees (?query= searches SIM number, IMSI and MSISDN; ?is_active=false: the deleted ones)',
    query: msisdnListQuery,
    response: msisdnList,
  }),
  create: endpoint({
    area,
    method: 'POST',
    path: URL,
    access: MANAGE,
    summary: "Map a SIM card: SIM number (ICCID), IMSI and MSISDN, owned by the caller's organization",
    body: msisdnCreateBody,
    response: saved,
    status: 201,
  }),
  update: endpoint({
    area,
    method: 'PUT',
    path: URL,
    access: MANAGE,
    summary:
      'Update a mapping (id and the three numbers); {id, is_active: false} deletes it (soft), {id, is_active: true} restores a deleted one',
    body: msisdnUpdateBody,
    response: saved,
  }),
};
