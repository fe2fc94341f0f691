#!/usr/bin/env bash
# The rl command: builds the CLI on first use (or when sources changed), then runs it.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
jar="$here/cli/target/rl.jar"
# Only the Maven build's inputs count: the root pom and each module's pom and src. A walk of the whole tree also met the
# .proto files that pip installs into clients/python/.venv and .venv-bench (googleapis-common-protos), so the first
# ./rl after the Python tests or scripts/bench-executemany.sh rebuilt everything for nothing.
if [ ! -f "$jar" ] || [ -n "$(find "$here/pom.xml" "$here"/*/pom.xml "$here"/*/src \( -name '*.java' -o -name '*.proto' -o -name 'pom.xml' \) -newer "$jar" -print -quit 2>/dev/null)" ]; then
  echo "rl: building (first use or changed sources)..." >&2
  # Maven 3.8 prints stray colour resets even in batch mode; strip them from the build's output.
  # package, not install: the reactor hands the modules' jars to the CLI, and nothing of this checkout goes into
  # ~/.m2, where another checkout's `mvn -pl MODULE` (without -am) would pick it up instead of its own.
  (cd "$here" && mvn -B -q -Dstyle.color=never -DskipTests -pl cli -am package 2>&1) | sed 's/\x1b\[0m//g' >&2
fi
# A class-data-sharing archive of the classes a server and its SQL sessions load (Calcite's planner, Janino, the Record
# Layer, gRPC and Netty, client and server), made once per build from the server's warm-up run alone (rl warm-up): a
# JVM that maps it starts serving in about half the time (rl sql of four statements: 4.8 s against 8.8 s at load
# average 8). RL_CDS=off runs without it.
jsa="$here/cli/target/rl.jsa"
cds=()
if [ "${RL_CDS:-on}" != off ]; then
  if [ ! -f "$jsa" ] || [ "$jar" -nt "$jsa" ]; then
    echo "rl: making the class-data-sharing archive (once per build)..." >&2
    rm -f "$jsa"
    java -XX:ArchiveClassesAtExit="$jsa" -Xlog:disable -Xlog:all=warning:stderr -Djava.awt.headless=true -jar "$jar" \
      warm-up >/dev/null 2>&1 || rm -f "$jsa"
  fi
  # A stale or foreign archive is ignored (the JVM checks it); its warnings go to stderr, never into the output.
  [ -f "$jsa" ] && cds=(-XX:SharedArchiveFile="$jsa" -Xlog:disable -Xlog:all=warning:stderr)
fi
# The server's memory as a service's: a bounded heap (RL_HEAP, default 2g), G1 giving back what it does not use (a
# collection every 30 s when idle, the heap shrunk to at most 30 % free), and an exit on OutOfMemoryError so that a
# supervisor restarts a clean process rather than one in an unknown state. RL_JAVA_OPTS comes after, and wins.
mem=()
if [ "${1:-}" = server ]; then
  mem=(-Xms256m "-Xmx${RL_HEAP:-2g}" -XX:+UseG1GC -XX:G1PeriodicGCInterval=30000 -XX:MinHeapFreeRatio=10
       -XX:MaxHeapFreeRatio=30 -XX:+ExitOnOutOfMemoryError)
fi
# Headless: the benchmarks draw PNG figures without a display.
exec java ${cds[@]+"${cds[@]}"} ${mem[@]+"${mem[@]}"} -Djava.awt.headless=true ${RL_JAVA_OPTS:-} -jar "$jar" "$@"
