CREATE TABLE `daily_progress` (
	`user_id` text NOT NULL,
	`local_date` text NOT NULL,
	`workout_completed` integer DEFAULT false NOT NULL,
	`diet_followed` integer DEFAULT false NOT NULL,
	`mood` integer DEFAULT 3 NOT NULL,
	`energy` integer DEFAULT 3 NOT NULL,
	`is_completed` integer DEFAULT false NOT NULL,
	`hlcs` text NOT NULL,
	`version` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `local_date`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `daily_progress_user_version_idx` ON `daily_progress` (`user_id`,`version`);--> statement-breakpoint
CREATE TABLE `devices` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`last_seq` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `devices_user_idx` ON `devices` (`user_id`);--> statement-breakpoint
CREATE TABLE `diet_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`objective` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`daily_calories` integer,
	`macros` text,
	`meals` text,
	`weekly_menu` text,
	`tips` text,
	`substitutions` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`published_at` integer,
	`deleted_at` integer,
	`version` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `diet_plans_user_version_idx` ON `diet_plans` (`user_id`,`version`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`read` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`version` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_version_idx` ON `notifications` (`user_id`,`version`);--> statement-breakpoint
CREATE TABLE `sync_counter` (
	`id` integer PRIMARY KEY NOT NULL,
	`value` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `weight_records` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`weight` real NOT NULL,
	`notes` text,
	`created_at` integer NOT NULL,
	`deleted_at` integer,
	`version` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `weight_records_user_version_idx` ON `weight_records` (`user_id`,`version`);--> statement-breakpoint
CREATE INDEX `weight_records_user_created_idx` ON `weight_records` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `workout_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`duration` text,
	`frequency` text,
	`weekly_schedule` text,
	`progression_tips` text,
	`safety_notes` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`published_at` integer,
	`deleted_at` integer,
	`version` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workout_plans_user_version_idx` ON `workout_plans` (`user_id`,`version`);--> statement-breakpoint
ALTER TABLE `users` ADD `profile_hlcs` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
INSERT INTO `sync_counter` (`id`, `value`) VALUES (1, 0);
