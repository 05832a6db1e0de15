import type { MeAnswer } from '@portal/contract/api/auth';
import { DEFAULT_REGION } from '@portal/contract/api/auth-constants';

export interface ContactPrefill {
  name: string;
  email: string;
  areaCode: string;
  phone: string;
}

/**
 * The contact every booking form (flights, groups) starts from: the signed-in user's name, email and mobile. The area
 * code goes with the user's own mobile when there is one; otherwise it is the favourites' default region (spec point
 * 9: 86 when unset).
 */
export function contactFromUser(me: Pick<MeAnswer, 'userInfo'> | null | undefined): ContactPrefill {
  const user = me?.userInfo;
  const region = user?.config?.defaultRegion || DEFAULT_REGION;
  return {
    name: user?.nickname || user?.username || '',
    email: user?.email ?? '',
    areaCode: (user?.mobile && user.areaCode) || region,
    phone: user?.mobile ?? '',
  };
}
