import { z } from 'zod';
import { PASSENGER_TYPES } from './shopping.ts';
import { DOCUMENT_TYPES, GENDERS } from './flight-orders.ts';
import { MAX_FREQUENT_PASSENGERS } from '../roles.ts';

/**
 * Travellers (issue 11): frequent passengers, their member cards, document recognition and passenger import.
 *
 * A frequent passenger has the booking passenger's fields with the spec's transmitted names (`given_names`,
 * `travel_document`), plus what an agent keeps about a traveller between bookings: the name in Chinese characters,
 * contact details and every document they hold. Bodies are plain strings so the shared rules
 * (passengers/frequent.ts, the same module the booking runs) answer each field with its own message key.
 */

export { MAX_FREQUENT_PASSENGERS };
/** A traveller rarely holds more: passport, ID card, one or two permits. */
export const MAX_TRAVELLER_DOCUMENTS = 6;
export const MAX_MEMBER_CARDS_PER_PASSENGER = 10;
/** Spec point 5: recognition image jpg, jpeg or png, at most 10 MB. */
export const MAX_RECOGNITION_BYTES = 10 * 1024 * 1024;
/** A recognised field below this confidence is marked for the agent to check. */
export const RECOGNITION_CERTAIN = 0.8;

/** One document of a frequent passenger, as sent. On an edit, `id` with an empty `number` keeps the stored number. */
export const TravellerDocumentInput = z.object({
  id: z.string().uuid().nullish(),
  type: z.string().default(''),
  number: z.string().default(''),
  expiryDate: z.string().nullish(),
  issuingCountry: z.string().nullish(),
});
export type TravellerDocumentInput = z.input<typeof TravellerDocumentInput>;

/** POST /base/v2/often-used-passengers and PUT .../{id}. */
export const FrequentPassengerBody = z.object({
  surname: z.string().default(''),
  given_names: z.string().default(''),
  /** The name in Chinese characters (张三), for search and for rail tickets; optional. */
  localName: z.string().max(40, 'validation.tooLong').nullish(),
  gender: z.string().default(''),
  birthday: z.string().default(''),
  nationality: z.string().default(''),
  /** Calling code without "+"; with phone. */
  areaCode: z.string().nullish(),
  phone: z.string().nullish(),
  email: z.string().nullish(),
  /** One or more; the first is the one the booking offers first. */
  travel_documents: z.array(TravellerDocumentInput).max(MAX_TRAVELLER_DOCUMENTS, 'travellers.documents.max').default([]),
  remark: z.string().max(200, 'validation.tooLong').nullish(),
  /** A document image kept by recognition (`imageId`, uploaded by the same user) to attach; null detaches it. */
  documentImageId: z.string().uuid('validation.invalid').nullish(),
});
export type FrequentPassengerBody = z.input<typeof FrequentPassengerBody>;

/** A stored document as answered: the number masked but for its last 4 characters. */
export const TravellerDocument = z.object({
  id: z.string(),
  type: z.enum(DOCUMENT_TYPES),
  /** Masked: `*****1234`. The full number only from GET .../{id}/documents/{documentId}. */
  number: z.string(),
  expiryDate: z.string().nullable(),
  issuingCountry: z.string().nullable(),
});
export type TravellerDocument = z.infer<typeof TravellerDocument>;

export const MemberCard = z.object({
  id: z.string(),
  passengerId: z.string(),
  /** IATA designator of the programme's airline. */
  airline: z.string(),
  number: z.string(),
  /** Name on the card, SURNAME/GIVEN NAMES; defaults to the passenger's name. */
  holder: z.string(),
  createdAt: z.string(),
}).meta({ id: 'MemberCard' });
export type MemberCard = z.infer<typeof MemberCard>;

