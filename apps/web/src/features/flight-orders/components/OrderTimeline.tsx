import { Empty, Flex, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isOrderStatus, statusTone, type OrderEvent } from '@portal/contract/api/flight-orders';
import { formatDateTime } from '../../../lib/format';

const TONE_DOT = { success: 'green', warning: 'orange', error: 'red', info: 'gray', primary: 'blue' } as const;

/** The order's history: when, who, what, and the status it moved from and to. */
export function OrderTimeline({ events, dateFormat }: { events: OrderEvent[]; dateFormat: string }) {
  const { t } = useTranslation();
  if (events.length === 0) return <Empty description={t('orders.detail.timeline.empty')} />;
  const status = (s: string | null) => (s && isOrderStatus(s) ? t(`orders.status.${s}`) : (s ?? '-'));
  const actor = (e: OrderEvent) =>
    e.actor.kind === 'system' ? t('orders.actor.system') : e.actor.name ? `${e.actor.name} (${t(`orders.actor.${e.actor.kind}`)})` : t(`orders.actor.${e.actor.kind}`);

  return (
    <Timeline
      items={[...events]
        .sort((a, b) => a.at.localeCompare(b.at))
        .map((e, i) => ({
          key: `${e.at}-${i}`,
          color: e.to && isOrderStatus(e.to) ? TONE_DOT[statusTone(e.to)] : 'gray',
          content: (
            <Flex vertical gap={2} data-testid="order-event">
              <Typography.Text strong>{t(`orders.event.${e.event}`, { defaultValue: e.event })}</Typography.Text>
              {e.from !== e.to && (e.from || e.to) && (
                <Typography.Text>{e.from ? t('orders.detail.timeline.change', { from: status(e.from), to: status(e.to) }) : status(e.to)}</Typography.Text>
              )}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(e.at, dateFormat)} · {actor(e)}
              </Typography.Text>
              {e.remark && <Typography.Text italic>“{e.remark}”</Typography.Text>}
            </Flex>
          ),
        }))}
    />
  );
}
