// The English edition's files (issue #35, docs/languages.md): every Chinese file a visitor reads
// has its twin at the same path under content/en/, with the same keys, the same number of items
// and the same data, and every text written in English. A value that the Chinese file writes
// without a Chinese character is data or a name (an address, a picture, a model name, a figure,
// a code sample) and stays as it is; every other value is text and is translated. The one way
// out is a reviewed mark in content/en/untranslated.toml: a whole file not translated yet, or a
// field that keeps its Chinese on purpose (a filing notice the law asks for, a proper name).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { z } from 'zod';
import type { Problems } from '../checks/problems';
import { readFrontMatter } from './front-matter';
import { newsDir, routeTable } from './route-table';

/** Where the English edition's files live, under content/. */
export const englishDir = 'en';
/** The reviewed marks, under content/en/. */
export const untranslatedFile = 'untranslated.toml';

const hanPattern = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff5e]/;

const reviewed = {
  file: z.string(),
  reason: z.string().trim().min(8, 'say why, in a sentence'),
  reviewed_by: z.string().trim().min(2, 'name who reviewed it'),
};
/** Each kind of mark; a mark that breaks its rule is reported, the others still count. */
const markSchemas = {
  file: z.object(reviewed).strict(),
  field: z.object({ ...reviewed, field: z.string() }).strict(),
};
interface Marks {
  file: z.infer<typeof markSchemas.file>[];
  field: z.infer<typeof markSchemas.field>[];
}

/** The Chinese files a visitor reads, relative to content/: the shell's and every page's. */
export function visitorFiles(dir: string): string[] {
  const news = existsSync(join(dir, newsDir))
    ? readdirSync(join(dir, newsDir))
        .filter((name) => name.endsWith('.md'))
        .sort()
        .map((name) => `${newsDir}/${name}`)
    : [];
  return [
    'site.toml',
    'menu.toml',
    'footer.toml',
    'leads.toml',
    // The live demo's words (its buttons and panels, route steps, API messages) and its kinds
    // of place (labels and search words).
    'venues/words.toml',
    'venues/categories.toml',
    ...routeTable.map((route) => route.source),
    ...news,
  ];
}

function readFile(path: string): { data: unknown; body: string } {
  const text = readFileSync(path, 'utf8');
  if (!path.endsWith('.md')) return { data: parseToml(text), body: '' };
  const split = readFrontMatter(text);
  if (!split) throw new Error('must start with TOML front matter between +++ lines');
  return { data: parseToml(split.frontMatter), body: split.body };
}

function readMarks(dir: string, problems: Problems): Marks {
  const path = join(dir, englishDir, untranslatedFile);
  const where = `content/${englishDir}/${untranslatedFile}`;
  const marks: Marks = { file: [], field: [] };
  if (!existsSync(path)) return marks;
  let data: Record<string, unknown>;
  try {
    data = parseToml(readFileSync(path, 'utf8'));
  } catch (error) {
    problems.add(where, '', `not valid TOML: ${(error as Error).message}`);
    return marks;
  }
  for (const [kind, entries] of Object.entries(data)) {
    if (kind !== 'file' && kind !== 'field') {
      problems.add(where, kind, 'is not a kind of mark: use [[file]] or [[field]]');
      continue;
    }
    (Array.isArray(entries) ? entries : [entries]).forEach((entry, index) => {
      const result = markSchemas[kind].safeParse(entry);
      if (!result.success) {
        for (const issue of result.error.issues) {
          problems.add(where, `${kind}[${index}].${issue.path.join('.')}`, issue.message);
        }
      } else if (kind === 'file') {
        marks.file.push(result.data as Marks['file'][number]);
      } else {
        marks.field.push(result.data as Marks['field'][number]);
      }
    });
  }
  return marks;
}

const kindOf = (value: unknown) =>
  Array.isArray(value) ? 'list' : value === null ? 'null' : typeof value;

