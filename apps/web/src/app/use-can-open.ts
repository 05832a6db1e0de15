import { useSession } from '../lib/session';
import { checkAccess, type AccessRule } from './guard';

/**
 * May the signed-in user open a page with this access rule? For showing or hiding a link to it; the same check the
 * route guard makes. checkAccess reads only the rule, so the route's path is left empty.
 */
export function useCanOpen(access: AccessRule): boolean {
  const { me } = useSession();
  return me !== null && checkAccess({ path: '', access }, { me }).ok;
}
