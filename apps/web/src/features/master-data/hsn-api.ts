import { queryOptions } from '@tanstack/react-query';
import { masterDataApi as D } from '@rms/contracts/api/master-data';
import type { HsnFields } from '@rms/contracts/master-data';
import { api } from '../../api/client';
import { apiPage, useInvalidatingMutation } from '../../api/queries';

export const hsnPageQuery = (page: number) => queryOptions(apiPage(D.hsn, { page }));

/** Spec 01 §7: POST adds, POST with id edits, POST with id and is_active false deletes. */
export function useSaveHsn() {
  return useInvalidatingMutation(
    (body: (HsnFields & { id?: number }) | { id: number; is_active: false }) => api(D.saveHsn, { body }),
    [D.hsn.area],
    { silent: true },
  );
}
