import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/**
 * A form rule that asks the contract's own schema, so the browser refuses exactly what the server would, with the
 * same message keys. `empty` stands in for a field left blank (antd gives undefined, a cleared input ''), as the form
 * sends a blank optional field as null.
 */
export function contractRule(schema: z.ZodType, t: TFunction, empty: unknown = ''): FormRule {
  return {
    validator: (_, value: unknown) => {
      const blank = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
      const result = schema.safeParse(blank ? empty : value);
      if (result.success) return Promise.resolve();
      const issue = result.error.issues[0] as z.core.$ZodIssue & { maximum?: number | bigint };
      const max = issue.maximum === undefined ? undefined : Number(issue.maximum);
      // Zod's own wording (a wrong type) is not a key; the generic message reads better than its English.
      const key = issue.message.includes('.') && !issue.message.includes(' ') ? issue.message : 'validation.invalid';
      return Promise.reject(new Error(t(key, { max })));
    },
  };
}
