import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Typography } from 'antd';
import { ImportOutlined, SnippetsOutlined } from '@ant-design/icons';
import type { Rule } from 'antd/es/form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import type { FareChoice, Solution } from '@portal/contract/api/shopping';
import type { FrequentPassenger } from '@portal/contract/api/travellers';
import type { PastedPassenger } from '@portal/contract/passengers/paste-import';
import { Code } from '@portal/contract/codes';
import { validateBooking, type FieldError } from '@portal/contract/passengers/validate';
import { paths } from '../../../app/paths';
import { contactFromUser } from '../../../lib/contact-defaults';
import type { MoneyFormatter } from '../../../components/flight/money';
import { newIdempotencyKey } from '../../../lib/api';
import { useCountryOptions } from '../../../lib/countries';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useCreateOrder } from '../api/create-order';
import {
  bookingRulesFor,
  createOrderBody,
  displayPath,
  documentTypeOptions,
  fieldErrorsOf,
  initialValues,
  localDate,
  messageOf,
  namePathOf,
  passengerSlots,
  toBookingInput,
  type BookingFormValues,
} from '../model/booking-form';
import { bookedToast, classifyBookingError, isFormPath, type BookingFailure } from '../model/booking-outcome';
import { BookingFailureAlert } from './BookingFailureAlert';
import { ContactCard } from './ContactCard';
import { PassengerCard } from './PassengerCard';
import { PastePassengersModal } from './PastePassengersModal';
import { TravellerPickerModal } from '../../../components/travellers/TravellerPickerModal';
import { usePassengerImport } from './usePassengerImport';

interface Props {
  searchId: string;
  fareId: string;
  fare: FareChoice;
  solution: Solution;
  /** The price is confirmed (unchanged, or a new price the agent accepted) and no check is running. */
  canBook: boolean;
  /** A price check runs (after the booking met a new price). */
  checking: boolean;
  money: MoneyFormatter;
  backTo: string;
  searchAgainTo: string;
  /** The server refused because the price went up; `submittedTotal` is the total that was sent. */
  onPriceChanged: (submittedTotal: number) => void;
  /** Bumped by the page once the agent accepted the new price the booking met: book again at that price. */
  resubmitSignal: number;
}

type Errors = { name: (string | number)[]; errors: string[] }[];

/**
 * Passengers and contact (issue 8): one card per passenger the fare was priced for, checked as the agent types by the
 * shared rules (@portal/contract/passengers/validate, run again by the server), then booked.
 */
