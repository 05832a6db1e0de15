import { describe, expect, it } from 'vitest';
import { inputMessages } from './messages-input.ts';
import { MESSAGE_KEYS } from './messages.ts';

describe('input messages', () => {
  it('are neither a leaf nor a branch of another key (the web nests keys at the dots and keeps the branch)', () => {
    for (const key of Object.keys(inputMessages)) {
      const clashes = MESSAGE_KEYS.filter((other) => other !== key && (other.startsWith(`${key}.`) || key.startsWith(`${other}.`)));
      expect(clashes, key).toEqual([]);
    }
  });
});
