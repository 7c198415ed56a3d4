// Line breaking for SVG text, which cannot wrap by itself. Widths are estimated from the
// characters: CJK and full-width forms take a full em, Latin letters and digits about half.
const fullWidth =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

export function textWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const char of text) ems += fullWidth.test(char) ? 1 : char === ' ' ? 0.3 : 0.56;
  return ems * fontSize;
}

/** Breaks `text` into lines no wider than `maxWidth`, between characters or at spaces. */
export function wrapText(text: string, fontSize: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const char of text) {
    const next = line + char;
    if (line && textWidth(next, fontSize) > maxWidth) {
      // Keep a Latin word together when the line has a space to break at.
      const space =
        /[A-Za-z0-9]$/.test(line) && /[A-Za-z0-9]/.test(char) ? line.lastIndexOf(' ') : -1;
      if (space > 0) {
        lines.push(line.slice(0, space));
        line = line.slice(space + 1) + char;
      } else {
        lines.push(line.trimEnd());
        line = char === ' ' ? '' : char;
      }
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}
