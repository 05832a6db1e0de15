CREATE TABLE "frequent_passenger_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"passenger_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"number_cipher" text NOT NULL,
	"number_last4" text NOT NULL,
	"number_length" integer NOT NULL,
	"number_hash" text NOT NULL,
	"expiry_date" date,
	"issuing_country" text
);
--> statement-breakpoint
CREATE TABLE "frequent_passengers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"surname" text NOT NULL,
	"given_names" text NOT NULL,
	"local_name" text,
	"gender" text,
	"birthday" date,
	"nationality" text,
	"area_code" text,
	"phone" text,
	"email" text,
	"remark" text,
	"document_image_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"passenger_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"airline" text NOT NULL,
	"number" text NOT NULL,
	"holder" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "frequent_passenger_documents" ADD CONSTRAINT "frequent_passenger_documents_passenger_id_frequent_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."frequent_passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frequent_passengers" ADD CONSTRAINT "frequent_passengers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frequent_passengers" ADD CONSTRAINT "frequent_passengers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frequent_passengers" ADD CONSTRAINT "frequent_passengers_document_image_id_files_id_fk" FOREIGN KEY ("document_image_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_passenger_id_frequent_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."frequent_passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "frequent_passenger_documents_passenger_idx" ON "frequent_passenger_documents" USING btree ("passenger_id","position");--> statement-breakpoint
CREATE INDEX "frequent_passenger_documents_hash_idx" ON "frequent_passenger_documents" USING btree ("number_hash");--> statement-breakpoint
CREATE INDEX "frequent_passengers_user_idx" ON "frequent_passengers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_cards_passenger_airline_idx" ON "member_cards" USING btree ("passenger_id","airline");--> statement-breakpoint
CREATE INDEX "member_cards_user_idx" ON "member_cards" USING btree ("user_id");--> statement-breakpoint
-- Issue 11: the favourites list kept in users.config.passengers moves into frequent_passengers (one source of truth,
-- docs/decisions/0015-travellers.md). The old entries had no documents; a value the old schema let through but that is
-- not a real date, gender or country is left empty rather than failing the migration. Order of the list is kept.
INSERT INTO "frequent_passengers" ("user_id", "company_id", "surname", "given_names", "gender", "birthday", "nationality", "created_at", "updated_at")
SELECT "user_id", "company_id", "surname", "given_names", "gender", "birthday", "nationality", "at", "at"
FROM (
  SELECT DISTINCT ON (u."id", upper(trim(p."entry"->>'surname')), upper(regexp_replace(trim(p."entry"->>'givenName'), '\s+', ' ', 'g')), p."entry"->>'birthday')
    u."id" AS "user_id",
    u."company_id",
    upper(trim(p."entry"->>'surname')) AS "surname",
    upper(regexp_replace(trim(p."entry"->>'givenName'), '\s+', ' ', 'g')) AS "given_names",
    CASE WHEN p."entry"->>'gender' IN ('male', 'female') THEN p."entry"->>'gender' END AS "gender",
    CASE WHEN p."entry"->>'birthday' ~ '^[1-9][0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' THEN
      CASE WHEN to_char((substr(p."entry"->>'birthday', 1, 7) || '-01')::date + (substr(p."entry"->>'birthday', 9, 2)::int - 1), 'YYYY-MM-DD') = p."entry"->>'birthday'
        THEN (p."entry"->>'birthday')::date END
    END AS "birthday",
    CASE WHEN p."entry"->>'nationality' ~ '^[A-Z]{2}$' THEN p."entry"->>'nationality' END AS "nationality",
    now() + p."n" * interval '1 millisecond' AS "at",
    p."n"
  FROM "users" u
  CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(u."config"->'passengers') = 'array' THEN u."config"->'passengers' ELSE '[]'::jsonb END) WITH ORDINALITY AS p("entry", "n")
  WHERE jsonb_typeof(p."entry") = 'object'
    AND coalesce(trim(p."entry"->>'surname'), '') <> ''
    AND coalesce(trim(p."entry"->>'givenName'), '') <> ''
    AND p."n" <= 30
  ORDER BY u."id", upper(trim(p."entry"->>'surname')), upper(regexp_replace(trim(p."entry"->>'givenName'), '\s+', ' ', 'g')), p."entry"->>'birthday', p."n"
) AS moved;--> statement-breakpoint
UPDATE "users" SET "config" = "config" - 'passengers' WHERE "config" ? 'passengers';
