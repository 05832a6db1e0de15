import { useState } from 'react';
import { Form, Input, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DeskAction, FlightOrder } from '@portal/contract/api/flight-orders';
import { FormModal } from '../FormModal';
import { applyServerErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { REMARK_REQUIRED, runDeskAction } from './desk-actions';

export interface DeskTarget {
  id: string;
  bookingNumber: string;
  action: DeskAction;
}

interface Props {
  /** The order and the move the desk asked for; null keeps the dialog closed. */
  target: DeskTarget | null;
  onClose: () => void;
  /** The move went through: the order as it is now. */
  onDone: (order: FlightOrder) => void;
}

interface Values {
  remark?: string;
}

const DANGER: ReadonlySet<DeskAction> = new Set(['reject', 'markFailed']);

/** Confirmation of one desk move, with the remark the agency will read (required to reject). */
export function DeskActionDialog({ target, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const action = target?.action;
  const needsRemark = action ? REMARK_REQUIRED.has(action) : false;

  const run = useMutation({
    mutationFn: ({ id, act, remark }: { id: string; act: DeskAction; remark: string | null }) => runDeskAction(id, act, { remark }),
    onSuccess: (order, { act }) => {
      notify.success(t(`orders.desk.done.${act}`, { booking: order.bookingNumber }));
      onDone(order);
      onClose();
    },
    onError: (err) => setError(applyServerErrors(form, err, ['remark'], t('orders.desk.failed'))),
  });

  const submit = (values: Values) => {
    if (!target) return;
    setError(null);
    const remark = values.remark?.trim() || null;
    run.mutate({ id: target.id, act: target.action, remark });
  };

  return (
    <FormModal<Values>
      form={form}
      name="desk-action"
      open={target !== null}
      title={action ? t(`orders.desk.confirm.${action}.title`, { booking: target?.bookingNumber }) : undefined}
      okText={action ? t(`orders.desk.actions.${action}`) : undefined}
      cancelText={t('orders.common.back')}
      danger={action ? DANGER.has(action) : false}
      confirmLoading={run.isPending}
      onCancel={onClose}
      onFinish={submit}
      error={error}
      afterClose={() => {
        setError(null);
        run.reset();
      }}
    >
      {action && <Typography.Paragraph>{t(`orders.desk.confirm.${action}.body`)}</Typography.Paragraph>}
      <Form.Item
        name="remark"
        label={t('orders.desk.remark')}
        extra={t('orders.desk.remarkHint')}
        rules={[
          { required: needsRemark, whitespace: needsRemark, message: t('orders.desk.remarkRequired') },
          { max: 500, message: t('orders.desk.remarkTooLong') },
        ]}
      >
        <Input.TextArea rows={3} maxLength={500} showCount placeholder={t('orders.desk.remarkPlaceholder')} />
      </Form.Item>
    </FormModal>
  );
}
