#!/usr/bin/env bash
# executemany of 1,000 rows from Python: the Relationship Layer's client against psycopg on a local PostgreSQL 15.
# A benchmark, never a test: it makes clients/python/.venv-bench (the client and psycopg from PyPI), starts
# `rl server --memory` on a free port and a local PostgreSQL (scripts/postgres.sh), and runs
# clients/python/bench/executemany.py. Arguments go to that script (--rows N, --runs R). RL_JAR: another server jar.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CLIENT="$ROOT/clients/python"
VENV="$CLIENT/.venv-bench"
PYTHON="${PYTHON:-python3}"
JAR="${RL_JAR:-$ROOT/cli/target/rl.jar}"
[ -f "$JAR" ] || { echo "bench-executemany: $JAR is missing: run ./rl --version (it builds) first" >&2; exit 1; }
if [ ! -x "$VENV/bin/python" ]; then
  "$PYTHON" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install -q --disable-pip-version-check "$CLIENT" "psycopg[binary]"
rm -rf "$CLIENT/build" "$CLIENT"/src/*.egg-info

"$ROOT/scripts/postgres.sh" start >/dev/null
jdbc="$("$ROOT/scripts/postgres.sh" url)"
# jdbc:postgresql://HOST:PORT/DB?user=U&password=P -> postgresql://U:P@HOST:PORT/DB
dsn="$(echo "$jdbc" | sed -E 's#jdbc:postgresql://([^/]+)/([^?]+)\?user=([^&]+)&password=(.*)#postgresql://\3:\4@\1/\2#')"

log="$(mktemp)"
java -jar "$JAR" server --memory --port 0 >"$log" 2>&1 &
server=$!
# Waits for the server to stop, so that no JVM outlives the script (it drains for a second or two after SIGTERM).
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 600); do
  grep -q "listening on" "$log" && break
  kill -0 $server 2>/dev/null || { cat "$log" >&2; exit 1; }
  sleep 0.1
done
target="$(sed -nE 's/.*rl server listening on (\S+):([0-9]+).*/\1:\2/p' "$log" | head -1)"
[ -n "$target" ] || { echo "bench-executemany: the server did not listen:" >&2; cat "$log" >&2; exit 1; }
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
"$VENV/bin/python" "$CLIENT/bench/executemany.py" --rl "$target" --postgres "$dsn" "$@"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
