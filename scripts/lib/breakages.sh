# Shared by scripts/soak and scripts/time-to-bug: breakage names, running a command so that an interrupt can end
# all of it, and soak's summary of Swift Testing's printed failures. Sourced, never run. (scripts/break and
# scripts/check-breakages are the Swift tool in Sources/tools, which reads Swift Testing's event stream.) Written for bash 3.2 (macOS) and BSD tools
# as well as GNU ones: no associative arrays, no `${x,,}`, no GNU-only flags.

# Messages are cut by characters, not bytes ("→" and "—" are three bytes each): a UTF-8 locale,
# whichever this system has.
for bk_locale in C.UTF-8 C.utf8 en_US.UTF-8 en_US.utf8; do
  if locale -a 2>/dev/null | grep -qx "$bk_locale"; then export LC_ALL=$bk_locale; break; fi
done
unset bk_locale

# Every breakage name in the catalog (Breakages/Subjects, Harness and Quiz), one a line.
bk_names() {
  local patch
  for patch in Breakages/*/*.patch; do
    [ -e "$patch" ] && basename "$patch" .patch
  done
}

# The patch of breakage $1: Breakages/KIND/NAME.patch.
bk_patch() {
  local patch
  for patch in Breakages/*/"$1".patch; do
    [ -e "$patch" ] && { printf '%s\n' "$patch"; return 0; }
  done
  return 1
}

# The name a user typed ($1), without a `Breakages/` prefix or `.patch` suffix.
bk_normalise() { local name=${1%.patch}; printf '%s\n' "${name##*/}"; }

# Up to three catalog names closest to $1: those containing it or contained in it first, then by
# edit distance (at most a third of the name's length, and at least 3).
bk_closest() {
  bk_names | awk -v want="$1" '
    function distance(a, b,   i, j, la, lb, d, cost, x, y, z) {
      la = length(a); lb = length(b)
      for (i = 0; i <= la; i++) d[i, 0] = i
      for (j = 0; j <= lb; j++) d[0, j] = j
      for (i = 1; i <= la; i++)
        for (j = 1; j <= lb; j++) {
          cost = (substr(a, i, 1) == substr(b, j, 1)) ? 0 : 1
          x = d[i - 1, j] + 1; y = d[i, j - 1] + 1; z = d[i - 1, j - 1] + cost
          d[i, j] = (x < y ? (x < z ? x : z) : (y < z ? y : z))
        }
      return d[la, lb]
    }
    {
      limit = int(length(want) / 3); if (limit < 3) limit = 3
      if (length(want) >= 3 && (index($0, want) || index(want, $0))) score = 0
      else score = distance(want, $0)
      if (score <= limit) printf "%04d %s\n", score, $0
    }' | sort | head -n 3 | cut -c6-
}

# Checks that $1 names a breakage; if not, one line naming the closest names, and status 2.
# $2 is the calling script's name for the message.
bk_require() {
  local name=$1 who=$2 close
  bk_patch "$name" >/dev/null && return 0
  close=$(bk_closest "$name" | paste -sd ',' - | sed 's/,/, /g')
  if [ -n "$close" ]; then
    echo "$who: no breakage named '$name'; did you mean: $close? (the catalog: scripts/break --list)" >&2
  else
    echo "$who: no breakage named '$name' (the catalog: scripts/break --list)" >&2
  fi
  return 2
}

# Gives back the lock bk_lock took (the flock ends with the process by itself).
# Every process started under process $1, children first, then theirs (ps as both GNU and BSD know it).
bk_descendants() {
  ps -A -o pid= -o ppid= | awk -v root="$1" '
    { parent[$1] = $2; pids[NR] = $1 }
    END {
      found[root] = 1
      do {
        more = 0
        for (i in pids) { p = pids[i]; if (!(p in found) && (parent[p] in found)) { found[p] = 1; print p; more = 1 } }
      } while (more)
    }'
}

# The processes of a run started as $1 by bk_start: its session where setsid exists (`swift test`
# starts the test binary in a process group of its own), and everything under it.
bk_run_processes() {
  if [ -n "$bk_setsid" ]; then
    ps -A -o pid= -o sid= 2>/dev/null | awk -v sid="$1" '$2 == sid { print $1 }'
  fi
  echo "$1"
  bk_descendants "$1"
}

# Starts a command in the background, its output to file $1, in a session of its own where the
# system has setsid; sets bk_pid. Wait for it with bk_wait, end it with bk_stop.
bk_setsid=$(command -v setsid 2>/dev/null || true)
bk_pid=""
bk_start() {
  local out=$1
  shift
  if [ -n "$bk_setsid" ]; then
    setsid -w "$@" >"$out" 2>&1 </dev/null &
  else
    "$@" >"$out" 2>&1 </dev/null &
  fi
  bk_pid=$!
}

