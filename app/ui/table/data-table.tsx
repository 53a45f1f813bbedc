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
 * column headers with `scope="col"`, one `<tr>` a row keyed by `rowKey`. `stacked`: on a phone the
 * page's CSS may show each row as a card of label–value lines (`data-stacked` on the table, each
 * cell's header text in `data-label`); the roles keep it a table to assistive technology, whose
 * browsers drop a table's semantics when CSS changes its display.
 */
export function DataTable<Row>(props: {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number;
  rowProps?: (row: Row) => Attributes<HTMLTableRowElement>;
  empty: ReactNode;
  scrollClassName: string;
  tableClassName: string;
  stacked?: boolean;
}) {
  if (props.rows.length === 0) return <>{props.empty}</>;
  const stacked = props.stacked === true;
  const role = (r: string) => (stacked ? r : undefined);
  return (
    <div className={props.scrollClassName}>
      <table className={props.tableClassName} data-stacked={stacked ? "" : undefined} role={role("table")}>
        <thead role={role("rowgroup")}>
          <tr role={role("row")}>
            {props.columns.map((c) => (
              <th key={c.key} scope="col" className={c.headerClassName} role={role("columnheader")}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role={role("rowgroup")}>
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)} role={role("row")} {...props.rowProps?.(row)}>
              {props.columns.map((c) => (
                <td
                  key={c.key}
                  className={typeof c.className === "function" ? c.className(row) : c.className}
                  role={role("cell")}
                  data-label={stacked && typeof c.header === "string" ? c.header : undefined}
                  {...c.cellProps?.(row)}
                >
                  {/* One box beside the label, whatever the cell holds (text, lines, a form). */}
                  {stacked ? <div>{c.cell(row)}</div> : c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
