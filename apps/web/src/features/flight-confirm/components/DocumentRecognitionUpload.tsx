import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Progress, Spin, Typography, Upload } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAX_RECOGNITION_BYTES, type DocumentRecognition } from '@portal/contract/api/travellers';
import { recogniseDocument } from '../../../components/travellers/api';

interface Props {
  /** The card's document type when chosen: the server reads the zone of that document first. */
  documentType?: string;
  disabled?: boolean;
  /** The answer; false when nothing usable was read (then the card is left as it was). */
  onRead: (answer: DocumentRecognition) => boolean;
  /** Why it failed, in the user's language. */
  onFailed: (message: string) => void;
  /** A new reading started: the previous failure message is stale. */
  onStart: () => void;
}

const ACCEPT = '.jpg,.jpeg,.png';
const TYPES = ['image/jpeg', 'image/png'];
const EXTENSION = /\.(jpe?g|png)$/i;

/** The browser's own check before sending (the server checks the content again). */
export function recognitionFileError(file: Pick<File, 'name' | 'type' | 'size'>): 'travellers.recognition.type' | 'travellers.recognition.size' | null {
  // Some systems report no MIME type; the extension then decides.
  const typeOk = file.type ? TYPES.includes(file.type) : EXTENSION.test(file.name);
  if (!typeOk) return 'travellers.recognition.type';
  if (file.size > MAX_RECOGNITION_BYTES) return 'travellers.recognition.size';
  return null;
}

type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'reading' };

/**
 * "Upload document" on a passenger card: a photo or scan of the document, read by the server (a few seconds), its
 * fields written into the card by the caller. While it runs the button is replaced by the progress, then
 * "Reading the document…". Leaving the page cancels it.
 */
export function DocumentRecognitionUpload({ documentType, disabled, onRead, onFailed, onStart }: Props) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = async (file: File) => {
    const problem = recognitionFileError(file);
    onStart();
    if (problem) {
      onFailed(t(problem));
      return;
    }
    controller.current?.abort();
    const ctrl = new AbortController();
    controller.current = ctrl;
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const answer = await recogniseDocument(file, {
        documentType,
        signal: ctrl.signal,
        // Once the file is sent, the server reads it: that is the longer part.
        onProgress: (percent) => setPhase(percent >= 100 ? { kind: 'reading' } : { kind: 'uploading', percent }),
      });
      if (ctrl.signal.aborted) return;
      if (!onRead(answer)) onFailed(t('travellers.recognition.failed'));
    } catch (err) {
      if (ctrl.signal.aborted) return;
      onFailed(err instanceof Error && err.message ? err.message : t('travellers.recognition.failed'));
    } finally {
      if (controller.current === ctrl) {
        controller.current = null;
        setPhase({ kind: 'idle' });
      }
    }
  };

  if (phase.kind !== 'idle') {
    return (
      <Flex align="center" gap={8} role="status" style={{ minWidth: 160 }}>
        {phase.kind === 'uploading' ? (
          <>
            <Progress percent={phase.percent} size="small" style={{ width: 100, margin: 0 }} />
            <Typography.Text type="secondary">{t('flight.book.recognition.uploading')}</Typography.Text>
          </>
        ) : (
          <>
            <Spin size="small" />
            <Typography.Text type="secondary">{t('flight.book.recognition.reading')}</Typography.Text>
          </>
        )}
      </Flex>
    );
  }

  return (
    <Upload
      accept={ACCEPT}
      showUploadList={false}
      disabled={disabled}
      maxCount={1}
      // The file is sent by recogniseDocument (with progress and the document type), not by antd's own request.
      beforeUpload={(file) => {
        void start(file);
        return Upload.LIST_IGNORE;
      }}
    >
      <Button size="small" icon={<ScanOutlined />} disabled={disabled} title={t('flight.book.recognition.hint')}>
        {t('flight.book.recognition.upload')}
      </Button>
    </Upload>
  );
}
