// A hardware specification as a two-column table: content data, never written into a component
// (issue #4). Narrow screens scroll it sideways rather than squeeze it.
import type { DevicePageContent, SiteInfo } from '../content/schema';

export function SpecTable({
  caption,
  specs,
  labels,
}: {
  /** Read by screen readers only: the section heading already shows it. */
  caption: string;
  specs: DevicePageContent['specs'];
  labels: Pick<SiteInfo['device_page'], 'spec_column' | 'value_column'>;
}) {
  return (
    <>
      {/* A table wider than a phone scrolls: the keyboard reaches it to scroll it too (axe's
          scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="spec-table__scroll" tabIndex={0} role="region" aria-label={caption}>
        <table className="spec-table">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{labels.spec_column}</th>
              <th scope="col">{labels.value_column}</th>
            </tr>
          </thead>
          <tbody>
            {specs.rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="spec-table__note">{specs.note}</p>
    </>
  );
}
