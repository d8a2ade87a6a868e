import { describe, expect, it } from 'vitest';
import { deviceFromState } from './analysis-page';

describe('the device /analysis opens with', () => {
  it('comes from navigation state as {id, device_id} or an id, else none', () => {
    expect(deviceFromState({ device: { id: 7, device_id: 'RMS-7' } })).toEqual({ id: 7, device_id: 'RMS-7' });
    expect(deviceFromState({ device: 9 })).toEqual({ id: 9, device_id: '#9' });
    expect(deviceFromState({ device: { id: 'x' } })).toBeUndefined();
    expect(deviceFromState(null)).toBeUndefined();
    expect(deviceFromState({ record: { id: 3 } })).toBeUndefined();
  });
});
