import { useState } from 'react';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { SearchOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';

/**
 * What the last lookup said besides its results (issue 15): a group booking, which starts no search and is offered
 * the group request instead; and the lines of the display that were read but not searched (flown, cancelled, an
 * airport not known...). Both texts come from the server in the user's language.
 */
export interface PnrNotice {
  group: { seats: number; message: string } | null;
  skipped: string[];
}

interface Props {
  initialPnr: string;
  busy: boolean;
  /** The text being looked up, as sent; null when no lookup runs. */
  pending?: string | null;
  /** Why the last lookup failed: the server's message, in the user's language. */
  error: string | null;
  onSearch: (pnr: string) => void;
  onEdit: () => void;
  notice?: PnrNotice | null;
}

const MAX = 20_000;

/** What is sent for the typed text: a bare record locator in capitals, a pasted display as it is (trimmed). */
function pnrToSend(text: string): string {
  const value = text.trim();
  return /^[a-z0-9]{5,8}$/i.test(value) ? value.toUpperCase() : value;
}

/**
 * Search by PNR (spec point 2): a record locator, or the itinerary display pasted from the GDS (segment and name
 * lines). The server reads the flights and passengers and prices that itinerary again.
 */
export function PnrSearch({ initialPnr, busy, pending = null, error, onSearch, onEdit, notice = null }: Props) {
  const { t } = useTranslation();
  const [pnr, setPnr] = useState(initialPnr);
  const [touched, setTouched] = useState(false);
  const value = pnrToSend(pnr);
  const invalid = touched && value.length === 0;
  // While a lookup runs the button waits for it, unless the text was changed since: the agent who corrects a wrong
  // paste looks the new text up at once, and the older lookup is dropped.
  const waiting = pending !== null ? pending === value : busy;

  const submit = () => {
    setTouched(true);
    if (value) onSearch(value);
  };

  return (
    <Form layout="vertical" component="div">
      <p className="portal-hint portal-hint--paragraph">{t('flight.search.pnr.hint')}</p>
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
        <Button type="primary" icon={<SearchOutlined />} loading={waiting} onClick={submit}>
          {t('flight.search.submit')}
        </Button>
      </Flex>
      {error && <Alert type="error" showIcon role="alert" title={t('flight.search.pnr.failed')} description={error} />}
      {notice?.group && (
        <Alert
          type="info"
          showIcon
          role="status"
          style={{ marginTop: 12 }}
          title={t('flight.search.pnr.groupTitle')}
          description={notice.group.message}
          action={
            <Link to={paths.groupBooking}>
              <Button type="primary" icon={<TeamOutlined />}>
                {t('flight.search.pnr.groupRequest')}
              </Button>
            </Link>
          }
        />
      )}
      {notice && notice.skipped.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title={t('flight.search.pnr.skippedTitle')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {notice.skipped.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          }
        />
      )}
    </Form>
  );
}
