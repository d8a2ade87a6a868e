import { describe, expect, it } from 'vitest';
import { ApiError, formFieldErrors } from './errors';

describe('error catalogue (spec 01 §8)', () => {
  it('400 with a list shows each item', () => {
    const error = new ApiError(400, {
      detail: [
        { row: 2, error: 'Duplicate device id' },
        { row: 5, error: 'Unknown state' },
      ],
    });
    expect(error.messages).toEqual(['Row 2: Duplicate device id', 'Row 5: Unknown state']);
    expect(new ApiError(400, [{ detail: 'First' }, { detail: 'Second' }]).messages).toEqual([
      'First',
      'Second',
    ]);
  });

  it("400 shows the body's detail, else 'Bad Request'", () => {
    expect(new ApiError(400, { detail: 'Name is taken' }).messages).toEqual(['Name is taken']);
    expect(new ApiError(400, null).messages).toEqual(['Bad Request']);
    expect(new ApiError(400, { detail: '' }).messages).toEqual(['Bad Request']);
  });

  it("401 shows the detail, else 'Unauthorized Request'", () => {
    expect(new ApiError(401, { detail: 'Token expired' }).messages).toEqual(['Token expired']);
    expect(new ApiError(401, {}).messages).toEqual(['Unauthorized Request']);
  });

  it("403 always shows 'Unauthorized Request'", () => {
    expect(new ApiError(403, { detail: 'Missing VIEW_USER' }).messages).toEqual(['Unauthorized Request']);
  });

  it("404 shows the detail, else 'Not Found'", () => {
    expect(new ApiError(404, { detail: 'No such organization' }).messages).toEqual(['No such organization']);
    expect(new ApiError(404, '<html>').messages).toEqual(['Not Found']);
  });

  it("500 shows 'Internal Server Error' whatever the body", () => {
    expect(new ApiError(500, { detail: 'TypeError: x is undefined' }).messages).toEqual([
      'Internal Server Error',
    ]);
  });

  it('429, network failures and timeouts get a clear text', () => {
    expect(new ApiError(429, { detail: 'Too many sign-in attempts.' }).detail).toBe(
      'Too many sign-in attempts.',
    );
    expect(new ApiError(0, null, 'network').detail).toMatch(/cannot reach the server/i);
    expect(new ApiError(0, null, 'timeout').detail).toMatch(/did not answer in time/i);
  });

  it("gives a form only its own fields' errors", () => {
    const error = new ApiError(400, {
      detail: 'Invalid input',
      errors: { username: ['Enter a valid e-mail'], other: ['x'] },
    });
    expect(formFieldErrors(error, ['username', 'password'])).toEqual([
      { name: 'username', errors: ['Enter a valid e-mail'] },
    ]);
  });
});
