import { Flex, Tag, Tooltip, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Leg } from '@portal/contract/api/shopping';
import { formatDuration } from '../../lib/format';
import { useReferenceNames } from '../../lib/reference-names';
import { carriersOf, connectionAirports, firstSegment, flightNumbers, lastSegment, localDate, localTime } from './itinerary';
import './flight.css';

/** " T3" for "3", " T1" for "T1": suppliers write terminals both ways. */
const terminal = (t: string | null) => (t ? ` ${/^T/i.test(t) ? t.toUpperCase() : `T${t}`}` : '');

interface Props {
  leg: Leg;
  /** "Outbound", "Return", "Flight 2"... */
  label?: string;
  /** Show the departure date under the time (the confirm page and multi-city cards). */
  showDate?: boolean;
}

/** One leg of an itinerary: carriers, flight numbers, local times with "+1", airports, duration, stops, self-transfer. */
export function LegSummary({ leg, label, showDate }: Props) {
  const { t } = useTranslation();
  const names = useReferenceNames();
  const first = firstSegment(leg);
  const last = lastSegment(leg);
  const via = connectionAirports(leg);
  const operatedBy = leg.segments.filter((s) => s.operatingCarrier && s.operatingCarrier !== s.marketingCarrier);

  return (
    <div className="flight-leg">
      <div className="flight-leg__carrier">
        {label && (
          <Typography.Text type="secondary" className="flight-leg__label">
            {label}
          </Typography.Text>
        )}
        <Typography.Text strong>{carriersOf(leg).map(names.airline).join(' / ')}</Typography.Text>
        <Typography.Text type="secondary" className="flight-leg__numbers">
          {flightNumbers(leg).join(' · ')}
        </Typography.Text>
        {operatedBy.length > 0 && (
          <Typography.Text type="secondary" className="flight-leg__numbers">
            {t('flight.leg.operatedBy', { carriers: [...new Set(operatedBy.map((s) => names.airline(s.operatingCarrier)))].join(', ') })}
          </Typography.Text>
        )}
      </div>
      <div className="flight-leg__end">
        <div className="flight-leg__time">{localTime(first.departure)}</div>
        <Tooltip title={names.airport(first.origin)}>
          <div className="flight-leg__airport">
            {first.origin}
            {terminal(first.originTerminal)}
          </div>
        </Tooltip>
        <div className="flight-leg__date">{names.city(first.origin)}</div>
        {showDate && <div className="flight-leg__date">{localDate(first.departure)}</div>}
      </div>
      <div className="flight-leg__middle">
        <Typography.Text type="secondary">{formatDuration(leg.durationMinutes)}</Typography.Text>
        <div className="flight-leg__line" aria-hidden />
        <Typography.Text type={leg.stops === 0 ? 'success' : 'secondary'}>
          {leg.stops === 0 ? t('flight.leg.direct') : t('flight.leg.stops', { count: leg.stops })}
          {via.length > 0 && ` · ${via.join(', ')}`}
        </Typography.Text>
      </div>
      <div className="flight-leg__end">
        <div className="flight-leg__time">
          {localTime(last.arrival)}
          {leg.daysLater > 0 && (
            <Tooltip title={t('flight.leg.daysLater', { count: leg.daysLater })}>
              <sup className="flight-leg__plus">+{leg.daysLater}</sup>
            </Tooltip>
          )}
        </div>
        <Tooltip title={names.airport(last.destination)}>
          <div className="flight-leg__airport">
            {last.destination}
            {terminal(last.destinationTerminal)}
          </div>
        </Tooltip>
        <div className="flight-leg__date">{names.city(last.destination)}</div>
        {showDate && <div className="flight-leg__date">{localDate(last.arrival)}</div>}
      </div>
      {leg.selfTransfer && (
        <Flex className="flight-leg__warning">
          <Tooltip title={t('flight.leg.selfTransferHint')}>
            <Tag color="warning" icon={<WarningOutlined />}>
              {t('flight.leg.selfTransfer')}
            </Tag>
          </Tooltip>
        </Flex>
      )}
    </div>
  );
}
