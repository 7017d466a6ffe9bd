CREATE TABLE `health_consents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`action` text NOT NULL,
	`version` text NOT NULL,
	`locale` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `health_consents_user_idx` ON `health_consents` (`user_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `health_consent_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `resync_from` integer DEFAULT 0 NOT NULL;