export function BookingForm(props: Props) {
  const { searchId, fareId, fare, solution, canBook, checking, money, backTo, searchAgainTo, onPriceChanged, resubmitSignal } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { me } = useSession();
  const countries = useCountryOptions({ withCode: true });
  const [form] = Form.useForm();
  const create = useCreateOrder();

  // The passengers are those of the search; a new price for the same fare does not change who travels.
  const [slots] = useState(() => passengerSlots(fare));
  const documentTypes = useMemo(() => documentTypeOptions(fare.restrictions.documents), [fare.restrictions.documents]);
  const [initial] = useState(() => initialValues(slots, documentTypes, contactFromUser(me)));
  const today = localDate();
  const rules = useMemo(() => bookingRulesFor(fare, solution, today), [fare, solution, today]);

  const [failure, setFailure] = useState<BookingFailure | null>(null);
  const [frequentFlyerOpen, setFrequentFlyerOpen] = useState<ReadonlySet<number>>(new Set());
  /** Once the agent tried to book, every field shows its error; before, only fields the agent has filled in. */
  const submitted = useRef(false);
  /** The key of this booking attempt and the total it was sent with: new when anything changes. */
  const attempt = useRef<{ key: string; total: number } | null>(null);

  /** Anything changed is another booking: it gets a key of its own (typed, imported or recognised alike). */
  const changed = useCallback(() => {
    attempt.current = null;
    setFailure((f) => (f && f.kind !== 'fareGone' ? null : f));
  }, []);
  const openFrequentFlyer = useCallback((index: number) => setFrequentFlyerOpen((open) => new Set([...open, index])), []);
  const importer = usePassengerImport({ form, slots, fare, solution, documentTypes, onWritten: changed, openFrequentFlyer });
  const [pickerMax, setPickerMax] = useState<number | null>(null);
  const [pasteOpen, setPasteOpen] = useState(false);

  const openPicker = () => {
    const free = importer.freeSlots().length;
    if (free === 0) notify.info(t('flight.book.import.allFilled'));
    else setPickerMax(free);
  };
  const importPicked = async (travellers: FrequentPassenger[], target?: number) => {
    try {
      const { imported, notFitted } = await importer.importTravellers(travellers, target);
      setPickerMax(null);
      if (notFitted > 0) notify.warning(t('flight.book.import.partly', { imported, notFitted }));
      else if (target === undefined) notify.success(t('flight.book.import.done', { count: imported }));
    } catch (err) {
      notify.error(err instanceof Error && err.message ? err.message : t('flight.book.import.failed'));
    }
  };
  const importPasted = async (passengers: PastedPassenger[]) => {
    try {
      const { imported, notFitted } = await importer.importPasted(passengers);
      setPasteOpen(false);
      if (notFitted > 0) notify.warning(t('flight.book.import.partly', { imported, notFitted }));
      else notify.success(t('flight.book.import.done', { count: imported }));
    } catch (err) {
      notify.error(err instanceof Error && err.message ? err.message : t('flight.book.import.failed'));
    }
  };

  const check = useCallback(() => validateBooking(toBookingInput(form.getFieldsValue(true) as BookingFormValues), rules), [form, rules]);

  const rule = useCallback(
    (path: string, ...alsoShown: string[]): Rule => ({
      validator: async () => {
        if (!submitted.current && !form.isFieldTouched(namePathOf(path))) return;
        const fields = fieldErrorsOf(check());
        const error = [path, ...alsoShown].map((p) => fields[p]).find((e): e is FieldError => e !== undefined);
        if (error) throw new Error(messageOf(error, t));
      },
    }),
    [check, form, t],
  );
  const listRule = useMemo(
    () => ({
      validator: async () => {
        if (!submitted.current) return;
        const error = fieldErrorsOf(check()).passengers;
        if (error) throw new Error(messageOf(error, t));
      },
    }),
    [check, t],
  );

  /** Opens the frequent-flyer panels that hold an error, then brings the first error into view. */
  const reveal = useCallback(
    (errors: Errors) => {
      const first = errors[0];
      if (!first) return;
      const withFrequentFlyer = errors.filter((e) => e.name[0] === 'passengers' && e.name[2] === 'frequentFlyer').map((e) => Number(e.name[1]));
      if (withFrequentFlyer.length > 0) setFrequentFlyerOpen((open) => new Set([...open, ...withFrequentFlyer]));
      // After the panels opened (next frame), so the field can be scrolled to.
      setTimeout(() => form.scrollToField(first.name, { behavior: 'smooth', block: 'center', focus: true }), 0);
    },
    [form],
  );

  /** Puts messages (already in the user's language) on their fields; the first path of each field wins. */
  const showErrors = useCallback(
    (messages: [path: string, message: string][]) => {
      const byField = new Map<string, Errors[number]>();
      for (const [path, message] of messages) {
        const shown = displayPath(path);
        if (!byField.has(shown)) byField.set(shown, { name: namePathOf(shown), errors: [message] });
      }
      const errors = [...byField.values()];
      form.setFields(errors);
      reveal(errors);
    },
    [form, reveal],
  );

  const onSuccess = (order: FlightOrder) => {
    attempt.current = null;
    const toast = bookedToast(order);
    notify[toast.type](t(toast.key));
    void navigate(paths.flightOrder(order.id));
  };

  const onError = (err: unknown, total: number) => {
    const outcome = classifyBookingError(err, t('flight.book.failed'));
    // Only an attempt that never got an answer is resent with its key; any answer ends the attempt.
    if (outcome.kind !== 'unanswered') attempt.current = null;
    if (outcome.kind === 'priceChanged') {
      setFailure(null);
      onPriceChanged(total);
      return;
    }
    if (outcome.kind === 'fields') {
      const entries = Object.entries(outcome.fields);
      const onForm = entries.filter(([path]) => isFormPath(path));
      showErrors(onForm);
      // A validation answer whose every message sits on a field needs nothing more; a refusal still says why.
      const needsText = onForm.length < entries.length || outcome.code !== Code.VALIDATION;
      setFailure(needsText ? outcome : null);
      return;
    }
    setFailure(outcome);
  };

  const book = () => {
    submitted.current = true;
    if (!canBook || create.isPending) return;
    const checked = check();
    if (!checked.ok) {
      showErrors(Object.entries(checked.fields).map(([path, e]) => [path, messageOf(e, t)]));
      return;
    }
    const total = fare.totalSalePrice;
    if (!attempt.current || attempt.current.total !== total) attempt.current = { key: newIdempotencyKey(), total };
    setFailure(null);
    create.mutate(
      { body: createOrderBody({ searchId, fareId }, total, checked), idempotencyKey: attempt.current.key },
      { onSuccess, onError: (err) => onError(err, total) },
    );
  };

  const submit = () => {
    submitted.current = true;
    form.submit();
  };

  // After the agent accepted the price the booking met, book again at once: that is what they asked for.
  const lastSignal = useRef(resubmitSignal);
  useEffect(() => {
    if (resubmitSignal === lastSignal.current) return;
    lastSignal.current = resubmitSignal;
    submit();
  }, [resubmitSignal]); // only the signal starts it

  const fareGone = failure?.kind === 'fareGone';
  const booking = create.isPending;

  return (
    <Form
      form={form}
      name="booking"
      layout="vertical"
      initialValues={initial}
      validateTrigger="onBlur"
      disabled={booking}
      requiredMark={false}
      onFinish={book}
      onFinishFailed={({ errorFields }) => reveal(errorFields)}
      onValuesChange={(changedValues) => {
        changed();
        importer.onValuesChange(changedValues);
      }}
    >
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('flight.book.passengers')}
          </Typography.Title>
          <Flex gap={8} wrap>
            <Button icon={<ImportOutlined />} onClick={openPicker} disabled={booking || importer.importing}>
              {t('flight.book.import.open')}
            </Button>
            <Button icon={<SnippetsOutlined />} onClick={() => setPasteOpen(true)} disabled={booking || importer.importing}>
              {t('flight.book.paste.open')}
            </Button>
          </Flex>
        </Flex>
        <Form.List name="passengers" rules={[listRule]}>
          {(fields, _ops, { errors }) => (
            <Flex vertical gap={16}>
              {errors.length > 0 && (
                <div id="booking_passengers">
                  <Alert type="error" showIcon title={<Form.ErrorList errors={errors} />} />
                </div>
              )}
              {fields.map((field) => (
                <PassengerCard
                  key={field.key}
                  index={field.name}
                  slot={slots[field.name]}
                  documentTypes={documentTypes}
                  countries={countries}
                  today={today}
                  rule={rule}
                  frequentFlyerOpen={frequentFlyerOpen.has(field.name)}
                  notes={importer.notes[field.name]}
                  onDismissNote={(id) => importer.dismissNote(field.name, id)}
                  uncertain={(path) => importer.uncertainRule(field.name, path)}
                  memberCards={importer.memberCards[field.name]}
                  onChooseMemberCard={(id) => importer.chooseMemberCard(field.name, id)}
                  onChooseTraveller={(traveller) => void importPicked([traveller], field.name)}
                  onRecognised={(answer) => importer.applyRecognition(field.name, answer)}
                  onRecognitionFailed={(message) => importer.recognitionFailed(field.name, message)}
                  onRecognitionStart={() => importer.dismissNote(field.name, 'recognition')}
                  busy={booking || importer.importing}
                  onFrequentFlyerOpen={(open) =>
                    setFrequentFlyerOpen((prev) => {
                      const next = new Set(prev);
                      if (open) next.add(field.name);
                      else next.delete(field.name);
                      return next;
                    })
                  }
                />
              ))}
            </Flex>
          )}
        </Form.List>
        <ContactCard rule={rule} />
        <Card size="small">
          <Flex vertical gap={12}>
            {failure && <BookingFailureAlert failure={failure} onChooseFare={() => void navigate(backTo)} onSearchAgain={() => void navigate(searchAgainTo)} />}
            {booking && <Alert type="info" showIcon title={t('flight.book.booking')} role="status" />}
            {checking && !booking && <Alert type="info" showIcon title={t('flight.book.checkingPrice')} />}
            <Flex justify="space-between" align="center" gap={12} wrap>
              <Flex vertical>
                <Typography.Text type="secondary">{t('flight.book.totalToPay')}</Typography.Text>
                <Typography.Text strong style={{ fontSize: 20, color: '#d4380d' }} data-testid="book-total">
                  {money(fare.totalSalePrice, fare.currency)}
                </Typography.Text>
              </Flex>
              <Button type="primary" size="large" onClick={submit} loading={booking} disabled={!canBook || fareGone} style={{ minWidth: 160 }}>
                {booking ? t('flight.book.submitting') : t('flight.book.submit')}
              </Button>
            </Flex>
          </Flex>
        </Card>
      </Flex>
      <TravellerPickerModal
        open={pickerMax !== null}
        max={pickerMax ?? 0}
        importing={importer.importing}
        onCancel={() => setPickerMax(null)}
        onImport={(travellers) => void importPicked(travellers)}
      />
      <PastePassengersModal open={pasteOpen} today={today} importing={importer.importing} onCancel={() => setPasteOpen(false)} onImport={importPasted} />
    </Form>
  );
}
