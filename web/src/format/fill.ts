// Fills {name} slots of a phrase from content/. Unknown slots stay as they are, so a missing value
// shows in the page instead of vanishing.
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (slot, key: string) =>
    key in values ? String(values[key]) : slot,
  );
}
