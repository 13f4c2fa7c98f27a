#!/usr/bin/env bash
# Throughput of `senlac lint` and `senlac lint --syntax-only` on every listed
# rule system, on 2 threads and on 1, side by side in one run with the chess
# anchors (pgn-reader's parse, pgn-reader + shakmaty's validate) when
# ../shared/anchors is beside the clone. Rounds are interleaved, so a busy
# machine slows both sides alike; each figure is the best of the rounds.
#
# Usage: scripts/throughput.sh [PATH/TO/senlac] [MIB] [ROUNDS]   (50 MiB, 3 rounds)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
senlac=${1:-}
mib=${2:-50}
rounds=${3:-3}
if [ -z "$senlac" ]; then
  cargo build -q --release --locked -p senlac --manifest-path "$root/Cargo.toml"
  senlac=$root/target/release/senlac
fi
mapfile -t systems < <("$senlac" rules | awk '{print $1}')
anchors=$root/../shared/anchors
bench=
if [ -d "$anchors" ]; then
  pgn=/tmp/senlac-anchor-$mib.pgn
  [ -s "$pgn" ] || python3 "$anchors/gen_pgn.py" $((mib * 1048576)) 1 > "$pgn"
  CARGO_TARGET_DIR=/tmp/senlac-anchor-target cargo build -q --release --locked \
    --manifest-path "$anchors/pgn-reader-bench/Cargo.toml"
  bench=/tmp/senlac-anchor-target/release/anchor-bench
  # The same games without their comments (scripts/pgn_without_comments.py).
  plain=/tmp/senlac-anchor-$mib-plain.pgn
  [ -s "$plain" ] || python3 "$root/scripts/pgn_without_comments.py" "$pgn" > "$plain"
fi
for rules in "${systems[@]}"; do
  sbn=/tmp/senlac-tp-${rules//\//-}-$mib.sbn
  if [ ! -s "$sbn" ]; then
    : > "$sbn"; seed=1
    while [ "$(stat -c %s "$sbn")" -lt $((mib * 1048576)) ]; do
      "$senlac" gen --rules "$rules" --battles 500 --seed $seed >> "$sbn"; seed=$((seed + 1))
    done
  fi
done

declare -A best
keep() { # name MiB/s events/s: keeps the best round
  local old=${best[$1]:-0 0}
  if python3 -c "import sys; sys.exit(0 if $2 > ${old% *} else 1)"; then best[$1]="$2 $3"; fi
}
for _ in $(seq "$rounds"); do
  if [ -n "$bench" ]; then
    for mode in parse validate; do
      for text in "$pgn" "$plain"; do
        name="chess $mode"; [ "$text" = "$pgn" ] || name="chess $mode, no comments"
        line=$("$bench" $mode "$text")
        moves=$(echo "$line" | sed 's/.* \([0-9]*\) moves.*/\1/')
        rate=$(echo "$line" | sed 's/.* \([0-9.]*\) MiB\/s/\1/')
        keep "$name" "$rate" "$(python3 -c "print($moves / ($(stat -c %s "$text") / 1048576 / $rate))")"
      done
    done
  fi
  for rules in "${systems[@]}"; do
    sbn=/tmp/senlac-tp-${rules//\//-}-$mib.sbn
    for threads in 2 1; do
      for mode in lint "lint --syntax-only"; do
        line=$({ RAYON_NUM_THREADS=$threads "$senlac" $mode "$sbn" 2>&1 || true; } | tail -n 1)
        actions=$(echo "$line" | grep -o '[0-9,]* actions' | tr -d ', actions')
        rate=$(echo "$line" | sed 's/.*(\([0-9.]*\) MiB\/s)/\1/')
        keep "$rules $mode ${threads}t" "$rate" "$(python3 -c "print($actions / ($(stat -c %s "$sbn") / 1048576 / $rate))")"
      done
    done
  done
done

printf '%-46s %10s %14s   %-18s %s\n' "" "MiB/s" "events/s" "ratio" "MiB/s ratio, no comments"
for key in "chess parse" "chess validate" "chess parse, no comments" "chess validate, no comments"; do
  [ -n "${best[$key]:-}" ] && printf '%-46s %10.1f %14.0f\n' "$key" ${best[$key]}
done
for rules in "${systems[@]}"; do
  for threads in 2 1; do
    for mode in lint "lint --syntax-only"; do
      key="$rules $mode ${threads}t"
      anchor="chess validate"; [ "$mode" = lint ] || anchor="chess parse"
      ratio=""; plain_ratio=""
      if [ -n "${best[$anchor]:-}" ]; then
        ratio=$(python3 -c "a='${best[$anchor]}'.split(); b='${best[$key]}'.split(); print(f'{float(b[0])/float(a[0]):.2f}x / {float(b[1])/float(a[1]):.2f}x')")
        plain_ratio=$(python3 -c "a='${best[$anchor, no comments]}'.split(); b='${best[$key]}'.split(); print(f'{float(b[0])/float(a[0]):.2f}x')")
      fi
      printf '%-46s %10.1f %14.0f   %-18s %s\n' "$key" ${best[$key]} "$ratio" "$plain_ratio"
    done
  done
done
echo "ratio: senlac over the chess anchor, in MiB/s / in events per second (lint against validate, --syntax-only against parse)"
echo "no comments: the anchor on the same games without their { } comments, most of its bytes; in MiB/s only, as a move is then 9 bytes"
