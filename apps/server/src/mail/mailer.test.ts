import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

describe('outbox mailer (no SMTP_URL)', () => {
  it('writes each message as an .eml file in the outbox', async () => {
    const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), 'rms-mail-')), 'outbox');
    const mailer = createMailer({
      from: 'RMS <no-reply@test.example>',
      outboxDir,
      log: pino({ level: 'silent' }),
    });
    expect(mailer.kind).toBe('outbox');
    await mailer.send({
      to: 'someone@test.example',
      subject: 'Hello',
      text: 'A link: https://rms.example.com/x',
    });
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(outboxDir, files[0]!), 'utf8');
    expect(eml).toContain('To: someone@test.example');
    expect(eml).toContain('Subject: Hello');
    expect(eml).toContain('https://rms.example.com/x');
  });
});
