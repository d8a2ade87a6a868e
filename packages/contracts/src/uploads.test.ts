import { describe, expect, it } from 'vitest';
import { contentTypeFor, formatBytes, presignBody, STORED_KEY, UPLOAD_MESSAGES } from './uploads';
import { passwordChangeBody, PASSWORD_CHANGE_MESSAGES, profileUpdateBody, PROFILE_MESSAGES } from './session';

describe('upload kinds', () => {
  it('maps png and jpeg images and xlsx spreadsheets to their content types, by kind', () => {
    expect(contentTypeFor('image', 'Me.PNG')).toBe('image/png');
    expect(contentTypeFor('image', 'me.jpeg')).toBe('image/jpeg');
    expect(contentTypeFor('image', 'me.gif')).toBeUndefined();
    expect(contentTypeFor('image', 'sheet.xlsx')).toBeUndefined();
    expect(contentTypeFor('spreadsheet', 'rms.xlsx')).toMatch(/spreadsheetml/);
    expect(contentTypeFor('image', 'constructor')).toBeUndefined();
  });

  it("refuses another type or a file over the kind's limit", () => {
    const result = presignBody.safeParse({ file: 'a.svg', file_type: 'image', size: 6 * 1024 * 1024 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      UPLOAD_MESSAGES.imageTypes,
      UPLOAD_MESSAGES.tooLarge('5 MB'),
    ]);
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
  });

  it('knows stored keys, which never climb out of their folder', () => {
    expect(STORED_KEY.test(`image/${'a'.repeat(32)}.png`)).toBe(true);
    expect(STORED_KEY.test(`image/../${'a'.repeat(29)}.png`)).toBe(false);
  });
});

describe('profile and password change', () => {
  it("uses the profile's e-mail message", () => {
    const result = profileUpdateBody.safeParse({ first_name: 'A', email: 'x@', mobile: '9876543210' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([PROFILE_MESSAGES.validEmail]);
  });

  it('asks for a confirmation equal to the new password', () => {
    const result = passwordChangeBody.safeParse({
      old_password: 'a',
      new_password: 'New-pass-1234',
      confirm: 'other',
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual([PASSWORD_CHANGE_MESSAGES.passwordsDiffer]);
  });
});
