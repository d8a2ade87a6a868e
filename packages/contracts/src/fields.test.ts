import { describe, expect, it } from 'vitest';
import { activationFields } from './activations';
import { pageQuery } from './common';
import { idOf, queryId } from './fields';

// Numbers arrive as JSON numbers or as text (a query string, a sheet's cell). Text is read only in plain
// decimal notation: anything else is refused, never read as some other number.

describe('numbers sent as text', () => {
  it('reads plain decimal text, with its sign and spaces around it', () => {
    expect(idOf('device').parse('12')).toBe(12);
    expect(idOf('device').parse(' 7 ')).toBe(7);
    expect(idOf('device').parse(7)).toBe(7);
    expect(queryId.parse('01')).toBe(1);
    expect(pageQuery.parse({ page: '3', page_size: '50' })).toMatchObject({ page: 3, page_size: 50 });
  });

  it.each([true, false, [201], '0xC9', '0b101', '1e1', '', ' ', 'Infinity', 'NaN', '12abc', null, {}])(
    'refuses %j as an id, with the field’s message',
    (value) => {
      const result = idOf('device').safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("'device' is required!");
      expect(queryId.safeParse(value).success).toBe(false);
    },
  );

  it('refuses a page size in another notation instead of reading it as a number', () => {
    for (const page_size of ['1e2', '0x10', 'true'])
      expect(pageQuery.safeParse({ page_size }).success).toBe(false);
  });
});

describe('coordinates', () => {
  const form = {
    name: 'North',
    address1: '12 MG Road',
    address2: 'Sector 4',
    state: 1,
    city: 1,
    pin: '110001',
  };
  const latitudeOf = (latitude: unknown) => {
    const result = activationFields.safeParse({ ...form, latitude });
    return result.success ? result.data.latitude : result.error.issues.map((i) => i.path.join('.'));
  };

  it('reads decimal numbers and text, and a blank as none', () => {
    expect(latitudeOf(28.6139)).toBe(28.6139);
    expect(latitudeOf('-28.6139')).toBe(-28.6139);
    expect(latitudeOf('')).toBeNull();
    expect(latitudeOf('  ')).toBeNull();
    expect(latitudeOf(null)).toBeNull();
  });

  it.each(['0x1A', true, false, [], [45], '1e1', 'north'])('refuses %j, naming latitude', (value) => {
    expect(latitudeOf(value)).toEqual(['latitude']);
  });
});
