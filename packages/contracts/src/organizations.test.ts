import { describe, expect, it } from 'vitest';
import { subDomainOf } from './organizations';

describe('subDomainOf', () => {
  it('takes the first label of a host below the console host', () => {
    expect(subDomainOf('acme.rms.example.com')).toBe('acme');
    expect(subDomainOf('ACME.localhost:8080')).toBe('acme');
  });
  it('finds none on the bare host or an address', () => {
    expect(subDomainOf('rms.example')).toBeUndefined();
    expect(subDomainOf('localhost')).toBeUndefined();
    expect(subDomainOf('127.0.0.1')).toBeUndefined();
    expect(subDomainOf('[::1]:8080')).toBeUndefined();
    expect(subDomainOf('www.rms.example.com')).toBeUndefined();
  });
});
