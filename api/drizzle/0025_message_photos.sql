PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_progress_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text DEFAULT 'progress' NOT NULL,
	`pose` text,
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
INSERT INTO `__new_progress_photos`("id", "user_id", "kind", "pose", "content_type", "bytes", "thumbnail_bytes", "width", "height", "created_at", "stored_at", "deleted_at", "version") SELECT "id", "user_id", 'progress', "pose", "content_type", "bytes", "thumbnail_bytes", "width", "height", "created_at", "stored_at", "deleted_at", "version" FROM `progress_photos`;--> statement-breakpoint
DROP TABLE `progress_photos`;--> statement-breakpoint
ALTER TABLE `__new_progress_photos` RENAME TO `progress_photos`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `progress_photos_user_version_idx` ON `progress_photos` (`user_id`,`version`);--> statement-breakpoint
CREATE INDEX `progress_photos_user_created_idx` ON `progress_photos` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `messages` ADD `photo_id` text;