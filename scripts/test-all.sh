#!/usr/bin/env bash
# `npm test`: every check CI runs. The build, browser, unit and service, and cluster tests run in
# order, stopping at the first failure; the checks run alongside the browser tests, all reported.
# Each stage is timed, and the run ends with a line counting the tests passed, failed and flaky.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
source scripts/stages.sh
rm -rf .data/test-reports
# Types are checked by the typecheck stage below, after the build (its route types included).
stage "build" env CONSOLE_BUILD_TYPECHECK=off npm run --silent build
# The checks need no build and no browser, and assert nothing about time: they run alongside the
# browser tests, in the time those leave the cores idle. (The unit and service tests did too, and
# their timed tests failed when the browser tests starved them: they run on their own, after.)
start_alongside "lint" "npm run --silent lint" \
  "format check" "npm run --silent format:check" \
  "typecheck" "npm run --silent typecheck"
stage "browser tests" npm run --silent test:e2e
await_alongside
# Under CI on a PostgreSQL server of its own (TEST_DATABASE_URL, see .ci/run), and once more on
# another Node when TEST_ALSO_ON_NODE names its directory.
stage "unit and service tests" env ${TEST_DATABASE_URL:+DATABASE_URL=$TEST_DATABASE_URL} npm run --silent test:unit
if [ -n "${TEST_ALSO_ON_NODE:-}" ]; then
  version=$("$TEST_ALSO_ON_NODE/node" --version)
  stage "unit and service tests on Node $version" env PATH="$TEST_ALSO_ON_NODE:$PATH" \
    VITEST_REPORT=".data/test-reports/unit-node-$version.json" npx vitest run
fi
stage "cluster tests" npm run --silent test:cluster
