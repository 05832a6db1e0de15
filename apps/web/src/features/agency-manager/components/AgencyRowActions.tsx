import { Button, Dropdown, type MenuProps } from 'antd';
import {
  ApiOutlined,
  BarChartOutlined,
  CreditCardOutlined,
  DeleteOutlined,
  EditOutlined,
  EllipsisOutlined,
  FileTextOutlined,
  KeyOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Agency } from '@portal/contract/api/agencies';

export const AGENCY_ACTIONS = ['edit', 'config', 'topUp', 'credit', 'bills', 'apiKey', 'singleLoginSecret', 'password', 'lookToBook', 'delete'] as const;
export type AgencyAction = (typeof AGENCY_ACTIONS)[number];

interface Props {
  agency: Agency;
  onAction: (action: AgencyAction, agency: Agency) => void;
  /** The user may open the agency bill page (ACCESS.agencyBill); without it the "Bills" entry is left out. */
  showBills: boolean;
}

/** Ten actions would not fit a row on a phone; one compact menu keeps the table narrow everywhere. */
export function AgencyRowActions({ agency, onAction, showBills }: Props) {
  const { t } = useTranslation();
  const items: MenuProps['items'] = [
    { key: 'edit', label: t('agency.actions.edit'), icon: <EditOutlined /> },
    { key: 'config', label: t('agency.actions.config'), icon: <SettingOutlined /> },
    { type: 'divider' },
    { key: 'topUp', label: t('agency.actions.topUp'), icon: <WalletOutlined /> },
    { key: 'credit', label: t('agency.actions.credit'), icon: <CreditCardOutlined /> },
    { key: 'lookToBook', label: t('agency.actions.lookToBook'), icon: <BarChartOutlined /> },
    ...(showBills ? [{ key: 'bills', label: t('agency.actions.bills'), icon: <FileTextOutlined /> }] : []),
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
