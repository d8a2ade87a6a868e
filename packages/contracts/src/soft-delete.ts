import { z } from 'zod';
import { idOf } from './fields';

// Deletion is soft everywhere (spec 01 §4, spec 02 §4): PUT {id, is_active: false}. Deleted users,
// organizations, inventory (RMS, STLT, pole IDs), MSISDN mappings and device activations can be listed
// and brought back, the same way in every area:
//  - their list with `is_active=false` answers only the deleted rows, with the same paging, search and
//    organization scope as the normal list (the console's "Show deleted" switch);
//  - PUT {id, is_active: true} restores a deleted row, through the same route, permission code and
//    organization scope as the delete. Other fields sent with it are not applied (as with a delete);
//    on a row that is not deleted, is_active: true changes nothing and the rest is an ordinary edit.
//  - A restore that would break a rule (an id, number or e-mail another active row now holds, a device
//    activated elsewhere since, a deleted organization) is refused with a 400 naming the field.

export const RESTORE_MESSAGES = {
  confirm: 'Restore this?',
  /** The generic success text; each area answers its own in the same style. */
  restored: 'Restored successfully',
  showDeleted: 'Show deleted',
  deletedTag: 'Deleted',
  noneDeleted: 'No deleted rows',
  organizationDeleted: 'Its organization is deleted: restore the organization first',
} as const;

/** The list's switch: `is_active=false` lists only the deleted rows; absent or `true`, the active ones. */
export const deletedRowsQuery = z.object({ is_active: z.enum(['true', 'false']).optional() });
export type DeletedRowsQuery = z.infer<typeof deletedRowsQuery>;

/**
 * A PUT body for an area whose edit sends the whole form (MSISDN mapping, activation): the fields plus
 * id to save, `{id, is_active: false}` to delete or `{id, is_active: true}` to restore. A deletion or a
 * restore carries no fields, so the fields are required only when saving; the parsed body says which.
 */
export function formUpdateBody<Shape extends z.ZodRawShape>(fields: z.ZodObject<Shape>) {
  const names = Object.keys(fields.shape);
  const restoreOnly = (body: Record<string, unknown>) =>
    body.is_active === true && names.every((name) => body[name] === undefined);
  return z
    .looseObject({ id: idOf('id'), is_active: z.boolean().optional() })
    .superRefine((body, ctx) => {
      if (body.is_active === false || restoreOnly(body)) return;
      const parsed = fields.safeParse(body);
      if (!parsed.success)
        for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
    })
    .transform((body) =>
      body.is_active === false
        ? { kind: 'delete' as const, id: body.id }
        : restoreOnly(body)
          ? { kind: 'restore' as const, id: body.id }
          : {
              ...(fields.parse(body) as z.output<z.ZodObject<Shape>>),
              kind: 'save' as const,
              id: body.id,
              /** is_active true with the fields: a deleted row is restored (the fields are then not applied). */
              restore: body.is_active === true ? (true as const) : undefined,
            },
    );
}
