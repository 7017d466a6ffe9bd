DROP INDEX `weight_records_user_created_idx`;--> statement-breakpoint
CREATE INDEX `weight_records_user_list_idx` ON `weight_records` (`user_id`,`created_at`,`id`,`weight`,`notes`,`deleted_at`);