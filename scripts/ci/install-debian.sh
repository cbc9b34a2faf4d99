#!/usr/bin/env bash
# Installs, from Debian, the programs the test stages run that are missing: PostgreSQL (the PostgreSQL stage), haproxy
# (the fleet test) and chromium (the map page's browser test). One apt-get run for all of them: .ci/run starts this in
# the background while `npm ci` downloads, then waits for it. Idempotent; prints nothing to stdout.
set -euo pipefail

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

missing=()
[ -x /usr/lib/postgresql/15/bin/postgres ] || missing+=(postgresql)
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)

if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-debian: postgresql, haproxy and chromium are present" >&2
  exit 0
fi
echo "install-debian: installing ${missing[*]}" >&2
as_root apt-get update >&2
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >&2
