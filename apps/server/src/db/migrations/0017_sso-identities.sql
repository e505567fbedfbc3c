CREATE TABLE "sso_identities" (
	"user_id" integer NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_identities_user_id_issuer_pk" PRIMARY KEY("user_id","issuer")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "provisioned_by_sso" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_identities_issuer_subject_unique" ON "sso_identities" USING btree ("issuer","subject");
