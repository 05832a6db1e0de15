import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Flex, Form, Input, InputNumber, Radio, Row, Select, Typography } from 'antd';
import { PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GROUP_MAX_TRAVELLERS, GROUP_MIN_TRAVELLERS, GROUP_ORDER_REMARK_MAX, GROUP_TRIP_TYPES, type GroupTripType } from '@portal/contract/api/group-orders';
import { CABIN_CLASSES, MAX_JOURNEYS, PASSENGER_TYPES, type PassengerType } from '@portal/contract/api/shopping';
import { paths } from '../../../app/paths';
import { AreaCodeSelect } from '../../../components/AreaCodeSelect';
import { toDayjsFormat } from '../../../lib/format';
import { useDateFormat } from '../../../lib/use-date-format';
import { useSession } from '../../../lib/session';
import { GroupJourneyFields } from '../components/GroupJourneyFields';
import { GroupRequestNote } from '../../../components/groups/GroupRequestNote';
import {
  addJourney,
  canAddJourney,
  defaultDraft,
  journeyRows,
  lastDate,
  loadDraft,
  saveDraft,
  setTripType,
  today,
  validateDraft,
  type GroupDraft,
  type GroupJourneyDraft,
} from '../model/group-draft';

/** Paths a field shows; anything else is listed above the Continue button. */
const shownOnField = (path: string) =>
  /^journeys\.\d+\.(origin|destination|date|remark)$/.test(path) || /^passengers\.(adult|child|infant)$/.test(path) || /^contact\.(name|email|areaCode|phone)$/.test(path) || path === 'remark';

