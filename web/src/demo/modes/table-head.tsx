// The panels' tables of figures (accuracy, zones, the car park, a plan): column headings, and a
// row per thing with its name as the row's heading, so a screen reader reads each figure with
// both.
import type { ReactNode } from 'react';

export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((name, index) => (
          <th key={index} scope="col">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export interface FigureRow {
  key: string;
  /** The row's heading: what its figures are of. */
  head: ReactNode;
  cells: ReactNode[];
  /** `data-*` attributes for tests and styles. */
  data?: Record<`data-${string}`, string>;
}

export function FigureTable(props: { columns: string[]; rows: FigureRow[]; className?: string }) {
  return (
    <table className={props.className ? `demo-live__table ${props.className}` : 'demo-live__table'}>
      <TableHead columns={props.columns} />
      <tbody>
        {props.rows.map((row) => (
          <tr key={row.key} {...row.data}>
            <th scope="row">{row.head}</th>
            {row.cells.map((cell, index) => (
              <td key={index}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
