#!/usr/bin/env bash
# A local PostgreSQL 15 for the benchmarks' side-by-side rows (rl bench bank --postgres ...), never for the tests or CI.
#
#   scripts/postgres.sh start   installs Debian's postgresql-15 if it is missing (apt-get; needs root or sudo),
#                               creates a cluster in $RL_PG_DIR (default /tmp/rl-postgres) on first use, starts it
#                               on 127.0.0.1:$RL_PG_PORT (default 54315), and prints the JDBC URL
#   scripts/postgres.sh url     prints the JDBC URL (for --postgres "$(scripts/postgres.sh url)")
#   scripts/postgres.sh stop    stops it (the cluster's files stay; `rm -rf $RL_PG_DIR` removes them)
#
# Settings are Debian's defaults (fsync on, synchronous_commit on), plus max_connections 200 for the benchmarks'
# clients. The server runs as the postgres user when started by root (PostgreSQL refuses to run as root).
set -euo pipefail
DIR="${RL_PG_DIR:-/tmp/rl-postgres}"
PORT="${RL_PG_PORT:-54315}"
DB=rlbench
URL="jdbc:postgresql://127.0.0.1:$PORT/$DB?user=rlbench&password=rlbench"

bin() {
  for d in /usr/lib/postgresql/15/bin; do
    [ -x "$d/$1" ] && { echo "$d/$1"; return; }
  done
  return 1
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

install() {
  bin pg_ctl >/dev/null && return
  echo "postgres.sh: installing Debian's postgresql-15" >&2
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql-15 >/dev/null
  bin pg_ctl >/dev/null || { echo "postgres.sh: postgresql-15 did not install" >&2; exit 1; }
}

start() {
  install
  if [ ! -f "$DIR/PG_VERSION" ]; then
    mkdir -p "$DIR"
    [ "$(id -u)" = 0 ] && chown postgres "$DIR"
    as_owner "$(bin initdb)" -D "$DIR" -U postgres --auth=trust -E UTF8 >/dev/null
    printf "listen_addresses = '127.0.0.1'\nport = %s\nmax_connections = 200\nunix_socket_directories = '%s'\n" \
      "$PORT" "$DIR" >>"$DIR/postgresql.conf"
  fi
  if ! as_owner "$(bin pg_ctl)" -D "$DIR" status >/dev/null 2>&1; then
    as_owner "$(bin pg_ctl)" -D "$DIR" -l "$DIR/server.log" -w start >/dev/null
  fi
  local psql=("$(bin psql)" -h 127.0.0.1 -p "$PORT" -U postgres -qtA)
  if [ -z "$("${psql[@]}" -c "SELECT 1 FROM pg_roles WHERE rolname = 'rlbench'")" ]; then
    "${psql[@]}" -c "CREATE ROLE rlbench LOGIN PASSWORD 'rlbench'"
  fi
  if [ -z "$("${psql[@]}" -c "SELECT 1 FROM pg_database WHERE datname = '$DB'")" ]; then
    "${psql[@]}" -c "CREATE DATABASE $DB OWNER rlbench"
  fi
  echo "$URL"
}

case "${1:-}" in
  start) start ;;
  url) echo "$URL" ;;
  stop) as_owner "$(bin pg_ctl)" -D "$DIR" -w stop ;;
  *) echo "usage: scripts/postgres.sh start|url|stop" >&2; exit 2 ;;
esac
