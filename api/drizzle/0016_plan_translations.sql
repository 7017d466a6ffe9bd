ALTER TABLE `diet_plans` ADD `language` text DEFAULT 'pt-BR' NOT NULL;--> statement-breakpoint
ALTER TABLE `diet_plans` ADD `translations` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `workout_plans` ADD `language` text DEFAULT 'pt-BR' NOT NULL;--> statement-breakpoint
ALTER TABLE `workout_plans` ADD `translations` text DEFAULT '{}' NOT NULL;