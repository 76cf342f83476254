#!/usr/bin/env bash
# Benchmark of `stich serve` on loopback with a real load generator (wrk): requests/s and
# p50/p99 latency for one-record checks and for 1,000-record bodies, ingest records/s into
# a collection, and the server's peak memory (VmHWM), then a 60 MiB body to show memory
# stays bounded by the body limit, and one upload of 100,000 records with its own peak.
# Builds a release binary; inputs go to bench/out/ (which git ignores).
#
#   bench/serve.sh                  # 15 s per load figure
#   SECS=5 bench/serve.sh           # a quick run
#   CONNS=64 THREADS=2 bench/serve.sh
#   INGEST_PAR=4 bench/serve.sh     # four uploads at a time instead of two
#   BATCHES=1000 bench/serve.sh     # ingest 1,000,000 records instead of 100,000
#
# wrk comes from Debian's `wrk` package; the script installs it with apt-get when missing.
set -euo pipefail

cd "$(dirname "$0")/.."
SECS="${SECS:-15}"
CONNS="${CONNS:-32}"
THREADS="${THREADS:-2}"
BATCHES="${BATCHES:-100}"
INGEST_PAR="${INGEST_PAR:-2}"
OUT=bench/out
mkdir -p "$OUT"

if ! command -v wrk >/dev/null; then
    apt-get install -y wrk >/dev/null
fi
cargo build --release --quiet
BIN=target/release/stich

# Inputs: one ISS record, a body of 1,000, and distinct 1,000-record batches to ingest.
# The batches' records carry three player names drawn from a pool of NAMES (5,000 unless
# set) and a date, as an archive's server records do: the store keeps the names for the
# player filter, and a few names repeated would hide what many names cost.
# NAMES=0 leaves the generated records as they are, without names or dates.
NAMES="${NAMES:-5000}"
$BIN gen --count 1 --seed 11 --to iss > "$OUT/one.sgf"
$BIN gen --count 1000 --seed 12 --to iss > "$OUT/thousand.sgf"
batch() { # seed, file: 1,000 distinct records
    [ -s "$2" ] || $BIN gen --count 1000 --seed $((1000 + $1)) --to iss \
        | awk -v seed="$1" -v names="$NAMES" 'BEGIN { srand(seed) } names == 0 { print; next } {
              p = sprintf("P0[p%d]P1[p%d]P2[p%d]DT[2010-%02d-%02d/20:%02d:00/UTC]",
                  int(rand() * names), int(rand() * names), int(rand() * names),
                  seed % 12 + 1, NR % 28 + 1, NR % 60)
              sub(/ID\[[0-9]+\]/, "&" p); print }' > "$2"
}
for i in $(seq 1 "$BATCHES"); do
    batch "$i" "$OUT/named-$NAMES-$i.sgf"
done
# One body of 100,000 records, none of them in the batches (seeds past any BATCHES).
UPLOAD="$OUT/upload-$NAMES.sgf"
if [ ! -s "$UPLOAD" ]; then
    for i in $(seq 1 100); do
        batch $((100000 + i)) "$OUT/upload-part.sgf"
        cat "$OUT/upload-part.sgf" >> "$UPLOAD"
        rm "$OUT/upload-part.sgf"
    done
fi

DB="$OUT/serve-bench.db"
rm -f "$DB" "$DB-wal" "$DB-shm"
echo "bench-token" > "$OUT/tokens"
PORT="${PORT:-18080}"
$BIN serve --addr "127.0.0.1:$PORT" --db "$DB" --token-file "$OUT/tokens" --max-concurrent 4096 --max-records 1000000 > "$OUT/serve.log" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
    curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break
    sleep 0.1
done
URL="http://127.0.0.1:$PORT"

