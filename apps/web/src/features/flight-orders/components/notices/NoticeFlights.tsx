import { Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NoticeFlight, ScheduleNotice } from '@portal/contract/api/after-sales';
import { formatDate } from '../../../../lib/format';

function FlightLine({ f, dateFormat }: { f: NoticeFlight; dateFormat: string }) {
  return (
    <Flex vertical gap={0} data-testid="notice-flight">
      <Typography.Text strong>
        {f.flightNumber} · {f.origin} → {f.destination}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {formatDate(f.departure.slice(0, 10), dateFormat)} {f.departure.slice(11, 16)} – {f.arrival.slice(0, 10) !== f.departure.slice(0, 10) ? `${formatDate(f.arrival.slice(0, 10), dateFormat)} ` : ''}
        {f.arrival.slice(11, 16)}
      </Typography.Text>
    </Flex>
  );
}

/** The airline's old flights beside the new ones (stacked on a phone); "no new flight" for a cancellation without one. */
export function NoticeFlights({ notice, dateFormat, compact }: { notice: ScheduleNotice; dateFormat: string; compact?: boolean }) {
  const { t } = useTranslation();
  const column = (title: string, flights: NoticeFlight[], testId: string, empty: string) => (
    <Flex vertical gap={4} data-testid={testId}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {title}
      </Typography.Text>
      {flights.length ? flights.map((f, i) => <FlightLine key={i} f={f} dateFormat={dateFormat} />) : <Typography.Text type="danger">{empty}</Typography.Text>}
    </Flex>
  );
  return (
    <Row gutter={[16, 8]}>
      <Col xs={24} sm={compact ? 24 : 12}>
        {column(t('orders.notices.oldFlights'), notice.oldFlights, 'notice-old', '-')}
      </Col>
      <Col xs={24} sm={compact ? 24 : 12}>
        {column(t('orders.notices.newFlights'), notice.newFlights, 'notice-new', t('orders.notices.noNewFlight'))}
      </Col>
    </Row>
  );
}
