import { useState } from 'react';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GROUP_ORDER_REMARK_MAX } from '@portal/contract/api/group-orders';
import { FormModal } from '../../../components/FormModal';
import { applyServerErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useRejectGroup } from '../api/group-desk';
import type { QuoteTarget } from './GroupQuoteDialog';

/** The desk declines a group (POST .../rejection): the remark the agency reads is required; the group closes. */
export function GroupRejectDialog({ target, onClose }: { target: QuoteTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ remark: string }>();
  const [error, setError] = useState<string | null>(null);
  const reject = useRejectGroup();

  return (
    <FormModal<{ remark: string }>
      form={form}
      name="group-reject"
      open={target !== null}
      title={t('groups.desk.reject.title', { booking: target?.bookingNumber })}
      okText={t('groups.desk.actions.reject')}
      cancelText={t('groups.desk.back')}
      danger
      confirmLoading={reject.isPending}
      onCancel={onClose}
      error={error}
      afterClose={() => {
        setError(null);
        reject.reset();
      }}
      onFinish={({ remark }) => {
        if (!target) return;
        setError(null);
        reject.mutate(
          { id: target.id, body: { remark: remark.trim() } },
          {
            onSuccess: () => {
              notify.success(t('groups.desk.reject.done', { booking: target.bookingNumber }));
              onClose();
            },
            onError: (err) => setError(applyServerErrors(form, err, ['remark'], t('groups.desk.reject.failed'))),
          },
        );
      }}
    >
      <Typography.Paragraph>{t('groups.desk.reject.body')}</Typography.Paragraph>
      <Form.Item
        name="remark"
        label={t('groups.desk.reject.remark')}
        rules={[
          { required: true, whitespace: true, message: t('groups.desk.reject.remarkRequired') },
          { max: GROUP_ORDER_REMARK_MAX, message: t('groups.desk.remarkTooLong') },
        ]}
      >
        <Input.TextArea rows={3} maxLength={GROUP_ORDER_REMARK_MAX} showCount />
      </Form.Item>
    </FormModal>
  );
}
