// Global setup: starts the real release server on a free port, serving the real web build,
// with deployment values the tests know; stops it with SIGTERM afterwards.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The server binary under test: SERVER_BIN, which scripts/test sets to the build it tests
 * (target/suite/site), or the release build. Not a SITE_ variable: the server refuses those it
 * does not know, and scripts/dev hands its environment on.
 */
export const serverBinary = process.env.SERVER_BIN ?? join(root, 'target/release/site');

/** Deployment values the specs check against what the pages show. */
export const testConfig = {
  SITE_LINKS__CONSOLE: 'https://console.e2e.example.com/login?from=site&lang=zh',
  SITE_LINKS__SDK_ANDROID: 'https://docs.e2e.example.com/android/',
  SITE_QR__OFFICIAL_ACCOUNT: 'https://mp.weixin.qq.com/e2e-official-account',
  SITE_QR__ENTERPRISE_WECHAT: 'https://work.weixin.qq.com/ca/e2e-enterprise',
  SITE_DOMAINS__CHINA: 'indora.cn',
};

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
  }
}

export interface RunningSite {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts the release server over the real build on a free port, with its own data directory,
 * the test deployment values, and `extraEnv` (e.g. SITE_CONFIG for a config file).
 */
export async function startSite(extraEnv: Record<string, string> = {}): Promise<RunningSite> {
  const binary = serverBinary;
  for (const needed of [binary, join(root, 'dist/manifest.json')]) {
    if (!existsSync(needed)) {
      throw new Error(`${needed} is missing: run scripts/build first (scripts/test does)`);
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'site-e2e-'));
  const server: ChildProcess = spawn(binary, [], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      SITE_LISTEN: '127.0.0.1:0',
      SITE_DIST_DIR: join(root, 'dist'),
      SITE_DATA_DIR: dataDir,
      SITE_LOG__FORMAT: 'json',
      // The quick compression made at load: compressing every body again at best would take
      // half a minute of a core from each server the specs start, and no spec reads its bytes.
      SITE_COMPRESS_AT_BEST: 'false',
      // Device plans and picture renders at the pages' priority: in Linux's idle class they waited
      // for a core the Rust tests and the other browser run never left free (scripts/test runs
      // two), and the planning spec's plans timed out at 60 s where they take seconds.
      SITE_BACKGROUND_BELOW_PAGES: 'false',
      ...testConfig,
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start within 60 s')), 60_000);
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    createInterface({ input: server.stderr! }).on('line', (line) => {
      let entry: { fields?: { message?: string; address?: string } };
      try {
        entry = JSON.parse(line);
      } catch {
        process.stderr.write(`${line}\n`);
        return;
      }
      if (entry.fields?.message === 'listening' && entry.fields.address) {
        clearTimeout(timer);
        resolve(entry.fields.address);
      }
    });
  });
  return {
    baseUrl: `http://${address}`,
    port: Number(address.split(':').pop()),
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let site: RunningSite | undefined;

export default async function setup(project: TestProject) {
  site = await startSite();
  project.provide('baseUrl', site.baseUrl);
  project.provide('port', site.port);
  // With a default export, Vitest runs what setup returns as the teardown.
  return async () => {
    await site?.stop();
  };
}
