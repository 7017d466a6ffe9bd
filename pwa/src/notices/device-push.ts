/**
 * This device's Web Push (issue 50, ADR 032 "Asking permission"): whether it can get notices, and
 * turning them on or off here. The browser is asked only when the person chose to turn them on
 * (Settings, or the offer after a first weigh-in or message): never on load.
 */
import { answer, apiClient } from '#pwa/lib/api.ts';
import { newDeviceId, type UserDb } from '#pwa/db/user-db.ts';

/**
 * - `unsupported`: this browser cannot get push at all;
 * - `install-first`: an iPhone or iPad, where only the app added to the home screen can;
 * - `denied`: the person blocked notifications for the site (only the browser's settings undo it);
 * - `off` / `on`: whether this device is subscribed now.
 */
export type DevicePushState = 'unsupported' | 'install-first' | 'denied' | 'off' | 'on';

const isAppleMobile = () => /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
const isInstalled = () => matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
const canPush = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

export async function devicePushState(): Promise<DevicePushState> {
  if (isAppleMobile() && !isInstalled()) return 'install-first';
  if (!canPush()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  const registration = await navigator.serviceWorker.ready;
  return (await registration.pushManager.getSubscription()) ? 'on' : 'off';
}

/** The sync's device id, made now if this device has written nothing yet, so turning off finds what turning on saved. */
async function deviceIdOf(db: UserDb | null): Promise<string> {
  const known = await db?.getMeta<string>('deviceId');
  if (known) return known;
  const made = newDeviceId();
  await db?.setMeta('deviceId', made);
  return made;
}

/** Saves this browser's subscription for the signed-in person (again after a new sign-in: it ends with the old one). */
async function save(subscription: PushSubscription, db: UserDb | null): Promise<void> {
  const { endpoint, keys } = subscription.toJSON();
  const body = JSON.stringify({ endpoint, keys, deviceId: await deviceIdOf(db) });
  await answer(apiClient.push.subscription.$put(undefined, { init: { body, headers: { 'content-type': 'application/json' } } }));
}

/** Asks the browser (the person has just chosen to), subscribes this device and tells the server. */
export async function turnOnDevicePush(db: UserDb | null): Promise<DevicePushState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await answer(apiClient.push.key.$get());
  const subscription = (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  await save(subscription, db);
  return 'on';
}

/** Stops notices to this device: the server forgets it, the browser drops its subscription. */
export async function turnOffDevicePush(db: UserDb | null): Promise<DevicePushState> {
  const registration = await navigator.serviceWorker.ready;
  await answer(apiClient.push.subscription.$delete({ query: { deviceId: await deviceIdOf(db) } } as never));
  await (await registration.pushManager.getSubscription())?.unsubscribe();
  return 'off';
}

/** A device that is on keeps its subscription saved for whoever is signed in now. */
export async function keepDevicePushSaved(db: UserDb | null): Promise<void> {
  if (!canPush() || Notification.permission !== 'granted') return;
  const subscription = await (await navigator.serviceWorker.ready).pushManager.getSubscription();
  if (subscription) await save(subscription, db);
}
