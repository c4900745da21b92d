# syntax=docker/dockerfile:1
# The image of one browser app, built from the repository root:
#   docker build -f deploy/frontend.Dockerfile --build-arg APP=shell --build-arg ROLE=shell .
#   docker build -f deploy/frontend.Dockerfile --build-arg APP=mf-landing .
# APP is shell, mf-landing, mf-session or mf-verify; ROLE is shell (the host page: its runtime
# config.json and remotes.json are written from the environment when it starts) or remote (the
# default: a module the shell loads at run time, CORS for SHELL_ORIGIN only). Each deploys alone.
ARG APP
ARG ROLE=remote

# Every package.json of the repository and nothing else: a change of source code leaves this
# stage's output unchanged, so the dependency install below stays cached.
FROM node:20-bookworm-slim AS manifests
WORKDIR /context
COPY . .
RUN mkdir -p ../manifests \
 && find . -name package.json -not -path '*/node_modules/*' -exec cp --parents {} ../manifests/ \;

FROM node:20-bookworm-slim AS build
ARG APP
WORKDIR /app
COPY package-lock.json .npmrc tsconfig.base.json ./
COPY --from=manifests /manifests/ ./
RUN npm ci --no-audit --no-fund
COPY tools/rspack/ tools/rspack/
COPY tools/lib/paths.mjs tools/lib/
COPY libs/ libs/
COPY ${APP}/ ${APP}/
RUN npm run build -w ${APP}

# nginx as an unprivileged user (uid 101) listening on 8080: the container runs as non-root with a
# read-only root filesystem (the Helm chart's pods, an emptyDir at /tmp): what the entrypoint
# scripts write at start goes to /tmp/nginx-runtime, nginx's own temporary files and pid to /tmp.
FROM nginxinc/nginx-unprivileged:1.27-alpine
ARG ROLE
ENV FRONTEND_ROLE=${ROLE}
COPY deploy/nginx/${ROLE}.conf /etc/nginx/conf.d/default.conf
COPY deploy/nginx/security-headers.sh /docker-entrypoint.d/41-security-headers.sh
COPY deploy/nginx/shell-runtime-config.sh /docker-entrypoint.d/40-shell-runtime-config.sh
ARG APP
COPY --from=build /app/${APP}/dist /usr/share/nginx/html
HEALTHCHECK --interval=15s --timeout=3s --retries=3 CMD wget -qO- http://127.0.0.1:8080/health || exit 1
EXPOSE 8080
