#!/usr/bin/env bash
# Installs haproxy from Debian when missing, for the fleet tests (test/integration/fleet). Idempotent. The tests run
# it themselves; nothing is started here.
set -euo pipefail

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

if command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ]; then
  exit 0
fi
echo "install-haproxy: installing haproxy" >&2
as_root apt-get update >&2
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends haproxy >&2
