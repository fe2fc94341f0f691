#!/usr/bin/env bash
# The rl command: builds the CLI on first use (or when sources changed), then runs it.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
jar="$here/cli/target/rl.jar"
if [ ! -f "$jar" ] || [ -n "$(find "$here" -path "$here/*/target" -prune -o \( -name '*.java' -o -name '*.proto' -o -name 'pom.xml' \) -newer "$jar" -print -quit)" ]; then
  echo "rl: building (first use or changed sources)..." >&2
  # Maven 3.8 prints stray colour resets even in batch mode; strip them from the build's output.
  (cd "$here" && mvn -B -q -Dstyle.color=never -DskipTests -pl cli -am install 2>&1) | sed 's/\x1b\[0m//g' >&2
fi
# Headless: the benchmarks draw PNG figures without a display.
exec java -Djava.awt.headless=true ${RL_JAVA_OPTS:-} -jar "$jar" "$@"
