import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TrainDeskAnswer, TrainDeskQuery } from '@portal/contract/api/train-payments';
import type { TrainOrder } from '@portal/contract/api/trains';
import { api } from '../../../lib/api';

export type TrainDeskParams = z.output<typeof TrainDeskQuery>;
export type TrainDeskAction = 'issue' | 'mark-failed';

export const TRAIN_DESK_PATH = '/order/v2/train/desk/orders';

export const trainDeskKeys = {
  all: ['train-desk'] as const,
  list: (params: TrainDeskParams) => ['train-desk', 'list', params] as const,
};

/** A page of the desk's queue: its agencies' paid train orders waiting for a person. */
export function useTrainDesk(params: TrainDeskParams) {
  return useQuery({
    queryKey: trainDeskKeys.list(params),
    queryFn: ({ signal }) => api.get<TrainDeskAnswer>(TRAIN_DESK_PATH, { params, signal }),
    placeholderData: keepPreviousData,
    // The desk watches a moving queue: refresh it while the page is open.
    refetchInterval: 30_000,
  });
}

/** The desk's decision on one order; the answer is the order as it now stands (issued, failed, or still ticketing). */
export const runTrainDeskAction = (id: string, action: TrainDeskAction, remark: string | null) =>
  api.post<TrainOrder>(`${TRAIN_DESK_PATH}/${encodeURIComponent(id)}/${action}`, { remark });
