import { randomUUID } from 'node:crypto';
import type { FrequentPassenger, FrequentPassengerBody, FrequentPassengerList, RevealedDocument } from '@portal/contract/api/travellers';
import { MAX_FREQUENT_PASSENGERS } from '@portal/contract/api/travellers';
import type { DocumentType } from '@portal/contract/api/flight-orders';
import { Code } from '@portal/contract/codes';
import { normalizeDocumentNumber } from '@portal/contract/passengers/documents';
import { latestToday } from '@portal/contract/passengers/dates';
import { validateFrequentPassenger, type NormalizedFrequentPassenger } from '@portal/contract/passengers/frequent';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { recordUserLog, type RequestMeta } from '../user-logs/user-log.repository.ts';
import type { DocumentKeyring } from './document-crypto.ts';
import { checkAttachableImage, discardDocumentImage } from './document-image.ts';
import { toFrequentPassenger } from './travellers.mapper.ts';
import {
  cardsOf,
  countPassengers,
  deletePassenger,
  documentsOf,
  findDuplicatePassenger,
  findPassenger,
  insertPassenger,
  listPassengers,
  lockOwner,
  replaceDocuments,
  updatePassenger,
  type NewDocumentRow,
  type Owner,
  type PassengerFields,
  type PassengerSearch,
} from './travellers.repository.ts';
import { fieldsRefusal } from './validation.ts';

export interface TravellerDeps {
  db: Db;
  documentKeys: DocumentKeyring;
  now?: () => Date;
}

export const ownerOf = (auth: AuthContext): Owner => ({ userId: auth.user.id, companyId: auth.company.id });
const todayOf = (deps: TravellerDeps) => latestToday(deps.now?.() ?? new Date());

async function answerOne(db: DbOrTx, owner: Owner, id: string, today: string): Promise<FrequentPassenger> {
  const row = await findPassenger(db, owner, id);
  if (!row) throw notFound();
  const [docs, cards] = await Promise.all([documentsOf(db, [id]), cardsOf(db, [id])]);
  return toFrequentPassenger(row, docs, cards, today);
}

/**
 * What a keyword may be: a Latin name (ZHANG/SAN, "zhang san", zhangsan), a name in Chinese characters, a whole
 * document number (found by its keyed hash) or the last 4 characters of one.
 */
function searchFor(keyword: string | undefined, keys: DocumentKeyring): PassengerSearch | null {
  const kw = (keyword ?? '').trim();
  if (!kw) return null;
  const search: PassengerSearch = {};
  if (/^[A-Za-z][A-Za-z\s/]*$/.test(kw)) search.compactName = kw.replace(/[\s/]+/g, '').toUpperCase();
  if (/\p{Script=Han}/u.test(kw)) search.localName = kw.replace(/\s+/g, '');
  const number = normalizeDocumentNumber(kw);
  if (/^[A-Z0-9]{4}$/.test(number)) search.last4 = number;
  else if (/^[A-Z0-9]{5,}$/.test(number)) search.numberHash = keys.hash(number);
  return search;
}

export async function listTravellers(deps: TravellerDeps, auth: AuthContext, keyword: string | undefined): Promise<FrequentPassengerList> {
  const owner = ownerOf(auth);
  const rows = await listPassengers(deps.db, owner, searchFor(keyword, deps.documentKeys));
  const ids = rows.map((r) => r.id);
  const [docs, cards] = await Promise.all([documentsOf(deps.db, ids), cardsOf(deps.db, ids)]);
  const today = todayOf(deps);
  return { items: rows.map((r) => toFrequentPassenger(r, docs, cards, today)), total: rows.length, max: MAX_FREQUENT_PASSENGERS };
}

function sealDocuments(keys: DocumentKeyring, docs: NormalizedFrequentPassenger['documents']): NewDocumentRow[] {
  return docs.map((d, position) => ({
    id: d.id ?? randomUUID(),
    position,
    type: d.type,
    numberCipher: keys.seal(d.number),
    numberLast4: d.number.slice(-4),
    numberLength: d.number.length,
    numberHash: keys.hash(d.number),
    expiryDate: d.expiryDate,
    issuingCountry: d.issuingCountry,
  }));
}

function fieldsOf(p: NormalizedFrequentPassenger): PassengerFields {
  return {
    surname: p.surname,
    givenNames: p.givenNames,
    localName: p.localName,
    gender: p.gender,
    birthday: p.birthday,
    nationality: p.nationality,
    areaCode: p.areaCode,
    phone: p.phone,
    email: p.email,
    remark: p.remark,
  };
}

