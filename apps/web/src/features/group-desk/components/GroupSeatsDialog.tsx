import { useEffect, useRef, useState } from 'react';
import { Alert, Flex, Form, Input, Radio, Skeleton, Steps, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { GROUP_ORDER_REMARK_MAX, type GroupOrder } from '@portal/contract/api/group-orders';
import { FormModal } from '../../../components/FormModal';
import { notify } from '../../../lib/notify';
import { useDeskGroup, useSeatsGroup } from '../api/group-desk';
import { changedQuoteDefaults, planSum, quoteTotal, seatsBody, type SeatsFormValues, type SeatsOutcome } from '../model/quote-form';
import type { QuoteTarget } from './GroupQuoteDialog';
import { applyQuoteErrors, FALLBACK_CURRENCY, pricedPassengers, QuoteFields } from './GroupQuoteFields';

interface Props {
  target: QuoteTarget | null;
  onClose: () => void;
  /** "No seats": the desk's reject dialog takes over (it asks the reason the agency reads). */
  onReject: (target: QuoteTarget) => void;
}

/**
 * The desk's seat work on a confirmed group (POST .../seats). Step 1, while the group is to_be_apply_seat: apply at the
 * airline for the quoted seats (the portal records the application with the answer, both moves on the history).
 * Step 2, the airline's answer: secured as quoted (-> first instalment due), changed (fewer seats or other flights: a
 * new quote version the agency must accept, edited in the quote's own fields), or no seats (reject, with a reason).
 */
export function GroupSeatsDialog({ target, onClose, onReject }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SeatsFormValues>();
  const [error, setError] = useState<string | null>(null);
  const [applied, setApplied] = useState(false);
  const prefilled = useRef(false);
  const group = useDeskGroup(target?.id ?? null);
  const seats = useSeatsGroup();
  const outcome = Form.useWatch('outcome', form) as SeatsOutcome | undefined;
  const g = group.data;
  const waiting = !!g && g.deskActions.includes('seats');
  const step = g?.status === 'to_be_apply_seat' && !applied ? 0 : 1;

  // A changed offer starts from the confirmed quote, once: switching back and forth keeps what the desk typed.
  useEffect(() => {
    if (outcome !== 'changed' || !g || prefilled.current) return;
    prefilled.current = true;
    form.setFieldsValue(changedQuoteDefaults(g, FALLBACK_CURRENCY, form.getFieldValue('remark') ?? ''));
  }, [form, outcome, g]);

  const submit = () => {
    // OK is disabled until the group is loaded and waits for its seats.
    if (!target || !g || !waiting) return;
    if (step === 0) {
      setApplied(true);
      return;
    }
    // The whole store: onFinish's values hold only the fields with an input, not each price line's passenger type.
    const all = form.getFieldsValue(true) as SeatsFormValues;
    if (all.outcome === 'reject') {
      onReject(target);
      return;
    }
    if (all.outcome !== 'secured' && all.outcome !== 'changed') return;
    if (all.outcome === 'changed') {
      const total = quoteTotal(all, pricedPassengers(g, true, all.seats));
      if (total === null || planSum(all) !== total) {
        setError(t('groups.desk.quote.sumMismatch'));
        return;
      }
    }
    setError(null);
    const secured = all.outcome === 'secured';
    seats.mutate(
      { id: target.id, body: seatsBody({ ...all, outcome: all.outcome }) },
      {
        onSuccess: () => {
          notify.success(t(secured ? 'groups.desk.seats.securedDone' : 'groups.desk.seats.changedDone', { booking: target.bookingNumber }));
          onClose();
        },
        onError: (err) => {
          setError(applyQuoteErrors(form, err, t('groups.desk.seats.failed'), 'quote.'));
          // Someone (the simulated desk, a colleague) may have moved the group meanwhile: show it as it now is.
          void group.refetch();
        },
      },
    );
  };

  const okText =
    step === 0
      ? t('groups.desk.seats.applied')
      : outcome === 'changed'
        ? t('groups.desk.seats.sendChanged')
        : outcome === 'reject'
          ? t('groups.desk.seats.toReject')
          : t('groups.desk.seats.recordSecured');

  return (
    <FormModal<SeatsFormValues>
      form={form}
      name="group-seats"
      open={target !== null}
      width={outcome === 'changed' && step === 1 ? 920 : 640}
      title={t('groups.desk.seats.title', { booking: target?.bookingNumber })}
      okText={okText}
      cancelText={t('groups.desk.back')}
      danger={step === 1 && outcome === 'reject'}
      // No longer the desk's to answer (the alert says where the group stands): nothing to submit.
      okDisabled={!waiting}
      confirmLoading={seats.isPending}
      onCancel={onClose}
      onFinish={submit}
      error={error}
      afterClose={() => {
        setError(null);
        setApplied(false);
        prefilled.current = false;
        seats.reset();
      }}
    >
      {g ? (
        <SeatsSteps group={g} step={step} waiting={waiting} outcome={outcome} form={form} />
      ) : group.isError ? (
        <Alert type="error" showIcon title={t('groups.desk.quote.loadFailed')} description={group.error.message} />
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} />
      )}
    </FormModal>
  );
}

