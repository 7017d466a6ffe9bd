CREATE TABLE "scheduled_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_at" bigint NOT NULL
);
