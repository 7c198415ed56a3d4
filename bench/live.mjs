// The live stream benchmark's load (see bench/live.sh), in ROUNDS rounds: the home page alone;
// CLIENTS server-sent-event clients on the mall's stream, then the same page load beside them;
// the streams closed and the engine left to stop. One pair of phases swings by 8 % on this
// shared machine, so the verdict is the median of the rounds' ratios.
import http from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import {
  cores as coresBy,
  median,
  ownCores,
  pageLoad as pagesOf,
  serverCpu as cpuOf,
  sleep,
  statusMib,
} from './measure.mjs';

// In the worker thread these are unused: it gets its origin through workerData.
const origin = isMainThread ? new URL(process.argv[2]) : null;
const serverPid = Number(process.argv[3]);
const duration = Number(process.env.DURATION ?? 20);
const clients = Number(process.env.CLIENTS ?? 1000);
const rounds = Number(process.env.ROUNDS ?? 3);
/** The server's IDLE_S (http/positions/hub.rs) and a few seconds more. */
const ENGINE_IDLE_S = 65;

const rssMib = () => statusMib(serverPid);
const serverCpu = () => cpuOf(serverPid);
/** Cores used between two serverCpu() readings, the engine's threads apart from the rest. */
const cores = (before, after, seconds) => coresBy(before, after, seconds, { engine: 'positions-' });
const pageLoad = (seconds) => pagesOf(origin, seconds);

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
