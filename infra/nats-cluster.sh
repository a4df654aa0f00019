#!/usr/bin/env bash
# A 3-node NATS JetStream cluster on loopback, for tests and local trials (never the shared server on :4222).
#   infra/nats-cluster.sh start            start the nodes that are not running (each keeps its store dir)
#   infra/nats-cluster.sh start N          start node N (1..3) again, e.g. after `kill N`
#   infra/nats-cluster.sh kill N           SIGKILL node N (a crash: no lame duck, no flush)
#   infra/nats-cluster.sh stop             SIGTERM every node and wait for them
#   infra/nats-cluster.sh url              print the client URL list (for NATS_URL)
# MATCHTAPE_NATS_CLUSTER_PORT: client port of node 1 (default 14222); node N listens on PORT+N-1 for clients,
# PORT+100+N-1 for routes and PORT+200+N-1 for monitoring. MATCHTAPE_NATS_CLUSTER_DIR: configs, stores, pids, logs
# (default $MATCHTAPE_SERVICES_DIR/nats-cluster-PORT). The server then runs with MATCHTAPE_NATS_REPLICAS=3.
# The nodes mirror infra/nats/cluster-{1,2,3}.conf (the compose cluster) with loopback ports and own dirs.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
BASE="${MATCHTAPE_NATS_CLUSTER_PORT:-14222}"
DIR="${MATCHTAPE_NATS_CLUSTER_DIR:-$MATCHTAPE_SERVICES_DIR/nats-cluster-$BASE}"
[[ "$BASE" =~ ^[0-9]+$ ]] && ((BASE > 1024 && BASE < 65000)) || { log "MATCHTAPE_NATS_CLUSTER_PORT=$BASE: use a free port above 1024"; exit 2; }
((BASE != 4222 && BASE + 2 != 4222 && BASE + 1 != 4222)) || { log "refusing to use port 4222 (the shared NATS)"; exit 2; }

client_port() { echo $((BASE + $1 - 1)); }
route_port() { echo $((BASE + 100 + $1 - 1)); }

binary() {
  command -v nats-server >/dev/null 2>&1 || [ -x /usr/sbin/nats-server ] || apt_install nats-server
  command -v nats-server || echo /usr/sbin/nats-server
}

write_config() {
  local n=$1
  mkdir -p "$DIR/store-$n"
  cat >"$DIR/nats-$n.conf" <<EOF
server_name: nats-$n
listen: 127.0.0.1:$(client_port "$n")
http: 127.0.0.1:$((BASE + 200 + n - 1))
jetstream { store_dir: "$DIR/store-$n", max_file_store: 2GB, max_memory_store: 256MB }
cluster {
  name: matchtape-test
  listen: 127.0.0.1:$(route_port "$n")
  routes: [ nats-route://127.0.0.1:$(route_port 1), nats-route://127.0.0.1:$(route_port 2), nats-route://127.0.0.1:$(route_port 3) ]
}
max_payload: 1MB
write_deadline: "10s"
EOF
}

running() { [ -f "$DIR/nats-$1.pid" ] && kill -0 "$(cat "$DIR/nats-$1.pid")" 2>/dev/null; }

start_node() {
  local n=$1 nats
  if running "$n"; then return 0; fi
  if port_open 127.0.0.1 "$(client_port "$n")"; then log "127.0.0.1:$(client_port "$n") is taken by something else"; exit 1; fi
  nats="$(binary)"
  write_config "$n"
  setsid "$nats" -c "$DIR/nats-$n.conf" -l "$DIR/nats-$n.log" </dev/null >/dev/null 2>&1 &
  echo $! >"$DIR/nats-$n.pid"
}

wait_node() {
  if ! wait_port 127.0.0.1 "$(client_port "$1")" 30; then
    log "node $1 did not open port $(client_port "$1"); its log:"; tail -20 "$DIR/nats-$1.log" >&2 || true
    exit 1
  fi
}

check_node() { [[ "${1:-}" =~ ^[123]$ ]] || { log "node must be 1, 2 or 3 (got '${1:-}')"; exit 2; }; }

mkdir -p "$DIR"
case "${1:-}" in
  start)
    if [ -n "${2:-}" ]; then check_node "$2"; start_node "$2"; wait_node "$2"
    else for n in 1 2 3; do start_node "$n"; done; for n in 1 2 3; do wait_node "$n"; done; fi
    ;;
  kill)
    check_node "${2:-}"
    if running "$2"; then kill -9 "$(cat "$DIR/nats-$2.pid")"; fi
    rm -f "$DIR/nats-$2.pid"
    ;;
  stop)
    for n in 1 2 3; do
      if running "$n"; then
        pid="$(cat "$DIR/nats-$n.pid")"; kill "$pid"
        for ((i = 0; i < 100; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      fi
      rm -f "$DIR/nats-$n.pid"
    done
    ;;
  url) echo "nats://127.0.0.1:$(client_port 1),nats://127.0.0.1:$(client_port 2),nats://127.0.0.1:$(client_port 3)" ;;
  *) log "usage: $0 start [N] | kill N | stop | url"; exit 2 ;;
esac
