import { useCallback, useRef, useState } from 'react';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DocumentType } from '@portal/contract/api/flight-orders';
import { PASSENGER_TYPES, type FareChoice, type PassengerType, type Solution } from '@portal/contract/api/shopping';
import type { DocumentRecognition, FrequentPassenger, MemberCard } from '@portal/contract/api/travellers';
import { chooseImportDocument, importTypeFlag } from '@portal/contract/passengers/import-check';
import { cardsForCarrier, type Alliance } from '@portal/contract/passengers/member-cards';
import type { PastedPassenger } from '@portal/contract/passengers/paste-import';
import { revealDocument } from '../../../components/travellers/api';
import { airlineAlliance, airportCountry, referenceDataQuery } from '../../../lib/reference-names';
import type { PassengerFormValue, PassengerSlot } from '../model/booking-form';
import {
  emptySlotIndexes,
  filledPaths,
  importTripFacts,
  pastedValues,
  placeIncoming,
  travellerValues,
  type ImportTripFacts,
  type ImportedDocument,
  type KeyedMessage,
  type Placement,
} from '../model/import-fill';
import { recognitionFill } from '../model/recognition-fill';

/** Something the card tells the agent about how it was filled; it goes when the agent edits the field it is about. */
export interface CardNote {
  id: 'typeFlag' | 'document' | 'recognition';
  type: 'warning' | 'error' | 'info';
  /** A catalogue message, or a text already in the user's language (the server's). */
  message: KeyedMessage | { text: string };
  /** Card-relative path prefix whose edit makes the note stale ("birthday", "travel_document"). */
  clearOn?: string;
}

export interface ImportCount {
  imported: number;
  /** Passengers left out because every card was already filled. */
  notFitted: number;
}

interface Options {
  form: FormInstance;
  slots: readonly PassengerSlot[];
  fare: FareChoice;
  solution: Solution;
  documentTypes: readonly DocumentType[];
  /** Something was written into the form without the agent typing it: a new booking attempt, like a typed change. */
  onWritten: () => void;
  /** Opens a card's frequent flyer panel, so a filled card number is seen. */
  openFrequentFlyer: (index: number) => void;
}

const ALLIANCES: readonly Alliance[] = ['Star Alliance', 'SkyTeam', 'oneworld'];
const asAlliance = (value: string | null): Alliance | null => (value && (ALLIANCES as readonly string[]).includes(value) ? (value as Alliance) : null);

const asPassengerType = (v: string | null | undefined): PassengerType | null => ((PASSENGER_TYPES as readonly string[]).includes(v ?? '') ? (v as PassengerType) : null);

const joinPath = (index: number, path: string) => ['passengers', index, ...path.split('.')];

/** Card-relative leaf paths of a change antd reports ({ passengers: [, { travel_document: { number } }] }). */
function changedCardPaths(changed: unknown): Map<number, string[]> {
  const out = new Map<number, string[]>();
  const passengers = (changed as { passengers?: unknown } | null)?.passengers;
  if (!passengers || typeof passengers !== 'object') return out;
  const leaves = (v: unknown, prefix: string): string[] =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v).flatMap(([k, inner]) => leaves(inner, `${prefix}${k}.`)) : [prefix.slice(0, -1)];
  for (const [key, value] of Object.entries(passengers)) {
    if (value === undefined) continue;
    out.set(Number(key), leaves(value, ''));
  }
  return out;
}

/**
 * Fills passenger cards from outside the keyboard (issue 11): frequent passengers, pasted text and document
 * recognition. Owns what the cards say about it (notes, the fields to check, the member cards to switch among); what
 * may be imported is decided by the contract (passengers/import-check.ts, member-cards.ts).
 */
