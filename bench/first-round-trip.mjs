// The pages the build rendered (ADR 026), as the server sends them to a phone: the response's
// status line, headers and compressed body, against what a new connection delivers in its first
// round trip. TCP starts with a window of ten segments (RFC 6928, 10 × 1,460 bytes): a page that
// fits paints after one round trip of the network, one a byte over waits for a second (150 ms on
// Lighthouse's mobile network, more on a real one). Lighthouse's simulation counts it so too.
// /login signed out; /dashboard for the signed-in demo client on a paid plan, in each language.
import { startServer } from './server.mjs';

export const name = "A rendered page within a new connection's first round trip (bytes on the wire)";

const FIRST_ROUND_TRIP_BYTES = 10 * 1460;
/** sync-protocol/i18n/locales.ts's, which Node cannot import. */
const LOCALES = ['pt-BR', 'es-AR', 'en-US'];
/** What Chromium asks for. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** The response's bytes on the wire: status line, headers, body as sent. */
async function bytesOnTheWire(url, headers) {
  const response = await fetch(url, { headers: { 'accept-encoding': ACCEPT_ENCODING, ...headers } });
  if (!response.ok) throw new Error(`first-round-trip: ${url} answered ${response.status}`);
  const encoding = response.headers.get('content-encoding');
  const sent = Number(response.headers.get('content-length'));
  await response.arrayBuffer();
  if (!encoding || !Number.isFinite(sent)) throw new Error(`first-round-trip: ${url} came uncompressed or without a length`);
  let head = `HTTP/1.1 ${response.status} OK\r\n`.length + 2;
  for (const [header, value] of response.headers) head += `${header}: ${value}\r\n`.length;
  return { bytes: head + sent, encoding };
}

async function signedInCookie(url) {
  const response = await fetch(`${url}/api/clients/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: 'client@example.com', password: 'demo12345' }),
  });
  if (!response.ok) throw new Error(`first-round-trip: demo sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

export async function run() {
  const server = await startServer({ port: 3236 });
  try {
    const cookie = await signedInCookie(server.url);
    const rows = [];
    for (const locale of LOCALES) {
      for (const [path, headers] of [
        ['/login', {}],
        ['/dashboard', { cookie }],
      ]) {
        const { bytes, encoding } = await bytesOnTheWire(`${server.url}${path}`, { 'accept-language': locale, ...headers });
        rows.push({
          label: `${path} page, ${locale}`,
          value: `${bytes.toLocaleString('en-US')} bytes (${encoding})`,
          ratio: bytes / FIRST_ROUND_TRIP_BYTES,
          limit: 1,
          target: `≤ ${FIRST_ROUND_TRIP_BYTES.toLocaleString('en-US')} bytes`,
        });
      }
    }
    return rows;
  } finally {
    await server.stop();
  }
}
