import { useMutation } from '@tanstack/react-query';
import type { SingleLoginSecretAnswer } from '@portal/contract/api/agencies';
import { api } from '../../../lib/api';
import { agencyPath } from './agency-keys';

export function rotateSingleLoginSecret(id: string): Promise<SingleLoginSecretAnswer> {
  return api.post<SingleLoginSecretAnswer>(agencyPath(id, '/single-login-secret'));
}

/** Nothing the agency list or detail shows changes, so there is nothing to refresh; the secret never enters the cache. */
export function useRotateSingleLoginSecret() {
  return useMutation({ mutationFn: rotateSingleLoginSecret });
}
