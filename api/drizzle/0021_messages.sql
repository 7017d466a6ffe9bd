CREATE TABLE `message_threads` (
	`user_id` text PRIMARY KEY NOT NULL,
	`client_read_up_to` integer,
	`coach_read_up_to` integer,
	`version` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `message_threads_user_version_idx` ON `message_threads` (`user_id`,`version`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`from` text NOT NULL,
	`sender_id` text,
	`sender_name` text,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	`sent_at` integer NOT NULL,
	`deleted_at` integer,
	`version` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `messages_user_version_idx` ON `messages` (`user_id`,`version`);--> statement-breakpoint
CREATE INDEX `messages_user_sent_idx` ON `messages` (`user_id`,`sent_at`);