#!/usr/bin/env bash
# Starts a local PostgreSQL 15 on 127.0.0.1:5432 with a `machimi` role and database, installing it when missing.
# Idempotent: safe to run again while the cluster is up. Prints the DATABASE_URL (and TEST_DATABASE_URL) on stdout;
# everything else goes to stderr so callers can `eval "$(scripts/ci/start-postgres.sh)"`.
set -euo pipefail

PG_VERSION="${PG_VERSION:-15}"
PG_CLUSTER="${PG_CLUSTER:-main}"
PG_PORT="${PG_PORT:-5432}"
DB_USER="${MACHIMI_DB_USER:-machimi}"
DB_PASSWORD="${MACHIMI_DB_PASSWORD:-machimi}"
DB_NAME="${MACHIMI_DB_NAME:-machimi}"
TEST_DB_NAME="${MACHIMI_TEST_DB_NAME:-machimi_test}"

log() { echo "start-postgres: $*" >&2; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

if [ ! -x "/usr/lib/postgresql/${PG_VERSION}/bin/postgres" ]; then
  log "installing postgresql-${PG_VERSION}"
  as_root apt-get update >&2
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql >&2
fi

if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "${PG_VERSION} ${PG_CLUSTER}"; then
  log "creating cluster ${PG_VERSION}/${PG_CLUSTER}"
  as_root pg_createcluster "${PG_VERSION}" "${PG_CLUSTER}" --port "${PG_PORT}" >&2
fi

# Loopback only: CI and the tests never need the cluster reachable from elsewhere. A conf.d file keeps
# postgresql.conf untouched (Debian's main config includes conf.d).
conf_dir="/etc/postgresql/${PG_VERSION}/${PG_CLUSTER}/conf.d"
as_root mkdir -p "${conf_dir}"
printf "listen_addresses = '127.0.0.1'\nport = %s\n" "${PG_PORT}" | as_root tee "${conf_dir}/machimi.conf" >/dev/null

status="$(pg_lsclusters -h | awk -v v="${PG_VERSION}" -v c="${PG_CLUSTER}" '$1==v && $2==c {print $4}')"
if [ "${status}" != "online" ]; then
  log "starting cluster ${PG_VERSION}/${PG_CLUSTER} on 127.0.0.1:${PG_PORT}"
  as_root pg_ctlcluster "${PG_VERSION}" "${PG_CLUSTER}" start >&2
fi

for _ in $(seq 1 30); do
  if pg_isready -q -h 127.0.0.1 -p "${PG_PORT}"; then break; fi
  sleep 1
done
pg_isready -h 127.0.0.1 -p "${PG_PORT}" >&2

psql_admin() {
  as_root su postgres -c "psql -v ON_ERROR_STOP=1 -q -p ${PG_PORT} -X $*" >&2
}

psql_admin "-c \"DO \\\$\\\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${DB_USER}') THEN
    CREATE ROLE ${DB_USER} LOGIN PASSWORD '${DB_PASSWORD}';
  ELSE
    ALTER ROLE ${DB_USER} LOGIN PASSWORD '${DB_PASSWORD}';
  END IF;
END \\\$\\\$;\""

for db in "${DB_NAME}" "${TEST_DB_NAME}"; do
  exists="$(as_root su postgres -c "psql -p ${PG_PORT} -X -tAc \"SELECT 1 FROM pg_database WHERE datname = '${db}'\"")"
  if [ "${exists}" != "1" ]; then
    log "creating database ${db}"
    psql_admin "-c \"CREATE DATABASE ${db} OWNER ${DB_USER}\""
  fi
done

echo "DATABASE_URL=postgres://${DB_USER}:${DB_PASSWORD}@127.0.0.1:${PG_PORT}/${DB_NAME}"
echo "TEST_DATABASE_URL=postgres://${DB_USER}:${DB_PASSWORD}@127.0.0.1:${PG_PORT}/${TEST_DB_NAME}"
