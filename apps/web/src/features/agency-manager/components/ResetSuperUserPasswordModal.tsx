import { useState } from 'react';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Agency } from '@portal/contract/api/agencies';
import { FormModal } from '../../../components/FormModal';
import { notify } from '../../../lib/notify';
import { useResetSuperUserPassword } from '../api/reset-superuser-password';
import { agencyRules, confirmPasswordRules } from '../utils/agency-form';
import { applyFieldErrors } from '../utils/server-errors';
import { useRetained } from '../utils/use-retained';

interface Values {
  password: string;
  confirmPassword: string;
}

interface Props {
  agency: Agency | null;
  onClose: () => void;
}

/** Spec point 6: only an administrator resets passwords; the agency's super admin is told by the server. */
export function ResetSuperUserPasswordModal({ agency: selected, onClose }: Props) {
  const { t } = useTranslation();
  const agency = useRetained(selected);
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string | null>(null);
  const reset = useResetSuperUserPassword();
  const username = agency?.superUser?.username ?? '';

  const submit = ({ password }: Values) => {
    if (!agency) return;
    setFormError(null);
    reset.mutate(
      { id: agency.id, password },
      {
        onSuccess: (answer) => {
          notify.success(t('agency.password.success', { username: answer.username, name: agency.name }));
          onClose();
        },
        onError: (error) => setFormError(applyFieldErrors(form, error, ['password'], t('agency.errors.save'))),
      },
    );
  };

  return (
    <FormModal<Values>
      open={selected !== null}
      title={t('agency.password.title', { name: agency?.name ?? '' })}
      okText={t('agency.password.ok')}
      cancelText={t('agency.common.cancel')}
      onCancel={onClose}
      confirmLoading={reset.isPending}
      danger
      afterClose={() => setFormError(null)}
      form={form}
      name="agency-superuser-password"
      onFinish={submit}
      error={formError}
    >
      <Typography.Paragraph type="secondary">{t('agency.password.description', { username })}</Typography.Paragraph>
      <Form.Item name="password" label={t('agency.password.newPassword')} rules={agencyRules(t).password} hasFeedback>
        <Input.Password autoComplete="new-password" maxLength={15} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('agency.fields.confirmPassword')}
        dependencies={['password']}
        rules={confirmPasswordRules(t, 'password')}
        hasFeedback
      >
        <Input.Password autoComplete="new-password" maxLength={15} />
      </Form.Item>
    </FormModal>
  );
}
