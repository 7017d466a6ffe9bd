CREATE TABLE `rate_limits` (
	`limiter` text NOT NULL,
	`subject` text NOT NULL,
	`hits` integer NOT NULL,
	`reset_at` integer NOT NULL,
	PRIMARY KEY(`limiter`, `subject`)
);
--> statement-breakpoint
CREATE INDEX `rate_limits_reset_idx` ON `rate_limits` (`reset_at`);--> statement-breakpoint
ALTER TABLE `diet_plans` ADD `translation_claimed_until` integer;--> statement-breakpoint
ALTER TABLE `workout_plans` ADD `translation_claimed_until` integer;