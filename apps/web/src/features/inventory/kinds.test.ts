import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { PoleRow, StltRow } from '@rms/contracts/inventory';
import { codeOf, expiryDisabled, modelOf } from './kinds';

describe('inventory kinds', () => {
  it('disables RMS expiry days up to the end of today', () => {
    const now = dayjs('2026-05-01T10:00:00');
    expect(expiryDisabled(dayjs('2026-04-30'), now)).toBe(true);
    expect(expiryDisabled(dayjs('2026-05-01T23:59:59'), now)).toBe(true);
    expect(expiryDisabled(dayjs('2026-05-02'), now)).toBe(false);
  });

  it("reads the ID and model through each kind's field names", () => {
    const base = {
      id: 1,
      manufacture: 'Philips',
      inventory_date: '2026-01-01',
      remarks: '',
      is_active: true,
      organization: 1,
      current_organization: { id: 1, company_name: 'Provider' },
      created_at: '2026-01-01T00:00:00Z',
    };
    const stlt: StltRow = { ...base, stlt_id: 'ST-1', model_no: 'M9' };
    const pole: PoleRow = { ...base, pole_id: 'P-1', model: 'PX' };
    expect([codeOf('stlt', stlt), modelOf('stlt', stlt)]).toEqual(['ST-1', 'M9']);
    expect([codeOf('pole', pole), modelOf('pole', pole)]).toEqual(['P-1', 'PX']);
  });
});
