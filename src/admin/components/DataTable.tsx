/**
 * A table of rows through TanStack Table (headless): real <table> markup with a caption and
 * column headers, so screen readers and keyboard users read it as a table.
 */
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';

export interface DataTableProps<Row> {
  readonly caption: string;
  /** The scrolling region's name, when a shorter one than the caption reads better. */
  readonly label?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's column list mixes value types per column
  readonly columns: ColumnDef<Row, any>[];
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row) => string;
}

export function DataTable<Row>({
  caption,
  label = caption,
  columns,
  rows,
  rowKey,
}: DataTableProps<Row>) {
  const table = useReactTable({
    data: rows as Row[],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: rowKey,
  });
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table>
        <caption>{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
