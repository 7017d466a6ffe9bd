ALTER TABLE `diet_plans` ADD `translation_edits` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `workout_plans` ADD `translation_edits` text DEFAULT '{}' NOT NULL;