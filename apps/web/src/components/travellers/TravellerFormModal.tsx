import { useCallback, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Divider, Flex, Form, Input, Modal, Progress, Radio, Row, Select, Space, Typography, Upload } from 'antd';
import type { Rule } from 'antd/es/form';
import { DeleteOutlined, PlusOutlined, ScanOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_REGION } from '@portal/contract/api/auth';
import { DOCUMENT_TYPES, GENDERS } from '@portal/contract/api/flight-orders';
import { MAX_RECOGNITION_BYTES, MAX_TRAVELLER_DOCUMENTS, type FrequentPassenger, type FrequentPassengerBody } from '@portal/contract/api/travellers';
import { parseIsoDate } from '@portal/contract/passengers/dates';
import { normalizeDocumentType } from '@portal/contract/passengers/documents';
import { parseBirthday, type FieldError } from '@portal/contract/passengers/validate';
import { AreaCodeSelect } from '../AreaCodeSelect';
import { DateInput } from '../DateInput';
import { useCountryOptions } from '../../lib/countries';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { upperLatin } from '../../lib/upper-latin';
import { recogniseDocument, useSaveTraveller } from './api';
import { MemberCardsEditor } from './MemberCardsEditor';
import { recognitionFill, travellerRecognitionPaths } from './recognition-fill';
import {
  checkTraveller,
  formValuesOf,
  localDate,
  messageOf,
  namePathOf,
  serverFieldErrors,
  toTravellerBody,
  type DocumentFormValue,
  type TravellerFormValues,
} from './traveller-form';

interface Props {
  open: boolean;
  /** The traveller to edit; null to add one. */
  traveller: FrequentPassenger | null;
  onClose(): void;
  /** After a successful save, with the server's answer (the booking form can import the new traveller at once). */
  onSaved?(saved: FrequentPassenger): void;
}

/**
 * Adds or edits a frequent passenger (issue 11): every field of a booking passenger plus the Chinese name, contact and
 * several documents, checked as the agent types by the shared rules the server runs again. Member cards of a traveller
 * on file are edited in the same dialog. Destroyed on close, so nothing typed (or read from an image) lingers.
 */
