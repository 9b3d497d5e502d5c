# Sourced by scripts/test-all.sh and .ci/run: runs named stages and times them. The run that
# starts first (`.ci/run`, or `npm test` alone) owns the table and prints it when it ends,
# however it ends; a run inside it adds its rows.
if [ -z "${STAGE_TIMES_FILE:-}" ]; then
  STAGE_TIMES_FILE=$(mktemp)
  export STAGE_TIMES_FILE
  STAGE_RUN_STARTED=$SECONDS
  print_stage_times() {
    local rc=$?
    printf '\n== stage times ==\n'
    # Stages run together overlap, so the total is the run's wall-clock time, not their sum.
    awk -F'\t' -v wall=$((SECONDS - STAGE_RUN_STARTED)) '{
        printf "  %-42s %5d s%s%s\n", $1, $2, ($4 == "" ? "" : "  (" $4 ")"), ($3 == 0 ? "" : "  (failed)")
      }
      END { printf "  %-42s %5d s\n", "total (wall clock)", wall }' "$STAGE_TIMES_FILE"
    rm -f "$STAGE_TIMES_FILE"
    stop_alongside
    # The last line: tests passed, failed and flaky, from the runners' JSON reports.
    [ -x node_modules/.bin/tsx ] && node_modules/.bin/tsx scripts/test-summary.ts
    return $rc
  }
  trap print_stage_times EXIT
else
  trap 'stop_alongside' EXIT
fi

# stage NAME COMMAND...: runs COMMAND under a heading and records how long it took.
stage() {
  local name=$1
  shift
  printf '\n== %s ==\n' "$name"
  local started=$SECONDS rc=0
  "$@" || rc=$?
  printf '%s\t%s\t%s\n' "$name" $((SECONDS - started)) "$rc" >>"$STAGE_TIMES_FILE"
  return $rc
}

# start_alongside NAME 'COMMAND' [NAME 'COMMAND']...: stages that run one after another in the
# background, at the lowest CPU and I/O priority, while the stages after this call run in the
# foreground. The browser tests leave about a quarter of the two cores idle (waiting on pages,
# timers and jobs); stages started here use that instead of adding their time to the run, and
# take nothing the foreground asks for. `await_alongside` prints their output under their
# headings and fails when any of them failed.
ALONGSIDE_DIR=""
ALONGSIDE_PID=""
start_alongside() {
  ALONGSIDE_DIR=$(mktemp -d)
  local i=0 script="$ALONGSIDE_DIR/run.sh"
  # With the kernel's autogroups (a group per session, on by default) CPU is shared between
  # sessions first and only then by niceness within one: the new session's group gets the lowest
  # weight too, or it would take half of the cores from the foreground.
  echo 'echo 19 >/proc/self/autogroup 2>/dev/null || true' >"$script"
  while [ $# -gt 0 ]; do
    printf '%s\n' "$1" >"$ALONGSIDE_DIR/$i.name"
    printf 'started=$SECONDS status=0\nbash -c %q >%q 2>&1 || status=$?\n' "$2" "$ALONGSIDE_DIR/$i.out" >>"$script"
    printf 'printf "%%s\\t%%s\\t%%s\\t%%s\\n" %q $((SECONDS - started)) "$status" "alongside, at low priority" >%q\n' \
      "$1" "$ALONGSIDE_DIR/$i.row" >>"$script"
    i=$((i + 1))
    shift 2
  done
  # A process group of its own, so a run that stops early ends it whole (stop_alongside).
  setsid nice -n 19 ionice -c 3 bash "$script" </dev/null &
  ALONGSIDE_PID=$!
}

await_alongside() {
  [ -n "$ALONGSIDE_PID" ] || return 0
  printf '\n== waiting for the stages run alongside ==\n'
  wait "$ALONGSIDE_PID" || true
  ALONGSIDE_PID=""
  local rc=0 name i
  for name in "$ALONGSIDE_DIR"/*.name; do
    i=$(basename "$name" .name)
    printf '\n== %s ==\n' "$(cat "$name")"
    cat "$ALONGSIDE_DIR/$i.out" 2>/dev/null || true
    if [ -f "$ALONGSIDE_DIR/$i.row" ]; then
      cat "$ALONGSIDE_DIR/$i.row" >>"$STAGE_TIMES_FILE"
      [ "$(cut -f3 "$ALONGSIDE_DIR/$i.row")" = 0 ] || rc=1
    else
      rc=1
    fi
  done
  rm -rf "$ALONGSIDE_DIR"
  return $rc
}

# Ends the stages run alongside when the run stops before awaiting them.
stop_alongside() {
  [ -n "${ALONGSIDE_PID:-}" ] || return 0
  kill -- "-$ALONGSIDE_PID" 2>/dev/null || true
  printf '\n(the stages run alongside were stopped with the run)\n'
  ALONGSIDE_PID=""
}
