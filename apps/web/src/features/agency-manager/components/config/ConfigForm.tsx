import { useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Form, Typography, type FormInstance } from 'antd';
import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AgencyConfig, UpdateAgencyConfigBody } from '@portal/contract/api/agencies';
import { notify } from '../../../../lib/notify';
import { useUpdateAgencyConfig } from '../../api/update-agency-config';
import { applyFieldErrors, type FieldErrorOptions } from '../../utils/server-errors';

interface Props<V> {
  agencyId: string;
  /** The one group this form edits; saving sends only it (PUT .../config takes any subset of groups). */
  group: keyof AgencyConfig;
  /** The tab's name in messages and the form's id prefix, when two tabs edit one group (flight, adjustments). */
  section?: string;
  initialValues: V;
  toBody: (values: V) => UpdateAgencyConfigBody;
  /** The form's field paths, dotted, for placing the server's field errors. */
  fields: readonly string[];
  aliases?: FieldErrorOptions['aliases'];
  description?: ReactNode;
  children: ReactNode | ((form: FormInstance<V>) => ReactNode);
}

export function ConfigForm<V extends object>({ agencyId, group, section = group, initialValues, toBody, fields, aliases, description, children }: Props<V>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateAgencyConfig();
  const label = t(`agency.config.tabs.${section}`);

  const submit = (values: V) => {
    setFormError(null);
    update.mutate(
      { id: agencyId, body: toBody(values) },
      {
        onSuccess: () => notify.success(t('agency.config.saved', { group: label })),
        onError: (error) => setFormError(applyFieldErrors(form, error, fields, t('agency.errors.save'), { prefix: group, aliases })),
      },
    );
  };

  return (
    <Form<V> form={form} layout="vertical" name={`agency-config-${section}`} initialValues={initialValues} onFinish={submit} scrollToFirstError>
      {description && <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>}
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      {typeof children === 'function' ? children(form) : children}
      <Flex justify="end" gap={8} wrap style={{ marginTop: 8 }}>
        <Button icon={<UndoOutlined />} onClick={() => form.resetFields()} disabled={update.isPending}>
          {t('agency.config.discard')}
        </Button>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={update.isPending}>
          {t('agency.config.save', { group: label })}
        </Button>
      </Flex>
    </Form>
  );
}
