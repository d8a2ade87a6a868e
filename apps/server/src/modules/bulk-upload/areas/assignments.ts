import { ASSIGN_BULK_AREA, BULK_AREAS, BULK_MESSAGES as B } from '@rms/contracts/bulk-upload';
import { ASSIGNMENT, ASSIGNMENT_MESSAGES as M, type AssignmentKind } from '@rms/contracts/assignments';
import { assignMany, buyersByEmail, heldItemsByCode } from '../../assignments/many';
import { deviceTypeValues, expiryError } from '../../assignments/service';
import type { BulkRowError } from '@rms/contracts/bulk-upload';
import type { BulkSaver } from '../engine';

// RMS, STLT and pole assignments from a sheet: the buyer named by its e-mail, the item by its ID text,
// the RMS device type by its text. The rules are the single assign's (assignments/service.ts): the
// buyer visible and not the caller's own organization, the item held by the caller and not activated,
// the expiry after today, the device type an enabled value of its dropdown group.

function assignSaver(kind: AssignmentKind): BulkSaver {
  const area = BULK_AREAS[ASSIGN_BULK_AREA[kind]];
  const header = (key: string) => area.columns.find((c) => c.key === key)!.header;
  return {
    area,
    rowError: (data, { today }) => expiryError(String(data.expiry_date), today),
    async conflicts({ db, auth }, rows) {
      if (!rows.length) return [];
      const text = (key: string) => rows.map((r) => String(r.data[key]));
      const [buyers, items, deviceTypes] = await Promise.all([
        buyersByEmail(db, auth, text('buyer_email')),
        heldItemsByCode(db, auth, kind, text('item')),
        kind === 'rms' ? deviceTypeValues(db, text('device_type')) : undefined,
      ]);
      const errors: BulkRowError[] = [];
      for (const r of rows) {
        const email = String(r.data.buyer_email);
        const code = String(r.data.item);
        const buyer = buyers.get(email.toLowerCase());
        const item = items.get(code.toLowerCase());
        const refuse = (error: string) => errors.push({ row: r.row, error });
        if (buyer === undefined) refuse(B.notFound(header('buyer_email'), email));
        else if (buyer === auth.organizationId) refuse(B.about(header('buyer_email'), email, M.buyerOwn));
        if (!item) refuse(B.notFound(ASSIGNMENT[kind].itemLabel, code));
        else if (!item.assignable) refuse(B.about(ASSIGNMENT[kind].itemLabel, code, M.itemNotAssignable));
        if (deviceTypes) {
          const typed = String(r.data.device_type);
          const value = deviceTypes.get(typed.toLowerCase());
          if (!value) refuse(B.about(header('device_type'), typed, M.deviceTypeUnknown));
          else r.data.device_type = value;
        }
        if (buyer !== undefined) r.data.buyer = buyer;
        if (item) r.data.item_id = item.id;
      }
      return errors;
    },
    save: async ({ db, auth }, rows) => ({
      created: await assignMany(
        db,
        auth,
        kind,
        rows.map((r) => ({
          buyer: Number(r.data.buyer),
          item: Number(r.data.item_id),
          expiry_date: String(r.data.expiry_date),
          device_type: kind === 'rms' ? String(r.data.device_type) : undefined,
        })),
      ),
    }),
  };
}

export const assignRmsBulk = assignSaver('rms');
export const assignStltBulk = assignSaver('stlt');
export const assignPoleBulk = assignSaver('pole');
