import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { logout } from '../../../lib/session';

/**
 * Home, then DELETE /me. The guarded page must be off the screen before the session ends, or its guard answers the
 * logout with router.login next to the logout message (issue 14). A plain navigate only updates the router: React
 * renders the move in a transition and keeps the old page while the landing page's chunk loads, so the move is
 * flushed at once (AppRouterProvider passes ReactDOM's flushSync; a page still loading shows its spinner).
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(async () => {
    await navigate('/', { flushSync: true });
    // The token is forgotten locally even when the server cannot be reached.
    await logout().catch(() => undefined);
    notify.success(t('login.message.logout'));
  }, [navigate, t]);
}
