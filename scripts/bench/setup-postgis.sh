#!/usr/bin/env bash
# Prepares PostGIS for `npm run bench`: installs Debian's postgresql-<major>-postgis-3 when missing, starts the local
# cluster (scripts/ci/start-postgres.sh) and creates the database machimi_bench_postgis, owned by the machimi role, with
# the postgis extension (which needs a superuser). Idempotent. Prints the URL the benches use by default.
set -euo pipefail

PG_VERSION="${PG_VERSION:-15}"
PG_PORT="${PG_PORT:-5432}"
DB_NAME="${MACHIMI_BENCH_POSTGIS_DB:-machimi_bench_postgis}"
DB_USER="${MACHIMI_DB_USER:-machimi}"

log() { echo "setup-postgis: $*" >&2; }
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

here="$(cd "$(dirname "$0")" && pwd)"
bash "${here}/../ci/start-postgres.sh" >/dev/null

if [ ! -f "/usr/share/postgresql/${PG_VERSION}/extension/postgis.control" ]; then
  log "installing postgresql-${PG_VERSION}-postgis-3"
  as_root apt-get update >&2
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y "postgresql-${PG_VERSION}-postgis-3" >&2
fi

psql_admin() {
  as_root su postgres -c "psql -v ON_ERROR_STOP=1 -q -p ${PG_PORT} -X $*" >&2
}
exists="$(as_root su postgres -c "psql -p ${PG_PORT} -X -tAc \"SELECT 1 FROM pg_database WHERE datname = '${DB_NAME}'\"")"
if [ "${exists}" != "1" ]; then
  log "creating database ${DB_NAME}"
  psql_admin "-c \"CREATE DATABASE ${DB_NAME} OWNER ${DB_USER}\""
fi
psql_admin "-d ${DB_NAME} -c \"CREATE EXTENSION IF NOT EXISTS postgis\""
echo "postgres://${DB_USER}:${MACHIMI_DB_PASSWORD:-machimi}@127.0.0.1:${PG_PORT}/${DB_NAME}"
