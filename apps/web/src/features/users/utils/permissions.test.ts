import { describe, expect, it } from 'vitest';
import type { MeAnswer } from '@portal/contract/api/auth';
import { canGrantPermissions, grantableOf, permissionLabelKey } from './permissions';

const me = (roles: string[], proxyLevel: number) => ({ userInfo: { roles }, company: { proxyLevel } }) as unknown as MeAnswer;

describe('user permissions', () => {
  it('may be granted by a SuperUser of a proxyLevel-0 company only', () => {
    expect(canGrantPermissions(me(['SuperUser'], 0))).toBe(true);
    expect(canGrantPermissions(me(['SuperUser'], 1))).toBe(false);
    expect(canGrantPermissions(me(['finance', 'operator'], 0))).toBe(false);
    expect(canGrantPermissions(null)).toBe(false);
  });

  it('edits only the grantable part of a user list', () => {
    expect(grantableOf(['all', 'agencybills:read', 'something:else'])).toEqual(['agencybills:read']);
    expect(grantableOf(['all'])).toEqual([]);
    expect(grantableOf(undefined)).toEqual([]);
  });

  it('names known permissions and leaves unknown ones raw', () => {
    expect(permissionLabelKey('agencybills:read')).toBe('users.permissions.names.agencybillsRead');
    expect(permissionLabelKey('all')).toBe('users.permissions.names.all');
    expect(permissionLabelKey('orders:write')).toBeNull();
  });
});
