// The load generator of bench/api-load.mjs, in its own process so that it never shares an event
// loop with the server it measures: `node bench/api-load/load.mjs '<spec JSON>'` runs autocannon
// for spec.warmup seconds (discarded), then for spec.duration seconds, and prints one JSON line.
//
// spec: { url, method, headers, connections, duration, warmup, kind: 'fixed' | 'push', body?, pushSize? }
// A 'push' request is POST /api/sync/push of pushSize valid mutations of one device: devices are
// lent to one request at a time (autocannon sends one request per connection at once), so each
// push continues its device's seq, as a device draining its outbox does, and every response is
// checked: all mutations applied, no gap.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';

const spec = JSON.parse(process.argv[2] ?? '{}');
const TIME_ZONE = 'America/Sao_Paulo';
const localDate = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

// Random bits are drawn in blocks: a push needs thirty ids, and the generator must not be what
// the server waits for.
let pool = Buffer.alloc(0);
let poolAt = 0;
function randomHex(bytes) {
  if (poolAt + bytes > pool.length) {
    pool = randomBytes(64 * 1024);
    poolAt = 0;
  }
  poolAt += bytes;
  return pool.toString('hex', poolAt - bytes, poolAt);
}

/** A UUIDv7: 48-bit milliseconds, version 7, variant 10, random bits. */
function uuidv7(ms) {
  const time = ms.toString(16).padStart(12, '0');
  const r = randomHex(10);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${r.slice(0, 3)}-${(8 | (parseInt(r[3], 16) & 3)).toString(16)}${r.slice(4, 7)}-${r.slice(7, 19)}`;
}

/** The device's local date, formatted once a second rather than per mutation. */
let dateSecond = -1;
let today = '';
function localDateAt(ms) {
  const second = Math.floor(ms / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    today = localDate.format(ms);
  }
  return today;
}

/** The outbox of a device: weight records and habit fields, as the PWA queues them. */
const PROGRESS = [
  ['workoutCompleted', true],
  ['dietFollowed', true],
  ['mood', 4],
  ['energy', 3],
];
let hlcCounter = 0;
function mutation(device, seq, k, ms, iso) {
  hlcCounter = (hlcCounter + 1) & 0xffffff;
  const [field, value] = PROGRESS[k % PROGRESS.length];
  return {
    deviceId: device.id,
    seq,
    id: uuidv7(ms),
    ...(k % 2 === 0
      ? { name: 'weight.add', args: { id: uuidv7(ms), weight: Math.round(700 + Math.random() * 200) / 10, notes: null, createdAt: iso } }
      : { name: 'progress.set', args: { field, value } }),
    version: 1,
    hlc: `${iso}-${hlcCounter.toString(16).padStart(6, '0')}-${device.id}`,
    localDate: localDateAt(ms),
    timeZone: TIME_ZONE,
  };
}

function pushRequests(stats) {
  const size = spec.pushSize ?? 20;
  const prefix = `bench${randomBytes(4).toString('hex')}`;
  const idle = [];
  let made = 0;
  return [
    {
      setupRequest(request, context) {
        const device = idle.pop() ?? { id: `${prefix}_${made++}`, seq: 0 };
        context.device = device;
        const ms = Date.now();
        const iso = new Date(ms).toISOString();
        const mutations = Array.from({ length: size }, (_, k) => mutation(device, device.seq + k + 1, k, ms, iso));
        return { ...request, body: JSON.stringify({ deviceId: device.id, mutations }) };
      },
      onResponse(status, body, context) {
        const device = context.device;
        let ok = false;
        if (status === 200) {
          const result = JSON.parse(body);
          ok = result.gap === null && result.lastSeq === device.seq + size && result.results.length === size && result.results.every((r) => r.status === 'applied');
        }
        if (ok) {
          device.seq += size;
          stats.pushes += 1;
          idle.push(device);
        } else {
          stats.bad += 1;
          if (stats.firstBad === null) stats.firstBad = `${status} ${String(body).slice(0, 300)}`;
        }
      },
    },
  ];
}

async function once(duration) {
  const stats = { pushes: 0, bad: 0, firstBad: null };
  const result = await autocannon({
    url: spec.url,
    method: spec.method,
    headers: spec.headers,
    body: spec.body,
    connections: spec.connections,
    duration,
    timeout: 10,
    ...(spec.kind === 'push' ? { requests: pushRequests(stats) } : {}),
  });
  return {
    seconds: result.duration,
    reqPerSec: result.requests.average,
    total: result.requests.total,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    ...stats,
  };
}

const warmup = spec.warmup > 0 ? await once(spec.warmup) : null;
const measured = await once(spec.duration);
process.stdout.write(`${JSON.stringify({ warmup, measured })}\n`);
