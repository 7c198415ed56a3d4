// Editing mode, run by scripts/dev: builds the site once, serves it with the production server
// binary in live-reload mode, and on every saved edit rebuilds what the edit touches (content/
// only: the pages; web/: the bundles too), then has the server load the new build (SIGHUP).
// Open pages reload themselves; a build error is shown over the last good page, which the
// server goes on serving.
//   node scripts/dev.mjs [--listen HOST:PORT] [--content DIR] [--dist DIR] [--data DIR] [--server FILE]
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildBundles,
  describeBuildError,
  loadPrerender,
  repoRoot,
  webDir,
} from './build-steps.mjs';
import { watchTree } from './watch-tree.mjs';

const { values: args } = parseArgs({
  options: {
    listen: { type: 'string', default: process.env.SITE_LISTEN ?? '127.0.0.1:8080' },
    content: { type: 'string', default: join(repoRoot, 'content') },
    dist: { type: 'string', default: join(repoRoot, 'dist') },
    data: { type: 'string', default: process.env.SITE_DATA_DIR ?? join(repoRoot, 'data') },
    server: { type: 'string', default: join(repoRoot, 'target/release/site') },
  },
});
const { listen, content: contentDir, dist: distDir } = args;

/** The live-reload client, a browser entry only editing builds have. */
const liveReloadSource = 'src/dev/live-reload.ts';
/** What an edit needs rebuilt, from least to most. */
const rank = { content: 1, bundles: 2 };

const say = (text) => console.log(`\x1b[1mdev:\x1b[0m ${text}`);

let prerender;
async function rebuild(kind) {
  if (kind === 'bundles' || !prerender) {
    await buildBundles({ distDir, extraInputs: { 'live-reload': liveReloadSource } });
    prerender = await loadPrerender({ fresh: true });
  }
  await prerender({ contentDir, distDir, liveReload: { entry: liveReloadSource } });
}

let server;
function startServer() {
  server = spawn(args.server, [], {
    stdio: 'inherit',
    env: {
      ...process.env,
      SITE_LISTEN: listen,
      SITE_DIST_DIR: distDir,
      SITE_DATA_DIR: args.data,
      SITE_LIVE_RELOAD: 'true',
      // Open event streams would otherwise hold Ctrl-C for the whole grace period.
      SITE_SHUTDOWN_GRACE_SECS: '1',
    },
  });
  server.on('exit', (code, signal) => {
    say(`the server stopped (${signal ?? `exit code ${code}`})`);
    process.exit(code ?? 1);
  });
}

/** Until the server answers: a rebuild must not rewrite dist/ while the server first reads it. */
async function untilServing() {
  while (
    !(await fetch(`http://${listen}/healthz`).then(
      (answer) => answer.ok,
      () => false,
    ))
  ) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function tellServer(problem) {
  try {
    await fetch(`http://${listen}/next/_site/live/problem`, { method: 'POST', body: problem });
  } catch (error) {
    say(`cannot reach the server to show the problem: ${error.message}`);
  }
}

let pending = 0;
let running = false;
let changed = new Set();

/** Builds what the pending edits need, again while edits arrive during a build. */
async function drain() {
  if (running) return;
  running = true;
  while (pending > 0) {
    const kind = pending === rank.bundles ? 'bundles' : 'content';
    const files = [...changed].join(', ');
    pending = 0;
    changed = new Set();
    const started = Date.now();
    try {
      await rebuild(kind);
      say(
        `${files}: ${kind === 'bundles' ? 'bundles and pages' : 'pages'} rebuilt in ${Date.now() - started} ms`,
      );
      if (server) server.kill('SIGHUP');
      else {
        startServer();
        await untilServing();
      }
    } catch (error) {
      const message = describeBuildError(error);
      console.error(message);
      say(`${files}: not built; the last good build goes on being served`);
      if (server) await tellServer(message);
    }
  }
  running = false;
}

function schedule(kind, file) {
  // Editors' swap and backup files, and tests, do not change the site.
  if (!file || /(^|\/)(\.#|#)|~$|\.swp$|\.test\.tsx?$/.test(file)) return;
  pending = Math.max(pending, rank[kind]);
  changed.add(file);
  setTimeout(drain, 30);
}

process.on('SIGINT', () => server?.kill('SIGTERM'));
process.on('SIGTERM', () => server?.kill('SIGTERM'));

const watched = [
  [contentDir, 'content'],
  [join(webDir, 'src'), 'bundles'],
  [join(webDir, 'scripts'), 'bundles'],
  [join(webDir, 'public'), 'bundles'],
];
for (const [dir, kind] of watched) {
  watchTree(dir, (file) => schedule(kind, relative(repoRoot, join(dir, file))));
}

say(`building the site from ${relative(process.cwd(), contentDir) || '.'}`);
rmSync(distDir, { recursive: true, force: true });
pending = rank.bundles;
changed.add('first build');
await drain();
if (server)
  say(`serving http://${listen}/next/ — save a file under content/ or web/ and the page follows`);
else
  say(
    'the first build failed: fix the file named above and save; the server starts once it builds',
  );
