// `npm start`: builds when the build is missing or older than the sources (fresh-build.mjs), then
// runs the server in this same process (so SIGTERM reaches it directly).
import { pathToFileURL } from 'node:url';
import { ensureFreshBuild } from './fresh-build.mjs';

const server = await ensureFreshBuild('dist/server/server.js');
await import(pathToFileURL(server).href);
