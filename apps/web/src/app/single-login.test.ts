import { describe, expect, it } from 'vitest';
import { readSingleLogin, withoutSingleLogin } from './single-login';

const sig = 'a'.repeat(64);

describe('single-login link', () => {
  it('reads the four parameters', () => {
    const q = new URLSearchParams(`code=abcdefgh&signature=${sig}&timestamp=1700000000&userid=u1&tab=x`);
    expect(readSingleLogin(q)).toEqual({ code: 'abcdefgh', signature: sig, timestamp: 1700000000, userid: 'u1' });
  });

  it('ignores a query missing any of them', () => {
    expect(readSingleLogin(new URLSearchParams(`code=abcdefgh&signature=${sig}&timestamp=1`))).toBeNull();
    expect(readSingleLogin(new URLSearchParams(''))).toBeNull();
  });

  it('removes only its own parameters', () => {
    expect(withoutSingleLogin(new URLSearchParams(`code=a&signature=b&timestamp=1&userid=u&tab=x`))).toBe('?tab=x');
    expect(withoutSingleLogin(new URLSearchParams(`code=a&signature=b&timestamp=1&userid=u`))).toBe('');
  });
});
