#!/usr/bin/env bash
# Archive-scale benchmark of `stich check`: builds a release binary, generates games with
# `stich gen` in the ISS and the stich form (into bench/out/, which git ignores), and prints
# a table of games/s, MiB/s and peak memory for reading only and for full verification, on
# one thread and on all cores.
#
#   bench/run.sh                 # 1,000,000 games (about 6 minutes on 2 cores)
#   GAMES=50000 bench/run.sh     # a quick run
#   RUNS=1 bench/run.sh          # one run per figure instead of the best of three
#   FORMS=server bench/run.sh    # only the server-form records (brief, CSV, full JSONL)
#   FORMS=bz2 bench/run.sh       # the server-form records compressed with bzip2, as the
#                                # server publishes its archive (blocks decoded on -j threads)
#
# The `server` input is the ISS games with what the server's own records carry besides the
# game (place, series, game number, date, player names, ratings), so that the brief and
# CSV output have names and dates to write.
#
# Peak memory is the maximum resident set size from GNU time (`/usr/bin/time -v`); when it is
# missing the script installs Debian's `time` package with apt-get.
set -euo pipefail

cd "$(dirname "$0")/.."
GAMES="${GAMES:-1000000}"
RUNS="${RUNS:-3}"
FORMS="${FORMS:-iss stich server}"
SEED="${SEED:-1}"
OUT=bench/out
mkdir -p "$OUT"

if [ ! -x /usr/bin/time ]; then
    echo "installing GNU time (apt-get install time) for peak-memory figures" >&2
    apt-get update -qq && apt-get install -y -qq time >/dev/null
fi

cargo build --release --quiet --bin stich
BIN="${CARGO_TARGET_DIR:-target}/release/stich"
CORES="$(nproc)"

for form in iss stich; do
    file="$OUT/games-$GAMES-$SEED.$form"
    if [ ! -s "$file" ]; then
        echo "generating $GAMES games as $form into $file" >&2
        "$BIN" gen --count "$GAMES" --seed "$SEED" --to "$form" --jobs 0 > "$file"
    fi
done
server="$OUT/games-$GAMES-$SEED.server"
if [ ! -s "$server" ]; then
    # Every generated record starts with `(;GM[Skat]` (10 bytes); substr is much faster than
    # a regular expression on lines this long.
    awk '{ print "(;GM[Skat]PC[International Skat Server]SE[" int(NR / 36) "]DT[2019-03-" sprintf("%02d", NR % 28 + 1) "/12:00:00/UTC]P0[anna]P1[bert]P2[carl]R0[]R1[]R2[]" substr($0, 11) }' \
        "$OUT/games-$GAMES-$SEED.iss" > "$server"
fi

bz2="$OUT/games-$GAMES-$SEED.bz2"
if [[ " $FORMS " == *" bz2 "* ]] && [ ! -s "$bz2" ]; then
    echo "compressing the server-form games into $bz2" >&2
    bzip2 -c "$server" > "$bz2"
fi

# One measurement: the best of $RUNS runs (the fastest, as a shared virtual machine only
# ever slows a run down), with the largest peak memory among them. Prints
# `games/s MiB/s peak-MiB` from the summary and GNU time.
measure() {
    local file="$1" jobs="$2"; shift 2
    local log="$OUT/last-run.log" timing="$OUT/last-run.time"
    local best_rate=0 best_mib='?' max_rss=0 run rate mib rss
    for run in $(seq "$RUNS"); do
        # Findings go to standard error with the summary; only the summary's lines are kept.
        /usr/bin/time -v -o "$timing" "$BIN" check -q --no-progress --jobs "$jobs" "$@" "$file" \
            2>&1 > /dev/null | tail -n 6 > "$log" || true
        if ! grep -q "records: " "$log"; then
            echo "run failed; see $log" >&2
            continue
        fi
        rate="$(grep -oE '[0-9]+ games/s' "$log" | grep -oE '^[0-9]+' || echo 0)"
        mib="$(grep -oE '[0-9.]+ MiB/s' "$log" | grep -oE '^[0-9.]+' || echo '?')"
        rss="$(awk '/Maximum resident set size/ {printf "%.1f", $6/1024}' "$timing")"
        if [ "$rate" -gt "$best_rate" ]; then best_rate="$rate"; best_mib="$mib"; fi
        if awk -v a="$rss" -v b="$max_rss" 'BEGIN { exit !(a > b) }'; then max_rss="$rss"; fi
    done
    printf '%s %s %s' "$best_rate" "$best_mib" "$max_rss"
}

printf '\nmachine: %s, %s cores; %s games per form; %s\n\n' \
    "$(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2; exit}')" "$CORES" "$GAMES" "$(date -u +%Y-%m-%d)"
printf '| input | mode | threads | games/s | MiB/s | peak RSS (MiB) |\n'
printf '|---|---|---:|---:|---:|---:|\n'
for form in $FORMS; do
    file="$OUT/games-$GAMES-$SEED.$form"
    modes="parse verify"
    # ISS records are verified by the quick path under `-q`; `--full-path` measures the
    # syntax tree and full replay on the same input. Brief JSONL and CSV come from the quick
    # path too; full JSONL builds every report.
    if [ "$form" = iss ]; then modes="parse verify verify-full"; fi
    if [ "$form" = server ]; then modes="verify brief csv jsonl"; fi
    if [ "$form" = bz2 ]; then modes="verify"; fi
    from="$form"
    if [ "$form" = server ] || [ "$form" = bz2 ]; then from=iss; fi
    for mode in $modes; do
        for jobs in 1 "$CORES"; do
            case "$mode" in
                parse) read -r rate mib rss <<< "$(measure "$file" "$jobs" --from "$from" --parse-only)" ;;
                verify) read -r rate mib rss <<< "$(measure "$file" "$jobs" --from "$from")" ;;
                verify-full) read -r rate mib rss <<< "$(measure "$file" "$jobs" --from "$from" --full-path)" ;;
                brief) read -r rate mib rss <<< "$(measure "$file" "$jobs" --from "$from" --format jsonl --report brief)" ;;
                csv) read -r rate mib rss <<< "$(measure "$file" "$jobs" --from "$from" --format csv)" ;;
                jsonl) read -r rate mib rss <<< "$(measure "$file" "$jobs" --from "$from" --format jsonl)" ;;
            esac
            printf '| %s | %s | %s | %s | %s | %s |\n' "$form" "$mode" "$jobs" "$rate" "$mib" "$rss"
        done
    done
done
