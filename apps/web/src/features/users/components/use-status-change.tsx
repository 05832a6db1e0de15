import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserItem } from '@portal/contract/api/users';
import type { UserStatus } from '@portal/contract/roles';
import { notify } from '../../../lib/notify';
import { useUpdateUserStatus } from '../api/update-user-status';

/**
 * Changes a user's status. Disabling ends every session of that user, so it asks first; switching between active
 * and testing is harmless and applies at once. Render `holder` once in the page.
 */
export function useStatusChange() {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const updateStatus = useUpdateUserStatus();

  const apply = (user: UserItem, status: UserStatus) =>
    updateStatus
      .mutateAsync({ id: user.id, status })
      .then(() => notify.success(t('users.status.success', { username: user.username, status: t(`users.statuses.${status}`) })))
      .catch((error: unknown) => notify.error(error instanceof Error && error.message ? error.message : t('users.errors.save')));

  const changeStatus = (user: UserItem, status: UserStatus) => {
    if (status !== 'disabled') {
      void apply(user, status);
      return;
    }
    modal.confirm({
      title: t('users.status.confirmDisableTitle', { username: user.username }),
      content: t('users.status.confirmDisableContent'),
      okText: t('users.status.confirmDisableOk'),
      okButtonProps: { danger: true },
      cancelText: t('users.common.cancel'),
      onOk: () => apply(user, status),
    });
  };

  return { changeStatus, holder, pending: updateStatus.isPending };
}
