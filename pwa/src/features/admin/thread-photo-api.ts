import type { EncodedPhoto } from '#pwa/lib/encode-photo.ts';
import { answer, apiClient, byId } from '#pwa/lib/api.ts';

/**
 * A coach's answer with a photo (issue 22): one form with the text and both files as this browser
 * re-encoded them, online as the panel is; idempotent by `id` like a text answer. Apart from
 * `coachApi` so it loads with the thread's card, not with the panel (at its budget).
 */
export const sendWithPhoto = (clientId: string, message: { id: string; body: string }, photo: EncodedPhoto) =>
  answer(
    apiClient.coach.threads[':id']['photo-messages'].$post({
      ...byId(clientId),
      form: {
        ...message,
        contentType: photo.contentType,
        width: String(photo.width),
        height: String(photo.height),
        image: new Blob([photo.image], { type: photo.contentType }),
        thumbnail: new Blob([photo.thumbnail], { type: photo.contentType }),
      },
    }),
  );
