import type { FormInstance } from 'antd';
import { ApiError, formFieldErrors, showApiError } from '../../api/errors';

/**
 * A refused save: the server's field errors go on their fields; anything else (a 404, a refusal
 * without a field) is shown through the error catalogue.
 */
export function showSaveError<const Field extends string>(
  form: FormInstance,
  error: unknown,
  fields: readonly Field[],
): void {
  const onFields = error instanceof ApiError ? formFieldErrors(error, fields) : [];
  if (onFields.length > 0) form.setFields(onFields);
  else showApiError(error);
}
