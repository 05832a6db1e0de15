import { Alert, Card, Col, Collapse, Flex, Form, Input, Radio, Row, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { GENDERS, type DocumentType } from '@portal/contract/api/flight-orders';
import type { DocumentRecognition, FrequentPassenger, MemberCard } from '@portal/contract/api/travellers';
import { parseBirthday } from '@portal/contract/passengers/validate';
import { parseIsoDate } from '@portal/contract/passengers/dates';
import type { CountryOption } from '../../../lib/countries';
import { upperLatin } from '../../../lib/upper-latin';
import { DateInput } from '../../../components/DateInput';
import type { PassengerSlot } from '../model/booking-form';
import { DocumentRecognitionUpload } from './DocumentRecognitionUpload';
import { TravellerQuickSelect } from '../../../components/travellers/TravellerQuickSelect';
import type { CardNote } from './usePassengerImport';

/** Selects and pickers report a choice at once; typed text is checked when the agent leaves the field. */
const ON_CHOICE = ['onChange', 'onBlur'];

/** Where the birthday calendar opens: a typical age of the passenger type, not today. */
const TYPICAL_AGE = { adult: 30, child: 6, infant: 1 } as const;

interface Props {
  index: number;
  slot: PassengerSlot;
  documentTypes: readonly DocumentType[];
  countries: CountryOption[];
  today: string;
  /** The shared module's rule for one field path (plus paths shown on the same field). */
  rule: (path: string, ...alsoShown: string[]) => Rule;
  frequentFlyerOpen: boolean;
  onFrequentFlyerOpen: (open: boolean) => void;
  /** What the card says about how it was filled (import, recognition). */
  notes?: CardNote[];
  onDismissNote?: (id: CardNote['id']) => void;
  /** The "check this field" warning rule of a card-relative path ("travel_document.number"). */
  uncertain?: (path: string) => Rule;
  /** The imported traveller's member cards that fit the flight's carrier, to switch among. */
  memberCards?: MemberCard[];
  onChooseMemberCard?: (cardId: string) => void;
  onChooseTraveller?: (traveller: FrequentPassenger) => void;
  onRecognised?: (answer: DocumentRecognition) => boolean;
  onRecognitionFailed?: (message: string) => void;
  onRecognitionStart?: () => void;
  /** An import is writing into the form. */
  busy?: boolean;
}

/** Passes every value: the card's rules without an import (tests, other callers). */
const NO_RULE: Rule = {};

/** One passenger of the fare: names, gender, birthday, nationality, travel document and frequent flyer number. */
export function PassengerCard(props: Props) {
  const { index, slot, documentTypes, countries, today, rule, frequentFlyerOpen, onFrequentFlyerOpen, notes = [], memberCards = [], busy } = props;
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const documentType = Form.useWatch(['passengers', index, 'travel_document', 'type'], form) as string | undefined;
  const ffAirline = Form.useWatch(['passengers', index, 'frequentFlyer', 'airline'], form) as string | undefined;
  const ffNumber = Form.useWatch(['passengers', index, 'frequentFlyer', 'number'], form) as string | undefined;
  const check = (path: string) => props.uncertain?.(path) ?? NO_RULE;
  const chosenCard = memberCards.find((c) => c.airline === ffAirline && c.number === ffNumber)?.id ?? null;
  const p = `passengers.${index}`;
  const full = (...rest: string[]) => ['passengers', index, ...rest];
  const countrySelect = (allowClear = false) => (
    <Select options={countries} showSearch={{ optionFilterProp: ['label', 'value'] }} allowClear={allowClear} placeholder={t('flight.book.countryPlaceholder')} />
  );
  const birthdayOpensAt = dayjs(today).subtract(TYPICAL_AGE[slot.type], 'year').format('YYYY-MM-DD');

  return (
    <Card size="small" title={t('flight.book.passengerN', { type: t(`flight.passengerType.${slot.type}`), n: slot.n })} data-testid={`passenger-${index}`}>
      <Form.Item name={[index, 'type']} hidden>
        <Input />
      </Form.Item>
      {(props.onChooseTraveller || props.onRecognised) && (
        <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
          {props.onChooseTraveller && <TravellerQuickSelect disabled={busy} onChoose={props.onChooseTraveller} />}
          {props.onRecognised && (
            <DocumentRecognitionUpload
              documentType={documentType}
              disabled={busy}
              onRead={props.onRecognised}
              onFailed={(m) => props.onRecognitionFailed?.(m)}
              onStart={() => props.onRecognitionStart?.()}
            />
          )}
        </Flex>
      )}
      {notes.length > 0 && (
        <Flex vertical gap={8} style={{ marginBottom: 12 }}>
          {notes.map((note) => (
            <Alert
              key={note.id}
              type={note.type}
              showIcon
              closable={{ onClose: () => props.onDismissNote?.(note.id) }}
              title={'text' in note.message ? note.message.text : t(note.message.key, note.message.params ?? {})}
              data-testid={`passenger-${index}-note-${note.id}`}
            />
          ))}
        </Flex>
      )}
      <Row gutter={[16, 0]}>
        <Col xs={24} md={12}>
          <Form.Item name={[index, 'surname']} label={t('flight.book.surname')} extra={t('flight.book.nameHint')} normalize={upperLatin} rules={[rule(`${p}.surname`), check('surname')]}>
            <Input autoComplete="off" maxLength={60} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={[index, 'given_names']} label={t('flight.book.givenNames')} extra={t('flight.book.nameHint')} normalize={upperLatin} rules={[rule(`${p}.given_names`), check('given_names')]}>
            <Input autoComplete="off" maxLength={60} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={[index, 'gender']} label={t('flight.book.gender')} validateTrigger={ON_CHOICE} rules={[rule(`${p}.gender`), check('gender')]}>
            <Radio.Group optionType="button" options={GENDERS.map((g) => ({ value: g, label: t(`flight.book.genders.${g}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {/* The card fixes the passenger type; an age that does not match it is about the birthday, so it shows here. */}
          <Form.Item name={[index, 'birthday']} label={t('flight.book.birthday')} validateTrigger={ON_CHOICE} rules={[rule(`${p}.birthday`, `${p}.type`), check('birthday')]}>
            <DateInput placeholder={t('flight.book.datePlaceholder')} parseTyped={(s) => parseBirthday(s, today)} defaultPickerValue={birthdayOpensAt} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={[index, 'nationality']} label={t('flight.book.nationality')} validateTrigger={ON_CHOICE} rules={[rule(`${p}.nationality`), check('nationality')]}>
            {countrySelect()}
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={[index, 'travel_document', 'type']} label={t('flight.book.documentType')} validateTrigger={ON_CHOICE} rules={[rule(`${p}.travel_document.type`), check('travel_document.type')]}>
            <Select options={documentTypes.map((d) => ({ value: d, label: t(`flight.documents.${d}`) }))} placeholder={t('flight.book.choose')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={[index, 'travel_document', 'number']}
            label={t('flight.book.documentNumber')}
            normalize={upperLatin}
            dependencies={[full('travel_document', 'type'), full('birthday'), full('gender')]}
            rules={[rule(`${p}.travel_document.number`), check('travel_document.number')]}
          >
            <Input autoComplete="off" maxLength={30} />
          </Form.Item>
        </Col>
        <Form.Item noStyle dependencies={[full('travel_document', 'type')]}>
          {({ getFieldValue }) =>
            getFieldValue(full('travel_document', 'type')) !== 'idcard' && (
              <Col xs={24} md={12}>
                <Form.Item
                  name={[index, 'travel_document', 'expiryDate']}
                  label={t('flight.book.expiryDate')}
                  validateTrigger={ON_CHOICE}
                  dependencies={[full('travel_document', 'type')]}
                  rules={[rule(`${p}.travel_document.expiryDate`), check('travel_document.expiryDate')]}
                >
                  <DateInput placeholder={t('flight.book.datePlaceholder')} parseTyped={parseIsoDate} />
                </Form.Item>
              </Col>
            )
          }
        </Form.Item>
        <Col xs={24} md={12}>
          <Form.Item name={[index, 'travel_document', 'issuingCountry']} label={t('flight.book.issuingCountry')} validateTrigger={ON_CHOICE} rules={[rule(`${p}.travel_document.issuingCountry`), check('travel_document.issuingCountry')]}>
            {countrySelect(true)}
          </Form.Item>
        </Col>
      </Row>
      <Collapse
        size="small"
        ghost
        activeKey={frequentFlyerOpen ? ['ff'] : []}
        onChange={(keys) => onFrequentFlyerOpen((Array.isArray(keys) ? keys : [keys]).length > 0)}
        items={[
          {
            key: 'ff',
            label: t('flight.book.frequentFlyer.title'),
            // Kept in the form while closed, so its values and errors survive closing it.
            forceRender: true,
            children: (
              <Row gutter={[16, 0]}>
                {memberCards.length > 0 && (
                  <Col xs={24}>
                    <Form.Item label={t('flight.book.frequentFlyer.cards')} extra={t('flight.book.frequentFlyer.cardsHint')}>
                      <Select
                        value={chosenCard}
                        onChange={(id: string) => props.onChooseMemberCard?.(id)}
                        options={memberCards.map((c) => ({ value: c.id, label: `${c.airline} ${c.number}` }))}
                        placeholder={t('flight.book.choose')}
                        aria-label={t('flight.book.frequentFlyer.cards')}
                      />
                    </Form.Item>
                  </Col>
                )}
                <Col xs={24} md={12}>
                  <Form.Item
                    name={[index, 'frequentFlyer', 'airline']}
                    label={t('flight.book.frequentFlyer.airline')}
                    normalize={upperLatin}
                    dependencies={[full('frequentFlyer', 'number')]}
                    rules={[rule(`${p}.frequentFlyer.airline`)]}
                  >
                    <Input autoComplete="off" maxLength={2} placeholder={t('flight.book.frequentFlyer.airlinePlaceholder')} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name={[index, 'frequentFlyer', 'number']}
                    label={t('flight.book.frequentFlyer.number')}
                    normalize={upperLatin}
                    dependencies={[full('frequentFlyer', 'airline')]}
                    rules={[rule(`${p}.frequentFlyer.number`)]}
                  >
                    <Input autoComplete="off" maxLength={20} />
                  </Form.Item>
                </Col>
              </Row>
            ),
          },
        ]}
      />
    </Card>
  );
}
