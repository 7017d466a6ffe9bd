ALTER TABLE `users` ADD `unit_system` text DEFAULT 'metric' NOT NULL;--> statement-breakpoint
-- People in the US already registered read pounds and feet from now on (ADR 020), and their
-- devices pull the change: one new sync version for those profiles.
UPDATE `sync_counter` SET `value` = `value` + 1 WHERE `id` = 1;--> statement-breakpoint
UPDATE `users` SET `unit_system` = 'us', `version` = (SELECT `value` FROM `sync_counter` WHERE `id` = 1) WHERE `country_code` = 'US';
