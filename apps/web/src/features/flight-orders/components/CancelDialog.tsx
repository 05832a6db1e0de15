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

/**
 * Cancelling cannot be undone: the user confirms it first. The same call (DELETE) cancels an unpaid booking, a change
 * request or a refund request; the wording follows the order's type.
 */
export function CancelDialog({ order, open, onClose, onCanceled }: Props) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  // origin: orders.cancel.*; change and refund requests: orders.cancel.change.*, orders.cancel.refund.*
  const texts = order.type === 'change' || order.type === 'refund' ? `orders.cancel.${order.type}` : 'orders.cancel';
  const cancel = useMutation({
    mutationFn: () => cancelOrder(order.id),
    onSuccess: (next) => {
      notify.success(t(`${texts}.done`, { booking: next.bookingNumber }));
      onCanceled(next);
      onClose();
    },
    onError: (err) => setError(err.message || t(`${texts}.failed`)),
  });

  return (
    <Modal
      open={open}
      title={t(`${texts}.title`, { booking: order.bookingNumber })}
      okText={t(`${texts}.ok`)}
      cancelText={t(`${texts}.keep`)}
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
      <Typography.Paragraph style={{ margin: 0 }}>{t(`${texts}.body`)}</Typography.Paragraph>
    </Modal>
  );
}
