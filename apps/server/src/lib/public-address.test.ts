import { describe, expect, it } from 'vitest';
import { isPublicAddress, literalAddress } from './public-address.ts';

describe('isPublicAddress', () => {
  it('accepts ordinary public IPv4 and IPv6 addresses', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses loopback, private, link-local, unique-local, CGNAT, unspecified, multicast and mapped ones', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('reads IP literals of URLs, with or without brackets, and nothing else', () => {
    expect(literalAddress('[::1]')).toBe('::1');
    expect(literalAddress('127.0.0.1')).toBe('127.0.0.1');
    expect(literalAddress('example.org')).toBeUndefined();
  });
});
