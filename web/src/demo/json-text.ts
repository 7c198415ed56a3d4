// Pretty-prints an API answer for the "how this demo calls the API" panel: objects indented, but
// arrays of plain values (coordinates, rings) kept on one line, so a level file stays readable.
// Long answers are cut at a character budget.
export function jsonText(value: unknown, indent = ''): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((item) => item === null || typeof item !== 'object')) {
      return `[${value.map((item) => JSON.stringify(item)).join(', ')}]`;
    }
    return `[\n${value.map((item) => inner + jsonText(item, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries
    .map(([key, item]) => `${inner}${JSON.stringify(key)}: ${jsonText(item, inner)}`)
    .join(',\n')}\n${indent}}`;
}

export function cutText(text: string, budget: number): { text: string; cut: boolean } {
  if (text.length <= budget) return { text, cut: false };
  const end = text.lastIndexOf('\n', budget);
  return { text: `${text.slice(0, end > budget / 2 ? end : budget)}\n…`, cut: true };
}
