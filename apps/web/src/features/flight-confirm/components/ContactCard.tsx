import { Card, Col, Form, Input, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { AreaCodeSelect } from '../../../components/AreaCodeSelect';

interface Props {
  rule: (path: string) => Rule;
}

/** Who the airline and the agency reach about this booking: name, email, area code and phone. */
export function ContactCard({ rule }: Props) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('flight.book.contact.title')} data-testid="contact">
      <Row gutter={[16, 0]}>
        <Col xs={24} md={12}>
          <Form.Item name={['contact', 'name']} label={t('flight.book.contact.name')} rules={[rule('contact.name')]}>
            <Input autoComplete="name" maxLength={60} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['contact', 'email']} label={t('flight.book.contact.email')} rules={[rule('contact.email')]}>
            <Input type="email" inputMode="email" autoComplete="email" maxLength={254} />
          </Form.Item>
        </Col>
        <Col xs={8} md={6}>
          <Form.Item name={['contact', 'areaCode']} label={t('flight.book.contact.areaCode')} validateTrigger={['onChange', 'onBlur']} rules={[rule('contact.areaCode')]}>
            <AreaCodeSelect />
          </Form.Item>
        </Col>
        <Col xs={16} md={18}>
          <Form.Item name={['contact', 'phone']} label={t('flight.book.contact.phone')} rules={[rule('contact.phone')]}>
            <Input inputMode="tel" autoComplete="tel-national" maxLength={20} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
