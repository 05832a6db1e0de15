import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { CreateUserBody } from '@portal/contract/api/users';
import { AreaCode } from '@portal/contract/api/auth';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN } from '@portal/contract/roles';

/**
 * Form rules built from the contract, so the browser refuses exactly what the server would and shows the same
 * message keys (the server's answer is still shown when it disagrees, see apply-server-errors).
 */
export function usernameRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('validation.required') },
    { pattern: USERNAME_PATTERN, message: t('validation.username.format') },
  ];
}

export function emailRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('validation.required') },
    {
      validator: (_, value: string | undefined) =>
        !value || CreateUserBody.shape.email.safeParse(value).success
          ? Promise.resolve()
          : Promise.reject(new Error(t('validation.email.format'))),
    },
  ];
}

export function passwordRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('validation.required') },
    { min: PASSWORD_MIN, max: PASSWORD_MAX, message: t('validation.password.length') },
  ];
}

/** The confirmation must equal the field named `passwordField`; pair it with `dependencies` on the Form.Item. */
export function confirmPasswordRules(t: TFunction, passwordField: string): FormRule[] {
  return [
    { required: true, message: t('validation.required') },
    ({ getFieldValue }) => ({
      validator: (_, value: string | undefined) =>
        !value || value === getFieldValue(passwordField)
          ? Promise.resolve()
          : Promise.reject(new Error(t('validation.password.mismatch'))),
    }),
  ];
}

export function rolesRules(t: TFunction): FormRule[] {
  return [{ required: true, type: 'array', min: 1, message: t('validation.roles.empty') }];
}

export function areaCodeRules(t: TFunction): FormRule[] {
  return [
    {
      validator: (_, value: string | undefined) =>
        !value || AreaCode.safeParse(value).success ? Promise.resolve() : Promise.reject(new Error(t('validation.region'))),
    },
  ];
}

export function mobileRules(t: TFunction): FormRule[] {
  return [{ pattern: /^[0-9 -]{4,20}$/, message: t('validation.phone.format') }];
}

export function nicknameRules(t: TFunction): FormRule[] {
  return [{ max: 64, message: t('validation.tooLong', { max: 64 }) }];
}
