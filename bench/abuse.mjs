// The hostile-client benchmark's load (see bench/abuse.sh), in ROUNDS rounds of two phases of
// DURATION seconds each: pages alone, then pages beside a burst from one address. Three
// clients, each from an address of its own on loopback:
//
// - a visitor loading the home page over 64 keep-alive connections (127.0.0.3),
// - a visitor watching the mall's live stream through both phases (127.0.0.4),
// - in the second phase, an attacker (127.0.0.2) firing RATE requests a second, CONCURRENCY at
//   a time, of tracks of an hour (a random tag and span of the last day: nothing to reuse), flow
//   days (a random venue, past date and level) and hand-over codes padded with 2,300 `+`.
//
// Prints per round the pages' throughput and p99 in both phases with their ratio, the
// attacker's answers by kind and status, the stream's longest silence, each side's CPU and the
// server's memory; last, the medians of the rounds' ratios against the targets. Also the time
// to the first live event of each venue on a cold engine.
import http from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { cores, median, ownCores, pageLoad, serverCpu, sleep, statusMib } from './measure.mjs';

const duration = Number(process.env.DURATION ?? 20);
const rounds = Number(process.env.ROUNDS ?? 3);
const rate = Number(process.env.RATE ?? 200);
const concurrency = Number(process.env.CONCURRENCY ?? 16);
const ADDRESSES = { attacker: '127.0.0.2', pages: '127.0.0.3', watcher: '127.0.0.4' };
/** Groups of the server's threads for the CPU figures. */
const THREADS = { compute: 'compute-', engine: 'positions-' };

/** The path of the mall's (or the hospital's) stream. */
const livePath = (venue) => `/api/venues/${venue}/live`;

/** Milliseconds from asking for `venue`'s stream until its first event; the stream closed. */
function firstEvent(origin, venue) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(
      {
        host: origin.hostname,
        port: origin.port,
        path: livePath(venue),
        localAddress: ADDRESSES.watcher,
      },
      (res) => {
        res.on('data', (chunk) => {
          if (chunk.includes('event: positions')) {
            resolve(performance.now() - started);
            req.destroy();
          }
        });
      },
    );
    req.on('error', (error) => reject(error));
  });
}

/** A worker running `role` ("watcher" or "attacker"); `ask()` posts a message and awaits a reply. */
function start(origin, role, extra = {}) {
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { origin: origin.href, role, ...extra },
  });
  let answer;
  worker.on('message', (message) => answer?.(message));
  worker.on('error', (error) => {
    console.error(`${role} failed: ${error}`);
    process.exit(2);
  });
  return {
    ask: (message) =>
      new Promise((resolve) => {
        answer = resolve;
        worker.postMessage(message);
      }),
    close: () => worker.terminate(),
  };
}

/** The watcher: one stream of the mall; reports the longest silence since it was last asked. */
function watch({ origin: href }) {
  const origin = new URL(href);
  let last = performance.now();
  let longest = 0;
  let chunks = 0;
  let ended = 0;
  const open = () => {
    const req = http.get(
      {
        host: origin.hostname,
        port: origin.port,
        path: livePath('demo-mall'),
        localAddress: ADDRESSES.watcher,
      },
      (res) => {
        res.on('data', () => {
          const now = performance.now();
          longest = Math.max(longest, now - last);
          last = now;
          chunks += 1;
        });
        res.on('end', () => {
          // The stream's lifetime is half an hour; a browser reconnects.
          ended += 1;
          setTimeout(open, 1000);
        });
      },
    );
    req.on('error', () => {
      ended += 1;
      setTimeout(open, 1000);
    });
  };
  open();
  parentPort.on('message', () => {
    const now = performance.now();
    parentPort.postMessage({
      longestMs: Math.max(longest, now - last),
      chunks,
      ended,
    });
    longest = 0;
    chunks = 0;
  });
}

/** The attacker: RATE requests a second, CONCURRENCY in flight, until told to stop. */
function attack({ origin: href, kinds }) {
  const origin = new URL(href);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const counts = {};
  let running = false;
  const now = () => Math.floor(Date.now() / 1000);
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const paths = {
    tracks: () => {
      const venue = pick(['demo-mall', 'demo-hospital']);
      const tag = `${pick(['BLE', 'AOA', 'UWB'])}-${String(1 + Math.floor(Math.random() * 5)).padStart(2, '0')}`;
      const to = now() - 10 - Math.floor(Math.random() * 80_000);
      return `/api/venues/${venue}/tracks/${tag}?from=${to - 3599}&to=${to}`;
    },
    flow: () => {
      const venue = pick(['demo-mall', 'demo-hospital']);
      const day = new Date(
        Date.now() + 8 * 3_600_000 - (1 + Math.floor(Math.random() * 7)) * 86_400_000,
      );
      const level = venue === 'demo-mall' ? pick(['B1', 'L1', 'L2', 'L3']) : pick(['L1', 'L2']);
      return `/api/venues/${venue}/flow?date=${day.toISOString().slice(0, 10)}&level=${level}`;
    },
    handover: () =>
      `/api/venues/demo-mall/handover.svg?from=${kinds.place}${'+'.repeat(2300)}&to=${kinds.to}`,
  };
  const one = (kind) =>
    new Promise((resolve) => {
      const req = http.get(
        {
          host: origin.hostname,
          port: origin.port,
          path: paths[kind](),
          agent,
          localAddress: ADDRESSES.attacker,
          headers: { 'accept-encoding': 'br, gzip' },
        },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            const key = `${kind} ${res.statusCode}`;
            counts[key] = (counts[key] ?? 0) + 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        counts[`${kind} error`] = (counts[`${kind} error`] ?? 0) + 1;
        resolve();
      });
    });
  let inFlight = 0;
  const tick = () => {
    if (!running) return;
    // A tenth of a second's worth at a time, while fewer than CONCURRENCY are in flight.
    for (let n = 0; n < Math.max(1, rate / 10) && inFlight < concurrency; n += 1) {
      inFlight += 1;
      one(pick(['tracks', 'flow', 'handover'])).then(() => (inFlight -= 1));
    }
    setTimeout(tick, 100);
  };
  parentPort.on('message', (message) => {
    if (message === 'start') {
      for (const key of Object.keys(counts)) delete counts[key];
      running = true;
      tick();
      parentPort.postMessage('started');
    } else {
      running = false;
      parentPort.postMessage({ ...counts });
    }
  });
}

