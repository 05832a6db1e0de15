import { readFileSync } from 'node:fs';
import { Code } from '@portal/contract/codes';
import type { MessageKey } from '@portal/contract/messages';
import { AppError } from '../../plugins/errors.ts';

/**
 * Beyond the spec's 6-15 characters (NIST SP 800-63B 3.1.1.2): refuse the 10,000 most common passwords and the
 * username itself. The list is the top of the xato-net 10-million-password list from SecLists (see
 * common-passwords.SOURCE.md); it is compared case-insensitively, as guessing tools try case variants first.
 */
let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((l) => l.trim().toLowerCase())
      .filter(Boolean),
  );
  return common;
}

export function passwordProblem(password: string, username?: string | null): MessageKey | null {
  const lower = password.toLowerCase();
  if (username) {
    const name = username.toLowerCase();
    if (lower === name || lower === [...name].reverse().join('')) return 'validation.password.username';
  }
  if (commonPasswords().has(lower)) return 'validation.password.common';
  return null;
}

/** Throws a field error (400) naming `field` when the password may not be used. */
export function assertPasswordAllowed(password: string, username: string | null | undefined, field: string): void {
  const problem = passwordProblem(password, username);
  if (problem) throw new AppError(Code.VALIDATION, problem, {}, { [field]: problem });
}
