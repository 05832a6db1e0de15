CREATE TABLE "agency_activity" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "agency_activity_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
CREATE TABLE "flight_search_results" (
	"search_id" uuid NOT NULL,
	"supplier" text NOT NULL,
	"status" text NOT NULL,
	"offers" jsonb,
	"error" text,
	"answered_at" timestamp with time zone,
	CONSTRAINT "flight_search_results_search_id_supplier_pk" PRIMARY KEY("search_id","supplier")
);
--> statement-breakpoint
CREATE TABLE "flight_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"request" jsonb NOT NULL,
	"currency" text NOT NULL,
	"suppliers" text[] NOT NULL,
	"budget_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seat_inventory" (
	"supplier" text NOT NULL,
	"flight_number" text NOT NULL,
	"date" date NOT NULL,
	"booking_class" text NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "seat_inventory_supplier_flight_number_date_booking_class_pk" PRIMARY KEY("supplier","flight_number","date","booking_class")
);
--> statement-breakpoint
CREATE TABLE "supplier_settings" (
	"code" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"latency_ms" integer DEFAULT 0 NOT NULL,
	"timeout" boolean DEFAULT false NOT NULL,
	"fail" boolean DEFAULT false NOT NULL,
	"price_change_percent" integer DEFAULT 0 NOT NULL,
	"sold_out" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "flight_config" jsonb DEFAULT '{"markup":{"value":0,"unit":"fixed"},"serviceFees":{"booking":0,"change":0,"refund":0,"void":0,"currency":"CNY"},"showSuppliers":false,"freeBaggageOnly":false,"fareBasisOnly":false,"maxResponseTimeMs":20000,"bookingNotificationUrl":null,"flightChangeNotificationUrl":null,"filterMode":"blacklist","airlines":[],"suppliers":[],"searchMode":"all","hotRoutes":[],"priceAdjustments":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_activity" ADD CONSTRAINT "agency_activity_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_search_results" ADD CONSTRAINT "flight_search_results_search_id_flight_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."flight_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_searches" ADD CONSTRAINT "flight_searches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_searches" ADD CONSTRAINT "flight_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flight_searches_company_idx" ON "flight_searches" USING btree ("company_id","created_at");