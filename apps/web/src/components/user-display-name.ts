import type { MeAnswer } from '@portal/contract/api/auth';

/** The name the shell shows for a user (the user menu, the phone's menu drawer). */
export function userDisplayName(me: MeAnswer): string {
  return me.userInfo.nickname || me.userInfo.username;
}
