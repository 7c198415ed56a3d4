// Lighthouse's mobile audit of one address on several servers, interleaved round by round
// (bench/demo-ab.sh, issue #34). Its performance score moves by several points between runs of
// the same page on this shared machine, so a change is judged by how many of N interleaved runs
// score 100 and by the median Total Blocking Time, beside its baseline.
//   node bench/lighthouse-ab.mjs <rounds> <address> <origin> <origin> ...
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './measure.mjs';

const [rounds, address, ...origins] = process.argv.slice(2);
if (!Number(rounds) || !address?.startsWith('/') || origins.length < 2) {
  throw new Error('usage: node bench/lighthouse-ab.mjs <rounds> <address> <origin> <origin> ...');
}
const audit = new URL('../../shared/tools/page-audit/run', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'lighthouse-ab-'));

// A run Lighthouse could not finish (it happens on this machine, about one in twenty) is counted
// as failed, not scored: the others still compare.
function mobileAudit(url) {
  const file = join(scratch, 'audit.json');
  rmSync(file, { force: true });
  try {
    execFileSync(audit, ['--preset', 'mobile', '--no-axe', '--json', file, url], {
      stdio: 'ignore',
    });
  } catch {
    return null;
  }
  const { mobile } = JSON.parse(readFileSync(file, 'utf8')).results[0].lighthouse;
  const score = mobile.scores.performance;
  return score === null ? null : { score, tbt: mobile.metrics.tbtMs };
}

const runs = new Map(origins.map((origin) => [origin, []]));
try {
  for (let round = 0; round < Number(rounds); round += 1) {
    for (const origin of origins) runs.get(origin).push(mobileAudit(`${origin}${address}`));
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

for (const [origin, all] of runs) {
  const list = all.filter((run) => run !== null);
  const failed = all.length - list.length;
  const hundreds = list.filter((run) => run.score === 100).length;
  console.log(origin);
  console.log(
    `  Lighthouse mobile, ${address}: 100 in ${hundreds} of ${list.length} runs ` +
      `(scores ${list.map((run) => run.score).join(', ')}), ` +
      `Total Blocking Time median ${Math.round(median(list.map((run) => run.tbt)))} ms` +
      (failed ? `; ${failed} run(s) Lighthouse could not finish` : ''),
  );
}
