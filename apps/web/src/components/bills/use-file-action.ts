import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';

/**
 * A file the user asked for (an Excel bill, an export): which one is being fetched, and a toast when it fails.
 * `key` says which button spins (a statement's key, or true for a page's single export button).
 */
export function useFileAction<K extends string | boolean>(failure: 'bills.errors.download' | 'bills.errors.export') {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<K | null>(null);
  const run = async (key: K, fetchFile: () => Promise<void>) => {
    setBusy(key);
    try {
      await fetchFile();
    } catch (err) {
      notify.error(err instanceof Error && err.message ? err.message : t(failure));
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
