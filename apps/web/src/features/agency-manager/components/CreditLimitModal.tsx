import { useState } from 'react';
import { Alert, Col, Descriptions, Form, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { CreditBody, type Agency } from '@portal/contract/api/agencies';
import { minorDigits } from '@portal/contract/currency';
import { AmountInput } from '../../../components/AmountInput';
import { FormModal } from '../../../components/FormModal';
import { amountRule, contractMaxMajor, moneyBounds } from '../../../lib/amount-rule';
import { formatAmount } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSetAgencyCredit } from '../api/set-credit';
import { majorToMinor, minorToMajor } from '../utils/money';
import { applyFieldErrors } from '../utils/server-errors';
import { useRetained } from '../utils/use-retained';

interface Values {
  /** Major units of the settlement currency. */
  credit?: number;
  sendEmail: boolean;
}

interface Props {
  agency: Agency | null;
  onClose: () => void;
}

export function CreditLimitModal({ agency: selected, onClose }: Props) {
  const { t } = useTranslation();
  const agency = useRetained(selected);
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string | null>(null);
  const setCredit = useSetAgencyCredit();
  const currency = agency?.balance.currency ?? 'CNY';
  // No contact email, no mail (issue 14): the option is off and says why instead of promising a mail nobody gets.
  const canMail = Boolean(agency?.contactEmail);
  const credit = Form.useWatch('credit', form);
  const belowUsed =
    agency !== null && typeof credit === 'number' && credit >= 0 && majorToMinor(credit, currency) < agency.balance.usedCredit;
  // The contract's bounds: a negative line would not mean "no credit", it is refused with its own message.
  const bounds = moneyBounds(currency, {
    min: 0,
    max: contractMaxMajor(CreditBody.shape.credit, currency),
    negativeMessage: t('validation.credit.negative'),
  });

  const submit = (values: Values) => {
    if (!agency) return;
    setFormError(null);
    setCredit.mutate(
      { id: agency.id, body: { credit: majorToMinor(values.credit ?? 0, currency), sendEmail: values.sendEmail } },
      {
        onSuccess: (balances) => {
          notify.success(t('agency.credit.success', { name: agency.name, amount: formatAmount(balances.creditLimit, balances.currency) }));
          onClose();
        },
        onError: (error) => setFormError(applyFieldErrors(form, error, ['credit', 'sendEmail'], t('agency.errors.save'))),
      },
    );
  };

  return (
    <FormModal<Values>
      open={selected !== null}
      title={agency ? t('agency.credit.title', { name: agency.name }) : ''}
      okText={t('agency.common.save')}
      cancelText={t('agency.common.cancel')}
      onCancel={onClose}
      confirmLoading={setCredit.isPending}
      afterClose={() => setFormError(null)}
      form={form}
      name="agency-credit"
      initialValues={{ credit: agency ? minorToMajor(agency.balance.creditLimit, currency) : undefined, sendEmail: canMail }}
      onFinish={submit}
      error={formError}
    >
      {agency && (
        <Descriptions
          size="small"
          bordered
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'limit', label: t('agency.credit.current'), children: formatAmount(agency.balance.creditLimit, currency) },
            { key: 'used', label: t('agency.credit.used'), children: formatAmount(agency.balance.usedCredit, currency) },
            { key: 'available', label: t('agency.credit.available'), children: formatAmount(agency.balance.availableCredit, currency) },
          ]}
        />
      )}
      <Row gutter={16}>
        <Col xs={24} sm={14}>
          <Form.Item
            name="credit"
            label={t('agency.credit.newLimit')}
            rules={[{ required: true, message: t('validation.credit.required') }, amountRule(t, bounds)]}
            extra={t('agency.credit.hint')}
          >
            <AmountInput<number> decimals={minorDigits(currency)} prefix={currency} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item
            name="sendEmail"
            label={t('agency.credit.sendEmail')}
            valuePropName="checked"
            extra={canMail ? undefined : t('agency.common.noContactEmail')}
          >
            <Switch disabled={!canMail} />
          </Form.Item>
        </Col>
      </Row>
      {belowUsed && <Alert type="warning" showIcon title={t('agency.credit.belowUsed')} />}
    </FormModal>
  );
}
