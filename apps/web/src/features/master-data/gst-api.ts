import { queryOptions } from '@tanstack/react-query';
import { masterDataApi as D } from '@rms/contracts/api/master-data';
import type { GstFields } from '@rms/contracts/master-data';
import { api } from '../../api/client';
import { apiPage, apiRows, useInvalidatingMutation } from '../../api/queries';

export const gstPageQuery = (page: number) => queryOptions(apiPage(D.gst, { page }));

/** Every active rate: the HSN form's pickers. */
export const gstAllQuery = () => queryOptions(apiRows(D.gst));

/**
 * Spec 01 §7: POST adds, POST with id edits, POST with id and is_active false deletes. The master-data
 * lists reload: HSN rows show the rates' names.
 */
export function useSaveGst() {
  return useInvalidatingMutation(
    (body: (GstFields & { id?: number }) | { id: number; is_active: false }) => api(D.saveGst, { body }),
    [D.gst.area],
    { silent: true },
  );
}
