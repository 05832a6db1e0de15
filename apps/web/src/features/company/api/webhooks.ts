import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookDeliveryAnswer, WebhookDeliveryQuery, WebhookSecretAnswer, WebhookSecretStatus } from '@portal/contract/api/webhooks';
import { api } from '../../../lib/api';

export const webhookKeys = {
  all: ['webhooks'] as const,
  status: ['webhooks', 'status'] as const,
  deliveries: (query: WebhookDeliveryQuery) => ['webhooks', 'deliveries', query] as const,
};

/** Where the agency's booking webhooks go and whether a signing secret exists (never the secret itself). */
export function getWebhookStatus(signal?: AbortSignal): Promise<WebhookSecretStatus> {
  return api.get<WebhookSecretStatus>('/base/v2/webhooks', { signal });
}

export function useWebhookStatus() {
  return useQuery({ queryKey: webhookKeys.status, queryFn: ({ signal }) => getWebhookStatus(signal) });
}

/** The delivery log, newest first. */
export function getWebhookDeliveries(query: WebhookDeliveryQuery, signal?: AbortSignal): Promise<WebhookDeliveryAnswer> {
  return api.get<WebhookDeliveryAnswer>('/base/v2/webhooks/deliveries', { params: { ...query }, signal });
}

export function useWebhookDeliveries(query: WebhookDeliveryQuery) {
  return useQuery({
    queryKey: webhookKeys.deliveries(query),
    queryFn: ({ signal }) => getWebhookDeliveries(query, signal),
    // Keep the current page visible while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function rotateWebhookSecret(): Promise<WebhookSecretAnswer> {
  return api.post<WebhookSecretAnswer>('/base/v2/webhooks/secret');
}

/** A new signing secret, replacing the old one at once. The secret itself never enters the query cache. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    // Dropped from the mutation cache as soon as the dialog has taken the answer (it resets the mutation).
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.status }),
  });
}
