import { useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { sortRows, type SortDirection } from '../lib/sorting.ts';

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

/** The first column (what names a row) stays in view while a wide table scrolls sideways. */
const stickyFirst = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;

/**
 * A table whose every column sorts (click a header; again to reverse). With no rows it keeps its
 * header and says so in one row. On a phone each row is a card listing every column as label and
 * value, sorted from a "Sort by" field: a 390 px screen showed 2 of 7 columns of a table, with
 * nothing to say that it scrolled (issue 17).
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
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const t = (id: string) => intl.formatMessage({ id });

  if (phone) {
    const [first, ...rest] = columns;
    return (
      <Stack sx={{ gap: 1.5 }} role="region" aria-label={t(labelId)} data-testid={testId}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t('table.sortBy')}
            value={sort.column}
            onChange={(event) => setSort({ column: event.target.value, direction: 'asc' })}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { 'data-testid': `${testId}-sort` } }}
          >
            {columns.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {t(c.labelId)}
              </MenuItem>
            ))}
          </TextField>
          <IconButton
            onClick={() => toggle(sort.column)}
            aria-label={t(sort.direction === 'asc' ? 'table.ascending' : 'table.descending')}
            data-testid={`${testId}-direction`}
          >
            {sort.direction === 'asc' ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
          </IconButton>
        </Stack>
        {sorted.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }} data-testid={`${testId}-empty`}>
            {t(emptyId)}
          </Typography>
        ) : (
          sorted.map((row) => (
            <Card key={row.id} variant="outlined" data-testid={rowTestId}>
              <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                {first && <Box sx={{ fontWeight: 600, mb: 1 }}>{first.render(row)}</Box>}
                <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
                  {rest.map((c) => (
                    <Box key={c.id} sx={{ display: 'contents' }}>
                      <Typography component="dt" variant="body2" color="text.secondary">
                        {t(c.labelId)}
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', overflowWrap: 'anywhere' }}>
                        {c.render(row)}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </CardContent>
            </Card>
          ))
        )}
      </Stack>
    );
  }

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
                // A header may wrap ("Tendência (4 semanas)"): its figures are shorter than its name.
                sx={{ fontWeight: 600, verticalAlign: 'bottom', ...(c === columns[0] && stickyFirst) }}
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
                  <TableCell key={c.id} align={c.align} sx={{ whiteSpace: c.wrap ? 'normal' : 'nowrap', minWidth: c.wrap ? 200 : undefined, ...(c === columns[0] && stickyFirst) }}>
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
