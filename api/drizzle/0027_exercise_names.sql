CREATE TABLE `exercise_names` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name_key` text NOT NULL,
	`exercise_id` text NOT NULL,
	`version` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `exercise_names_user_version_idx` ON `exercise_names` (`user_id`,`version`);--> statement-breakpoint
CREATE UNIQUE INDEX `exercise_names_user_key_idx` ON `exercise_names` (`user_id`,`name_key`);