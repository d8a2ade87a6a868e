import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@rms/contracts/messages';
import { PASSWORD_RESET_MESSAGES } from '@rms/contracts/session';
import { ADMIN, bearer, createTestApp, signIn, type TestApp } from '../../testing/app';

// The reset mail is really sent: to an SMTP server started here, through SMTP_URL.
const inbox: { to: string; body: string }[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://rms.example.com' },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

async function mailTo(address: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = inbox.find((m) => m.to === address);
    if (mail) return mail.body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${address}`);
}

const ask = (username: string, ip = '10.2.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/password_reset/',
    payload: { username },
    remoteAddress: ip,
  });
const confirm = (code: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/password_reset/confirm/', payload: { code, password } });

describe('forgot password', () => {
  it('names the e-mail field when it is empty or not an e-mail', async () => {
    const empty = await ask('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.username).toEqual([MESSAGES.resetEmailRequired]);
    expect((await ask('nope')).json().errors.username).toEqual([MESSAGES.validEmail]);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const res = await ask('ghost@test.example');
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(MESSAGES.resetLinkSent);
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox.some((m) => m.to === 'ghost@test.example')).toBe(false);
  });

  it('mails a single-use link that sets the new password and ends every session', async () => {
    const before = await signIn(t.app);
    const res = await ask(ADMIN.email);
    expect(res.json().detail).toBe(MESSAGES.resetLinkSent);
    const body = await mailTo(ADMIN.email);
    const code = /https:\/\/rms\.example\.com\/password-reset\/([\w-]+)/.exec(
      body.replace(/=\r?\n/g, ''),
    )?.[1];
    expect(code).toBeTruthy();

    const done = await confirm(code!, 'Brand-new-pass-9');
    expect(done.statusCode).toBe(200);
    expect(done.json().detail).toBe(PASSWORD_RESET_MESSAGES.changed);
    expect((await t.app.inject({ url: '/api/v1/users/me/', headers: bearer(before) })).statusCode).toBe(401);
    await signIn(t.app, ADMIN.email, 'Brand-new-pass-9');

    const again = await confirm(code!, 'Another-pass-99');
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
  });

  it('refuses a made-up code and a short password', async () => {
    expect((await confirm('x'.repeat(43), 'Whatever-pass-1')).statusCode).toBe(400);
    const short = await confirm('x'.repeat(43), 'short');
    expect(short.json().errors.password).toEqual([PASSWORD_RESET_MESSAGES.passwordLength]);
  });

  it('limits requests for one account', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await ask('flood@test.example', `10.3.0.${i}`)).statusCode);
    expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
    expect(codes[4]).toBe(429);
    expect((await ask('flood@test.example', '10.3.0.9')).json().detail).toMatch(/^Too many requests/);
  });
});
