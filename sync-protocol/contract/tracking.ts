/**
 * What a client tracks, as pulled and as REST returns it. Weight records and days are the very
 * rows the conflict rules merge, so their shapes are defined there once.
 */
export type { BodyMeasurement, DailyProgress, MessagePhoto, PhotoRecord, ProgressPhoto, WeightRecord } from '../conflict/rules.ts';

export type NotificationType = 'diet_published' | 'workout_published' | 'other';

export interface NotificationDto {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  read: boolean;
  createdAt: string;
}
