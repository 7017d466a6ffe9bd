CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text DEFAULT 'user' NOT NULL,
	`name` text NOT NULL,
	`phone` text,
	`birth_date` text,
	`gender` text,
	`height` real,
	`current_weight` real,
	`target_weight` real,
	`activity_level` text,
	`goal_type` text,
	`weekly_weight_goal` real,
	`time_frame` text,
	`motivation` text,
	`previous_attempts` text,
	`highest_weight` real,
	`lowest_weight` real,
	`dietary_restrictions` text DEFAULT '[]' NOT NULL,
	`medical_conditions` text DEFAULT '[]' NOT NULL,
	`country_code` text DEFAULT 'BR' NOT NULL,
	`preferred_language` text DEFAULT 'pt-BR' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_role_idx` ON `users` (`role`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`user_agent` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);