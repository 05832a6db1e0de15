import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The contract's first message for `value` as a rejected promise, or a resolved one when the schema accepts it. */
function contractCheck(schema: z.ZodType, t: TFunction, empty: unknown, value: unknown): Promise<void> {
  const result = schema.safeParse(isBlank(value) ? empty : value);
  if (result.success) return Promise.resolve();
  const issue = result.error.issues[0] as z.core.$ZodIssue & { maximum?: number | bigint };
  const max = issue.maximum === undefined ? undefined : Number(issue.maximum);
  // Zod's own wording (a wrong type) is not a key; the generic message reads better than its English.
  const key = issue.message.includes('.') && !issue.message.includes(' ') ? issue.message : 'validation.invalid';
  return Promise.reject(new Error(t(key, { max })));
}

/**
 * A form rule that asks the contract's own schema, so the browser refuses exactly what the server would, with the
 * same message keys. `empty` stands in for a field left blank (antd gives undefined, a cleared input ''), as the form
 * sends a blank optional field as null.
 */
export function contractRule(schema: z.ZodType, t: TFunction, empty: unknown = ''): FormRule {
  return { validator: (_, value: unknown) => contractCheck(schema, t, empty, value) };
}

/**
 * A required field's rules: "required" alone while it is blank, else the contract's first message; never both under
 * one field (issue 14: an empty contact email said "required" and "the email format is incorrect" together). The
 * `required` rule stays, so the form still marks the field as required.
 */
export function requiredContractRules(schema: z.ZodType, t: TFunction, { whitespace = true }: { whitespace?: boolean } = {}): FormRule[] {
  // Blank as the required rule sees it: with `whitespace` off (passwords) spaces are a value the contract judges.
  const missing = (value: unknown) => value === undefined || value === null || value === '' || (whitespace && isBlank(value));
  return [
    { required: true, whitespace, message: t('validation.required') },
    { validator: (_, value: unknown) => (missing(value) ? Promise.resolve() : contractCheck(schema, t, '', value)) },
  ];
}
