#!/usr/bin/env bash
# The client-credentials exchange measured with autocannon as the generator (bench/RESULTS.md, issue 4):
# the server on core 0, autocannon on core 1. A tenant API token with the Read Only role (its token
# carries roles and permissions) is exchanged by 32 connections: 3 s of warm-up, then ROUNDS rounds of
# DURATION seconds each. Fails if any answer is not a 200.
# Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench bash bench/client-credentials-autocannon.sh
#        NODE_PROF="--cpu-prof --cpu-prof-dir=/tmp/prof" ... to profile the server.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-3403}"
DURATION="${DURATION:-10}"
ROUNDS="${ROUNDS:-1}"
API="http://127.0.0.1:${PORT}/frontegg/identity/resources"
DATA_DIR="$(mktemp -d)"
# shellcheck disable=SC2086 # NODE_PROF is a list of flags
PORT="$PORT" DATA_DIR="$DATA_DIR" LOG_LEVEL=warn RATE_LIMIT_MAX=100000000 WEB_DIST=/nonexistent \
  taskset -c 0 node ${NODE_PROF:-} --import tsx apps/identity/src/server.ts >/dev/null 2>&1 &
SERVER=$!
# SIGINT lets the server shut down cleanly (and write its profile).
trap 'kill -INT "$SERVER"; wait "$SERVER" || true; rm -rf "$DATA_DIR"' EXIT
for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:${PORT}/health" >/dev/null && break; sleep 1; done

json() { node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(($1)(JSON.parse(s))))"; }
ACCESS=$(curl -s -X POST "$API/auth/v1/user" -H 'content-type: application/json' \
  -d '{"email":"admin@brizo.test","password":"Brizo-demo-2026!"}' | json 'b=>b.accessToken')
ROLE=$(curl -s "http://127.0.0.1:${PORT}/frontegg/team/resources/roles/v1" -H "authorization: Bearer $ACCESS" |
  json 'b=>b.items.find(r=>r.key==="ReadOnly").id')
CREATED=$(curl -s -X POST "$API/tenants/api-tokens/v2" -H "authorization: Bearer $ACCESS" \
  -H 'content-type: application/json' -d "{\"description\":\"autocannon bench\",\"roleIds\":[\"$ROLE\"]}")
BODY=$(echo "$CREATED" | json 'b=>JSON.stringify({clientId:b.clientId,secret:b.secret})')

exchange() {
  taskset -c 1 npx autocannon -c "${CONNECTIONS:-32}" -d "$1" -m POST -H 'content-type: application/json' -b "$BODY" \
    "$API/auth/v1/api-token" "${@:2}"
}
# CPU seconds the server has used (user + system ticks of /proc/<pid>/stat): exchanges per CPU second is
# what one core sustains, whether or not the generator on the other core kept the server busy.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$SERVER/stat"; }
TICKS_PER_SECOND=$(getconf CLK_TCK)

exchange 3 --json >/dev/null 2>&1
for round in $(seq 1 "$ROUNDS"); do
  BEFORE=$(cpu_ticks)
  RESULT=$(exchange "$DURATION" --json 2>/dev/null)
  CPU_SECONDS=$(awk -v a="$BEFORE" -v b="$(cpu_ticks)" -v hz="$TICKS_PER_SECOND" 'BEGIN { print (b - a) / hz }')
  echo "$RESULT" | json "r=>{
    if (r.non2xx || r.errors) throw new Error('round $round: '+r.non2xx+' answers were not 200, '+r.errors+' errors');
    const perCpuSecond = Math.round(r.requests.total / $CPU_SECONDS);
    return 'round $round: '+Math.round(r.requests.average)+'/s mean (median '+r.requests.p50+'/s), '+perCpuSecond+' per server CPU second, latency p50 '+r.latency.p50+' ms, p99 '+r.latency.p99+' ms, '+r.requests.total+' exchanges in '+r.duration+' s';
  }"
done
