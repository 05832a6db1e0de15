import { useEffect, useState } from 'react';
import { Alert, Flex, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { parsePastedPassengers, type PastedPassenger } from '@portal/contract/passengers/paste-import';

interface Props {
  open: boolean;
  today: string;
  importing: boolean;
  onCancel: () => void;
  /** The passengers read; the modal closes once this resolves. */
  onImport: (passengers: PastedPassenger[]) => Promise<void> | void;
}

/** The examples shown in the help: kept as data (not translated: they are what the agent pastes, in DOCS letters). */
const EXAMPLES = {
  name: 'ZHANG/SAN MING',
  docs: 'SSR DOCS CA HK1 P/CN/E12345678/CN/05MAR85/M/01JAN35/ZHANG/SAN MING',
  table: ['ZHANG', 'SAN MING', 'M', '1985-03-05', 'CN', 'passport', 'E12345678', '2035-01-01', 'CN'].join('\t'),
};

/**
 * "Import format error on line N: <line>", and what is wrong with it when the parser says more than "cannot read"
 * (a date or a gender it could not read). Nothing read at all (no line to name): the general message.
 */
export function failureText(result: { line: number; text: string; reason: string }, t: TFunction): string {
  if (result.line < 1) return t(result.reason);
  const where = t('travellers.import.formatLine', { line: result.line, text: result.text });
  if (result.reason === 'travellers.import.formatLine') return where;
  // A reason the catalogue does not know yet is left out rather than shown as a raw key.
  const detail = t(result.reason, { line: result.line, text: result.text, defaultValue: '' });
  return detail && detail !== result.reason ? `${where} (${detail})` : where;
}

/**
 * "Paste passengers": several passengers as text (name lines, GDS SSR DOCS lines, rows copied from a spreadsheet),
 * read by the contract's parser. A line it cannot read keeps the modal open with the text, naming the line.
 */
export function PastePassengersModal({ open, today, importing, onCancel, onImport }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setText('');
      setError(null);
    }
  }, [open]);

  const submit = async () => {
    if (!text.trim()) {
      setError(t('flight.book.paste.empty'));
      return;
    }
    const result = parsePastedPassengers(text, today);
    if (!result.ok) {
      setError(failureText(result, t));
      return;
    }
    setError(null);
    await onImport(result.passengers);
  };

  return (
    <Modal
      open={open}
      title={t('flight.book.paste.title')}
      onCancel={onCancel}
      destroyOnHidden
      okText={t('flight.book.paste.ok')}
      cancelText={t('flight.book.import.cancel')}
      okButtonProps={{ loading: importing }}
      onOk={() => void submit()}
      width={720}
    >
      <Flex vertical gap={12}>
        <Typography.Text>{t('flight.book.paste.help')}</Typography.Text>
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {(['name', 'docs', 'table'] as const).map((kind) => (
            <li key={kind}>
              <Typography.Text>{t(`flight.book.paste.formats.${kind}`)}</Typography.Text>
              <br />
              <Typography.Text code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {EXAMPLES[kind].replace(/\t/g, ' ⇥ ')}
              </Typography.Text>
            </li>
          ))}
        </ul>
        <Input.TextArea
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          autoSize={{ minRows: 5, maxRows: 14 }}
          placeholder={t('flight.book.paste.placeholder')}
          aria-label={t('flight.book.paste.label')}
          style={{ fontFamily: 'monospace' }}
        />
        {error && <Alert type="error" showIcon title={error} data-testid="paste-error" />}
      </Flex>
    </Modal>
  );
}
