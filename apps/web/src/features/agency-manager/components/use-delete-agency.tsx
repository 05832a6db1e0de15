import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Agency } from '@portal/contract/api/agencies';
import { formatAmount } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useDeleteAgency } from '../api/delete-agency';

/**
 * Asks before deleting, naming the agency; the server refuses while the agency holds money or has open orders, and
 * that refusal is shown as it comes.
 */
export function useDeleteAgencyConfirm() {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const remove = useDeleteAgency();

  const confirmDelete = (agency: Agency) => {
    const { cash, held, currency } = agency.balance;
    const holdsMoney = cash !== 0 || held !== 0;
    modal.confirm({
      title: t('agency.delete.title', { name: agency.name, code: agency.code }),
      content: holdsMoney
        ? t('agency.delete.holdsMoney', { cash: formatAmount(cash, currency), held: formatAmount(held, currency) })
        : t('agency.delete.content'),
      okText: t('agency.delete.ok'),
      okButtonProps: { danger: true },
      cancelText: t('agency.common.cancel'),
      onOk: () =>
        remove
          .mutateAsync(agency.id)
          .then(() => notify.success(t('agency.delete.success', { name: agency.name })))
          .catch((error: unknown) => {
            notify.error(error instanceof Error && error.message ? error.message : t('agency.delete.failed'));
          }),
    });
  };

  return { confirmDelete, holder };
}
