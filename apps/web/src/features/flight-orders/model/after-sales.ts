import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  CHANGE_REASONS,
  INVOLUNTARY_REFUND_REASONS,
  REFUND_REASONS,
  REFUND_REASONS_NEEDING_DOCUMENTS,
  REFUND_SUB_REASONS,
  type AfterSalesOptions,
  type AfterSalesPath,
  type DisruptionKind,
  type RefundReason,
} from '@portal/contract/api/after-sales';
import type { FlightOrder } from '@portal/contract/api/flight-orders';

/** The three paths, in the order the side-by-side panel shows them. */
export const PATH_KINDS = ['change', 'refund', 'void'] as const;
export type PathKind = (typeof PATH_KINDS)[number];

/** The order action that opens each path's dialog. */
export const PATH_ACTION = { change: 'requestChange', refund: 'requestRefund', void: 'requestVoid' } as const satisfies Record<PathKind, FlightOrder['actions'][number]>;

export const pathOf = (options: AfterSalesOptions | undefined, kind: PathKind): AfterSalesPath | undefined => options?.paths.find((p) => p.kind === kind);

export { CHANGE_REASONS, REFUND_REASONS };

/** The sub-reasons of a refund reason (2, 3 and 6 have them), or none. */
export function subReasonsOf(reason: number | null | undefined): readonly string[] {
  if (reason === null || reason === undefined) return [];
  return (REFUND_SUB_REASONS as Record<number, readonly string[]>)[reason] ?? [];
}

/** Reasons 1-3 are asked as involuntary: the desk decides on the evidence. */
export const isInvoluntaryReason = (reason: number | null | undefined) => reason !== null && reason !== undefined && INVOLUNTARY_REFUND_REASONS.includes(reason as RefundReason);
/** Reasons 2 and 6 need a supporting document (a medical certificate, a visa refusal). */
export const needsDocuments = (reason: number | null | undefined) =>
  reason !== null && reason !== undefined && REFUND_REASONS_NEEDING_DOCUMENTS.includes(reason as RefundReason);

/** i18n keys of the reason labels. */
export const refundReasonKey = (reason: number) => `orders.afterSales.reasons.refund.${reason}`;
export const changeReasonKey = (reason: number) => `orders.afterSales.reasons.change.${reason}`;
export const subReasonKey = (sub: string) => `orders.afterSales.subReasons.${sub}`;

/** A refused schedule change asks for an involuntary refund (reason 3) with the sub-reason its kind stands for. */
export function scheduleSubReason(kind: DisruptionKind): 'timeChange' | 'cancellation' {
  return kind === 'cancel_save' || kind === 'cancel_no_save' ? 'cancellation' : 'timeChange';
}

// ---- supporting documents ----------------------------------------------------------------------------------------

/** Spec point 5: jpg, png or pdf, each at most 2 MB, at most 5 files. */
export const ATTACHMENT_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';
const EXTENSIONS = /\.(jpe?g|png|pdf)$/i;
const MIME_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'application/pdf'];
export { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES };

export type FileProblem = 'type' | 'size' | 'count';

/**
 * What the server would refuse, checked before spending the upload: the type by extension and MIME type (some systems
 * give no MIME type; the name then decides), the size, and the count with the files already on the request.
 */
export function fileProblem(file: Pick<File, 'name' | 'type' | 'size'>): Exclude<FileProblem, 'count'> | null {
  const typeOk = EXTENSIONS.test(file.name) && (!file.type || MIME_TYPES.includes(file.type));
  if (!typeOk) return 'type';
  if (file.size > ATTACHMENT_MAX_BYTES || file.size === 0) return 'size';
  return null;
}

/** Splits a picked batch into the files to upload and those refused (with why), given how many are already there. */
export function sortFiles<F extends Pick<File, 'name' | 'type' | 'size'>>(present: number, files: readonly F[]): { accepted: F[]; refused: { file: F; problem: FileProblem }[] } {
  const accepted: F[] = [];
  const refused: { file: F; problem: FileProblem }[] = [];
  for (const file of files) {
    const problem = fileProblem(file);
    if (problem) refused.push({ file, problem });
    else if (present + accepted.length >= ATTACHMENT_MAX_FILES) refused.push({ file, problem: 'count' });
    else accepted.push(file);
  }
  return { accepted, refused };
}

/** "1.2 MB", "340 KB". */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

// ---- passengers and legs -----------------------------------------------------------------------------------------

/** A passenger's name as printed: "SURNAME/GIVEN NAMES". */
export const passengerName = (p: FlightOrder['passengers'][number]) => `${p.surname}/${p.givenNames}`;

/** The legs still open for any of the chosen passengers, in order. */
export function openLegsOf(options: AfterSalesOptions, passengerIds: readonly string[]): number[] {
  const legs = new Set(options.open.filter((o) => passengerIds.includes(o.passengerId)).flatMap((o) => o.legs));
  return [...legs].sort((a, b) => a - b);
}

/** Every leg still open for anyone on the order. */
export const allOpenLegs = (options: AfterSalesOptions) => openLegsOf(options, options.open.map((o) => o.passengerId));