/** /flight/group/booking: the group request (spec points 2, 3, 5, 9). Continue reviews it on the confirm page. */
export default function GroupBookingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { me } = useSession();
  const dateFormat = toDayjsFormat(useDateFormat());
  const [draft, setDraft] = useState<GroupDraft>(() => loadDraft() ?? defaultDraft(me));
  const [checked, setChecked] = useState(false);

  useEffect(() => saveDraft(draft), [draft]);

  const rows = journeyRows(draft);
  const errors = useMemo(() => (checked ? validateDraft(draft) : {}), [checked, draft]);
  const errorOf = (path: string) => {
    const e = errors[path];
    return e ? t(e.key, e.params ?? {}) : undefined;
  };
  const general = [...new Set(Object.keys(errors).filter((p) => !shownOnField(p)).map((p) => errorOf(p) as string))];
  const item = (path: string) => ({ validateStatus: errorOf(path) ? ('error' as const) : undefined, help: errorOf(path) });

  const updateJourney = (i: number, next: GroupJourneyDraft) => setDraft((d) => ({ ...d, journeys: d.journeys.map((j, k) => (k === i ? next : j)) }));
  const removeJourney = (i: number) => setDraft((d) => ({ ...d, journeys: d.journeys.filter((_, k) => k !== i) }));
  const setCount = (type: PassengerType, n: number | null) => setDraft((d) => ({ ...d, passengers: { ...d.passengers, [type]: typeof n === 'number' ? n : 0 } }));
  const setContact = (field: keyof GroupDraft['contact'], value: string) => setDraft((d) => ({ ...d, contact: { ...d.contact, [field]: value } }));
  const seated = draft.passengers.adult + draft.passengers.child;

  function onContinue() {
    setChecked(true);
    if (Object.keys(validateDraft(draft)).length > 0) return;
    saveDraft(draft);
    void navigate(paths.groupBookingConfirm);
  }

  const min = today();
  const max = lastDate();

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1080, margin: '0 auto', width: '100%' }}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex vertical gap={4}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('groups.booking.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('groups.booking.subtitle', { min: GROUP_MIN_TRAVELLERS })}</Typography.Text>
        </Flex>
        <Link to={paths.groupOrders}>
          <UnorderedListOutlined /> {t('groups.booking.myGroups')}
        </Link>
      </Flex>
      <GroupRequestNote />
      <Form layout="vertical" component="div" requiredMark={false}>
        <Flex vertical gap={16}>
          <Card size="small" title={t('groups.booking.journeys')}>
            <Flex vertical gap={12}>
              <Radio.Group
                optionType="button"
                value={draft.tripType}
                aria-label={t('groups.booking.tripType')}
                onChange={(e) => setDraft((d) => setTripType(d, e.target.value as GroupTripType))}
                options={GROUP_TRIP_TYPES.map((v) => ({ value: v, label: t(`groups.tripType.${v}`) }))}
              />
              {rows.map((j, i) => (
                <GroupJourneyFields
                  key={i}
                  index={i}
                  journey={j}
                  placesFixed={draft.tripType === 'return' && i === 1}
                  onChange={(next) => updateJourney(i, next)}
                  minDate={i > 0 && rows[i - 1].date ? (rows[i - 1].date as string) : min}
                  maxDate={max}
                  errorOf={errorOf}
                  dateFormat={dateFormat}
                  onRemove={draft.tripType === 'multi' && rows.length > 2 ? () => removeJourney(i) : undefined}
                />
              ))}
              {draft.tripType === 'multi' && (
                <Flex align="center" gap={12} wrap>
                  <Button icon={<PlusOutlined />} disabled={!canAddJourney(draft)} onClick={() => setDraft(addJourney)}>
                    {t('groups.booking.addJourney')}
                  </Button>
                  <Typography.Text type="secondary">{t('groups.booking.maxJourneys', { max: MAX_JOURNEYS })}</Typography.Text>
                </Flex>
              )}
            </Flex>
          </Card>

          <Card size="small" title={t('groups.booking.travellers')}>
            <Row gutter={[12, 0]}>
              {PASSENGER_TYPES.map((type) => (
                <Col key={type} xs={8} md={6}>
                  <Form.Item label={t(`groups.passengerType.${type}`)} htmlFor={`passengers.${type}`} {...item(`passengers.${type}`)}>
                    <InputNumber
                      id={`passengers.${type}`}
                      min={0}
                      max={GROUP_MAX_TRAVELLERS}
                      precision={0}
                      value={draft.passengers[type]}
                      onChange={(n) => setCount(type, n)}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                </Col>
              ))}
              <Col xs={24} md={6}>
                <Form.Item label={t('groups.booking.cabin')} htmlFor="cabin">
                  <Select
                    id="cabin"
                    value={draft.cabin}
                    onChange={(cabin) => setDraft((d) => ({ ...d, cabin }))}
                    options={CABIN_CLASSES.map((c) => ({ value: c, label: t(`groups.cabin.${c}`) }))}
                  />
                </Form.Item>
              </Col>
            </Row>
            <Typography.Text type="secondary" data-testid="seated">
              {t('groups.booking.seated', { count: seated, min: GROUP_MIN_TRAVELLERS })}
            </Typography.Text>
          </Card>

          <Card size="small" title={t('groups.booking.contact')}>
            <Row gutter={[12, 0]}>
              <Col xs={24} md={12}>
                <Form.Item label={t('groups.contact.name')} htmlFor="contact.name" {...item('contact.name')}>
                  <Input id="contact.name" autoComplete="name" maxLength={60} value={draft.contact.name} onChange={(e) => setContact('name', e.target.value)} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item label={t('groups.contact.email')} htmlFor="contact.email" {...item('contact.email')}>
                  <Input id="contact.email" type="email" autoComplete="email" maxLength={254} value={draft.contact.email} onChange={(e) => setContact('email', e.target.value)} />
                </Form.Item>
              </Col>
              <Col xs={8} md={6}>
                <Form.Item label={t('groups.contact.areaCode')} htmlFor="contact.areaCode" {...item('contact.areaCode')}>
                  <AreaCodeSelect id="contact.areaCode" value={draft.contact.areaCode || undefined} onChange={(v) => setContact('areaCode', v ?? '')} />
                </Form.Item>
              </Col>
              <Col xs={16} md={18}>
                <Form.Item label={t('groups.contact.phone')} htmlFor="contact.phone" {...item('contact.phone')}>
                  <Input id="contact.phone" inputMode="tel" autoComplete="tel-national" maxLength={20} value={draft.contact.phone} onChange={(e) => setContact('phone', e.target.value)} />
                </Form.Item>
              </Col>
              <Col xs={24}>
                <Form.Item label={t('groups.booking.remark')} htmlFor="remark" {...item('remark')}>
                  <Input.TextArea
                    id="remark"
                    value={draft.remark}
                    maxLength={GROUP_ORDER_REMARK_MAX}
                    showCount
                    autoSize={{ minRows: 2, maxRows: 6 }}
                    onChange={(e) => setDraft((d) => ({ ...d, remark: e.target.value }))}
                  />
                </Form.Item>
              </Col>
            </Row>
          </Card>

          {general.length > 0 && <Alert type="error" showIcon title={general.join(' ')} data-testid="group-errors" />}
          <Flex justify="end">
            <Button type="primary" size="large" onClick={onContinue}>
              {t('groups.booking.continue')}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Flex>
  );
}
