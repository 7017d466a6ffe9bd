ALTER TABLE `diet_plans` ADD `translation_retry` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `workout_plans` ADD `translation_retry` integer DEFAULT false NOT NULL;