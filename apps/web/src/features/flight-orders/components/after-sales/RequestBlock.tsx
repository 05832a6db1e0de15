import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { FileImageOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AfterSalesRequest } from '@portal/contract/api/after-sales';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { paths } from '../../../../app/paths';
import { changeReasonKey, fileSize, passengerName, refundReasonKey, subReasonKey } from '../../model/after-sales';
import { useLegText } from './leg-text';

interface Props {
  order: FlightOrder;
  request: AfterSalesRequest;
  dateFormat: string;
}

/** What a change, refund or void order asks for: reason, involuntary or not, passengers, flights, documents, original. */
export function RequestBlock({ order, request: r, dateFormat }: Props) {
  const { t } = useTranslation();
  const legText = useLegText(order.legs, dateFormat);
  const named = order.passengers.filter((p) => r.passengerIds.includes(p.id));
  const passengers = (named.length ? named : order.passengers).map(passengerName);
  const reason =
    r.reason === null
      ? '-'
      : `${t(r.kind === 'change' ? changeReasonKey(r.reason) : refundReasonKey(r.reason))}${r.subReason ? ` · ${t(subReasonKey(r.subReason))}` : ''}`;
  const original = order.originalOrderId ?? order.related.find((o) => o.type === 'origin')?.id ?? null;

  return (
    <Card title={t(`orders.afterSales.request.title.${r.kind}`)} data-testid="request-block">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          {
            key: 'original',
            label: t('orders.afterSales.request.original'),
            children: original ? <Link to={paths.flightOrder(original)}>{r.originalBookingNumber}</Link> : r.originalBookingNumber,
          },
          ...(r.kind !== 'void' ? [{ key: 'reason', label: t('orders.afterSales.request.reason'), children: reason }] : []),
          {
            key: 'involuntary',
            label: t('orders.afterSales.request.kind'),
            children: r.involuntary ? <Tag color="green">{t('orders.afterSales.request.involuntary')}</Tag> : <Tag>{t('orders.afterSales.request.voluntary')}</Tag>,
          },
          { key: 'passengers', label: t('orders.afterSales.request.passengers'), children: passengers.join(', ') },
          {
            key: 'legs',
            label: t('orders.afterSales.request.legs'),
            children: r.legs.length ? (
              <Flex vertical gap={2}>
                {r.legs.map((l) => (
                  <span key={l}>{legText(l)}</span>
                ))}
              </Flex>
            ) : (
              t('orders.afterSales.request.allLegs')
            ),
          },
          ...(r.kind === 'refund' || r.attachments.length
            ? [
                {
                  key: 'attachments',
                  label: t('orders.afterSales.request.attachments'),
                  children: r.attachments.length ? (
                    <Flex vertical gap={2} data-testid="request-attachments">
                      {r.attachments.map((a) => (
                        <Typography.Text key={a.id}>
                          {a.mime === 'application/pdf' ? <FilePdfOutlined /> : <FileImageOutlined />} {a.name}{' '}
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            {fileSize(a.size)}
                          </Typography.Text>
                        </Typography.Text>
                      ))}
                    </Flex>
                  ) : (
                    t('orders.afterSales.request.noAttachments')
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
