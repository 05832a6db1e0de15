import { useCallback, useState } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { TRAIN_MAX_PASSENGERS } from '@portal/contract/api/trains';
import type { FrequentPassenger } from '@portal/contract/api/travellers';
import { chooseTrainDocument } from '@portal/contract/passengers/train-import';
import { revealDocument } from '../../../components/travellers/api';
import type { TrainBookingForm, TrainPassengerForm } from '../model/booking';
import { placeRows, roomFor, travellerRow } from '../model/traveller-fill';

/** What a row says about how it was filled; it goes when the agent edits the field it is about. */
export interface RowNote {
  id: 'document' | 'ticketType';
  key: string;
  params?: Record<string, string>;
  /** Row-relative fields whose edit makes the note stale. */
  clearOn: readonly string[];
}

export interface TrainImportCount {
  imported: number;
  /** Travellers left out because the booking already had as many passengers as it may. */
  notFitted: number;
  /** Travellers the railway would refuse (no fitting document): never written into the form. */
  refused: number;
}

/** The row fields an import writes: their old errors go with the old values. */
const ROW_FIELDS = [['ticketType'], ['surname'], ['given_names'], ['gender'], ['birthday'], ['nationality'], ['travel_document', 'type'], ['travel_document', 'number'], ['travel_document', 'expiryDate']];

/**
 * "Choose from frequent travellers" on the train booking (issue 13 on issue 11): refuses the travellers the railway
 * would refuse (the contract's chooseTrainDocument, with the reason in the user's language), reveals the chosen
 * document's full number and fills the rows, at most TRAIN_MAX_PASSENGERS of them, and an empty contact phone with the
 * traveller's. Notes per row (kept in row order).
 */
export function useTrainTravellerImport(form: FormInstance<TrainBookingForm>, travelDate: string) {
  const { t } = useTranslation();
  const [notes, setNotes] = useState<RowNote[][]>([]);
  const [importing, setImporting] = useState(false);

  const refusal = useCallback(
    (traveller: FrequentPassenger): string | null => {
      const choice = chooseTrainDocument(traveller, travelDate);
      return choice.ok ? null : t(choice.reason.key, choice.reason.params ?? {});
    },
    [t, travelDate],
  );

  const rows = useCallback(() => (form.getFieldValue('passengers') ?? []) as TrainPassengerForm[], [form]);
  const room = useCallback(() => roomFor(rows(), TRAIN_MAX_PASSENGERS), [rows]);

  /**
   * The railway texts the booking's phone: with none typed (an agent account without a mobile), the first chosen
   * traveller's own phone fills it. A phone already there is never replaced.
   */
  const fillContactPhone = useCallback(
    (from: Pick<FrequentPassenger, 'areaCode' | 'phone'> | undefined) => {
      if (!from?.phone || String(form.getFieldValue(['contact', 'phone']) ?? '').trim()) return;
      form.setFields([
        ...(from.areaCode ? [{ name: ['contact', 'areaCode'] as never, value: from.areaCode }] : []),
        { name: ['contact', 'phone'] as never, value: from.phone, errors: [] },
      ]);
    },
    [form],
  );

  /** One traveller's row, or null when the railway refuses them. */
  const prepare = useCallback(
    async (traveller: FrequentPassenger): Promise<{ values: TrainPassengerForm; notes: RowNote[]; phone: Pick<FrequentPassenger, 'areaCode' | 'phone'> } | null> => {
      const choice = chooseTrainDocument(traveller, travelDate);
      if (!choice.ok) return null;
      const rowNotes: RowNote[] = [];
      let number = '';
      try {
        // The list only has masked numbers; the booking needs the full one, which the owner may read.
        number = (await revealDocument(traveller.id, choice.document.id)).number;
      } catch {
        rowNotes.push({ id: 'document', key: 'trains.book.import.revealFailed', clearOn: ['travel_document'] });
      }
      const { values, flag } = travellerRow(traveller, { type: choice.document.type, number, expiryDate: choice.document.expiryDate }, travelDate);
      if (flag) rowNotes.push({ id: 'ticketType', key: flag.key, params: flag.params, clearOn: ['ticketType', 'birthday'] });
      return { values, notes: rowNotes, phone: { areaCode: traveller.areaCode, phone: traveller.phone } };
    },
    [travelDate],
  );

  /** Travellers into the rows not started and new rows (`target` unset), or the first one into row `target`. */
  const importTravellers = useCallback(
    async (travellers: readonly FrequentPassenger[], target?: number): Promise<TrainImportCount> => {
      setImporting(true);
      try {
        const prepared = (await Promise.all(travellers.map(prepare))).filter((p) => p !== null);
        // Placed after the numbers came back, on the rows as they are now (the agent may have typed meanwhile).
        const { rows: next, placed } = placeRows(rows(), prepared.map((p) => p.values), TRAIN_MAX_PASSENGERS, target);
        form.setFieldValue('passengers', next);
        const written = placed.filter((row): row is number => row !== null);
        form.setFields(written.flatMap((row) => ROW_FIELDS.map((f) => ({ name: ['passengers', row, ...f] as never, errors: [] }))));
        fillContactPhone(placed.flatMap((row, k) => (row !== null && prepared[k].phone.phone ? [prepared[k].phone] : []))[0]);
        setNotes((prev) => {
          const out = next.map((_, i) => prev[i] ?? []);
          placed.forEach((row, k) => {
            if (row !== null) out[row] = prepared[k].notes;
          });
          return out;
        });
        return { imported: written.length, notFitted: prepared.length - written.length, refused: travellers.length - prepared.length };
      } finally {
        setImporting(false);
      }
    },
    [prepare, rows, form, fillContactPhone],
  );

  /** A row was removed: the notes of the rows after it move up with them. */
  const removed = useCallback((index: number) => setNotes((prev) => prev.filter((_, i) => i !== index)), []);

  const dismiss = useCallback((index: number, id: RowNote['id']) => setNotes((prev) => prev.map((n, i) => (i === index ? n.filter((x) => x.id !== id) : n))), []);

  /** The agent edited fields: the notes about them are done with. */
  const onValuesChange = useCallback((changed: Partial<TrainBookingForm>) => {
    const passengers = changed.passengers;
    if (!Array.isArray(passengers)) return;
    setNotes((prev) => {
      let touched = false;
      const out = prev.map((rowNotes, i) => {
        const fields = Object.keys((passengers[i] ?? {}) as object);
        const kept = rowNotes.filter((n) => !n.clearOn.some((f) => fields.includes(f)));
        if (kept.length !== rowNotes.length) touched = true;
        return kept;
      });
      return touched ? out : prev;
    });
  }, []);

  return { notes, importing, refusal, room, importTravellers, removed, dismiss, onValuesChange };
}
