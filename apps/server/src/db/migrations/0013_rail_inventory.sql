CREATE TABLE "rail_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier" text NOT NULL,
	"order_number" text NOT NULL,
	"client_reference" text NOT NULL,
	"service_date" date NOT NULL,
	"train_number" text NOT NULL,
	"seat_class" text NOT NULL,
	"from_index" smallint NOT NULL,
	"to_index" smallint NOT NULL,
	"status" text NOT NULL,
	"ride" jsonb NOT NULL,
	"passengers" jsonb NOT NULL,
	"tickets" jsonb NOT NULL,
	"total" integer NOT NULL,
	"currency" text NOT NULL,
	"hold_until" timestamp with time zone NOT NULL,
	"changed_from" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rail_bookings_order_number_uq" UNIQUE("supplier","order_number"),
	CONSTRAINT "rail_bookings_client_reference_uq" UNIQUE("supplier","client_reference")
);
--> statement-breakpoint
CREATE TABLE "rail_seat_assignments" (
	"supplier" text NOT NULL,
	"service_date" date NOT NULL,
	"train_number" text NOT NULL,
	"seat_class" text NOT NULL,
	"seat_no" integer NOT NULL,
	"segment" smallint NOT NULL,
	"booking_id" uuid NOT NULL,
	CONSTRAINT "rail_seat_assignments_pk" PRIMARY KEY("supplier","service_date","train_number","seat_class","seat_no","segment")
);
--> statement-breakpoint
CREATE TABLE "rail_seat_inventory" (
	"supplier" text NOT NULL,
	"service_date" date NOT NULL,
	"train_number" text NOT NULL,
	"seat_class" text NOT NULL,
	"segment" smallint NOT NULL,
	"capacity" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rail_seat_inventory_pk" PRIMARY KEY("supplier","service_date","train_number","seat_class","segment"),
	CONSTRAINT "rail_seat_inventory_sold_ck" CHECK ("rail_seat_inventory"."sold" >= 0 and "rail_seat_inventory"."sold" <= "rail_seat_inventory"."capacity")
);
--> statement-breakpoint
CREATE INDEX "rail_bookings_hold_idx" ON "rail_bookings" USING btree ("supplier","status","service_date");--> statement-breakpoint
CREATE INDEX "rail_seat_assignments_booking_idx" ON "rail_seat_assignments" USING btree ("booking_id");