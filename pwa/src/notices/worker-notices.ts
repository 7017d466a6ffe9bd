/// <reference lib="webworker" />
/**
 * What the service worker does with a push (issue 50, ADR 032): shows the notice the server sent,
 * in the words it wrote them in the person's language, and on a click brings the app to the
 * notice's screen, in a window of the app already open if there is one.
 */

/** A push's payload, as the server's notices write it (api/src/notices/texts.ts). */
export interface PushedNotice {
  kind: string;
  title: string;
  body: string;
  url: string;
  tag: string;
}

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;

/** The notice a push carries, or null for one that is not the server's (it is then not shown). */
export function pushedNotice(text: string | null | undefined): PushedNotice | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { kind, title, body, url, tag } = data as Record<string, unknown>;
  // Only a path of this app opens: a push cannot send the person elsewhere.
  if (!isText(kind, 40) || !isText(title, 200) || !isText(body, 400) || !isText(url, 200) || !url.startsWith('/') || url.startsWith('//') || !isText(tag, 100)) return null;
  return { kind, title, body, url, tag };
}

/** Shows it; a newer notice with the same tag replaces the older one, and alerts again. */
export const showNotice = (registration: ServiceWorkerRegistration, notice: PushedNotice) =>
  registration.showNotification(notice.title, {
    body: notice.body,
    tag: notice.tag,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: notice.url, kind: notice.kind },
    // `renotify` is in the spec but not in every lib.dom: the phone buzzes again for a newer answer.
    ...({ renotify: true } as object),
  });

/** Brings the app to `url`: a window of it already open is focused and taken there, else one opens. */
export async function openNotice(clients: Clients, origin: string, url: string): Promise<void> {
  const target = new URL(url, origin);
  if (target.origin !== origin) return;
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })) as WindowClient[];
  const open = windows.find((client) => new URL(client.url).origin === origin);
  if (open) {
    const focused = await open.focus();
    if (new URL(focused.url).pathname !== target.pathname) await focused.navigate(target.href);
    return;
  }
  await clients.openWindow(target.href);
}

/** What a `pushsubscriptionchange` event carries (not in every lib.dom). */
export interface SubscriptionChange {
  oldSubscription?: PushSubscription | null;
  newSubscription?: PushSubscription | null;
}

/**
 * The browser replaced this device's subscription (its push service rotated it, or it expired):
 * the worker subscribes again when the browser did not, and tells the server, which moves the old
 * one's device and sign-in to the new one. Without the old one there is nothing to replace: the
 * next visit to Settings saves the device's subscription again.
 */
export async function renewSubscription(pushManager: PushManager, change: SubscriptionChange, send: typeof fetch): Promise<void> {
  const old = change.oldSubscription;
  if (!old) return;
  const applicationServerKey = old.options?.applicationServerKey ?? null;
  const renewed = change.newSubscription ?? (applicationServerKey ? await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }) : null);
  if (!renewed) return;
  const { endpoint, keys } = renewed.toJSON();
  const response = await send('/api/push/subscription/renewal', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ replaces: old.endpoint, endpoint, keys }),
  });
  // Signed out, or the server forgot the old one: nothing more the worker can do alone.
  if (!response.ok && response.status !== 401 && response.status !== 404) throw new Error(`push.renewal ${response.status}`);
}
