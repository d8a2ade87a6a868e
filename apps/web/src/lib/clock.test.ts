import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, signIn } from '../test-utils/fixtures';
import { defaultRange } from '../features/monitoring/date-range';
import { clearSession } from '../auth/session-store';
import { wallClock, todayIso } from './clock';
import { formatDateTimeAmPm } from './format';

// 19:00 UTC on 22 November is already 00:30 on the 23rd in India, 14:00 on the 22nd in New York.
const EVENING_UTC = new Date('2026-11-22T19:00:00Z');

describe('days and times of the deployment', () => {
  afterEach(() => {
    vi.useRealTimers();
    clearSession();
  });

  it('counts today and the last 7 days in the deployment time zone, whatever the browser’s', () => {
    vi.useFakeTimers({ now: EVENING_UTC, toFake: ['Date'] });
    signIn(makeUser({ time_zone: 'Asia/Kolkata' }));
    expect(todayIso()).toBe('2026-11-23');
    expect(defaultRange()).toEqual({ start: '2026-11-17', end: '2026-11-23' });
    signIn(makeUser({ time_zone: 'America/New_York' }));
    expect(todayIso()).toBe('2026-11-22');
  });

  it('shows an instant on the deployment clock and leaves calendar days alone', () => {
    signIn(makeUser({ time_zone: 'Asia/Kolkata' }));
    expect(formatDateTimeAmPm(EVENING_UTC.toISOString())).toBe('23/11/2026 12:30 am');
    expect(wallClock('2026-11-22').format('DD/MM/YYYY')).toBe('22/11/2026');
  });
});
