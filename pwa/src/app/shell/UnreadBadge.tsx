import type { ReactElement } from 'react';
import Badge from '@mui/material/Badge';

/** The highest count a badge shows; above it, "99+". */
const UNREAD_MAX = 99;

/**
 * The values of a `…Unread` message, the control's name, so that it says what the badge shows:
 * the count, or "more than 99" beside "99+" (WCAG 2.5.3, Label in Name).
 */
export const unreadValues = (count: number) => ({ count, max: UNREAD_MAX, over: String(count > UNREAD_MAX) });

/**
 * An unread count on a control's icon, and nothing at all at zero: MUI's hidden badge still holds
 * "0" (or the last count, while it fades) as text, which would be part of the control's content
 * but not of its aria-label — a stray number read aloud, and a Label in Name failure. The count
 * is hidden from screen readers: the control's name says it, with what it counts.
 */
export function UnreadBadge({ count, testId, children }: { count: number; testId: string; children: ReactElement }) {
  if (count === 0) return children;
  return (
    <Badge badgeContent={count} color="error" max={UNREAD_MAX} slotProps={{ badge: { 'aria-hidden': true } }} data-testid={testId}>
      {children}
    </Badge>
  );
}
