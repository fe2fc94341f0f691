#!/usr/bin/env bash
# The structure issue's rules, checked on the main sources of every Maven module (src/main; generated code under
# target/ is not looked at):
#   1. no class over 500 lines (a .java file of more than 500 lines fails);
#   2. modules only call down: no module's main source imports (or names in code, fully qualified) a package owned by
#      a module at its own level or above; a package is owned by the module whose src/main declares it (proto: the
#      java_package of its .proto files);
#   3. every module has a README.md that says what it owns (a line with **Owns**).
# Bash with grep, sed, awk and find only. Prints each offending file and exits 1; exit 0 and one line when all hold.
#   scripts/structure-check.sh   (./run-tests runs it first)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

max_lines=500
# The modules bottom up, as module:level; a module may call only modules of a lower level. client, the Java client
# library, depends on proto only and sits beside fdb-embedded, so record-service and everything above may use it.
levels=(proto:0 client:1 jdbc:2 fdb-embedded:1 record-service:2 relationship-layer:3 sql-gateway:4 server:5 bench:6 cli:7)

failures=0
fail() {
  echo "structure-check: $*" >&2
  failures=$((failures + 1))
}

declare -A level_of=()
for entry in "${levels[@]}"; do
  level_of[${entry%%:*}]=${entry##*:}
done
modules=$(sed -n 's|^[[:space:]]*<module>\([^<]*\)</module>.*|\1|p' pom.xml)
for m in $modules; do
  [[ -n ${level_of[$m]+set} ]] || fail "pom.xml: module $m has no level in scripts/structure-check.sh (add it to levels)"
done
for m in "${!level_of[@]}"; do
  grep -qx "$m" <<<"$modules" || fail "scripts/structure-check.sh: $m is in levels but not a module of pom.xml"
done

# 3. the READMEs
for m in $modules; do
  if [[ ! -s $m/README.md ]]; then
    fail "$m/README.md: missing or empty; every module says what it owns in its README"
  elif ! grep -q '\*\*Owns\*\*' "$m/README.md"; then
    fail "$m/README.md: does not say what the module owns (a line with **Owns** ...)"
  fi
done

# Every main source file, as module<TAB>path.
sources=$(mktemp)
owners=$(mktemp)
trap 'rm -f "$sources" "$owners"' EXIT
for m in $modules; do
  [[ -d $m/src/main ]] || continue
  find "$m/src/main" -name '*.java' -not -path '*/target/*' -print | sort | sed "s|^|$m\t|" >>"$sources"
done

# 1. no class over 500 lines
while IFS=$'\t' read -r m f; do
  n=$(awk 'END { print NR }' "$f")
  if ((n > max_lines)); then
    fail "$f: $n lines, over the limit of $max_lines (split the class)"
  fi
done <"$sources"

# 2. modules only call down. owners: package<TAB>module<TAB>level
for m in $modules; do
  [[ -n ${level_of[$m]+set} ]] || continue
  {
    awk -F '\t' -v m="$m" '$1 == m { print $2 }' "$sources" | xargs -r sed -n 's/^[[:space:]]*package[[:space:]]\{1,\}\([A-Za-z0-9_.]*\)[[:space:]]*;.*/\1/p'
    if [[ -d $m/src/main/proto ]]; then
      find "$m/src/main/proto" -name '*.proto' -print0 | xargs -0 -r \
        sed -n 's/^[[:space:]]*option[[:space:]]\{1,\}java_package[[:space:]]*=[[:space:]]*"\([^"]*\)".*/\1/p'
    fi
  } | sort -u | sed "s|\$|\t$m\t${level_of[$m]}|" >>"$owners"
done
awk -F '\t' -v owners="$owners" -v levels="${levels[*]}" '
  BEGIN {
    while ((getline line < owners) > 0) {
      split(line, o, "\t")
      # the lowest module wins a package declared in two modules
      if (!(o[1] in owner) || o[3] + 0 < owner_level[o[1]] + 0) { owner[o[1]] = o[2]; owner_level[o[1]] = o[3] }
    }
    n = split(levels, l, " ")
    for (i = 1; i <= n; i++) { split(l[i], ml, ":"); level[ml[1]] = ml[2] }
    bad = 0
  }
  # The module owning a qualified name: its longest prefix that is a package of ours.
  function owner_of(name,    p) {
    p = name
    while (p != "") {
      if (p in owner) return p
      if (match(p, /\.[^.]*$/) == 0) return ""
      p = substr(p, 1, RSTART - 1)
    }
    return ""
  }
  function check(module, file, lineno, name,    pkg) {
    pkg = owner_of(name)
    if (pkg == "" || owner[pkg] == module) return
    if (owner_level[pkg] + 0 >= level[module] + 0) {
      printf "structure-check: %s:%d: %s (level %d) uses %s, owned by %s (level %d): modules only call down\n", \
        file, lineno, module, level[module], name, owner[pkg], owner_level[pkg] > "/dev/stderr"
      bad++
    }
  }
  {
    module = $1; file = $2; lineno = 0; in_comment = 0; in_text = 0
    if (!(module in level)) next  # reported above: a module of pom.xml without a level
    while ((getline line < file) > 0) {
      lineno++
      # text blocks ("""), string and char literals, and comments are not code
      if (in_text) {
        if (index(line, "\"\"\"") == 0) continue
        line = substr(line, index(line, "\"\"\"") + 3); in_text = 0
      }
      gsub(/\\\\/, "", line)
      gsub(/\\"/, "", line)
      if (index(line, "\"\"\"") > 0) { in_text = 1; line = substr(line, 1, index(line, "\"\"\"") - 1) }
      gsub(/"[^"]*"/, "\"\"", line)
      gsub(/'\''[^'\'']*'\''/, "'\'''\''", line)
      code = ""
      while (line != "") {
        if (in_comment) {
          e = index(line, "*/")
          if (e == 0) { line = ""; break }
          line = substr(line, e + 2); in_comment = 0
          continue
        }
        s = index(line, "/*"); c = index(line, "//")
        if (c > 0 && (s == 0 || c < s)) { code = code substr(line, 1, c - 1); line = ""; break }
        if (s > 0) { code = code substr(line, 1, s - 1) " "; line = substr(line, s + 2); in_comment = 1; continue }
        code = code line; line = ""
      }
      if (code ~ /^[ \t]*import[ \t]/) {
        name = code
        sub(/^[ \t]*import[ \t]+(static[ \t]+)?/, "", name)
        sub(/[ \t]*;.*$/, "", name)
        sub(/\.\*$/, "", name)
        check(module, file, lineno, name)
        continue
      }
      if (code ~ /^[ \t]*package[ \t]/) continue
      while (match(code, /io\.relationshiplayer(\.[A-Za-z0-9_]+)+/)) {
        check(module, file, lineno, substr(code, RSTART, RLENGTH))
        code = substr(code, RSTART + RLENGTH)
      }
    }
    close(file)
  }
  END { exit bad > 0 ? 1 : 0 }
' "$sources" || failures=$((failures + 1))

if ((failures > 0)); then
  echo "structure-check: FAILED (see above; rules: scripts/structure-check.sh)" >&2
  exit 1
fi
echo "structure-check: ok ($(wc -l <"$sources") main source files in $(wc -w <<<"$modules") modules: none over" \
  "$max_lines lines, modules only call down, every README says what its module owns)"
