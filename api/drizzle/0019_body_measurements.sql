CREATE TABLE `body_measurements` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`waist` real,
	`hip` real,
	`chest` real,
	`arm` real,
	`thigh` real,
	`neck` real,
	`body_fat` real,
	`created_at` integer NOT NULL,
	`deleted_at` integer,
	`version` integer NOT NULL,
	`hlcs` text DEFAULT '{}' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `body_measurements_user_version_idx` ON `body_measurements` (`user_id`,`version`);--> statement-breakpoint
CREATE INDEX `body_measurements_user_created_idx` ON `body_measurements` (`user_id`,`created_at`);