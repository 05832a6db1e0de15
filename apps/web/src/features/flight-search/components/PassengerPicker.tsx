import { lazy, Suspense } from 'react';
import { Button, Flex, Popover } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PASSENGER_TYPES, type PassengerType } from '@portal/contract/api/shopping-constants';
import { MAX_PASSENGERS, type PassengerCounts } from '../model/search-query';

// Issue 14, page weight: the steppers are drawn when the popover opens, not with the search form; their chunk is
// fetched as the pointer or focus reaches the button.
const loadInputNumber = () => import('antd/es/input-number');
const InputNumber = lazy(loadInputNumber);
const prefetch = () => void loadInputNumber().catch(() => undefined);

interface Props {
  value: PassengerCounts;
  onChange: (next: PassengerCounts) => void;
  status?: 'error';
}

/** Adults, children, infants: at least one adult, at most 9 in all (the steppers stop there; the form checks again). */
export function PassengerPicker({ value, onChange, status }: Props) {
  const { t } = useTranslation();
  const total = value.adult + value.child + value.infant;
  const summary = PASSENGER_TYPES.filter((p) => value[p] > 0)
    .map((p) => t(`flight.search.passengerCount.${p}`, { count: value[p] }))
    .join(', ');

  const max = (p: PassengerType) => Math.min(MAX_PASSENGERS, value[p] + Math.max(0, MAX_PASSENGERS - total));

  const content = (
    <Flex vertical gap={12} style={{ width: 260 }}>
      {PASSENGER_TYPES.map((p) => (
        <Flex key={p} justify="space-between" align="center" gap={12}>
          <Flex vertical>
            <span>{t(`flight.passengerType.${p}`)}</span>
            <span className="portal-hint portal-hint--small">{t(`flight.search.passengerAge.${p}`)}</span>
          </Flex>
          <Suspense fallback={<div style={{ width: 110, height: 32 }} />}>
            <InputNumber
              aria-label={t(`flight.passengerType.${p}`)}
              min={p === 'adult' ? 1 : 0}
              max={max(p)}
              precision={0}
              value={value[p]}
              mode="spinner"
              style={{ width: 110 }}
              onChange={(n) => onChange({ ...value, [p]: typeof n === 'number' ? n : p === 'adult' ? 1 : 0 })}
            />
          </Suspense>
        </Flex>
      ))}
      <span className="portal-hint portal-hint--small">{t('flight.search.passengerRules', { max: MAX_PASSENGERS })}</span>
    </Flex>
  );

  return (
    <Popover content={content} trigger="click" placement="bottomLeft">
      <Button
        icon={<UserOutlined />}
        onMouseEnter={prefetch}
        onFocus={prefetch}
        danger={status === 'error'}
        style={{ width: '100%', justifyContent: 'flex-start' }}
        aria-label={t('flight.search.passengers')}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{summary}</span>
      </Button>
    </Popover>
  );
}
