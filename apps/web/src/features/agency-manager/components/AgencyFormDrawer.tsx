import { useState } from 'react';
import { Alert, Button, Col, Divider, Drawer, Flex, Form, Grid, Input, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AGENCY_STATUSES, type Agency } from '@portal/contract/api/agencies';
import { CURRENCIES } from '@portal/contract/currency';
import { LogoUpload } from '../../../components/LogoUpload';
import { notify } from '../../../lib/notify';
import { useCreateAgency } from '../api/create-agency';
import { useUpdateAgency } from '../api/update-agency';
import { useUploadAgencyLogo } from '../api/upload-agency-logo';
import {
  AGENCY_FORM_FIELDS,
  agencyRules,
  confirmPasswordRules,
  toCreateBody,
  toFormValues,
  toUpdateBody,
  type AgencyFormValues,
} from '../utils/agency-form';
import { applyFieldErrors } from '../utils/server-errors';

interface Props {
  /** 'create' for a new agency, an agency to edit it, null when closed. */
  target: 'create' | Agency | null;
  onClose: () => void;
}

const CREATE_DEFAULTS: Partial<AgencyFormValues> = {
  settlementCurrency: 'CNY',
  enableFlightService: true,
  enableTrainService: true,
  allowedHosts: [],
};

/**
 * The agency's logo, uploaded at once on its own route (not with the form's Save). The drawer holds the agency as it
 * was listed, so the logo just uploaded is kept here until the drawer shows another agency.
 */
function AgencyLogoField({ agency }: { agency: Agency }) {
  const { t } = useTranslation();
  const upload = useUploadAgencyLogo();
  const [uploaded, setUploaded] = useState<{ id: string; logo: string | null } | null>(null);
  const logo = uploaded?.id === agency.id ? uploaded.logo : agency.logo;

  const send = (file: File) =>
    upload.mutate(
      { id: agency.id, file },
      {
        onSuccess: (detail) => {
          setUploaded({ id: detail.id, logo: detail.logo });
          notify.success(t('agency.logo.success', { name: detail.name }));
        },
        onError: (error) => notify.error(error instanceof Error && error.message ? error.message : t('agency.logo.failed')),
      },
    );

  return (
    <Form.Item label={t('agency.logo.label')}>
      <LogoUpload
        logo={logo}
        size={64}
        uploading={upload.isPending}
        onUpload={send}
        texts={{
          alt: t('agency.logo.alt', { name: agency.name }),
          upload: t('agency.logo.upload'),
          change: t('agency.logo.change'),
          hint: t('agency.logo.hint'),
          // The drawer's own wording for a refused file, rather than the server's.
          problems: { 'error.upload.type': t('agency.logo.wrongType'), 'error.upload.size': t('agency.logo.tooLarge') },
        }}
      />
    </Form.Item>
  );
}

