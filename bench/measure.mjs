// What the benchmarks that load the server from Node measure alike: the server's resident
// memory and CPU by thread, the cores this load generator used, and a keep-alive page load
// with its throughput and latency quantiles (bench/live.mjs, bench/abuse.mjs).
import fs from 'node:fs';
import http from 'node:http';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const quantile = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** A line of `/proc/<pid>/status` in MiB: VmRSS (now) or VmHWM (the peak so far). */
export const statusMib = (pid, field = 'VmRSS') => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(new RegExp(`^${field}:\\s+(\\d+)`, 'm'))[1]) / 1024;
};

/** CPU seconds the server has used so far, by thread name ("positions-demo-mall", "compute-0"...). */
export const serverCpu = (pid) => {
  const byThread = {};
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
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

/**
 * Cores used between two serverCpu() readings, per group of threads: `groups` maps a label to
 * the prefix of its threads' names; threads of no group are "server".
 */
export const cores = (before, after, seconds, groups) => {
  const used = { server: 0 };
  for (const label of Object.keys(groups)) used[label] = 0;
  for (const [name, total] of Object.entries(after)) {
    const share = (total - (before[name] ?? 0)) / seconds;
    const label = Object.keys(groups).find((key) => name.startsWith(groups[key])) ?? 'server';
    used[label] += share;
  }
  return Object.entries(used)
    .map(([label, share]) => `${label} ${share.toFixed(2)}`)
    .join(' + ');
};

/** Cores this load generator used (every thread) since `since`. */
export const ownCores = (since, seconds) => {
  const used = process.cpuUsage(since);
  return `load generator ${((used.user + used.system) / 1e6 / seconds).toFixed(2)}`;
};

const pageHeaders = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36',
  'accept-encoding': 'br, gzip',
};

/**
 * `connections` keep-alive loops on /next/ of `origin` for `seconds`, from `localAddress` when
 * given: pages per second, p50 and p99 in ms, errors.
 */
export async function pageLoad(origin, seconds, { connections = 64, localAddress } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const times = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const one = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.get(
        {
          host: origin.hostname,
          port: origin.port,
          path: '/next/',
          agent,
          headers: pageHeaders,
          localAddress,
        },
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
    Array.from({ length: connections }, async () => {
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
