#!/usr/bin/env bash
# Starts a private Postgres for tests on 127.0.0.1:${MATCHTAPE_PG_PORT:-5432}: installs Debian's postgresql when
# missing, initialises a cluster under $MATCHTAPE_SERVICES_DIR/postgres (trust auth, loopback only: a test server,
# never a production one — see infra/compose.yaml and infra/postgres/postgresql.conf for that), creates database `test`.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
PORT="${MATCHTAPE_PG_PORT:-5432}"
DIR="$MATCHTAPE_SERVICES_DIR/postgres"

if port_open 127.0.0.1 "$PORT"; then log "something already listens on 127.0.0.1:$PORT; not starting Postgres"; exit 0; fi

bindir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
if [ -z "$(bindir)" ] || [ ! -x "$(bindir)/initdb" ]; then
  apt_install postgresql
  # The package may start its own cluster (peer/password auth) on our port: stop it; this one is for tests.
  if port_open 127.0.0.1 "$PORT" && command -v pg_lsclusters >/dev/null 2>&1; then
    pg_lsclusters -h | awk '$4 == "online" { print $1, $2 }' | while read -r ver name; do as_root pg_ctlcluster "$ver" "$name" stop; done
  fi
fi
BIN="$(bindir)"
[ -x "$BIN/initdb" ] || { log "postgresql did not install (no initdb under /usr/lib/postgresql)"; exit 1; }

# Postgres refuses to run as root: run it as the postgres user the package created.
RUN=()
if [ "$(id -u)" = 0 ]; then RUN=(runuser -u postgres --); fi

mkdir -p "$MATCHTAPE_SERVICES_DIR"
chmod 755 "$MATCHTAPE_SERVICES_DIR"
if [ ! -s "$DIR/PG_VERSION" ]; then
  mkdir -p "$DIR"
  [ "$(id -u)" = 0 ] && chown postgres: "$DIR"
  chmod 700 "$DIR"
  "${RUN[@]}" "$BIN/initdb" -D "$DIR" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
fi
log "starting Postgres on 127.0.0.1:$PORT (data $DIR)"
"${RUN[@]}" "$BIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null
echo "$BIN" > "$MATCHTAPE_SERVICES_DIR/postgres.bin"
if ! "${RUN[@]}" "$BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -tAc "select 1 from pg_database where datname = 'test'" | grep -q 1; then
  "${RUN[@]}" "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres test
fi
log "Postgres ready: postgres://postgres@127.0.0.1:$PORT/test"
