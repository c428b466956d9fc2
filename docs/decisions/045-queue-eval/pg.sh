#!/bin/bash
# Throwaway PostgreSQL 15 cluster for this evaluation (same approach as /work/main/scripts/throwaway-postgres.mjs):
# initdb + pg_ctl as the postgres user, data under /tmp/queue-eval/pg, 127.0.0.1 on port $PORT, fsync off.
set -e
BIN=/usr/lib/postgresql/15/bin
DIR=/tmp/queue-eval/pg
PORT=${PORT:-55439}
case "$1" in
  start)
    mkdir -p $DIR && chown postgres:postgres $DIR
    if [ ! -f $DIR/data/PG_VERSION ]; then
      runuser -u postgres -- $BIN/initdb -D $DIR/data -A trust -U postgres -E UTF8 --no-locale --no-sync >/dev/null
    fi
    runuser -u postgres -- $BIN/pg_ctl -D $DIR/data -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" -l $DIR/server.log -w -t 60 start
    ;;
  stop)
    runuser -u postgres -- $BIN/pg_ctl -D $DIR/data -m fast -w stop
    ;;
  status)
    runuser -u postgres -- $BIN/pg_ctl -D $DIR/data status
    ;;
esac
