// Reading one TOML or JSON file of content/ into the problem list: a missing file or a syntax
// error is reported against the file as the editor knows it, and the caller goes on without it.
// Shared by load.ts and the venue loaders, so every file reads and fails the same way.
import { existsSync, readFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';
import type { Problems } from '../../checks/problems';

const parsers = { TOML: parseToml, JSON: JSON.parse } as const;

export type DataFormat = keyof typeof parsers;

/**
 * The parsed file at `path`, reported as `file`; undefined when it is missing (reported with
 * `missing`) or does not parse.
 */
export function readDataFile(
  path: string,
  file: string,
  format: DataFormat,
  problems: Problems,
  missing = 'file is missing',
): unknown {
  if (!existsSync(path)) {
    problems.add(file, '', missing);
    return undefined;
  }
  try {
    return parsers[format](readFileSync(path, 'utf8'));
  } catch (error) {
    problems.add(file, '', `not valid ${format}: ${(error as Error).message}`);
    return undefined;
  }
}
