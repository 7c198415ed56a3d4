// Asks the venue check whether content/venues/ is valid (docs/venue-contract.md section 5). The
// check is the engine's own (server/venues/src/check/, the `check-venue` command): one validator
// decides for the build, the generator and uploaded buildings, so this side only reads its
// answer into the problem list, each problem naming the file, the feature, the field and the rule.
// When the venues pass, the same command builds their viewer files (`--viewer-files`, contract
// sections 3.2 and 3.3): one builder for the build and for uploaded buildings, the engine's; in
// Chinese, and in English with the English edition's categories (`--edition`, issue #35).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Problems } from '../../checks/problems';
import type { LevelData, VenueSummary } from './viewer-files';
import { englishDir } from '../twins';
import { languageTags } from '../language';

/** The IMDF tag of the English labels, as the server keys its files. */
const englishTag = languageTags.en.hreflang;

/** One problem as `check-venue --json` writes it. */
interface VenueProblem {
  file: string;
  /** `要素 <id> <field>`, the field alone, or empty. */
  place: string;
  /** The message with the rule it breaks and the contract section. */
  explained: string;
}

/**
 * The command that runs the check: the binary the scripts built (CHECK_VENUE_BIN), else cargo
 * builds it if needed and runs it (from web/, inside the workspace).
 */
function checkCommand(): { command: string; args: string[] } {
  const built = process.env.CHECK_VENUE_BIN;
  if (built) return { command: built, args: [] };
  return {
    command: 'cargo',
    args: ['run', '--quiet', '--release', '--locked', '-p', 'site-venues', '--bin', 'check-venue'],
  };
}

/** One venue's viewer files as `check-venue --viewer-files` writes them (`<id>.json`). */
export interface ViewerData {
  summary: VenueSummary;
  /** From the lowest level up. */
  levels: LevelData[];
  /**
   * The same in English: the names' English labels (Chinese where a feature has none) and the
   * English categories' labels. The Chinese ones where content/ has no English categories (a
   * test's venues; the twins check stops a real build without them).
   */
  english: { summary: VenueSummary; levels: LevelData[] };
}

/**
 * Checks the venues directory `root` and, when it passes, builds each venue's viewer files:
 * venue id -> its files. Undefined when it has any problem (all of them reported).
 */
export function checkVenues(root: string, problems: Problems): Map<string, ViewerData> | undefined {
  const inputs = checkInputs(root);
  const texts =
    inputs !== undefined && lastPass?.inputs === inputs ? lastPass.texts : runCheck(root, problems);
  lastPass = inputs !== undefined && texts ? { inputs, texts } : undefined;
  return texts && viewerData(texts);
}

/** A venue's viewer files as the check wrote them, in Chinese and (when asked) in English. */
interface ViewerTexts {
  chinese: string;
  english: string | undefined;
}

/**
 * The last passing answer (each venue's viewer files as text, read again into new objects for
 * every build), with the fingerprint of all it read. Editing mode (scripts/dev) builds again on
 * every save, and most saves touch no venue: the check took 0.13 s of a rebuild's 1.5 s (a CPU
 * profile of five rebuilds, 2026-12-02).
 */
let lastPass: { inputs: string; texts: Map<string, ViewerTexts> } | undefined;

/**
 * What the check reads, as each file's path, size, inode and times: a save in place changes the
 * times, an atomic save the inode too. The built command is part of it; run through cargo, which
 * may build it again, nothing is kept.
 */
function checkInputs(root: string): string | undefined {
  const { command } = checkCommand();
  if (command === 'cargo') return undefined;
  const files = [command, englishCategories(root)];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk(resolve(root));
  return files
    .map((file) => {
      const stat = statSync(file, { bigint: true, throwIfNoEntry: false });
      return `${file} ${stat ? [stat.size, stat.ino, stat.mtimeNs, stat.ctimeNs].join(' ') : '-'}`;
    })
    .join('\n');
}

/** The English edition's categories, which the check reads for the English viewer files. */
function englishCategories(root: string): string {
  return resolve(root, '..', englishDir, 'venues/categories.toml');
}

/** Runs the check; when it passes, the viewer files it wrote, by venue id. */
function runCheck(root: string, problems: Problems): Map<string, ViewerTexts> | undefined {
  const out = mkdtempSync(join(tmpdir(), 'viewer-files-'));
  try {
    return checkInto(root, out, problems);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function checkInto(
  root: string,
  out: string,
  problems: Problems,
): Map<string, ViewerTexts> | undefined {
  const { command, args } = checkCommand();
  const separator = command === 'cargo' ? ['--'] : [];
  const categories = englishCategories(root);
  const english = existsSync(categories) ? ['--edition', `${englishTag}=${categories}`] : [];
  const result = spawnSync(
    command,
    [
      ...args,
      ...separator,
      '--json',
      '--name-as',
      'content/venues',
      '--viewer-files',
      out,
      ...english,
      resolve(root),
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const failed = (why: string) => {
    problems.add('content/venues', '', `the venue check (${command}) did not run: ${why}`);
    return undefined;
  };
  if (result.error) return failed(result.error.message);
  if (result.status !== 0 && result.status !== 1) {
    return failed(`exit status ${result.status ?? result.signal}: ${result.stderr.trim()}`);
  }
  let list: VenueProblem[];
  try {
    list = JSON.parse(result.stdout) as VenueProblem[];
  } catch {
    return failed(`its answer is not JSON: ${result.stdout.slice(0, 200)}`);
  }
  for (const problem of list) problems.add(problem.file, problem.place, problem.explained);
  if (result.status !== 0 || list.length > 0) return undefined;
  const texts = new Map<string, ViewerTexts>();
  for (const file of readdirSync(out).filter((name) => name.endsWith('.json'))) {
    const inEnglish = join(out, englishTag, file);
    texts.set(file.slice(0, -'.json'.length), {
      chinese: readFileSync(join(out, file), 'utf8'),
      english: existsSync(inEnglish) ? readFileSync(inEnglish, 'utf8') : undefined,
    });
  }
  return texts;
}

/** The viewer files read: venue id -> its files, in Chinese and in English. */
function viewerData(texts: Map<string, ViewerTexts>): Map<string, ViewerData> {
  const read = (text: string) => JSON.parse(text) as Omit<ViewerData, 'english'>;
  const data = new Map<string, ViewerData>();
  for (const [id, { chinese, english }] of texts) {
    const inChinese = read(chinese);
    data.set(id, { ...inChinese, english: english === undefined ? inChinese : read(english) });
  }
  return data;
}
