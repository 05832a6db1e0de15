import { useEffect, useState, type ReactNode } from 'react';
import { Button, Card, Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  description: string;
  value: string[];
  saving: boolean;
  /** The picker; it receives the draft list and reports changes. */
  children(draft: string[], setDraft: (next: string[]) => void): ReactNode;
  onSave(next: string[]): void;
}

/** A favourite list edited as a draft and saved as a whole; an empty list is refused (spec point 5). */
export function FavouriteListCard({ title, description, value, saving, children, onSave }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [touched, setTouched] = useState(false);
  useEffect(() => setDraft(value), [value]);

  const empty = draft.length === 0;
  const dirty = draft.join(',') !== value.join(',');

  return (
    <Card title={title} size="small" styles={{ body: { paddingBottom: 8 } }}>
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        {description}
      </Typography.Paragraph>
      <Form.Item validateStatus={touched && empty ? 'error' : undefined} help={touched && empty ? t('validation.list.empty') : undefined}>
        {children(draft, (next) => {
          setTouched(true);
          setDraft(next);
        })}
      </Form.Item>
      <Flex justify="flex-end" gap={8} style={{ marginBottom: 8 }}>
        <Button disabled={!dirty || saving} onClick={() => setDraft(value)}>
          {t('common.cancel')}
        </Button>
        <Button
          type="primary"
          loading={saving}
          disabled={!dirty}
          onClick={() => {
            setTouched(true);
            if (!empty) onSave(draft);
          }}
        >
          {t('common.save')}
        </Button>
      </Flex>
    </Card>
  );
}
