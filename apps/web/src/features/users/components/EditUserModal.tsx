import { useState } from 'react';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UpdateUserBody, UserItem } from '@portal/contract/api/users';
import type { GrantablePermission } from '@portal/contract/roles';
import { notify } from '../../../lib/notify';
import { useUpdateUser } from '../api/update-user';
import { applyServerErrors } from '../../../lib/form-errors';
import { nicknameRules } from '../utils/user-form-rules';
import { grantableOf, useCanGrantPermissions } from '../utils/permissions';
import { useRetained } from '../utils/use-retained';
import { MobileFields } from './MobileFields';
import { PermissionsField } from './PermissionsField';

interface Values {
  nickname?: string;
  areaCode?: string;
  mobile?: string;
  permissions?: GrantablePermission[];
}

const FIELDS = ['nickname', 'areaCode', 'mobile', 'permissions'];

interface Props {
  /** The user being edited; null keeps the modal closed. */
  user: UserItem | null;
  onClose: () => void;
  defaultAreaCode: string;
}

/**
 * `editPermissions`: the caller may grant permissions and the form showed them; otherwise the field is left out, which
 * the server reads as "keep".
 */
export function toUpdateBody(values: Values, editPermissions = false): UpdateUserBody {
  const mobile = values.mobile?.trim() ?? '';
  return {
    nickname: values.nickname?.trim() || null,
    areaCode: mobile ? values.areaCode?.trim() || null : null,
    // An empty string tells the server to clear the number (the contract accepts '').
    mobile,
    ...(editPermissions ? { permissions: values.permissions ?? [] } : {}),
  };
}

/**
 * Profile fields, plus the grantable permissions for a SuperUser of a proxyLevel-0 company. The email identifies the
 * account and is shown read-only (spec point 3).
 */
export function EditUserModal({ user: selected, onClose, defaultAreaCode }: Props) {
  const user = useRetained(selected);
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string | null>(null);
  const updateUser = useUpdateUser();
  const canGrant = useCanGrantPermissions();
  const holdsAll = user?.permissions.includes('all') ?? false;

  const submit = (values: Values) => {
    if (!user) return;
    setFormError(null);
    updateUser.mutate(
      { id: user.id, body: toUpdateBody(values, canGrant && !holdsAll) },
      {
        onSuccess: () => {
          notify.success(t('users.edit.success', { username: user.username }));
          onClose();
        },
        onError: (error) => setFormError(applyServerErrors(form, error, FIELDS, t('users.errors.save'))),
      },
    );
  };

  return (
    <Modal
      open={selected !== null}
      title={t('users.edit.title', { username: user?.username ?? '' })}
      okText={t('users.common.save')}
      cancelText={t('users.common.cancel')}
      onCancel={onClose}
      confirmLoading={updateUser.isPending}
      okButtonProps={{ htmlType: 'submit' }}
      destroyOnHidden
      afterClose={() => setFormError(null)}
      modalRender={(dom) => (
        <Form<Values>
          form={form}
          layout="vertical"
          name="edit-user"
          clearOnDestroy
          initialValues={{
            nickname: user?.nickname ?? '',
            areaCode: user?.areaCode ?? defaultAreaCode,
            mobile: user?.mobile ?? '',
            permissions: grantableOf(user?.permissions),
          }}
          onFinish={submit}
        >
          {dom}
        </Form>
      )}
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      <Form.Item label={t('users.form.username')}>
        <Typography.Text strong>{user?.username}</Typography.Text>
      </Form.Item>
      <Form.Item label={t('users.form.email')} extra={t('users.edit.emailNotEditable')}>
        <Typography.Text data-testid="user-email-readonly">{user?.email || '—'}</Typography.Text>
      </Form.Item>
      <Form.Item name="nickname" label={t('users.form.nickname')} rules={nicknameRules(t)}>
        <Input maxLength={64} />
      </Form.Item>
      <MobileFields />
      {canGrant && <PermissionsField holdsAll={holdsAll} />}
    </Modal>
  );
}
