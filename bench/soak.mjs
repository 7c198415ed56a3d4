// Soak and fault benchmark (issue #16): mixed load on 256 connections plus 2,000 slow
// connections against a running release server. Run by bench/soak.sh, which builds, starts the
// server with the settings below and passes its address and process id:
//   node bench/soak.mjs http://127.0.0.1:18300 <server pid>
// Environment (set by bench/soak.sh): DURATION seconds of load, MAX_REQUESTS, SLOW connections,
// WARMUP seconds of the same mix before, SETTLE seconds of quiet before each memory reading,
// ADMIN_TOKEN, MIX (see WORKERS).
// The server must trust 127.0.0.1 as a proxy (so X-Forwarded-For names each enquiry's client)
// and accept as many enquiries as arrive. Prints, per kind of request, the count, the errors
// (any answer but 2xx/3xx, or a transport error) and the p50/p99 latency; what happened to the
// slow connections; the server's resident memory before, during and after the load. Exits 1
// when any well-formed request failed.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import zlib from 'node:zlib';

const origin = process.argv[2];
const serverPid = Number(process.argv[3]);
if (!origin || !serverPid)
  throw new Error('usage: node bench/soak.mjs <server origin> <server pid>');
const target = new URL(origin);
const env = (name, fallback) => Number(process.env[name] ?? fallback);
const duration = env('DURATION', 60);
const maxRequests = env('MAX_REQUESTS', 5_000_000);
const slowCount = env('SLOW', 2000);
const settleSecs = env('SETTLE', 5);
const warmupSecs = env('WARMUP', 10);
const adminToken = process.env.ADMIN_TOKEN ?? '';
const manifestPath = process.env.MANIFEST ?? new URL('../dist/manifest.json', import.meta.url);

// The 256 connections, by what they ask for. Cold renderings are few at a time: each keeps a
// render thread busy, and the point is that they do not slow the rest, not to fill the queue.
// MIX="page=256" (or any of these names) changes it, to tell which kind costs what.
const WORKERS = { page: 176, imageHit: 64, imageCold: 4, enquiry: 8, admin: 4 };
if (process.env.MIX) {
  for (const kind of Object.keys(WORKERS)) WORKERS[kind] = 0;
  for (const entry of process.env.MIX.split(',')) {
    const [kind, count] = entry.split('=');
    if (!(kind in WORKERS)) throw new Error(`MIX: unknown kind ${kind}`);
    WORKERS[kind] = Number(count);
  }
}
// One page request in four revalidates with the ETag it got before (304).
const CONDITIONAL_SHARE = 0.25;
// The connections' caps count per client address: 250 slow ones per loopback address stays
// under `connections.max_per_client` (256), so every one is admitted and held.
const SLOW_PER_ADDRESS = 250;
// A slow client sends one byte of its request head this often.
const TRICKLE_MS = 3000;
const REQUEST_TIMEOUT_MS = 60_000;

const desktopUa =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const pageHeaders = { 'user-agent': desktopUa, 'accept-encoding': 'br, gzip' };
const imageAccepts = [
  'image/avif,image/webp,image/apng,image/*,*/*;q=0.8',
  'image/png,image/*;q=0.8',
];

// Exactly as many sockets as requests in flight: each worker waits for its answer.
const agent = new http.Agent({
  keepAlive: true,
  maxSockets: Object.values(WORKERS).reduce((a, b) => a + b),
  scheduling: 'fifo',
});

/** One request; resolves with status, headers, body and milliseconds, or rejects. */
function request(path, { method = 'GET', headers = {}, body, keepBody = false } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      { host: target.hostname, port: target.port, path, method, headers, agent },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => {
          if (keepBody || res.statusCode >= 400) chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('no answer within 60 s')));
    req.on('error', reject);
    req.end(body);
  });
}

const decode = (response) => {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(response.body).toString();
  return response.body.toString();
};

const readStatus = () => {
  const status = fs.readFileSync(`/proc/${serverPid}/status`, 'utf8');
  const kib = (key) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+)`, 'm'))[1]);
  return { rss: kib('VmRSS'), hwm: kib('VmHWM') };
};
/** User and system CPU seconds the server has used. */
const serverCpuSecs = () => {
  const fields = fs.readFileSync(`/proc/${serverPid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, fields 14 and 15 of proc(5), in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const mib = (kib) => (kib / 1024).toFixed(1);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A fixed seed, so two runs ask for the same things in the same order.
let seed = 0x5eed;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x80000000;
};
const pick = (list) => list[Math.floor(random() * list.length)];

