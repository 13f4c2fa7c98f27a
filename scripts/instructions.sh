#!/usr/bin/env bash
# Instructions per action of `senlac lint` and `senlac lint --syntax-only`, for
# every listed rule system, counted by valgrind's callgrind: a figure that does
# not move when the machine is busy, unlike seconds. Each system is measured on
# a 5 MB archive its own generator writes (cached under /tmp, keyed by system).
#
# Usage: scripts/instructions.sh [PATH/TO/senlac] [RULES...]
#   PATH/TO/senlac  default: builds target/release/senlac
#   RULES           default: every system `senlac rules` lists
# With ../shared/anchors/instructions.sh beside the clone, the chess anchors
# (pgn-reader's parse, pgn-reader + shakmaty's validate) are printed first.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
senlac=${1:-}
if [ -z "$senlac" ]; then
  cargo build -q --release --locked -p senlac --manifest-path "$root/Cargo.toml"
  senlac=$root/target/release/senlac
fi
shift || true
command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind >/dev/null; }
if [ $# -gt 0 ]; then
  systems=("$@")
else
  mapfile -t systems < <("$senlac" rules | awk '{print $1}')
fi
# One worker thread: the same work is counted (the read of the next chunk
# still runs beside the check of this one, in turn), without the work
# stealing of two threads, whose share moved the counts by up to 0.7% from
# run to run. The chess anchors run on one thread too.
count() { # instructions of a whole command
  local out; out=$(mktemp)
  RAYON_NUM_THREADS=1 valgrind --tool=callgrind --callgrind-out-file="$out" "$@" >/dev/null 2>&1 || true
  awk '/^summary:|^totals:/ {print $2; exit}' "$out"; rm -f "$out"
}

anchors=$root/../shared/anchors/instructions.sh
declare -A plain_per_byte
if [ -x "$anchors" ]; then
  "$anchors"
  # The anchors' games again without their comments, most of the PGN's
  # bytes (scripts/pgn_without_comments.py says why): pgn-reader on text
  # that is all tokens, as a senlac archive is all atoms.
  pgn=/tmp/senlac-anchor-5mb.pgn # written by the anchors' script
  plain=/tmp/senlac-anchor-5mb-plain.pgn
  [ -s "$plain" ] || python3 "$root/scripts/pgn_without_comments.py" "$pgn" > "$plain"
  bench=/tmp/senlac-anchor-target/release/anchor-bench
  moves=$("$bench" parse "$plain" | sed 's/.* \([0-9]*\) moves.*/\1/')
  bytes=$(stat -c %s "$plain")
  for mode in parse validate; do
    n=$(count "$bench" $mode "$plain")
    plain_per_byte[$mode]=$(python3 -c "print($n/$bytes)")
    python3 -c "print(f'pgn-reader {\"$mode\":9} {$n/$moves:8.0f} instructions/move {$n/$bytes:6.1f} /byte  ({$moves} moves, {$bytes} bytes, without comments)')"
  done
fi
for rules in "${systems[@]}"; do
  sbn=/tmp/senlac-instr-${rules//\//-}.sbn
  if [ ! -s "$sbn" ]; then
    : > "$sbn"; seed=1
    while [ "$(stat -c %s "$sbn")" -lt 5000000 ]; do
      "$senlac" gen --rules "$rules" --battles 200 --seed $seed >> "$sbn"; seed=$((seed + 1))
    done
  fi
  # lint exits 1 when it finds errors: the count is wanted all the same.
  actions=$({ "$senlac" lint "$sbn" 2>&1 || true; } | grep -o '[0-9,]* actions' | tr -d ', actions' | tail -n 1)
  bytes=$(stat -c %s "$sbn")
  for mode in lint "lint --syntax-only"; do
    n=$(count "$senlac" $mode "$sbn")
    anchor=validate; [ "$mode" = lint ] || anchor=parse
    ratio=""
    if [ -n "${plain_per_byte[$anchor]:-}" ]; then
      ratio=$(python3 -c "print(f'; per byte {${plain_per_byte[$anchor]}/($n/$bytes):.2f}x $anchor without comments')")
    fi
    python3 -c "print(f'senlac {\"$mode\":19} {$n/$actions:8.0f} instructions/action {$n/$bytes:6.1f} /byte  ({$actions} actions, {$bytes} bytes, $rules)$ratio')"
  done
done
