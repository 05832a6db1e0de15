import { useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Input, Modal, Space } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Agency } from '@portal/contract/api/agencies';
import { notify } from '../../../lib/notify';
import { useRetained } from '../utils/use-retained';

/** The texts of one reveal-once dialog, already translated. */
export interface RevealOnceTexts {
  title: string;
  action: string;
  done: string;
  once: string;
  valueLabel: string;
  copy: string;
  failed: string;
  copyFailed: string;
}

interface Props<A> {
  agency: Agency | null;
  onClose: () => void;
  /** Issues the new credential for the agency id. */
  issue: UseMutationResult<A, Error, string>;
  secretOf: (answer: A) => string;
  texts: (agency: Agency | null) => RevealOnceTexts;
  actionIcon: ReactNode;
  actionDanger: boolean;
  /** What the dialog explains before anything is issued. */
  intro: (agency: Agency | null) => ReactNode;
  /** The line under the revealed value (when it was issued, how to use it). */
  issuedNote: (answer: A) => ReactNode;
}

/**
 * A credential the server keeps only hashed or never shows again (API key, single-login secret): this dialog is the
 * only place it is ever seen. It lives in this component's state alone (never in the query cache) and is dropped
 * when the dialog closes.
 */
export function RevealOnceModal<A>({ agency: selected, onClose, issue, secretOf, texts, actionIcon, actionDanger, intro, issuedNote }: Props<A>) {
  const { t } = useTranslation();
  const agency = useRetained(selected);
  const open = selected !== null;
  const [issued, setIssued] = useState<A | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    // Reopening never shows an earlier value again; closing keeps it until the dialog has faded out (afterClose).
    if (open) {
      setIssued(null);
      setError(null);
    }
  }
  const text = texts(agency);

  const run = () => {
    if (!agency) return;
    setError(null);
    issue.mutate(agency.id, {
      onSuccess: (answer) => setIssued(answer),
      onError: (e) => setError(e.message || text.failed),
    });
  };

  const copy = async () => {
    if (issued === null) return;
    try {
      await navigator.clipboard.writeText(secretOf(issued));
      notify.success(t('message.success.copy'));
    } catch {
      notify.error(text.copyFailed);
    }
  };

  return (
    <Modal
      open={open}
      title={text.title}
      onCancel={onClose}
      destroyOnHidden
      // Closing by a stray click outside would lose a value that is never shown again.
      mask={{ closable: false }}
      afterClose={() => setIssued(null)}
      footer={
        issued !== null ? (
          <Button type="primary" onClick={onClose}>
            {text.done}
          </Button>
        ) : (
          <Flex justify="end" gap={8}>
            <Button onClick={onClose}>{t('agency.common.cancel')}</Button>
            <Button type="primary" danger={actionDanger} icon={actionIcon} loading={issue.isPending} onClick={run}>
              {text.action}
            </Button>
          </Flex>
        )
      }
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {issued !== null ? (
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={text.once} />
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={secretOf(issued)} aria-label={text.valueLabel} style={{ fontFamily: 'monospace' }} onFocus={(e) => e.currentTarget.select()} />
            <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()}>
              {text.copy}
            </Button>
          </Space.Compact>
          {issuedNote(issued)}
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          {intro(agency)}
        </Flex>
      )}
    </Modal>
  );
}