// --- What the build offers ----------------------------------------------------------------
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const pages = [];
const hitUrls = new Set();
for (const { path } of manifest.pages) {
  const response = await request(path, { headers: pageHeaders, keepBody: true });
  if (response.status !== 200) throw new Error(`warm-up: ${path} answered ${response.status}`);
  pages.push({ path, etag: response.headers.etag });
  for (const [url] of decode(response).matchAll(/\/_next\/image\?[^"'\s,]+/g))
    hitUrls.add(url.replaceAll('&amp;', '&'));
}
const hits = [...hitUrls].sort();
const sources = [...new Set(hits.map((url) => new URLSearchParams(url.split('?')[1]).get('url')))];
const srcsetWidths = new Set(
  hits.map((url) => Number(new URLSearchParams(url.split('?')[1]).get('w'))),
);
// Every width the server accepts (the build's), at the qualities it accepts, in both formats a
// browser may ask for: what the pages do not use yet is a rendering nobody made.
const widths = [...manifest.images.device_sizes, ...manifest.images.image_sizes];
const qualities = manifest.images.qualities;
const hitSet = new Set(hits.map((url) => `${url}|${imageAccepts[0]}`));
const cold = [];
for (const source of sources)
  for (const w of widths)
    for (const q of qualities)
      for (const accept of imageAccepts) {
        const url = `/_next/image?url=${encodeURIComponent(source)}&w=${w}&q=${q}`;
        if (!hitSet.has(`${url}|${accept}`)) cold.push({ url, accept });
      }
for (let i = cold.length - 1; i > 0; i -= 1) {
  const j = Math.floor(random() * (i + 1));
  [cold[i], cold[j]] = [cold[j], cold[i]];
}
const coldTotal = cold.length;

// Renders every image the pages use, two at a time, so the load's image hits are hits.
const warmQueue = [...hits];
await Promise.all(
  [0, 1].map(async () => {
    while (warmQueue.length) {
      const url = warmQueue.pop();
      const response = await request(url, { headers: { accept: imageAccepts[0] } });
      if (response.status !== 200) throw new Error(`warm-up: ${url} answered ${response.status}`);
    }
  }),
);

// --- The load -------------------------------------------------------------------------------
const kinds = {
  page: { label: 'page (200)', times: [], errors: 0 },
  pageConditional: { label: 'page, If-None-Match (304)', times: [], errors: 0 },
  imageHit: { label: 'image hit', times: [], errors: 0 },
  imageCold: { label: 'image cold miss', times: [], errors: 0 },
  enquiry: { label: 'enquiry POST /api/leads', times: [], errors: 0 },
  admin: { label: 'admin /admin/leads(.json)', times: [], errors: 0 },
};
const failures = [];
let total = 0;
let coldServed = 0;
let coldRanOutAt = null;
let stopAt = Infinity;
const running = () => performance.now() < stopAt && total < maxRequests;

function record(kind, what, response, ok) {
  total += 1;
  kinds[kind].times.push(response.ms);
  if (!ok) {
    kinds[kind].errors += 1;
    if (failures.length < 20)
      failures.push(
        `${kind}: ${what} -> ${response.status} ${response.body.toString().slice(0, 200)}`,
      );
  }
}

async function run(kind, what, options, expect) {
  let response;
  try {
    response = await request(what, options);
  } catch (error) {
    response = { status: `transport error (${error.message})`, body: Buffer.alloc(0), ms: NaN };
  }
  const ok = typeof response.status === 'number' && expect(response);
  record(kind, `${options.method ?? 'GET'} ${what}`, response, ok);
  return response;
}

const success = (response) => response.status >= 200 && response.status < 400;
const adminHeaders = { authorization: `Bearer ${adminToken}`, 'user-agent': desktopUa };

const work = {
  async page() {
    const page = pick(pages);
    if (page.etag && random() < CONDITIONAL_SHARE)
      return run(
        'pageConditional',
        page.path,
        { headers: { ...pageHeaders, 'if-none-match': page.etag } },
        (r) => r.status === 304,
      );
    return run('page', page.path, { headers: pageHeaders }, success);
  },
  async imageHit() {
    return run('imageHit', pick(hits), { headers: { accept: imageAccepts[0] } }, success);
  },
  async imageCold() {
    const next = cold.pop();
    if (!next) {
      coldRanOutAt ??= performance.now();
      return work.imageHit();
    }
    const response = await run(
      'imageCold',
      next.url,
      { headers: { accept: next.accept } },
      success,
    );
    if (response.headers?.['x-nextjs-cache'] === 'MISS') coldServed += 1;
    return response;
  },
  async enquiry() {
    const n = total;
    const body = JSON.stringify({
      name: `压测${n % 10000}`,
      company: '寻境科技有限公司',
      phone: `138${String(n % 1e8).padStart(8, '0')}`,
      email: `soak${n}@example.com`,
      scenario: 'factory',
      product: 'device:1',
      message: '想了解工厂人员定位方案。',
      consent: true,
    });
    // Documentation range 198.18.0.0/15: a different client for almost every enquiry.
    const client = `198.${18 + Math.floor(random() * 2)}.${Math.floor(random() * 256)}.${1 + Math.floor(random() * 254)}`;
    return run(
      'enquiry',
      '/api/leads',
      {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          origin: target.origin,
          'user-agent': desktopUa,
          'x-forwarded-for': client,
          'content-length': Buffer.byteLength(body),
        },
      },
      (r) => r.status === 201,
    );
  },
  async admin() {
    const path = random() < 0.5 ? '/admin/leads' : '/admin/leads.json';
    return run('admin', path, { headers: adminHeaders }, (r) => r.status === 200);
  },
};

// --- Slow connections -------------------------------------------------------------------------
const slow = { opened: 0, open: 0, peakOpen: 0, cut: 0, refused: 0, answered: 0, lifetimes: [] };
const slowSockets = new Set();
let slowRunning = true;
const head = `GET /next/ HTTP/1.1\r\nHost: ${target.host}\r\nUser-Agent: slow\r\n\r\n`;

function openSlow(index) {
  if (!slowRunning) return;
  const trickle = index % 2 === 1;
  const localAddress = `127.0.0.${2 + Math.floor(index / SLOW_PER_ADDRESS)}`;
  const socket = net.connect({ host: target.hostname, port: Number(target.port), localAddress });
  let started = null;
  let timer = null;
  let sent = 0;
  slowSockets.add(socket);
  socket.on('connect', () => {
    started = performance.now();
    slow.opened += 1;
    slow.open += 1;
    slow.peakOpen = Math.max(slow.peakOpen, slow.open);
    if (trickle) timer = setInterval(() => socket.write(head[sent++ % head.length]), TRICKLE_MS);
  });
  // A 408 or the like on the way out: counted, not an error.
  socket.once('data', () => {
    slow.answered += 1;
  });
  socket.on('error', () => {});
  socket.on('close', () => {
    clearInterval(timer);
    slowSockets.delete(socket);
    if (started !== null) slow.open -= 1;
    if (!slowRunning) return;
    // Closed by the server while the run goes on: its timeouts at work. Reconnect, so that
    // as many stay held as asked for.
    if (started !== null) {
      slow.cut += 1;
      slow.lifetimes.push(performance.now() - started);
    } else {
      slow.refused += 1;
    }
    setTimeout(() => openSlow(index), 100);
  });
}

// --- Run ---------------------------------------------------------------------------------------
/** Every worker asks for its kind until the time or the request budget runs out. */
const drive = (seconds) => {
  stopAt = performance.now() + seconds * 1000;
  return Promise.all(
    Object.entries(WORKERS).flatMap(([kind, count]) =>
      Array.from({ length: count }, async () => {
        while (running()) await work[kind]();
      }),
    ),
  );
};

// The same mix for a while first, so the memory read before the load is the server's at work
// (renderings made, buffers grown, the allocator's free pages returned) rather than just after
// the warm-up's renderings; its figures are left out of the report but its errors are not.
await drive(warmupSecs);
const warmup = { requests: total, errors: 0, cold: coldServed };
for (const kind of Object.values(kinds)) {
  warmup.errors += kind.errors;
  kind.times = [];
  kind.errors = 0;
}
total = 0;
coldServed = 0;
await sleep(settleSecs * 1000);
const before = readStatus();
const serverCpuBefore = serverCpuSecs();
const clientCpuBefore = process.cpuUsage();
let peakDuringLoad = before.rss;
const sampler = setInterval(() => {
  peakDuringLoad = Math.max(peakDuringLoad, readStatus().rss);
}, 500);

for (let i = 0; i < slowCount; i += 1) openSlow(i);
// Let the slow connections connect before the load is timed.
await sleep(1000);
const started = performance.now();
await drive(duration);
const elapsed = (performance.now() - started) / 1000;
const serverCpu = serverCpuSecs() - serverCpuBefore;
const clientCpu = process.cpuUsage(clientCpuBefore);
slowRunning = false;
for (const socket of slowSockets) socket.destroy();
agent.destroy();
clearInterval(sampler);
await sleep(settleSecs * 1000);
const after = readStatus();

// --- Report ------------------------------------------------------------------------------------
const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
const pad = (text, width) => String(text).padStart(width);
let errors = 0;
console.log(
  `soak: ${elapsed.toFixed(1)} s, ${Object.values(WORKERS).reduce((a, b) => a + b)} connections ` +
    `(${Object.entries(WORKERS)
      .map(([kind, count]) => `${count} ${kind}`)
      .join(
        ', ',
      )}), ${slowCount} slow connections; ${pages.length} pages, ${hits.length} image hits`,
);
console.log(
  `${'kind'.padEnd(28)}${pad('requests', 10)}${pad('errors', 8)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('max ms', 9)}`,
);
for (const kind of Object.values(kinds)) {
  const sorted = kind.times.filter(Number.isFinite).sort((a, b) => a - b);
  errors += kind.errors;
  console.log(
    `${kind.label.padEnd(28)}${pad(kind.times.length, 10)}${pad(kind.errors, 8)}` +
      `${pad(percentile(sorted, 50).toFixed(2), 9)}${pad(percentile(sorted, 99).toFixed(2), 9)}${pad((sorted.at(-1) ?? NaN).toFixed(1), 9)}`,
  );
}
console.log(`all: ${total} requests, ${(total / elapsed).toFixed(0)}/s, ${errors} errors`);
console.log(
  `warm-up before it: ${warmupSecs} s of the same mix, ${warmup.requests} requests, ${warmup.errors} errors, ${warmup.cold} cold renderings`,
);
errors += warmup.errors;
console.log(
  `CPU during the load: server ${(serverCpu / elapsed).toFixed(2)} cores, this load generator ` +
    `${((clientCpu.user + clientCpu.system) / 1e6 / elapsed).toFixed(2)} cores (of ${os.availableParallelism()})`,
);
const ranOut =
  coldRanOutAt === null
    ? 'not used up'
    : `used up after ${((coldRanOutAt - started) / 1000).toFixed(1)} s, then hits`;
console.log(
  `cold misses: ${coldServed} fresh renderings (X-Nextjs-Cache: MISS) of ${coldTotal} combinations ` +
    `(${sources.length} sources x ${widths.length} widths x ${qualities.length} quality x 2 formats, less the ${hits.length} the pages use; ${ranOut}); ` +
    `pages' srcset widths: ${[...srcsetWidths].sort((a, b) => a - b).join(' ')}`,
);
const lifetimes = slow.lifetimes.sort((a, b) => a - b);
console.log(
  `slow connections: ${slow.peakOpen} held at once at most, ${slow.opened} opened in all, ${slow.cut} cut by the server ` +
    `after ${(percentile(lifetimes, 50) / 1000).toFixed(1)} s (median; min ${((lifetimes[0] ?? NaN) / 1000).toFixed(1)} s), ` +
    `${slow.answered} got bytes back before the cut, ${slow.refused} connects failed`,
);
console.log(
  `server RSS: before ${mib(before.rss)} MiB (after warm-up), peak during load ${mib(peakDuringLoad)} MiB (sampled every 0.5 s), ` +
    `after ${mib(after.rss)} MiB (${settleSecs} s after the load); VmHWM ${mib(after.hwm)} MiB`,
);
const leaked = after.rss > before.rss * 1.1;
console.log(`leak: ${leaked ? 'yes' : 'no'} (after/before ${(after.rss / before.rss).toFixed(2)})`);
for (const failure of failures) console.log(`failed: ${failure}`);
process.exit(errors > 0 ? 1 : 0);
