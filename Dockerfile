# syntax=docker/dockerfile:1
# Production image: build with every dependency; run the self-contained build with `node` alone.
# Build: docker build -t biomarker-catalog .   Run: see docs/deployment.md.

# One base image for both stages, pinned to the Node version the project runs (the `node`
# devDependency, node_modules/node/package.json) and by content: a tag can be moved to other
# bytes, a digest cannot. The tag stays for readers; the digest decides. When moving to a new
# version, review its tag and take its index digest:
#   docker buildx imagetools inspect node:<version>-bookworm-slim   # prints the index digest
# A build without access to an image registry passes its own base instead (the container test
# does, with a stand-in: scripts/container/prepare.sh):
#   podman build --build-arg NODE_IMAGE=<local tag> .
ARG NODE_IMAGE=node:24.21.0-bookworm-slim@sha256:2fe369e969550cde8e867afc3fe370b260140cab4a23d467074295b42163d553

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV ASTRO_TELEMETRY_DISABLED=1 \
    NPM_CONFIG_UPDATE_NOTIFIER=false
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
# The runtime needs `node` only: no package managers (npm, npx, corepack, yarn) to run or abuse
# (removed from use; their bytes stay in the base image's layer).
RUN rm -rf /usr/local/lib/node_modules /opt/yarn-* \
      /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack /usr/local/bin/yarn /usr/local/bin/yarnpkg
# HOST is the site's listen address. The bundled catalog origin keeps its defaults,
# CATALOG_ORIGIN_HOST=127.0.0.1 and CATALOG_ORIGIN_PORT=4322: only the site, in this
# container, reaches it. Never set CATALOG_ORIGIN_HOST=0.0.0.0 here or publish 4322.
# NODE_OPTIONS: V8 otherwise grows the old space with the host's memory, not the container's; 128 MB
# keeps RSS under 256 MB (the manifests' memory limit) at the same throughput. MALLOC_ARENA_MAX:
# glibc's arenas for the compression threads hold memory it does not give back; MALLOC_MMAP_THRESHOLD_:
# blocks of 128 KiB and more (a compressor's window, a page's bytes) are mapped and unmapped on free,
# instead of the threshold growing until they stay in the arenas (docs/performance.md, "Memory").
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4321 \
    ASTRO_TELEMETRY_DISABLED=1 \
    NODE_OPTIONS=--max-old-space-size=128 \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
# The build carries every module the server runs (dist/node/ and the Astro bundle in
# dist/server/ are bundled with their dependencies): no node_modules, no sources.
COPY --from=build --chown=root:root /app/package.json ./package.json
COPY --from=build --chown=root:root /app/dist ./dist
# Files stay owned by root and read-only to the service, which runs as the unprivileged `node` user
# of the base image, by number so that Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
# The site only; the catalog origin is private (see above).
EXPOSE 4321
# Liveness: /healthz never calls the catalog origin and costs no rate-limit quota (refused only
# past 600 uncounted requests a minute from one address, far above this check).
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4321) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains without losing a request, within SHUTDOWN_TIMEOUT_S (20 s; docs/deployment.md):
# stop the container with `docker stop -t 30` or run it with `--stop-timeout 30`, since Docker's
# default of 10 s would kill it first.
STOPSIGNAL SIGTERM
CMD ["node", "dist/node/main.mjs"]
