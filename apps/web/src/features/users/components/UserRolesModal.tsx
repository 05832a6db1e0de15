import { useState } from 'react';
import { Alert, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserItem } from '@portal/contract/api/users';
import type { Role } from '@portal/contract/roles';
import { notify } from '../../../lib/notify';
import { useUpdateUserRoles } from '../api/update-user-roles';
import { applyServerErrors } from '../../../lib/form-errors';
import { rolesRules } from '../utils/user-form-rules';
import { useRetained } from '../utils/use-retained';
import { RoleSelect } from './RoleSelect';

interface Values {
  roles: Role[];
}

interface Props {
  user: UserItem | null;
  /** The signed-in SuperUser editing their own roles cannot drop SuperUser (the server refuses it too). */
  isSelf: boolean;
  onClose: () => void;
}

export function UserRolesModal({ user: selected, isSelf, onClose }: Props) {
  const { t } = useTranslation();
  const user = useRetained(selected);
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string | null>(null);
  const updateRoles = useUpdateUserRoles();
  const locked: Role[] = isSelf && user?.roles.includes('SuperUser') ? ['SuperUser'] : [];

  const submit = ({ roles }: Values) => {
    if (!user) return;
    setFormError(null);
    updateRoles.mutate(
      { id: user.id, roles },
      {
        onSuccess: () => {
          notify.success(t('users.rolesModal.success', { username: user.username }));
          onClose();
        },
        onError: (error) => setFormError(applyServerErrors(form, error, ['roles'], t('users.errors.save'))),
      },
    );
  };

  return (
    <Modal
      open={selected !== null}
      title={t('users.rolesModal.title', { username: user?.username ?? '' })}
      okText={t('users.common.save')}
      cancelText={t('users.common.cancel')}
      onCancel={onClose}
      confirmLoading={updateRoles.isPending}
      okButtonProps={{ htmlType: 'submit' }}
      destroyOnHidden
      afterClose={() => setFormError(null)}
      modalRender={(dom) => (
        <Form<Values> form={form} layout="vertical" name="user-roles" clearOnDestroy initialValues={{ roles: user?.roles ?? [] }} onFinish={submit}>
          {dom}
        </Form>
      )}
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      <Typography.Paragraph type="secondary">{t('users.rolesModal.description')}</Typography.Paragraph>
      <Form.Item
        name="roles"
        label={t('users.form.roles')}
        rules={rolesRules(t)}
        extra={locked.length > 0 ? t('users.rolesModal.selfSuperUser') : undefined}
      >
        <RoleSelect lockedRoles={locked} />
      </Form.Item>
    </Modal>
  );
}
