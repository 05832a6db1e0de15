import { useMutation } from '@tanstack/react-query';
import type { CreateTrainOrderBody, TrainOrder } from '@portal/contract/api/trains';
import { api } from '../../../lib/api';

export const TRAIN_ORDERS_PATH = '/order/v2/train/orders';

/** Holds the seats; the key makes a resend after an unanswered attempt the same booking, never a second one. */
export function useCreateTrainOrder() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateTrainOrderBody; idempotencyKey: string }) =>
      api.post<TrainOrder>(TRAIN_ORDERS_PATH, body, { headers: { 'Idempotency-Key': idempotencyKey } }),
  });
}
