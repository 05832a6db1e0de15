-- Issue 15: the sandbox providers' signing keys (Alipay's RSA2 key, WeChat Pay's platform certificate, PayPal's
-- webhook certificate, YOP's platform key and the merchant's YOP key pair) belong to the simulated provider, not to a
-- process: kept here, a callback signed before a restart, a retry after one, and a second server process on the same
-- database verify with the same keys. One row per key; the first process to store a key wins (insert ... on conflict
-- do nothing) and every process reads what is stored (docs/decisions/0019-provider-signatures.md).
CREATE TABLE "sandbox_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"private_key_pem" text NOT NULL,
	"certificate_pem" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
