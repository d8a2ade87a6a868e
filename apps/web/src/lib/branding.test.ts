import { describe, expect, it } from 'vitest';
import { subDomainOf } from './branding';

describe('subDomainOf', () => {
  it('takes the first label of a host with three or more labels', () => {
    expect(subDomainOf('acme.rms.example.com')).toBe('acme');
    expect(subDomainOf('Acme.example.com')).toBe('acme');
  });

  it('finds none on short hosts, IP addresses and www', () => {
    for (const host of ['localhost', 'example.com', '127.0.0.1', '::1', 'www.example.com']) {
      expect(subDomainOf(host)).toBeNull();
    }
  });
});
