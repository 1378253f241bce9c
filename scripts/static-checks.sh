#!/usr/bin/env bash
# The type check and the lint, side by side: each is one process on one core, so on a machine
# with two or more they finish in the time of the longer one. Fails when either fails, after
# both have printed what they found.
set -uo pipefail
cd "$(dirname "$0")/.."

npm run --silent typecheck &
typecheck=$!
npm run --silent lint
lint=$?
wait "$typecheck"
typecheck=$?

if [ "$typecheck" -ne 0 ] || [ "$lint" -ne 0 ]; then
  echo "static checks failed: typecheck exit $typecheck, lint exit $lint" >&2
  exit 1
fi
