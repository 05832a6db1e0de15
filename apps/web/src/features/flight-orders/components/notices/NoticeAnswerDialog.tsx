import { useState } from 'react';
import { Form, Input, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScheduleNotice } from '@portal/contract/api/after-sales';
import { FormModal } from '../../../../components/FormModal';
import { applyServerErrors } from '../../../../lib/form-errors';
import { notify } from '../../../../lib/notify';
import { answerNotice, type NoticeAnswer } from '../../api/schedule-changes';
import { NoticeFlights } from './NoticeFlights';

export interface NoticeTarget {
  notice: ScheduleNotice;
  answer: NoticeAnswer;
}

interface Props {
  target: NoticeTarget | null;
  dateFormat: string;
  onClose: () => void;
  onDone: (notice: ScheduleNotice, answer: NoticeAnswer) => void;
}

interface Values {
  remark?: string;
}

/** Accepting or refusing an airline schedule change cannot be taken back: the agent confirms it, with a remark. */
export function NoticeAnswerDialog({ target, dateFormat, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const answer = target?.answer;

  const run = useMutation({
    mutationFn: ({ id, act, remark }: { id: string; act: NoticeAnswer; remark: string | null }) => answerNotice(id, act, remark),
    onSuccess: (notice, { act }) => {
      notify.success(t(`orders.notices.done.${act}`, { booking: notice.bookingNumber }));
      onDone(notice, act);
      onClose();
    },
    onError: (err) => setError(applyServerErrors(form, err, ['remark'], t('orders.notices.failed'))),
  });

  return (
    <FormModal<Values>
      form={form}
      name="notice-answer"
      open={target !== null}
      width={600}
      title={answer ? t(`orders.notices.confirm.${answer}.title`, { booking: target?.notice.bookingNumber }) : undefined}
      okText={answer ? t(`orders.notices.actions.${answer}`) : undefined}
      cancelText={t('orders.common.back')}
      danger={answer === 'refuse'}
      confirmLoading={run.isPending}
      onCancel={onClose}
      onFinish={(v) => {
        if (!target) return;
        setError(null);
        run.mutate({ id: target.notice.id, act: target.answer, remark: v.remark?.trim() || null });
      }}
      error={error}
      afterClose={() => {
        setError(null);
        run.reset();
      }}
    >
      {target && (
        <>
          <Typography.Paragraph>{t(`orders.notices.confirm.${target.answer}.body`)}</Typography.Paragraph>
          <div style={{ marginBottom: 16 }}>
            <NoticeFlights notice={target.notice} dateFormat={dateFormat} />
          </div>
        </>
      )}
      <Form.Item name="remark" label={t('orders.notices.remark')} rules={[{ max: 500, message: t('orders.afterSales.errors.remarkTooLong') }]}>
        <Input.TextArea rows={2} maxLength={500} showCount />
      </Form.Item>
    </FormModal>
  );
}
