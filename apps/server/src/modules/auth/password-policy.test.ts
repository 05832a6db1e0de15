import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { translate } from '@portal/contract/messages';
import { AppError } from '../../plugins/errors.ts';
import { assertPasswordAllowed, passwordProblem } from './password-policy.ts';

const list = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8').split('\n').filter(Boolean);

describe('password policy (issue 9, finding 6)', () => {
  it('ships 10,000 distinct entries, most common first', () => {
    expect(list).toHaveLength(10_000);
    expect(list.slice(0, 4)).toEqual(['123456', 'password', '12345678', 'qwerty']);
  });

  it('refuses the common passwords, ignoring case', () => {
    for (const p of ['123456', 'password', 'iloveyou', 'qwerty123', 'PassWord1', 'DRAGON', 'zaq12wsx', '1q2w3e4r5t']) {
      expect(passwordProblem(p, 'someone'), p).toBe('validation.password.common');
    }
    // Every entry of spec length (6-15) is refused, not just a sample.
    for (const p of list.filter((x) => x.length >= 6 && x.length <= 15)) expect(passwordProblem(p)).toBe('validation.password.common');
  });

  it('refuses the username itself and reversed, ignoring case', () => {
    expect(passwordProblem('Frank.Lee', 'frank.lee')).toBe('validation.password.username');
    expect(passwordProblem('eel.knarf', 'Frank.Lee')).toBe('validation.password.username');
    expect(passwordProblem('frank.lee1', 'frank.lee')).toBeNull();
  });

  it('accepts the demo passwords and ordinary ones', () => {
    const demo = { admin: 'Admin@123', agency: 'Agency@123', operator: 'Operator@123', finance: 'Finance@123', other: 'Other@123' };
    for (const [username, password] of Object.entries(demo)) expect(passwordProblem(password, username), password).toBeNull();
    for (const p of ['Tr4vel-Desk', 'blue-kettle-9', 'Secret@123', 'Known@123']) expect(passwordProblem(p, 'alice'), p).toBeNull();
  });

  it('throws a field error the form can show, in each language', () => {
    let err: unknown;
    try {
      assertPasswordAllowed('letmein', 'bob', 'superUser.password');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).fields).toEqual({ 'superUser.password': 'validation.password.common' });
    expect(translate('validation.password.common', 'zh-CN')).toContain('最常见的密码');
    expect(translate('validation.password.username', 'zh-TW')).toContain('使用者名稱');
    expect(() => assertPasswordAllowed('Tr4vel-Desk', 'bob', 'password')).not.toThrow();
  });
});
