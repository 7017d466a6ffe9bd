CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`locale` text NOT NULL,
	`provider` text NOT NULL,
	`status` text NOT NULL,
	`checkout_id` text,
	`payment_id` text,
	`method` text,
	`receipt_url` text,
	`flag` text,
	`subscription_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_provider_payment_idx` ON `orders` (`provider`,`payment_id`);