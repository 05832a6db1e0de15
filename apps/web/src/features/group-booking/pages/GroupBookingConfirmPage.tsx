import { useRef, useState } from 'react';
import { Alert, Button, Flex, Result, Typography } from 'antd';
import { ArrowLeftOutlined, SendOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { GroupRequestNote } from '../../../components/groups/GroupRequestNote';
import { GroupRequestSummary } from '../../../components/groups/GroupRequestSummary';
import { ApiError, CLIENT_CODES, newIdempotencyKey } from '../../../lib/api';
import { toDayjsFormat } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useDateFormat } from '../../../lib/use-date-format';
import { createGroupOrder } from '../api/create-group-order';
import { clearDraft, loadDraft, toBody, validateDraft } from '../model/group-draft';

/** A refusal is an answer: the next Submit is a new intent. A lost answer is not: the retry reuses the key. */
const answered = (err: unknown) => err instanceof ApiError && err.code !== CLIENT_CODES.NETWORK && err.code !== CLIENT_CODES.BAD_ANSWER;

/** /flight/group/booking/confirm: the request read back before it is sent; Submit creates the group (to_be_quote). */
export default function GroupBookingConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dateFormat = toDayjsFormat(useDateFormat());
  const [draft] = useState(loadDraft);
  const key = useRef(newIdempotencyKey());
  const submit = useMutation({
    mutationFn: () => createGroupOrder(toBody(draft!), key.current),
    retry: false,
    onSuccess: (order) => {
      clearDraft();
      notify.success(t('group.requested'));
      void navigate(paths.groupOrder(order.id), { replace: true });
    },
    onError: (err) => {
      if (answered(err)) key.current = newIdempotencyKey();
    },
  });

  const back = (
    <Link to={paths.groupBooking}>
      <ArrowLeftOutlined /> {t('groups.confirm.edit')}
    </Link>
  );

  // Opened without a draft (another tab, a bookmark) or with one that no longer passes: back to the form.
  if (!draft || Object.keys(validateDraft(draft)).length > 0) {
    return (
      <Result
        status="info"
        title={t('groups.confirm.noDraft')}
        extra={
          <Button type="primary" onClick={() => void navigate(paths.groupBooking)}>
            {t('groups.confirm.toForm')}
          </Button>
        }
      />
    );
  }

  const body = toBody(draft);
  const fieldErrors = submit.error instanceof ApiError ? Object.values(submit.error.fields ?? {}) : [];

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1080, margin: '0 auto', width: '100%' }}>
      {back}
      <Flex vertical gap={4}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('groups.confirm.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('groups.confirm.subtitle')}</Typography.Text>
      </Flex>
      <GroupRequestNote />
      <GroupRequestSummary request={body} dateFormat={dateFormat} />
      {submit.isError && (
        <Alert
          type="error"
          showIcon
          data-testid="submit-error"
          title={submit.error.message || t('groups.confirm.failed')}
          description={fieldErrors.length ? fieldErrors.join(' ') : undefined}
        />
      )}
      <Flex justify="end" gap={12} wrap>
        <Button onClick={() => void navigate(paths.groupBooking)}>{t('groups.confirm.edit')}</Button>
        <Button type="primary" size="large" icon={<SendOutlined />} loading={submit.isPending} onClick={() => submit.mutate()}>
          {t('groups.confirm.submit')}
        </Button>
      </Flex>
    </Flex>
  );
}
