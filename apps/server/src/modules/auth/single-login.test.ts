import { describe, expect, it } from 'vitest';
import { canonicalString, signSingleLogin } from './single-login.service.ts';

describe('single-login signature', () => {
  const example = { code: '7f3c9a2e-login-0001', timestamp: 1795250000, userid: 'operator' };

  it('signs the canonical string exactly as docs/single-login.md shows', () => {
    expect(canonicalString(example)).toBe('7f3c9a2e-login-0001\n1795250000\noperator');
    expect(signSingleLogin('demo-agency-single-login-secret', example)).toBe('11a6e334b88fad1837aa1008892a533b955ee82b221562082651241321f8db1b');
  });

  it('changes with every part of the canonical string and the secret', () => {
    const base = signSingleLogin('s', example);
    expect(signSingleLogin('t', example)).not.toBe(base);
    expect(signSingleLogin('s', { ...example, code: 'other' })).not.toBe(base);
    expect(signSingleLogin('s', { ...example, timestamp: example.timestamp + 1 })).not.toBe(base);
    expect(signSingleLogin('s', { ...example, userid: 'agency' })).not.toBe(base);
  });
});
