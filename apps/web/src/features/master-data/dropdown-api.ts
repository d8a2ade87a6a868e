import { queryOptions } from '@tanstack/react-query';
import { masterDataApi as D } from '@rms/contracts/api/master-data';
import type { DropdownValueCreateBody, DropdownValueUpdateBody } from '@rms/contracts/master-data';
import { api } from '../../api/client';
import { apiQuery, apiRows, useInvalidatingMutation } from '../../api/queries';

export const dropdownTreeQuery = () =>
  queryOptions({ ...apiQuery(D.dropdownTree, {}), staleTime: 5 * 60_000 });

export const dropdownValuesQuery = (groupId: number | undefined) =>
  queryOptions({ ...apiRows(D.dropdownValues, { parent: groupId }), enabled: groupId !== undefined });

/** Adds a value (no id) or changes one (id): its text, is_disabled, or is_active false to delete. */
export function useSaveDropdownValue() {
  return useInvalidatingMutation(
    (body: DropdownValueCreateBody | DropdownValueUpdateBody) =>
      'id' in body ? api(D.updateDropdownValue, { body }) : api(D.createDropdownValue, { body }),
    [D.dropdownValues.area],
    { silent: true },
  );
}
