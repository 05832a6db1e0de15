import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { permissionLabelKey } from '../utils/permissions';

export function PermissionTags({ permissions }: { permissions: readonly string[] }) {
  const { t } = useTranslation();
  if (permissions.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <>
      {permissions.map((p) => {
        const key = permissionLabelKey(p);
        return (
          <Tag key={p} color={p === 'all' ? 'red' : 'purple'} variant="outlined" title={p}>
            {key ? t(key) : p}
          </Tag>
        );
      })}
    </>
  );
}
