import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScheduleNotice } from '@portal/contract/api/after-sales';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { Countdown } from '../../../../components/orders/Countdown';
import { formatDateTime } from '../../../../lib/format';
import type { NoticeAnswer } from '../../api/schedule-changes';
import { NoticeFlights } from './NoticeFlights';
import { NoticeKindTag, NoticeStatusTag } from './NoticeTags';

interface Props {
  order: FlightOrder;
  dateFormat: string;
  onAnswer: (notice: ScheduleNotice, answer: NoticeAnswer) => void;
  /** After a refusal: ask for an involuntary refund (reason 3) or a free change (reason 1). */
  onRefund: (notice: ScheduleNotice) => void;
  onChange: (notice: ScheduleNotice) => void;
}

/**
 * Airline schedule changes on this order: what changed (old and new flights side by side), until when to answer, and
 * the answer; once refused, the way on: an involuntary refund or a free change.
 */
export function NoticesCard({ order, dateFormat, onAnswer, onRefund, onChange }: Props) {
  const { t } = useTranslation();
  const legName = (n: ScheduleNotice) => (order.legs.length > 1 ? t('orders.afterSales.legN', { n: n.leg + 1 }) : null);
  const sorted = [...order.notices].sort((a, b) => (a.status === 'open' ? 0 : 1) - (b.status === 'open' ? 0 : 1) || a.deadline.localeCompare(b.deadline));
  return (
    <Card title={t('orders.notices.title')} data-testid="notices">
      <Flex vertical gap={16}>
        {sorted.map((n) => (
          <Flex key={n.id} vertical gap={8} data-testid="notice" style={{ padding: 12, border: '1px solid #f0f0f0', borderRadius: 8, background: n.status === 'open' ? '#fffbe6' : undefined }}>
            <Flex justify="space-between" align="center" gap={8} wrap>
              <Flex gap={8} align="center" wrap>
                <NoticeKindTag kind={n.kind} />
                <NoticeStatusTag status={n.status} />
                {legName(n) && <Typography.Text type="secondary">{legName(n)}</Typography.Text>}
              </Flex>
              {n.status === 'open' && (
                <Flex gap={8} align="center" wrap>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('orders.notices.answerBefore', { time: formatDateTime(n.deadline, dateFormat) })}
                  </Typography.Text>
                  <Countdown deadline={n.deadline} />
                </Flex>
              )}
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`orders.notices.explain.${n.kind}`)}
            </Typography.Text>
            <NoticeFlights notice={n} dateFormat={dateFormat} />
            {n.actions.length > 0 && (
              <Flex gap={8} wrap>
                {n.actions.includes('accept') && (
                  <Button type="primary" onClick={() => onAnswer(n, 'accept')}>
                    {t('orders.notices.actions.accept')}
                  </Button>
                )}
                {n.actions.includes('refuse') && (
                  <Button danger onClick={() => onAnswer(n, 'refuse')}>
                    {t('orders.notices.actions.refuse')}
                  </Button>
                )}
              </Flex>
            )}
            {n.status === 'refused' && (
              <Alert
                type="info"
                showIcon
                title={t('orders.notices.refusedHint')}
                description={
                  <Flex gap={8} wrap style={{ marginTop: 4 }}>
                    {order.actions.includes('requestRefund') && (
                      <Button size="small" onClick={() => onRefund(n)}>
                        {t('orders.notices.involuntaryRefund')}
                      </Button>
                    )}
                    {order.actions.includes('requestChange') && (
                      <Button size="small" onClick={() => onChange(n)}>
                        {t('orders.notices.freeChange')}
                      </Button>
                    )}
                  </Flex>
                }
              />
            )}
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
