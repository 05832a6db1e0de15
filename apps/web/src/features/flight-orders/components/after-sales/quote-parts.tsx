import { Checkbox, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AfterSalesOptions, RefundQuoteLine } from '@portal/contract/api/after-sales';
import type { Currency } from '@portal/contract/currency';
import { formatAmount } from '../../../../lib/format';

/** An amount in a quote table: never wrapped between the currency and the figure. */
export function QuoteMoney({ value, currency }: { value: number; currency: Currency }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{formatAmount(value, currency)}</span>;
}

/** The passenger cell of a quote table: name, type and, when known, the ticket. */
export function QuotePassenger({ line }: { line: Pick<RefundQuoteLine, 'name' | 'passengerType'> & { ticketNumber?: string | null } }) {
  const { t } = useTranslation();
  return (
    <span className="orders-cell-lines">
      <Typography.Text strong>{line.name}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(`flight.passengerType.${line.passengerType}`)}
        {line.ticketNumber ? ` · ${line.ticketNumber}` : ''}
      </Typography.Text>
    </span>
  );
}

/** The passengers a request may name, each with the ticket it would touch (inside a Checkbox.Group). */
export function PassengerChoices({ open }: { open: AfterSalesOptions['open'] }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={4}>
      {open.map((p) => (
        <Checkbox key={p.passengerId} value={p.passengerId}>
          {p.name}
          {p.ticketNumber && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {' '}
              {t('orders.afterSales.ticket', { number: p.ticketNumber })}
            </Typography.Text>
          )}
        </Checkbox>
      ))}
    </Flex>
  );
}
