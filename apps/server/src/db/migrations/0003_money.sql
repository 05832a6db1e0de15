CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_prefix_uq" UNIQUE("prefix")
);
--> statement-breakpoint
CREATE TABLE "outbox_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"origin_type" text,
	"origin_id" text,
	"gross_amount" bigint NOT NULL,
	"gross_currency" text NOT NULL,
	"fee_amount" bigint DEFAULT 0 NOT NULL,
	"fee_bp" integer DEFAULT 0 NOT NULL,
	"exchange_rate" text,
	"net_amount" bigint NOT NULL,
	"net_currency" text NOT NULL,
	"external_reference" text,
	"remark" text,
	"channel_payment_id" text,
	"movement_id" uuid,
	"idempotency_key" text,
	"request_hash" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_transactions_channel_payment_uq" UNIQUE("channel_payment_id"),
	CONSTRAINT "payment_transactions_idempotency_key_uq" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_callbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"payment_id" text NOT NULL,
	"event" text NOT NULL,
	"body" text NOT NULL,
	"headers" jsonb NOT NULL,
	"url" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"merchant_reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"notify_url" text NOT NULL,
	"return_url" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"month" text NOT NULL,
	"currency" text NOT NULL,
	"opening_balance" bigint NOT NULL,
	"closing_balance" bigint NOT NULL,
	"total_in" bigint NOT NULL,
	"total_out" bigint NOT NULL,
	"entry_count" integer NOT NULL,
	"credit_limit" bigint NOT NULL,
	"amount_due" bigint NOT NULL,
	"due_date" text,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statements_company_month_currency_uq" UNIQUE("company_id","month","currency")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "train_config" jsonb DEFAULT '{"notificationUrl":null,"manual":false}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "credit_period" jsonb DEFAULT '{"value":1,"unit":"month"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "payment_settings" jsonb DEFAULT '{"channels":["balance","credit","alipay","wechat-pay","stripe"]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "customer_service" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "allowed_hosts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "extra_info" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kind" text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_movement_id_ledger_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."ledger_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_callbacks" ADD CONSTRAINT "sandbox_callbacks_payment_id_sandbox_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."sandbox_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_company_idx" ON "api_keys" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "outbox_emails_status_idx" ON "outbox_emails" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_company_created_idx" ON "payment_transactions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_status_expires_idx" ON "payment_transactions" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "sandbox_callbacks_due_idx" ON "sandbox_callbacks" USING btree ("delivered_at","next_attempt_at");--> statement-breakpoint
CREATE INDEX "sandbox_payments_status_expires_idx" ON "sandbox_payments" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "statements_month_idx" ON "statements" USING btree ("month");--> statement-breakpoint
-- Agencies created before issue 4 get the new common settings at their defaults (existing keys win).
UPDATE "companies" SET "common_config" = '{"emailLanguage":"zh-CN","sendEmailToSubAgency":true,"disablePayment":false,"onlyOwnOrders":false,"showInvoiceType":false,"hidePnrBooking":false,"hideMainlandContent":false}'::jsonb || "common_config";
--> statement-breakpoint
-- Running balances are kept for agency accounts only from now on (see ledger.repository.ts RUNNING_BALANCE_KINDS).
UPDATE "ledger_accounts" SET "balance" = 0 WHERE "kind" IN ('platform', 'channel');
