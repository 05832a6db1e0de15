CREATE TABLE "booking_number_counters" (
	"day" text PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flight_order_events" (
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
CREATE TABLE "flight_order_passengers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"surname" text NOT NULL,
	"given_names" text NOT NULL,
	"gender" text NOT NULL,
	"birthday" date NOT NULL,
	"nationality" text NOT NULL,
	"document_type" text NOT NULL,
	"document_number" text NOT NULL,
	"document_expiry" date,
	"document_issuing_country" text,
	"frequent_flyer" jsonb,
	"ticket_number" text
);
--> statement-breakpoint
CREATE TABLE "flight_order_segments" (
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"leg" integer NOT NULL,
	"flight_number" text NOT NULL,
	"carrier" text NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"departure" text NOT NULL,
	"arrival" text NOT NULL,
	"departure_date" date NOT NULL,
	"departure_utc" timestamp with time zone NOT NULL,
	"cabin" text NOT NULL,
	"booking_class" text NOT NULL,
	CONSTRAINT "flight_order_segments_order_id_position_pk" PRIMARY KEY("order_id","position")
);
--> statement-breakpoint
CREATE TABLE "flight_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_number" text NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by" uuid,
	"type" text DEFAULT 'origin' NOT NULL,
	"original_order_id" uuid,
	"status" text NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"supplier" text NOT NULL,
	"supplier_ref" text,
	"record_locator" text,
	"validating_carrier" text NOT NULL,
	"search_id" uuid,
	"fare_id" text NOT NULL,
	"offer" jsonb NOT NULL,
	"fare" jsonb NOT NULL,
	"contact" jsonb NOT NULL,
	"remark" text,
	"currency" text NOT NULL,
	"total" bigint NOT NULL,
	"cost_total" bigint NOT NULL,
	"transaction_fee" bigint DEFAULT 0 NOT NULL,
	"invoice_type" text NOT NULL,
	"product_type" text NOT NULL,
	"payment_deadline" timestamp with time zone,
	"ticketing_time_limit" timestamp with time zone,
	"payment_method" text,
	"hold_id" uuid,
	"payment_transaction_id" uuid,
	"paid_at" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"review_remark" text,
	"departure_at" timestamp with time zone NOT NULL,
	"departure_date" date NOT NULL,
	"last_flight_date" date NOT NULL,
	"next_action_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"in_doubt" boolean DEFAULT false NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flight_orders_booking_number_uq" UNIQUE("booking_number"),
	CONSTRAINT "flight_orders_idempotency_key_uq" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "supplier_bookings" (
	"id" text PRIMARY KEY NOT NULL,
	"supplier" text NOT NULL,
	"record_locator" text NOT NULL,
	"client_reference" text NOT NULL,
	"offer_id" text NOT NULL,
	"status" text NOT NULL,
	"passengers" jsonb NOT NULL,
	"contact" jsonb NOT NULL,
	"seats" jsonb NOT NULL,
	"total" bigint NOT NULL,
	"currency" text NOT NULL,
	"ticketing_time_limit" timestamp with time zone NOT NULL,
	"tickets" jsonb,
	"ticketing_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_bookings_locator_uq" UNIQUE("supplier","record_locator"),
	CONSTRAINT "supplier_bookings_client_reference_uq" UNIQUE("supplier","client_reference")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_secrets" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "flight_config" SET DEFAULT '{"markup":{"value":0,"unit":"fixed"},"serviceFees":{"booking":0,"change":0,"refund":0,"void":0,"currency":"CNY"},"showSuppliers":false,"freeBaggageOnly":false,"fareBasisOnly":false,"maxResponseTimeMs":20000,"bookingNotificationUrl":null,"flightChangeNotificationUrl":null,"filterMode":"blacklist","airlines":[],"suppliers":[],"searchMode":"all","hotRoutes":[],"priceAdjustments":[],"bookingReview":false}'::jsonb;--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD COLUMN "book_fail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD COLUMN "book_timeout" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD COLUMN "ticketing_delay_seconds" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD COLUMN "ticket_fail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD COLUMN "ticket_timeout" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "flight_order_events" ADD CONSTRAINT "flight_order_events_order_id_flight_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."flight_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_order_events" ADD CONSTRAINT "flight_order_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_order_passengers" ADD CONSTRAINT "flight_order_passengers_order_id_flight_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."flight_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_order_segments" ADD CONSTRAINT "flight_order_segments_order_id_flight_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."flight_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_orders" ADD CONSTRAINT "flight_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_orders" ADD CONSTRAINT "flight_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_secrets" ADD CONSTRAINT "webhook_secrets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flight_order_events_order_idx" ON "flight_order_events" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "flight_order_passengers_order_idx" ON "flight_order_passengers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "flight_order_passengers_ticket_idx" ON "flight_order_passengers" USING btree ("ticket_number");--> statement-breakpoint
CREATE INDEX "flight_order_passengers_surname_idx" ON "flight_order_passengers" USING btree ("surname" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "flight_order_passengers_given_names_idx" ON "flight_order_passengers" USING btree ("given_names" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "flight_order_segments_flight_idx" ON "flight_order_segments" USING btree ("flight_number","departure_date");--> statement-breakpoint
CREATE INDEX "flight_order_segments_date_idx" ON "flight_order_segments" USING btree ("departure_date");--> statement-breakpoint
CREATE INDEX "flight_orders_company_created_idx" ON "flight_orders" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "flight_orders_company_status_idx" ON "flight_orders" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "flight_orders_company_departure_idx" ON "flight_orders" USING btree ("company_id","departure_date");--> statement-breakpoint
CREATE INDEX "flight_orders_record_locator_idx" ON "flight_orders" USING btree ("record_locator");--> statement-breakpoint
CREATE INDEX "flight_orders_company_booking_number_idx" ON "flight_orders" USING btree ("company_id","booking_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "flight_orders_next_action_idx" ON "flight_orders" USING btree ("next_action_at") WHERE next_action_at is not null;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_company_idx" ON "webhook_deliveries" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE status = 'pending';