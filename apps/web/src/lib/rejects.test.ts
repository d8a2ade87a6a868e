import { describe, expect, it } from 'vitest';
import { makeUser, signIn } from '../test-utils/fixtures';
import { rejectDetails, rejectHeadline, timeAgo } from './rejects';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const summary = {
  count: 12,
  first_at: '2026-11-21T04:30:00Z',
  last_at: '2026-11-22T09:58:00Z',
  last_topic: 'telemetry' as const,
  last_reason: 'bt_v: above 40',
};

describe('refused messages as the console words them', () => {
  it('says how many, how long ago the last, and why', () => {
    expect(rejectHeadline(summary, NOW)).toBe('12 messages refused, last 2 min ago: bt_v: above 40');
    expect(rejectHeadline({ ...summary, count: 1, last_at: '2026-11-22T09:59:40Z' }, NOW)).toBe(
      '1 message refused, last just now: bt_v: above 40',
    );
    expect(rejectHeadline({ ...summary, count: 123456 }, NOW)).toMatch(/^1,23,456 messages refused/);
  });

  it('counts minutes, hours and days', () => {
    expect(timeAgo('2026-11-22T09:00:00Z', NOW)).toBe('1 h ago');
    expect(timeAgo('2026-11-21T09:00:00Z', NOW)).toBe('1 day ago');
    expect(timeAgo('2026-11-12T09:00:00Z', NOW)).toBe('10 days ago');
  });

  it('gives the times on the deployment’s clock, DD/MM/YYYY hh:mm a', () => {
    signIn(makeUser({ time_zone: 'Asia/Kolkata' }));
    expect(rejectDetails(summary)).toMatch(
      /^Last at 22\/11\/2026 03:28 pm on telemetry; counted since 21\/11\/2026 10:00 am\./,
    );
    expect(rejectDetails({ ...summary, last_topic: null })).toMatch(/^Last at 22\/11\/2026 03:28 pm;/);
  });
});
