// The live stream benchmark's load (see bench/live.sh), in ROUNDS rounds: the home page alone;
// CLIENTS server-sent-event clients on the mall's stream, then the same page load beside them;
// the streams closed and the engine left to stop. One pair of phases swings by 8 % on this
// shared machine, so the verdict is the median of the rounds' ratios.
import fs from 'node:fs';
import http from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

// In the worker thread these are unused: it gets its origin through workerData.
const origin = isMainThread ? new URL(process.argv[2]) : null;
const serverPid = Number(process.argv[3]);
const duration = Number(process.env.DURATION ?? 20);
const clients = Number(process.env.CLIENTS ?? 1000);
const rounds = Number(process.env.ROUNDS ?? 3);
/** The server's IDLE_S (http/positions/hub.rs) and a few seconds more. */
const ENGINE_IDLE_S = 65;
const PAGE_CONNECTIONS = 64;
const pageHeaders = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36',
  'accept-encoding': 'br, gzip',
};

const rssMib = () => {
  const status = fs.readFileSync(`/proc/${serverPid}/status`, 'utf8');
  return Number(status.match(/^VmRSS:\s+(\d+)/m)[1]) / 1024;
};
/** CPU seconds the server has used so far, by thread name ("positions-demo-mall", "tokio-runtime-w"...). */
const serverCpu = () => {
  const byThread = {};
  for (const task of fs.readdirSync(`/proc/${serverPid}/task`)) {
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${serverPid}/task/${task}/stat`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, the 14th and 15th fields of stat, in clock ticks of 1/100 s.
    byThread[name] = (byThread[name] ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100;
  }
  return byThread;
};
/** Cores used between two serverCpu() readings, the engine's threads apart from the rest. */
const cores = (before, after, seconds) => {
  let engine = 0;
  let rest = 0;
  for (const [name, used] of Object.entries(after)) {
    const share = (used - (before[name] ?? 0)) / seconds;
    if (name.startsWith('positions-')) engine += share;
    else rest += share;
  }
  return `server ${rest.toFixed(2)} cores + engine ${engine.toFixed(2)}`;
};
/** Cores this load generator used (every thread, the stream worker's too) since `since`. */
const ownCores = (since, seconds) => {
  const used = process.cpuUsage(since);
  return `load generator ${((used.user + used.system) / 1e6 / seconds).toFixed(2)}`;
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
    `${label}: ${r.perSecond.toFixed(0)} pages/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ${r.errors} errors; CPU ${r.cpu}`,
  );

/** pageLoad with the cores each side used meanwhile. */
async function measuredPageLoad(seconds) {
  const [server, own] = [serverCpu(), process.cpuUsage()];
  const result = await pageLoad(seconds);
  result.cpu = `${cores(server, serverCpu(), seconds)}, ${ownCores(own, seconds)}`;
  return result;
}

/** Opens the streams and waits until every client has had an event; returns them. */
async function openedStreams() {
  const opened = performance.now();
  const streams = openStreams(clients);
  // The engine starts on the first client: wait until every client has had an event.
  while ((await streams.counts()).waiting > 0) {
    if (performance.now() - opened > 120_000) break;
    await sleep(200);
  }
  const firstEvents = (performance.now() - opened) / 1000;
  console.log(
    `  ${clients} stream clients all had their first event after ${firstEvents.toFixed(1)} s`,
  );
  const [quietServer, quietOwn] = [serverCpu(), process.cpuUsage()];
  await sleep(5000);
  console.log(
    `  the streams without page load: CPU ${cores(quietServer, serverCpu(), 5)}, ${ownCores(quietOwn, 5)}`,
  );
  return streams;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function main() {
  const rssBefore = rssMib();
  let rssWith = 0;
  await pageLoad(3); // warm-up
  const ratios = [];
  let failed = false;
  for (let round = 1; round <= rounds; round += 1) {
    console.log(`round ${round} of ${rounds}`);
    const alone = await measuredPageLoad(duration);
    show('  pages alone', alone);
    const streams = await openedStreams();
    const before = await streams.counts();
    const started = performance.now();
    const beside = await measuredPageLoad(duration);
    const elapsed = (performance.now() - started) / 1000;
    const after = await streams.counts();
    show(`  pages beside ${clients} streams`, beside);
    console.log(
      `  stream: ${((after.events - before.events) / clients / elapsed).toFixed(2)} events per client per second, ${after.dropped} dropped`,
    );
    ratios.push({ throughput: beside.perSecond / alone.perSecond, p99: beside.p99 / alone.p99 });
    console.log(
      `  ratio beside/alone: throughput ${ratios.at(-1).throughput.toFixed(3)}, p99 ${ratios.at(-1).p99.toFixed(3)}`,
    );
    rssWith = Math.max(rssWith, rssMib());
    failed ||= after.dropped > 0 || alone.errors > 0 || beside.errors > 0;
    await streams.close();
    if (round < rounds) {
      // A run without the stream is one without the engine: it stops a minute after its last
      // client leaves.
      console.log(`  waiting ${ENGINE_IDLE_S} s for the engine to stop`);
      await sleep(ENGINE_IDLE_S * 1000);
    }
  }
  console.log(
    `median ratio beside/alone over ${rounds} rounds: throughput ${median(ratios.map((r) => r.throughput)).toFixed(3)}, p99 ${median(ratios.map((r) => r.p99)).toFixed(3)}`,
  );
  console.log(
    `server RSS: ${rssBefore.toFixed(1)} MiB before, at most ${rssWith.toFixed(1)} MiB with the streams`,
  );
  process.exit(failed ? 1 : 0);
}

if (!isMainThread) {
  runStreams(workerData);
} else {
  await main();
}
