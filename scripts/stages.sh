# Sourced by scripts/test-all.sh and .ci/run: runs named stages and times them. The run that
# starts first (`.ci/run`, or `npm test` alone) owns the table and prints it when it ends,
# however it ends; a run inside it adds its rows.
if [ -z "${STAGE_TIMES_FILE:-}" ]; then
  STAGE_TIMES_FILE=$(mktemp)
  export STAGE_TIMES_FILE
  print_stage_times() {
    local rc=$?
    printf '\n== stage times ==\n'
    awk -F'\t' '{ total += $2; printf "  %-42s %5d s%s\n", $1, $2, ($3 == 0 ? "" : "  (failed)") }
      END { printf "  %-42s %5d s\n", "total", total }' "$STAGE_TIMES_FILE"
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
