import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Webhook secrets are kept so the server can sign with them, so they cannot be hashed; they are
// encrypted (AES-256-GCM) under a key derived from the server's JWT_SECRET, so a copy of the database
// alone (a backup, a dump) does not give them away. Changing JWT_SECRET makes the kept secrets
// unreadable: each webhook then needs its secret set again (docs/webhooks.md).

const VERSION = 'v1';

export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'rms-webhooks', 'webhook secret v1', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The secret, or null when it was sealed under another key (JWT_SECRET changed) or is damaged. */
  open(sealed: string): string | null {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return null;
    }
  }
}
