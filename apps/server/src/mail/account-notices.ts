import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer';

// A sign-in e-mail that changes is told to the OLD address: if someone else changed it (to take the
// account over through a password reset), the holder hears of it where they still read mail.

export function noticeEmailChanged(
  mailer: Mailer,
  log: FastifyBaseLogger,
  change: { from: string; to: string },
): void {
  if (change.from.toLowerCase() === change.to.toLowerCase()) return;
  const text =
    `The sign-in e-mail of your RMS Console account was changed from ${change.from} to ${change.to}.\n\n` +
    'If you did not ask for this, tell your organization’s administrator at once: whoever holds the new ' +
    'address can now reset the account’s password.\n';
  mailer
    .send({
      to: change.from,
      subject: 'Your RMS Console sign-in e-mail was changed',
      text,
      html: `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`,
    })
    .catch((err: unknown) => log.error({ err }, 'e-mail change notice failed'));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
