export type SortDirection = 'asc' | 'desc';

/**
 * Rows ordered by one value: numbers numerically, text by the language's collation (accents and
 * case as a reader expects: 'Álvaro' next to 'Alice'). Equal values keep the server's order,
 * whichever the direction.
 */
export function sortRows<R>(rows: readonly R[], value: (row: R) => number | string, direction: SortDirection, locale: string): R[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      const order = typeof a.key === 'number' && typeof b.key === 'number' ? a.key - b.key : collator.compare(String(a.key), String(b.key));
      return order === 0 ? a.index - b.index : sign * order;
    })
    .map(({ row }) => row);
}

/** A date of the server's as a sort key; one that does not parse sorts first. */
export const timeOf = (iso: string | null) => {
  const time = iso === null ? Number.NaN : Date.parse(iso);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
};
