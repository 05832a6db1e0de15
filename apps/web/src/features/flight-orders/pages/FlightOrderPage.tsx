import { useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Empty, Flex, Result, Row, Skeleton, Typography } from 'antd';
import { ArrowLeftOutlined, CloseCircleOutlined, CreditCardOutlined, FilePdfOutlined, FileExcelOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScheduleNotice } from '@portal/contract/api/after-sales';
import type { DeskAction, FlightOrder } from '@portal/contract/api/flight-orders';
import { Code } from '@portal/contract/codes';
import { RetryButton } from '../../../components/bills/ListQueryView';
import { useFileAction } from '../../../components/bills/use-file-action';
import { FareDetails } from '../../../components/flight/FareDetails';
import { LegSummary } from '../../../components/flight/LegSummary';
import { DeskActionDialog, type DeskTarget } from '../../../components/orders/DeskActionDialog';
import { ChannelPaymentFailure } from '../../../components/payments/PaymentFailureNotice';
import { paths } from '../../../app/paths';
import { ApiError, CLIENT_CODES } from '../../../lib/api';
import { formatAmount } from '../../../lib/format';
import { useDateFormat } from '../../../lib/use-date-format';
import { downloadTickets } from '../api/download-files';
import { useAfterSales } from '../api/get-after-sales';
import { useOrder } from '../api/get-order';
import { orderKeys } from '../api/order-keys';
import { AfterSalesPanel } from '../components/after-sales/AfterSalesPanel';
import { AfterSalesProgress } from '../components/after-sales/AfterSalesProgress';
import { ChangeDialog } from '../components/after-sales/ChangeDialog';
import { ChangeQuoteTable } from '../components/after-sales/ChangeQuoteTable';
import { RefundDialog, type RefundPreset } from '../components/after-sales/RefundDialog';
import { RefundQuoteCard } from '../components/after-sales/RefundQuoteCard';
import { RelatedOrders } from '../components/after-sales/RelatedOrders';
import { RequestBlock } from '../components/after-sales/RequestBlock';
import { VoidDialog } from '../components/after-sales/VoidDialog';
import { NoticeAnswerDialog, type NoticeTarget } from '../components/notices/NoticeAnswerDialog';
import { NoticesCard } from '../components/notices/NoticesCard';
import { CancelDialog } from '../components/CancelDialog';
import { ItineraryDialog } from '../components/ItineraryDialog';
import { OrderHeader } from '../components/OrderHeader';
import { OrderTimeline } from '../components/OrderTimeline';
import { PassengersTable } from '../components/PassengersTable';
import { PayDialog } from '../components/PayDialog';
import { PriceBreakdown } from '../components/PriceBreakdown';
import { TicketingProgress } from '../components/TicketingProgress';
import { PATH_ACTION, scheduleSubReason } from '../model/after-sales';
import { fareOf } from '../model/order-detail';
import '../components/orders.css';

type Dialog = 'pay' | 'cancel' | 'itinerary' | 'refund' | 'void' | 'change' | null;

const isNotFound = (err: unknown) => err instanceof ApiError && (err.code === Code.NOT_FOUND || err.code === CLIENT_CODES.NOT_FOUND || err.status === 404);

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to={paths.flightOrders}>
      <ArrowLeftOutlined /> {t('orders.detail.back')}
    </Link>
  );
}

