import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DocumentRecognition,
  FrequentPassenger,
  FrequentPassengerBody,
  FrequentPassengerList,
  MemberCard,
  MemberCardBody,
  RevealedDocument,
} from '@portal/contract/api/travellers';
import { api } from '../../lib/api';

/**
 * Frequent passengers and member cards (issue 11), shared by the profile page and the booking form: one list, one
 * source of truth on the server (GET /base/v2/often-used-passengers).
 */
const KEY = ['often-used-passengers'] as const;

export const listTravellers = (keyword?: string, signal?: AbortSignal) =>
  api.get<FrequentPassengerList>('/base/v2/often-used-passengers', { params: keyword ? { keyword } : undefined, signal });

export function useTravellers(keyword?: string, enabled = true) {
  return useQuery({ queryKey: [...KEY, keyword ?? ''], queryFn: ({ signal }) => listTravellers(keyword, signal), enabled });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: KEY });
}

export function useSaveTraveller() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: FrequentPassengerBody }) =>
      id ? api.put<FrequentPassenger>(`/base/v2/often-used-passengers/${id}`, body) : api.post<FrequentPassenger>('/base/v2/often-used-passengers', body),
    onSuccess: invalidate,
  });
}

export function useDeleteTraveller() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api.del<null>(`/base/v2/often-used-passengers/${id}`), onSuccess: invalidate });
}

/** The owner's full document number, asked for on demand (never cached: it is not kept in the query cache). */
export const revealDocument = (passengerId: string, documentId: string) =>
  api.get<RevealedDocument>(`/base/v2/often-used-passengers/${passengerId}/documents/${documentId}`);

export function useSaveMemberCard() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: MemberCardBody }) =>
      id ? api.put<MemberCard>(`/base/v2/member-cards/${id}`, body) : api.post<MemberCard>('/base/v2/member-cards', body),
    onSuccess: invalidate,
  });
}

export function useDeleteMemberCard() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api.del<null>(`/base/v2/member-cards/${id}`), onSuccess: invalidate });
}

/** Uploads a document image for reading; `attach` keeps the image so it can be attached to a frequent passenger. */
export function recogniseDocument(file: File, opts: { documentType?: string; attach?: boolean; onProgress?: (percent: number) => void; signal?: AbortSignal } = {}) {
  const params: Record<string, string> = {};
  if (opts.documentType) params.documentType = opts.documentType;
  if (opts.attach) params.attach = 'true';
  return api.upload<DocumentRecognition>('/base/v2/analysis/document', file, 'file', { params, onProgress: opts.onProgress, signal: opts.signal });
}
