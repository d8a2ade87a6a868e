import { BULK_AREAS } from '@rms/contracts/bulk-upload';
import { asSent, bulkSaver } from '../../batch/bulk-saver';
import { saveMappings, validateMappings } from './batch';

/** MSISDN mappings from a sheet: each row is the form's body, with the form's rules and save. */
export const msisdnBulk = bulkSaver({
  area: BULK_AREAS.msisdn,
  resolve: asSent,
  validate: validateMappings,
  save: async (context, rows) => ({ created: (await saveMappings(context, rows)).length }),
});