/** Compares a twin's value with the Chinese one, field by field. */
function compare(
  zh: unknown,
  en: unknown,
  field: string,
  report: (field: string, message: string) => void,
) {
  if (kindOf(zh) !== kindOf(en)) {
    report(field, `is a ${kindOf(en)} where the Chinese file has a ${kindOf(zh)}`);
  } else if (Array.isArray(zh) && Array.isArray(en)) {
    if (zh.length !== en.length) {
      report(field, `has ${en.length} items where the Chinese file has ${zh.length}`);
    }
    zh.slice(0, en.length).forEach((item, index) =>
      compare(item, en[index], `${field}[${index}]`, report),
    );
  } else if (zh && typeof zh === 'object') {
    const zhObject = zh as Record<string, unknown>;
    const enObject = en as Record<string, unknown>;
    for (const key of Object.keys(zhObject)) {
      const at = field ? `${field}.${key}` : key;
      if (key in enObject) compare(zhObject[key], enObject[key], at, report);
      else report(at, 'is missing (the Chinese file has it)');
    }
    for (const key of Object.keys(enObject)) {
      if (!(key in zhObject)) report(field ? `${field}.${key}` : key, 'is not in the Chinese file');
    }
  } else if (typeof zh === 'string' && typeof en === 'string') {
    if (!hanPattern.test(zh)) {
      if (zh !== en) report(field, `is data or a name and stays ${JSON.stringify(zh)}`);
    } else if (hanPattern.test(en)) {
      report(field, `still has Chinese text: "${en.slice(0, 40)}"`);
    }
  } else if (zh !== en) {
    report(field, `is data and stays ${JSON.stringify(zh)}`);
  }
}

/**
 * Checks every twin and mark, reporting into `problems`. A twin is compared only with a Chinese
 * file that has no problem of its own: that file is mended first, and its twin then.
 */
export function checkTwins(dir: string, problems: Problems) {
  const broken = new Set(problems.list.map((line) => line.slice(0, line.indexOf(':'))));
  const marks = readMarks(dir, problems);
  const files = visitorFiles(dir);
  const unmarked = new Set(marks.file.map((mark) => mark.file));
  const keptFields = new Set(marks.field.map((mark) => `${mark.file}#${mark.field}`));
  for (const mark of [...marks.file, ...marks.field]) {
    if (!files.includes(mark.file)) {
      problems.add(
        `content/${englishDir}/${untranslatedFile}`,
        mark.file,
        'is not a Chinese file visitors read',
      );
    }
  }
  for (const file of files) {
    const twin = `${englishDir}/${file}`;
    const twinPath = join(dir, twin);
    if (!existsSync(join(dir, file)) || broken.has(`content/${file}`)) continue;
    if (!existsSync(twinPath)) {
      if (!unmarked.has(file)) {
        problems.add(
          `content/${twin}`,
          '',
          `is missing: content/${file} needs its English twin (or a reviewed entry in content/${englishDir}/${untranslatedFile})`,
        );
      }
      continue;
    }
    if (unmarked.has(file)) {
      problems.add(
        `content/${englishDir}/${untranslatedFile}`,
        file,
        'is marked not translated but has its twin: remove the mark',
      );
    }
    let zh: { data: unknown; body: string } | undefined;
    let en: { data: unknown; body: string };
    try {
      zh = readFile(join(dir, file));
      en = readFile(twinPath);
    } catch (error) {
      // The Chinese file's own errors are reported by its loader.
      if (zh) problems.add(`content/${twin}`, '', (error as Error).message);
      continue;
    }
    compare(zh.data, en.data, '', (field, message) => {
      if (!keptFields.has(`${file}#${field}`)) problems.add(`content/${twin}`, field, message);
    });
    if (zh.body.trim() && !en.body.trim()) problems.add(`content/${twin}`, 'body', 'is empty');
    if (hanPattern.test(en.body) && !keptFields.has(`${file}#body`)) {
      problems.add(`content/${twin}`, 'body', 'still has Chinese text');
    }
  }
  checkNoStrayTwins(dir, new Set(files), problems);
}

function checkNoStrayTwins(dir: string, files: Set<string>, problems: Problems) {
  const root = join(dir, englishDir);
  if (!existsSync(root)) return;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = relative(root, join(entry.parentPath, entry.name)).split('\\').join('/');
    if (file === untranslatedFile || files.has(file)) continue;
    problems.add(
      `content/${englishDir}/${file}`,
      '',
      'is the twin of no Chinese file visitors read; check its name and folder',
    );
  }
}