/** /flight/orders/:id: one order, what it allows now, and everything about it. */
export default function FlightOrderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const dateFormat = useDateFormat();
  const client = useQueryClient();
  // Back from a payment channel's page: the order waits for the channel's confirmation for a while.
  const paymentReturn = params.has('payment');
  const query = useOrder(id, paymentReturn);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [desk, setDesk] = useState<DeskTarget | null>(null);
  const [noticeTarget, setNoticeTarget] = useState<NoticeTarget | null>(null);
  const [refundPreset, setRefundPreset] = useState<RefundPreset | null>(null);
  const [changeReason, setChangeReason] = useState<number | null>(null);
  const tickets = useFileAction<boolean>('bills.errors.export');
  const canRequest = Boolean(query.data?.actions.some((a) => a === PATH_ACTION.change || a === PATH_ACTION.refund || a === PATH_ACTION.void));
  const afterSales = useAfterSales(id, canRequest);

  const changed = (next?: FlightOrder) => {
    if (next) client.setQueryData(orderKeys.detail(id), next);
    void client.invalidateQueries({ queryKey: orderKeys.all });
  };

  if (query.isPending) {
    return (
      <Flex vertical gap={16}>
        <BackLink />
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </Flex>
    );
  }
  if (query.isError && !query.data) {
    return (
      <Flex vertical gap={16}>
        <BackLink />
        <Card>
          {isNotFound(query.error) ? (
            <Empty description={t('orders.detail.notFound')}>
              <Link to={paths.flightOrders}>{t('orders.detail.back')}</Link>
            </Empty>
          ) : (
            <Result status="error" title={t('orders.detail.errors.load')} subTitle={query.error.message} extra={<RetryButton onRetry={query.refetch} />} />
          )}
        </Card>
      </Flex>
    );
  }

  const order = query.data;
  const can = (a: FlightOrder['actions'][number]) => order.actions.includes(a);
  const actions = (
    <>
      {can('pay') && (
        <Button type="primary" icon={<CreditCardOutlined />} onClick={() => setDialog('pay')}>
          {order.total === 0 ? t('orders.actions.confirmFreeChange') : t('orders.actions.pay')}
        </Button>
      )}
      {can('downloadItinerary') && (
        <Button icon={<FilePdfOutlined />} onClick={() => setDialog('itinerary')}>
          {t('orders.actions.downloadItinerary')}
        </Button>
      )}
      {can('downloadTicket') && (
        <Button icon={<FileExcelOutlined />} loading={tickets.busy !== null} onClick={() => void tickets.run(true, () => downloadTickets(order.id, order.bookingNumber))}>
          {t('orders.actions.downloadTicket')}
        </Button>
      )}
      {can('cancel') && (
        <Button danger icon={<CloseCircleOutlined />} onClick={() => setDialog('cancel')}>
          {t(order.type === 'change' || order.type === 'refund' ? `orders.actions.cancelRequest.${order.type}` : 'orders.actions.cancel')}
        </Button>
      )}
    </>
  );
  const legLabel = (i: number) =>
    order.legs.length === 2 ? (i === 0 ? t('flight.leg.outbound') : t('flight.leg.inbound')) : order.legs.length > 2 ? t('orders.detail.flightN', { n: i + 1 }) : undefined;
  const openDesk = (action: DeskAction) => setDesk({ id: order.id, bookingNumber: order.bookingNumber, action, type: order.type });
  const openPath = (kind: 'change' | 'refund' | 'void') => {
    setRefundPreset(null);
    setChangeReason(null);
    setDialog(kind);
  };
  // A refused schedule change: an involuntary refund (reason 3, the sub-reason its kind stands for) or a free change.
  const refundAfterNotice = (n: ScheduleNotice) => {
    setRefundPreset({ reason: 3, subReason: scheduleSubReason(n.kind) });
    setDialog('refund');
  };
  const changeAfterNotice = () => {
    setChangeReason(1);
    setDialog('change');
  };
  const request = order.request;

  return (
    <Flex vertical gap={16}>
      <BackLink />
      {query.isError && <Alert type="warning" showIcon title={query.error.message || t('orders.detail.errors.load')} action={<RetryButton onRetry={query.refetch} />} />}
      <OrderHeader order={order} dateFormat={dateFormat} actions={actions} />

      {paymentReturn && (order.status === 'to_be_paid' || order.status === 'chg_to_be_paid') && order.paymentStatus === 'unpaid' && (
        <>
          <Alert type="info" showIcon title={t('orders.detail.paymentReturn')} />
          <ChannelPaymentFailure paymentId={params.get('payment')} />
        </>
      )}
      <TicketingProgress order={order} />
      <AfterSalesProgress order={order} />
      {order.status === 'reviewing' && <Alert type="info" showIcon title={t('orders.detail.reviewing')} />}
      {order.reviewRemark && (
        <Alert type="warning" showIcon title={t('orders.detail.remarks.review')} description={order.reviewRemark} data-testid="review-remark" />
      )}

      {order.deskActions.length > 0 && (
        <Card title={t('orders.desk.panel.title')} size="small">
          <Flex vertical gap={12}>
            <Typography.Text type="secondary">{t('orders.desk.panel.hint', { agency: order.companyName })}</Typography.Text>
            <Flex gap={8} wrap>
              {order.deskActions.map((a) => (
                <Button key={a} danger={a === 'reject' || a === 'markFailed'} type={a === 'approve' ? 'primary' : 'default'} onClick={() => openDesk(a)}>
                  {t(`orders.desk.actions.${a}`)}
                </Button>
              ))}
            </Flex>
          </Flex>
        </Card>
      )}

      {order.notices.length > 0 && (
        <NoticesCard
          order={order}
          dateFormat={dateFormat}
          onAnswer={(notice, answer) => setNoticeTarget({ notice, answer })}
          onRefund={refundAfterNotice}
          onChange={changeAfterNotice}
        />
      )}

      {request && <RequestBlock order={order} request={request} dateFormat={dateFormat} />}
      {request?.refundQuote && <RefundQuoteCard order={order} quote={request.refundQuote} dateFormat={dateFormat} onChanged={changed} />}
      {request && request.kind === 'change' && request.changeLines.length > 0 && (
        <Card title={t('orders.afterSales.quote.changeTitle')} styles={{ body: { padding: 0 } }} data-testid="change-quote">
          <ChangeQuoteTable lines={request.changeLines} currency={order.currency} />
        </Card>
      )}

      {canRequest && <AfterSalesPanel order={order} options={afterSales} dateFormat={dateFormat} onOpen={openPath} />}

      {order.related.length > 0 && <RelatedOrders related={order.related} currency={order.currency} dateFormat={dateFormat} />}

      <Card title={t('orders.detail.sections.flights')}>
        <Flex vertical gap={16}>
          {order.legs.map((leg, i) => (
            <LegSummary key={i} leg={leg} label={legLabel(i)} showDate />
          ))}
        </Flex>
      </Card>

      <Card title={t('orders.detail.sections.passengers')} styles={{ body: { padding: 0 } }}>
        <PassengersTable passengers={order.passengers} dateFormat={dateFormat} />
      </Card>

      {/* A change, refund or void order's money is its quote (above); the fare's price would not add up to it. */}
      {order.type === 'origin' && (
        <Card title={t('orders.detail.sections.price', { currency: order.currency })} styles={{ body: { padding: 0 } }}>
          <PriceBreakdown order={order} />
        </Card>
      )}

      <Card title={t('orders.detail.sections.fare')}>
        <FareDetails fare={fareOf(order)} money={(amount, currency) => formatAmount(amount, currency)} rulesOpen />
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('orders.detail.sections.contact')} style={{ height: '100%' }}>
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'name', label: t('orders.detail.contact.name'), children: order.contact.name || '-' },
                { key: 'email', label: t('orders.detail.contact.email'), children: order.contact.email || '-' },
                {
                  key: 'phone',
                  label: t('orders.detail.contact.phone'),
                  children: order.contact.phone ? `${order.contact.areaCode ? `+${order.contact.areaCode} ` : ''}${order.contact.phone}` : '-',
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('orders.detail.sections.remarks')} style={{ height: '100%' }}>
            {order.reviewRemark || order.remark ? (
              <Descriptions
                size="small"
                column={1}
                items={[
                  ...(order.reviewRemark
                    ? [{ key: 'review', label: t('orders.detail.remarks.review'), children: <Typography.Text mark>{order.reviewRemark}</Typography.Text> }]
                    : []),
                  ...(order.remark ? [{ key: 'remark', label: t('orders.detail.remarks.order'), children: order.remark }] : []),
                ]}
              />
            ) : (
              <Typography.Text type="secondary">{t('orders.detail.remarks.none')}</Typography.Text>
            )}
          </Card>
        </Col>
      </Row>

      <Card title={t('orders.detail.sections.timeline')}>
        <OrderTimeline events={order.events} dateFormat={dateFormat} />
      </Card>

      {can('pay') && <PayDialog order={order} open={dialog === 'pay'} onClose={() => setDialog(null)} onChanged={() => changed()} />}
      {can('cancel') && <CancelDialog order={order} open={dialog === 'cancel'} onClose={() => setDialog(null)} onCanceled={changed} />}
      {can('downloadItinerary') && <ItineraryDialog order={order} open={dialog === 'itinerary'} onClose={() => setDialog(null)} />}
      <DeskActionDialog target={desk} onClose={() => setDesk(null)} onDone={changed} />
      {afterSales.data && can('requestRefund') && (
        <RefundDialog
          order={order}
          options={afterSales.data}
          open={dialog === 'refund'}
          preset={refundPreset}
          dateFormat={dateFormat}
          onClose={() => setDialog(null)}
          onDone={() => changed()}
        />
      )}
      {afterSales.data && can('requestVoid') && (
        <VoidDialog order={order} options={afterSales.data} open={dialog === 'void'} dateFormat={dateFormat} onClose={() => setDialog(null)} onDone={() => changed()} />
      )}
      {afterSales.data && can('requestChange') && (
        <ChangeDialog
          order={order}
          options={afterSales.data}
          open={dialog === 'change'}
          presetReason={changeReason}
          dateFormat={dateFormat}
          onClose={() => setDialog(null)}
          onDone={() => changed()}
        />
      )}
      <NoticeAnswerDialog target={noticeTarget} dateFormat={dateFormat} onClose={() => setNoticeTarget(null)} onDone={() => changed()} />
    </Flex>
  );
}
