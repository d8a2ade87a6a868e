import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES as M, webhookCreateBody, webhookUpdateBody } from './notifications';

const valid = {
  url: 'https://hooks.example.com/rms?x=1',
  secret: 'sixteen-chars-ok',
  events: ['alarm.raised'],
};
const messageOf = (body: unknown) => webhookCreateBody.safeParse(body).error?.issues[0]?.message;

describe('webhook bodies', () => {
  it('take an http(s) URL with a host, optionally a port and an IPv6 literal', () => {
    for (const url of ['https://a.example.com', 'http://10.0.0.1:8080/x', 'https://[2001:db8::1]:8443/hook'])
      expect(webhookCreateBody.safeParse({ ...valid, url }).success, url).toBe(true);
  });

  it('refuse other schemes, no host, spaces and credentials, naming the field', () => {
    for (const url of [
      'ftp://a.example.com',
      'https://',
      'https://:443/x',
      'hooks.example.com',
      'https://a b.com',
    ])
      expect(messageOf({ ...valid, url }), url).toBe(M.urlInvalid);
    expect(messageOf({ ...valid, url: 'https://user:pw@a.example.com/' })).toBe(M.urlCredentials);
    expect(messageOf({ ...valid, url: `https://a.example.com/${'x'.repeat(2000)}` })).toBe(M.urlTooLong);
  });

  it('want a secret of 16 to 256 characters and at least one known event', () => {
    expect(messageOf({ ...valid, secret: 'x'.repeat(15) })).toBe(M.secretShort);
    expect(messageOf({ ...valid, secret: 'x'.repeat(257) })).toBe(M.secretLong);
    expect(messageOf({ ...valid, events: [] })).toBe(M.eventsRequired);
    expect(messageOf({ ...valid, events: ['ping'] })).toBe(M.eventUnknown);
  });

  it('update: any one field, nothing else required', () => {
    expect(webhookUpdateBody.safeParse({ events: ['device.online'] }).success).toBe(true);
    expect(webhookUpdateBody.safeParse({}).error?.issues[0]?.message).toBe(M.nothingToChange);
  });
});
