ALTER TABLE `users` ADD `cpf` text;--> statement-breakpoint
ALTER TABLE `users` ADD `expertise` text;--> statement-breakpoint
ALTER TABLE `users` ADD `bio` text;--> statement-breakpoint
ALTER TABLE `users` ADD `teacher_approved_at` integer;--> statement-breakpoint
-- Teachers from before the approval step were trusted already (ADR 013).
UPDATE `users` SET `teacher_approved_at` = `created_at` WHERE `role` = 'teacher';