export const FrequentPassenger = z.object({
  id: z.string(),
  surname: z.string(),
  given_names: z.string(),
  localName: z.string().nullable(),
  /** Derived from the birthday as of today; a booking derives it again on the date of the last flight. */
  type: z.enum(PASSENGER_TYPES),
  /**
   * Gender, birthday and nationality are null only for a traveller moved over from the old favourites list, which
   * kept them optional (its type then defaults to adult); saving the traveller again requires them.
   */
  gender: z.enum(GENDERS).nullable(),
  birthday: z.string().nullable(),
  nationality: z.string().nullable(),
  areaCode: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /**
   * The first document, the shape of the booking passenger's `travel_document` (masked). Null only for a traveller
   * moved over from the old favourites list (which kept no documents) until the agent adds one.
   */
  travel_document: TravellerDocument.nullable(),
  travel_documents: z.array(TravellerDocument),
  memberCards: z.array(MemberCard),
  remark: z.string().nullable(),
  /** File id of a document image the agent attached from recognition, if any. */
  documentImageId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: 'FrequentPassenger' });
export type FrequentPassenger = z.infer<typeof FrequentPassenger>;

/** GET /base/v2/often-used-passengers: the caller's own travellers (at most 30, so no paging). */
export const FrequentPassengerQuery = z.object({
  /** Matches the Latin name (pinyin), the Chinese name, or a document number (whole, or its last 4 characters). */
  keyword: z.string().trim().max(40, 'validation.tooLong').optional(),
});
export const FrequentPassengerList = z.object({ items: z.array(FrequentPassenger), total: z.number().int(), max: z.number().int() });
export type FrequentPassengerList = z.infer<typeof FrequentPassengerList>;

/** GET /base/v2/often-used-passengers/{id}/documents/{documentId}: the owner's unmasked number, on demand. */
export const RevealedDocument = z.object({ id: z.string(), type: z.enum(DOCUMENT_TYPES), number: z.string() });
export type RevealedDocument = z.infer<typeof RevealedDocument>;
export const PassengerDocumentParams = z.object({ id: z.string().uuid(), documentId: z.string().uuid() });

/** POST /base/v2/member-cards and PUT .../{id}. */
export const MemberCardBody = z.object({
  passengerId: z.string().uuid('validation.invalid'),
  airline: z.string().default(''),
  number: z.string().default(''),
  holder: z.string().nullish(),
});
export type MemberCardBody = z.input<typeof MemberCardBody>;
export const MemberCardQuery = z.object({ passengerId: z.string().uuid().optional(), airline: z.string().trim().max(3).optional() });
export const MemberCardList = z.object({ items: z.array(MemberCard), total: z.number().int() });

/** Document recognition (POST /base/v2/analysis/document, multipart `file`, optional field `documentType`). */
export const RECOGNISED_FIELDS = ['surname', 'given_names', 'gender', 'birthday', 'nationality', 'documentType', 'documentNumber', 'expiryDate', 'issuingCountry'] as const;
export type RecognisedFieldName = (typeof RECOGNISED_FIELDS)[number];
export const RecognisedField = z.object({ value: z.string(), confidence: z.number().min(0).max(1) });
export type RecognisedField = z.infer<typeof RecognisedField>;
/** The zone's layout (ICAO 9303 TD1/TD2/TD3, or the mainland permits' own one-line zone) or the printed ID card. */
export const RECOGNITION_SOURCES = ['TD1', 'TD2', 'TD3', 'permit', 'idcard'] as const;
export const DocumentRecognition = z.object({
  source: z.enum(RECOGNITION_SOURCES),
  fields: z.partialRecord(z.enum(RECOGNISED_FIELDS), RecognisedField),
  /** Fields read below RECOGNITION_CERTAIN (or whose check digit failed): the form marks them for the agent. */
  uncertain: z.array(z.enum(RECOGNISED_FIELDS)),
  /** Set when the upload asked to keep the image (`attach=true`): pass it as documentImageId to the passenger. */
  imageId: z.string().nullable(),
  elapsedMs: z.number().int(),
});
export type DocumentRecognition = z.infer<typeof DocumentRecognition>;

/** Which document the booking may import from a frequent passenger (spec point 8's two messages). */
export const IMPORT_REFUSALS = ['travellers.import.idcardRestricted', 'travellers.import.passportRestricted'] as const;
