CREATE TABLE `workout_exercises` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`session_id` text NOT NULL,
	`exercise_key` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`prescription` text,
	`position` integer NOT NULL,
	`skipped` integer DEFAULT false NOT NULL,
	`note` text,
	`deleted_at` integer,
	`version` integer NOT NULL,
	`hlcs` text DEFAULT '{}' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workout_exercises_user_version_idx` ON `workout_exercises` (`user_id`,`version`);--> statement-breakpoint
CREATE INDEX `workout_exercises_session_idx` ON `workout_exercises` (`session_id`);--> statement-breakpoint
CREATE INDEX `workout_exercises_user_key_idx` ON `workout_exercises` (`user_id`,`exercise_key`);--> statement-breakpoint
CREATE TABLE `workout_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`plan_id` text,
	`weekday` integer,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`exercise_count` integer DEFAULT 0 NOT NULL,
	`set_count` integer DEFAULT 0 NOT NULL,
	`deleted_at` integer,
	`version` integer NOT NULL,
	`hlcs` text DEFAULT '{}' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workout_sessions_user_version_idx` ON `workout_sessions` (`user_id`,`version`);--> statement-breakpoint
CREATE INDEX `workout_sessions_user_started_idx` ON `workout_sessions` (`user_id`,`started_at`);--> statement-breakpoint
CREATE TABLE `workout_sets` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`session_id` text NOT NULL,
	`exercise_id` text NOT NULL,
	`position` integer NOT NULL,
	`reps` integer,
	`load_kg` real,
	`seconds` integer,
	`done_at` integer NOT NULL,
	`deleted_at` integer,
	`version` integer NOT NULL,
	`hlcs` text DEFAULT '{}' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workout_sets_user_version_idx` ON `workout_sets` (`user_id`,`version`);--> statement-breakpoint
CREATE INDEX `workout_sets_exercise_idx` ON `workout_sets` (`exercise_id`);--> statement-breakpoint
CREATE INDEX `workout_sets_session_idx` ON `workout_sets` (`session_id`);