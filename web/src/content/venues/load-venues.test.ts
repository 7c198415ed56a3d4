// The build reads content/venues/ only once the venue check (the engine's `check-venue`, run by
// venue-check.ts) has passed it: the tiny valid venue of test-fixtures/venues/valid/ loads, a few
// of the shared broken-venue cases of test-fixtures/venues/broken/ stop the build with the check's
// own problem (naming the file, the feature, the field and the rule, in Chinese), a check that
// cannot run is a problem and not a crash, and the default level's budget over the wire (contract
// 3.3, which only the build can measure) still stops a venue. The words are the real
// content/venues/words.toml, so the fixture never falls behind the keys the server and the viewer
// need.
import { randomUUID } from 'node:crypto';
import { chmodSync, cpSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml, stringify as stringifyToml } from 'smol-toml';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Problems } from '../../checks/problems';
import { repoContentDir } from '../../testing/repo-content-dir';
import { loadVenues } from './load-venues';
import { inScratchDir } from './scratch-files';
import type { LoadedVenues } from './types';

const fixturesDir = join(import.meta.dirname, '../../../../test-fixtures/venues');
const venue = 'tiny-mall';

/** Loads a scratch content/ holding the fixture's venues and the real words.toml. */
function load(mutate: (venues: string) => void = () => {}): {
  problems: string[];
  loaded: LoadedVenues | undefined;
} {
  return inScratchDir('venues-', (dir) => {
    const venues = join(dir, 'venues');
    cpSync(join(fixturesDir, 'valid'), venues, { recursive: true });
    cpSync(join(repoContentDir, 'venues/words.toml'), join(venues, 'words.toml'));
    mutate(venues);
    const problems = new Problems();
    const loaded = loadVenues(dir, problems);
    return { problems: problems.list, loaded };
  });
}

type Json = Record<string, unknown>;

/** A case of test-fixtures/venues/broken/ (its README describes them). */
interface Case {
  name: string;
  edits: {
    file: string;
    where?: Record<string, unknown>;
    set?: Record<string, unknown>;
    delete?: string[];
    text?: string;
    delete_file?: boolean;
  }[];
  expect: { file: string; feature?: string; field?: string; rule: string }[];
}

/** The Chinese name of each rule, as the check writes it after the message (problem.rs). */
const ruleNames: Record<string, string> = {
  files: '场馆文件',
  features: '要素与编号',
  references: '引用',
  settings: 'venue.toml',
  categories: '类别词条',
};

function brokenCase(group: string, name: string): Case {
  const cases = JSON.parse(
    readFileSync(join(fixturesDir, 'broken', `${group}.json`), 'utf8'),
  ) as Case[];
  const found = cases.find((c) => c.name === name);
  if (!found) throw new Error(`no case "${name}" in broken/${group}.json`);
  return found;
}

const at = (value: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Json | undefined)?.[key], value);

/** Writes `value` at a dotted path (numbers index lists), as the cases' `set` does. */
function setAt(root: Json, path: string, value: unknown) {
  const keys = path.split('.');
  const last = keys.pop()!;
  const parent = keys.reduce((node, key) => (node[key] ??= {}) as Json, root);
  parent[last] = value;
}

/** Applies a case's edits to the venues directory `venues`; returns the edited feature's id. */
function applyEdits(venues: string, edits: Case['edits']): string | undefined {
  let edited: string | undefined;
  for (const edit of edits) {
    const path = join(venues, venue, edit.file);
    const toml = edit.file.endsWith('.toml');
    if (edit.delete_file) {
      rmSync(path);
      continue;
    }
    if (edit.text !== undefined) {
      writeFileSync(path, edit.text);
      continue;
    }
    const text = readFileSync(path, 'utf8');
    const data = (toml ? parseToml(text) : JSON.parse(text)) as Json;
    let targets = [data];
    if (edit.where) {
      const features = (data as { features: Json[] }).features.filter((feature) =>
        Object.entries(edit.where!).every(([key, value]) => at(feature, key) === value),
      );
      if (features.length !== 1) throw new Error(`${edit.file}: ${features.length} matches`);
      targets = features;
      edited = features[0]!.id as string;
    }
    for (const target of targets) {
      for (const [key, value] of Object.entries(edit.set ?? {})) setAt(target, key, value);
      for (const key of edit.delete ?? []) {
        const keys = key.split('.');
        const last = keys.pop()!;
        delete (at(target, keys.join('.')) as Json)[last];
      }
    }
    writeFileSync(path, toml ? stringifyToml(data) : JSON.stringify(data));
  }
  return edited;
}

/** The problem line the build reports for a case's expected problem: file, place and rule. */
function expected(problem: Case['expect'][number], edited: string | undefined) {
  const file = problem.file.startsWith('../')
    ? `content/venues/${problem.file.slice(3)}`
    : `content/venues/${venue}/${problem.file}`;
  const feature = problem.feature === 'edited' ? edited : problem.feature;
  const place = [feature && `要素 ${feature}`, problem.field].filter(Boolean).join(' ');
  return {
    start: place ? `${file}: ${place}` : `${file}:`,
    rule: `（规则：${ruleNames[problem.rule]}，`,
  };
}

