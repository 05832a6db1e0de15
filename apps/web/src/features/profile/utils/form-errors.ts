import type { FormInstance } from 'antd';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';

/** Server validation errors go next to their fields; anything else becomes a toast. */
export function showSaveError(err: unknown, form?: FormInstance): void {
  if (err instanceof ApiError && err.fields && form) {
    const known = Object.entries(err.fields).filter(([name]) => name in form.getFieldsValue(true));
    if (known.length) {
      form.setFields(known.map(([name, message]) => ({ name, errors: [message] })));
      return;
    }
  }
  notify.error(err instanceof Error ? err.message : String(err));
}
