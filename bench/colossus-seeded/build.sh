#!/bin/bash
# Builds a seeded Colossus into ../colossus-seeded/Colossus/Colossus.jar, for paired runs of
# bench/colossus.py (--colossus-seed): the stock source (../shared/colossus/build.sh unpacks
# and builds it), with seeded.patch applied. Not upstream's Colossus: the patch makes every
# random source of a game (dice, each player's dice, each AI's choices, the recruit hints) a
# PRNG seeded from the system property net.sf.colossus.seed (one sequence per thread, so that
# the threads' timing cannot change what any of them draws); without the property the jar
# plays as the stock one. Run from the project's root; idempotent.
# Use: COLOSSUS_JAR=../colossus-seeded/Colossus/Colossus.jar .venv/bin/python -m bench.colossus
#      --colossus-seed 1 ...   Env override: COLOSSUS_SEEDED_SRC (unpack root).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
SRC=${COLOSSUS_SEEDED_SRC:-$(cd "$ROOT/.." && pwd)/colossus-seeded}
TREE=$SRC/Colossus
MARK=$TREE/.seeded-patch  # the patch applied to this tree (a fresh unpack has none)
want=$(sha256sum "$HERE/seeded.patch" | cut -d' ' -f1)
cd "$ROOT"
if [[ -d $TREE && $(cat "$MARK" 2>/dev/null) != "$want" \
      && ( -f $MARK || -f $TREE/core/src/main/java/net/sf/colossus/util/SeededRandom.java ) ]]; then
  echo "[colossus-seeded] $TREE has another version of the patch: unpacking afresh" >&2
  rm -rf "$TREE"
fi
COLOSSUS_SRC=$SRC ../shared/colossus/build.sh >/dev/null  # the stock tree, unpacked and built
if [[ $(cat "$MARK" 2>/dev/null) != "$want" ]]; then
  echo "[colossus-seeded] patching $TREE" >&2
  patch -s -d "$TREE" -p1 --forward < "$HERE/seeded.patch"
  echo "$want" > "$MARK"
fi
COLOSSUS_SRC=$SRC ../shared/colossus/build.sh  # ant rebuilds the patched classes
jar tf "$TREE/Colossus.jar" | grep -q net/sf/colossus/util/SeededRandom.class \
  || { echo "[colossus-seeded] ERROR: the jar has no SeededRandom" >&2; exit 1; }
