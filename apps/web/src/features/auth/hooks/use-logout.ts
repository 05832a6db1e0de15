import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { logout } from '../../../lib/session';

/** DELETE /me, then home. Leaving the guarded page first keeps the guard from answering with router.login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(async () => {
    await navigate('/');
    // The token is forgotten locally even when the server cannot be reached.
    await logout().catch(() => undefined);
    notify.success(t('login.message.logout'));
  }, [navigate, t]);
}
