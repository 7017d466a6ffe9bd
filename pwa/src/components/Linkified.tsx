import { Fragment } from 'react';
import Link from '@mui/material/Link';

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi;

/**
 * A message's text as text, with its web addresses made links (issue 22): only http and https,
 * opened in a new tab that cannot reach back into the app. Never HTML: React escapes the rest.
 */
export function Linkified({ text }: { text: string }) {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: match[0], href: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return (
    <>
      {parts.map((part, index) =>
        part.href ? (
          <Link key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow" color="inherit" sx={{ overflowWrap: 'anywhere' }}>
            {part.text}
          </Link>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
