#!/usr/bin/env bash
# `npm test`: every check CI runs, in order, stopping at the first failure. Each stage is timed,
# and the run ends with a line counting the tests passed, failed and flaky.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
source scripts/stages.sh
rm -rf .data/test-reports
# Three single-threaded checks, shared between the two cores.
together "lint" "npm run --silent lint" \
  "format check" "npm run --silent format:check" \
  "typecheck" "npm run --silent typecheck"
# Under CI on a PostgreSQL server of its own (TEST_DATABASE_URL, see .ci/run).
stage "unit and service tests" env ${TEST_DATABASE_URL:+DATABASE_URL=$TEST_DATABASE_URL} npm run --silent test:unit
stage "build"                  npm run --silent build
stage "browser tests"          npm run --silent test:e2e
stage "cluster tests"          npm run --silent test:cluster