describe('the tiny valid venue', () => {
  it('loads with no problem', () => {
    const { problems, loaded } = load();
    expect(problems).toEqual([]);
    expect(loaded?.list.map((v) => v.id)).toEqual([venue]);
    expect(loaded?.list[0]?.infrastructure?.devices.map((d) => d.properties.kind)).toContain(
      'ble_beacon',
    );
  });
});

describe('a venue the check refuses stops the build with the check’s problem', () => {
  it.each([
    ['relations', 'a unit on a level that does not exist'],
    ['files', 'a feature file missing'],
    ['settings', "a default level that is no level's short name"],
    ['relations', 'a group listing a category without an entry'],
  ])('%s: %s', (group, name) => {
    const broken = brokenCase(group, name);
    let edited: string | undefined;
    const { problems, loaded } = load((venues) => {
      edited = applyEdits(venues, broken.edits);
    });
    expect(loaded).toBeUndefined();
    for (const problem of broken.expect) {
      const { start, rule } = expected(problem, edited);
      expect(
        problems.some((line) => line.startsWith(start) && line.includes(rule)),
        `${start} … ${rule}\n${problems.join('\n')}`,
      ).toBe(true);
    }
  });
});

describe('a venue check that cannot run', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is a problem of content/venues, not a crash', () => {
    vi.stubEnv('CHECK_VENUE_BIN', join(fixturesDir, 'no-such-check-venue'));
    const { problems, loaded } = load();
    expect(loaded).toBeUndefined();
    expect(problems).toEqual([
      expect.stringMatching(
        /^content\/venues: the venue check \(.*no-such-check-venue\) did not run: /,
      ),
    ]);
  });
});

describe('the venue check of a build after another', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('runs again only when a file it reads changed, and after a refusal', () => {
    inScratchDir('venues-again-', (dir) => {
      const venues = join(dir, 'content/venues');
      cpSync(join(fixturesDir, 'valid'), venues, { recursive: true });
      cpSync(join(repoContentDir, 'venues/words.toml'), join(venues, 'words.toml'));
      // The real check behind a script that counts its runs.
      const runs = join(dir, 'runs');
      const real = process.env.CHECK_VENUE_BIN;
      const check = join(dir, 'check-venue');
      writeFileSync(
        check,
        `#!/bin/sh\necho run >> '${runs}'\n${
          real
            ? `exec '${real}' "$@"`
            : `exec cargo run --quiet --release --locked -p site-venues --bin check-venue -- "$@"`
        }\n`,
      );
      chmodSync(check, 0o755);
      vi.stubEnv('CHECK_VENUE_BIN', check);
      const counted = () => readFileSync(runs, 'utf8').split('\n').length - 1;
      const build = () => {
        const problems = new Problems();
        const loaded = loadVenues(join(dir, 'content'), problems);
        return { problems: problems.list, loaded, runs: counted() };
      };
      const first = build();
      expect(first.problems).toEqual([]);
      expect(first.runs).toBe(1);
      const again = build();
      expect(again.runs).toBe(1);
      expect(again.loaded).toEqual(first.loaded);

      const settings = join(venues, venue, 'venue.toml');
      const text = readFileSync(settings, 'utf8');
      writeFileSync(settings, text);
      expect(build().runs).toBe(2);
      // As atomic-save editors save: a new file renamed over the old one.
      writeFileSync(`${settings}.new`, text);
      renameSync(`${settings}.new`, settings);
      expect(build().runs).toBe(3);
      expect(build().runs).toBe(3);

      rmSync(join(venues, venue, 'unit.geojson'));
      const refused = build();
      expect(refused.loaded).toBeUndefined();
      expect(refused.runs).toBe(4);
      expect(build().runs).toBe(5);
    });
  });
});

describe('the default level of a venue', () => {
  it('stops the build when it is over its budget over the wire (contract 3.3)', () => {
    const { problems, loaded } = load((venues) => {
      // Thousands of one small fixture, each with an id of its own: valid, and too heavy to send.
      const path = join(venues, venue, 'fixture.geojson');
      const collection = JSON.parse(readFileSync(path, 'utf8')) as { features: Json[] };
      const [fixture] = collection.features;
      for (let index = 0; index < 12000; index++) {
        collection.features.push({ ...fixture, id: randomUUID() });
      }
      writeFileSync(path, JSON.stringify(collection));
    });
    expect(loaded).toBeUndefined();
    expect(problems).toEqual([
      expect.stringMatching(
        /^content\/venues\/tiny-mall\/venue\.toml: default_level: level L1 is \d+\.\d KB gzipped in the viewer's format, over the 150 KB budget/,
      ),
    ]);
  });
});
