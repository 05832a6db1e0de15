import { Button, Col, Row } from 'antd';
import { CloseOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { today, type JourneyDraft } from '../model/search-query';
import { LocationPicker } from '../../../components/flight/LocationPicker';
import { TravelDatePicker, bookingWindowEnd } from '../../../components/flight/TravelDatePicker';
import { Field } from '../../../components/light/Field';
import { Hint } from '../../../components/light/Hint';

interface Props {
  index: number;
  journey: JourneyDraft;
  onChange: (next: JourneyDraft) => void;
  /** Return bookings: the way back, chosen on the same row. */
  returnDate?: { value: string | null; onChange: (d: string | null) => void; error?: string };
  /** No date before this (today, or the previous flight's date in a multi-city trip); none after the booking window. */
  minDate: string;
  errorOf: (path: string) => string | undefined;
  dateFormat: string;
  onRemove?: () => void;
  label?: string;
}

/** Origin, swap, destination, departure date (and return date) of one flight of the search. */
export function JourneyFields({ index, journey, onChange, returnDate, minDate, errorOf, dateFormat, onRemove, label }: Props) {
  const { t } = useTranslation();
  const at = `journeys.${index}`;
  const err = (f: string) => errorOf(`${at}.${f}`);
  // One rule covers the pair (spec point 5: both required, not the same city). When both sides break it, both are
  // marked and the message is said once, under the origin, not twice side by side (issue 14).
  const help = (f: string) => (f === 'destination' && err(f) === err('origin') ? undefined : err(f));
  const maxDate = bookingWindowEnd(today());

  return (
    <Row gutter={[8, 0]} align="top" wrap>
      <Col xs={24} md={12}>
        <Row gutter={4} wrap={false}>
          <Col flex="1 1 0" style={{ minWidth: 0 }}>
            <Field label={label ? `${label} · ${t('flight.search.from')}` : t('flight.search.from')} htmlFor={`${at}.origin`} help={help('origin')}>
              <LocationPicker
                id={`${at}.origin`}
                value={journey.origin}
                valueType={journey.originType}
                onChange={(origin, originType) => onChange({ ...journey, origin, originType })}
                placeholder={t('flight.search.originPlaceholder')}
                ariaLabel={t('flight.search.originOf', { n: index + 1 })}
                status={err('origin') ? 'error' : undefined}
              />
            </Field>
          </Col>
          <Col flex="none" style={{ paddingTop: 30 }}>
            <Hint title={t('flight.search.swap')}>
              <Button
                shape="circle"
                size="small"
                icon={<SwapOutlined />}
                aria-label={t('flight.search.swapOf', { n: index + 1 })}
                onClick={() =>
                  onChange({
                    ...journey,
                    origin: journey.destination,
                    originType: journey.destinationType,
                    destination: journey.origin,
                    destinationType: journey.originType,
                  })
                }
              />
            </Hint>
          </Col>
          <Col flex="1 1 0" style={{ minWidth: 0 }}>
            <Field label={t('flight.search.to')} htmlFor={`${at}.destination`} help={help('destination')}>
              <LocationPicker
                id={`${at}.destination`}
                value={journey.destination}
                valueType={journey.destinationType}
                onChange={(destination, destinationType) => onChange({ ...journey, destination, destinationType })}
                placeholder={t('flight.search.destinationPlaceholder')}
                ariaLabel={t('flight.search.destinationOf', { n: index + 1 })}
                status={err('destination') ? 'error' : undefined}
              />
            </Field>
          </Col>
        </Row>
      </Col>
      <Col xs={returnDate ? 12 : onRemove ? 20 : 24} md={6}>
        <Field label={t('flight.search.departure')} help={help('date')}>
          <TravelDatePicker
            aria-label={t('flight.search.departureOf', { n: index + 1 })}
            status={err('date') ? 'error' : undefined}
            value={journey.date}
            format={dateFormat}
            placeholder={t('flight.search.datePlaceholder')}
            min={minDate}
            max={maxDate}
            onChange={(date) => onChange({ ...journey, date })}
          />
        </Field>
      </Col>
      {returnDate && (
        <Col xs={12} md={6}>
          <Field label={t('flight.search.return')} help={returnDate.error}>
            <TravelDatePicker
              aria-label={t('flight.search.returnDate')}
              status={returnDate.error ? 'error' : undefined}
              value={returnDate.value}
              format={dateFormat}
              placeholder={t('flight.search.datePlaceholder')}
              allowClear
              min={journey.date ?? minDate}
              max={maxDate}
              onChange={returnDate.onChange}
            />
          </Field>
        </Col>
      )}
      {onRemove && (
        <Col xs={4} md={6} style={{ paddingTop: 30 }}>
          <Hint title={t('flight.search.removeFlight')}>
            <Button type="text" danger icon={<CloseOutlined />} aria-label={t('flight.search.removeFlightN', { n: index + 1 })} onClick={onRemove} />
          </Hint>
        </Col>
      )}
    </Row>
  );
}
