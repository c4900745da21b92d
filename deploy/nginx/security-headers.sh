#!/bin/sh
# Writes the security headers every page and file of this container sends, from the environment,
# when the container starts (nginx runs /docker-entrypoint.d/*.sh first). The server block includes
# the file, and no location adds a header of its own (a location's add_header would drop these).
#
# The shell: REMOTE_MF_*_URL (the remotes' manifests) and API_BASE_URL name what its pages may load
#   and call. A remote: SHELL_ORIGIN is the one origin allowed to load its files cross-origin.
# The policy is the one the local stack sends (tools/stack/content-security-policy.mjs); a test
# compares them (tools/tests/nginx-headers.spec.ts).
set -eu
out=${SECURITY_HEADERS_FILE:-/tmp/nginx-runtime/security-headers.conf}
mkdir -p "$(dirname "$out")"
# The origin of an absolute URL (scheme://host[:port]); nothing for a path on this origin.
origin() { printf '%s' "$1" | sed -nE 's#^([a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]+).*#\1#p'; }

app="'self'"
for url in "${REMOTE_MF_LANDING_URL:-}" "${REMOTE_MF_SESSION_URL:-}" "${REMOTE_MF_VERIFY_URL:-}"; do
  o=$(origin "$url")
  if [ -n "$o" ]; then app="$app $o"; fi
done
api=$(origin "${API_BASE_URL:-}")
connect="$app"
if [ -n "$api" ]; then connect="$app $api"; fi
policy="default-src 'self'; script-src $app 'wasm-unsafe-eval'; style-src $app 'unsafe-inline'; font-src $app; connect-src $connect; img-src 'self' data: blob:; media-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

{
  echo "add_header Content-Security-Policy \"$policy\" always;"
  echo 'add_header Permissions-Policy "camera=(self)" always;'
  echo 'add_header Referrer-Policy no-referrer always;'
  echo 'add_header X-Content-Type-Options nosniff always;'
  echo 'add_header X-Frame-Options DENY always;'
  # HTTPS only from now on, for a year, once a browser has seen the app over HTTPS (browsers ignore
  # it over plain HTTP, so the local stack's http://localhost is unaffected). Not includeSubDomains:
  # that would bind every other host of the operator's domain too.
  echo 'add_header Strict-Transport-Security "max-age=31536000" always;'
  echo 'add_header Cache-Control $cache_control always;'
  if [ -n "${SHELL_ORIGIN:-}" ]; then
    shell=$(origin "$SHELL_ORIGIN")
    [ -n "$shell" ] || { echo "SHELL_ORIGIN must be an origin such as https://app.example.org" >&2; exit 1; }
    echo "add_header Access-Control-Allow-Origin \"$shell\" always;"
    echo 'add_header Vary Origin always;'
  fi
} > "$out"