export function AgencyFormDrawer({ target, onClose }: Props) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<AgencyFormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateAgency();
  const update = useUpdateAgency();
  // Keep the last target while the drawer slides out, so its fields do not jump to the other mode.
  const [shown, setShown] = useState(target);
  if (target !== null && target !== shown) setShown(target);
  const editing = shown !== null && shown !== 'create' ? shown : null;
  const rules = agencyRules(t);
  const pending = create.isPending || update.isPending;

  const submit = (values: AgencyFormValues) => {
    setFormError(null);
    const onError = (error: unknown) => setFormError(applyFieldErrors(form, error, AGENCY_FORM_FIELDS, t('agency.errors.save')));
    if (editing) {
      update.mutate(
        { id: editing.id, body: toUpdateBody(values) },
        {
          onSuccess: (agency) => {
            notify.success(t('agency.form.updated', { name: agency.name }));
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(toCreateBody(values), {
        onSuccess: (agency) => {
          notify.success(t('agency.form.created', { name: agency.name, code: agency.code }));
          onClose();
        },
        onError,
      });
    }
  };

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      title={editing ? t('agency.form.editTitle', { name: editing.name }) : t('agency.form.createTitle')}
      size={screens.md ? 720 : '100%'}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (!open) setFormError(null);
      }}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('agency.common.cancel')}</Button>
          <Button type="primary" loading={pending} onClick={() => form.submit()}>
            {editing ? t('agency.common.save') : t('agency.form.createOk')}
          </Button>
        </Flex>
      }
    >
      <Form<AgencyFormValues>
        form={form}
        layout="vertical"
        name="agency-form"
        clearOnDestroy
        initialValues={editing ? toFormValues(editing) : CREATE_DEFAULTS}
        onFinish={submit}
        scrollToFirstError
      >
        {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
        {editing && (
          <Typography.Paragraph type="secondary">
            {t('agency.form.codeNote', { code: editing.code, currency: editing.settlementCurrency })}
          </Typography.Paragraph>
        )}
        {editing && <AgencyLogoField agency={editing} />}
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('agency.fields.name')} rules={rules.name}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="alias" label={t('agency.fields.alias')} rules={rules.alias}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="address" label={t('agency.fields.address')} rules={rules.address}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="contactName" label={t('agency.fields.contactName')} rules={rules.contactName}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="contactPhone" label={t('agency.fields.contactPhone')} rules={rules.contactPhone}>
              <Input maxLength={20} inputMode="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="contactEmail" label={t('agency.fields.contactEmail')} rules={rules.contactEmail}>
              <Input type="email" maxLength={120} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="customerService"
              label={t('agency.fields.customerService')}
              rules={rules.customerService}
              extra={t('agency.fields.customerServiceHint')}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="allowedHosts"
              label={t('agency.fields.allowedHosts')}
              rules={rules.allowedHosts}
              extra={t('agency.fields.allowedHostsHint')}
            >
              <Select mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} placeholder="203.0.113.10, 10.0.0.0/24, api.example.com" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="extraInfo" label={t('agency.fields.extraInfo')} rules={rules.extraInfo}>
              <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} showCount />
            </Form.Item>
          </Col>
          {editing ? (
            <Col xs={24} sm={12}>
              <Form.Item name="status" label={t('agency.fields.status')} rules={[{ required: true, message: t('validation.required') }]}>
                <Select options={AGENCY_STATUSES.map((s) => ({ value: s, label: t(`agency.statuses.${s}`) }))} />
              </Form.Item>
            </Col>
          ) : (
            <>
              <Col xs={24} sm={8}>
                <Form.Item
                  name="settlementCurrency"
                  label={t('agency.fields.settlementCurrency')}
                  rules={rules.settlementCurrency}
                  extra={t('agency.fields.settlementCurrencyHint')}
                >
                  <Select showSearch options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
                </Form.Item>
              </Col>
              <Col xs={12} sm={8}>
                <Form.Item name="enableFlightService" label={t('agency.config.common.enableFlightService')} valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
              <Col xs={12} sm={8}>
                <Form.Item name="enableTrainService" label={t('agency.config.common.enableTrainService')} valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
        {!editing && (
          <>
            <Divider titlePlacement="start">{t('agency.form.superUser')}</Divider>
            <Typography.Paragraph type="secondary">{t('agency.form.superUserHint')}</Typography.Paragraph>
            <Row gutter={16}>
              <Col xs={24} sm={8}>
                <Form.Item name={['superUser', 'username']} label={t('agency.fields.username')} rules={rules.username}>
                  <Input autoComplete="off" maxLength={32} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item name={['superUser', 'password']} label={t('agency.fields.password')} rules={rules.password} hasFeedback>
                  <Input.Password autoComplete="new-password" maxLength={15} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item
                  name={['superUser', 'confirmPassword']}
                  label={t('agency.fields.confirmPassword')}
                  dependencies={[['superUser', 'password']]}
                  rules={confirmPasswordRules(t, ['superUser', 'password'])}
                  hasFeedback
                >
                  <Input.Password autoComplete="new-password" maxLength={15} />
                </Form.Item>
              </Col>
            </Row>
          </>
        )}
      </Form>
    </Drawer>
  );
}
