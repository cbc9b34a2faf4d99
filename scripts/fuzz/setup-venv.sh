#!/bin/sh
# Installs the pinned schemathesis, openapi-python-client (the Python client generator) and setuptools (which builds the
# client wheels of scripts/clients/build.ts with no backend to download) into the repository's .venv (git-ignored).
# Idempotent: a venv that already has the pinned versions is left alone, so CI can call this before every run.
set -eu
SCHEMATHESIS_VERSION=4.32.5
OPENAPI_PYTHON_CLIENT_VERSION=0.29.1
SETUPTOOLS_VERSION=84.2.1
root=$(cd "$(dirname "$0")/../.." && pwd)
venv="$root/.venv"
python=${PYTHON:-python3}

has_version() {
  "$venv/bin/python" -m pip show "$1" 2>/dev/null | grep -qx "Version: $2"
}

if [ -x "$venv/bin/st" ] && [ -x "$venv/bin/openapi-python-client" ] &&
  has_version schemathesis "$SCHEMATHESIS_VERSION" && has_version openapi-python-client "$OPENAPI_PYTHON_CLIENT_VERSION" &&
  has_version setuptools "$SETUPTOOLS_VERSION"; then
  echo "schemathesis $SCHEMATHESIS_VERSION, openapi-python-client $OPENAPI_PYTHON_CLIENT_VERSION and setuptools $SETUPTOOLS_VERSION already in $venv"
  exit 0
fi
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
  "schemathesis==$SCHEMATHESIS_VERSION" "openapi-python-client==$OPENAPI_PYTHON_CLIENT_VERSION" \
  "setuptools==$SETUPTOOLS_VERSION"
"$venv/bin/st" --version
"$venv/bin/openapi-python-client" --version