# Waits for the command bk_start started, at most $1 seconds (0: no limit); its status, or 124
# after ending it when it ran out of time. A signal to the script interrupts the wait (the
# caller's trap then runs bk_stop).
bk_wait() {
  local limit=${1:-0} tenths=0 status
  if [ "$limit" -eq 0 ]; then
    wait "$bk_pid"; status=$?
    bk_pid=""; return $status
  fi
  while kill -0 "$bk_pid" 2>/dev/null; do
    if [ "$tenths" -ge $((limit * 10)) ]; then
      bk_stop; return 124
    fi
    sleep 0.1
    tenths=$((tenths + 1))
  done
  wait "$bk_pid"; status=$?
  bk_pid=""; return $status
}

# Ends the command bk_start started and everything it started: TERM, then KILL what is left.
bk_stop() {
  local pids
  [ -n "$bk_pid" ] || return 0
  pids=$(bk_run_processes "$bk_pid" | sort -u)
  # shellcheck disable=SC2086
  kill -TERM $pids 2>/dev/null
  sleep 1
  # shellcheck disable=SC2086
  kill -KILL $pids 2>/dev/null
  wait "$bk_pid" 2>/dev/null
  bk_pid=""
}

# Removes scratch copy $1 and the lock files SwiftPM keeps beside the temporary folder for its
# .build (named after the path, `/` as `_`), which outlive the folder otherwise.
bk_remove_scratch() {
  [ -n "$1" ] || return 0
  rm -rf "$1"
  rm -f "${TMPDIR:-/tmp}/$(printf '%s' "$1/.build" | tr '/' '_')"*.lock
}

# Swift Testing's output ($1), one block per failing test (the first issue it recorded): the
# test's name and arguments, the issue's first message, then its first `seed …` line and its
# first `replay: …` line (the harness prints both indented under the issue), or else `rerun: $3`
# when $3 is given. At most $2 tests.
bk_failures() {
  awk -v most="${2:-12}" -v rerun="${3:-}" '
    function flush() {
      if (name == "") return
      if (!got) message = fallback
      printf "✘ %s%s\n", name, (args != "" ? "  (" args ")" : "")
      printf "    %s\n", message
      # A comment of the test leads; the expectation as evaluated follows it, so that the student sees what
      # was compared, not only what the test says it hoped for.
      if (got && fallback ~ /^Expectation failed/) printf "    %s\n", (length(fallback) > 240 ? substr(fallback, 1, 239) "…" : fallback)
      if (seed != "") printf "    %s\n", seed
      if (replay != "") printf "    %s\n", replay
      else if (rerun != "") printf "    rerun: %s\n", rerun
      name = ""
    }
    /^✘ Test "/ && / recorded an issue/ {
      flush()
      line = $0
      sub(/^✘ Test "/, "", line)
      test = substr(line, 1, index(line, "\" recorded an issue") - 1)
      if (test in seen) { collecting = 0; next }
      seen[test] = 1; shown++
      if (shown > most) { collecting = 0; next }
      name = test; args = ""; seed = ""; replay = ""; message = ""
      rest = substr(line, length(test) + 20)
      if (match(rest, /^ with [0-9]+ arguments? /)) {
        args = substr(rest, RLENGTH + 1)
        sub(/ at [^ ]+\.swift:[0-9]+:[0-9]+: .*$/, "", args)
      }
      # With no message of its own, the issue is its expectation.
      fallback = rest; sub(/^.* at [^ ]+\.swift:[0-9]+:[0-9]+: /, "", fallback)
      collecting = 1; got = 0
      next
    }
    !collecting { next }
    /^↳ \/\// { next }
    /^↳ / { if (!got) { message = $0; sub(/^↳ /, "", message); got = 1 }; next }
    /^[ \t]/ {
      text = $0; sub(/^[ \t]+/, "", text)
      # Before the message, indented lines are the rest of a long expectation that wrapped.
      if (!got) { fallback = fallback " " text; next }
      if (seed == "" && text ~ /^seed 0x/) seed = text
      if (replay == "" && tolower(text) ~ /^replay: /) { sub(/^[Rr]eplay: /, "replay: ", text); replay = text }
      next
    }
    { flush(); collecting = 0 }
    END {
      flush()
      if (shown > most) printf "…and %d more failing tests\n", shown - most
    }' "$1"
}
