import { describe, expect, it } from 'vitest';
import { createHostMatcher, normalizeAddress, type HostResolver } from './allowed-hosts.ts';

function fakeResolver(a: Record<string, string[]>, ptr: Record<string, string[]> = {}) {
  const calls: string[] = [];
  const resolver: HostResolver = {
    async lookup(name) {
      calls.push(`a:${name}`);
      if (!a[name]) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
      return a[name];
    },
    async reverse(address) {
      calls.push(`ptr:${address}`);
      if (!ptr[address]) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
      return ptr[address];
    },
  };
  return { resolver, calls };
}

describe('allowed hosts', () => {
  const { resolver } = fakeResolver({ 'api.partner.example': ['203.0.113.7', '2001:db8::7'] });
  const m = createHostMatcher(resolver);

  it('refuses every address when the list is empty', async () => {
    expect(await m.allows('127.0.0.1', [])).toBe(false);
    expect(await m.allows('::1', [])).toBe(false);
  });

  it('matches IPv4 and IPv6 addresses, also written differently or IPv4-mapped', async () => {
    expect(await m.allows('127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(await m.allows('::ffff:127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(await m.allows('127.0.0.2', ['127.0.0.1'])).toBe(false);
    expect(await m.allows('::1', ['0:0:0:0:0:0:0:1'])).toBe(true);
    expect(await m.allows('2001:db8::1', ['2001:DB8:0::1'])).toBe(true);
  });

  it('matches CIDR ranges of both families', async () => {
    expect(await m.allows('10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(await m.allows('11.1.2.3', ['10.0.0.0/8'])).toBe(false);
    expect(await m.allows('2001:db8:1::5', ['2001:db8::/32'])).toBe(true);
    expect(await m.allows('2001:db9::5', ['2001:db8::/32'])).toBe(false);
    expect(await m.allows('10.1.2.3', ['10.0.0.0/40'])).toBe(false);
  });

  it('resolves host names forward', async () => {
    expect(await m.allows('203.0.113.7', ['api.partner.example'])).toBe(true);
    expect(await m.allows('2001:db8::7', ['api.partner.example'])).toBe(true);
    expect(await m.allows('203.0.113.8', ['api.partner.example'])).toBe(false);
    expect(await m.allows('203.0.113.8', ['unknown.example'])).toBe(false);
  });

  it('matches a wildcard only when the reverse name resolves back to the caller', async () => {
    const { resolver: r } = fakeResolver(
      { 'gw1.partner.example': ['198.51.100.1'], 'evil.partner.example': ['192.0.2.99'] },
      { '198.51.100.1': ['gw1.partner.example.'], '192.0.2.1': ['evil.partner.example'] },
    );
    const w = createHostMatcher(r);
    expect(await w.allows('198.51.100.1', ['*.partner.example'])).toBe(true);
    // The PTR claims the domain, but the name does not point back at the caller.
    expect(await w.allows('192.0.2.1', ['*.partner.example'])).toBe(false);
    expect(await w.allows('198.51.100.1', ['*.other.example'])).toBe(false);
  });

  it('caches resolutions for the time to live, failures included', async () => {
    let clock = 0;
    const { resolver: r, calls } = fakeResolver({ 'a.example': ['192.0.2.10'] });
    const c = createHostMatcher(r, { ttlMs: 1000, now: () => clock });
    await c.allows('192.0.2.10', ['a.example', 'missing.example']);
    await c.allows('192.0.2.11', ['a.example', 'missing.example']);
    expect(calls).toEqual(['a:a.example', 'a:missing.example']);
    clock = 1001;
    await c.allows('192.0.2.11', ['a.example']);
    expect(calls).toEqual(['a:a.example', 'a:missing.example', 'a:a.example']);
  });

  it('normalizes IPv4-mapped addresses only', () => {
    expect(normalizeAddress('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(normalizeAddress('::1')).toBe('::1');
  });
});