const show = (label, r) =>
  console.log(
    `  ${label}: ${r.perSecond.toFixed(0)} pages/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ${r.errors} errors; CPU ${r.cpu}`,
  );

async function main() {
  const origin = new URL(process.argv[2]);
  const serverPid = Number(process.argv[3]);
  const [place, to] = [process.argv[4], process.argv[5]];
  const rssBefore = statusMib(serverPid);
  for (const venue of ['demo-hospital', 'demo-mall']) {
    const ms = await firstEvent(origin, venue);
    console.log(`first live event of ${venue} on a cold engine: ${ms.toFixed(0)} ms`);
  }
  const watcher = start(origin, 'watcher');
  const attacker = start(origin, 'attacker', { kinds: { place, to } });
  await sleep(2000);
  await pageLoad(origin, 3, { localAddress: ADDRESSES.pages }); // warm-up
  const ratios = [];
  let rssPeak = 0;
  let longestGap = 0;
  let failed = false;
  const phase = async (label, during) => {
    await watcher.ask('reset');
    const [server, own] = [serverCpu(serverPid), process.cpuUsage()];
    const sampling = setInterval(() => (rssPeak = Math.max(rssPeak, statusMib(serverPid))), 250);
    const [result] = await Promise.all([
      pageLoad(origin, duration, { localAddress: ADDRESSES.pages }),
      during?.(),
    ]);
    clearInterval(sampling);
    result.cpu = `${cores(server, serverCpu(serverPid), duration, THREADS)}, ${ownCores(own, duration)}`;
    show(label, result);
    const stream = await watcher.ask('report');
    console.log(
      `  the stream meanwhile: ${stream.chunks} chunks, longest silence ${(stream.longestMs / 1000).toFixed(2)} s, ${stream.ended} ended`,
    );
    longestGap = Math.max(longestGap, stream.longestMs);
    failed ||= result.errors > 0 || stream.ended > 0;
    return result;
  };
  for (let round = 1; round <= rounds; round += 1) {
    console.log(`round ${round} of ${rounds}`);
    const quiet = await phase('pages, no burst');
    await attacker.ask('start');
    const burst = await phase(`pages beside the burst (${rate}/s, ${concurrency} at once)`);
    const answers = await attacker.ask('stop');
    console.log(
      `  the burst's answers: ${Object.entries(answers)
        .sort()
        .map(([key, count]) => `${key}: ${count}`)
        .join(', ')}`,
    );
    failed ||= Object.keys(answers).some(
      (key) => / (5\d\d|error)$/.test(key) && !/ 503$/.test(key),
    );
    ratios.push({ throughput: burst.perSecond / quiet.perSecond, p99: burst.p99 / quiet.p99 });
    console.log(
      `  ratio burst/quiet: throughput ${ratios.at(-1).throughput.toFixed(3)}, p99 ${ratios.at(-1).p99.toFixed(3)}`,
    );
    // What the attacker made the server compute is still finishing: let it, before the next
    // quiet phase.
    await sleep(5000);
  }
  const throughput = median(ratios.map((r) => r.throughput));
  const p99 = median(ratios.map((r) => r.p99));
  const peak = Math.max(rssPeak, statusMib(serverPid, 'VmHWM'));
  console.log(
    `median ratio burst/quiet over ${rounds} rounds: throughput ${throughput.toFixed(3)}, p99 ${p99.toFixed(3)} (target: within 10 %)`,
  );
  console.log(
    `the stream's longest silence: ${(longestGap / 1000).toFixed(2)} s (target: under 2 s)`,
  );
  console.log(
    `server RSS: ${rssBefore.toFixed(1)} MiB before, peak ${peak.toFixed(1)} MiB (target: under 100 MB)`,
  );
  await watcher.close();
  await attacker.close();
  process.exit(failed ? 1 : 0);
}

if (isMainThread) {
  await main();
} else if (workerData.role === 'watcher') {
  watch(workerData);
} else {
  attack(workerData);
}
