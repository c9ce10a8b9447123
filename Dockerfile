# One image for both processes: the web server and the media worker.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# patch-package applies these after the install (the postinstall script).
COPY patches ./patches
# npm ci: exactly the lockfile, which lists every platform's optional packages (decision 098).
RUN PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error

FROM deps AS build
COPY . .
RUN node_modules/.bin/remix vite:build

FROM node:24-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg ca-certificates mariadb-client \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production
COPY --from=deps /app/node_modules ./node_modules
# Built JavaScript only (vite.config.ts): build/server/web.js, worker.js, migrate.js, seed.js,
# admin.js, backup.js, restore.js, and the pages' build/client; no TypeScript source, no tsx at run time.
COPY --from=build /app/build ./build
COPY package.json ./
RUN mkdir -p /data/storage /data/backups && chown node:node /data/storage /data/backups
USER node
EXPOSE 3000
CMD ["node", "build/server/web.js"]
