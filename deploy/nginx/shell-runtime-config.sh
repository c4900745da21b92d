#!/bin/sh
# Writes the shell's deploy-time files from the environment when the container starts
# (nginx runs /docker-entrypoint.d/*.sh first): a new remote URL or API key needs no rebuild.
set -eu
# deploy/frontend.Dockerfile builds every browser app; only the shell (FRONTEND_ROLE=shell) has these files.
[ "${FRONTEND_ROLE:-shell}" = shell ] || exit 0
# Not into the app's files: the root filesystem may be read-only (shell.conf serves them from here).
html=${SHELL_RUNTIME_DIR:-/tmp/nginx-runtime}
mkdir -p "$html"
json() { printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g'; }
cat > "$html/config.json" <<JSON
{
  "apiBaseUrl": "$(json "${API_BASE_URL:-/api}")",
  "apiKey": "$(json "${API_KEY:?API_KEY must be set}")",
  "supportContact": "$(json "${SUPPORT_CONTACT:-support@example.com}")"
}
JSON
cat > "$html/remotes.json" <<JSON
{
  "mf_landing": "$(json "${REMOTE_MF_LANDING_URL:?REMOTE_MF_LANDING_URL must be set}")",
  "mf_session": "$(json "${REMOTE_MF_SESSION_URL:?REMOTE_MF_SESSION_URL must be set}")",
  "mf_verify": "$(json "${REMOTE_MF_VERIFY_URL:?REMOTE_MF_VERIFY_URL must be set}")"
}
JSON