async function refuseDuplicate(tx: DbOrTx, owner: Owner, p: NormalizedFrequentPassenger, docs: NewDocumentRow[], exceptId: string | null): Promise<void> {
  const duplicate = await findDuplicatePassenger(
    tx,
    owner,
    { surname: p.surname, givenNames: p.givenNames, birthday: p.birthday, documents: docs.map((d) => ({ type: d.type, numberHash: d.numberHash })) },
    exceptId,
  );
  if (duplicate) throw new AppError(Code.CONFLICT, 'travellers.duplicate');
}

/**
 * The 31st traveller is refused (spec point 9). The count is taken under a lock on the user's row, so two creates
 * racing at 29 run one after the other and the second sees 30.
 */
export async function createTraveller(deps: TravellerDeps, auth: AuthContext, body: FrequentPassengerBody): Promise<FrequentPassenger> {
  const today = todayOf(deps);
  const checked = validateFrequentPassenger(body, today);
  if (!checked.ok) throw fieldsRefusal(checked.fields);
  const docs = sealDocuments(deps.documentKeys, checked.passenger.documents);
  const owner = ownerOf(auth);
  return deps.db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    if ((await countPassengers(tx, owner)) >= MAX_FREQUENT_PASSENGERS) {
      throw new AppError(Code.CONFLICT, 'travellers.max', { max: MAX_FREQUENT_PASSENGERS });
    }
    await refuseDuplicate(tx, owner, checked.passenger, docs, null);
    const imageId = body.documentImageId ? await checkAttachableImage(tx, auth, body.documentImageId, null) : null;
    const row = await insertPassenger(tx, owner, { ...fieldsOf(checked.passenger), documentImageId: imageId });
    await replaceDocuments(tx, row.id, docs);
    return answerOne(tx, owner, row.id, today);
  });
}

/**
 * An edit sends the whole traveller. A document sent with its id and an empty or masked number keeps the number on
 * file; documents not sent are deleted; `documentImageId` left out keeps the attached image, null detaches it.
 */
export async function updateTraveller(deps: TravellerDeps, auth: AuthContext, id: string, body: FrequentPassengerBody): Promise<FrequentPassenger> {
  const today = todayOf(deps);
  const owner = ownerOf(auth);
  return deps.db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const current = await findPassenger(tx, owner, id, true);
    if (!current) throw notFound();
    const stored = new Map<string, { type: DocumentType; number: string }>();
    for (const d of await documentsOf(tx, [id])) stored.set(d.id, { type: d.type, number: deps.documentKeys.open(d.numberCipher) });
    const checked = validateFrequentPassenger(body, today, stored);
    if (!checked.ok) throw fieldsRefusal(checked.fields);
    const docs = sealDocuments(deps.documentKeys, checked.passenger.documents);
    await refuseDuplicate(tx, owner, checked.passenger, docs, id);
    let imageId = current.documentImageId;
    if (body.documentImageId === null) imageId = null;
    else if (body.documentImageId && body.documentImageId !== current.documentImageId) imageId = await checkAttachableImage(tx, auth, body.documentImageId, id);
    await updatePassenger(tx, owner, id, { ...fieldsOf(checked.passenger), documentImageId: imageId });
    if (current.documentImageId !== imageId) await discardDocumentImage(tx, current.documentImageId);
    await replaceDocuments(tx, id, docs);
    return answerOne(tx, owner, id, today);
  });
}

export async function deleteTraveller(deps: TravellerDeps, auth: AuthContext, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const deleted = await deletePassenger(tx, ownerOf(auth), id);
    if (!deleted) throw notFound();
    await discardDocumentImage(tx, deleted.documentImageId);
  });
}

/** The full number, to its owner only, on demand; the user log records that it was shown, never the number. */
export async function revealDocument(deps: TravellerDeps, auth: AuthContext, id: string, documentId: string, meta: RequestMeta): Promise<RevealedDocument> {
  return deps.db.transaction(async (tx) => {
    const owner = ownerOf(auth);
    const passenger = await findPassenger(tx, owner, id);
    const doc = passenger ? (await documentsOf(tx, [id])).find((d) => d.id === documentId) : undefined;
    if (!passenger || !doc) throw notFound();
    const actor = { id: auth.user.id, username: auth.user.username };
    await recordUserLog(tx, {
      companyId: auth.company.id,
      actor,
      target: actor,
      action: 'traveller_document_reveal',
      detail: { passengerId: id, documentId, documentType: doc.type },
      meta,
    });
    return { id: doc.id, type: doc.type, number: deps.documentKeys.open(doc.numberCipher) };
  });
}
