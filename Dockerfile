# Multi-stage: build with every dependency, run with production dependencies and the built dist/ only.
# Every stage runs the Node of .node-version, which CI runs every test on, on Debian 13: `npm run container:check`
# passes it as --build-arg NODE_VERSION=$(cat .node-version); the default below is held equal to that file by
# tests/unit/node-version.test.ts, so a plain `docker build .` runs the same Node. Every base image is taken by its
# digest, NODE_DIGEST (the official image's index for that tag), never by the tag alone, which its publisher moves:
# to change either, see docs/operations.md, "The container". container:check, which cannot pull images, builds on a
# stand-in of its own and passes the stand-in's digest instead.
# `npm run container:check` builds this file and runs the image; tests/production/start.test.ts runs its
# install, ENV, CMD and HEALTHCHECK outside a container on every `npm test`.

# The release before this one, whose own island chunks this image serves as well: pages it rendered, which caches keep
# for up to an hour, still find every chunk they name after the deploy (docs/decisions/0010-previous-release-chunks.md).
# Build each release with --build-arg PREVIOUS_RELEASE=<registry>/<name>@<the digest running now>. Without it, the base
# image, which holds no build: nothing is carried, as for a first release.
ARG NODE_VERSION=26.10.0
ARG NODE_DIGEST=sha256:ec7758ee051e457b468b32bde57b0879010b325bb9862718e9615225ce4aaae1
ARG PREVIOUS_RELEASE=docker.io/library/node:${NODE_VERSION}-trixie-slim@${NODE_DIGEST}
FROM ${PREVIOUS_RELEASE} AS previous

FROM docker.io/library/node:${NODE_VERSION}-trixie-slim@${NODE_DIGEST} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY esbuild.config.mjs tsconfig.json .node-version ./
COPY scripts/lib/siteBuild.ts scripts/lib/portrait.ts ./scripts/lib/
COPY server ./server
COPY client ./client
COPY shared ./shared
COPY public ./public
RUN --mount=type=bind,from=previous,source=/,target=/previous npm run build -- --previous /previous/app/dist

FROM docker.io/library/node:${NODE_VERSION}-trixie-slim@${NODE_DIGEST} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# Published packages also carry their own tests, TypeScript sources and source maps, and a package's optional
# peer may bring type declarations (@types): none of them runs here.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/@types \
 && find node_modules -type d \( -name test -o -name tests -o -name __tests__ \) -prune -exec rm -rf {} + \
 && find node_modules -type f \( -name '*.map' -o -name '*.test.*' -o -name '*.spec.*' \
      -o \( \( -name '*.ts' -o -name '*.mts' -o -name '*.cts' -o -name '*.tsx' \) -not -name '*.d.*ts' \) \) -delete

FROM docker.io/library/node:${NODE_VERSION}-trixie-slim@${NODE_DIGEST} AS runtime
ENV NODE_ENV=production
ENV HOST=0.0.0.0
ENV PORT=3000
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# The image's own unprivileged user; the app only reads its files and writes nothing to disk.
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["node", "dist/server/healthcheck.js"]
# Exec form, node directly: SIGTERM reaches the server, which closes cleanly. A small young generation and a
# capped old one keep resident memory low under load at no cost in throughput (npm run bench measures both).
CMD ["node", "--max-semi-space-size=4", "--max-old-space-size=128", "dist/server/index.js"]
