import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface Props {
  initialPnr: string;
  busy: boolean;
  error: string | null;
  onSearch: (pnr: string) => void;
  onEdit: () => void;
}

const MAX = 20_000;

/**
 * Search by PNR (spec point 2): a record locator, or the itinerary display pasted from the GDS (segment and name
 * lines). The server reads the flights and passengers and prices that itinerary again.
 */
export function PnrSearch({ initialPnr, busy, error, onSearch, onEdit }: Props) {
  const { t } = useTranslation();
  const [pnr, setPnr] = useState(initialPnr);
  const [touched, setTouched] = useState(false);
  const value = pnr.trim();
  const invalid = touched && value.length === 0;

  const submit = () => {
    setTouched(true);
    if (value) onSearch(/^[a-z0-9]{5,8}$/i.test(value) ? value.toUpperCase() : value);
  };

  return (
    <Form layout="vertical" component="div">
      <Typography.Paragraph type="secondary">{t('flight.search.pnr.hint')}</Typography.Paragraph>
      <Form.Item
        label={t('flight.search.pnr.label')}
        htmlFor="flight-pnr"
        validateStatus={invalid ? 'error' : undefined}
        help={invalid ? t('validation.required') : undefined}
      >
        <Input.TextArea
          id="flight-pnr"
          value={pnr}
          maxLength={MAX}
          autoSize={{ minRows: 3, maxRows: 12 }}
          placeholder={t('flight.search.pnr.placeholder')}
          style={{ fontFamily: 'monospace' }}
          onChange={(e) => {
            setPnr(e.target.value);
            onEdit();
          }}
        />
      </Form.Item>
      <Flex justify="flex-end" style={{ marginBottom: error ? 12 : 0 }}>
        <Button type="primary" icon={<SearchOutlined />} loading={busy} onClick={submit}>
          {t('flight.search.submit')}
        </Button>
      </Flex>
      {error && <Alert type="error" showIcon role="alert" title={t('flight.search.pnr.failed')} description={error} />}
    </Form>
  );
}
