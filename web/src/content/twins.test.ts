// The English edition's twins (issue #35): each rule broken once in a copy of the real content/
// stops the build with the twin's file and field.
import { appendFileSync, cpSync, mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Problems } from '../checks/problems';
import { repoContentDir } from '../testing/repo-content-dir';
import { checkTwins, visitorFiles } from './twins';
import { editText, inScratchDir } from './venues/scratch-files';

function problemsAfter(mutate: (dir: string) => void): string[] {
  return inScratchDir('twins-', (dir) => {
    // The words only: the twins' check reads no picture and no venue.
    const skipped = ['images', 'venues'].map((folder) => join(repoContentDir, folder));
    cpSync(repoContentDir, dir, { recursive: true, filter: (path) => !skipped.includes(path) });
    mutate(dir);
    const problems = new Problems();
    checkTwins(dir, problems);
    return problems.list;
  });
}

/** The problems after one edit of the map page's English twin. */
const problemsAfterMapTwin = (change: (text: string) => string) =>
  problemsAfter((dir) => editText(dir, 'en/pages/map.toml', change));

const mark = (dir: string, text: string) => appendFileSync(join(dir, 'en/untranslated.toml'), text);

describe('the English twins', () => {
  it('are complete for the real content: every file a visitor reads has one', () => {
    expect(problemsAfter(() => undefined)).toEqual([]);
    const files = visitorFiles(repoContentDir);
    expect(files).toContain('pages/home.toml');
    expect(files).toContain('news/ble-aoa-vs-uwb.md');
  });

  it('name the missing twin, unless a reviewed mark says it is not translated yet', () => {
    const missing = (dir: string) => unlinkSync(join(dir, 'en/pages/map.toml'));
    expect(problemsAfter(missing)).toEqual([
      'content/en/pages/map.toml: is missing: content/pages/map.toml needs its English twin (or a reviewed entry in content/en/untranslated.toml)',
    ]);
    expect(
      problemsAfter((dir) => {
        missing(dir);
        mark(
          dir,
          '\n[[file]]\nfile = "pages/map.toml"\nreason = "Rewritten for buyers abroad next week."\nreviewed_by = "Li Na"\n',
        );
      }),
    ).toEqual([]);
    // A mark without its reason, or beside a twin, is refused.
    expect(
      problemsAfter((dir) =>
        mark(dir, '\n[[file]]\nfile = "pages/map.toml"\nreviewed_by = "Li"\n'),
      ),
    ).toEqual([
      'content/en/untranslated.toml: file[0].reason: Invalid input: expected string, received undefined',
    ]);
    expect(
      problemsAfter((dir) =>
        mark(
          dir,
          '\n[[file]]\nfile = "pages/map.toml"\nreason = "Not translated yet."\nreviewed_by = "Li Na"\n',
        ),
      ),
    ).toEqual([
      'content/en/untranslated.toml: pages/map.toml: is marked not translated but has its twin: remove the mark',
    ]);
  });

  it('keep the Chinese file data: addresses, pictures, figures, the number of items', () => {
    expect(
      problemsAfterMapTwin((text) =>
        text.replace('src = "images/services/map.png"', 'src = "images/services/map-en.png"'),
      ),
    ).toEqual([
      'content/en/pages/map.toml: hero.image.src: is data or a name and stays "images/services/map.png"',
    ]);
    expect(
      problemsAfterMapTwin((text) =>
        text.replace('related_devices = [1, 2]', 'related_devices = [1]'),
      ),
    ).toEqual([
      'content/en/pages/map.toml: related_devices: has 1 items where the Chinese file has 2',
    ]);
  });

  it('are written in English: Chinese text left in a field or a body is named', () => {
    expect(
      problemsAfterMapTwin((text) => text.replace(/^heading = ".*"$/m, 'heading = "室内地图服务"')),
    ).toEqual(['content/en/pages/map.toml: hero.heading: still has Chinese text: "室内地图服务"']);
    expect(
      problemsAfter((dir) =>
        editText(dir, 'en/news/ble-aoa-vs-uwb.md', (text) => `${text}\n定位\n`),
      ),
    ).toEqual(['content/en/news/ble-aoa-vs-uwb.md: body: still has Chinese text']);
    // A field that keeps its Chinese on purpose carries a reviewed mark.
    expect(
      problemsAfter((dir) => {
        editText(dir, 'en/pages/map.toml', (text) =>
          text.replace(/^heading = ".*"$/m, 'heading = "室内地图服务"'),
        );
        mark(
          dir,
          '\n[[field]]\nfile = "pages/map.toml"\nfield = "hero.heading"\nreason = "The product name is registered in Chinese."\nreviewed_by = "Li Na"\n',
        );
      }),
    ).toEqual([]);
  });

  it('have the Chinese file keys, no more and no fewer, and no stray files', () => {
    expect(problemsAfterMapTwin((text) => text.replace(/^summary = /m, 'summery = '))).toEqual([
      'content/en/pages/map.toml: summary: is missing (the Chinese file has it)',
      'content/en/pages/map.toml: summery: is not in the Chinese file',
    ]);
    expect(
      problemsAfter((dir) => {
        mkdirSync(join(dir, 'en/pages/old'), { recursive: true });
        writeFileSync(join(dir, 'en/pages/old/map.toml'), 'summary = "x"\n');
      }),
    ).toEqual([
      'content/en/pages/old/map.toml: is the twin of no Chinese file visitors read; check its name and folder',
    ]);
  });
});
