// A table in a box of its own that scrolls (an upload's problems, a drawing's layers) instead of
// widening the page; the box is a named region a keyboard can focus and scroll.
import type { ReactNode } from 'react';

export function ScrollTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: string[];
  /** The body's rows. */
  children: ReactNode;
}) {
  return (
    <div
      className="building-upload__problems"
      role="region"
      aria-label={caption}
      // A scrollable region: focusable so keyboard users can scroll a long list.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
