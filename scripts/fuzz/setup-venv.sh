#!/bin/sh
# Installs the pinned schemathesis into /work/main/.venv (git-ignored). Idempotent: a venv that already has the
# pinned version is left alone, so CI can call this before every fuzz run.
set -eu
SCHEMATHESIS_VERSION=4.32.5
root=$(cd "$(dirname "$0")/../.." && pwd)
venv="$root/.venv"
python=${PYTHON:-python3}

if [ -x "$venv/bin/st" ] && "$venv/bin/python" -m pip show schemathesis 2>/dev/null | grep -qx "Version: $SCHEMATHESIS_VERSION"; then
  echo "schemathesis $SCHEMATHESIS_VERSION already in $venv"
  exit 0
fi
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
"$venv/bin/st" --version
