# Multi-stage: build with every dependency, run with production dependencies only.
# tests/production/start.test.ts runs this file's install, ENV, CMD and HEALTHCHECK outside Docker.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY esbuild.config.mjs tsconfig.json ./
COPY server ./server
COPY client ./client
COPY shared ./shared
COPY public ./public
RUN npm run build

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
ENV HOST=0.0.0.0
ENV PORT=3000
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# The image's own unprivileged user; the app only reads its files.
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["node", "dist/server/healthcheck.js"]
# Exec form, node directly: SIGTERM reaches the server, which closes cleanly. A small young generation
# keeps resident memory near 100 MB under load at no cost in throughput (npm run bench measures both).
CMD ["node", "--max-semi-space-size=4", "--max-old-space-size=128", "dist/server/index.js"]
