ALTER TABLE `diet_plans` ADD `content` text;--> statement-breakpoint
ALTER TABLE `diet_plans` ADD `unreadable` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `workout_plans` ADD `content` text;--> statement-breakpoint
ALTER TABLE `workout_plans` ADD `unreadable` text DEFAULT '[]' NOT NULL;