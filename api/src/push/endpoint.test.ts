import { describe, expect, it } from 'vitest';
import { checkPushEndpoint, isPublicAddress, MAX_ENDPOINT_LENGTH, type EndpointPolicy } from './endpoint.ts';

/** A resolver with fixed answers: names the tests do not list do not resolve. */
const answers =
  (table: Record<string, string[]>): EndpointPolicy['resolve'] =>
  async (hostname) => {
    const found = table[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found;
  };

const PUBLIC = {
  'fcm.googleapis.com': ['142.250.79.42', '2800:3f0:4001:81b::200a'],
  'updates.push.services.mozilla.com': ['34.117.237.239'],
  'web.push.apple.com': ['17.253.144.10'],
  'wns2-bl2p.notify.windows.com': ['52.98.1.2'],
};
const policy: EndpointPolicy = { allowedOrigins: ['http://127.0.0.1:4555'], resolve: answers(PUBLIC) };
const check = (endpoint: unknown, over: Partial<EndpointPolicy> = {}) => checkPushEndpoint(endpoint, { ...policy, ...over });
const reasonOf = async (endpoint: unknown, over: Partial<EndpointPolicy> = {}) => {
  const result = await check(endpoint, over);
  return result.ok ? 'accepted' : result.reason;
};

describe('push endpoints the server will call (issue 50, ADR 032)', () => {
  it('accepts the endpoints of the four push services browsers use', async () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bH',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGuQyavXutnMtBxFf',
      'https://wns2-bl2p.notify.windows.com/w/?token=BQYAAAD',
      'https://fcm.googleapis.com./fcm/send/with-a-final-dot',
    ])
      expect(await reasonOf(endpoint)).toBe('accepted');
  });

  it('refuses a host that only looks like a push service, another port, plain HTTP and credentials in the URL', async () => {
    expect(await reasonOf('https://fcm.googleapis.com.attacker.example/x')).toBe('unknownService');
    expect(await reasonOf('https://evilfcm.googleapis.com/x')).toBe('unknownService');
    expect(await reasonOf('https://push.example.com/x')).toBe('unknownService');
    expect(await reasonOf('https://fcm.googleapis.com:8443/x')).toBe('unknownService');
    expect(await reasonOf('http://fcm.googleapis.com/x')).toBe('notHttps');
    expect(await reasonOf('https://user:secret@fcm.googleapis.com/x')).toBe('malformed');
  });

  it('refuses loopback, private, link-local and unspecified addresses however they are spelled', async () => {
    for (const endpoint of [
      'https://127.0.0.1/x',
      'https://2130706433/x',
      'https://0x7f.1/x',
      'https://0177.0.0.1/x',
      'https://127.1/x',
      'https://10.1.2.3/x',
      'https://172.20.0.1/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://0.0.0.0/x',
      'https://[::1]/x',
      'https://[0:0:0:0:0:0:0:1]/x',
      'https://[::]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[::ffff:a9fe:a9fe]/x',
      'https://[fe80::1]/x',
      'https://[fd12:3456::1]/x',
      'https://[64:ff9b::a9fe:a9fe]/x',
      'https://[2002:7f00:1::1]/x',
    ])
      expect([endpoint, await reasonOf(endpoint)]).toEqual([endpoint, 'privateAddress']);
    // A public address is still no push service.
    expect(await reasonOf('https://142.250.79.42/fcm/send/x')).toBe('unknownService');
  });

  it('refuses a push service’s name that resolves to a private address, even among public ones (DNS rebinding)', async () => {
    expect(await reasonOf('https://fcm.googleapis.com/x', { resolve: answers({ 'fcm.googleapis.com': ['127.0.0.1'] }) })).toBe('privateAddress');
    expect(await reasonOf('https://fcm.googleapis.com/x', { resolve: answers({ 'fcm.googleapis.com': ['142.250.79.42', '::ffff:10.0.0.7'] }) })).toBe('privateAddress');
    expect(await reasonOf('https://web.push.apple.com/x', { resolve: answers({}) })).toBe('unresolvable');
    expect(await reasonOf('https://web.push.apple.com/x', { resolve: async () => [] })).toBe('unresolvable');
  });

  it('takes the origins PUSH_ALLOWED_ORIGINS lists as they are, and only those', async () => {
    expect(await reasonOf('http://127.0.0.1:4555/push/abc')).toBe('accepted');
    expect(await reasonOf('http://127.0.0.1:4556/push/abc')).toBe('notHttps');
    expect(await reasonOf('https://127.0.0.1:4555/push/abc')).toBe('privateAddress');
  });

  it('refuses what is not an endpoint: no text, an empty one, an over-long one, one that is no URL', async () => {
    for (const endpoint of [undefined, null, 42, { href: 'https://fcm.googleapis.com/x' }, '', 'not a url', `https://fcm.googleapis.com/${'a'.repeat(MAX_ENDPOINT_LENGTH)}`])
      expect(await reasonOf(endpoint)).toBe('malformed');
  });

  it('tells public addresses from the others', () => {
    expect(['8.8.8.8', '142.250.79.42', '2800:3f0:4001:81b::200a', '2606:4700::1111'].map(isPublicAddress)).toEqual([true, true, true, true]);
    expect(['127.0.0.1', '::1', '100.64.0.1', '224.0.0.1', '255.255.255.255', 'ff02::1', 'localhost', ''].map(isPublicAddress)).toEqual([false, false, false, false, false, false, false, false]);
  });
});
