#!/usr/bin/env bash
# `npm test`: every check CI runs. The build, browser and cluster tests run in order, stopping at
# the first failure; the checks and unit tests run alongside the browser tests, all reported. Each stage
# is timed, and the run ends with a line counting the tests passed, failed and flaky.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
source scripts/stages.sh
rm -rf .data/test-reports
# Types are checked by the typecheck stage below, after the build (its route types included).
stage "build" env CONSOLE_BUILD_TYPECHECK=off npm run --silent build
# The checks and the unit and service tests need no build and no browser: they run alongside the
# browser tests, in the time those leave the cores idle, and end before the cluster tests, whose
# kills and restarts are timed. The unit and service tests
# use a PostgreSQL server of their own under CI (TEST_DATABASE_URL, see .ci/run), and run once
# more on another Node when TEST_ALSO_ON_NODE names its directory.
also_on_node=()
if [ -n "${TEST_ALSO_ON_NODE:-}" ]; then
  also_on_node=("unit and service tests on Node $("$TEST_ALSO_ON_NODE/node" --version)"
    "PATH=$TEST_ALSO_ON_NODE:\$PATH VITEST_REPORT=.data/test-reports/unit-node-$("$TEST_ALSO_ON_NODE/node" --version).json npx vitest run")
fi
start_alongside "lint" "npm run --silent lint" \
  "format check" "npm run --silent format:check" \
  "typecheck" "npm run --silent typecheck" \
  "unit and service tests" "${TEST_DATABASE_URL:+DATABASE_URL=$TEST_DATABASE_URL} npm run --silent test:unit" \
  "${also_on_node[@]}"
stage "browser tests" npm run --silent test:e2e
await_alongside
stage "cluster tests" npm run --silent test:cluster
