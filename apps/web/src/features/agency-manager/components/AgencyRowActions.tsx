import { Button, Dropdown, type MenuProps } from 'antd';
import {
  ApiOutlined,
  BarChartOutlined,
  CreditCardOutlined,
  DeleteOutlined,
  EditOutlined,
  EllipsisOutlined,
  KeyOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Agency } from '@portal/contract/api/agencies';

export const AGENCY_ACTIONS = ['edit', 'config', 'topUp', 'credit', 'apiKey', 'singleLoginSecret', 'password', 'lookToBook', 'delete'] as const;
export type AgencyAction = (typeof AGENCY_ACTIONS)[number];

interface Props {
  agency: Agency;
  onAction: (action: AgencyAction, agency: Agency) => void;
}

/** Nine actions would not fit a row on a phone; one compact menu keeps the table narrow everywhere. */
export function AgencyRowActions({ agency, onAction }: Props) {
  const { t } = useTranslation();
  const items: MenuProps['items'] = [
    { key: 'edit', label: t('agency.actions.edit'), icon: <EditOutlined /> },
    { key: 'config', label: t('agency.actions.config'), icon: <SettingOutlined /> },
    { type: 'divider' },
    { key: 'topUp', label: t('agency.actions.topUp'), icon: <WalletOutlined /> },
    { key: 'credit', label: t('agency.actions.credit'), icon: <CreditCardOutlined /> },
    { key: 'lookToBook', label: t('agency.actions.lookToBook'), icon: <BarChartOutlined /> },
    { type: 'divider' },
    { key: 'apiKey', label: t('agency.actions.apiKey'), icon: <ApiOutlined /> },
    { key: 'singleLoginSecret', label: t('agency.actions.singleLoginSecret'), icon: <SafetyCertificateOutlined /> },
    { key: 'password', label: t('agency.actions.password'), icon: <KeyOutlined />, disabled: !agency.superUser },
    { type: 'divider' },
    { key: 'delete', label: t('agency.actions.delete'), icon: <DeleteOutlined />, danger: true },
  ];

  return (
    <Dropdown
      menu={{ items, onClick: ({ key }) => onAction(key as AgencyAction, agency) }}
      trigger={['click']}
      placement="bottomRight"
    >
      <Button size="small" icon={<EllipsisOutlined />} aria-label={t('agency.actions.moreFor', { name: agency.name })}>
        {t('agency.actions.more')}
      </Button>
    </Dropdown>
  );
}
