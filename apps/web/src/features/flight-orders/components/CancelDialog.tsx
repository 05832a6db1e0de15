import { useState } from 'react';
import { Alert, Modal, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { notify } from '../../../lib/notify';
import { cancelOrder } from '../api/cancel-order';

interface Props {
  order: FlightOrder;
  open: boolean;
  onClose: () => void;
  onCanceled: (order: FlightOrder) => void;
}

/** Cancelling an unpaid booking cannot be undone: the user confirms it first. */
export function CancelDialog({ order, open, onClose, onCanceled }: Props) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: () => cancelOrder(order.id),
    onSuccess: (next) => {
      notify.success(t('orders.cancel.done', { booking: next.bookingNumber }));
      onCanceled(next);
      onClose();
    },
    onError: (err) => setError(err.message || t('orders.cancel.failed')),
  });

  return (
    <Modal
      open={open}
      title={t('orders.cancel.title', { booking: order.bookingNumber })}
      okText={t('orders.cancel.ok')}
      cancelText={t('orders.cancel.keep')}
      okButtonProps={{ danger: true }}
      confirmLoading={cancel.isPending}
      onOk={() => {
        setError(null);
        cancel.mutate();
      }}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => {
        setError(null);
        cancel.reset();
      }}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Typography.Paragraph style={{ margin: 0 }}>{t('orders.cancel.body')}</Typography.Paragraph>
    </Modal>
  );
}
