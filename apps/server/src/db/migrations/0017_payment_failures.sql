-- Issue 15: why the last attempt at a channel payment failed while the payment stayed open (Stripe's
-- payment_intent.payment_failed: code, decline code, the provider's message and when), so the portal's own pages can
-- tell the payer; null when no attempt failed, and cleared when the payment succeeds
-- (docs/decisions/0019-provider-signatures.md).
ALTER TABLE "payment_transactions" ADD COLUMN "last_failure" jsonb;
