ALTER TABLE "users" ADD COLUMN "notice_choices" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "weigh_in_time" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "weigh_in_days" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "quiet_start" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "quiet_end" text;