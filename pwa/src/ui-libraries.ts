// In the `ui-libraries` chunk (scripts/vite/chunk-groups.ts), which boot.ts evaluates after
// `libraries` (React and its DOM renderer) and before main.tsx: the other packages the app's
// code imports (MUI's components, the router, react-intl). Importing this module runs that chunk
// in a task of its own: in one with React's, a phone spent over 200 ms (ADR 026). The export only
// names the chunk to load; main.tsx imports what it uses from the packages themselves.
export { IntlProvider } from 'react-intl';
