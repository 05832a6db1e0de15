import { useEffect } from 'react';
import { Button, Form, Input, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@portal/contract/api/auth';
import { notify } from '../../../lib/notify';
import { useUpdateMe } from '../api/update-me';
import { showSaveError } from '../utils/form-errors';
import { AreaCodeSelect } from '../../../components/AreaCodeSelect';

interface Values {
  nickname: string;
  areaCode: string | null;
  mobile: string;
}

export function AccountForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const update = useUpdateMe();

  useEffect(() => {
    form.setFieldsValue({ nickname: user.nickname ?? '', areaCode: user.areaCode ?? user.config.defaultRegion, mobile: user.mobile ?? '' });
  }, [form, user.nickname, user.areaCode, user.mobile, user.config.defaultRegion]);

  function save(values: Values) {
    const mobile = values.mobile.trim();
    update.mutate(
      { nickname: values.nickname.trim() || null, areaCode: mobile ? values.areaCode : null, mobile: mobile || null },
      { onSuccess: () => notify.success(t('common.saved')), onError: (err) => showSaveError(err, form) },
    );
  }

  return (
    <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 520 }}>
      {/* Read-only fields carry no form name, so label and input are tied by hand for screen readers. */}
      <Form.Item label={t('profile.account.username')} htmlFor="profile-username">
        <Input id="profile-username" value={user.username} readOnly disabled />
      </Form.Item>
      <Form.Item label={t('profile.account.email')} extra={t('profile.account.emailHint')} htmlFor="profile-email">
        <Input id="profile-email" value={user.email ?? ''} readOnly disabled placeholder={t('profile.account.noEmail')} />
      </Form.Item>
      <Form.Item label={t('profile.account.roles')}>
        <Space size={[4, 4]} wrap>
          {user.roles.map((r) => (
            <Tag key={r} color={r === 'SuperUser' ? 'gold' : 'blue'}>
              {t(`profile.roles.${r}`)}
            </Tag>
          ))}
        </Space>
      </Form.Item>
      <Form.Item name="nickname" label={t('profile.account.nickname')} rules={[{ max: 64, message: t('validation.tooLong', { max: 64 }) }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item label={t('profile.account.mobile')} required={false}>
        <Space.Compact block>
          <Form.Item name="areaCode" noStyle>
            <AreaCodeSelect style={{ width: 110 }} aria-label={t('profile.account.areaCode')} />
          </Form.Item>
          <Form.Item
            name="mobile"
            noStyle
            rules={[{ pattern: /^[0-9 -]{4,20}$/, message: t('validation.phone.format') }]}
          >
            <Input inputMode="tel" maxLength={20} aria-label={t('profile.account.mobile')} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
