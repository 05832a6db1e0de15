CREATE TABLE "group_order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"group_order_id" uuid NOT NULL,
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
CREATE TABLE "group_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_number" text NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid,
	"status" text NOT NULL,
	"request" jsonb NOT NULL,
	"quote" jsonb,
	"quote_version" integer DEFAULT 0 NOT NULL,
	"confirm_by" timestamp with time zone,
	"departure_date" date NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_orders_booking_number_uq" UNIQUE("booking_number"),
	CONSTRAINT "group_orders_idempotency_key_uq" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "group_order_events" ADD CONSTRAINT "group_order_events_group_order_id_group_orders_id_fk" FOREIGN KEY ("group_order_id") REFERENCES "public"."group_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_order_events" ADD CONSTRAINT "group_order_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_orders" ADD CONSTRAINT "group_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_orders" ADD CONSTRAINT "group_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_order_events_order_idx" ON "group_order_events" USING btree ("group_order_id","seq");--> statement-breakpoint
CREATE INDEX "group_orders_company_status_created_idx" ON "group_orders" USING btree ("company_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "group_orders_company_created_idx" ON "group_orders" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "group_orders_company_booking_number_idx" ON "group_orders" USING btree ("company_id","booking_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "group_orders_status_created_idx" ON "group_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "group_orders_confirm_by_idx" ON "group_orders" USING btree ("confirm_by") WHERE status = 'to_be_confirm';