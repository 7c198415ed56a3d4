// Editing mode (scripts/dev, issue #15): the real dev script over a copy of content/, with the
// real release server. An edit to a page's TOML shows in the open tab without a manual reload;
// a content error shows over the page naming the file and field while the server keeps
// serving the last good page; fixing it (saved by renaming a new file over the old) brings the
// page back.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/browser';
import { serverBinary } from '../helpers/server';

const root = fileURLToPath(new URL('../..', import.meta.url));
const browser = useBrowser();

const PAGE = '/next/map';
const FILE = 'pages/map.toml';
const HEADING = 'heading = "室内地图服务"';
/**
 * How long an edit may take to reach the open tab before the test fails. Not the 2 s target
 * (bench/dev-edit.sh measures that): a bound for an edit that never arrives. In a fresh clone's
 * scripts/test, beside the other browser run and the server's tests, the first edit took 29 s of
 * the 30 s this was before (2026-12-02), where it takes about 2 s on an idle machine.
 */
const editTimeout = 90_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('scripts/dev', () => {
  let dir: string;
  let dev: ChildProcess;
  let output = '';
  let baseUrl: string;
  let original: string;

  const contentFile = () => join(dir, 'content', FILE);
  const edit = (from: string, to: string) => {
    const text = readFileSync(contentFile(), 'utf8');
    expect(text).toContain(from);
    writeFileSync(contentFile(), text.replace(from, to));
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'site-dev-'));
    cpSync(join(root, 'content'), join(dir, 'content'), { recursive: true });
    original = readFileSync(contentFile(), 'utf8');
    const listen = `127.0.0.1:${await freePort()}`;
    baseUrl = `http://${listen}`;
    dev = spawn(
      'node',
      [
        'scripts/dev.mjs',
        ...['--listen', listen, '--content', join(dir, 'content')],
        ...['--dist', join(dir, 'dist'), '--data', join(dir, 'data')],
        ...['--server', serverBinary],
      ],
      { cwd: join(root, 'web'), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    dev.stdout!.on('data', (chunk) => (output += chunk));
    dev.stderr!.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 280_000;
    for (;;) {
      if (dev.exitCode !== null) throw new Error(`scripts/dev stopped:\n${output}`);
      if (Date.now() > deadline) throw new Error(`scripts/dev did not serve:\n${output}`);
      const ready = await fetch(`${baseUrl}/healthz`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 300_000);

  afterAll(async () => {
    if (dev && dev.exitCode === null) {
      const stopped = new Promise((resolve) => dev.once('exit', resolve));
      dev.kill('SIGTERM');
      await stopped;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it(
    'shows an edit in the open tab, and a content error over the last good page',
    async () => {
      const page = await browser().newPage();
      try {
        await page.goto(`${baseUrl}${PAGE}`);
        await expect.poll(() => page.locator('h1').first().textContent()).toContain('室内地图服务');
        // The live-reload client has subscribed once it has heard the build.
        await page.waitForFunction(() => document.documentElement.dataset.liveReloadBuild);

        const started = Date.now();
        edit(HEADING, 'heading = "室内地图服务（已编辑）"');
        await expect
          .poll(() => page.locator('h1').first().textContent(), { timeout: editTimeout })
          .toContain('室内地图服务（已编辑）');
        console.log(`edit -> visible in the open tab: ${Date.now() - started} ms`);
        console.log(
          output
            .split('\n')
            .filter((line) => line.includes('rebuilt in'))
            .join('\n'),
        );

        // A missing field: the overlay names file and field; the server keeps the last good page.
        edit('heading = "室内地图服务（已编辑）"', 'headline = "室内地图服务"');
        const overlay = page.locator('[data-live-reload-problem]');
        await expect.poll(() => overlay.textContent(), { timeout: editTimeout }).toContain(FILE);
        const problem = (await overlay.textContent()) ?? '';
        expect(problem).toContain('heading');
        expect(problem).toContain('这次修改还没有生效');
        expect(await overlay.getAttribute('role')).toBe('alert');
        const served = await fetch(`${baseUrl}${PAGE}`).then((answer) => answer.text());
        expect(served).toContain('室内地图服务（已编辑）');

        // Fixed, saved as atomic-save editors do (a new file renamed over the old one): the page
        // comes back with the fix and without the overlay.
        writeFileSync(
          `${contentFile()}.tmp`,
          original.replace(HEADING, 'heading = "室内地图服务（改正）"'),
        );
        renameSync(`${contentFile()}.tmp`, contentFile());
        await expect
          .poll(() => page.locator('h1').first().textContent(), { timeout: editTimeout })
          .toContain('室内地图服务（改正）');
        expect(await page.locator('[data-live-reload-problem]').count()).toBe(0);
      } finally {
        await page.close();
      }
    },
    4 * editTimeout,
  );
});
