#!/usr/bin/env bash
# start-local-fdb.sh - run a single-process FoundationDB on this machine for
# development and tests of the `fdb:` backend.
#
# Usage:
#   start-local-fdb.sh [DIR]        start (or reuse) a local server; DIR defaults
#                                   to ./.fdb-local. Prints the connection string
#                                   the project accepts on stdout:
#                                     fdb:/absolute/path/DIR/fdb.cluster
#   start-local-fdb.sh stop [DIR]   stop the server this script started in DIR
#   start-local-fdb.sh -h|--help
#
# Environment:
#   FDB_PORT          port on 127.0.0.1 for a NEW cluster file (default 4689, so it
#                     does not clash with a packaged server on 4500)
#   FDB_WAIT_SECONDS  how long to wait for the database (default 30)
#   FDBSERVER, FDBCLI paths of the binaries, if they are not in the usual places
#
# Layout of DIR: fdb.cluster, data/, logs/ (trace files), fdbserver.pid,
# fdbserver.out (stdout/stderr), .configured (set once the database exists).
# The database uses the `memory` storage engine (durable: it is logged to disk
# under DIR/data); remove DIR after `stop` to start from scratch.
#
# Needs FoundationDB 7.3 (fdbserver and fdbcli). Diagnostics go to stderr, so
#   export RL_FDB="$(fdb-config/start-local-fdb.sh)"
# captures just the connection string.

set -euo pipefail

readonly DEFAULT_DIR=".fdb-local"
readonly DEFAULT_PORT=4689
readonly FDB_VERSION_HINT="7.3.68"  # the fdb-java version in the root pom.xml
readonly SEARCH_DIRS="/usr/sbin /usr/bin /usr/local/bin /usr/local/sbin /usr/local/libexec"

PROG="$(basename "$0")"
readonly PROG

say() { printf '%s: %s\n' "$PROG" "$*" >&2; }
die() { say "$*"; exit 1; }

usage() {
    cat >&2 <<EOF
usage: $PROG [DIR]          start a local single-process FoundationDB (DIR defaults to ./$DEFAULT_DIR)
       $PROG stop [DIR]     stop the process started in DIR
environment: FDB_PORT (default $DEFAULT_PORT), FDB_WAIT_SECONDS (default 30), FDBSERVER, FDBCLI
EOF
}

# find_binary NAME OVERRIDE: prints the path of an executable NAME, or nothing.
find_binary() {
    local name="$1" override="$2" dir found
    if [[ -n "$override" ]]; then
        if [[ -x "$override" && ! -d "$override" ]]; then
            printf '%s\n' "$override"
        fi
        return 0
    fi
    if found="$(command -v "$name" 2>/dev/null)" && [[ -x "$found" ]]; then
        printf '%s\n' "$found"
        return 0
    fi
    for dir in $SEARCH_DIRS; do
        if [[ -x "$dir/$name" && ! -d "$dir/$name" ]]; then
            printf '%s\n' "$dir/$name"
            return 0
        fi
    done
    return 0
}

missing_binaries() {
    local missing="$1"
    cat >&2 <<EOF
$PROG: FoundationDB is not installed here: could not find $missing
  (looked in PATH and in $SEARCH_DIRS;
   set FDBSERVER=/path/to/fdbserver and FDBCLI=/path/to/fdbcli to use other binaries).

Install the FoundationDB 7.3 server packages (the project is built against
fdb-java $FDB_VERSION_HINT; use a 7.3.x release, ideally the same one) from
  https://github.com/apple/foundationdb/releases/tag/$FDB_VERSION_HINT
  Debian/Ubuntu: foundationdb-clients_${FDB_VERSION_HINT}-1_amd64.deb, then
                 foundationdb-server_${FDB_VERSION_HINT}-1_amd64.deb
                 (sudo dpkg -i ...; *_aarch64.deb on ARM)
  RHEL/Rocky:    the foundationdb-clients and foundationdb-server .rpm files
  macOS:         the FoundationDB-${FDB_VERSION_HINT} .pkg installer for your CPU
The server package also starts a system-wide FoundationDB on port 4500 with
/etc/foundationdb/fdb.cluster (the project reaches it as plain "fdb:"); this
script runs its own process on 127.0.0.1:${FDB_PORT:-$DEFAULT_PORT} next to it.

Nothing needs installing for the embedded backends: embedded:memory, embedded:<dir>.
EOF
    exit 1
}

# rand_hex N: 2N lowercase hex characters from /dev/urandom.
rand_hex() {
    od -An -N"$1" -tx1 /dev/urandom | tr -d ' \n'
}

