CREATE TABLE `payment_events` (
	`id` text PRIMARY KEY NOT NULL,
	`received_at` integer NOT NULL,
	`subscription_id` text
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`price` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`start_date` integer NOT NULL,
	`end_date` integer NOT NULL,
	`source` text NOT NULL,
	`payment_event_id` text,
	`created_at` integer NOT NULL,
	`version` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subscriptions_user_idx` ON `subscriptions` (`user_id`,`end_date`);--> statement-breakpoint
CREATE INDEX `subscriptions_user_version_idx` ON `subscriptions` (`user_id`,`version`);