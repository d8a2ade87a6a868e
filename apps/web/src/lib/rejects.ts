import type { RejectSummary } from '@rms/contracts/telemetry';
import { formatDateTimeAmPm } from './format';

// How the console words a device's refused messages (the live report's and the RMS list's `rejects`):
// "12 messages refused, last 2 min ago: bt_v: above 40".

/** "just now", "5 min ago", "3 h ago", "2 days ago": how long before `now` an instant was. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** The headline: how many, how long ago the last one, and why. */
export function rejectHeadline(rejects: NonNullable<RejectSummary>, now = Date.now()): string {
  const what =
    rejects.count === 1 ? '1 message refused' : `${rejects.count.toLocaleString('en-IN')} messages refused`;
  return `${what}, last ${timeAgo(rejects.last_at, now)}: ${rejects.last_reason}`;
}

/** The details under the headline: since when, and the last one's time and topic. */
export function rejectDetails(rejects: NonNullable<RejectSummary>): string {
  const topic = rejects.last_topic ? ` on ${rejects.last_topic}` : '';
  return `Last at ${formatDateTimeAmPm(rejects.last_at)}${topic}; counted since ${formatDateTimeAmPm(rejects.first_at)}. Nothing of a refused message is stored: the device should fix it and send again.`;
}
