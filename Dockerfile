# syntax=docker/dockerfile:1
# Multi-stage build on a maintained Node LTS. The runtime image holds the built app, production
# dependencies and the migrations; it runs as the unprivileged `node` user with the SQLite file
# on a volume.

FROM node:22-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_PATH=/data/app.db
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/api/drizzle ./api/drizzle
COPY --from=build --chown=node:node /app/api/drizzle-pg ./api/drizzle-pg
COPY --from=build --chown=node:node /app/scripts/start.mjs /app/scripts/fresh-build.mjs /app/scripts/db-copy.mjs /app/scripts/backup.mjs /app/scripts/restore.mjs /app/scripts/sqlite-backup.mjs /app/scripts/object-storage.mjs ./scripts/
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# The command `npm start` runs; node as PID 1 handles SIGTERM itself (graceful shutdown).
CMD ["node", "scripts/start.mjs"]
