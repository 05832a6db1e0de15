import { useState } from 'react';
import { Alert, Checkbox, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupForfeitOf, type GroupOrder } from '@portal/contract/api/group-orders';
import { ApiError } from '../../../lib/api';
import { formatAmount } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useCancelGroupOrder } from '../api/group-order';

interface Props {
  group: GroupOrder;
  open: boolean;
  onClose: () => void;
  /** After a refusal: the group as it now stands (a colleague may have paid or moved it meanwhile). */
  onRefused: () => void;
}

/**
 * Cancelling a group (DELETE .../{id}). Spec point 9: deposits paid are not refunded, so when any was paid the dialog
 * names the sum given up and Cancel stays disabled until the agent ticks that they understand; the request carries
 * the acknowledgement and the sum shown, which the server checks against what was really paid.
 */
export function GroupCancelDialog({ group, open, onClose, onRefused }: Props) {
  const { t } = useTranslation();
  const cancel = useCancelGroupOrder(group.id);
  const [acknowledged, setAcknowledged] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const forfeit = groupForfeitOf(group.payments ?? []);

  // Reset on closing, not after the closing animation: opened again at once, it must ask afresh.
  function close() {
    setAcknowledged(false);
    setError(null);
    onClose();
  }

  function submit() {
    setError(null);
    cancel.mutate(forfeit ? { acknowledgeForfeit: true, forfeitAmount: forfeit.amount } : undefined, {
      onSuccess: () => {
        notify.success(forfeit ? t('group.cancel.forfeited', { amount: formatAmount(forfeit.amount, forfeit.currency, { code: false }), currency: forfeit.currency }) : t('group.canceled'));
        close();
      },
      onError: (err) => {
        // The field's message says it best (the sum now paid); the page reloads the group so the dialog shows it.
        const field = err instanceof ApiError ? (err.fields?.acknowledgeForfeit ?? err.fields?.forfeitAmount) : undefined;
        setError(field ?? (err.message || t('groups.detail.cancelFailed')));
        setAcknowledged(false);
        onRefused();
      },
    });
  }

  return (
    <Modal
      open={open}
      title={t('groups.cancel.dialogTitle', { booking: group.bookingNumber })}
      okText={t('groups.cancel.ok')}
      cancelText={t('groups.cancel.keep')}
      okButtonProps={{ danger: true, disabled: !!forfeit && !acknowledged }}
      confirmLoading={cancel.isPending}
      onOk={submit}
      onCancel={close}
      afterClose={() => cancel.reset()}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        {error && <Alert type="error" showIcon title={error} data-testid="cancel-error" />}
        {forfeit ? (
          <>
            <Alert
              type="warning"
              showIcon
              data-testid="cancel-forfeit"
              title={t('groups.cancel.forfeit', { amount: formatAmount(forfeit.amount, forfeit.currency) })}
              description={t('groups.cancel.forfeitNote')}
            />
            <Checkbox checked={acknowledged} onChange={(e) => setAcknowledged(e.target.checked)}>
              {t('groups.cancel.acknowledge')}
            </Checkbox>
          </>
        ) : (
          <Typography.Paragraph style={{ margin: 0 }}>{t('groups.cancel.body')}</Typography.Paragraph>
        )}
      </Flex>
    </Modal>
  );
}
