# Shared by scripts/break, scripts/check-breakages and scripts/soak: breakage headers, name lookup,
# which breakage the tree holds, running a command so that an interrupt can end all of it, and
# reading Swift Testing's output. Sourced, never run. Written for bash 3.2 (macOS) and BSD tools
# as well as GNU ones: no associative arrays, no `${x,,}`, no GNU-only flags.

# Messages are cut by characters, not bytes ("→" and "—" are three bytes each): a UTF-8 locale,
# whichever this system has.
for bk_locale in C.UTF-8 C.utf8 en_US.UTF-8 en_US.utf8; do
  if locale -a 2>/dev/null | grep -qx "$bk_locale"; then export LC_ALL=$bk_locale; break; fi
done
unset bk_locale

# The value of header line `# KEY: …` of patch $1 (the first such line).
bk_header() { sed -n "s/^# $2: //p" "$1" | head -n 1; }

# Every breakage name in the catalog, one a line.
bk_names() {
  local patch
  for patch in Breakages/*.patch; do
    [ -e "$patch" ] && basename "$patch" .patch
  done
}

# The length of the longest breakage name: the width of the name column, so that no name breaks it.
bk_name_width() {
  bk_names | awk '{ if (length($0) > most) most = length($0) } END { print (most > 8 ? most : 8) }'
}

# The catalog: one line per breakage.
bk_list() {
  local name width
  width=$(bk_name_width)
  printf '%-*s  %s\n' "$width" "BREAKAGE" "LESSON MISTAKE"
  for name in $(bk_names); do
    printf '%-*s  %s\n' "$width" "$name" "$(bk_header "Breakages/$name.patch" 'Lesson mistake')"
  done
}

# The name a user typed ($1), without a `Breakages/` prefix or `.patch` suffix.
bk_normalise() { local name=${1%.patch}; printf '%s\n' "${name#Breakages/}"; }

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
  [ -f "Breakages/$name.patch" ] && return 0
  close=$(bk_closest "$name" | paste -sd ',' - | sed 's/,/, /g')
  if [ -n "$close" ]; then
    echo "$who: no breakage named '$name'; did you mean: $close? (the catalog: scripts/break --list)" >&2
  else
    echo "$who: no breakage named '$name' (the catalog: scripts/break --list)" >&2
  fi
  return 2
}

# The breakages the working tree holds now: those whose patch reverses cleanly. Derived from the
# files themselves, so nothing (`swift package clean`, a lost state file) can make it forget.
bk_applied() {
  local name
  for name in $(bk_names); do
    git apply --reverse --check "Breakages/$name.patch" >/dev/null 2>&1 && echo "$name"
  done
}

# The files patch $1 touches, one a line (folder names may hold spaces: read them by line).
bk_files() { git apply --numstat "$1" | cut -f3; }

# Breakages partly in the tree: they no longer reverse cleanly (bk_applied leaves them out), but a file they
# touch has changes and holds a line that only the breakage adds (one the committed file does not have): a
# student applied it, then edited a patched line.
bk_edited() {
  local name patch file line hit
  for name in $(bk_names); do
    patch="Breakages/$name.patch"
    git apply --reverse --check "$patch" >/dev/null 2>&1 && continue
    [ -n "$(bk_files_status "$patch")" ] || continue
    hit=""
    while IFS= read -r file; do
      [ -f "$file" ] || continue
      # The patch's added lines for this file that the committed file lacks, and that the tree's file holds.
      hit=$(awk -v want="$file" '
        /^\+\+\+ / { path = substr($0, 5); sub(/^b\//, "", path); on = (path == want); next }
        /^--- / { on = 0; next }
        on && /^\+/ { line = substr($0, 2); if (line ~ /[^ \t]/) print line }' "$patch" |
        while IFS= read -r line; do
          git show "HEAD:$file" 2>/dev/null | grep -qxF -- "$line" && continue
          grep -qxF -- "$line" "$file" && { echo yes; break; }
        done)
      [ -n "$hit" ] && break
    done <<EOF2
$(bk_files "$patch")
EOF2
    [ -n "$hit" ] && echo "$name"
  done
}

# Takes scripts/break's lock for this checkout (in git's own folder), or says who holds it and returns 2: two
# breaks at once would both apply, and each --undo would see the other's patch. flock where it exists (the lock
# ends with the process, however it ends); elsewhere (macOS) a folder holding the holder's pid, taken over
# once that process is gone.
bk_lock() {
  local lock holder
  lock=$(git rev-parse --git-path breakage-lock 2>/dev/null || echo .build/breakage-lock)
  if command -v flock >/dev/null 2>&1; then
    exec 9>>"$lock.flock"
    flock -n 9 && return 0
    echo "$1: another scripts/break is running in this checkout; wait for it to end (or end it), then try again." >&2
    return 2
  fi
  if mkdir "$lock.d" 2>/dev/null; then
    echo $$ >"$lock.d/pid"; bk_locked="$lock.d"; return 0
  fi
  holder=$(cat "$lock.d/pid" 2>/dev/null)
  if [ -n "$holder" ] && ! kill -0 "$holder" 2>/dev/null && mv "$lock.d" "$lock.stale.$$" 2>/dev/null; then
    rm -rf "$lock.stale.$$"
    mkdir "$lock.d" 2>/dev/null && { echo $$ >"$lock.d/pid"; bk_locked="$lock.d"; return 0; }
  fi
  echo "$1: another scripts/break (pid ${holder:-?}) is running in this checkout; wait for it to end (or end it), then try again." >&2
  return 2
}

# Gives back the lock bk_lock took (the flock ends with the process by itself).
bk_locked=""
bk_unlock() { [ -z "$bk_locked" ] || rm -rf "$bk_locked"; bk_locked=""; }

# The files patch $1 touches, quoted for a shell command line: 'Sources/Subjects/L37Hive/Jar.swift'.
bk_files_quoted() { bk_files "$1" | sed "s/'/'\\\\''/g; s/^/'/; s/\$/'/" | paste -sd ' ' -; }

# `git status --short` of the files patch $1 touches: empty when none has changes of its own.
bk_files_status() {
  local file
  bk_files "$1" | while IFS= read -r file; do git status --short -- "$file"; done
}

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

# The first issue in Swift Testing's output ($1) that replays by an interleaving (a seeded
# exploration's counterexample, with its timeline): the test's name and arguments, then the issue's
# lines up to and including its first `replay: HARNESS_SCHEDULE=…` line (at most $2 lines, 60 by
# default, cut before the replay line). Nothing when no issue has one.
bk_counterexample() {
  awk -v most="${2:-60}" '
    function finish() {
      if (found) {
        printf "✘ %s%s\n", name, (args != "" ? "  (" args ")" : "")
        # Cut in the middle, so that the replay line, the last, always shows.
        for (i = 1; i <= count; i++) {
          if (count <= most || i < most - 1 || i == count) printf "    %s\n", lines[i]
          else if (i == most - 1) printf "    …\n"
        }
        found = 0
        exit
      }
      collecting = 0
    }
    /^✘ Test "/ && / recorded an issue/ {
      finish()
      line = $0
      sub(/^✘ Test "/, "", line)
      name = substr(line, 1, index(line, "\" recorded an issue") - 1)
      rest = substr(line, length(name) + 20); args = ""
      if (match(rest, /^ with [0-9]+ arguments? /)) {
        args = substr(rest, RLENGTH + 1)
        sub(/ at [^ ]+\.swift:[0-9]+:[0-9]+: .*$/, "", args)
      }
      collecting = 1; count = 0; found = 0
      next
    }
    !collecting { next }
    /^↳ \/\// { next }
    /^↳ / || /^[ \t]/ {
      if (found) next
      text = $0; sub(/^(↳ |  )/, "", text)
      lines[++count] = text
      if (text ~ /^[ \t]*[Rr]eplay: HARNESS_SCHEDULE=/) found = 1
      next
    }
    { finish() }
    END { finish() }' "$1"
}

# The failed expectation the counterexample's timeline in log $1 ends with, on one line: its `✘` row
# and the rows it wrapped onto (a long list wraps), spaces squeezed. What a replay must show again.
bk_counterexample_ending() {
  bk_counterexample "$1" 1000 | awk '
    !on && /^ +✘  / { on = 1; text = $0; next }
    on && (/^ *[Rr]eplay: / || /^ *As first found/ || /^ *$/ || /^ +[0-9]+  / || /^ +…/) { exit }
    on { text = text " " $0 }
    END { if (text != "") { gsub(/[ \t]+/, " ", text); sub(/^ /, "", text); print text } }'
}

# The replay command of the counterexample bk_counterexample shows for log $1, without its label.
bk_counterexample_replay() {
  bk_counterexample "$1" 1000 | grep -m1 -E '^[[:space:]]*[Rr]eplay: HARNESS_SCHEDULE=' | sed -E 's/^[[:space:]]*[Rr]eplay: //'
}

# The first failure a student sees in log $1, on one line cut to 160 characters: the first
# failing test's message; with no failing test, the crash.
bk_first_failure() {
  local message
  message=$(bk_failures "$1" 1 | sed -n '2s/^    //p')
  [ -n "$message" ] || message=$(grep -m1 -E 'SWIFT TASK CONTINUATION MISUSE|Fatal error|error:' "$1")
  [ -n "$message" ] || message="(no failure message in the log)"
  if [ ${#message} -gt 160 ]; then message="${message:0:159}…"; fi
  printf '%s\n' "$message"
}

# The first `replay: …` command in log $1, without its label.
bk_first_replay() {
  grep -m1 -iE '^[[:space:]]*replay: ' "$1" | sed -E 's/^[[:space:]]*[Rr]eplay: //'
}

# Lines of log $1 that the header of patch $2 tells the student to look for: each quoted phrase in
# its `# Why:` (up to a "…") that the log holds, once.
bk_runtime_lines() {
  local why phrase
  why=$(bk_header "$2" 'Why')
  printf '%s\n' "$why" | grep -oE '"[^"]+"' | tr -d '"' | while IFS= read -r phrase; do
    phrase=${phrase%%…*}
    phrase=$(printf '%s' "$phrase" | sed 's/[[:space:]]*$//')
    [ ${#phrase} -ge 8 ] || continue
    # The runtime's own line, not a test's message that quotes it (Swift Testing's lines start
    # with a symbol or are indented).
    grep -F -- "$phrase" "$1" | grep -vE '^(↳|✘|✔|◇|➜|[[:space:]])' | head -n 1
  done
}

# What scripts/break shows a student from log $1 of patch $2's tests ($3: the command to rerun a
# failure that prints no replay line of its own): first, if a seeded exploration's failure has a
# timeline, how the tasks interleaved in its smallest failing schedule; then each failing test's first
# message; then the runtime's own lines that the patch's `# Why:` quotes.
bk_show() {
  local log=$1 patch=$2 rerun=${3:-} line
  if [ -n "$(bk_counterexample_ending "$log")" ]; then
    echo "break: how the tasks interleaved, in the smallest failing schedule a seeded exploration found (paste its replay line to see it again):"
    bk_counterexample "$log" 40
    echo
    echo "break: every test that failed:"
  fi
  bk_failures "$log" 12 "$rerun"
  bk_runtime_lines "$log" "$patch" | while IFS= read -r line; do
    printf 'runtime: %s\n' "$line"
  done
  if ! grep -q '^✘ Test .* recorded an issue' "$log"; then
    grep -m3 -E 'SWIFT TASK CONTINUATION MISUSE|Fatal error|unexpected signal|error:' "$log"
  fi
}

# What the `# Why:` of patch $2 promises the student will see that bk_show, for log $1, does not show,
# one a line: each quoted phrase (up to a "…"; at least 8 characters), a timeline if it says "timeline",
# a shrunk counterexample if it says "shrunk" or "smallest". Nothing when every promise is kept.
bk_unkept_promises() {
  local shown why phrase
  shown=$(bk_show "$1" "$2")
  why=$(bk_header "$2" 'Why')
  printf '%s\n' "$why" | grep -oE '"[^"]+"' | tr -d '"' | while IFS= read -r phrase; do
    phrase=${phrase%%…*}
    phrase=$(printf '%s' "$phrase" | sed 's/[[:space:]]*$//')
    [ ${#phrase} -ge 8 ] || continue
    # Here-strings, not pipes: grep -q leaves at the first match, and under pipefail the writer's SIGPIPE
    # would turn a kept promise into a broken one now and then.
    grep -qF -- "$phrase" <<<"$shown" || printf '"%s"\n' "$phrase"
  done
  case "$why" in
    *timeline*) [ -n "$(bk_counterexample_ending "$1")" ] || echo "a timeline" ;;
  esac
  case "$why" in
    *shrunk*|*smallest*) grep -q 'Smallest counterexample found' <<<"$shown" || echo "a shrunk counterexample" ;;
  esac
}

# Whether the tests in log $1 (run with status $2) caught something: a test recorded an issue, or
# the test process crashed (a runtime trap). A run that selected no test, or failed only to build
# or start, did not.
bk_caught() {
  [ "$2" -ne 0 ] || return 1
  grep -q '^✘ Test .* recorded an issue' "$1" && return 0
  grep -qE 'SWIFT TASK CONTINUATION MISUSE|Fatal error|unexpected signal|[Ss]ignal [0-9]+|crashed' "$1"
}

# Why log $1 (run with status $2) does not count as caught, in a few words.
bk_not_caught_reason() {
  if grep -q 'Test run with 0 tests' "$1"; then echo "its \"# Must fail:\" selects no test"
  elif [ "$2" -eq 0 ]; then echo "the tests passed with the subject broken"
  else echo "the test run failed without a test failure: $(grep -m1 -E 'error:' "$1" | cut -c1-120)"
  fi
}
