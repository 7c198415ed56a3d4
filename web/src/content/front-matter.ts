// A Markdown content file: TOML front matter between +++ lines, then the body.
const frontMatterPattern = /^\+\+\+\r?\n([\s\S]*?)\r?\n\+\+\+\r?\n([\s\S]*)$/;

/** The front matter's text and the body, or null when the file does not start with +++. */
export function readFrontMatter(text: string): { frontMatter: string; body: string } | null {
  const match = frontMatterPattern.exec(text);
  return match ? { frontMatter: match[1] ?? '', body: match[2] ?? '' } : null;
}
