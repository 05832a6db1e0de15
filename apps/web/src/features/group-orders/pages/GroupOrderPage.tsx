import { useState } from 'react';
import { Alert, Button, Card, Col, Flex, Modal, Result, Row, Spin, Typography } from 'antd';
import { ArrowLeftOutlined, CheckOutlined, ClockCircleOutlined, WalletOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { GroupRequestSummary } from '../../../components/groups/GroupRequestSummary';
import { RetryButton } from '../../../components/bills/ListQueryView';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useDateFormat } from '../../../lib/use-date-format';
import { useConfirmGroupQuote, useGroupOrder } from '../api/group-order';
import { GroupCancelDialog } from '../components/GroupCancelDialog';
import { GroupPayDialog } from '../components/GroupPayDialog';
import { GroupPaymentReturn, usePaymentReturn } from '../components/GroupPaymentReturn';
import { GroupNamesCard } from '../components/GroupNamesCard';
import { GroupQuoteCard } from '../components/GroupQuoteCard';
import { GroupStatusTag } from '../components/GroupStatusTag';
import { GroupTimeline } from '../components/GroupTimeline';

/**
 * /flight/group/order/:id: the request, its status, the desk's quote with its payment plan, the agency's moves
 * (confirm the quote, cancel) and the history. While the desk (or, back from its page, a payment channel) has the next
 * move, the page keeps asking.
 */
export default function GroupOrderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const dateFormat = useDateFormat();
  const returned = usePaymentReturn();
  const group = useGroupOrder(id, returned);
  const confirm = useConfirmGroupQuote(id);
  const [confirming, setConfirming] = useState(false);
  const [paying, setPaying] = useState(false);
  const [canceling, setCanceling] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (group.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (group.isError && !group.data) {
    return <Result status="error" title={t('groups.detail.loadFailed')} subTitle={group.error.message} extra={<RetryButton onRetry={group.refetch} />} />;
  }
  const g = group.data;
  const can = (a: (typeof g.actions)[number]) => g.actions.includes(a);
  const next = g.nextInstalment ?? null;
  const payCurrency = g.quote?.currency;

  function doConfirm() {
    if (!g.quote) return;
    setFailure(null);
    confirm.mutate(
      { quoteVersion: g.quote.version },
      {
        onSuccess: () => {
          setConfirming(false);
          notify.success(t('group.confirmed'));
        },
        onError: (err) => {
          setConfirming(false);
          setFailure(err.message || t('groups.detail.confirmFailed'));
          // A newer quote or a lapse: show the group as it now is.
          void group.refetch();
        },
      },
    );
  }

  return (
    <Flex vertical gap={16}>
      <Link to={paths.groupOrders}>
        <ArrowLeftOutlined /> {t('groups.detail.back')}
      </Link>
      <Card size="small">
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Flex vertical gap={4}>
            <Flex gap={8} align="center" wrap>
              <Typography.Title level={3} style={{ margin: 0 }}>
                {g.bookingNumber}
              </Typography.Title>
              <GroupStatusTag status={g.status} />
            </Flex>
            <Typography.Text type="secondary">
              {t('groups.detail.created', { time: formatDateTime(g.createdAt, dateFormat), by: g.createdBy.name ?? '-' })}
            </Typography.Text>
          </Flex>
          <Flex gap={8} wrap>
            {can('cancel') && (
              <Button danger onClick={() => setCanceling(true)}>
                {t('groups.cancel.button')}
              </Button>
            )}
            {can('pay') && next && payCurrency && (
              <Button type="primary" icon={<WalletOutlined />} onClick={() => setPaying(true)}>
                {t('groups.pay.button', { instalment: t(`groups.pay.kind.${next.kind}`), amount: formatAmount(next.amount, payCurrency) })}
              </Button>
            )}
            {can('confirm') && g.quote && (
              <Button type="primary" icon={<CheckOutlined />} onClick={() => setConfirming(true)}>
                {t('groups.confirmQuote.button')}
              </Button>
            )}
          </Flex>
        </Flex>
      </Card>
      {failure && <Alert type="error" showIcon closable title={failure} onClose={() => setFailure(null)} data-testid="group-failure" />}
      <GroupPaymentReturn group={g} returned={returned} checkedAt={group.dataUpdatedAt} />
      {g.status === 'to_be_quote' && <Alert type="info" showIcon icon={<ClockCircleOutlined />} title={t('groups.detail.waitingQuote')} description={t('groups.note.quoteTime')} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Flex vertical gap={16}>
            {g.quote && (
              <GroupQuoteCard
                quote={g.quote}
                request={g.request}
                awaitingConfirmation={g.status === 'to_be_confirm'}
                dateFormat={dateFormat}
                payments={g.payments ?? []}
                nextInstalment={next}
              />
            )}
            <GroupNamesCard group={g} dateFormat={dateFormat} />
            <GroupRequestSummary request={g.request} dateFormat={dateFormat} />
          </Flex>
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small" title={t('groups.detail.timeline')}>
            <GroupTimeline events={g.timeline} dateFormat={dateFormat} />
          </Card>
        </Col>
      </Row>
      {next && payCurrency && (
        <GroupPayDialog group={g} instalment={next} currency={payCurrency} open={paying} onClose={() => setPaying(false)} dateFormat={dateFormat} />
      )}
      <GroupCancelDialog group={g} open={canceling && can('cancel')} onClose={() => setCanceling(false)} onRefused={() => void group.refetch()} />
      <Modal
        open={confirming}
        title={t('groups.confirmQuote.title', { booking: g.bookingNumber })}
        okText={t('groups.confirmQuote.ok')}
        cancelText={t('groups.confirmQuote.back')}
        confirmLoading={confirm.isPending}
        onOk={doConfirm}
        onCancel={() => setConfirming(false)}
        destroyOnHidden
      >
        <Flex vertical gap={12}>
          <Typography.Paragraph style={{ margin: 0 }}>{t('groups.confirmQuote.body', { version: g.quote?.version ?? 1 })}</Typography.Paragraph>
          <Alert type="warning" showIcon title={t('groups.note.deposits')} data-testid="confirm-deposit-warning" />
        </Flex>
      </Modal>
    </Flex>
  );
}
