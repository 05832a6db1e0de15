import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { processKeyOffer, SANDBOX_KEY_NAMES, sandboxKeyMaterial, type SandboxKeyMaterial, type SandboxKeyName, type StoredSandboxKey } from './keys.ts';

/**
 * The sandbox providers' signing keys (migration 0016_sandbox_keys). Defined here, beside the only code that reads it,
 * rather than in db/schema: the portal never touches it, as it could not read a real provider's key store.
 */
export const sandboxKeys = pgTable('sandbox_keys', {
  name: text('name').primaryKey(),
  privateKeyPem: text('private_key_pem').notNull(),
  certificatePem: text('certificate_pem'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

async function storedKeys(db: DbOrTx): Promise<StoredSandboxKey[]> {
  const rows = await db.select({ name: sandboxKeys.name, privateKeyPem: sandboxKeys.privateKeyPem, certificatePem: sandboxKeys.certificatePem }).from(sandboxKeys);
  return rows.filter((r): r is StoredSandboxKey => (SANDBOX_KEY_NAMES as readonly string[]).includes(r.name));
}

/**
 * The keys stored in the database, storing `offer`'s for any name that has none yet. Concurrent processes may each
 * offer keys of their own: the insert keeps whichever arrived first (on conflict do nothing) and every process reads
 * back the stored rows, so all of them sign and verify with the same keys.
 */
export async function loadSandboxKeys(db: DbOrTx, offer: () => Promise<readonly StoredSandboxKey[]> = processKeyOffer): Promise<SandboxKeyMaterial> {
  let rows = await storedKeys(db);
  const have = new Set<SandboxKeyName>(rows.map((r) => r.name));
  if (SANDBOX_KEY_NAMES.some((n) => !have.has(n))) {
    const missing = (await offer()).filter((k) => !have.has(k.name));
    if (missing.length > 0) {
      await db
        .insert(sandboxKeys)
        .values(missing.map((k) => ({ name: k.name, privateKeyPem: k.privateKeyPem, certificatePem: k.certificatePem })))
        .onConflictDoNothing({ target: sandboxKeys.name });
    }
    rows = await storedKeys(db);
  }
  return sandboxKeyMaterial(rows);
}
