# Ahara's production image (docs/deploy.md). The same steps run without Docker in
# scripts/check-deploy-recipe.sh, part of the test suite, so this recipe cannot rot unseen.

# 1. Build: every package, the web app and the server compiled to JavaScript, then the dev tools pruned
#    (--legacy-peer-deps: also the build tools better-auth names as optional peers, ~100 MB).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --legacy-peer-deps --no-audit --no-fund

# 2. Run: node on the built server, as a user without privileges. pg_dump/pg_restore for npm run backup.
FROM node:20-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data && chown node:node /data
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/live`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains: readiness turns 503, requests in flight get 5 s, then the process exits.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist-server/main.js"]
