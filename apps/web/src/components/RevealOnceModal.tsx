import { useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Input, Modal, Space } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../lib/notify';

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

interface Props<A, S, V> {
  /** What the credential is for (an agency, the caller's own company); null closes the dialog. */
  subject: S | null;
  onClose: () => void;
  /** Issues the new credential; `variables` turns the subject into the mutation's input. */
  issue: UseMutationResult<A, Error, V>;
  variables: (subject: S) => V;
  secretOf: (answer: A) => string;
  texts: (subject: S | null) => RevealOnceTexts;
  /** Cancel button label. */
  cancel: string;
  actionIcon: ReactNode;
  actionDanger: boolean;
  /** What the dialog explains before anything is issued. */
  intro: (subject: S | null) => ReactNode;
  /** The line under the revealed value (when it was issued, how to use it). */
  issuedNote: (answer: A) => ReactNode;
}

/**
 * A credential the server keeps only hashed or never shows again (API key, single-login secret, webhook secret): this
 * dialog is the only place it is ever seen. It lives in this component's state alone (never in the query or mutation
 * cache) and is dropped when the dialog closes.
 */
export function RevealOnceModal<A, S, V>({ subject: selected, onClose, issue, variables, secretOf, texts, cancel, actionIcon, actionDanger, intro, issuedNote }: Props<A, S, V>) {
  const { t } = useTranslation();
  // Keeps showing the subject while the close animation runs after the page reset it to null.
  const [retained, setRetained] = useState(selected);
  if (selected !== null && selected !== retained) setRetained(selected);
  const subject = selected ?? retained;
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
  const text = texts(subject);

  const run = () => {
    if (subject === null) return;
    setError(null);
    issue.mutate(variables(subject), {
      onSuccess: (answer) => {
        setIssued(answer);
        issue.reset();
      },
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
            <Button onClick={onClose}>{cancel}</Button>
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
          {intro(subject)}
        </Flex>
      )}
    </Modal>
  );
}
