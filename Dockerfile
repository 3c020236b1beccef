# Tikat: one image serving the API and the built web app.
# Build: docker build -t tikat .   Run: see compose.yaml and docs/deployment.md.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY scripts/check-engines.ts scripts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:web && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app /app
RUN groupadd --system tikat && useradd --system --gid tikat --home /app tikat && mkdir -p /app/data/uploads && chown -R tikat:tikat /app/data
USER tikat
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD node -e "fetch('http://127.0.0.1:3000/livez').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node_modules/.bin/tsx", "server/src/main.ts"]
