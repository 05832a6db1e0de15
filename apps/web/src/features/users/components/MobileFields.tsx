import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { areaCodeRules, mobileRules } from '../utils/user-form-rules';

/**
 * Area code and number as one compact control. Both inner items are `noStyle`, so the outer item shows their
 * validation messages under the pair.
 */
export function MobileFields() {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('users.form.mobile')}>
      <Space.Compact block>
        <Form.Item name="areaCode" rules={areaCodeRules(t)} noStyle>
          <Input prefix="+" inputMode="numeric" maxLength={4} style={{ width: 96 }} aria-label={t('users.form.areaCode')} />
        </Form.Item>
        <Form.Item name="mobile" rules={mobileRules(t)} noStyle>
          <Input inputMode="tel" maxLength={20} aria-label={t('users.form.mobile')} />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
