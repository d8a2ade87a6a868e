import { z } from 'zod';
import { bodyId, ID_RANGE_MESSAGE, MAX_ID, queryId } from './fields';
import { MESSAGES } from './messages';
import { listResponse, pageQuery } from './common';
import { storedKey } from './uploads';
import { deletedRowsQuery } from './soft-delete';

// The employees area: user registration and the all-employees list (spec 01 §2, §3, §5).

export const EMPLOYEE_MESSAGES = {
  mobile: 'Please enter a valid mobile number',
  password: 'Enter Password !',
  repeatPassword: 'Please repeat your password!',
  passwordsDiffer: 'The two passwords that you entered do not match!',
  passwordLength: 'Password must be at least 8 characters',
  created: 'User created successfully',
  updated: 'Account has been updated',
  deleted: 'User deleted successfully',
  restored: 'User restored successfully',
  emailTaken: 'A user with this e-mail already exists',
  cannotDeleteSelf: 'You cannot delete your own account',
  superuserOnly: "Only a super-user can change a super-user's account",
  ownerOnly: "Only the organization's owner, or the provider, can change the owner's account",
  outranks: (codes: string[]) =>
    `This user holds permissions you do not hold (${codes.join(', ')}), so you cannot change their account`,
  organizationNotFound: 'Organization not found',
  ownerStays: "The organization's owner stays in their organization",
  ownerNotDeleted:
    "The organization's owner is not deleted alone: deleting the organization removes its owner",
} as const;

export const email = z
  .string({ error: MESSAGES.validEmail })
  .trim()
  .toLowerCase()
  .pipe(z.email(MESSAGES.validEmail));
export const mobile = z
  .string({ error: EMPLOYEE_MESSAGES.mobile })
  .trim()
  .regex(/^\d{10}$/, EMPLOYEE_MESSAGES.mobile);
export const newPassword = z
  .string({ error: EMPLOYEE_MESSAGES.password })
  .min(1, { message: EMPLOYEE_MESSAGES.password, abort: true })
  .min(8, EMPLOYEE_MESSAGES.passwordLength)
  .max(128);
export const permissionKeyList = z.array(z.object({ key: z.string().min(1).max(64) })).max(100);

export const employeeCreateBody = z
  .object({
    name: z.string().trim().max(150).optional().default(''),
    email,
    mobile,
    organization: bodyId.optional(),
    password: newPassword,
    simple_password: z.string().optional(),
    photo: storedKey.nullable().optional(),
    permissions: permissionKeyList.default([]),
    /**
     * The spec's form sends it (true on save); accepted and ignored. An organization has one owner, the
     * user made with it: no employee save makes or unmakes an owner.
     */
    is_primary: z.boolean().optional(),
  })
  .refine((b) => b.simple_password === undefined || b.simple_password === b.password, {
    path: ['simple_password'],
    message: EMPLOYEE_MESSAGES.passwordsDiffer,
  });
export type EmployeeCreateBody = z.infer<typeof employeeCreateBody>;

export const employeeRow = z.object({
  id: z.number().int(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  /** The stored key (send it back unchanged on edit). */
  photo: z.string().nullable(),
  /** A signed, expiring link to show the photo. */
  photo_url: z.string().nullable(),
  organization: z.number().int(),
  organization_data: z.object({ company_name: z.string() }),
  permissions: permissionKeyList,
  /** Whether this user is the organization's owner (the user made with it). */
  is_primary: z.boolean(),
  is_superuser: z.boolean(),
  is_active: z.boolean(),
});
export type EmployeeRow = z.infer<typeof employeeRow>;
export const employeeList = listResponse(employeeRow);

/**
 * Update (spec 01 §7: `PUT admin_settings/employee/`). Fields left out keep their value; `is_active: false`
 * is the soft delete. Passwords are not changed here: that is the owner's (change or reset password).
 */
export const employeeUpdateBody = z.object({
  id: z.number({ error: "'id' is required!" }).int().positive().max(MAX_ID, ID_RANGE_MESSAGE),
  name: z.string().trim().max(150).optional(),
  email: email.optional(),
  mobile: mobile.optional(),
  organization: bodyId.optional(),
  photo: storedKey.nullable().optional(),
  permissions: permissionKeyList.optional(),
  /** Accepted for the spec's form and ignored, as on create: it never makes or unmakes an owner. */
  is_primary: z.boolean().optional(),
  is_active: z.boolean().optional(),
});
export type EmployeeUpdateBody = z.infer<typeof employeeUpdateBody>;

export const employeeListQuery = pageQuery.extend({
  /** One employee by id (spec 01 §7: `GET admin_settings/employee/?user=`). */
  user: queryId.optional(),
  ...deletedRowsQuery.shape,
});
