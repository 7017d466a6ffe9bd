import Box from '@mui/material/Box';

/** The brand mark: a leaf on a green disc. Decorative; the product name is always beside it in text. */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <Box component="svg" viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" sx={{ flexShrink: 0 }}>
      <circle cx="32" cy="32" r="32" fill="#2e7d32" />
      <path d="M18 44c0-16 10-26 30-28-1 18-11 29-27 29l-3 3-2-2z" fill="#ffffff" />
      <path d="M22 42c6-8 12-13 20-18" stroke="#2e7d32" strokeWidth="3" strokeLinecap="round" fill="none" />
    </Box>
  );
}
