import { z } from 'zod';
import { endpoint } from '../endpoint';
import { inspectionBody, inspectionList, inspectionListQuery, inspectionRow } from '../inspections';
import { accessOf } from '../routes';

// The console routes /add-inspection and /view-inspection both take DEVICE_ACTIVATION (routes.ts).
const ADD = accessOf('/add-inspection');
const VIEW = accessOf('/view-inspection');
const area = 'inspections';
const URL = '/devices/inspection/';

export const inspectionApi = {
  list: endpoint({
    area,
    method: 'GET',
    path: URL,
    access: VIEW,
    summary: "Inspection history of the caller's organization (?query= matches a device id)",
    query: inspectionListQuery,
    response: inspectionList,
  }),
  inspect: endpoint({
    area,
    method: 'POST',
    path: URL,
    access: ADD,
    summary: 'Force the selected devices on (insp 1) or off (insp 2): one command per device',
    body: inspectionBody,
    response: inspectionRow.extend({ detail: z.string() }),
    status: 201,
  }),
};
