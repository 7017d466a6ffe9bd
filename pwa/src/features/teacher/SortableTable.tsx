import { useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { sortRows, type SortDirection } from './sorting.ts';

export interface Column<R> {
  id: string;
  labelId: string;
  /** What the column sorts by: a number (amounts, dates as epoch) or the text shown. */
  sortValue: (row: R) => number | string;
  render: (row: R) => ReactNode;
  align?: 'left' | 'right';
  /** Long text (a description) may wrap; everything else stays on one line. */
  wrap?: boolean;
}

/**
 * A table whose every column sorts (click a header; again to reverse), inside its card with its
 * own horizontal scroll, so a phone (390 px) scrolls the table and not the page. With no rows
 * it keeps its header and says so in one row.
 */
export function SortableTable<R extends { id: string }>({
  rows,
  columns,
  initialSort,
  labelId,
  emptyId,
  testId,
  rowTestId,
}: {
  rows: readonly R[];
  columns: readonly Column<R>[];
  initialSort: { column: string; direction: SortDirection };
  labelId: string;
  emptyId: string;
  testId: string;
  rowTestId: string;
}) {
  const intl = useIntl();
  const [sort, setSort] = useState(initialSort);
  const column = columns.find((c) => c.id === sort.column) ?? columns[0];
  const sorted = useMemo(() => (column ? sortRows(rows, column.sortValue, sort.direction, intl.locale) : rows), [rows, column, sort.direction, intl.locale]);

  const toggle = (id: string) =>
    setSort((current) => (current.column === id ? { column: id, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { column: id, direction: 'asc' }));

  return (
    <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      <Table size="small" aria-label={intl.formatMessage({ id: labelId })} data-testid={testId} sx={{ minWidth: 560 }}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell
                key={c.id}
                align={c.align}
                sortDirection={sort.column === c.id ? sort.direction : false}
                sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
              >
                <TableSortLabel active={sort.column === c.id} direction={sort.column === c.id ? sort.direction : 'asc'} onClick={() => toggle(c.id)} data-testid={`${testId}-sort-${c.id}`}>
                  {intl.formatMessage({ id: c.labelId })}
                </TableSortLabel>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length}>
                <Typography color="text.secondary" sx={{ py: 2 }} data-testid={`${testId}-empty`}>
                  {intl.formatMessage({ id: emptyId })}
                </Typography>
              </TableCell>
            </TableRow>
          ) : (
            sorted.map((row) => (
              <TableRow key={row.id} data-testid={rowTestId} hover>
                {columns.map((c) => (
                  <TableCell key={c.id} align={c.align} sx={{ whiteSpace: c.wrap ? 'normal' : 'nowrap', minWidth: c.wrap ? 200 : undefined }}>
                    {c.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
