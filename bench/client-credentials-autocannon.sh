#!/usr/bin/env bash
# The client-credentials exchange measured with autocannon as the generator (bench/RESULTS.md, issue 4):
# the server on core 0, autocannon on core 1, one tenant API token exchanged by 32 connections for 10 s.
# Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench bash bench/client-credentials-autocannon.sh
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-3403}"
API="http://127.0.0.1:${PORT}/frontegg/identity/resources"
DATA_DIR="$(mktemp -d)"
PORT="$PORT" DATA_DIR="$DATA_DIR" LOG_LEVEL=warn RATE_LIMIT_MAX=100000000 WEB_DIST=/nonexistent \
  taskset -c 0 node --import tsx apps/identity/src/server.ts >/dev/null 2>&1 &
SERVER=$!
trap 'kill "$SERVER"; rm -rf "$DATA_DIR"' EXIT
for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:${PORT}/health" >/dev/null && break; sleep 1; done

field() { node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(JSON.parse(s)['$1']))"; }
ACCESS=$(curl -s -X POST "$API/auth/v1/user" -H 'content-type: application/json' \
  -d '{"email":"admin@brizo.test","password":"Brizo-demo-2026!"}' | field accessToken)
CREATED=$(curl -s -X POST "$API/tenants/api-tokens/v1" -H "authorization: Bearer $ACCESS" \
  -H 'content-type: application/json' -d '{"description":"autocannon bench"}')
BODY=$(node -e "const t=JSON.parse(process.argv[1]);console.log(JSON.stringify({clientId:t.clientId,secret:t.secret}))" "$CREATED")

taskset -c 1 npx autocannon -c 32 -d 10 -m POST -H 'content-type: application/json' -b "$BODY" \
  "$API/auth/v1/api-token"
