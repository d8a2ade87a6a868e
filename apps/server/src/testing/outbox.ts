import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Mails the server wrote to DATA_DIR/outbox (no SMTP_URL), as text with quoted-printable soft breaks
// joined, so a test can read a link out of them.

export function mailsTo(dataDir: string, address: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) =>
      readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((m) => new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'mi').test(m));
}

/** Waits for the mail the server sends after answering (it does not hold the answer for it). */
export async function waitForMail(dataDir: string, address: string, count = 1): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const mails = mailsTo(dataDir, address);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${address}`);
}
