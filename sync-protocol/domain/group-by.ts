/**
 * Rows in lists by `key`, each list in the rows' order, optionally each row made into `value`
 * (Map.groupBy is ES2024's and Node 21's: neither the app's browsers nor the server's Node all
 * have it). Shared by the coach's view of the workouts (api) and an exercise's history (pwa).
 */
export function groupBy<Row>(rows: readonly Row[], key: (row: Row) => string): Map<string, Row[]>;
export function groupBy<Row, Value>(rows: readonly Row[], key: (row: Row) => string, value: (row: Row) => Value): Map<string, Value[]>;
export function groupBy<Row, Value>(rows: readonly Row[], key: (row: Row) => string, value?: (row: Row) => Value): Map<string, (Row | Value)[]> {
  const groups = new Map<string, (Row | Value)[]>();
  for (const row of rows) {
    const item = value ? value(row) : row;
    const group = groups.get(key(row));
    if (group) group.push(item);
    else groups.set(key(row), [item]);
  }
  return groups;
}
