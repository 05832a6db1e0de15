import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Divider, Flex, Form, Input, Radio, Result, Row, Select, Skeleton, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GENDERS } from '@portal/contract/api/flight-orders';
import type { FrequentPassenger } from '@portal/contract/api/travellers';
import {
  SEAT_CLASSES,
  TRAIN_DOCUMENT_TYPES,
  TRAIN_MAX_PASSENGERS,
  TRAIN_TICKET_TYPES,
  type SeatClass,
  type TrainService,
} from '@portal/contract/api/trains';
import { validateTrainBooking } from '@portal/contract/passengers/train';
import { paths } from '../../../app/paths';
import { DateInput } from '../../../components/DateInput';
import { TravellerPickerModal } from '../../../components/travellers/TravellerPickerModal';
import { TravellerQuickSelect } from '../../../components/travellers/TravellerQuickSelect';
import { ContactCard } from '../../flight-confirm/components/ContactCard';
import { messageOf, namePathOf } from '../../flight-confirm/model/booking-form';
import { ApiError, CLIENT_CODES, newIdempotencyKey } from '../../../lib/api';
import { contactFromUser } from '../../../lib/contact-defaults';
import { useCountryOptions } from '../../../lib/countries';
import { formatDate, formatDuration } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { DEFAULT_DATE_FORMAT } from '@portal/contract/api/auth';
import { Availability } from '../../../components/train/Availability';
import { useTrainSearch } from '../../../components/train/search-trains';
import { chinaToday, daysLater } from '../../../components/train/train-dates';
import { formatTrainPrice } from '../../../components/train/train-money';
import { useCreateTrainOrder } from '../api/create-train-order';
import { useTrainTravellerImport } from '../components/useTrainTravellerImport';
import {
  berthChoices,
  bookingTotal,
  contactInput,
  emptyPassenger,
  isSleeper,
  passengerInputs,
  seatLetters,
  seatPreferences,
  ticketPrice,
  type TrainBookingForm,
} from '../model/booking';

interface NavState {
  service?: TrainService;
  backTo?: string;
}

const STATION = /^[A-Z]{3}$/;

/**
 * /train/booking/confirm?serviceId=&from=&to=&seatClass=&date= (issue 13): the chosen train, seat class (berth on
 * sleepers), 1 to 5 passengers with the railway's real-name rules (shared with the server), seat letters on EMU
 * trains, the contact, and Book, which holds the seats; payment follows on the order.
 */
