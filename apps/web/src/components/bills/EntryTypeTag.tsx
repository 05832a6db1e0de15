import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WalletEntryType } from '@portal/contract/api/bills';

/** Colour by what the movement does to the wallet: money in, money out, reserved, or a correction. */
const COLORS: Record<WalletEntryType, string> = {
  'top-up': 'green',
  'refund-to-channel': 'default',
  'origin-flight': 'blue',
  'origin-train': 'blue',
  'refund-flight': 'cyan',
  'change-flight': 'geekblue',
  'void-flight': 'cyan',
  'refund-train': 'cyan',
  'change-train': 'geekblue',
  'void-train': 'cyan',
  'refund-change-flight': 'cyan',
  'group-deposit': 'purple',
  'group-final': 'purple',
  'origin-hotel': 'blue',
  'refund-hotel': 'cyan',
  hold: 'orange',
  'hold-capture': 'default',
  'hold-release': 'gold',
  'hold-expire': 'gold',
  reversal: 'magenta',
};

export function EntryTypeTag({ type }: { type: WalletEntryType }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[type]} style={{ marginInlineEnd: 0 }}>
      {t(`bills.entryTypes.${type}`)}
    </Tag>
  );
}
