import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Progress, Typography } from 'antd';
import { CheckCircleFilled, DeleteOutlined, PaperClipOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '@portal/contract/api/after-sales';
import { isAbort } from '../../../../lib/api';
import { uploadAttachment } from '../../api/upload-attachment';
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_FILES, fileSize, sortFiles } from '../../model/after-sales';

/** One file of the request: on its way (with the share sent), uploaded (with the server's id), or failed. */
export interface UploadItem {
  uid: string;
  file: File;
  percent: number;
  status: 'uploading' | 'done' | 'error';
  attachment: Attachment | null;
  error: string | null;
}

interface Props {
  orderId: string;
  items: UploadItem[];
  onChange: (update: (items: UploadItem[]) => UploadItem[]) => void;
}

let uidSeq = 0;

/**
 * Supporting documents of a refund (spec point 5: jpg, png or pdf, 2 MB each, at most 5): each picked file is checked
 * here first, then uploaded on its own with its progress; an upload can be removed (aborted) or retried.
 */
export function AttachmentsField({ orderId, items, onChange }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const controllers = useRef(new Map<string, AbortController>());
  const [refused, setRefused] = useState<string[]>([]);

  // Leaving the dialog aborts what is still on its way.
  useEffect(() => {
    const map = controllers.current;
    return () => map.forEach((c) => c.abort());
  }, []);

  const patch = (uid: string, next: Partial<UploadItem>) => onChange((list) => list.map((i) => (i.uid === uid ? { ...i, ...next } : i)));

  const send = (uid: string, file: File) => {
    const controller = new AbortController();
    controllers.current.set(uid, controller);
    uploadAttachment(orderId, file, (percent) => patch(uid, { percent }), controller.signal)
      .then((attachment) => patch(uid, { status: 'done', percent: 100, attachment, error: null }))
      .catch((err: unknown) => {
        if (isAbort(err)) return;
        patch(uid, { status: 'error', error: err instanceof Error && err.message ? err.message : t('orders.afterSales.attachments.failed') });
      })
      .finally(() => controllers.current.delete(uid));
  };

  const pick = (files: File[]) => {
    const { accepted, refused: bad } = sortFiles(items.length, files);
    setRefused(bad.map((r) => r.file.name));
    const added = accepted.map((file) => ({ uid: `att-${++uidSeq}`, file, percent: 0, status: 'uploading' as const, attachment: null, error: null }));
    if (added.length) onChange((list) => [...list, ...added]);
    added.forEach((a) => send(a.uid, a.file));
  };

  const remove = (uid: string) => {
    controllers.current.get(uid)?.abort();
    controllers.current.delete(uid);
    onChange((list) => list.filter((i) => i.uid !== uid));
    setRefused([]);
  };

  const retry = (item: UploadItem) => {
    patch(item.uid, { status: 'uploading', percent: 0, error: null });
    send(item.uid, item.file);
  };

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center" wrap>
        <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} disabled={items.length >= ATTACHMENT_MAX_FILES}>
          {t('orders.afterSales.attachments.add')}
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('orders.afterSales.attachments.hint', { count: ATTACHMENT_MAX_FILES })}
        </Typography.Text>
        <input
          ref={input}
          type="file"
          multiple
          // The button opens it; the browser's own file button stays out of sight.
          style={{ display: 'none' }}
          accept={ATTACHMENT_ACCEPT}
          aria-label={t('orders.afterSales.attachments.input')}
          data-testid="attachments-input"
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = '';
            if (files.length) pick(files);
          }}
        />
      </Flex>
      {refused.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('orders.afterSales.attachments.invalid')}
          description={t('orders.afterSales.attachments.refused', { names: refused.join(', ') })}
        />
      )}
      {items.length > 0 && (
        <Flex vertical gap={4} role="list" aria-label={t('orders.afterSales.attachments.list')}>
          {items.map((item) => (
            <Flex key={item.uid} role="listitem" vertical gap={2} data-testid="attachment-item" data-status={item.status} style={{ padding: '4px 8px', background: '#fafafa', borderRadius: 6 }}>
              <Flex justify="space-between" align="center" gap={8}>
                <Typography.Text ellipsis style={{ minWidth: 0 }}>
                  {item.status === 'done' ? <CheckCircleFilled style={{ color: '#52c41a' }} /> : <PaperClipOutlined />} {item.file.name}{' '}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {fileSize(item.file.size)}
                  </Typography.Text>
                </Typography.Text>
                <Flex gap={4} flex="none">
                  {item.status === 'error' && (
                    <Button size="small" type="text" icon={<ReloadOutlined />} aria-label={t('orders.afterSales.attachments.retry', { name: item.file.name })} onClick={() => retry(item)} />
                  )}
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('orders.afterSales.attachments.remove', { name: item.file.name })} onClick={() => remove(item.uid)} />
                </Flex>
              </Flex>
              {item.status === 'uploading' && <Progress percent={item.percent} size="small" aria-label={t('orders.afterSales.attachments.progress', { name: item.file.name })} />}
              {item.status === 'error' && (
                <Typography.Text type="danger" style={{ fontSize: 12 }}>
                  {item.error}
                </Typography.Text>
              )}
            </Flex>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
