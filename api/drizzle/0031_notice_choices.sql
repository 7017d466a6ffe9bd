ALTER TABLE `users` ADD `notice_choices` text;--> statement-breakpoint
ALTER TABLE `users` ADD `time_zone` text;--> statement-breakpoint
ALTER TABLE `users` ADD `weigh_in_time` text;--> statement-breakpoint
ALTER TABLE `users` ADD `weigh_in_days` text;--> statement-breakpoint
ALTER TABLE `users` ADD `quiet_start` text;--> statement-breakpoint
ALTER TABLE `users` ADD `quiet_end` text;