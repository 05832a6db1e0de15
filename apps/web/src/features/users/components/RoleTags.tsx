import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role } from '@portal/contract/roles';

export const ROLE_COLORS: Record<Role, string> = { SuperUser: 'gold', operator: 'blue', finance: 'green' };

export function RoleTags({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation();
  return (
    <>
      {roles.map((role) => (
        <Tag key={role} color={ROLE_COLORS[role]} variant="outlined">
          {t(`users.roles.${role}`)}
        </Tag>
      ))}
    </>
  );
}
