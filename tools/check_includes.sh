#!/usr/bin/env bash
# check_includes.sh - includes go one way (GUIDE 1):
#   core <- games <- ai <- store/server/cli
# Fails (exit 1, listing each offending line) if src/core includes games, ai,
# store or cli; src/games includes ai, store or cli, or one game includes
# another game's folder; src/ai includes store or cli; src/store includes cli.
# Usage: tools/check_includes.sh [SRC_DIR]   (default: src next to this script)
set -u
src=${1:-$(dirname "$0")/../src}
bad=0

# forbid DIR PATTERN: any #include "PATTERN..." under DIR is an error.
forbid() {
  local dir=$1 pat=$2 hits
  [ -d "$src/$dir" ] || return 0
  hits=$(grep -rnE "^[[:space:]]*#[[:space:]]*include[[:space:]]*\"($pat)" \
           --include='*.c' --include='*.h' "$src/$dir" || true)
  if [ -n "$hits" ]; then
    while IFS= read -r line; do
      echo "include rule broken ($dir must not include ${pat//|/, }): $line"
    done <<<"$hits"
    bad=1
  fi
}

forbid core  'games/|ai/|store/|cli/|server/'
forbid games 'ai/|store/|cli/|server/'
forbid ai    'store/|cli/|server/'
forbid store 'cli/|server/'

# A game includes only core and its own folder.
for g in "$src"/games/*/; do
  [ -d "$g" ] || continue
  id=$(basename "$g")
  hits=$(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"games/' \
           --include='*.c' --include='*.h' "$g" | grep -v "\"games/$id/" || true)
  if [ -n "$hits" ]; then
    while IFS= read -r line; do
      echo "include rule broken (game $id includes another game): $line"
    done <<<"$hits"
    bad=1
  fi
done

[ $bad -eq 0 ] && echo "includes: ok"
exit $bad
