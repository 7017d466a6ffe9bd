CREATE TABLE `check_ins` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`week` text NOT NULL,
	`created_at` integer NOT NULL,
	`weight` real,
	`diet_adherence` integer NOT NULL,
	`workout_adherence` integer NOT NULL,
	`hunger` integer NOT NULL,
	`sleep` integer NOT NULL,
	`stress` integer NOT NULL,
	`energy` integer NOT NULL,
	`note` text,
	`answers` text DEFAULT '[]' NOT NULL,
	`reviewed_at` integer,
	`reviewed_by` text,
	`version` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `check_ins_user_version_idx` ON `check_ins` (`user_id`,`version`);--> statement-breakpoint
CREATE INDEX `check_ins_user_week_idx` ON `check_ins` (`user_id`,`week`);--> statement-breakpoint
CREATE INDEX `check_ins_created_idx` ON `check_ins` (`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `check_in_day` integer;