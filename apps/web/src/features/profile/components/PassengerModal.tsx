import { useEffect, useMemo } from 'react';
import { DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FavouritePassenger } from '@portal/contract/api/auth';
import { countryOptions } from '../../../lib/countries';

interface Props {
  open: boolean;
  initial: FavouritePassenger | null;
  saving: boolean;
  onCancel(): void;
  onSave(passenger: FavouritePassenger): void;
}

interface Values {
  surname: string;
  givenName: string;
  type: FavouritePassenger['type'];
  gender?: 'male' | 'female' | null;
  birthday?: Dayjs | null;
  nationality?: string | null;
}

export function PassengerModal({ open, initial, saving, onCancel, onSave }: Props) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const countries = useMemo(() => countryOptions(i18n.language, { withCode: true }), [i18n.language]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initial) form.setFieldsValue({ ...initial, birthday: initial.birthday ? dayjs(initial.birthday) : null });
  }, [open, initial, form]);

  async function submit() {
    const v = await form.validateFields();
    onSave({
      surname: v.surname.trim().toUpperCase(),
      givenName: v.givenName.trim().toUpperCase(),
      type: v.type,
      gender: v.gender ?? null,
      birthday: v.birthday ? v.birthday.format('YYYY-MM-DD') : null,
      nationality: v.nationality ?? null,
    });
  }

  return (
    <Modal
      open={open}
      title={t(initial ? 'profile.passengers.edit' : 'profile.passengers.add')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      forceRender
    >
      <Form form={form} layout="vertical" initialValues={{ type: 'adult' }}>
        <Form.Item
          name="surname"
          label={t('profile.passengers.surname')}
          normalize={(v: string) => v?.toUpperCase()}
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            { pattern: /^[A-Za-z]+$/, message: t('profile.passengers.surnameFormat') },
            { max: 40, message: t('validation.tooLong', { max: 40 }) },
          ]}
        >
          <Input autoComplete="off" maxLength={40} />
        </Form.Item>
        <Form.Item
          name="givenName"
          label={t('profile.passengers.givenName')}
          normalize={(v: string) => v?.toUpperCase()}
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            { max: 60, message: t('validation.tooLong', { max: 60 }) },
          ]}
        >
          <Input autoComplete="off" maxLength={60} />
        </Form.Item>
        <Form.Item name="type" label={t('profile.passengers.type')}>
          <Radio.Group
            optionType="button"
            options={(['adult', 'child', 'infant'] as const).map((v) => ({ value: v, label: t(`profile.passengerType.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="gender" label={t('profile.passengers.gender')}>
          <Radio.Group options={(['male', 'female'] as const).map((v) => ({ value: v, label: t(`profile.gender.${v}`) }))} />
        </Form.Item>
        <Form.Item name="birthday" label={t('profile.passengers.birthday')}>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item name="nationality" label={t('profile.passengers.nationality')}>
          <Select allowClear options={countries} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
