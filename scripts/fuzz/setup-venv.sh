#!/bin/sh
# Installs the pinned schemathesis and openapi-python-client (the second-language client generator of the fuzz stage)
# into the repository's .venv (git-ignored). Idempotent: a venv that already has both pinned versions is left alone, so CI
# can call this before every fuzz run. The generated Python clients need only httpx and attrs, which both bring.
set -eu
SCHEMATHESIS_VERSION=4.32.5
OPENAPI_PYTHON_CLIENT_VERSION=0.29.1
root=$(cd "$(dirname "$0")/../.." && pwd)
venv="$root/.venv"
python=${PYTHON:-python3}

has_version() {
  "$venv/bin/python" -m pip show "$1" 2>/dev/null | grep -qx "Version: $2"
}

if [ -x "$venv/bin/st" ] && [ -x "$venv/bin/openapi-python-client" ] &&
  has_version schemathesis "$SCHEMATHESIS_VERSION" && has_version openapi-python-client "$OPENAPI_PYTHON_CLIENT_VERSION"; then
  echo "schemathesis $SCHEMATHESIS_VERSION and openapi-python-client $OPENAPI_PYTHON_CLIENT_VERSION already in $venv"
  exit 0
fi
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
  "schemathesis==$SCHEMATHESIS_VERSION" "openapi-python-client==$OPENAPI_PYTHON_CLIENT_VERSION"
"$venv/bin/st" --version
"$venv/bin/openapi-python-client" --version
