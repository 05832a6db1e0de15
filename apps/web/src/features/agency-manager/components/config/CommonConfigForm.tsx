import { Col, Form, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CommonConfig } from '@portal/contract/api/auth';
import type { AgencyDetail } from '@portal/contract/api/agencies';
import { EmbedOrigins } from '@portal/contract/api/agency-config';
import { CURRENCIES } from '@portal/contract/currency';
import { LANGUAGES } from '@portal/contract/languages';
import { formatAmount } from '../../../../lib/format';
import { contractRule } from '../../utils/contract-rule';
import { ConfigForm } from './ConfigForm';

const SWITCHES = [
  'enableFlightService',
  'enableTrainService',
  'isShowBill',
  'canCreateSubAgency',
  'sendEmailToSubAgency',
  'hidePnrBooking',
  'hideMainlandContent',
  'disablePayment',
  'onlyOwnOrders',
  'showInvoiceType',
] as const satisfies readonly (keyof CommonConfig)[];

const FIELDS = ['emailLanguage', 'settlementCurrency', 'embedOrigins', ...SWITCHES];

/** Origins as browsers write them: a pasted address often ends in "/" or has capitals in its host. */
const normalizeOrigins = (value: string[] | undefined) => (value ?? []).map((v) => v.trim().toLowerCase().replace(/\/+$/, ''));

export function CommonConfigForm({ agency }: { agency: AgencyDetail }) {
  const { t } = useTranslation();
  const balance = agency.balance;
  const hasMoney = balance.cash !== 0 || balance.held !== 0;
  return (
    <ConfigForm<CommonConfig>
      agencyId={agency.id}
      group="common"
      initialValues={agency.config.common}
      toBody={(values) => ({ common: { ...agency.config.common, ...values } })}
      fields={FIELDS}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="emailLanguage" label={t('agency.config.common.emailLanguage')} extra={t('agency.config.common.emailLanguageHint')}>
            <Select options={LANGUAGES.map((l) => ({ value: l, label: t(`layout.languageNames.${l}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="settlementCurrency"
            label={t('agency.config.common.settlementCurrency')}
            extra={
              hasMoney
                ? t('agency.config.common.settlementCurrencyLocked', {
                    currency: balance.currency,
                    cash: formatAmount(balance.cash, balance.currency),
                    held: formatAmount(balance.held, balance.currency),
                  })
                : t('agency.config.common.settlementCurrencyHint')
            }
          >
            {/* The ledger keeps money per currency: switching with money in the old one would hide that balance. */}
            <Select showSearch disabled={hasMoney} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="embedOrigins"
        label={t('agency.config.common.embedOrigins')}
        extra={t('agency.config.common.embedOriginsHint')}
        rules={[contractRule(EmbedOrigins, t, [])]}
        normalize={normalizeOrigins}
      >
        <Select mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} placeholder="https://www.example.com" />
      </Form.Item>
      <Row gutter={[16, 0]}>
        {SWITCHES.map((key) => (
          <Col xs={24} md={12} key={key}>
            <Form.Item name={key} valuePropName="checked" style={{ marginBottom: 12 }}>
              <SwitchRow label={t(`agency.config.common.${key}`)} hint={t(`agency.config.common.hints.${key}`)} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </ConfigForm>
  );
}

interface SwitchRowProps {
  label: string;
  hint: string;
  checked?: boolean;
  onChange?: (checked: boolean) => void;
}

/** A switch with its label and one line of explanation beside it, readable on a phone. */
export function SwitchRow({ label, hint, checked, onChange }: SwitchRowProps) {
  return (
    <label style={{ display: 'flex', gap: 12, alignItems: 'flex-start', cursor: 'pointer' }}>
      <Switch checked={checked} onChange={onChange} aria-label={label} style={{ marginTop: 2, flex: 'none' }} />
      <span>
        <Typography.Text>{label}</Typography.Text>
        <br />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {hint}
        </Typography.Text>
      </span>
    </label>
  );
}
