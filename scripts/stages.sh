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
        printf "  %-42s %5d s%s%s\n", $1, $2, ($4 == "" ? "" : "  (together with " $4 ")"), ($3 == 0 ? "" : "  (failed)")
      }
      END { printf "  %-42s %5d s\n", "total (wall clock)", wall }' "$STAGE_TIMES_FILE"
    rm -f "$STAGE_TIMES_FILE"
    # The last line: tests passed, failed and flaky, from the runners' JSON reports.
    [ -x node_modules/.bin/tsx ] && node_modules/.bin/tsx scripts/test-summary.ts
    return $rc
  }
  trap print_stage_times EXIT
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

# together NAME 'COMMAND' [NAME 'COMMAND']...: independent single-threaded stages at once, one
# per core. Each one's output is printed under its heading once all have ended (never
# interleaved), each one's time is recorded, and it fails when any of them failed.
together() {
  local dir names=() pids=() i rc=0
  dir=$(mktemp -d)
  while [ $# -gt 0 ]; do
    i=${#names[@]}
    names+=("$1")
    (
      started=$SECONDS
      status=0
      bash -c "$2" >"$dir/$i.out" 2>&1 || status=$?
      printf '%s\t%s\t%s\t%%OTHERS%%\n' "$1" $((SECONDS - started)) "$status" >"$dir/$i.row"
      exit "$status"
    ) &
    pids+=($!)
    shift 2
  done
  for i in "${!pids[@]}"; do wait "${pids[$i]}" || rc=1; done
  for i in "${!names[@]}"; do
    printf '\n== %s ==\n' "${names[$i]}"
    cat "$dir/$i.out"
    local others=() j
    for j in "${!names[@]}"; do [ "$j" = "$i" ] || others+=("${names[$j]}"); done
    local joined
    joined=$(printf '%s, ' "${others[@]}")
    sed "s/%OTHERS%/${joined%, }/" "$dir/$i.row" >>"$STAGE_TIMES_FILE"
  done
  rm -rf "$dir"
  return $rc
}
