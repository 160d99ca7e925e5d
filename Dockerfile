# syntax=docker/dockerfile:1
# StayBook: the API serving the built web app, one stateless process per container (docs/deploy.md).
#   docker build -t staybook .
#   docker run -p 3000:3000 -v staybook-data:/data staybook        # embedded database in the volume
#   docker compose up -d                                            # PostgreSQL, Redis, two replicas, Caddy

# Node 26, the current LTS (package.json's `engines`; ADR 029).
ARG NODE_IMAGE=node:26-bookworm-slim

# ── dependencies (all of them: the web build needs Vite) ─────────────────────────────────────────────
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

# ── builds: apps/web/dist (with .br and .gz next to every asset) and apps/api/dist (the server as JavaScript) ──
FROM deps AS build
COPY tsconfig.base.json ./
COPY packages/shared packages/shared
COPY apps/web apps/web
COPY apps/api apps/api
RUN npm run build -w apps/web && npm run build -w apps/api

# ── runtime: production dependencies, the built server and the built web app ─────────────────────────────
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST=/app/apps/web/dist
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist

# Uploaded images, the mail outbox (without SMTP), generated secrets and, without DATABASE_URL, the
# embedded database. Owned by the unprivileged `node` user the process runs as.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node

EXPOSE 3000
# Ready means the process answers and its database does (GET /api/ready → 200).
HEALTHCHECK --interval=10s --timeout=3s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) closes the server gracefully: in-flight requests finish, connections close.
STOPSIGNAL SIGTERM
# The Node options of apps/api/node-args.json (npm start and the bench use that file; a test keeps the two alike).
CMD ["node", "--enable-source-maps", "--max-old-space-size=384", "apps/api/dist/server.js"]