# run_bounded SECONDS CMD...: runs CMD, killing it after SECONDS.
run_bounded() {
    local secs="$1"
    shift
    if command -v timeout >/dev/null 2>&1; then
        timeout "$secs" "$@"
    elif command -v gtimeout >/dev/null 2>&1; then
        gtimeout "$secs" "$@"
    else
        "$@" &
        local child=$! watchdog rc=0
        (sleep "$secs" && kill -TERM "$child" 2>/dev/null) &
        watchdog=$!
        wait "$child" || rc=$?
        kill "$watchdog" 2>/dev/null || true
        wait "$watchdog" 2>/dev/null || true
        return "$rc"
    fi
}

# is_our_fdbserver PID CLUSTER_FILE: true if PID is alive and is an fdbserver
# using CLUSTER_FILE (guards against a recycled pid).
is_our_fdbserver() {
    local pid="$1" cluster_file="$2" cmdline=""
    [[ "$pid" =~ ^[0-9]+$ ]] || return 1
    kill -0 "$pid" 2>/dev/null || return 1
    if [[ -r "/proc/$pid/cmdline" ]]; then
        cmdline="$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null || true)"
    else
        cmdline="$(ps -p "$pid" -o command= 2>/dev/null || true)"
    fi
    [[ "$cmdline" == *fdbserver* && "$cmdline" == *"$cluster_file"* ]]
}

# absolute_dir DIR: prints the absolute, symlink-free path of an existing DIR.
absolute_dir() {
    (cd "$1" && pwd -P)
}

stop_server() {
    local dir="$1" pid_file cluster_file pid i
    if [[ ! -d "$dir" ]]; then
        say "nothing to stop: $dir does not exist"
        return 0
    fi
    dir="$(absolute_dir "$dir")"
    pid_file="$dir/fdbserver.pid"
    cluster_file="$dir/fdb.cluster"
    if [[ ! -f "$pid_file" ]]; then
        say "nothing to stop: no pid file in $dir"
        return 0
    fi
    pid="$(tr -d ' \n' <"$pid_file")"
    if ! [[ "$pid" =~ ^[0-9]+$ ]] || ! kill -0 "$pid" 2>/dev/null; then
        say "fdbserver (pid ${pid:-?}) is not running; removing stale $pid_file"
        rm -f "$pid_file"
        return 0
    fi
    if ! is_our_fdbserver "$pid" "$cluster_file"; then
        die "pid $pid from $pid_file is not an fdbserver using $cluster_file; not killing it (remove the pid file if it is stale)"
    fi
    say "stopping fdbserver (pid $pid)"
    kill -TERM "$pid"
    for ((i = 0; i < 100; i++)); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
        say "fdbserver (pid $pid) still running after 10 s; sending SIGKILL"
        kill -KILL "$pid" 2>/dev/null || true
    fi
    rm -f "$pid_file"
    say "stopped"
}

