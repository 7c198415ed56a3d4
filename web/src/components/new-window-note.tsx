/** Tells screen-reader users that a link opens a new window (WCAG G201). */
export function NewWindowNote({ text }: { text: string }) {
  return <span className="sr-only">{text}</span>;
}
