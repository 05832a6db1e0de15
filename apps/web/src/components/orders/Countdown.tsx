import { Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { remaining, useNow } from './countdown';

interface Props {
  /** ISO instant. */
  deadline: string;
  /** Text before the time, e.g. "Pay within"; "{{time}} left" without it. */
  label?: string;
}

/** Time left until a deadline, ticking every second; "expired" once it has passed. */
export function Countdown({ deadline, label }: Props) {
  const { t } = useTranslation();
  const left = remaining(deadline, useNow());
  if (left.expired) {
    return (
      <Typography.Text type="danger" style={{ fontSize: 12 }}>
        {t('orders.countdown.expired')}
      </Typography.Text>
    );
  }
  const time = left.days > 0 ? t('orders.countdown.daysTime', { count: left.days, time: left.clock }) : left.clock;
  return (
    <Typography.Text type="warning" style={{ fontSize: 12, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} role="timer">
      <ClockCircleOutlined /> {label ? `${label} ${time}` : t('orders.countdown.left', { time })}
    </Typography.Text>
  );
}
