import { lazy, Suspense, useState } from 'react';
import { Button, Flex } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PASSENGER_TYPES, type PassengerType } from '@portal/contract/api/shopping-constants';
import { useDeferred } from '../../../lib/deferred';
import { searchWidgets } from '../../../components/light/widgets';
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
  // The popover comes with the search form's other widgets when the user first reaches for one (lib/deferred.ts); a
  // click before it is here opens it once it is.
  const [widgets, reach] = useDeferred(searchWidgets);
  const [clicked, setClicked] = useState(false);
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

  const button = (
    <Button
      icon={<UserOutlined />}
      onMouseEnter={() => {
        prefetch();
        reach();
      }}
      onFocus={() => {
        prefetch();
        reach();
      }}
      onClick={
        widgets
          ? undefined
          : () => {
              setClicked(true);
              reach();
            }
      }
      danger={status === 'error'}
      style={{ width: '100%', justifyContent: 'flex-start' }}
      aria-label={t('flight.search.passengers')}
    >
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{summary}</span>
    </Button>
  );
  if (!widgets) return button;
  const { Popover } = widgets;
  return (
    <Popover content={content} trigger="click" placement="bottomLeft" defaultOpen={clicked}>
      {button}
    </Popover>
  );
}
