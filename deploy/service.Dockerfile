# syntax=docker/dockerfile:1
# The image of one back-end service, built from the repository root:
#   docker build -f deploy/service.Dockerfile --build-arg SERVICE=svc-sessions .
# SERVICE is svc-gateway, svc-sessions or svc-verification. The image carries that service's
# production dependencies and nothing else (the sessions image has no sharp, tesseract, human or
# react): each service's package.json names what its code loads, and npm installs that workspace
# alone from the lockfile. tools/deploy/check-service-images.mjs (run by npm test) proves it.
ARG SERVICE

# Every package.json of the repository and nothing else: a change of source code leaves this
# stage's output unchanged, so the dependency install below stays cached.
FROM node:20-bookworm-slim AS manifests
WORKDIR /context
COPY . .
RUN mkdir -p ../manifests \
 && find . -name package.json -not -path '*/node_modules/*' -exec cp --parents {} ../manifests/ \;

# Compiles the shared libraries and the service (TypeScript needs every dev dependency).
FROM node:20-bookworm-slim AS build
ARG SERVICE
WORKDIR /app
COPY package-lock.json .npmrc tsconfig.base.json ./
COPY --from=manifests /manifests/ ./
RUN npm ci --no-audit --no-fund
COPY libs/ libs/
COPY ${SERVICE}/ ${SERVICE}/
RUN npm run build -w @idv/contracts -w @idv/service-kit -w ${SERVICE}

# The service's own production dependencies: its workspace and the libraries it links to.
FROM node:20-bookworm-slim AS dependencies
ARG SERVICE
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/service-kit/package.json libs/service-kit/
COPY ${SERVICE}/package.json ${SERVICE}/
RUN npm ci --omit=dev --workspace ${SERVICE} --include-workspace-root=false --no-audit --no-fund

FROM node:20-bookworm-slim
ARG SERVICE
ENV NODE_ENV=production
WORKDIR /app
COPY --from=dependencies /app/ ./
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/libs/contracts/catalogue libs/contracts/catalogue
COPY --from=build /app/libs/service-kit/dist libs/service-kit/dist
COPY --from=build /app/${SERVICE}/dist ${SERVICE}/dist
WORKDIR /app/${SERVICE}
USER node
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 CMD ["node", "dist/healthcheck.js"]
CMD ["node", "dist/main.js"]
