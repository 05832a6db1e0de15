import { useState } from 'react';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserItem } from '@portal/contract/api/users';
import { notify } from '../../../lib/notify';
import { useResetUserPassword } from '../api/reset-user-password';
import { applyServerErrors } from '../../../lib/form-errors';
import { confirmPasswordRules, passwordRules } from '../utils/user-form-rules';
import { useRetained } from '../utils/use-retained';

interface Values {
  password: string;
  confirmPassword: string;
}

interface Props {
  user: UserItem | null;
  onClose: () => void;
}

/**
 * Administrator reset (spec point 6: only an administrator resets passwords). The new password is typed twice,
 * then a second, explicit confirmation names the user, because the old password stops working at once.
 */
export function ResetPasswordModal({ user: selected, onClose }: Props) {
  const { t } = useTranslation();
  const user = useRetained(selected);
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const resetPassword = useResetUserPassword();

  const submit = ({ password }: Values) => {
    if (!user) return;
    setFormError(null);
    modal.confirm({
      title: t('users.resetPassword.confirmTitle', { username: user.username }),
      content: t('users.resetPassword.confirmContent'),
      okText: t('users.resetPassword.ok'),
      okButtonProps: { danger: true },
      cancelText: t('users.common.cancel'),
      onOk: () =>
        resetPassword
          .mutateAsync({ id: user.id, password })
          .then(() => {
            notify.success(t('users.resetPassword.success', { username: user.username }));
            onClose();
          })
          .catch((error: unknown) => {
            setFormError(applyServerErrors(form, error, ['password'], t('users.errors.save')));
          }),
    });
  };

  return (
    <>
      {modalHolder}
      <Modal
        open={selected !== null}
        title={t('users.resetPassword.title', { username: user?.username ?? '' })}
        okText={t('users.resetPassword.ok')}
        cancelText={t('users.common.cancel')}
        onCancel={onClose}
        confirmLoading={resetPassword.isPending}
        okButtonProps={{ htmlType: 'submit', danger: true }}
        destroyOnHidden
        afterClose={() => setFormError(null)}
        modalRender={(dom) => (
          <Form<Values> form={form} layout="vertical" name="reset-password" clearOnDestroy onFinish={submit}>
            {dom}
          </Form>
        )}
      >
        {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
        <Typography.Paragraph type="secondary">{t('users.resetPassword.description')}</Typography.Paragraph>
        <Form.Item name="password" label={t('users.resetPassword.newPassword')} rules={passwordRules(t)} hasFeedback>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('users.form.confirmPassword')}
          dependencies={['password']}
          rules={confirmPasswordRules(t, 'password')}
          hasFeedback
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Modal>
    </>
  );
}
