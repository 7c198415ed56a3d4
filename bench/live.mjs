// The live stream benchmark's load (see bench/live.sh): phase 1, the home page alone; phase 2,
// CLIENTS server-sent-event clients on the mall's stream, then the same page load beside them.
import fs from 'node:fs';
import http from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

// In the worker thread these are unused: it gets its origin through workerData.
const origin = isMainThread ? new URL(process.argv[2]) : null;
const serverPid = Number(process.argv[3]);
const duration = Number(process.env.DURATION ?? 20);
const clients = Number(process.env.CLIENTS ?? 1000);
const PAGE_CONNECTIONS = 64;
const pageHeaders = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36',
  'accept-encoding': 'br, gzip',
};

const rssMib = () => {
  const status = fs.readFileSync(`/proc/${serverPid}/status`, 'utf8');
  return Number(status.match(/^VmRSS:\s+(\d+)/m)[1]) / 1024;
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** PAGE_CONNECTIONS keep-alive loops on /next/ for `seconds`. */
async function pageLoad(seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: PAGE_CONNECTIONS });
  const times = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const one = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.get(
        { host: origin.hostname, port: origin.port, path: '/next/', agent, headers: pageHeaders },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            if (res.statusCode === 200) times.push(performance.now() - started);
            else errors += 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: PAGE_CONNECTIONS }, async () => {
      while (performance.now() < end) await one();
    }),
  );
  agent.destroy();
  times.sort((a, b) => a - b);
  return {
    perSecond: times.length / seconds,
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    errors,
  };
}

/**
 * Opens `count` stream clients in a worker thread (its own event loop, so reading the streams
 * does not slow the page load's loop); `counts()` asks it for events received and drops.
 */
function openStreams(count) {
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { origin: origin.href, count, allLevels: process.env.ALL_LEVELS === '1' },
  });
  let resolveCounts;
  worker.on('message', (message) => resolveCounts?.(message));
  return {
    counts: () =>
      new Promise((resolve) => {
        resolveCounts = resolve;
        worker.postMessage('counts');
      }),
    close: () => worker.terminate(),
  };
}

/** The worker's side: the clients, counting `event: positions` lines as they arrive. */
function runStreams({ origin: href, count, allLevels }) {
  const levels = ['B2', 'B1', 'L1', 'L2', 'L3', 'L4', 'L5'];
  const target = new URL(href);
  const marker = Buffer.from('event: positions');
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const streams = Array.from({ length: count }, () => ({ events: 0, dropped: false }));
  for (const [index, stream] of streams.entries()) {
    // As the viewer asks: one level each, spread over the mall's levels (ALL_LEVELS=1: every
    // level in every event, seven times the bytes).
    const level = levels[index % levels.length];
    const path = allLevels
      ? '/api/venues/demo-mall/live'
      : `/api/venues/demo-mall/live?level=${level}`;
    const req = http.get(
      {
        host: target.hostname,
        port: target.port,
        path,
        agent,
        headers: { accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) stream.dropped = true;
        res.on('data', (chunk) => {
          for (let at = chunk.indexOf(marker); at >= 0; at = chunk.indexOf(marker, at + 1)) {
            stream.events += 1;
          }
        });
        res.on('end', () => (stream.dropped = true));
      },
    );
    req.on('error', () => (stream.dropped = true));
  }
  parentPort.on('message', () =>
    parentPort.postMessage({
      events: streams.reduce((sum, s) => sum + s.events, 0),
      waiting: streams.filter((s) => s.events === 0 && !s.dropped).length,
      dropped: streams.filter((s) => s.dropped).length,
    }),
  );
}

const show = (label, r) =>
  console.log(
    `${label}: ${r.perSecond.toFixed(0)} pages/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ${r.errors} errors`,
  );

async function main() {
  const rssBefore = rssMib();
  await pageLoad(3); // warm-up
  const alone = await pageLoad(duration);
  show('pages alone', alone);

  const opened = performance.now();
  const streams = openStreams(clients);
  // The engine starts on the first client: wait until every client has had an event.
  while ((await streams.counts()).waiting > 0) {
    if (performance.now() - opened > 120_000) break;
    await sleep(200);
  }
  const firstEvents = (performance.now() - opened) / 1000;
  console.log(`${clients} stream clients all had their first event after ${firstEvents.toFixed(1)} s`);
  await sleep(3000);
  const before = await streams.counts();
  const started = performance.now();
  const beside = await pageLoad(duration);
  const elapsed = (performance.now() - started) / 1000;
  const after = await streams.counts();
  show(`pages beside ${clients} streams`, beside);
  const { dropped } = after;
  console.log(
    `stream: ${((after.events - before.events) / clients / elapsed).toFixed(2)} events per client per second, ${dropped} dropped`,
  );
  console.log(
    `ratio beside/alone: throughput ${(beside.perSecond / alone.perSecond).toFixed(3)}, p99 ${(beside.p99 / alone.p99).toFixed(3)}`,
  );
  console.log(`server RSS: ${rssBefore.toFixed(1)} MiB before, ${rssMib().toFixed(1)} MiB with the streams`);
  await streams.close();
  process.exit(dropped || alone.errors || beside.errors ? 1 : 0);
}

if (!isMainThread) {
  runStreams(workerData);
} else {
  await main();
}
