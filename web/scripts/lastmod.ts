// Last-modified dates of content files, from git history (a fresh checkout gives every file
// the same mtime, so file times would say nothing). Files git does not know yet count as
// changed today.
import { execFileSync } from 'node:child_process';

export function contentDates(repoRoot: string): Map<string, string> {
  const dates = new Map<string, string>();
  let log = '';
  try {
    log = execFileSync('git', ['log', '--format=@%cs', '--name-only', '--', 'content'], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return dates;
  }
  let current = '';
  for (const line of log.split('\n')) {
    if (line.startsWith('@')) current = line.slice(1);
    else if (line && !dates.has(line)) dates.set(line, current);
  }
  return dates;
}

export function today(): string {
  return new Date().toISOString().slice(0, 10);
}
