"""Writes a PGN with its comments taken out, as a PGN exporter writes a game
without them ("1. Nc3 f5", not "1. Nc3 { ... } 1... f5").

The anchors' PGN follows each move with a lichess-style comment,
`{ [%eval 0.17] [%clk 0:06:50] }`: 71% of its bytes. pgn-reader steps over
a comment with one memchr, and every byte of a senlac archive is an atom, so
the same games without comments measure pgn-reader on text like senlac's.

Usage: python3 scripts/pgn_without_comments.py IN.pgn > OUT.pgn
"""
import re
import sys

text = open(sys.argv[1], encoding="utf-8").read()
# A comment, and the black move number a comment forces after it (`1...`).
sys.stdout.write(re.sub(r" \{[^}]*\}( \d+\.\.\.)?", "", text))
