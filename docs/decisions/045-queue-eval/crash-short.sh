#!/bin/bash
# The short crash configurations, 3 times each, interleaved.
cd /tmp/queue-eval
for rep in 1 2 3; do
  npx tsx crash.ts --candidate ours --config lease10 --limit-s 120
  npx tsx crash.ts --candidate pgboss --config heartbeat10 --limit-s 300
  npx tsx crash.ts --candidate pgboss --config heartbeat10+fast --limit-s 300
  npx tsx crash.ts --candidate graphile --config fastreset --watch-s 60 --limit-s 180
done
