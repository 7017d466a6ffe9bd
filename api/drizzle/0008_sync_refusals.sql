CREATE TABLE `sync_refusals` (
	`device_id` text NOT NULL,
	`seq` integer NOT NULL,
	`code` text NOT NULL,
	PRIMARY KEY(`device_id`, `seq`),
	FOREIGN KEY (`device_id`) REFERENCES `devices`(`id`) ON UPDATE no action ON DELETE cascade
);
