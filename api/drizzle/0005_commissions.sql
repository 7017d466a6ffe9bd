CREATE TABLE `commissions` (
	`id` text PRIMARY KEY NOT NULL,
	`teacher_id` text NOT NULL,
	`student_id` text,
	`student_name` text NOT NULL,
	`subscription_id` text,
	`plan_id` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`percentage` integer NOT NULL,
	`description` text NOT NULL,
	`status` text NOT NULL,
	`payout_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`teacher_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`payout_id`) REFERENCES `payouts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commissions_subscription_id_unique` ON `commissions` (`subscription_id`);--> statement-breakpoint
CREATE INDEX `commissions_teacher_idx` ON `commissions` (`teacher_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`teacher_id` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`requested_at` integer NOT NULL,
	`processed_at` integer,
	FOREIGN KEY (`teacher_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payouts_teacher_idx` ON `payouts` (`teacher_id`,`requested_at`);