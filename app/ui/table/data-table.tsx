import type { HTMLAttributes, ReactNode } from "react";

/** One column: its header, its cell, and the classes of both (e.g. `num` for figures). */
export interface Column<Row> {
  key: string;
  header: ReactNode;
  headerClassName?: string;
  className?: string | ((row: Row) => string | undefined);
  /** Other attributes of a row's cell (`dir`, `data-*`). */
  cellProps?: (row: Row) => Attributes<HTMLTableCellElement>;
  cell: (row: Row) => ReactNode;
}

/** Attributes of a row or cell, `data-*` ones included (tests and styles find rows by them). */
type Attributes<E> = HTMLAttributes<E> & Record<`data-${string}`, string | number | undefined>;

/**
 * A table of rows in a horizontally scrolling box, or its empty state when there are none:
 * column headers with `scope="col"`, one `<tr>` a row keyed by `rowKey`.
 */
export function DataTable<Row>(props: {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number;
  rowProps?: (row: Row) => Attributes<HTMLTableRowElement>;
  empty: ReactNode;
  scrollClassName: string;
  tableClassName: string;
}) {
  if (props.rows.length === 0) return <>{props.empty}</>;
  return (
    <div className={props.scrollClassName}>
      <table className={props.tableClassName}>
        <thead>
          <tr>
            {props.columns.map((c) => (
              <th key={c.key} scope="col" className={c.headerClassName}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)} {...props.rowProps?.(row)}>
              {props.columns.map((c) => (
                <td key={c.key} className={typeof c.className === "function" ? c.className(row) : c.className} {...c.cellProps?.(row)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
