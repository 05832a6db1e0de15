import { Button, Drawer, Grid, Result, Skeleton, Tabs } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Agency } from '@portal/contract/api/agencies';
import { useAgency } from '../api/get-agency';
import { useRetained } from '../utils/use-retained';
import { CommonConfigForm } from './config/CommonConfigForm';
import { CreditPeriodForm } from './config/CreditPeriodForm';
import { FlightConfigForm } from './config/FlightConfigForm';
import { PaymentChannelsForm } from './config/PaymentChannelsForm';
import { PriceAdjustmentsForm } from './config/PriceAdjustmentsForm';
import { TrainConfigForm } from './config/TrainConfigForm';

interface Props {
  agency: Agency | null;
  onClose: () => void;
}

/** Every configuration group of the agency, one tab each; each tab saves only its own group. */
export function AgencyConfigDrawer({ agency: selected, onClose }: Props) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const agency = useRetained(selected);
  const detail = useAgency(selected?.id ?? null);

  let body;
  if (detail.isError && !detail.data) {
    body = (
      <Result
        status="error"
        title={t('agency.errors.loadOne')}
        subTitle={detail.error.message}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void detail.refetch()}>
            {t('agency.actions.retry')}
          </Button>
        }
      />
    );
  } else if (!detail.data) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    const d = detail.data;
    body = (
      <Tabs
        // Tabs stay mounted once opened, so switching tabs keeps unsaved edits.
        items={[
          { key: 'common', label: t('agency.config.tabs.common'), children: <CommonConfigForm agency={d} /> },
          { key: 'flight', label: t('agency.config.tabs.flight'), children: <FlightConfigForm agency={d} /> },
          { key: 'adjustments', label: t('agency.config.tabs.adjustments'), children: <PriceAdjustmentsForm agency={d} /> },
          { key: 'train', label: t('agency.config.tabs.train'), children: <TrainConfigForm agency={d} /> },
          { key: 'creditPeriod', label: t('agency.config.tabs.creditPeriod'), children: <CreditPeriodForm agency={d} /> },
          { key: 'payment', label: t('agency.config.tabs.payment'), children: <PaymentChannelsForm agency={d} /> },
        ]}
      />
    );
  }

  return (
    <Drawer
      open={selected !== null}
      onClose={onClose}
      title={agency ? t('agency.config.title', { name: agency.name, code: agency.code }) : ''}
      size={screens.md ? 860 : '100%'}
      destroyOnHidden
    >
      {body}
    </Drawer>
  );
}
