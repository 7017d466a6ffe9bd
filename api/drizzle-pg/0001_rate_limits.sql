CREATE TABLE "rate_limits" (
	"limiter" text NOT NULL,
	"subject" text NOT NULL,
	"hits" bigint NOT NULL,
	"reset_at" bigint NOT NULL,
	CONSTRAINT "rate_limits_limiter_subject_pk" PRIMARY KEY("limiter","subject")
);
--> statement-breakpoint
ALTER TABLE "diet_plans" ADD COLUMN "translation_claimed_until" bigint;--> statement-breakpoint
ALTER TABLE "workout_plans" ADD COLUMN "translation_claimed_until" bigint;--> statement-breakpoint
CREATE INDEX "rate_limits_reset_idx" ON "rate_limits" USING btree ("reset_at");