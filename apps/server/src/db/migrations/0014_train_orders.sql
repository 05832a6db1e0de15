CREATE TABLE "train_order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"order_id" uuid NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor_kind" text NOT NULL,
	"actor_user_id" uuid,
	"remark" text,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "train_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" text NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by" uuid,
	"status" text NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"supplier" text NOT NULL,
	"supplier_booking_id" text,
	"supplier_order_number" text,
	"service_id" text NOT NULL,
	"train_number" text NOT NULL,
	"train_type" text NOT NULL,
	"service_date" date NOT NULL,
	"from_station" jsonb NOT NULL,
	"to_station" jsonb NOT NULL,
	"departure_at" text NOT NULL,
	"arrival_at" text NOT NULL,
	"departure_utc" timestamp with time zone NOT NULL,
	"departure_date" date NOT NULL,
	"seat_class" text NOT NULL,
	"berth" text,
	"passengers" jsonb NOT NULL,
	"passenger_names" text NOT NULL,
	"contact" jsonb NOT NULL,
	"remark" text,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"total" bigint NOT NULL,
	"refunded_total" bigint DEFAULT 0 NOT NULL,
	"refund_fee_total" bigint DEFAULT 0 NOT NULL,
	"payment_deadline" timestamp with time zone,
	"payment_method" text,
	"hold_id" uuid,
	"payment_transaction_id" uuid,
	"paid_at" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_orders_order_number_uq" UNIQUE("order_number"),
	CONSTRAINT "train_orders_idempotency_key_uq" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "train_order_events" ADD CONSTRAINT "train_order_events_order_id_train_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."train_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_order_events" ADD CONSTRAINT "train_order_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_orders" ADD CONSTRAINT "train_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_orders" ADD CONSTRAINT "train_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "train_order_events_order_idx" ON "train_order_events" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "train_orders_company_created_idx" ON "train_orders" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "train_orders_company_status_idx" ON "train_orders" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "train_orders_company_departure_idx" ON "train_orders" USING btree ("company_id","departure_date");