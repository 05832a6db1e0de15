import { useState } from 'react';
import { Alert, Button, Checkbox, Descriptions, Flex, Input, Modal, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AfterSalesOptions, VoidRequestBody } from '@portal/contract/api/after-sales';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { Countdown } from '../../../../components/orders/Countdown';
import { remaining, useNow } from '../../../../components/orders/countdown';
import { paths } from '../../../../app/paths';
import { formatAmount, formatDateTime } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import { requestVoid } from '../../api/request-void';
import { pathOf } from '../../model/after-sales';
import { PassengerChoices } from './quote-parts';
import { useIntentKey } from '../../model/intent-key';

interface Props {
  order: FlightOrder;
  options: AfterSalesOptions;
  open: boolean;
  dateFormat: string;
  onClose: () => void;
  onDone: (order: FlightOrder) => void;
}

/**
 * Void whole tickets before the end of the ticketing day: pick the passengers, then confirm with the deadline and the
 * amount back in view (a void cannot be undone). The answer is the new void order, which the page then opens.
 */
export function VoidDialog({ order, options, open, dateFormat, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const now = useNow();
  const everyone = options.open.map((o) => o.passengerId);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [remark, setRemark] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const intent = useIntentKey();
  const passengerIds = chosen ?? everyone;
  const path = pathOf(options, 'void');
  const deadline = options.voidDeadline ?? order.voidDeadline ?? path?.until ?? null;
  const lapsed = deadline ? remaining(deadline, now).expired : false;
  const all = passengerIds.length === everyone.length;

  const submit = useMutation({
    mutationFn: ({ body, key }: { body: VoidRequestBody; key: string }) => requestVoid(order.id, body, key),
    onSuccess: (next) => {
      intent.settled();
      notify.success(t('orders.afterSales.void.done', { booking: next.bookingNumber }));
      onDone(next);
      onClose();
      void navigate(paths.flightOrder(next.id));
    },
    onError: (err) => {
      intent.settled(err);
      setError(err.message || t('orders.afterSales.void.failed'));
      setConfirming(false);
    },
  });

  const send = () => {
    setError(null);
    const body: VoidRequestBody = { passengerIds, remark: remark.trim() || null };
    submit.mutate({ body, key: intent.keyFor(JSON.stringify(body)) });
  };

  const names = options.open.filter((o) => passengerIds.includes(o.passengerId)).map((o) => o.name);
  const summary = (
    <Descriptions
      size="small"
      bordered
      column={1}
      items={[
        {
          key: 'deadline',
          label: t('orders.afterSales.void.deadline'),
          children: deadline ? (
            <Flex vertical gap={2}>
              <span>{formatDateTime(deadline, dateFormat)}</span>
              <Countdown deadline={deadline} />
            </Flex>
          ) : (
            '-'
          ),
        },
        {
          key: 'back',
          label: all ? t('orders.afterSales.void.backAll') : t('orders.afterSales.void.backSome'),
          children: (
            <Typography.Text strong data-testid="void-back">
              {path?.now ? formatAmount(path.now.back, options.currency) : '-'}
            </Typography.Text>
          ),
        },
      ]}
    />
  );

  return (
    <Modal
      open={open}
      width={560}
      title={t('orders.afterSales.void.title', { booking: order.bookingNumber })}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => {
        setChosen(null);
        setRemark('');
        setConfirming(false);
        setError(null);
        intent.reset();
        submit.reset();
      }}
      footer={
        confirming
          ? [
              <Button key="back" onClick={() => setConfirming(false)} disabled={submit.isPending}>
                {t('orders.common.back')}
              </Button>,
              <Button key="void" type="primary" danger loading={submit.isPending} disabled={lapsed} onClick={send}>
                {t('orders.afterSales.void.confirmOk')}
              </Button>,
            ]
          : [
              <Button key="close" onClick={onClose}>
                {t('orders.common.close')}
              </Button>,
              <Button key="next" type="primary" danger disabled={passengerIds.length === 0 || lapsed} onClick={() => setConfirming(true)}>
                {t('orders.afterSales.void.next', { count: passengerIds.length })}
              </Button>,
            ]
      }
    >
      <Flex vertical gap={16}>
        {error && <Alert type="error" showIcon title={error} />}
        {lapsed && <Alert type="error" showIcon title={t('orders.afterSales.void.lapsed')} />}
        {confirming ? (
          <>
            <Alert type="warning" showIcon title={t('orders.afterSales.void.confirmTitle', { names: names.join(', ') })} description={t('orders.afterSales.void.confirmBody')} />
            {summary}
          </>
        ) : (
          <>
            <Typography.Paragraph style={{ margin: 0 }}>{t('orders.afterSales.void.intro')}</Typography.Paragraph>
            <Flex vertical gap={4} role="group" aria-label={t('orders.afterSales.fields.passengers')}>
              <Typography.Text strong>{t('orders.afterSales.fields.passengers')}</Typography.Text>
              <Checkbox.Group value={passengerIds} onChange={(v) => setChosen(v as string[])}>
                <PassengerChoices open={options.open} />
              </Checkbox.Group>
              {passengerIds.length === 0 && <Typography.Text type="danger">{t('orders.afterSales.errors.passengers')}</Typography.Text>}
            </Flex>
            {summary}
            <Flex vertical gap={4}>
              <Typography.Text strong>{t('orders.afterSales.fields.remark')}</Typography.Text>
              <Input.TextArea
                rows={2}
                maxLength={500}
                showCount
                value={remark}
                aria-label={t('orders.afterSales.fields.remark')}
                placeholder={t('orders.afterSales.fields.remarkPlaceholder')}
                onChange={(e) => setRemark(e.target.value)}
              />
            </Flex>
          </>
        )}
      </Flex>
    </Modal>
  );
}
