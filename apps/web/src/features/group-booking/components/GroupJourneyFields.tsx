import { Button, Card, Col, Flex, Form, Input, Row, Switch, Tooltip, Typography } from 'antd';
import { CloseOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { GROUP_REMARK_MAX } from '@portal/contract/api/group-orders';
import { LocationPicker } from '../../../components/flight/LocationPicker';
import { TravelDatePicker } from '../../../components/flight/TravelDatePicker';
import { placeLabel } from '../../../components/flight/place-labels';
import type { GroupJourneyDraft } from '../model/group-draft';

interface Props {
  index: number;
  journey: GroupJourneyDraft;
  onChange: (next: GroupJourneyDraft) => void;
  /** The way back of a return: its places follow the first journey and are shown, not picked. */
  placesFixed?: boolean;
  minDate: string;
  maxDate: string;
  errorOf: (path: string) => string | undefined;
  dateFormat: string;
  onRemove?: () => void;
}

/** One journey of a group request: from, to, date, a remark and the two switches the desk reads. */
export function GroupJourneyFields({ index, journey, onChange, placesFixed = false, minDate, maxDate, errorOf, dateFormat, onRemove }: Props) {
  const { t } = useTranslation();
  const at = `journeys.${index}`;
  const err = (f: string) => errorOf(`${at}.${f}`);
  const item = (f: string) => ({ validateStatus: err(f) ? ('error' as const) : undefined, help: err(f) });
  const n = index + 1;

  return (
    <Card
      size="small"
      title={t('groups.booking.journeyN', { n })}
      data-testid="group-journey"
      extra={
        onRemove && (
          <Tooltip title={t('groups.booking.removeJourney')}>
            <Button type="text" danger icon={<CloseOutlined />} aria-label={t('groups.booking.removeJourneyN', { n })} onClick={onRemove} />
          </Tooltip>
        )
      }
    >
      <Row gutter={[12, 0]}>
        {placesFixed ? (
          <Col xs={24} md={12}>
            <Form.Item label={t('groups.booking.route')}>
              <Typography.Text data-testid={`journey-${index}-route`}>
                {journey.origin ? placeLabel(journey.origin, journey.originType) : '-'} → {journey.destination ? placeLabel(journey.destination, journey.destinationType) : '-'}
              </Typography.Text>
            </Form.Item>
          </Col>
        ) : (
          <Col xs={24} md={12}>
            <Row gutter={4} wrap={false}>
              <Col flex="1 1 0" style={{ minWidth: 0 }}>
                <Form.Item label={t('groups.booking.from')} htmlFor={`${at}.origin`} {...item('origin')}>
                  <LocationPicker
                    id={`${at}.origin`}
                    value={journey.origin}
                    valueType={journey.originType}
                    onChange={(origin, originType) => onChange({ ...journey, origin, originType })}
                    placeholder={t('groups.booking.fromPlaceholder')}
                    ariaLabel={t('groups.booking.originOf', { n })}
                    status={err('origin') ? 'error' : undefined}
                  />
                </Form.Item>
              </Col>
              <Col flex="none" style={{ paddingTop: 30 }}>
                <Tooltip title={t('groups.booking.swap')}>
                  <Button
                    shape="circle"
                    size="small"
                    icon={<SwapOutlined />}
                    aria-label={t('groups.booking.swapOf', { n })}
                    onClick={() =>
                      onChange({ ...journey, origin: journey.destination, originType: journey.destinationType, destination: journey.origin, destinationType: journey.originType })
                    }
                  />
                </Tooltip>
              </Col>
              <Col flex="1 1 0" style={{ minWidth: 0 }}>
                <Form.Item label={t('groups.booking.to')} htmlFor={`${at}.destination`} {...item('destination')}>
                  <LocationPicker
                    id={`${at}.destination`}
                    value={journey.destination}
                    valueType={journey.destinationType}
                    onChange={(destination, destinationType) => onChange({ ...journey, destination, destinationType })}
                    placeholder={t('groups.booking.toPlaceholder')}
                    ariaLabel={t('groups.booking.destinationOf', { n })}
                    status={err('destination') ? 'error' : undefined}
                  />
                </Form.Item>
              </Col>
            </Row>
          </Col>
        )}
        <Col xs={24} md={12}>
          <Form.Item label={t('groups.booking.date')} {...item('date')}>
            {/* Typed as agents type dates (2026-11-29, 29NOV), as in the flight search. */}
            <TravelDatePicker
              aria-label={t('groups.booking.dateOf', { n })}
              value={journey.date}
              format={dateFormat}
              min={minDate}
              max={maxDate}
              onChange={(date) => onChange({ ...journey, date })}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label={t('groups.booking.journeyRemark')} htmlFor={`${at}.remark`} {...item('remark')}>
            <Input.TextArea
              id={`${at}.remark`}
              value={journey.remark}
              maxLength={GROUP_REMARK_MAX}
              showCount
              autoSize={{ minRows: 1, maxRows: 4 }}
              placeholder={t('groups.booking.journeyRemarkPlaceholder')}
              onChange={(e) => onChange({ ...journey, remark: e.target.value })}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Flex gap={24} wrap>
            <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
              <Switch
                size="small"
                checked={journey.isChangeDate}
                aria-label={t('groups.booking.isChangeDateOf', { n })}
                onChange={(isChangeDate) => onChange({ ...journey, isChangeDate })}
              />
              {t('groups.booking.isChangeDate')}
            </label>
            <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
              <Switch
                size="small"
                checked={journey.acceptChangeFlight}
                aria-label={t('groups.booking.acceptChangeFlightOf', { n })}
                onChange={(acceptChangeFlight) => onChange({ ...journey, acceptChangeFlight })}
              />
              {t('groups.booking.acceptChangeFlight')}
            </label>
          </Flex>
        </Col>
      </Row>
    </Card>
  );
}
