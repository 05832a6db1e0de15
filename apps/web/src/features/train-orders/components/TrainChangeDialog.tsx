import { useRef, useState } from 'react';
import { Alert, Button, Card, Checkbox, Empty, Flex, Form, Grid, Modal, Radio, Spin, Typography } from 'antd';
import { ArrowRightOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DATE_FORMAT } from '@portal/contract/api/auth';
import type { PriceChangedData } from '@portal/contract/api/flight-orders';
import {
  chinaTimeToInstant,
  SLEEPER_CLASSES,
  trainChangeQuote,
  type Berth,
  trainPresaleWindow,
  type SeatClass,
  type TrainChangeBody,
  type TrainOrder,
  type TrainSearchBody,
} from '@portal/contract/api/trains';
import { Code } from '@portal/contract/codes';
import { TravelDatePicker } from '../../../components/flight/TravelDatePicker';
import { Availability } from '../../../components/train/Availability';
import { useTrainSearch } from '../../../components/train/search-trains';
import { formatTrainPrice } from '../../../components/train/train-money';
import { ApiError, newIdempotencyKey } from '../../../lib/api';
import { formatDate, formatDuration, toDayjsFormat } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { changeTrainTickets } from '../api/train-orders';
import { TicketQuoteTable } from './TicketQuoteTable';

interface Props {
  order: TrainOrder;
  open: boolean;
  onClose: () => void;
  onChanged: () => void;
}

interface Picked {
  serviceId: string;
  seatClass: SeatClass;
  /** Sleepers: the berth the new tickets get (priced by berth). */
  berth: Berth | null;
}

const isPriceChanged = (data: unknown): data is PriceChangedData =>
  typeof data === 'object' && data !== null && typeof (data as PriceChangedData).newTotal === 'number' && typeof (data as PriceChangedData).previousTotal === 'number';

/** Body fields the dialog has an input for (the others name the train picked from the search). */
const PLACED_FIELDS = ['passengerIds', 'date', 'berth'];

const pickKey = (serviceId: string, seatClass: string) => `${serviceId}|${seatClass}`;

/**
 * Change issued tickets to another train between the same stations (12306: once per ticket, the same day or later,
 * within the pre-sale window). The fare difference shown is the contract's trainChangeQuote, the reading the server
 * settles with: a dearer train is paid from the wallet up to what the agent accepted, a cheaper one refunds the
 * difference less the refund fee. A sleeper is priced by the berth picked (the server asks the railway for that berth).
 */
