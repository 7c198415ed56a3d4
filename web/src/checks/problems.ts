// The problem list every content check reports into (content/load.ts, content/venues/): one line
// per problem, `<file>: <field>: <message>`, so the build can show an editor every problem at once.

/** Collects problems as `<file>: <field>: <message>` while files are read. */
export class Problems {
  readonly list: string[] = [];

  add(file: string, field: string, message: string): void {
    this.list.push(field ? `${file}: ${field}: ${message}` : `${file}: ${message}`);
  }
}

/** A zod issue path as an editor reads it: `samples.queries[2]`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}
