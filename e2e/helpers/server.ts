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

let server: ChildProcess | undefined;
let dataDir: string | undefined;

export default async function setup(project: TestProject) {
  const binary = join(root, 'target/release/site');
  for (const needed of [binary, join(root, 'dist/manifest.json')]) {
    if (!existsSync(needed)) {
      throw new Error(`${needed} is missing: run scripts/build first (scripts/test does)`);
    }
  }
  dataDir = mkdtempSync(join(tmpdir(), 'site-e2e-'));
  server = spawn(binary, [], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      SITE_LISTEN: '127.0.0.1:0',
      SITE_DIST_DIR: join(root, 'dist'),
      SITE_DATA_DIR: dataDir,
      SITE_LOG__FORMAT: 'json',
      ...testConfig,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start within 60 s')), 60_000);
    server?.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    createInterface({ input: server!.stderr! }).on('line', (line) => {
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
  const port = Number(address.split(':').pop());
  project.provide('baseUrl', `http://${address}`);
  project.provide('port', port);
  // With a default export, Vitest runs what setup returns as the teardown.
  return teardown;
}

async function teardown() {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