# wrk posts the file named in BODY.
cat > "$OUT/post.lua" <<'LUA'
local f = assert(io.open(os.getenv("BODY"), "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "text/x-iss"
LUA

row() { # name, wrk output, records per request
    local rps p50 p99
    rps=$(awk '/^Requests\/sec/ {print $2}' <<<"$2")
    p50=$(awk '$1 == "50.000%" {print $2}' <<<"$2")
    p99=$(awk '$1 == "99.000%" {print $2}' <<<"$2")
    [ -n "$p50" ] || p50=$(awk '$1 == "50%" {print $2}' <<<"$2")
    [ -n "$p99" ] || p99=$(awk '$1 == "99%" {print $2}' <<<"$2")
    printf '| %s | %s | %.0f | %.0f | %s | %s |\n' "$1" "$CONNS" "$rps" "$(awk -v r="$rps" -v n="$3" 'BEGIN {print r * n}')" "$p50" "$p99"
}

echo "| load | connections | requests/s | records/s | p50 | p99 |"
echo "|---|---:|---:|---:|---:|---:|"
OUT1=$(BODY="$OUT/one.sgf" wrk -t"$THREADS" -c"$CONNS" -d"${SECS}s" --latency -s "$OUT/post.lua" "$URL/v1/check")
row "POST /v1/check, 1 record" "$OUT1" 1
OUTK=$(BODY="$OUT/thousand.sgf" wrk -t"$THREADS" -c"$THREADS" -d"${SECS}s" --latency -s "$OUT/post.lua" "$URL/v1/check")
CONNS_SAVED=$CONNS; CONNS=$THREADS
row "POST /v1/check, 1,000 records" "$OUTK" 1000
CONNS=$CONNS_SAVED

# Ingest: the distinct batches, INGEST_PAR uploads at a time (two unless set), each a
# transaction of 1,000 records.
CID=$(curl -sf -H "Authorization: Bearer bench-token" -d '{"name":"bench"}' "$URL/v1/collections" | sed 's/.*"id":"\([^"]*\)".*/\1/')
# One curl process runs every upload (`--parallel`): a process for each would
# take a good part of the two cores the server is measured on.
for i in $(seq 1 "$BATCHES"); do
    [ "$i" -gt 1 ] && echo next
    printf 'url = "%s"\ndata-binary = "@%s"\noutput = "/dev/null"\nfail\n' \
        "$URL/v1/collections/$CID/records" "$OUT/named-$NAMES-$i.sgf"
    printf 'header = "%s"\n' "Authorization: Bearer bench-token" "Content-Type: text/x-iss"
done > "$OUT/ingest.curl"
START=$(date +%s.%N)
curl -sS --no-progress-meter --parallel --parallel-max "$INGEST_PAR" -K "$OUT/ingest.curl"
END=$(date +%s.%N)
STORED=$(curl -sf "$URL/v1/collections/$CID" -H "Authorization: Bearer bench-token" | sed 's/.*"records":\([0-9]*\).*/\1/')
echo
awk -v n="$STORED" -v s="$START" -v e="$END" -v par="$INGEST_PAR" 'BEGIN {printf "ingest: %d records in %.2f s: %.0f records/s (1,000 a request, %d at a time)\n", n, e - s, n / (e - s), par}'
echo "peak memory after the load: $(awk '/VmHWM/ {print $2, $3}' /proc/$PID/status)"

# A body of 60 MiB of records (under the 64 MiB limit): memory grows by the body and the
# reports in flight, not by the reports of the whole body.
BIG="$OUT/big.sgf"
if [ ! -s "$BIG" ]; then
    : > "$BIG"
    while [ "$(stat -c %s "$BIG")" -lt $((60 << 20)) ]; do cat "$OUT/thousand.sgf" >> "$BIG"; done
    truncate -s $((60 << 20)) "$BIG"
fi
curl -sf -o /dev/null -H "Content-Type: text/x-iss" --data-binary "@$BIG" "$URL/v1/check?format=jsonl" || true
echo "peak memory after a 60 MiB body: $(awk '/VmHWM/ {print $2, $3}' /proc/$PID/status)"

# The 100,000 records in one upload (about 44 MB): the store takes them a part at a time
# as they are checked, so memory grows by the body, not by the reports of all its records.
# The peak is counted afresh from here (clear_refs 5 resets VmHWM).
CID=$(curl -sf -H "Authorization: Bearer bench-token" -d '{"name":"one upload"}' "$URL/v1/collections" | sed 's/.*"id":"\([^"]*\)".*/\1/')
echo 5 > "/proc/$PID/clear_refs"
START=$(date +%s.%N)
curl -sf -o /dev/null -H "Authorization: Bearer bench-token" -H "Content-Type: text/x-iss" \
    --data-binary "@$UPLOAD" "$URL/v1/collections/$CID/records"
END=$(date +%s.%N)
STORED=$(curl -sf "$URL/v1/collections/$CID" -H "Authorization: Bearer bench-token" | sed 's/.*"records":\([0-9]*\).*/\1/')
awk -v n="$STORED" -v s="$START" -v e="$END" 'BEGIN {printf "one upload: %d records in %.2f s: %.0f records/s\n", n, e - s, n / (e - s)}'
echo "peak memory during it: $(awk '/VmHWM/ {print $2, $3}' /proc/$PID/status)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
