import { endpoint } from '../endpoint';
import { accessOf } from '../routes';

// The live channel (see ../events.ts for its messages). An event stream, not JSON: no response schema.

export const eventsApi = {
  stream: endpoint({
    area: 'events',
    method: 'GET',
    path: '/events/',
    access: accessOf('/analysis'),
    summary:
      'Server-sent events (text/event-stream): `live`, `alarm` and `command` changes of the devices the caller sees',
  }),
};
