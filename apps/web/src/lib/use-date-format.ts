import { DEFAULT_DATE_FORMAT } from '@portal/contract/api/auth-constants';
import { useSession } from './session';

/** The signed-in user's date format, or the portal's default before the session is known. */
export function useDateFormat(): string {
  const { me } = useSession();
  return me?.userInfo.config.dateFormat ?? DEFAULT_DATE_FORMAT;
}
