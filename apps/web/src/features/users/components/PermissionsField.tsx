import { Checkbox, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GRANTABLE_PERMISSIONS } from '@portal/contract/roles';
import { PERMISSION_NAME_KEYS } from '../utils/permissions';

/**
 * The grantable permissions as checkboxes (spec point 6). Render it only for a SuperUser of a proxyLevel-0 company;
 * the server refuses anyone else. A user holding `all` already has everything, so the boxes give way to a note.
 */
export function PermissionsField({ holdsAll = false }: { holdsAll?: boolean }) {
  const { t } = useTranslation();
  if (holdsAll) {
    return (
      <Form.Item label={t('users.permissions.label')}>
        <Typography.Text type="secondary">{t('users.permissions.holdsAll')}</Typography.Text>
      </Form.Item>
    );
  }
  return (
    <Form.Item name="permissions" label={t('users.permissions.label')} extra={t('users.permissions.hint')}>
      <Checkbox.Group options={GRANTABLE_PERMISSIONS.map((p) => ({ value: p, label: t(`users.permissions.names.${PERMISSION_NAME_KEYS[p]}`) }))} />
    </Form.Item>
  );
}
