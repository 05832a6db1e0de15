import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Code } from '@portal/contract/codes';
import { PASSWORD_MAX, PASSWORD_MIN } from '@portal/contract/roles';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useChangePassword } from '../api/change-password';
import { showSaveError } from '../utils/form-errors';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

export function PasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();

  function save({ oldPassword, newPassword }: Values) {
    change.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: () => {
          notify.success(t('profile.password.done'));
          form.resetFields();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === Code.WRONG_PASSWORD) form.setFields([{ name: 'oldPassword', errors: [err.message] }]);
          else showSaveError(err, form);
        },
      },
    );
  }

  return (
    <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 420 }}>
      <Alert type="info" showIcon title={t('profile.password.hint')} style={{ marginBottom: 24 }} />
      <Form.Item name="oldPassword" label={t('profile.password.old')} rules={[{ required: true, message: t('validation.required') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('profile.password.new')}
        rules={[
          { required: true, message: t('validation.required') },
          { min: PASSWORD_MIN, max: PASSWORD_MAX, message: t('validation.password.length') },
        ]}
        hasFeedback
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('profile.password.confirm')}
        dependencies={['newPassword']}
        hasFeedback
        rules={[
          { required: true, message: t('validation.required') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('validation.password.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('profile.password.submit')}
      </Button>
    </Form>
  );
}