export function usePassengerImport({ form, slots, fare, solution, documentTypes, onWritten, openFrequentFlyer }: Options) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [notes, setNotes] = useState<Record<number, CardNote[]>>({});
  const [memberCards, setMemberCards] = useState<Record<number, MemberCard[]>>({});
  const [importing, setImporting] = useState(false);
  // Read by the fields' warning rules when they run, so a ref: the rules see the latest without re-rendering.
  const uncertain = useRef(new Map<number, Set<string>>());

  const fallbackDocType = documentTypes.length === 1 ? documentTypes[0] : undefined;

  const setCardNotes = useCallback((index: number, next: CardNote[]) => setNotes((prev) => ({ ...prev, [index]: next })), []);
  const dismissNote = useCallback(
    (index: number, id: CardNote['id']) => setNotes((prev) => ({ ...prev, [index]: (prev[index] ?? []).filter((n) => n.id !== id) })),
    [],
  );

  /** The trip as the import rules see it; waits for the reference data (airport countries, alliances) if needed. */
  const tripFacts = useCallback(async (): Promise<{ trip: ImportTripFacts; allianceOf: (airline: string) => Alliance | null }> => {
    const data = await queryClient.ensureQueryData(referenceDataQuery(i18n.language)).catch(() => null);
    return {
      trip: importTripFacts(solution, fare, (code) => airportCountry(data, code)),
      allianceOf: (airline) => asAlliance(airlineAlliance(data, airline)),
    };
  }, [queryClient, i18n.language, solution, fare]);

  const freeSlots = useCallback((): number[] => {
    const values = (form.getFieldValue('passengers') ?? []) as PassengerFormValue[];
    return emptySlotIndexes(values, slots.length);
  }, [form, slots.length]);

  /** Writes a card's values, marks what was written as touched and checks it, so problems show at once. */
  const write = useCallback(
    (index: number, values: Record<string, unknown>, replace: boolean) => {
      const fields = replace
        ? [{ name: ['passengers', index], value: values }]
        : Object.entries(values).map(([k, v]) => ({ name: ['passengers', index, k], value: v }));
      form.setFields(fields);
      const paths = filledPaths(values as unknown as PassengerFormValue);
      form.setFields(paths.map((p) => ({ name: joinPath(index, p), touched: true })));
      onWritten();
      // Validation failures are shown on the fields; nothing to do with the rejection here.
      void form.validateFields(paths.map((p) => joinPath(index, p))).catch(() => undefined);
    },
    [form, onWritten],
  );

  const clearUncertain = useCallback(
    (index: number) => {
      const set = uncertain.current.get(index);
      if (!set || set.size === 0) return;
      form.setFields([...set].map((p) => ({ name: joinPath(index, p), warnings: [] })));
      uncertain.current.delete(index);
    },
    [form],
  );

  /** One frequent passenger into one card: the document the trip takes (full number), member cards of the carrier. */
  const fillTraveller = useCallback(
    async (traveller: FrequentPassenger, placement: Placement, trip: ImportTripFacts, allianceOf: (a: string) => Alliance | null) => {
      const index = placement.slot;
      const cardNotes: CardNote[] = [];
      if (placement.flag) cardNotes.push({ id: 'typeFlag', type: 'warning', message: placement.flag, clearOn: 'birthday' });

      let document: ImportedDocument | null = null;
      const choice = chooseImportDocument(traveller.travel_documents, trip);
      if (!choice.ok) {
        cardNotes.push({ id: 'document', type: 'warning', message: { key: choice.reason }, clearOn: 'travel_document' });
      } else {
        const stored = traveller.travel_documents.find((d) => d.id === choice.document.id) ?? null;
        try {
          // The list only has masked numbers; the booking needs the full one, which the owner may read.
          const revealed = await revealDocument(traveller.id, choice.document.id);
          document = { type: revealed.type, number: revealed.number, expiryDate: stored?.expiryDate ?? null, issuingCountry: stored?.issuingCountry ?? null };
        } catch {
          // Everything but the number: the agent types it from the document.
          document = { type: choice.document.type, number: '', expiryDate: stored?.expiryDate ?? null, issuingCountry: stored?.issuingCountry ?? null };
          cardNotes.push({ id: 'document', type: 'warning', message: { key: 'flight.book.import.revealFailed' }, clearOn: 'travel_document' });
        }
      }

      const cards = cardsForCarrier(traveller.memberCards, trip.carrier, allianceOf);
      clearUncertain(index);
      write(index, travellerValues(traveller, slots[index].type, document, cards[0], fallbackDocType) as unknown as Record<string, unknown>, true);
      setMemberCards((prev) => ({ ...prev, [index]: cards }));
      if (cards.length > 0) openFrequentFlyer(index);
      setCardNotes(index, cardNotes);
    },
    [clearUncertain, write, slots, fallbackDocType, openFrequentFlyer, setCardNotes],
  );

  /**
   * Frequent passengers into the booking: into the free cards by type (`target` unset), or into one chosen card.
   * Answers how many went in and how many found no free card.
   */
  const importTravellers = useCallback(
    async (travellers: readonly FrequentPassenger[], target?: number): Promise<ImportCount> => {
      setImporting(true);
      try {
        const { trip, allianceOf } = await tripFacts();
        const placements: (Placement | null)[] =
          target === undefined
            ? placeIncoming(slots, freeSlots(), travellers, trip.lastFlightDate)
            : travellers.slice(0, 1).map((tr) => ({ slot: target, flag: trip.lastFlightDate && tr.birthday ? importTypeFlag(tr.birthday, slots[target].type, trip.lastFlightDate) : null }));
        await Promise.all(travellers.map((tr, i) => (placements[i] ? fillTraveller(tr, placements[i], trip, allianceOf) : null)));
        const imported = placements.filter(Boolean).length;
        return { imported, notFitted: travellers.length - imported };
      } finally {
        setImporting(false);
      }
    },
    [tripFacts, slots, freeSlots, fillTraveller],
  );

  /** Pasted passengers into the free cards by type; a pasted document the trip refuses is left out with the message. */
  const importPasted = useCallback(
    async (passengers: readonly PastedPassenger[]): Promise<ImportCount> => {
      setImporting(true);
      try {
        const { trip } = await tripFacts();
        const placements = placeIncoming(slots, freeSlots(), passengers.map((p) => ({ birthday: p.birthday || null, type: asPassengerType(p.type) })), trip.lastFlightDate);
        passengers.forEach((p, i) => {
          const placement = placements[i];
          if (!placement) return;
          const cardNotes: CardNote[] = [];
          if (placement.flag) cardNotes.push({ id: 'typeFlag', type: 'warning', message: placement.flag, clearOn: 'birthday' });
          const doc = p.travel_document;
          let allowed = true;
          if (doc?.type) {
            // The same rule as for a frequent passenger's document: the fare's restriction and the ID card abroad.
            const choice = chooseImportDocument([{ id: 'pasted', type: doc.type as DocumentType, expiryDate: doc.expiryDate ?? null }], trip);
            if (!choice.ok && choice.reason !== 'travellers.import.noDocument') {
              allowed = false;
              cardNotes.push({ id: 'document', type: 'warning', message: { key: choice.reason }, clearOn: 'travel_document' });
            }
          }
          clearUncertain(placement.slot);
          write(placement.slot, pastedValues(p, slots[placement.slot].type, allowed, fallbackDocType) as unknown as Record<string, unknown>, true);
          setMemberCards((prev) => ({ ...prev, [placement.slot]: [] }));
          if (p.frequentFlyer) openFrequentFlyer(placement.slot);
          setCardNotes(placement.slot, cardNotes);
        });
        const imported = placements.filter(Boolean).length;
        return { imported, notFitted: passengers.length - imported };
      } finally {
        setImporting(false);
      }
    },
    [tripFacts, slots, freeSlots, clearUncertain, write, fallbackDocType, openFrequentFlyer, setCardNotes],
  );

  /**
   * A recognition answer into one card. False when nothing usable was read: then the card is left exactly as it was.
   */
  const applyRecognition = useCallback(
    (index: number, answer: DocumentRecognition): boolean => {
      const currentType = form.getFieldValue(['passengers', index, 'travel_document', 'type']) as string | undefined;
      const fill = recognitionFill(answer, documentTypes, currentType);
      if (!fill.ok) return false;
      clearUncertain(index);
      uncertain.current.set(index, new Set(fill.uncertain));
      write(index, fill.values as Record<string, unknown>, false);
      const others = (notes[index] ?? []).filter((n) => n.id !== 'recognition' && !(fill.values.travel_document && n.id === 'document'));
      if (fill.refusedType) {
        others.push({ id: 'recognition', type: 'warning', message: { key: 'flight.book.recognition.typeRefused', params: { type: t(`flight.documents.${fill.refusedType}`) } } });
      }
      setCardNotes(index, others);
      // The fields to check also get their mark when nothing else validated them (an empty value is not "filled").
      void form.validateFields(fill.uncertain.map((p) => joinPath(index, p))).catch(() => undefined);
      return true;
    },
    [form, documentTypes, clearUncertain, write, notes, setCardNotes, t],
  );

  /** A recognition failure on a card, in the server's words. */
  const recognitionFailed = useCallback(
    (index: number, text: string) => {
      setNotes((prev) => ({ ...prev, [index]: [...(prev[index] ?? []).filter((n) => n.id !== 'recognition'), { id: 'recognition', type: 'error', message: { text } }] }));
    },
    [],
  );

  /** The warning rule of a card field read with low confidence: "check this field" until the agent edits it. */
  const uncertainRule = useCallback(
    (index: number, path: string): Rule => ({
      warningOnly: true,
      validator: async () => {
        if (uncertain.current.get(index)?.has(path)) throw new Error(t('flight.book.recognition.uncertain'));
      },
    }),
    [t],
  );

  /** The agent changed fields: their "check" marks and the notes about them are done with. */
  const onValuesChange = useCallback(
    (changed: unknown) => {
      for (const [index, paths] of changedCardPaths(changed)) {
        const set = uncertain.current.get(index);
        const done = paths.filter((p) => set?.has(p));
        if (set && done.length > 0) {
          done.forEach((p) => set.delete(p));
          form.setFields(done.map((p) => ({ name: joinPath(index, p), warnings: [] })));
        }
        setNotes((prev) => {
          const current = prev[index];
          if (!current?.some((n) => n.clearOn && paths.some((p) => p === n.clearOn || p.startsWith(`${n.clearOn}.`)))) return prev;
          return { ...prev, [index]: current.filter((n) => !(n.clearOn && paths.some((p) => p === n.clearOn || p.startsWith(`${n.clearOn}.`)))) };
        });
      }
    },
    [form],
  );

  /** The agent switched to another of the traveller's fitting member cards. */
  const chooseMemberCard = useCallback(
    (index: number, cardId: string) => {
      const card = memberCards[index]?.find((c) => c.id === cardId);
      if (!card) return;
      write(index, { frequentFlyer: { airline: card.airline, number: card.number } }, false);
    },
    [memberCards, write],
  );

  return {
    notes,
    dismissNote,
    memberCards,
    chooseMemberCard,
    importing,
    freeSlots,
    importTravellers,
    importPasted,
    applyRecognition,
    recognitionFailed,
    uncertainRule,
    onValuesChange,
  };
}

export type PassengerImport = ReturnType<typeof usePassengerImport>;
