import { Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '@portal/contract/roles';

interface Props {
  value?: Role[];
  onChange?: (value: Role[]) => void;
  /** Roles shown but not removable (the server refuses to strip a SuperUser of their own role). */
  lockedRoles?: readonly Role[];
  id?: string;
}

/** Multi-select of roles, each with a one-line reminder of what it grants (spec point 6). */
export function RoleSelect({ value, onChange, lockedRoles = [], id }: Props) {
  const { t } = useTranslation();
  return (
    <Select<Role[]>
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      placeholder={t('users.form.rolesPlaceholder')}
      options={ROLES.map((role) => ({
        value: role,
        label: t(`users.roles.${role}`),
        disabled: lockedRoles.includes(role),
        title: t(`users.roleHints.${role}`),
      }))}
      optionRender={(option) => (
        <Space orientation="vertical" size={0}>
          <span>{option.label}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`users.roleHints.${option.value as Role}`)}
          </Typography.Text>
        </Space>
      )}
    />
  );
}
