CREATE TABLE "group_passengers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_order_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"passenger" jsonb NOT NULL,
	"ticket_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_order_id" uuid NOT NULL,
	"deadline" text NOT NULL,
	"lead" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_orders" ADD COLUMN "names_uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_orders" ADD COLUMN "names_uploaded_by" uuid;--> statement-breakpoint
ALTER TABLE "group_orders" ADD COLUMN "names_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_passengers" ADD CONSTRAINT "group_passengers_group_order_id_group_orders_id_fk" FOREIGN KEY ("group_order_id") REFERENCES "public"."group_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_reminders" ADD CONSTRAINT "group_reminders_group_order_id_group_orders_id_fk" FOREIGN KEY ("group_order_id") REFERENCES "public"."group_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_passengers_order_seq_uq" ON "group_passengers" USING btree ("group_order_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "group_passengers_ticket_uq" ON "group_passengers" USING btree ("ticket_number");--> statement-breakpoint
CREATE UNIQUE INDEX "group_reminders_once_uq" ON "group_reminders" USING btree ("group_order_id","deadline","lead","due_at");--> statement-breakpoint
ALTER TABLE "group_orders" ADD CONSTRAINT "group_orders_names_uploaded_by_users_id_fk" FOREIGN KEY ("names_uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;