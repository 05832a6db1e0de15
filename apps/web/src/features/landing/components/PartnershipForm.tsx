import { useMemo, useRef, useState } from 'react';
import { Button, Col, Form, Input, Result, Row, Select, Space } from 'antd';
import type { FormRule } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ZodType } from 'zod';
import { ApplicationBody } from '@portal/contract/api/applications';
import { dialCodes } from '@portal/contract/countries';
import { ApiError } from '../../../lib/api';
import { useSubmitApplication } from '../api/submit-application';
import { useCountryOptions } from '../../../lib/countries';

interface FormValues {
  name?: string;
  contact?: string;
  dial?: string;
  phone?: string;
  country?: string;
  companyName?: string;
  companyAddress?: string;
  website?: string;
  remarks?: string;
}

type Outcome = 'editing' | 'submitted' | 'failed';

/** Form fields the server may name in `data.fields`; anything else cannot be shown on a field. */
const FIELD_NAMES = ['name', 'contact', 'phone', 'country', 'companyName', 'companyAddress', 'website', 'remarks'] as const;
type FieldName = (typeof FIELD_NAMES)[number];

const shape = ApplicationBody.shape;
const DIAL_OPTIONS = dialCodes().map((d) => ({ value: d, label: `+${d}` }));

/** "+86 138..." unless the visitor already typed an international number. */
function fullPhone(dial: string | undefined, phone: string | undefined): string | null {
  const number = phone?.trim();
  if (!number) return null;
  return dial && !number.startsWith('+') ? `+${dial} ${number}` : number;
}

function blankToNull(value: string | undefined): string | null {
  return value?.trim() ? value.trim() : null;
}

function toBody(v: FormValues): ApplicationBody {
  return {
    name: v.name ?? '',
    contact: v.contact ?? '',
    phone: fullPhone(v.dial, v.phone),
    country: v.country ?? '',
    companyName: blankToNull(v.companyName),
    companyAddress: blankToNull(v.companyAddress),
    website: blankToNull(v.website),
    remarks: blankToNull(v.remarks),
  };
}

/**
 * One rule per field, taken from the contract schema the server validates with, so the browser can never accept what
 * the server refuses (or the other way round). Issue messages are contract message keys.
 */
function contractRule(t: TFunction, schema: ZodType, prepare: (value: unknown) => unknown = (v) => v): FormRule {
  return {
    validator: async (_rule, value) => {
      const result = schema.safeParse(prepare(value));
      if (result.success) return;
      const issue = result.error.issues[0];
      const max = 'maximum' in issue ? Number(issue.maximum) : undefined;
      throw new Error(t(issue.message, { max }));
    },
  };
}

export function PartnershipForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const countries = useCountryOptions();
  const submit = useSubmitApplication();
  const [outcome, setOutcome] = useState<Outcome>('editing');
  // Once the visitor picks a dialling code by hand, choosing a country must no longer overwrite it.
  const dialChosen = useRef(false);

  const rules = useMemo(
    () => ({
      name: [contractRule(t, shape.name)],
      contact: [contractRule(t, shape.contact)],
      // The phone is checked as it will be sent: with the dialling code in front.
      phone: [contractRule(t, shape.phone, (v) => fullPhone(form.getFieldValue('dial'), v as string | undefined))],
      country: [contractRule(t, shape.country)],
      companyName: [contractRule(t, shape.companyName)],
      companyAddress: [contractRule(t, shape.companyAddress)],
      website: [contractRule(t, shape.website)],
      remarks: [contractRule(t, shape.remarks)],
    }),
    [t, form],
  );

  const onValuesChange = (changed: Partial<FormValues>) => {
    if ('dial' in changed) dialChosen.current = true;
    if (changed.country && !dialChosen.current) {
      form.setFieldValue('dial', countries.find((c) => c.value === changed.country)?.dial);
    }
  };

  const onFinish = (values: FormValues) => {
    submit.mutate(toBody(values), {
      onSuccess: () => setOutcome('submitted'),
      onError: (err) => {
        // A validation answer names the fields at fault: show them where the visitor can fix them.
        const fields = err instanceof ApiError ? err.fields : undefined;
        const known = Object.entries(fields ?? {}).filter(([name]) => (FIELD_NAMES as readonly string[]).includes(name));
        if (known.length) {
          form.setFields(known.map(([name, message]) => ({ name: name as FieldName, errors: [message] })));
          return;
        }
        setOutcome('failed');
      },
    });
  };

  const startOver = () => {
    form.resetFields();
    dialChosen.current = false;
    submit.reset();
    setOutcome('editing');
  };

  return (
    <div className="lp-form">
      {outcome === 'submitted' && (
        <Result
          status="success"
          title={t('landing.form.success.title')}
          subTitle={t('landing.form.success.text')}
          extra={<Button onClick={startOver}>{t('landing.form.success.again')}</Button>}
        />
      )}
      {outcome === 'failed' && (
        <Result
          status="error"
          title={t('landing.form.failure.title')}
          extra={
            <Button type="primary" onClick={() => setOutcome('editing')}>
              {t('landing.form.failure.back')}
            </Button>
          }
        />
      )}
      {/* Hidden, not unmounted: after a failure the visitor returns to everything they typed. */}
      <div hidden={outcome !== 'editing'}>
        <Form<FormValues> form={form} layout="vertical" size="large" onFinish={onFinish} onValuesChange={onValuesChange}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="name" label={t('landing.form.name.label')} rules={rules.name} required>
                <Input placeholder={t('landing.form.name.placeholder')} autoComplete="name" maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="contact" label={t('landing.form.contact.label')} rules={rules.contact} required>
                <Input placeholder={t('landing.form.contact.placeholder')} autoComplete="email" maxLength={254} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="country" label={t('landing.form.country.label')} rules={rules.country} required>
                <Select
                  options={countries}
                  placeholder={t('landing.form.country.placeholder')}
                  showSearch={{ optionFilterProp: ['label', 'value'] }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('landing.form.phone.label')} htmlFor="partnership-phone">
                <Space.Compact block>
                  <Form.Item name="dial" noStyle>
                    <Select
                      options={DIAL_OPTIONS}
                      placeholder="+"
                      aria-label={t('landing.form.phone.dial')}
                      showSearch={{ optionFilterProp: 'label' }}
                      popupMatchSelectWidth={120}
                      style={{ width: 112, flex: 'none' }}
                      allowClear
                    />
                  </Form.Item>
                  <Form.Item name="phone" noStyle rules={rules.phone} dependencies={['dial']}>
                    <Input id="partnership-phone" placeholder={t('landing.form.phone.placeholder')} autoComplete="tel-national" />
                  </Form.Item>
                </Space.Compact>
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="companyName" label={t('landing.form.companyName.label')} rules={rules.companyName}>
                <Input placeholder={t('landing.form.companyName.placeholder')} autoComplete="organization" maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="website" label={t('landing.form.website.label')} rules={rules.website}>
                <Input placeholder={t('landing.form.website.placeholder')} autoComplete="url" maxLength={300} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="companyAddress" label={t('landing.form.companyAddress.label')} rules={rules.companyAddress}>
                <Input placeholder={t('landing.form.companyAddress.placeholder')} autoComplete="street-address" maxLength={300} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="remarks" label={t('landing.form.remarks.label')} rules={rules.remarks}>
                <Input.TextArea placeholder={t('landing.form.remarks.placeholder')} autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} showCount />
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={submit.isPending} disabled={submit.isPending} block>
            {t('landing.form.submit')}
          </Button>
        </Form>
      </div>
    </div>
  );
}
