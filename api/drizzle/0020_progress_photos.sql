CREATE TABLE `progress_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`pose` text NOT NULL,
	`content_type` text NOT NULL,
	`bytes` integer NOT NULL,
	`thumbnail_bytes` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`created_at` integer NOT NULL,
	`stored_at` integer,
	`deleted_at` integer,
	`version` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `progress_photos_user_version_idx` ON `progress_photos` (`user_id`,`version`);--> statement-breakpoint
CREATE INDEX `progress_photos_user_created_idx` ON `progress_photos` (`user_id`,`created_at`);