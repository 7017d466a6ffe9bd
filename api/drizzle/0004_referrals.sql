CREATE TABLE `referral_clicks` (
	`link_id` text NOT NULL,
	`visitor` text NOT NULL,
	`day` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`link_id`, `visitor`, `day`),
	FOREIGN KEY (`link_id`) REFERENCES `referral_links`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `referral_links` (
	`id` text PRIMARY KEY NOT NULL,
	`teacher_id` text NOT NULL,
	`code` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`teacher_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `referral_links_teacher_id_unique` ON `referral_links` (`teacher_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `referral_links_code_unique` ON `referral_links` (`code`);--> statement-breakpoint
CREATE TABLE `retired_referral_codes` (
	`code` text PRIMARY KEY NOT NULL,
	`link_id` text NOT NULL,
	`retired_at` integer NOT NULL,
	FOREIGN KEY (`link_id`) REFERENCES `referral_links`(`id`) ON UPDATE no action ON DELETE cascade
);
