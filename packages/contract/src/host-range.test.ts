import { describe, expect, it } from 'vitest';
import { isTooWideRange, MIN_PREFIX, rangeWidth } from './host-range.ts';
import { translate } from './messages.ts';
import { LANGUAGES } from './languages.ts';

describe('isTooWideRange', () => {
  it.each(['0.0.0.0/0', '1.0.0.0/7', '::/0', '2000::/3', '2001:db8::/31', '::ffff:0:0/96', '::ffff:10.0.0.0/103', '::/64', '::/32', '0:0:0:0:0:ffff::/96'])(
    'refuses %s',
    (entry) => expect(isTooWideRange(entry)).toBe(true),
  );

  it.each(['10.0.0.0/8', '203.0.113.0/24', '203.0.113.7/32', '2001:db8::/32', '2001:db8:1::/48', '::1/128', '::ffff:10.0.0.0/104', '203.0.113.7', 'api.example.com', '*.example.com', 'not-a-range/x'])(
    'accepts %s',
    (entry) => expect(isTooWideRange(entry)).toBe(false),
  );

  it('reads the IPv4 part an IPv4-mapped IPv6 range covers', () => {
    expect(rangeWidth('::ffff:203.0.113.0/120')).toEqual({ ipv6: 120, ipv4: 24 });
    expect(rangeWidth('2001:db8::/32')).toEqual({ ipv6: 32 });
  });

  it('is explained with the same prefixes in every language', () => {
    for (const lang of LANGUAGES) {
      const text = translate('validation.hostTooWide', lang);
      expect(text).toContain(`/${MIN_PREFIX.ipv4}`);
      expect(text).toContain(`/${MIN_PREFIX.ipv6}`);
    }
  });
});
