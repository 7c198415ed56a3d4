// Editing mode (scripts/dev): the tag that loads the live-reload client into every page built
// for editing, with the overlay's words from content/editing.toml. Production builds never
// call this.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { z } from 'zod';

const wordsSchema = z
  .object({
    problem_title: z.string().min(1),
    problem_hint: z.string().min(1),
  })
  .strict();

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** `<script>` for `</head>`; throws naming the file and field when the words are wrong. */
export function liveReloadTag(contentDir: string, scriptUrl: string): string {
  const file = join(contentDir, 'editing.toml');
  const parsed = wordsSchema.safeParse(parseToml(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `content/editing.toml: ${issue.path.join('.') || '(file)'}: ${issue.message}`,
    );
    throw new Error(problems.join('\n'));
  }
  const { problem_title: title, problem_hint: hint } = parsed.data;
  return `<script type="module" src="${scriptUrl}" data-live-reload data-title="${escapeAttribute(title)}" data-hint="${escapeAttribute(hint)}"></script>`;
}
