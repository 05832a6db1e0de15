import { useMutation } from '@tanstack/react-query';
import type { ConfigKey, UserConfig } from '@portal/contract/api/auth';
import { api } from '../../../lib/api';
import { patchUserInfo } from '../../../lib/session';

export const updateConfig = <K extends ConfigKey>(key: K, value: UserConfig[K]) =>
  api.put<UserConfig>(`/base/v2/me/config/${key}`, { value });

/** Saves one favourite (cities, countries, defaultRegion, dateFormat) and updates the session. */
export function useUpdateConfig<K extends ConfigKey>(key: K) {
  return useMutation({
    mutationFn: (value: UserConfig[K]) => updateConfig(key, value),
    onSuccess: (config) => patchUserInfo({ config }),
  });
}
