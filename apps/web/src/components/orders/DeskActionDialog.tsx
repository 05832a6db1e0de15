import { useEffect, useState } from 'react';
import { Form, Input, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DeskAction, DeskActionBody, FlightOrder, OrderType } from '@portal/contract/api/flight-orders';
import { FormModal } from '../FormModal';
import { applyServerErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { REMARK_REQUIRED, runDeskAction } from './desk-actions';
import { QuoteEditorState, RefundQuoteEditor, quoteDefaults, toMinor, useDeskOrder, type QuoteValues } from './RefundQuoteEditor';

export interface DeskTarget {
  id: string;
  bookingNumber: string;
  action: DeskAction;
  /** The order's type: a change, refund or void request reads differently, and approving a refund sends its quote. */
  type?: OrderType;
}

interface Props {
  /** The order and the move the desk asked for; null keeps the dialog closed. */
  target: DeskTarget | null;
  onClose: () => void;
  /** The move went through: the order as it is now. */
  onDone: (order: FlightOrder) => void;
}

interface Values extends Partial<QuoteValues> {
  remark?: string;
}

const DANGER: ReadonlySet<DeskAction> = new Set(['reject', 'markFailed']);

/** The body of the move: the remark, and on a refund quote only what the desk chose to set (else the fare rules apply). */
export function deskBody(values: Values, order: FlightOrder | undefined): DeskActionBody {
  const body: DeskActionBody = { remark: values.remark?.trim() || null };
  if (!order) return body;
  if (values.involuntary === 'yes') body.involuntary = true;
  if (values.involuntary === 'no') body.involuntary = false;
  if (values.adjust && values.lines?.length) {
    body.lines = values.lines.map((l) => ({
      passengerId: l.passengerId,
      refundFee: l.notRefundable || l.refundFee === null ? null : toMinor(l.refundFee, order.currency),
      serviceFee: toMinor(l.serviceFee ?? 0, order.currency),
    }));
  }
  return body;
}

/**
 * Confirmation of one desk move, with the remark the agency will read (required to reject). Approving a refund request
 * sends its quote, which the desk may set here (involuntary, the fees per passenger).
 */
export function DeskActionDialog({ target, onClose, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const action = target?.action;
  const needsRemark = action ? REMARK_REQUIRED.has(action) : false;
  const quoting = action === 'approve' && target?.type === 'refund';
  const order = useDeskOrder(quoting && target ? target.id : null);

  // The quote fields start from the order once it is here.
  useEffect(() => {
    if (quoting && order.data) form.setFieldsValue(quoteDefaults(order.data));
  }, [form, quoting, order.data]);

  const run = useMutation({
    mutationFn: ({ id, act, body }: { id: string; act: DeskAction; body: DeskActionBody }) => runDeskAction(id, act, body),
    onSuccess: (next, { act }) => {
      notify.success(t(textKey(act, 'done'), { booking: next.bookingNumber }));
      onDone(next);
      onClose();
    },
    onError: (err) => setError(applyServerErrors(form, err, ['remark'], t('orders.desk.failed'))),
  });

  /** A request's own wording when there is one (orders.desk.confirm.approve.refund.title), else the booking's. */
  function textKey(act: DeskAction, part: 'title' | 'body' | 'done'): string {
    const type = target?.type;
    if (part === 'done') {
      const specific = `orders.desk.done.${act}_${type}`;
      return type && type !== 'origin' && i18n.exists(specific) ? specific : `orders.desk.done.${act}`;
    }
    const specific = `orders.desk.confirm.${act}.${type}.${part}`;
    return type && type !== 'origin' && i18n.exists(specific) ? specific : `orders.desk.confirm.${act}.${part}`;
  }

  const submit = (values: Values) => {
    if (!target) return;
    setError(null);
    // onFinish gives the registered fields only; the quote lines' passenger ids live in the store beside them.
    const all = { ...(form.getFieldsValue(true) as Values), ...values, lines: (form.getFieldValue('lines') as Values['lines']) ?? undefined };
    run.mutate({ id: target.id, act: target.action, body: deskBody(all, quoting ? order.data : undefined) });
  };

  return (
    <FormModal<Values>
      form={form}
      name="desk-action"
      open={target !== null}
      width={quoting ? 640 : undefined}
      title={action ? t(textKey(action, 'title'), { booking: target?.bookingNumber }) : undefined}
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
      {action && <Typography.Paragraph>{t(textKey(action, 'body'))}</Typography.Paragraph>}
      {quoting && (order.data ? <RefundQuoteEditor order={order.data} /> : <QuoteEditorState loading={order.isPending} error={order.error} />)}
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
