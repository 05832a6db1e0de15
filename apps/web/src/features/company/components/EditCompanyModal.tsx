import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Company } from '@portal/contract/api/auth';
import type { UpdateCompanyBody } from '@portal/contract/api/company';
import { applyServerErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useUpdateCompany } from '../api/update-company';

interface Values {
  name: string;
  alias?: string;
  address?: string;
}

const FIELDS: readonly string[] = ['name', 'alias', 'address'];

interface Props {
  open: boolean;
  company: Company;
  onClose: () => void;
}

export function toCompanyBody(values: Values): UpdateCompanyBody {
  return { name: values.name.trim(), alias: values.alias?.trim() || null, address: values.address?.trim() || null };
}

/** Only name, alias and address belong to the agency itself; code, level and services do not (see contract). */
export function EditCompanyModal({ open, company, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateCompany();

  const submit = (values: Values) => {
    setFormError(null);
    update.mutate(toCompanyBody(values), {
      onSuccess: () => {
        notify.success(t('company.edit.success'));
        onClose();
      },
      // Field messages go on their fields; anything else is shown above the form.
      onError: (error) => setFormError(applyServerErrors(form, error, FIELDS, t('company.edit.failed'))),
    });
  };

  return (
    <Modal
      open={open}
      title={t('company.edit.title')}
      okText={t('company.common.save')}
      cancelText={t('company.common.cancel')}
      onCancel={onClose}
      confirmLoading={update.isPending}
      okButtonProps={{ htmlType: 'submit' }}
      destroyOnHidden
      afterClose={() => setFormError(null)}
      modalRender={(dom) => (
        <Form<Values>
          form={form}
          layout="vertical"
          name="edit-company"
          clearOnDestroy
          initialValues={{ name: company.name, alias: company.alias ?? '', address: company.address ?? '' }}
          onFinish={submit}
        >
          {dom}
        </Form>
      )}
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="name"
        label={t('company.fields.name')}
        rules={[
          { required: true, whitespace: true, message: t('validation.required') },
          { max: 120, message: t('validation.tooLong', { max: 120 }) },
        ]}
      >
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item name="alias" label={t('company.fields.alias')} rules={[{ max: 60, message: t('validation.tooLong', { max: 60 }) }]}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="address" label={t('company.fields.address')} rules={[{ max: 255, message: t('validation.tooLong', { max: 255 }) }]}>
        <Input.TextArea maxLength={255} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </Modal>
  );
}
