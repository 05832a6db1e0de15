import { useMemo, useState } from 'react';
import { Alert, Button, Col, Flex, Form, Input, Row, Select, Tooltip } from 'antd';
import { CloseOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CABIN_CLASSES, type CabinClass } from '@portal/contract/api/shopping-constants';
import { MAX_EXACT_SEGMENTS, nextSegment, validateExact, type ExactDraft, type ExactSegmentDraft } from '../model/exact-search';
import { today } from '../model/search-query';
import type { SearchErrors } from '../model/validate-search';
import { searchFormErrors } from '../model/form-errors';
import { LocationPicker } from '../../../components/flight/LocationPicker';
import { TravelDatePicker, bookingWindowEnd } from '../../../components/flight/TravelDatePicker';
import { PassengerPicker } from './PassengerPicker';

interface Props {
  initialDraft: ExactDraft;
  busy: boolean;
  dateFormat: string;
  /** Field messages the server answered with (segments.0.flightNumber...), already localized. */
  serverErrors: Record<string, string>;
  serverMessage: string | null;
  onSearch: (draft: ExactDraft) => void;
  onEdit: () => void;
}

const AUTO = 'auto';

/** Paths a field of this form shows; other messages are listed above the button. */
function shownOnField(path: string): boolean {
  return /^segments\.\d+\.(flightNumber|date|origin|destination|bookingClass)$/.test(path) || path.startsWith('passengers');
}

/**
 * Search by flight number (spec point 2, "search by PNR or code"): one or more flights by number and date, with their
 * airports and optionally the booking class; the server prices exactly those flights (accurate-search).
 */