export function TrainChangeDialog({ order, open, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const { me } = useSession();
  const dateFormat = me?.userInfo.config.dateFormat ?? DEFAULT_DATE_FORMAT;
  const wide = Boolean(Grid.useBreakpoint().md);
  const changeable = order.passengers.filter((p) => p.ticketStatus === 'issued' && !p.change);
  const sale = trainPresaleWindow(new Date());
  const originalDay = order.departureAt.slice(0, 10);
  const firstDay = originalDay > sale.first ? originalDay : sale.first;

  const [chosen, setChosen] = useState<string[]>([]);
  const [date, setDate] = useState<string | null>(firstDay);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [priceChanged, setPriceChanged] = useState<PriceChangedData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // One key per attempt (these tickets to this train and class): a retry after no answer, a railway timeout or an
  // accepted new price is the same attempt, so the server never changes twice; a different choice is a new attempt.
  const attempt = useRef<{ intent: string; key: string } | null>(null);

  const searchBody: TrainSearchBody | null =
    open && date
      ? {
          from: order.from.code,
          fromType: 'station',
          to: order.to.code,
          toType: 'station',
          date,
          filters: { fromStations: [order.from.code], toStations: [order.to.code] },
          sort: { by: 'departure', order: 'asc' },
        }
      : null;
  const search = useTrainSearch(searchBody);
  const services = search.data && search.data.date === date ? search.data.services : [];

  const inOrder = order.passengers.filter((p) => chosen.includes(p.id));
  // Read from the latest search, so a search asked again after a price change shows its fares.
  const service = picked ? services.find((s) => s.serviceId === picked.serviceId) : undefined;
  const offer = service?.classes.find((c) => c.seatClass === picked?.seatClass);
  const quote =
    offer && inOrder.length
      ? trainChangeQuote(
          inOrder.map((p) => ({ passengerId: p.id, ticketType: p.ticketType, fare: p.price })),
          offer,
          chinaTimeToInstant(order.departureAt),
          new Date(),
          picked?.berth,
        )
      : null;
  const berths = offer && picked && SLEEPER_CLASSES.includes(picked.seatClass) ? (offer.berthPrices ?? []) : [];

  const clearOutcome = () => {
    setPriceChanged(null);
    setError(null);
    setFieldErrors({});
  };
  const reset = () => {
    setChosen([]);
    setDate(firstDay);
    setPicked(null);
    clearOutcome();
    attempt.current = null;
  };

  const confirm = async (acceptedDifference: number) => {
    if (!picked || !service || !date || !quote) return;
    const body: TrainChangeBody = {
      passengerIds: inOrder.map((p) => p.id),
      serviceId: service.serviceId,
      from: service.from.code,
      to: service.to.code,
      seatClass: picked.seatClass,
      ...(picked.berth ? { berth: picked.berth } : {}),
      date,
      acceptedDifference,
    };
    const intent = JSON.stringify([body.passengerIds, body.serviceId, body.from, body.to, body.seatClass, body.berth, body.date]);
    if (attempt.current?.intent !== intent) attempt.current = { intent, key: newIdempotencyKey() };
    setBusy(true);
    clearOutcome();
    try {
      await changeTrainTickets(order.id, body, attempt.current.key);
      attempt.current = null;
      notify.success(t('train.order.change.done'));
      onChanged();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === Code.PRICE_CHANGED && isPriceChanged(err.data)) {
        setPriceChanged(err.data);
        void search.refetch();
        return;
      }
      const fields = err instanceof ApiError ? (err.fields ?? {}) : {};
      setFieldErrors(fields);
      // A refusal tied to a field this dialog shows is said there, once; anything else above the footer.
      const placed = Object.keys(fields).length > 0 && Object.keys(fields).every((f) => PLACED_FIELDS.includes(f));
      if (!placed) setError((err as Error).message || t('trains.orders.change.failed'));
      // The server answered and refused: nothing was changed, so it may have moved on (a seat sold, the ticket
      // changed elsewhere); the order is read again.
      if (err instanceof ApiError && err.code >= 0) onChanged();
    } finally {
      setBusy(false);
    }
  };

  const nameOf = (id: string) => order.passengers.find((p) => p.id === id)?.name ?? id;
  const signed = (fen: number) => (fen > 0 ? `+${formatTrainPrice(fen)}` : fen < 0 ? `-${formatTrainPrice(-fen)}` : formatTrainPrice(0));

  let results = null;
  if (search.isError) {
    results = (
      <Alert
        type="error"
        showIcon
        title={t('trains.orders.change.searchFailed')}
        description={search.error.message}
        action={
          <Button size="small" icon={<ReloadOutlined />} onClick={() => void search.refetch()}>
            {t('trains.orders.retry')}
          </Button>
        }
      />
    );
  } else if (search.isFetching && services.length === 0) {
    results = (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin />
      </Flex>
    );
  } else if (search.data && services.length === 0) {
    results = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trains.orders.change.noTrains')} />;
  } else if (services.length > 0) {
    results = (
      <Radio.Group
        value={picked ? pickKey(picked.serviceId, picked.seatClass) : null}
        onChange={(e) => {
          const [serviceId, seatClass] = String(e.target.value).split('|');
          clearOutcome();
          // A sleeper starts at its headline fare's berth (the cheapest, as listed); the agent may pick another.
          const classOffer = services.find((x) => x.serviceId === serviceId)?.classes.find((c) => c.seatClass === seatClass);
          const headline = classOffer?.berthPrices?.find((b) => b.price === classOffer.price) ?? classOffer?.berthPrices?.[0];
          setPicked({ serviceId, seatClass: seatClass as SeatClass, berth: SLEEPER_CLASSES.includes(seatClass as SeatClass) ? (headline?.berth ?? null) : null });
        }}
        style={{ width: '100%' }}
      >
        <Flex vertical gap={8} data-testid="change-results" style={{ maxHeight: wide ? 360 : undefined, overflowY: wide ? 'auto' : undefined }}>
          {services.map((s) => (
            <Card key={s.serviceId} size="small" data-testid="change-train" data-train={s.trainNumber} styles={{ body: { padding: 10 } }}>
              <Flex gap={wide ? 16 : 8} vertical={!wide} align={wide ? 'center' : 'stretch'}>
                <Flex gap={8} align="center" wrap style={{ minWidth: wide ? 240 : undefined }}>
                  <Typography.Text strong>{s.trainNumber}</Typography.Text>
                  <span>
                    {s.from.time} <ArrowRightOutlined /> {s.to.time}
                  </span>
                  <Typography.Text type="secondary">{formatDuration(s.durationMinutes)}</Typography.Text>
                </Flex>
                <Flex gap={8} wrap>
                  {s.classes.map((c) => (
                    <Radio
                      key={c.seatClass}
                      value={pickKey(s.serviceId, c.seatClass)}
                      disabled={c.available === 0}
                      aria-label={t('trains.orders.change.pickClass', { train: s.trainNumber, seatClass: t(`trains.seatClass.${c.seatClass}`) })}
                    >
                      <Flex vertical>
                        <span>
                          {t(`trains.seatClass.${c.seatClass}`)} <Typography.Text strong>{formatTrainPrice(c.price)}</Typography.Text>
                        </span>
                        <Availability offer={c} />
                      </Flex>
                    </Radio>
                  ))}
                </Flex>
              </Flex>
            </Card>
          ))}
        </Flex>
      </Radio.Group>
    );
  }

  const confirmLabel = quote && quote.owed > 0 ? t('trains.orders.change.confirmPay', { amount: formatTrainPrice(quote.owed) }) : t('trains.orders.change.confirm');

  return (
    <Modal
      open={open}
      title={t('trains.orders.change.title')}
      width={wide ? 880 : undefined}
      onCancel={onClose}
      destroyOnHidden
      afterClose={reset}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('trains.orders.change.close')}
        </Button>,
        <Button key="change" type="primary" loading={busy} disabled={!quote || priceChanged !== null} onClick={() => void confirm(quote!.owed)}>
          {confirmLabel}
        </Button>,
      ]}
    >
      <Form layout="vertical" component="div">
        <Typography.Paragraph type="secondary">{t('trains.orders.change.rule', { from: order.from.name, to: order.to.name })}</Typography.Paragraph>
        <Form.Item label={t('trains.orders.change.choose')} validateStatus={fieldErrors.passengerIds ? 'error' : undefined} help={fieldErrors.passengerIds}>
          {changeable.length === 0 ? (
            <Typography.Text type="secondary">{t('trains.orders.change.noneChangeable')}</Typography.Text>
          ) : (
            <Checkbox.Group
              value={chosen}
              onChange={(v) => {
                clearOutcome();
                setChosen(v as string[]);
              }}
              aria-label={t('trains.orders.change.choose')}
            >
              <Flex vertical gap={4}>
                {changeable.map((p) => (
                  <Checkbox key={p.id} value={p.id}>
                    {p.name} · {t(`trains.book.ticketTypes.${p.ticketType}`)} · {formatTrainPrice(p.price)}
                  </Checkbox>
                ))}
              </Flex>
            </Checkbox.Group>
          )}
        </Form.Item>
        <Form.Item
          label={t('trains.orders.change.date')}
          validateStatus={fieldErrors.date ? 'error' : undefined}
          help={fieldErrors.date}
          extra={fieldErrors.date ? undefined : t('trains.orders.change.dateHint', { first: formatDate(firstDay, dateFormat), last: formatDate(sale.last, dateFormat) })}
        >
          <TravelDatePicker
            aria-label={t('trains.orders.change.date')}
            value={date}
            min={firstDay}
            max={sale.last}
            format={toDayjsFormat(dateFormat)}
            status={fieldErrors.date ? 'error' : ''}
            onChange={(next) => {
              clearOutcome();
              setPicked(null);
              setDate(next);
            }}
          />
        </Form.Item>
        <Form.Item label={t('trains.orders.change.trains', { from: order.from.name, to: order.to.name })}>{results}</Form.Item>
        {picked && berths.length > 0 && (
          <Form.Item
            label={t('trains.orders.change.berth')}
            validateStatus={fieldErrors.berth ? 'error' : undefined}
            help={fieldErrors.berth}
            extra={fieldErrors.berth ? undefined : t('trains.orders.change.berthHint')}
          >
            <Radio.Group
              aria-label={t('trains.orders.change.berth')}
              value={picked.berth}
              onChange={(e) => {
                clearOutcome();
                setPicked({ ...picked, berth: e.target.value as Berth });
              }}
            >
              {berths.map((b) => (
                <Radio key={b.berth} value={b.berth}>
                  {t(`trains.book.berths.${b.berth}`)} {formatTrainPrice(b.price)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        )}
      </Form>

      {quote && picked && service && (
        <Flex vertical gap={8} data-testid="change-quote">
          <Typography.Text strong>
            {t('trains.orders.change.newRide', {
              train: service.trainNumber,
              date: formatDate(date, dateFormat),
              time: service.from.time,
              seatClass: `${t(`trains.seatClass.${picked.seatClass}`)}${picked.berth ? ` · ${t(`trains.book.berths.${picked.berth}`)}` : ''}`,
            })}
          </Typography.Text>
          {wide ? (
            <TicketQuoteTable
              lines={quote.lines}
              name={(l) => nameOf(l.passengerId)}
              amounts={[
                { key: 'old', title: t('trains.orders.change.oldFare'), text: (l) => formatTrainPrice(l.oldFare) },
                { key: 'new', title: t('trains.orders.change.newFare'), text: (l) => formatTrainPrice(l.newFare) },
                { key: 'diff', title: t('trains.orders.change.difference'), text: (l) => signed(l.difference), testId: 'change-difference' },
                { key: 'fee', title: t('trains.orders.change.fee'), text: (l) => formatTrainPrice(l.fee), testId: 'change-fee' },
              ]}
            />
          ) : (
            // A phone has no room for five columns: one small card per ticket.
            <Flex vertical gap={8}>
              {quote.lines.map((l) => (
                <Card key={l.passengerId} size="small" data-testid="change-quote-line">
                  <Typography.Text strong>{nameOf(l.passengerId)}</Typography.Text>
                  <div>
                    {formatTrainPrice(l.oldFare)} <ArrowRightOutlined /> {formatTrainPrice(l.newFare)}
                  </div>
                  <Flex justify="space-between">
                    <span>{t('trains.orders.change.difference')}</span>
                    <span data-testid="change-difference">{signed(l.difference)}</span>
                  </Flex>
                  <Flex justify="space-between">
                    <span>{t('trains.orders.change.fee')}</span>
                    <span data-testid="change-fee">{formatTrainPrice(l.fee)}</span>
                  </Flex>
                </Card>
              ))}
            </Flex>
          )}
          {quote.owed > 0 && <Typography.Text strong data-testid="change-owed">{t('trains.orders.change.owed', { amount: formatTrainPrice(quote.owed) })}</Typography.Text>}
          {quote.returned > 0 && <Typography.Text strong data-testid="change-returned">{t('trains.orders.change.returned', { amount: formatTrainPrice(quote.returned) })}</Typography.Text>}
          {quote.owed === 0 && quote.returned === 0 && <Typography.Text strong data-testid="change-even">{t('trains.orders.change.even')}</Typography.Text>}
          {quote.lines.some((l) => l.difference < 0) && <Typography.Text type="secondary">{t('trains.orders.change.feeRule')}</Typography.Text>}
        </Flex>
      )}

      {priceChanged && (
        <Alert
          style={{ marginTop: 12 }}
          type="warning"
          showIcon
          data-testid="change-price-changed"
          title={t('trains.orders.change.priceChanged', { previous: formatTrainPrice(priceChanged.previousTotal), next: formatTrainPrice(priceChanged.newTotal) })}
          action={
            <Button type="primary" size="small" loading={busy} onClick={() => void confirm(priceChanged.newTotal)}>
              {t('trains.orders.change.acceptPrice', { amount: formatTrainPrice(priceChanged.newTotal) })}
            </Button>
          }
        />
      )}
      {error && <Alert style={{ marginTop: 12 }} type="error" showIcon title={error} />}
    </Modal>
  );
}