export function TravellerFormModal({ open, traveller, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t(traveller ? 'travellers.form.editTitle' : 'travellers.form.addTitle')}
      onCancel={onClose}
      footer={null}
      width={{ xs: '100%', md: 820 }}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {open && <TravellerForm traveller={traveller} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

/** Selects and pickers report a choice at once; typed text is checked when the agent leaves the field. */
const ON_CHOICE = ['onChange', 'onBlur'];

/** An antd name path as one string, for sets of paths. */
const key = (name: (string | number)[]) => name.join('.');

type Errors = { name: (string | number)[]; errors: string[] }[];

function TravellerForm({ traveller, onClose, onSaved }: Omit<Props, 'open'>) {
  const { t } = useTranslation();
  const { me } = useSession();
  const countries = useCountryOptions({ withCode: true });
  // Untyped: field paths come as strings from the shared rules and the server ("travel_documents.1.number").
  const [form] = Form.useForm();
  const save = useSaveTraveller();
  const today = localDate();
  const defaultRegion = me?.userInfo.config.defaultRegion || DEFAULT_REGION;
  const [initial] = useState(() => formValuesOf(traveller, defaultRegion));
  const docs = (Form.useWatch('travel_documents', { form, preserve: true }) ?? initial.travel_documents) as DocumentFormValue[];

  /** Once the agent tried to save, every field shows its error; before, only fields the agent has filled in. */
  const submitted = useRef(false);
  /** Fields filled from a document image below the certainty threshold: marked until the agent changes them. */
  const uncertain = useRef(new Set<string>());
  const [imageId, setImageId] = useState<string | null>(null);
  const [reading, setReading] = useState<number | null>(null);
  const [scanError, setScanError] = useState<string | null>(null);

  const check = useCallback(() => checkTraveller(form.getFieldsValue(true) as TravellerFormValues, today), [form, today]);

  const rule = useCallback(
    (path: string): Rule => ({
      validator: async () => {
        if (!submitted.current && !form.isFieldTouched(namePathOf(path))) return;
        const error: FieldError | undefined = check()[path];
        if (error) throw new Error(messageOf(error, t));
      },
    }),
    [check, form, t],
  );
  /** "Check this field" on a field read uncertainly from an image: a warning, never a reason to refuse. */
  const uncertainRule = useCallback(
    (path: string): Rule => ({
      warningOnly: true,
      validator: async () => {
        if (uncertain.current.has(path)) throw new Error(t('travellers.scan.check'));
      },
    }),
    [t],
  );
  const rules = (path: string) => [rule(path), uncertainRule(path)];

  const showErrors = (errors: Errors) => {
    form.setFields(errors);
    const first = errors[0];
    if (first) form.scrollToField(first.name, { behavior: 'smooth', block: 'center', focus: true });
  };

  async function submit() {
    submitted.current = true;
    const values = form.getFieldsValue(true) as TravellerFormValues;
    const fields = checkTraveller(values, today);
    if (Object.keys(fields).length > 0) {
      // The rules' own validators show each message; validating every field makes them all appear at once.
      await form.validateFields({ recursive: true }).catch(() => undefined);
      showErrors(Object.entries(fields).map(([path, error]) => ({ name: namePathOf(path), errors: [messageOf(error, t)] })));
      return;
    }
    // An image read from the upload above is attached to the traveller; an edit without a new image keeps the old one.
    const body: FrequentPassengerBody = { ...toTravellerBody(values), ...(imageId ? { documentImageId: imageId } : {}) };
    save.mutate(
      { id: traveller?.id, body },
      {
        onSuccess: (saved) => {
          notify.success(t(traveller ? 'travellers.form.saved' : 'travellers.form.added'));
          onSaved?.(saved);
          onClose();
        },
        onError: (err) => {
          const { fields: onFields, rest } = serverFieldErrors(err, t('travellers.form.saveFailed'));
          if (onFields.length > 0) showErrors(onFields);
          if (rest) notify.error(rest);
        },
      },
    );
  }

  /** Reads a document image and fills the form; nothing is filled when the reading fails. */
  async function scan(file: File) {
    setScanError(null);
    // The server checks type and size by content too; refusing an oversized file here saves uploading 10MB for nothing.
    if (file.size > MAX_RECOGNITION_BYTES) {
      setScanError(t('travellers.recognition.size'));
      return;
    }
    setReading(0);
    try {
      const answer = await recogniseDocument(file, { attach: true, onProgress: (p) => setReading(p) });
      const current = (form.getFieldsValue(true) as TravellerFormValues).travel_documents ?? [];
      const docType = normalizeDocumentType(answer.fields.documentType?.value ?? '');
      // The document goes into the row of its type, else the first empty row, else a new row while there is room.
      let index = current.findIndex((d) => docType && d.type === docType);
      if (index < 0) index = current.findIndex((d) => !d.id && !d.type && !d.number);
      if (index < 0 && current.length < MAX_TRAVELLER_DOCUMENTS) index = current.length;
      const paths = travellerRecognitionPaths(Math.max(index, 0));
      if (index < 0) for (const f of ['documentType', 'documentNumber', 'expiryDate', 'issuingCountry'] as const) delete paths[f];
      const filled = recognitionFill(answer, paths);
      if (filled.length === 0) {
        setScanError(t('travellers.recognition.failed'));
        return;
      }
      if (index >= current.length) form.setFieldValue('travel_documents', [...current, {}]);
      uncertain.current = new Set(filled.filter((f) => f.uncertain).map((f) => key(f.name)));
      form.setFields(filled.map((f) => ({ name: f.name, value: f.value, touched: true })));
      setImageId(answer.imageId);
      await form.validateFields(filled.map((f) => f.name)).catch(() => undefined);
      notify.success(t(uncertain.current.size > 0 ? 'travellers.scan.filledCheck' : 'travellers.scan.filled'));
    } catch (err) {
      setScanError(err instanceof Error && err.message ? err.message : t('travellers.recognition.failed'));
    } finally {
      setReading(null);
    }
  }

  const documentTypes = useMemo(() => DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`flight.documents.${d}`) })), [t]);
  const countrySelect = (allowClear = false) => (
    <Select options={countries} showSearch={{ optionFilterProp: ['label', 'value'] }} allowClear={allowClear} placeholder={t('travellers.form.countryPlaceholder')} />
  );

  return (
    <Flex vertical gap={16}>
      <Flex vertical gap={8}>
        <Space wrap>
          <Upload
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            showUploadList={false}
            disabled={reading !== null}
            beforeUpload={(file) => {
              void scan(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<ScanOutlined />} loading={reading !== null}>
              {t('travellers.scan.upload')}
            </Button>
          </Upload>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('travellers.scan.hint')}
          </Typography.Text>
        </Space>
        {reading !== null && (
          <Flex vertical gap={0} role="status">
            <Typography.Text type="secondary">{t(reading < 100 ? 'travellers.scan.uploading' : 'travellers.scan.reading')}</Typography.Text>
            <Progress percent={reading} size="small" status="active" showInfo={reading < 100} />
          </Flex>
        )}
        {scanError && <Alert type="error" showIcon title={scanError} closable onClose={() => setScanError(null)} />}
      </Flex>

      <Form
        form={form}
        layout="vertical"
        name="traveller"
        initialValues={initial}
        onValuesChange={(changed: Partial<TravellerFormValues>) => {
          // A field the agent changed is checked by them: it is no longer marked uncertain (its own validation, which
          // runs after this on the same change, then drops the warning).
          const touched = Object.keys(changed).flatMap((k) =>
            k === 'travel_documents'
              ? (changed.travel_documents ?? []).flatMap((d, i) => (d ? Object.keys(d).map((f) => `travel_documents.${i}.${f}`) : []))
              : [k],
          );
          for (const p of touched) uncertain.current.delete(p);
        }}
        onFinish={() => void submit()}
      >
        <Row gutter={[16, 0]}>
          <Col xs={24} md={12}>
            <Form.Item name="surname" label={t('travellers.form.surname')} extra={t('travellers.form.nameHint')} normalize={upperLatin} rules={rules('surname')}>
              <Input autoComplete="off" maxLength={60} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="given_names" label={t('travellers.form.givenNames')} extra={t('travellers.form.nameHint')} normalize={upperLatin} rules={rules('given_names')}>
              <Input autoComplete="off" maxLength={60} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="localName" label={t('travellers.form.localName')} rules={rules('localName')}>
              <Input autoComplete="off" maxLength={40} placeholder={t('travellers.form.optional')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="gender" label={t('travellers.form.gender')} validateTrigger={ON_CHOICE} rules={rules('gender')}>
              <Radio.Group optionType="button" options={GENDERS.map((g) => ({ value: g, label: t(`travellers.genders.${g}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="birthday" label={t('travellers.form.birthday')} validateTrigger={ON_CHOICE} rules={rules('birthday')}>
              <DateInput placeholder={t('travellers.form.datePlaceholder')} parseTyped={(s) => parseBirthday(s, today)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="nationality" label={t('travellers.form.nationality')} validateTrigger={ON_CHOICE} rules={rules('nationality')}>
              {countrySelect()}
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('travellers.form.phone')} required={false}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="areaCode" noStyle rules={rules('areaCode')}>
                  <AreaCodeSelect style={{ width: 110 }} aria-label={t('travellers.form.areaCode')} />
                </Form.Item>
                <Form.Item name="phone" noStyle rules={rules('phone')}>
                  <Input autoComplete="off" maxLength={20} aria-label={t('travellers.form.phone')} placeholder={t('travellers.form.optional')} />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
            {/* The compact group shows no messages of its own: the phone's and area code's go under it. */}
            <Form.Item noStyle shouldUpdate>
              {() => {
                const messages = [...form.getFieldError('areaCode'), ...form.getFieldError('phone')];
                return messages.length > 0 ? (
                  <Typography.Text type="danger" style={{ display: 'block', marginTop: -20, marginBottom: 12 }}>
                    {messages[0]}
                  </Typography.Text>
                ) : null;
              }}
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('travellers.form.email')} rules={rules('email')}>
              <Input autoComplete="off" maxLength={254} placeholder={t('travellers.form.optional')} />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
          {t('travellers.form.documents')}
        </Divider>
        <Form.List
          name="travel_documents"
          rules={[
            {
              validator: async () => {
                if (!submitted.current) return;
                const error = check().travel_documents;
                if (error) throw new Error(messageOf(error, t));
              },
            },
          ]}
        >
          {(rows, { add, remove }, { errors }) => (
            <Flex vertical gap={12}>
              {rows.map((row, i) => {
                const doc = docs[i] ?? {};
                // A document on file of the same type keeps its number unless a new one is typed.
                const keeps = !!doc.id && doc.type === doc.storedType;
                const p = `travel_documents.${i}`;
                return (
                  <Card
                    key={row.key}
                    size="small"
                    title={t('travellers.form.documentN', { n: i + 1 })}
                    data-testid={`document-row-${i}`}
                    extra={
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        disabled={rows.length <= 1}
                        aria-label={t('travellers.form.removeDocument', { n: i + 1 })}
                        onClick={() => remove(row.name)}
                      />
                    }
                  >
                    <Row gutter={[16, 0]}>
                      <Col xs={24} md={12}>
                        <Form.Item name={[row.name, 'type']} label={t('travellers.form.documentType')} validateTrigger={ON_CHOICE} rules={rules(`${p}.type`)}>
                          <Select options={documentTypes} placeholder={t('travellers.form.choose')} />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={12}>
                        <Form.Item
                          name={[row.name, 'number']}
                          label={t('travellers.form.documentNumber')}
                          extra={keeps ? t('travellers.form.keepNumber') : undefined}
                          normalize={upperLatin}
                          dependencies={[['travel_documents', row.name, 'type'], ['birthday'], ['gender']]}
                          rules={rules(`${p}.number`)}
                        >
                          <Input autoComplete="off" maxLength={30} placeholder={keeps ? doc.masked : undefined} />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={12}>
                        <Form.Item
                          name={[row.name, 'expiryDate']}
                          label={t('travellers.form.expiryDate')}
                          validateTrigger={ON_CHOICE}
                          dependencies={[['travel_documents', row.name, 'type']]}
                          rules={rules(`${p}.expiryDate`)}
                        >
                          <DateInput placeholder={t('travellers.form.datePlaceholder')} parseTyped={parseIsoDate} />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={12}>
                        <Form.Item name={[row.name, 'issuingCountry']} label={t('travellers.form.issuingCountry')} validateTrigger={ON_CHOICE} rules={rules(`${p}.issuingCountry`)}>
                          {countrySelect(true)}
                        </Form.Item>
                      </Col>
                    </Row>
                  </Card>
                );
              })}
              <Form.ErrorList errors={errors} />
              <Button type="dashed" icon={<PlusOutlined />} disabled={rows.length >= MAX_TRAVELLER_DOCUMENTS} onClick={() => add({})}>
                {t('travellers.form.addDocument', { count: rows.length, max: MAX_TRAVELLER_DOCUMENTS })}
              </Button>
            </Flex>
          )}
        </Form.List>

        <Form.Item name="remark" label={t('travellers.form.remark')} style={{ marginTop: 16 }}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={200} showCount />
        </Form.Item>
        {/* Enter in a field saves, as in every dialog here. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>

      {traveller ? (
        <MemberCardsEditor traveller={traveller} />
      ) : (
        <Typography.Text type="secondary">{t('travellers.cards.afterSave')}</Typography.Text>
      )}

      <Flex justify="flex-end" gap={8}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
          {t('common.save')}
        </Button>
      </Flex>
    </Flex>
  );
}
