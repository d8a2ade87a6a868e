import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { poleRow, stltRow } from '../../test-utils/rows';
import { codeOf, expiryDisabled, modelOf } from './kinds';

describe('inventory kinds', () => {
  it('disables RMS expiry days up to the end of today', () => {
    const now = dayjs('2026-05-01T10:00:00');
    expect(expiryDisabled(dayjs('2026-04-30'), now)).toBe(true);
    expect(expiryDisabled(dayjs('2026-05-01T23:59:59'), now)).toBe(true);
    expect(expiryDisabled(dayjs('2026-05-02'), now)).toBe(false);
  });

  it("reads the ID and model through each kind's field names", () => {
    const stlt = stltRow({ stlt_id: 'ST-1', model_no: 'M9' });
    const pole = poleRow({ pole_id: 'P-1', model: 'PX' });
    expect([codeOf('stlt', stlt), modelOf('stlt', stlt)]).toEqual(['ST-1', 'M9']);
    expect([codeOf('pole', pole), modelOf('pole', pole)]).toEqual(['P-1', 'PX']);
  });
});