function SeatsSteps({ group, step, waiting, outcome, form }: { group: GroupOrder; step: 0 | 1; waiting: boolean; outcome: SeatsOutcome | undefined; form: FormInstance<SeatsFormValues> }) {
  const { t } = useTranslation();
  const canReject = group.deskActions.includes('reject');
  return (
    <Flex vertical gap={16}>
      <Steps size="small" current={step} items={[{ title: t('groups.desk.seats.stepApply') }, { title: t('groups.desk.seats.stepOutcome') }]} />
      {!waiting && <Alert type="warning" showIcon title={t('groups.desk.seats.notWaiting', { status: t(`groups.status.${group.status}`) })} data-testid="seats-not-waiting" />}
      <QuoteSummary group={group} />
      {step === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('groups.desk.seats.applyNote')}
        </Typography.Paragraph>
      ) : (
        <>
          <Form.Item name="outcome" label={t('groups.desk.seats.outcome')} rules={[{ required: true, message: t('groups.desk.seats.outcomeRequired') }]}>
            <Radio.Group>
              <Flex vertical gap={8}>
                <Radio value="secured">
                  {t('groups.desk.seats.secured')}
                  <Typography.Text type="secondary"> · {t('groups.desk.seats.securedHint')}</Typography.Text>
                </Radio>
                <Radio value="changed">
                  {t('groups.desk.seats.changed')}
                  <Typography.Text type="secondary"> · {t('groups.desk.seats.changedHint')}</Typography.Text>
                </Radio>
                {canReject && (
                  <Radio value="reject">
                    {t('groups.desk.seats.reject')}
                    <Typography.Text type="secondary"> · {t('groups.desk.seats.rejectHint')}</Typography.Text>
                  </Radio>
                )}
              </Flex>
            </Radio.Group>
          </Form.Item>
          {outcome === 'secured' && (
            <Form.Item name="remark" label={t('groups.desk.quote.remark')} rules={[{ max: GROUP_ORDER_REMARK_MAX, message: t('groups.desk.remarkTooLong') }]}>
              <Input.TextArea rows={2} maxLength={GROUP_ORDER_REMARK_MAX} showCount />
            </Form.Item>
          )}
          {outcome === 'changed' && <QuoteFields group={group} form={form} changed />}
        </>
      )}
    </Flex>
  );
}

/** What the desk applies for: the confirmed quote's seats and flights. */
function QuoteSummary({ group }: { group: GroupOrder }) {
  const { t } = useTranslation();
  const q = group.quote;
  if (!q) return null;
  return (
    <Flex vertical gap={4} data-testid="seats-summary">
      <Typography.Text>{t('groups.desk.seats.applyIntro', { seats: q.seats, version: q.version })}</Typography.Text>
      {q.journeys.flatMap((j) =>
        j.flights.map((f, i) => (
          <Typography.Text key={`${j.journeyIndex}-${i}`} type="secondary" data-testid="seats-flight">
            {f.flightNumber} · {f.origin} → {f.destination} · {f.departure.replace('T', ' ')}
          </Typography.Text>
        )),
      )}
    </Flex>
  );
}