start_server() {
    local dir="$1"
    local port="${FDB_PORT:-$DEFAULT_PORT}"
    local wait_seconds="${FDB_WAIT_SECONDS:-30}"
    if ! [[ "$port" =~ ^[0-9]{1,5}$ ]] || ((10#$port < 1 || 10#$port > 65535)); then
        die "FDB_PORT must be a port number, got '$port'"
    fi
    port=$((10#$port))
    [[ "$wait_seconds" =~ ^[0-9]+$ ]] || die "FDB_WAIT_SECONDS must be a number of seconds, got '$wait_seconds'"

    # Binaries first: no side effects on a machine without FoundationDB.
    local fdbserver fdbcli missing=""
    fdbserver="$(find_binary fdbserver "${FDBSERVER:-}")"
    fdbcli="$(find_binary fdbcli "${FDBCLI:-}")"
    [[ -n "$fdbserver" ]] || missing="fdbserver"
    [[ -n "$fdbcli" ]] || missing="${missing:+$missing and }fdbcli"
    [[ -z "$missing" ]] || missing_binaries "$missing"

    mkdir -p "$dir/data" "$dir/logs"
    dir="$(absolute_dir "$dir")"
    local cluster_file="$dir/fdb.cluster"
    local pid_file="$dir/fdbserver.pid"
    local marker="$dir/.configured"
    local out_file="$dir/fdbserver.out"

    # Cluster file: written once; later starts must reuse it, because the data
    # in DIR/data belongs to the cluster named by its description:ID.
    if [[ ! -f "$cluster_file" ]]; then
        local description id
        description="rl_local_$(rand_hex 4)"
        id="$(rand_hex 8)"
        {
            printf '# Local single-process FoundationDB, written by %s.\n' "$PROG"
            printf '# Format: description:ID@coordinator; text after # is ignored.\n'
            printf '%s:%s@127.0.0.1:%s\n' "$description" "$id" "$port"
        } >"$cluster_file"
        say "wrote $cluster_file"
    fi
    local connection address
    connection="$(sed 's/#.*//' "$cluster_file" | tr -d ' \t\r\n')"
    address="${connection#*@}"
    if [[ "$connection" != *@* || "$address" == *,* || "$address" != *:* ]]; then
        die "$cluster_file does not name exactly one coordinator ($connection); it was not written by this script"
    fi
    if [[ "${address%:*}" != "127.0.0.1" ]]; then
        die "$cluster_file names $address, not 127.0.0.1; it was not written by this script"
    fi
    if [[ "${address##*:}" != "$port" ]]; then
        if [[ -n "${FDB_PORT:-}" ]]; then
            say "note: $cluster_file already uses port ${address##*:}; FDB_PORT=$FDB_PORT is ignored"
        fi
        port="${address##*:}"
    fi

    # Start fdbserver unless the one from a previous run is still up.
    local pid=""
    if [[ -f "$pid_file" ]]; then
        pid="$(tr -d ' \n' <"$pid_file")"
        if is_our_fdbserver "$pid" "$cluster_file"; then
            say "fdbserver already running (pid $pid) on 127.0.0.1:$port"
        else
            rm -f "$pid_file"
            pid=""
        fi
    fi
    if [[ -z "$pid" ]]; then
        say "starting $fdbserver on 127.0.0.1:$port (data in $dir/data)"
        nohup "$fdbserver" \
            --cluster-file "$cluster_file" \
            --public-address "127.0.0.1:$port" \
            --listen-address public \
            --datadir "$dir/data" \
            --logdir "$dir/logs" \
            --locality-machineid rl_local \
            --locality-zoneid rl_local \
            </dev/null >>"$out_file" 2>&1 &
        pid=$!
        printf '%s\n' "$pid" >"$pid_file"
    fi

    # Wait (bounded) until the coordinator answers, create the database the
    # first time, then wait until it is available.
    local deadline=$((SECONDS + wait_seconds)) output="" remaining stage="reach the coordinator"
    local reachable=0 available=0
    while ((SECONDS < deadline)); do
        if ! kill -0 "$pid" 2>/dev/null; then
            say "fdbserver exited; last lines of $out_file:"
            tail -n 20 "$out_file" >&2 || true
            rm -f "$pid_file"
            die "fdbserver did not stay up (is port $port in use? see $out_file and $dir/logs)"
        fi
        remaining=$((deadline - SECONDS))
        if ((remaining > 10)); then remaining=10; fi
        if ((remaining < 1)); then remaining=1; fi

        if ((reachable == 0)); then
            output="$(run_bounded "$remaining" "$fdbcli" -C "$cluster_file" --exec "status json" 2>&1 || true)"
            if [[ "$output" =~ \"quorum_reachable\"[[:space:]]*:[[:space:]]*true ]]; then
                reachable=1
                stage="create the database"
                continue
            fi
        elif [[ ! -f "$marker" ]]; then
            output="$(run_bounded "$remaining" "$fdbcli" -C "$cluster_file" --exec "configure new single memory" 2>&1 || true)"
            if [[ "$output" == *"Database created"* || "$output" == *"already exists"* ]]; then
                : >"$marker"
                say "database configured: single memory"
                stage="wait until the database is available"
                continue
            fi
        else
            stage="wait until the database is available"
            output="$(run_bounded "$remaining" "$fdbcli" -C "$cluster_file" --exec "status minimal" 2>&1 || true)"
            if [[ "$output" == *"The database is available"* ]]; then
                available=1
                break
            fi
        fi
        sleep 1
    done

    if ((available == 0)); then
        say "gave up after ${wait_seconds} s trying to $stage; last fdbcli output:"
        printf '%s\n' "$output" | tail -n 15 >&2
        say "fdbserver (pid $pid) is left running; check $out_file and $dir/logs,"
        say "rerun this script to keep waiting, or stop it with: $0 stop $dir"
        exit 1
    fi

    say "FoundationDB is available; stop it with: $0 stop $dir"
    printf 'fdb:%s\n' "$cluster_file"
}

main() {
    case "${1:-}" in
    -h | --help)
        usage
        return 0
        ;;
    stop)
        (($# <= 2)) || { usage; return 2; }
        stop_server "${2:-$DEFAULT_DIR}"
        ;;
    start)
        (($# <= 2)) || { usage; return 2; }
        start_server "${2:-$DEFAULT_DIR}"
        ;;
    -*)
        usage
        return 2
        ;;
    *)
        (($# <= 1)) || { usage; return 2; }
        start_server "${1:-$DEFAULT_DIR}"
        ;;
    esac
}

main "$@"
