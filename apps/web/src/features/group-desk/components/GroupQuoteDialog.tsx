import { useEffect, useState } from 'react';
import { Alert, Form, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { notify } from '../../../lib/notify';
import { useDeskGroup, useQuoteGroup } from '../api/group-desk';
import { planSum, quoteBody, quoteDefaults, quoteTotal, type QuoteFormValues } from '../model/quote-form';
import { applyQuoteErrors, FALLBACK_CURRENCY, QuoteFields } from './GroupQuoteFields';

export interface QuoteTarget {
  id: string;
  bookingNumber: string;
}

interface Props {
  target: QuoteTarget | null;
  onClose: () => void;
}

/**
 * The desk's quote of a group (POST .../quote): flights per journey, price per travelling passenger type, seats,
 * confirm-by, the payment plan (1-3 deposits then the final payment, summing to the total) and a remark.
 */
export function GroupQuoteDialog({ target, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<QuoteFormValues>();
  const [error, setError] = useState<string | null>(null);
  const group = useDeskGroup(target?.id ?? null);
  const quote = useQuoteGroup();

  useEffect(() => {
    if (target && group.data) form.setFieldsValue(quoteDefaults(group.data, FALLBACK_CURRENCY));
  }, [form, target, group.data]);

  const submit = () => {
    if (!target || !group.data) return;
    // The whole store: onFinish's values hold only the fields with an input, not each price line's passenger type.
    const all = form.getFieldsValue(true) as QuoteFormValues;
    const total = quoteTotal(all, group.data.request.passengers);
    if (total === null || planSum(all) !== total) {
      setError(t('groups.desk.quote.sumMismatch'));
      return;
    }
    setError(null);
    quote.mutate(
      { id: target.id, body: quoteBody(all) },
      {
        onSuccess: () => {
          notify.success(t('groups.desk.quote.done', { booking: target.bookingNumber }));
          onClose();
        },
        onError: (err) => setError(applyQuoteErrors(form, err, t('groups.desk.quote.failed'))),
      },
    );
  };

  return (
    <FormModal<QuoteFormValues>
      form={form}
      name="group-quote"
      open={target !== null}
      width={920}
      title={t('groups.desk.quote.title', { booking: target?.bookingNumber })}
      okText={t('groups.desk.quote.submit')}
      cancelText={t('groups.desk.back')}
      confirmLoading={quote.isPending}
      onCancel={onClose}
      onFinish={submit}
      error={error}
      afterClose={() => {
        setError(null);
        quote.reset();
      }}
    >
      {group.data ? (
        <QuoteFields group={group.data} form={form} />
      ) : group.isError ? (
        <Alert type="error" showIcon title={t('groups.desk.quote.loadFailed')} description={group.error.message} />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </FormModal>
  );
}