export default function TrainBookingConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const nav = (location.state ?? {}) as NavState;
  const [params] = useSearchParams();
  const { me } = useSession();
  const userFormat = me?.userInfo.config.dateFormat ?? DEFAULT_DATE_FORMAT;
  const countries = useCountryOptions();
  const serviceId = params.get('serviceId') ?? '';
  const from = (params.get('from') ?? '').toUpperCase();
  const to = (params.get('to') ?? '').toUpperCase();
  const date = params.get('date') ?? '';
  const urlClass = params.get('seatClass') as SeatClass | null;
  const valid = Boolean(serviceId && STATION.test(from) && STATION.test(to) && /^\d{4}-\d{2}-\d{2}$/.test(date));

  // The seats and fares of now: the same search again, narrowed to this train.
  const search = useTrainSearch(valid ? { from, to, date, filters: {}, sort: { by: 'departure', order: 'asc' } } : null);
  const fresh = search.data?.services.find((s) => s.serviceId === serviceId && s.from.code === from && s.to.code === to);
  const service = fresh ?? (search.isLoading ? nav.service : undefined);
  const backTo = nav.backTo ?? paths.trainBooking;

  const [form] = Form.useForm<TrainBookingForm>();
  const create = useCreateTrainOrder();
  const idempotencyKey = useRef(newIdempotencyKey());
  const [failure, setFailure] = useState<string | null>(null);
  const initialValues = useMemo<TrainBookingForm>(
    () => ({
      seatClass: urlClass && (SEAT_CLASSES as readonly string[]).includes(urlClass) ? urlClass : 'second',
      berth: null,
      passengers: [emptyPassenger()],
      contact: contactFromUser(me),
      remark: '',
    }),
    // The form starts once; later session changes do not reset what the agent typed.
    [],
  );
  const seatClass = (Form.useWatch('seatClass', form) ?? initialValues.seatClass) as SeatClass;
  const berth = Form.useWatch('berth', form) ?? null;
  const passengers = (Form.useWatch('passengers', form) ?? initialValues.passengers) as TrainBookingForm['passengers'];
  const importer = useTrainTravellerImport(form, date);
  const [pickerMax, setPickerMax] = useState<number | null>(null);
  // A row's own traveller list gets one stable callback (the lists are memoised; the page renders on every keystroke).
  const importInto = useRef<(travellers: FrequentPassenger[], target?: number) => Promise<void>>(async () => undefined);
  const chooseInto = useMemo(() => Array.from({ length: TRAIN_MAX_PASSENGERS }, (_, row) => (traveller: FrequentPassenger) => void importInto.current([traveller], row)), []);

  if (!valid || (!service && !search.isLoading && !search.isError)) {
    return (
      <Result
        status="warning"
        title={t('train.order.serviceInvalid')}
        extra={
          <Link to={backTo}>
            <Button type="primary">{t('trains.book.back')}</Button>
          </Link>
        }
      />
    );
  }
  if (!service) {
    return search.isError ? (
      <Result
        status="error"
        title={t('trains.book.loadFailed')}
        subTitle={search.error.message}
        extra={<Button onClick={() => void search.refetch()}>{t('trains.results.retry')}</Button>}
      />
    ) : (
      <Card>
        <Skeleton active />
      </Card>
    );
  }

  const offer = service.classes.find((c) => c.seatClass === seatClass) ?? service.classes[0];
  const letters = seatLetters(service.trainType, offer.seatClass);
  const berths = berthChoices(offer);
  const total = bookingTotal(offer, { berth, passengers: passengers.map((p) => ({ ...p, ticketType: p?.ticketType ?? 'adult' })) });
  const counts = TRAIN_TICKET_TYPES.map((type) => ({ type, count: passengers.filter((p) => (p?.ticketType ?? 'adult') === type).length })).filter((c) => c.count > 0);

  const showFieldErrors = (errors: Record<string, string>) => {
    const general: string[] = [];
    const fields = Object.entries(errors).flatMap(([path, message]) => {
      if (path === 'passengers' || !/^(passengers\.\d+\.|contact\.|seatClass|berth|remark)/.test(path)) {
        general.push(message);
        return [];
      }
      return [{ name: namePathOf(path) as never, errors: [message] }];
    });
    form.setFields(fields);
    setFailure(general.length ? general.join(' · ') : null);
  };

  const openPicker = () => {
    const room = importer.room();
    if (room === 0) notify.info(t('trains.book.import.full', { max: TRAIN_MAX_PASSENGERS }));
    else setPickerMax(room);
  };
  const importPicked = async (travellers: FrequentPassenger[], target?: number) => {
    try {
      const { imported, notFitted, refused } = await importer.importTravellers(travellers, target);
      setPickerMax(null);
      setFailure(null);
      if (refused > 0) notify.warning(t('trains.book.import.refused', { count: refused }));
      if (notFitted > 0) notify.warning(t('trains.book.import.partly', { imported, notFitted, max: TRAIN_MAX_PASSENGERS }));
      else if (refused === 0 && target === undefined) notify.success(t('trains.book.import.done', { count: imported }));
    } catch (err) {
      notify.error(err instanceof Error && err.message ? err.message : t('trains.book.import.failed'));
    }
  };

  importInto.current = importPicked;

  const submit = async () => {
    setFailure(null);
    const values = form.getFieldsValue(true) as TrainBookingForm;
    const input = { passengers: passengerInputs(values), contact: contactInput(values) };
    const check = validateTrainBooking(input, { today: chinaToday(), travelDate: date });
    if (!check.ok) {
      showFieldErrors(Object.fromEntries(Object.entries(check.fields).map(([path, error]) => [path, messageOf(error, t)])));
      return;
    }
    try {
      const order = await create.mutateAsync({
        idempotencyKey: idempotencyKey.current,
        body: {
          serviceId: service.serviceId,
          supplier: service.supplier,
          from: service.from.code,
          to: service.to.code,
          seatClass: offer.seatClass,
          berth: isSleeper(offer.seatClass) && values.berth ? values.berth : undefined,
          seatPreferences: seatPreferences(service, { ...values, seatClass: offer.seatClass }),
          passengers: input.passengers,
          contact: input.contact,
          acceptedTotal: bookingTotal(offer, values),
          remark: values.remark?.trim() || null,
        },
      });
      notify.success(t('train.order.booked'));
      void navigate(paths.trainOrder(order.id));
    } catch (err) {
      // An answered refusal ends this attempt; an unanswered one is resent with the same key (never booked twice).
      if (err instanceof ApiError && err.code !== CLIENT_CODES.NETWORK) idempotencyKey.current = newIdempotencyKey();
      if (err instanceof ApiError && err.fields && Object.keys(err.fields).length > 0) showFieldErrors(err.fields);
      else setFailure(err instanceof Error && err.message ? err.message : t('trains.book.failed'));
    }
  };

  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={8} wrap>
        <Link to={backTo}>
          <Button icon={<ArrowLeftOutlined />}>{t('trains.book.back')}</Button>
        </Link>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('trains.title.confirm')}
        </Typography.Title>
      </Flex>

      <Card size="small" data-testid="train-summary">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            { key: 'train', label: t('trains.orders.col.train'), children: `${service.trainNumber} · ${t(`trains.types.${service.trainType}`)}` },
            { key: 'date', label: t('trains.search.date'), children: formatDate(service.departureAt.slice(0, 10), userFormat) },
            {
              key: 'ride',
              label: `${t('trains.search.from')} → ${t('trains.search.to')}`,
              children: `${service.from.name} ${service.from.time} → ${service.to.name} ${service.to.time}${service.crossesDays ? ` (+${daysLater(service.departureAt, service.arrivalAt)})` : ''}`,
            },
            { key: 'duration', label: t('trains.results.duration'), children: formatDuration(service.durationMinutes) },
          ]}
        />
      </Card>

      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        requiredMark={false}
        onFinish={() => void submit()}
        onValuesChange={(changed: Partial<TrainBookingForm>) => importer.onValuesChange(changed)}
      >
        <Flex vertical gap={16}>
          <Card size="small" title={t('trains.book.seatClass')}>
            <Form.Item name="seatClass" style={{ marginBottom: berths.length ? 12 : 0 }}>
              <Radio.Group aria-label={t('trains.book.seatClass')} onChange={() => form.setFieldValue('berth', null)}>
                <Flex wrap gap={8}>
                  {service.classes.map((c) => (
                    <Radio.Button key={c.seatClass} value={c.seatClass} disabled={c.available === 0} style={{ height: 'auto', padding: '4px 12px' }}>
                      <Flex vertical align="center" style={{ lineHeight: 1.4 }}>
                        <span>{t(`trains.seatClass.${c.seatClass}`)}</span>
                        <span>{formatTrainPrice(c.price)}</span>
                        <Availability offer={c} />
                      </Flex>
                    </Radio.Button>
                  ))}
                </Flex>
              </Radio.Group>
            </Form.Item>
            {berths.length > 0 && (
              <Form.Item name="berth" label={t('trains.book.berth')} style={{ marginBottom: 0 }}>
                <Radio.Group
                  aria-label={t('trains.book.berth')}
                  optionType="button"
                  options={[
                    { value: null as unknown as string, label: t('trains.book.noPreference') },
                    ...berths.map((b) => ({ value: b.berth, label: `${t(`trains.book.berths.${b.berth}`)} ${formatTrainPrice(b.price)}` })),
                  ]}
                />
              </Form.Item>
            )}
          </Card>

          <Form.List name="passengers">
            {(fields, { add, remove }) => (
              <Card
                size="small"
                title={t('trains.book.passengers', { count: fields.length, max: TRAIN_MAX_PASSENGERS })}
                extra={
                  <Flex gap={8} wrap justify="end">
                    <Button icon={<ImportOutlined />} disabled={importer.importing} onClick={openPicker}>
                      {t('trains.book.import.open')}
                    </Button>
                    <Button icon={<PlusOutlined />} disabled={fields.length >= TRAIN_MAX_PASSENGERS} onClick={() => add(emptyPassenger())}>
                      {t('trains.book.addPassenger')}
                    </Button>
                  </Flex>
                }
              >
                <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
                  {t('trains.book.childHint')}
                </Typography.Paragraph>
                {fields.map((field, i) => {
                  const n = i + 1;
                  const label = (key: string) => `${t(key)} (${t('trains.book.passengerN', { n })})`;
                  const documentType = passengers[i]?.travel_document?.type;
                  const rowNotes = importer.notes[i] ?? [];
                  return (
                    <div key={field.key} data-testid={`passenger-${i}`}>
                      {i > 0 && <Divider style={{ margin: '8px 0 16px' }} />}
                      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
                        <Flex gap={8} align="center" wrap>
                          <Typography.Text strong>{t('trains.book.passengerN', { n })}</Typography.Text>
                          <TravellerQuickSelect disabled={importer.importing} refusal={importer.refusal} onChoose={chooseInto[field.name]} />
                        </Flex>
                        {fields.length > 1 && (
                          <Button
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={t('trains.book.removePassenger', { n })}
                            onClick={() => {
                              remove(field.name);
                              importer.removed(field.name);
                            }}
                          />
                        )}
                      </Flex>
                      {rowNotes.map((note) => (
                        <Alert
                          key={note.id}
                          type="warning"
                          showIcon
                          style={{ marginBottom: 12 }}
                          closable={{ onClose: () => importer.dismiss(i, note.id) }}
                          title={t(note.key, note.params ?? {})}
                          data-testid={`passenger-${i}-note-${note.id}`}
                        />
                      ))}
                      <Row gutter={[16, 0]}>
                        <Col xs={24} md={8}>
                          <Form.Item name={[field.name, 'ticketType']} label={t('trains.book.ticketType')}>
                            <Radio.Group
                              aria-label={label('trains.book.ticketType')}
                              optionType="button"
                              options={TRAIN_TICKET_TYPES.map((type) => ({ value: type, label: `${t(`trains.book.ticketTypes.${type}`)} ${formatTrainPrice(ticketPrice(offer, type, berth))}` }))}
                            />
                          </Form.Item>
                        </Col>
                        <Col xs={12} md={8}>
                          <Form.Item name={[field.name, 'surname']} label={t('trains.book.surname')} extra={i === 0 ? t('trains.book.nameHint') : undefined}>
                            <Input aria-label={label('trains.book.surname')} maxLength={40} />
                          </Form.Item>
                        </Col>
                        <Col xs={12} md={8}>
                          <Form.Item name={[field.name, 'given_names']} label={t('trains.book.givenNames')}>
                            <Input aria-label={label('trains.book.givenNames')} maxLength={60} />
                          </Form.Item>
                        </Col>
                        <Col xs={24} md={8}>
                          <Form.Item name={[field.name, 'gender']} label={t('flight.book.gender')}>
                            <Radio.Group aria-label={label('flight.book.gender')} optionType="button" options={GENDERS.map((g) => ({ value: g, label: t(`flight.book.genders.${g}`) }))} />
                          </Form.Item>
                        </Col>
                        <Col xs={12} md={8}>
                          <Form.Item name={[field.name, 'birthday']} label={t('flight.book.birthday')}>
                            <DateInput aria-label={label('flight.book.birthday')} placeholder={t('flight.book.datePlaceholder')} defaultPickerValue="1990-01-01" />
                          </Form.Item>
                        </Col>
                        <Col xs={12} md={8}>
                          <Form.Item name={[field.name, 'nationality']} label={t('flight.book.nationality')}>
                            <Select aria-label={label('flight.book.nationality')} showSearch={{ optionFilterProp: 'label' }} options={countries} placeholder={t('flight.book.countryPlaceholder')} />
                          </Form.Item>
                        </Col>
                        <Col xs={24} md={8}>
                          <Form.Item name={[field.name, 'travel_document', 'type']} label={t('flight.book.documentType')}>
                            <Select aria-label={label('flight.book.documentType')} options={TRAIN_DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`flight.documents.${d}`) }))} />
                          </Form.Item>
                        </Col>
                        <Col xs={24} md={8}>
                          <Form.Item name={[field.name, 'travel_document', 'number']} label={t('flight.book.documentNumber')}>
                            <Input aria-label={label('flight.book.documentNumber')} maxLength={30} />
                          </Form.Item>
                        </Col>
                        {documentType && documentType !== 'idcard' && (
                          <Col xs={12} md={8}>
                            <Form.Item name={[field.name, 'travel_document', 'expiryDate']} label={t('flight.book.expiryDate')}>
                              <DateInput aria-label={label('flight.book.expiryDate')} placeholder={t('flight.book.datePlaceholder')} />
                            </Form.Item>
                          </Col>
                        )}
                        {letters.length > 0 && (
                          <Col xs={24} md={8}>
                            <Form.Item name={[field.name, 'seat']} label={t('trains.book.seatPreference')} extra={i === 0 ? t('trains.book.seatHint') : undefined}>
                              <Radio.Group
                                aria-label={label('trains.book.seatPreference')}
                                optionType="button"
                                options={[{ value: null as unknown as string, label: t('trains.book.noPreference') }, ...letters.map((l) => ({ value: l, label: l }))]}
                              />
                            </Form.Item>
                          </Col>
                        )}
                      </Row>
                    </div>
                  );
                })}
              </Card>
            )}
          </Form.List>

          <ContactCard rule={() => ({})} />

          <Card size="small">
            <Form.Item name="remark" label={t('trains.book.remark')}>
              <Input.TextArea aria-label={t('trains.book.remark')} maxLength={500} autoSize={{ minRows: 1, maxRows: 4 }} />
            </Form.Item>
          </Card>

          {failure && <Alert type="error" showIcon role="alert" title={failure} />}

          <Card size="small">
            <Flex justify="space-between" align="center" wrap gap={12}>
              <Flex vertical>
                {counts.map((c) => (
                  <Typography.Text key={c.type} type="secondary">
                    {t('trains.book.line', { type: t(`trains.book.ticketTypes.${c.type}`), count: c.count })} · {formatTrainPrice(ticketPrice(offer, c.type, berth))}
                  </Typography.Text>
                ))}
                <Typography.Text>
                  {t('trains.book.total')}{' '}
                  <Typography.Text strong style={{ fontSize: 20, color: '#d4380d' }} data-testid="total">
                    {formatTrainPrice(total)}
                  </Typography.Text>
                </Typography.Text>
              </Flex>
              <Button type="primary" size="large" htmlType="submit" loading={create.isPending}>
                {t('trains.book.submit')}
              </Button>
            </Flex>
          </Card>
        </Flex>
      </Form>
      <TravellerPickerModal
        open={pickerMax !== null}
        max={pickerMax ?? 0}
        importing={importer.importing}
        title={t('trains.book.import.title')}
        limitKey="trains.book.import.limit"
        refusal={importer.refusal}
        onCancel={() => setPickerMax(null)}
        onImport={(travellers) => void importPicked(travellers)}
      />
    </Flex>
  );
}
