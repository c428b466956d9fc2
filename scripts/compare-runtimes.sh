#!/usr/bin/env bash
# Two checkouts of the product, each with its own Node.js, measured side by side on this machine in one run
# (issue 41: Node 20 with the majors it held us to, against Node 24 with the current ones). Each measure runs
# on one side, then the other, so that the machine's drift over the run falls on both.
#
#   scripts/compare-runtimes.sh BEFORE_DIR BEFORE_NODE_BIN AFTER_DIR AFTER_NODE_BIN [OUT_DIR]
#
# BEFORE_DIR and AFTER_DIR: checkouts with `npm install` done by their own Node; *_NODE_BIN: the folder holding
# that Node's `node` and `npm`. Both need the same scripts/bench-load.ts (copy the newer one over the older).
# Measures, in order: `CI=true npm test` wall time (which also builds), a server's start on a new and on an
# existing data folder (5 each, alternating, median), `bench:load` (100 users with 1 s pauses, 60 s: p95 and the
# server's CPU per request; 2 rounds each), `npm run lighthouse` on the public pages (median of 3 per page).
# Everything each side prints goes to OUT_DIR (default /tmp/compare-runtimes); the summary to standard output.
# Needs a quiet machine: about 45 minutes on 2 vCPUs. ONLY="start load" runs only those measures (test, start,
# load, lighthouse), on the builds already there.
set -euo pipefail

before_dir=$(cd "$1" && pwd)
before_bin=$(cd "$2" && pwd)
after_dir=$(cd "$3" && pwd)
after_bin=$(cd "$4" && pwd)
out=${5:-/tmp/compare-runtimes}
mkdir -p "$out"

sides=(before after)
declare -A dir=([before]=$before_dir [after]=$after_dir)
declare -A bin=([before]=$before_bin [after]=$after_bin)

now_ms() { date +%s%3N; }
run() { # side, command...: runs a command in that side's checkout with its Node first on PATH
  local side=$1
  shift
  (cd "${dir[$side]}" && PATH="${bin[$side]}:$PATH" "$@")
}
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

echo "machine: $(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), $(date -u '+%Y-%m-%d %H:%M UTC')"
for side in "${sides[@]}"; do
  echo "$side: $(run "$side" git log -1 --format='%h %s' | cut -c1-80); Node $(run "$side" node -v)"
done

wants() { [[ -z "${ONLY:-}" || " $ONLY " == *" $1 "* ]]; }

if wants test; then
echo
echo "== npm test (CI=true), wall time"
for side in "${sides[@]}"; do
  start=$(now_ms)
  status=0
  run "$side" env CI=true npm test >"$out/$side-npm-test.log" 2>&1 || status=$?
  seconds=$((($(now_ms) - start) / 1000))
  # Vitest colours its summary even in CI: the colours are taken off before reading it.
  unit=$(sed 's/\x1b\[[0-9;]*m//g' "$out/$side-npm-test.log" | grep -aE '^\s+Tests\s' | tail -1 | xargs || true)
  e2e=$(grep -aE '^\s+[0-9]+ (passed|failed|flaky)' "$out/$side-npm-test.log" | xargs || true)
  echo "$side: ${seconds} s (exit $status); vitest: $unit; playwright: $e2e"
done
fi

if wants start; then
echo
echo "== a server's start (node build/server-entry/index.js, production): spawn to a healthy /api/health, median of 5"
start_once() { # side, data dir: prints milliseconds
  local side=$1 data=$2 port
  port=$(run "$side" node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  local start
  start=$(now_ms)
  # exec: the background job is the server itself, so that its pid is the one stopped below.
  (cd "${dir[$side]}" && PATH="${bin[$side]}:$PATH" NODE_ENV=production PORT="$port" HOST=127.0.0.1 DATA_DIR="$data" \
    LOG_LEVEL=warn exec node build/server-entry/index.js >>"$out/$side-start.log" 2>&1) &
  local pid=$!
  until curl -sf "http://127.0.0.1:$port/api/health" >/dev/null; do
    if ! kill -0 "$pid" 2>/dev/null; then echo "the $side server exited; see $out/$side-start.log" >&2 && exit 1; fi
    sleep 0.02
  done
  echo $(($(now_ms) - start))
  kill -TERM "$pid"
  wait "$pid" 2>/dev/null || true
}
declare -A fresh reopen
for side in "${sides[@]}"; do fresh[$side]=""; reopen[$side]=""; done
for round in 1 2 3 4 5; do
  for side in "${sides[@]}"; do
    data=$(mktemp -d /tmp/compare-start-XXXXXX)
    fresh[$side]+="$(start_once "$side" "$data") "
    reopen[$side]+="$(start_once "$side" "$data") "
    rm -rf "$data"
  done
done
for side in "${sides[@]}"; do
  echo "$side: new data folder $(echo "${fresh[$side]}" | tr ' ' '\n' | grep . | median) ms (${fresh[$side]% }); existing $(echo "${reopen[$side]}" | tr ' ' '\n' | grep . | median) ms (${reopen[$side]% })"
done
fi

if wants load; then
echo
echo "== bench:load, 100 users with 1 s pauses, 60 s after 5 s of warm-up (2 rounds each)"
for round in 1 2; do
  for side in "${sides[@]}"; do
    run "$side" npx tsx scripts/bench-load.ts >"$out/$side-load-$round.log" 2>&1 || true
    echo "$side round $round: $(grep -E '^all ' "$out/$side-load-$round.log" | xargs || true); $(grep -E '^server (ready|CPU)' "$out/$side-load-$round.log" | paste -sd ';' - || true)"
  done
done
fi

if wants lighthouse; then
echo
echo "== npm run lighthouse (public pages, mobile, median of 3)"
for side in "${sides[@]}"; do
  run "$side" npx tsx scripts/lighthouse.ts >"$out/$side-lighthouse.log" 2>&1 || true
  echo "$side (Lighthouse $(run "$side" node -p 'JSON.parse(require("fs").readFileSync("node_modules/lighthouse/package.json", "utf8")).version')):"
  sed -n '/^page /,$p' "$out/$side-lighthouse.log" | grep -vE '^\s+(LCP element|under target)' | sed 's/^/  /'
done
fi
