import { Table, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderPassenger } from '@portal/contract/api/flight-orders';
import { regionNamer } from '../../../lib/display-names';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';

/** The travellers: documents as the server masks them, ticket numbers once issued (copyable). */
export function PassengersTable({ passengers, dateFormat }: { passengers: OrderPassenger[]; dateFormat: string }) {
  const { t, i18n } = useTranslation();
  const region = regionNamer(i18n.language);
  const copied = () => notify.success(t('message.success.copy'));

  const columns: TableProps<OrderPassenger>['columns'] = [
    {
      key: 'name',
      title: t('orders.detail.passengers.name'),
      fixed: 'left',
      render: (_, p) => (
        <span className="orders-cell-lines">
          <Typography.Text strong>{`${p.surname}/${p.givenNames}`}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`flight.passengerType.${p.type}`)} · {t(`orders.gender.${p.gender}`)}
          </Typography.Text>
        </span>
      ),
    },
    { key: 'birthday', title: t('orders.detail.passengers.birthday'), render: (_, p) => formatDate(p.birthday, dateFormat) },
    { key: 'nationality', title: t('orders.detail.passengers.nationality'), render: (_, p) => region(p.nationality) },
    {
      key: 'document',
      title: t('orders.detail.passengers.document'),
      render: (_, p) => (
        <span className="orders-cell-lines">
          <span>
            {t(`flight.documents.${p.document.type}`, { defaultValue: p.document.type })} <Typography.Text code>{p.document.number}</Typography.Text>
          </span>
          {p.document.expiryDate && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('orders.detail.passengers.expires', { date: formatDate(p.document.expiryDate, dateFormat) })}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      key: 'frequentFlyer',
      title: t('orders.detail.passengers.frequentFlyer'),
      render: (_, p) => (p.frequentFlyer ? `${p.frequentFlyer.airline} ${p.frequentFlyer.number}` : '-'),
    },
    {
      key: 'ticket',
      title: t('orders.detail.passengers.ticketNumber'),
      render: (_, p) =>
        p.ticketNumber ? (
          <Typography.Text copyable={{ onCopy: copied, tooltips: [t('orders.detail.passengers.copy'), t('message.success.copy')] }} style={{ whiteSpace: 'nowrap' }}>
            {p.ticketNumber}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('orders.detail.passengers.notIssued')}</Typography.Text>
        ),
    },
  ];

  return <Table<OrderPassenger> rowKey="id" size="small" columns={columns} dataSource={passengers} pagination={false} scroll={{ x: 'max-content' }} />;
}
