import { useState } from 'react';
import { Form, Input, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TrainOrder } from '@portal/contract/api/trains';
import { FormModal } from '../../../components/FormModal';
import { formatTrainPrice } from '../../../components/train/train-money';
import { applyServerErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { runTrainDeskAction, type TrainDeskAction } from '../api/train-desk';

export interface TrainDeskTarget {
  id: string;
  orderNumber: string;
  /** ticketing: the railway has not answered, so "issue" asks it again. */
  status: 'manual_ticketing' | 'ticketing' | string;
  total: number;
  action: TrainDeskAction;
}

interface Values {
  remark?: string;
}

/** The desk's words for the order as the railway left it: issued, refused (hold released), or still no answer. */
function outcomeNotice(t: TFunction, order: TrainOrder, action: TrainDeskAction) {
  if (action === 'mark-failed') return notify.success(t('trainDesk.done.markedFailed', { order: order.orderNumber }));
  if (order.status === 'issued') return notify.success(t('trainDesk.done.issued', { order: order.orderNumber }));
  if (order.status === 'failed') return notify.warning(t('trainDesk.done.refused', { order: order.orderNumber }));
  return notify.info(t('trainDesk.done.stillTicketing', { order: order.orderNumber }));
}

/**
 * Confirmation of one desk decision on a train order: issue (the railway is asked for the tickets now) or mark failed,
 * which needs the reason the agency reads on its timeline and releases the agency's money.
 */
export function TrainDeskActionDialog({ target, onClose, onDone }: { target: TrainDeskTarget | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const action = target?.action;
  const failing = action === 'mark-failed';
  const retry = action === 'issue' && target?.status === 'ticketing';

  const run = useMutation({
    mutationFn: ({ id, act, remark }: { id: string; act: TrainDeskAction; remark: string | null }) => runTrainDeskAction(id, act, remark),
    onSuccess: (order, { act }) => {
      outcomeNotice(t, order, act);
      onDone();
      onClose();
    },
    onError: (err) => {
      setError(applyServerErrors(form, err, ['remark'], t('trainDesk.failed')));
      // The order may have moved meanwhile (another desk user, the sweep): the queue shows it as it is now.
      onDone();
    },
  });

  const titleKey = failing ? 'trainDesk.confirm.markFailed.title' : retry ? 'trainDesk.confirm.retry.title' : 'trainDesk.confirm.issue.title';
  const bodyKey = failing ? 'trainDesk.confirm.markFailed.body' : retry ? 'trainDesk.confirm.retry.body' : 'trainDesk.confirm.issue.body';
  return (
    <FormModal<Values>
      form={form}
      name="train-desk-action"
      open={target !== null}
      title={target ? t(titleKey, { order: target.orderNumber }) : undefined}
      okText={failing ? t('trainDesk.actions.markFailed') : retry ? t('trainDesk.actions.retry') : t('trainDesk.actions.issue')}
      cancelText={t('trainDesk.back')}
      danger={failing}
      confirmLoading={run.isPending}
      onCancel={onClose}
      onFinish={(values) => {
        if (!target) return;
        setError(null);
        run.mutate({ id: target.id, act: target.action, remark: values.remark?.trim() || null });
      }}
      error={error}
      afterClose={() => {
        setError(null);
        run.reset();
      }}
    >
      {target && <Typography.Paragraph>{t(bodyKey, { amount: formatTrainPrice(target.total) })}</Typography.Paragraph>}
      {failing && (
        <Form.Item
          name="remark"
          label={t('trainDesk.reason')}
          extra={t('trainDesk.reasonHint')}
          rules={[
            { required: true, whitespace: true, message: t('trainDesk.reasonRequired') },
            { max: 500, message: t('trainDesk.reasonTooLong') },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      )}
    </FormModal>
  );
}