export function ExactSearch({ initialDraft, busy, dateFormat, serverErrors, serverMessage, onSearch, onEdit }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ExactDraft>(initialDraft);
  const [submitted, setSubmitted] = useState(false);
  const clientErrors: SearchErrors = useMemo(() => (submitted ? validateExact(draft) : {}), [submitted, draft]);
  const { errorOf, passengerError, general } = searchFormErrors(t, clientErrors, serverErrors, serverMessage, shownOnField);
  const item = (path: string) => ({ validateStatus: errorOf(path) ? ('error' as const) : undefined, help: errorOf(path) });

  const edit = (next: ExactDraft) => {
    setDraft(next);
    onEdit();
  };
  const setSegment = (i: number, s: ExactSegmentDraft) => edit({ ...draft, segments: draft.segments.map((old, k) => (k === i ? s : old)) });

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(validateExact(draft)).length > 0) return;
    onSearch(draft);
  };

  return (
    <Form layout="vertical" requiredMark={false} component="div">
      <p className="portal-hint portal-hint--paragraph">{t('flight.search.exact.hint')}</p>
      {draft.segments.map((s, i) => {
        const at = `segments.${i}`;
        const n = i + 1;
        return (
          <Row key={i} gutter={[8, 0]} align="top" wrap data-testid={`exact-segment-${i}`}>
            <Col xs={12} md={4}>
              <Form.Item label={t('flight.search.exact.flightNumber')} htmlFor={`${at}.flightNumber`} {...item(`${at}.flightNumber`)}>
                <Input
                  id={`${at}.flightNumber`}
                  aria-label={t('flight.search.exact.flightNumberOf', { n })}
                  placeholder={t('flight.search.exact.flightNumberPlaceholder')}
                  value={s.flightNumber}
                  maxLength={10}
                  style={{ textTransform: 'uppercase' }}
                  onChange={(e) => setSegment(i, { ...s, flightNumber: e.target.value })}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={5}>
              <Form.Item label={t('flight.search.departure')} {...item(`${at}.date`)}>
                <TravelDatePicker
                  aria-label={t('flight.search.exact.dateOf', { n })}
                  value={s.date}
                  format={dateFormat}
                  placeholder={t('flight.search.datePlaceholder')}
                  min={today()}
                  max={bookingWindowEnd(today())}
                  onChange={(date) => setSegment(i, { ...s, date })}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={5}>
              <Form.Item label={t('flight.search.from')} htmlFor={`${at}.origin`} {...item(`${at}.origin`)}>
                <LocationPicker
                  id={`${at}.origin`}
                  airportsOnly
                  value={s.origin}
                  onChange={(origin) => setSegment(i, { ...s, origin })}
                  placeholder={t('flight.search.exact.airportPlaceholder')}
                  ariaLabel={t('flight.search.exact.originOf', { n })}
                  status={errorOf(`${at}.origin`) ? 'error' : undefined}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={5}>
              <Form.Item label={t('flight.search.to')} htmlFor={`${at}.destination`} {...item(`${at}.destination`)}>
                <LocationPicker
                  id={`${at}.destination`}
                  airportsOnly
                  value={s.destination}
                  onChange={(destination) => setSegment(i, { ...s, destination })}
                  placeholder={t('flight.search.exact.airportPlaceholder')}
                  ariaLabel={t('flight.search.exact.destinationOf', { n })}
                  status={errorOf(`${at}.destination`) ? 'error' : undefined}
                />
              </Form.Item>
            </Col>
            <Col xs={draft.segments.length > 1 ? 20 : 24} md={3}>
              <Form.Item label={t('flight.search.exact.bookingClass')} htmlFor={`${at}.bookingClass`} {...item(`${at}.bookingClass`)}>
                <Input
                  id={`${at}.bookingClass`}
                  aria-label={t('flight.search.exact.bookingClassOf', { n })}
                  placeholder={t('flight.search.exact.bookingClassPlaceholder')}
                  value={s.bookingClass}
                  maxLength={1}
                  style={{ textTransform: 'uppercase' }}
                  onChange={(e) => setSegment(i, { ...s, bookingClass: e.target.value })}
                />
              </Form.Item>
            </Col>
            {draft.segments.length > 1 && (
              <Col xs={4} md={2} style={{ paddingTop: 30 }}>
                <Tooltip title={t('flight.search.exact.removeSegment')}>
                  <Button
                    type="text"
                    danger
                    icon={<CloseOutlined />}
                    aria-label={t('flight.search.exact.removeSegmentN', { n })}
                    onClick={() => edit({ ...draft, segments: draft.segments.filter((_, k) => k !== i) })}
                  />
                </Tooltip>
              </Col>
            )}
          </Row>
        );
      })}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        disabled={draft.segments.length >= MAX_EXACT_SEGMENTS}
        onClick={() => edit({ ...draft, segments: [...draft.segments, nextSegment(draft.segments[draft.segments.length - 1])] })}
        style={{ marginBottom: 16 }}
      >
        {t('flight.search.exact.addSegment', { n: draft.segments.length, max: MAX_EXACT_SEGMENTS })}
      </Button>
      <Row gutter={[8, 0]} align="bottom">
        <Col xs={24} sm={12} md={8}>
          <Form.Item label={t('flight.search.passengers')} validateStatus={passengerError ? 'error' : undefined} help={passengerError}>
            <PassengerPicker value={draft.passengers} onChange={(passengers) => edit({ ...draft, passengers })} status={passengerError ? 'error' : undefined} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={8}>
          <Form.Item label={t('flight.search.cabin')} htmlFor="flight-exact-cabin">
            <Select
              id="flight-exact-cabin"
              aria-label={t('flight.search.exact.cabin')}
              value={draft.cabin ?? AUTO}
              options={[
                { value: AUTO, label: t('flight.search.exact.cabinAuto') },
                ...CABIN_CLASSES.map((c) => ({ value: c, label: t(`flight.cabin.${c}`) })),
              ]}
              onChange={(v: string) => edit({ ...draft, cabin: v === AUTO ? null : (v as CabinClass) })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8} style={{ textAlign: 'right' }}>
          <Form.Item>
            <Button type="primary" size="large" icon={<SearchOutlined />} loading={busy} onClick={submit} block>
              {t('flight.search.exact.submit')}
            </Button>
          </Form.Item>
        </Col>
      </Row>
      {general.length > 0 && (
        <Flex vertical>
          <Alert type="error" showIcon role="alert" title={general.length === 1 ? general[0] : undefined} description={general.length > 1 ? general.join(' · ') : undefined} />
        </Flex>
      )}
    </Form>
  );
}
