# syntax=docker/dockerfile:1
# Production image: build with every dependency, run with production dependencies only.
# Build: docker build -t biomarker-catalog .   Run: see docs/deployment.md.

FROM node:24-slim AS build
WORKDIR /app
ENV ASTRO_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4321 \
    CATALOG_ORIGIN_PORT=4322 \
    ASTRO_TELEMETRY_DISABLED=1
WORKDIR /app
# The server runs its TypeScript sources directly (Node 24 strips types), next to the build.
COPY --from=build --chown=root:root /app/package.json ./package.json
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --from=build --chown=root:root /app/src ./src
COPY --from=build --chown=root:root /app/content ./content
# Files stay owned by root and read-only to the service, which runs as the unprivileged `node` user.
USER node
EXPOSE 4321 4322
# Liveness: /healthz never calls the catalog origin. Every 30 s from 127.0.0.1 is 2 of the
# 60 requests a minute that address may make.
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4321) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM lets in-flight requests finish (up to 10 s); give the container at least that.
STOPSIGNAL SIGTERM
CMD ["node", "src/server/main.ts"]
