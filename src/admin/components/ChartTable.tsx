/**
 * A chart's numbers as a table behind a disclosure, for screen readers and for anyone who wants
 * the exact values: one row per point, its name as the row header.
 */
import type { ReactNode } from 'react';

export interface ChartTableRow {
  readonly key: string;
  readonly name: ReactNode;
  readonly cells: readonly ReactNode[];
}

export function ChartTable({
  title,
  columns,
  rows,
}: {
  readonly title: string;
  /** The headers: the row names' column first, then one per cell. */
  readonly columns: readonly string[];
  readonly rows: readonly ChartTableRow[];
}) {
  return (
    <details className="chart-table">
      <summary>{title} as a table</summary>
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              {row.cells.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
