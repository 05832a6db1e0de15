import { useState } from 'react';
import { Alert, Col, Form, Input, Modal, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CreateUserBody } from '@portal/contract/api/users';
import { USER_STATUSES, type GrantablePermission, type Role, type UserStatus } from '@portal/contract/roles';
import { notify } from '../../../lib/notify';
import { useCreateUser } from '../api/create-user';
import { applyServerErrors } from '../../../lib/form-errors';
import {
  confirmPasswordRules,
  emailRules,
  nicknameRules,
  passwordRules,
  rolesRules,
  usernameRules,
} from '../utils/user-form-rules';
import { useCanGrantPermissions } from '../utils/permissions';
import { MobileFields } from './MobileFields';
import { PermissionsField } from './PermissionsField';
import { RoleSelect } from './RoleSelect';

interface Values {
  username: string;
  nickname?: string;
  email: string;
  areaCode?: string;
  mobile?: string;
  password: string;
  confirmPassword: string;
  roles: Role[];
  status: UserStatus;
  permissions?: GrantablePermission[];
}

const FIELDS = ['username', 'nickname', 'email', 'areaCode', 'mobile', 'password', 'confirmPassword', 'roles', 'status', 'permissions'];

interface Props {
  open: boolean;
  onClose: () => void;
  /** The admin's own default area code (favourites), so most users need not type it. */
  defaultAreaCode: string;
}

/** `canGrant`: the caller may grant permissions; otherwise the field is left out (the server would refuse it). */
export function toCreateBody(values: Values, canGrant = false): CreateUserBody {
  const mobile = values.mobile?.trim() || null;
  return {
    username: values.username.trim(),
    nickname: values.nickname?.trim() || null,
    email: values.email.trim(),
    // An area code alone means nothing; send it only with a number.
    areaCode: mobile ? values.areaCode?.trim() || null : null,
    mobile,
    password: values.password,
    roles: values.roles,
    status: values.status,
    ...(canGrant ? { permissions: values.permissions ?? [] } : {}),
  };
}

export function CreateUserModal({ open, onClose, defaultAreaCode }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string | null>(null);
  const createUser = useCreateUser();
  const canGrant = useCanGrantPermissions();

  const submit = (values: Values) => {
    setFormError(null);
    createUser.mutate(toCreateBody(values, canGrant), {
      onSuccess: (user) => {
        notify.success(t('users.create.success', { username: user.username }));
        onClose();
      },
      onError: (error) => setFormError(applyServerErrors(form, error, FIELDS, t('users.errors.save'))),
    });
  };

  return (
    <Modal
      open={open}
      title={t('users.create.title')}
      okText={t('users.create.ok')}
      cancelText={t('users.common.cancel')}
      onCancel={onClose}
      confirmLoading={createUser.isPending}
      okButtonProps={{ htmlType: 'submit' }}
      width={640}
      destroyOnHidden
      afterClose={() => setFormError(null)}
      modalRender={(dom) => (
        <Form<Values>
          form={form}
          layout="vertical"
          name="create-user"
          clearOnDestroy
          initialValues={{ areaCode: defaultAreaCode, roles: ['operator'], status: 'active', permissions: [] }}
          onFinish={submit}
        >
          {dom}
        </Form>
      )}
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="username" label={t('users.form.username')} rules={usernameRules(t)} extra={t('users.form.usernameHint')}>
            <Input autoComplete="off" maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="nickname" label={t('users.form.nickname')} rules={nicknameRules(t)}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="email" label={t('users.form.email')} rules={emailRules(t)} extra={t('users.form.emailHint')}>
            <Input type="email" autoComplete="off" maxLength={254} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <MobileFields />
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="password" label={t('users.form.password')} rules={passwordRules(t)} hasFeedback>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="confirmPassword"
            label={t('users.form.confirmPassword')}
            dependencies={['password']}
            rules={confirmPasswordRules(t, 'password')}
            hasFeedback
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16}>
          <Form.Item name="roles" label={t('users.form.roles')} rules={rolesRules(t)}>
            <RoleSelect />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="status" label={t('users.form.status')} rules={[{ required: true, message: t('validation.required') }]}>
            <Select options={USER_STATUSES.map((s) => ({ value: s, label: t(`users.statuses.${s}`) }))} />
          </Form.Item>
        </Col>
        {canGrant && (
          <Col span={24}>
            <PermissionsField />
          </Col>
        )}
      </Row>
    </Modal>
  );
}
