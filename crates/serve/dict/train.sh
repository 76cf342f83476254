#!/usr/bin/env bash
# Trains the store's two zstd dictionaries (crates/serve/dict/texts.zdict and reports.zdict)
# from generated records: Skat as the server's archive writes it (the bulk of an archive)
# and every other game's profiles. A dictionary in use is never changed: a stored text
# names the dictionary it was compressed with by its id, so a new training is committed
# under a new id (and file) beside the old, which keeps reading what was stored with it.
#
# usage: crates/serve/dict/train.sh [TEXTS_ID REPORTS_ID]   (after `cargo build --release`)
set -euo pipefail
cd "$(dirname "$0")/../../.."
BIN=${BIN:-target/release/stich}
TEXTS_ID=${1:-1398013953}    # 0x53540001
REPORTS_ID=${2:-1398013954}  # 0x53540002
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/texts" "$work/reports"

# One sample per record: reports are one JSON line each; canonical texts start at `[Game `.
sample() {
    local name=$1
    "$BIN" check --format jsonl - < "$work/in" 2>/dev/null \
        | awk -v d="$work/reports" -v n="$name" '{print > sprintf("%s/%s-%05d", d, n, NR)}' || true
    "$BIN" convert --to stich - < "$work/in" 2>/dev/null \
        | awk -v d="$work/texts" -v n="$name" '/^\[Game /{k++} k{print > sprintf("%s/%s-%05d", d, n, k)}'
}

"$BIN" gen --count 4000 --seed 7001 --to iss > "$work/in"
sample iss
"$BIN" rules | awk '/^[a-z0-9-]+ [a-z0-9-]+:/ {sub(":", "", $2); print $1, $2}' | while read -r game rules; do
    "$BIN" gen --game "$game" --rules "$rules" --count 60 --seed 7002 > "$work/in"
    sample "$game-$rules"
done

zstd -q -f --train -r "$work/texts" --maxdict=32768 --dictID="$TEXTS_ID" -o crates/serve/dict/texts.zdict
zstd -q -f --train -r "$work/reports" --maxdict=65536 --dictID="$REPORTS_ID" -o crates/serve/dict/reports.zdict
echo "texts: $(ls "$work/texts" | wc -l) samples; reports: $(ls "$work/reports" | wc -l) samples"
