#!/usr/bin/env bash
# `npm test`: every check CI runs, in order, stopping at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
step() { printf '\n== %s ==\n' "$1"; }
step "lint";          npm run --silent lint
step "format check";  npm run --silent format:check
step "typecheck";     npm run --silent typecheck
step "unit and service tests"; npm run --silent test:unit
step "build";         npm run --silent build
step "browser tests"; npm run --silent test:e2e
step "cluster tests"; npm run --silent test:cluster
