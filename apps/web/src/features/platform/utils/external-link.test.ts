import { describe, expect, it } from 'vitest';
import { externalHref } from './external-link';

describe('externalHref', () => {
  it('keeps http(s) addresses and adds https to bare host names', () => {
    expect(externalHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(externalHref('http://example.com')).toBe('http://example.com/');
    expect(externalHref(' www.example.com ')).toBe('https://www.example.com/');
  });

  it('refuses other schemes and garbage', () => {
    expect(externalHref('javascript:alert(1)')).toBeNull();
    expect(externalHref('JaVaScRiPt:alert(1)')).toBeNull();
    expect(externalHref('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(externalHref('ftp://example.com')).toBeNull();
    expect(externalHref('not a url')).toBeNull();
    expect(externalHref('')).toBeNull();
    expect(externalHref(null)).toBeNull();
  });
});
