import { useState } from 'react';
import { Alert, Checkbox, Flex, Form, Input, Select, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AfterSalesOptions, RefundRequestBody } from '@portal/contract/api/after-sales';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { FormModal } from '../../../../components/FormModal';
import { paths } from '../../../../app/paths';
import { applyServerErrors } from '../../../../lib/form-errors';
import { notify } from '../../../../lib/notify';
import { requestRefund } from '../../api/request-refund';
import { REFUND_REASONS, isInvoluntaryReason, needsDocuments, openLegsOf, refundReasonKey, subReasonKey, subReasonsOf } from '../../model/after-sales';
import { PassengerChoices } from './quote-parts';
import { useIntentKey } from '../../model/intent-key';
import { AttachmentsField, type UploadItem } from './AttachmentsField';
import { useLegText } from './leg-text';

export interface RefundPreset {
  reason?: number;
  subReason?: string;
}

interface Props {
  order: FlightOrder;
  options: AfterSalesOptions;
  open: boolean;
  /** Opened from a refused schedule change: the reason (3) and sub-reason chosen already. */
  preset?: RefundPreset | null;
  dateFormat: string;
  onClose: () => void;
  /** The new refund order was created. */
  onDone: (order: FlightOrder) => void;
}

interface Values {
  passengerIds: string[];
  legs: number[];
  reason?: number;
  subReason?: string;
  remark?: string;
}

const FIELDS = ['passengerIds', 'legs', 'reason', 'subReason', 'remark'];

/**
 * Request a refund: which passengers and flights (only tickets still open), why (reasons 0-7, a detailed reason for
 * 2, 3 and 6), a remark and supporting documents. The answer is the new refund order, which the page then opens.
 */
export function RefundDialog({ order, options, open, preset, dateFormat, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [files, setFiles] = useState<UploadItem[]>([]);
  const [docsError, setDocsError] = useState<string | null>(null);
  const intent = useIntentKey();
  const legText = useLegText(order.legs, dateFormat);

  const passengerIds = Form.useWatch('passengerIds', form) ?? [];
  const reason = Form.useWatch('reason', form);
  const subs = subReasonsOf(reason);
  const legs = openLegsOf(options, passengerIds);

  const submit = useMutation({
    mutationFn: ({ body, key }: { body: RefundRequestBody; key: string }) => requestRefund(order.id, body, key),
    onSuccess: (next) => {
      intent.settled();
      notify.success(t('orders.afterSales.refund.done', { booking: next.bookingNumber }));
      onDone(next);
      onClose();
      void navigate(paths.flightOrder(next.id));
    },
    onError: (err) => {
      intent.settled(err);
      setError(applyServerErrors(form, err, FIELDS, t('orders.afterSales.refund.failed')));
    },
  });

  const onFinish = (v: Values) => {
    setError(null);
    setDocsError(null);
    if (files.some((f) => f.status === 'uploading')) {
      setDocsError(t('orders.afterSales.attachments.wait'));
      return;
    }
    const attachmentIds = files.filter((f) => f.status === 'done' && f.attachment).map((f) => f.attachment!.id);
    if (needsDocuments(v.reason) && attachmentIds.length === 0) {
      setDocsError(t('orders.afterSales.attachments.required'));
      return;
    }
    // Flights no longer open for the chosen passengers are not shown, and not sent.
    const open = openLegsOf(options, v.passengerIds);
    const body: RefundRequestBody = {
      passengerIds: v.passengerIds,
      legs: v.legs.filter((l) => open.includes(l)).sort((a, b) => a - b),
      reason: v.reason!,
      subReason: subReasonsOf(v.reason).length ? (v.subReason ?? null) : null,
      remark: v.remark?.trim() || null,
      attachmentIds,
    };
    submit.mutate({ body, key: intent.keyFor(JSON.stringify(body)) });
  };

  const allPassengers = options.open.map((o) => o.passengerId);
  const initialValues: Values = {
    passengerIds: allPassengers,
    legs: openLegsOf(options, allPassengers),
    reason: preset?.reason,
    subReason: preset?.subReason,
  };

  return (
    <FormModal<Values>
      form={form}
      name="refund-request"
      open={open}
      width={640}
      title={t('orders.afterSales.refund.title', { booking: order.bookingNumber })}
      okText={t('orders.afterSales.refund.submit')}
      cancelText={t('orders.common.back')}
      confirmLoading={submit.isPending}
      initialValues={initialValues}
      onCancel={onClose}
      onFinish={onFinish}
      error={error}
      afterClose={() => {
        setError(null);
        setDocsError(null);
        setFiles([]);
        intent.reset();
        submit.reset();
      }}
    >
      <Form.Item
        name="passengerIds"
        label={t('orders.afterSales.fields.passengers')}
        rules={[{ required: true, type: 'array', min: 1, message: t('orders.afterSales.errors.passengers') }]}
      >
        <Checkbox.Group>
          <PassengerChoices open={options.open} />
        </Checkbox.Group>
      </Form.Item>
      <Form.Item
        name="legs"
        label={t('orders.afterSales.fields.legs')}
        required
        dependencies={['passengerIds']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value: number[] | undefined) => {
              const open = openLegsOf(options, getFieldValue('passengerIds') ?? []);
              return (value ?? []).some((l) => open.includes(l)) ? Promise.resolve() : Promise.reject(new Error(t('orders.afterSales.errors.legs')));
            },
          }),
        ]}
      >
        <Checkbox.Group>
          <Flex vertical gap={4}>
            {legs.map((l) => (
              <Checkbox key={l} value={l}>
                {legText(l)}
              </Checkbox>
            ))}
          </Flex>
        </Checkbox.Group>
      </Form.Item>
      <Form.Item name="reason" label={t('orders.afterSales.fields.reason')} rules={[{ required: true, message: t('orders.afterSales.errors.reason') }]}>
        <Select
          placeholder={t('orders.afterSales.fields.reasonPlaceholder')}
          options={REFUND_REASONS.map((r) => ({ value: r, label: t(refundReasonKey(r)) }))}
          onChange={() => form.setFieldValue('subReason', undefined)}
        />
      </Form.Item>
      {subs.length > 0 && (
        <Form.Item name="subReason" label={t('orders.afterSales.fields.subReason')} rules={[{ required: true, message: t('orders.afterSales.errors.subReason') }]}>
          <Select placeholder={t('orders.afterSales.fields.subReasonPlaceholder')} options={subs.map((s) => ({ value: s, label: t(subReasonKey(s)) }))} />
        </Form.Item>
      )}
      {isInvoluntaryReason(reason) && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('orders.afterSales.refund.involuntaryNote')} />}
      <Form.Item label={t('orders.afterSales.fields.documents')} extra={needsDocuments(reason) ? t('orders.afterSales.attachments.neededHint') : undefined}>
        <AttachmentsField
          orderId={order.id}
          items={files}
          onChange={(update) => {
            // A file added (or its upload finished) answers "add a document" / "wait for the uploads".
            setDocsError(null);
            setFiles(update);
          }}
        />
        {docsError && (
          <Typography.Text type="danger" role="alert">
            {docsError}
          </Typography.Text>
        )}
      </Form.Item>
      <Form.Item name="remark" label={t('orders.afterSales.fields.remark')} rules={[{ max: 500, message: t('orders.afterSales.errors.remarkTooLong') }]}>
        <Input.TextArea rows={3} maxLength={500} showCount placeholder={t('orders.afterSales.fields.remarkPlaceholder')} />
      </Form.Item>
    </FormModal>
  );
}
