// In the `emotion` chunk (scripts/vite/chunk-groups.ts), which boot.ts evaluates before the theme's
// chunk: emotion, the styling engine MUI's styled components use, with stylis and React itself.
// The two halves of MUI's styling were one task of 15–20 ms on this machine, over Lighthouse's
// 50 ms once slowed for a phone (ADR 026). The exports only name what the chunk holds.
export { CacheProvider } from '@emotion/react';
export { default as styled } from '@emotion/styled';
