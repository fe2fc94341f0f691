#!/usr/bin/env bash
# Runs the Python client's tests (clients/python) against a real `rl server --memory`.
# Creates clients/python/.venv, installs the package (its gRPC stubs are generated from proto/ at install time),
# pytest and cryptography (to make the TLS tests' certificates) from PyPI, builds the server jar if it is missing, and
# runs pytest. Extra arguments go to pytest.
# Environment: PYTHON (default python3), RL_JAR (a server jar to use instead of cli/target/rl.jar).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CLIENT="$ROOT/clients/python"
VENV="$CLIENT/.venv"
PYTHON="${PYTHON:-python3}"

command -v "$PYTHON" >/dev/null || { echo "python-tests: $PYTHON not found (need Python >= 3.9)" >&2; exit 1; }
"$PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 9) else 1)' \
  || { echo "python-tests: need Python >= 3.9, found $("$PYTHON" --version 2>&1)" >&2; exit 1; }

if [ ! -x "$VENV/bin/python" ]; then
  echo "python-tests: creating $VENV"
  "$PYTHON" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install -q --disable-pip-version-check --upgrade pip
# Reinstall the package each run so that the stubs follow proto/ and the sources (no cache of an older build).
rm -rf "$CLIENT/build"
"$VENV/bin/python" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps "$CLIENT"
"$VENV/bin/python" -m pip install -q --disable-pip-version-check "$CLIENT" pytest cryptography
rm -rf "$CLIENT/build" "$CLIENT"/src/*.egg-info

JAR="${RL_JAR:-$ROOT/cli/target/rl.jar}"
if [ ! -f "$JAR" ]; then
  [ -z "${RL_JAR:-}" ] || { echo "python-tests: RL_JAR=$JAR does not exist" >&2; exit 1; }
  command -v mvn >/dev/null || { echo "python-tests: $JAR is missing and mvn is not installed" >&2; exit 1; }
  echo "python-tests: building the server jar (mvn -B -q -DskipTests package -pl cli -am)"
  (cd "$ROOT" && mvn -B -q -DskipTests package -pl cli -am)
  [ -f "$JAR" ] || { echo "python-tests: the build did not produce $JAR" >&2; exit 1; }
fi
export RL_JAR="$JAR"

cd "$CLIENT"
exec "$VENV/bin/python" -m pytest -q -p no:cacheprovider "$@" tests
