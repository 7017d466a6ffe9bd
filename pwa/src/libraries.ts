// In the `libraries` chunk (scripts/vite/chunk-groups.ts), which boot.ts evaluates before main.tsx:
// React's DOM renderer is CommonJS, which the bundle runs on first use; re-exporting it here runs
// it with the chunk, in that task, and boot.ts needs no CommonJS interop of its own.
export { createRoot, hydrateRoot } from 'react-dom/client';
