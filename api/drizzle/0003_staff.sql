CREATE TABLE `translations` (
	`locale` text NOT NULL,
	`context` text NOT NULL,
	`source` text NOT NULL,
	`translated` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`locale`, `context`, `source`)
);
--> statement-breakpoint
ALTER TABLE `users` ADD `teacher_id` text REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `ai_key_encrypted` text;--> statement-breakpoint
CREATE INDEX `users_teacher_idx` ON `users` (`teacher_id`);