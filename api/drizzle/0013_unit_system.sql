ALTER TABLE `users` ADD `unit_system` text DEFAULT 'metric' NOT NULL;--> statement-breakpoint
-- People in the US already registered read pounds and feet from now on (ADR 020).
UPDATE `users` SET `unit_system` = 'us' WHERE `country_code` = 'US';
