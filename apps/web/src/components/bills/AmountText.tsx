import { Typography } from 'antd';
import type { Currency } from '@portal/contract/currency';
import { formatAmount } from '../../lib/format';

interface Props {
  amount: number;
  currency: Currency;
  /** A movement: "+" in green for money in, "-" in red for money out. Otherwise a plain balance. */
  signed?: boolean;
  strong?: boolean;
}

/** Money in minor units, right-aligned digits that line up in tables. */
export function AmountText({ amount, currency, signed = false, strong = false }: Props) {
  const type = signed ? (amount > 0 ? 'success' : amount < 0 ? 'danger' : undefined) : amount < 0 ? 'danger' : undefined;
  return (
    <Typography.Text type={type} strong={strong} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatAmount(amount, currency, { sign: signed })}
    </Typography.Text>
  );
}
