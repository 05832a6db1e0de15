import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Flex, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DATE_FORMAT } from '@portal/contract/api/auth';
import type { TrainOrder, TrainOrderPassenger, TrainRefundQuote } from '@portal/contract/api/trains';
import { ApiError, newIdempotencyKey } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { formatTrainPrice } from '../../../components/train/train-money';
import { quoteTrainRefund, refundTrainTickets } from '../api/train-orders';
import { TicketQuoteTable } from './TicketQuoteTable';

interface Props {
  order: TrainOrder;
  open: boolean;
  onClose: () => void;
  onChanged: () => void;
}

/**
 * Refund chosen tickets: the server quotes 12306's fee for the time left before the ticket's train leaves (a changed
 * ticket: its new train, on the new fare), then refunds on confirm.
 */
export function TrainRefundDialog({ order, open, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const { me } = useSession();
  const dateFormat = me?.userInfo.config.dateFormat ?? DEFAULT_DATE_FORMAT;
  // A changed ticket is refundable too, as its new ticket (new train, new fare). The original tickets and each
  // change's new tickets are different railway orders: one group is refunded at a time.
  const refundable = order.passengers.filter((p) => p.ticketStatus === 'issued' || p.ticketStatus === 'changed');
  const groupOf = (p: TrainOrderPassenger) => (p.ticketStatus === 'changed' && p.change ? `change:${p.change.orderNumber ?? p.change.at}` : 'original');
  const groups = new Set(refundable.map(groupOf));
  const [chosen, setChosen] = useState<string[]>([]);
  const [quote, setQuote] = useState<TrainRefundQuote | null>(null);
  const [quoting, setQuoting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());

  useEffect(() => {
    setQuote(null);
    if (!open || chosen.length === 0) return;
    let live = true;
    setQuoting(true);
    setError(null);
    quoteTrainRefund(order.id, chosen)
      .then((q) => live && setQuote(q))
      .catch((err: Error) => live && setError(err.message))
      .finally(() => live && setQuoting(false));
    return () => {
      live = false;
    };
  }, [open, chosen, order.id]);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await refundTrainTickets(order.id, chosen, key.current);
      key.current = newIdempotencyKey();
      notify.success(t('train.order.refund.done', { amount: formatTrainPrice(answer.quote.totalRefund) }));
      onChanged();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code >= 0) key.current = newIdempotencyKey();
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('trains.orders.refund.title')}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => {
        setChosen([]);
        setQuote(null);
        setError(null);
      }}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('trains.orders.refund.close')}
        </Button>,
        <Button key="refund" type="primary" danger loading={busy} disabled={!quote || quoting} onClick={() => void confirm()}>
          {t('trains.orders.refund.confirm', { amount: quote ? formatTrainPrice(quote.totalRefund) : '' })}
        </Button>,
      ]}
    >
      <Flex vertical gap={12}>
        <Typography.Text strong>{t('trains.orders.refund.choose')}</Typography.Text>
        {groups.size > 1 && (
          <Typography.Text type="secondary" data-testid="refund-groups">
            {t('trains.orders.refund.oneBooking')}
          </Typography.Text>
        )}
        <Checkbox.Group value={chosen} onChange={(v) => setChosen(v as string[])} aria-label={t('trains.orders.refund.choose')}>
          <Flex vertical gap={4}>
            {refundable.map((p) => {
              const first = refundable.find((x) => x.id === chosen[0]);
              return (
                <Checkbox key={p.id} value={p.id} disabled={first !== undefined && groupOf(first) !== groupOf(p)}>
                  {p.ticketStatus === 'changed' && p.change
                    ? t('trains.orders.refund.changedTicket', {
                        name: p.name,
                        train: p.change.trainNumber,
                        date: formatDate(p.change.departureAt.slice(0, 10), dateFormat),
                        time: p.change.departureAt.slice(11, 16),
                        fare: formatTrainPrice(p.change.fare),
                      })
                    : `${p.name} · ${formatTrainPrice(p.price)}`}
                </Checkbox>
              );
            })}
          </Flex>
        </Checkbox.Group>
        {error && <Alert type="error" showIcon title={error} />}
        {quoting && <Spin />}
        {quote && !quoting && (
          <Flex vertical gap={8} data-testid="refund-quote">
            <Typography.Text type="secondary">{t('trains.orders.refund.tier', { percent: quote.feePercent })}</Typography.Text>
            <TicketQuoteTable
              lines={quote.lines}
              name={(l) => l.name}
              amounts={[
                { key: 'fare', title: t('trains.orders.refund.fare'), text: (l) => formatTrainPrice(l.fare) },
                { key: 'fee', title: t('trains.orders.refund.fee'), text: (l) => formatTrainPrice(l.fee), testId: 'refund-fee' },
                { key: 'refund', title: t('trains.orders.refund.back'), text: (l) => formatTrainPrice(l.refund) },
              ]}
            />
            <Typography.Text strong>{t('trains.orders.refund.totalRefund', { amount: formatTrainPrice(quote.totalRefund) })}</Typography.Text>
          </Flex>
        )}
      </Flex>
    </Modal>
  );
}
