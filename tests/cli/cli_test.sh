#!/usr/bin/env bash
# cli_test.sh - the `ecw` command end to end: exit codes (0 ok, 1 failure,
# 2 usage), one-line "ecw: ..." errors, sim results independent of the
# thread count, a piped game of `ecw play` to its end, and replay --verify
# of a saved and of a tampered record. Nothing here is timed.
# Usage: cli_test.sh PATH/TO/ecw
set -u
ecw=${1:?usage: cli_test.sh PATH/TO/ecw}
game=marston-less
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_DATA_HOME="$tmp/data" # a referee's game kept without --save goes here, not to ~/.local
fails=0

fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# expect CODE CMD...: run CMD, check its exit code; stdout/stderr kept in $tmp.
expect() {
  local want=$1; shift
  "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  local got=$?
  [ "$got" -eq "$want" ] || fail "'$*' exited $got, expected $want: $(head -c 300 "$tmp/err")"
}

# err_has TEXT: the last command's stderr contains TEXT on an "ecw: " line.
err_has() {
  grep -q "^ecw: .*$1" "$tmp/err" || fail "stderr lacks 'ecw: ...$1': $(head -c 300 "$tmp/err")"
}

# --- exit codes and messages
expect 2 "$ecw"
expect 2 "$ecw" frobnicate;                 err_has "unknown command 'frobnicate'"
expect 2 "$ecw" --bogus;                    err_has "unknown option"
expect 0 "$ecw" --help
expect 0 "$ecw" --version;                  grep -q '^ecw [0-9]' "$tmp/out" || fail "--version"
for c in games play watch sim replay odds; do
  expect 0 "$ecw" "$c" --help
  [ -s "$tmp/out" ] || fail "$c --help printed nothing"
done
# play --help names every word of the prompt (a tester found threats and 'log turn N' missing from it)
expect 0 "$ecw" play --help
for w in "'threats'" "'log turn N'" "'log WORDS'" "'score'" "'measure A B'" "separated by ';'"; do
  tr -s '\n ' ' ' <"$tmp/out" | grep -qF "$w" || fail "play --help does not name $w"
done
expect 0 "$ecw" games;                      grep -q "^$game" "$tmp/out" || fail "games lists $game"
# play_seats_a_person_as_the_rulebooks_reader: To Catch a King casts the reader as
# Parliament's commander (a play-tester looked for him first); games says so
tr -s '\n ' ' ' <"$tmp/out" | grep -q " catch-a-king .*; ecw play seats you as parliament unless --as says) " || fail "games does not say whom play seats: $(grep -A2 catch-a-king "$tmp/out")"
grep -q "^    --option dragoons=zone|wing " "$tmp/out" || fail "games lists the game's options"
printf 'quit\n' | "$ecw" play catch-a-king --seed 5 >"$tmp/out" 2>&1
grep -q "^parliament> quit$" "$tmp/out" || fail "play catch-a-king does not seat the player as Parliament: $(tail -3 "$tmp/out")"
expect 0 "$ecw" games --json;               grep -q '"options":\["foot=str2|str4' "$tmp/out" || fail "games --json lists options"
expect 2 "$ecw" sim "$game" --option dragoons=flank; err_has "option dragoons: expected wing or zone, not 'flank'"
expect 2 "$ecw" sim "$game" --bogus;        err_has "unknown option"
expect 2 "$ecw" sim "$game" --games;        err_has "needs a value"
expect 2 "$ecw" sim "$game" --games 12x;    err_has "expected a whole number"
expect 2 "$ecw" sim "$game" --games 99999999999999999999;  err_has "--games: number too large (at most 10000000)"
expect 2 "$ecw" sim "$game" --games -99999999999999999999; err_has "--games: number too small (at least 1)"
expect 2 "$ecw" sim "$game" --seed -3;      err_has "decimal"
expect 2 "$ecw" sim "$game" --royalist nobody; err_has "unknown AI"
expect 2 "$ecw" play "$game" --option nosuch=1; err_has "unknown option 'nosuch'"
expect 2 "$ecw" sim "$game" --games 99999999999; err_has "--games: 99999999999 is out of range 1..10000000"
# a seed chosen for a game with hidden cards is said to give them away; a fresh one is not
printf 'quit\n' | "$ecw" play catch-a-king --seed 3 >/dev/null 2>"$tmp/err"
grep -q "^(the seed fixes how the hidden cards are dealt: anyone who knows 3 can see the deal with 'ecw watch catch-a-king --seed 3'" "$tmp/err" ||
  fail "play --seed 3: no word of the seed: $(cat "$tmp/err")"
printf 'quit\n' | "$ecw" play catch-a-king >/dev/null 2>"$tmp/err"
grep -q "seed fixes the hidden cards" "$tmp/err" && fail "play without --seed warned of a seed"
# every option the game knows is listed, the last included (the list was cut off at 128 characters)
expect 2 "$ecw" sim catch-a-king --option nosuch=1; err_has "together, blocked_recoil, shoot_then_charge, uphill, shot_and_change, wood_fight, wood_cover, dragoons_on_foot)"
expect 2 "$ecw" play catch-a-king --option nosuch=1; err_has "this game knows: terrain, spread, recoil_frees, exit_scores"
expect 2 "$ecw" sim catch-a-king --option defender_takes=maybe; err_has "option defender_takes: expected ask, yes or no, not 'maybe'"
grep -q '^seed' "$tmp/err" && fail "play printed a seed before refusing a bad option"
# play keeps the fresh seed (which fixes the hidden deal) to itself until the game is over
printf 'quit\n' | "$ecw" play catch-a-king --as parliament >"$tmp/out" 2>"$tmp/err"
grep -q '^seed' "$tmp/err" "$tmp/out" && fail "play told the seed of a game in progress"
printf 'hint\ntake\n%.0s' $(seq 400) | "$ecw" play catch-a-king --as royalist >"$tmp/out" 2>"$tmp/err"
grep -q '^result:' "$tmp/out" || fail "play by hints did not reach the end: $(tail -3 "$tmp/out")"
grep -q '^seed [0-9]' "$tmp/err" || fail "play did not tell the seed once the game was over: $(cat "$tmp/err")"
# watch heads the final board as the end, not as the last turn once more
"$ecw" watch catch-a-king --seed 3 --fast >"$tmp/out" 2>&1
# watch to a file pauses nowhere without --delay (400 ms a move made a game there take over two minutes)
timeout 60 "$ecw" watch catch-a-king --seed 3 >"$tmp/out-nofast" 2>&1 || fail "watch to a file, no --fast, did not end within a minute: $?"
cmp -s "$tmp/out" "$tmp/out-nofast" || fail "watch to a file without --fast told another game than with it"
[ "$(grep -c '^== turn 12 ==$' "$tmp/out")" = 1 ] || fail "watch printed '== turn 12 ==' $(grep -c '^== turn 12 ==$' "$tmp/out") times"
grep -q '^== the end, after turn 12 ==$' "$tmp/out" || fail "watch did not head the final board as the end"
# a game left unsaved says how to keep one; a saved one, or one nobody moved in, does not
printf 'end\nquit\n' | "$ecw" play catch-a-king --as parliament --terrain random --seed 5 >"$tmp/out" 2>"$tmp/err"
grep -q "^(not saved: start with --save FILE" "$tmp/err" || fail "play left unsaved did not say so: $(cat "$tmp/err")"
printf 'end\nquit\n' | "$ecw" play catch-a-king --as parliament --terrain random --save "$tmp/kept.json" >"$tmp/out" 2>"$tmp/err"
grep -q "not saved" "$tmp/err" && fail "play --save said 'not saved'"
printf 'quit\n' | "$ecw" play catch-a-king --as royalist >"$tmp/out" 2>"$tmp/err"
grep -q "not saved" "$tmp/err" && fail "play said 'not saved' though nobody had moved"
# a number that is not a whole one is no action of the list, said so (not "unknown command")
printf '1.5\nquit\n' | "$ecw" play catch-a-king --as parliament --terrain random --seed 5 >"$tmp/out" 2>&1
grep -q "^no action 1.5: type a whole number from the list, or the action in words$" "$tmp/out" ||
  fail "1.5 at the prompt: $(grep -E 'no action|illegal' "$tmp/out")"
# 'odds ACTION' at the prompt: the exact odds of a shot or charge as the table stands, game untouched
(printf 'hint\ntake\n%.0s' $(seq 23); printf 'odds charge C1 X capture\nodds move C1 20 20\nodds\ntake\n') |
  "$ecw" play catch-a-king --as parliament --seed 21 --terrain random >"$tmp/out" 2>&1
grep -q "^cavalry C1 charges Charles X as the table stands: 4 (base 4) against 3 (base 4, woods or marsh -1)" "$tmp/out" ||
  fail "odds at the prompt: $(grep -A3 'odds charge' "$tmp/out")"
grep -q "^  total (exactly one of these happens) *1.0000" "$tmp/out" || fail "odds at the prompt: no total"
grep -q "^no odds: only a shot, a charge, an aim or a join has odds" "$tmp/out" || fail "odds of a move"
grep -q "^odds of what?" "$tmp/out" || fail "odds alone"
printf 'odds S1\nquit\n' | "$ecw" play catch-a-king --terrain random --seed 5 >"$tmp/out2" 2>&1
grep -q "^no odds: odds of what? 'odds ACTION' in words or as a number from the list, e.g. odds charge C1 S3 (an enemy's shot or charge too: odds shoot S3 C1)" "$tmp/out2" ||
  fail "odds with no order in it: $(grep 'no odds' "$tmp/out2")"
grep -q "^nothing to take" "$tmp/out" || fail "odds left a hint behind, or changed the game"
# an_order_that_leaves_prisoners_is_given_twice: the first time play says what it costs
# and plays nothing; the same order again plays it, and the log tells the move, then the
# escape (seed 13: after 61 of the computer's hints, C5 guards S1 at the prompt, unmoved, in a
# field (4" of move; C2 and S4 until Parliament rode at the men who keep firing);
# were the computer players to change, find the new step with a grep for "prisoner of" in
# the roster at a prompt where the guard has not moved)
(printf 'hint\ntake\n%.0s' $(seq 61); printf 'move C5 30 14\nboard\nmove C5 30 14\nquit\n') |
  "$ecw" play catch-a-king --as parliament --seed 13 >"$tmp/out" 2>&1
grep -q "^careful: move C5 30.0 14.0: cavalry C5 leaves his prisoner shot S1, who escapes (a guard who goes from his prisoners loses them).$" "$tmp/out" ||
  fail "a guard's move away from his prisoner is not cautioned: $(grep -A2 '^parliament> move C5' "$tmp/out" | head -3)"
[ "$(grep -c '^careful: ' "$tmp/out")" = 1 ] || fail "the order given again was cautioned again"
grep -A3 "^parliament> move C5 30 14" "$tmp/out" | tail -4 | tr '\n' '|' |
  grep -q "you (parliament): move C5 30.0 14.0|  Parliament cavalry C5 moves from (33.0, 14.0) to (30.0, 14.0)|  Prisoner shot S1 escapes and returns to the Royalists|" ||
  fail "the order given twice was not played, or the escape not told after the move: $(grep -A3 '^parliament> move C5 30 14' "$tmp/out" | tail -4)"
# ... and with manual dice a number typed after the caution is a die, not list entry 1 (a
# referee's die played a search nobody ordered)
(printf 'hint\ntake\n%.0s' $(seq 61); printf 'quit\n') |
  "$ecw" play catch-a-king --as parliament --seed 13 --save "$tmp/care.json" >/dev/null 2>&1
printf 'move C5 30 14\n1\nquit\n' | "$ecw" play --load "$tmp/care.json" --dice manual >"$tmp/out" 2>&1
grep -q "^the last order was not played (careful, above): no dice are wanted now, and 1 plays nothing" "$tmp/out" ||
  fail "a number after a caution played: $(grep -A3 '^careful' "$tmp/out")"
printf 'odds 1\nquit\n' | "$ecw" play marston-less --seed 5 >"$tmp/out" 2>&1
grep -q "^this game gives no odds at the prompt (see: ecw odds marston-less --help)" "$tmp/out" || fail "odds in Marston Less"
printf 'list all 5\nquit\n' | "$ecw" play "$game" --seed 4 >"$tmp/out" 2>&1
grep -q "^no order in the list holds 'all 5' ('list all' shows every one" "$tmp/out" || fail "list all 5: $(grep -A2 'list all 5' "$tmp/out")"
# list WORD: the orders holding every word, whole, with their numbers, which may then be typed
printf 'list c3\n30\nquit\n' | "$ecw" play catch-a-king --as parliament --seed 1 >"$tmp/out" 2>&1
grep -q '^  30\. move C3 ' "$tmp/out" || fail "list c3 did not show C3's orders: $(grep -A4 'list c3' "$tmp/out")"
grep -q ' 5\. move D1\| 1\. move Y' <(sed -n '/> list c3/,$p' "$tmp/out" | sed -n '2,4p') && fail "list c3 showed another's orders"
grep -q '^you (parliament): move C3 ' "$tmp/out" || fail "30, shown by list c3, was not played: $(grep -A3 'list c3' "$tmp/out")"
# only a number the list has shown is taken: 'list all' shows the rest (over 60 actions at this prompt;
# after 33 hints action 61 is an order played without a caution, since the Royalists mass their fire)
(printf 'hint\ntake\n%.0s' $(seq 33); printf '61\nlist\nlist all\n61\n') |
  "$ecw" play catch-a-king --ai human --seed 3 --terrain random >"$tmp/out" 2>&1
grep -q "more ('list' or 'list all' shows them)" "$tmp/out" || fail "the first list does not say 'list' shows more"
grep -q "more ('list all' shows them)" "$tmp/out" || fail "list does not say 'list all' shows the rest"
# To Catch a King lists 12 actions before a decision (orders are mostly typed), 'list' up to 60
grep -q "^  12\. " "$tmp/out" && ! grep -q "^  13\. .*" <(sed -n '1,/^[a-z]*> /p' "$tmp/out") || fail "the first list is not 12 long"
grep -q "action 61 is not among those listed: 'list all' shows all" "$tmp/out" || fail "an unlisted number was taken"
act61=$(sed -n 's/^  61\. //p' "$tmp/out" | tail -1)
[ -n "$act61" ] || fail "list all did not show action 61"
grep -q "^[a-z]*: $act61\$" "$tmp/out" || fail "61 ($act61), once listed, was not played"
# a game option as its own flag: --terrain random is --option terrain=random
expect 0 "$ecw" sim catch-a-king --games 20 --seed 4 --threads 1 --terrain random --exit_scores yes --json
sed 's/"elapsed_s".*//' "$tmp/out" >"$tmp/flag.json"
expect 0 "$ecw" sim catch-a-king --games 20 --seed 4 --threads 1 --option terrain=random --option exit_scores=yes --json
sed 's/"elapsed_s".*//' "$tmp/out" | cmp -s - "$tmp/flag.json" || fail "sim --terrain random differs from --option terrain=random"
expect 0 "$ecw" sim catch-a-king --games 20 --seed 4 --threads 1 --json
sed 's/"elapsed_s".*//' "$tmp/out" | cmp -s - "$tmp/flag.json" && fail "sim --terrain random --exit_scores yes changed nothing"
grep -Eq '"points":\{"royalist":\{"mean":[0-9.]+,"sd":[0-9.]+,"ci95":\[[0-9.-]+,[0-9.]+\]\},"parliament":\{"mean"' "$tmp/out" ||
  fail "sim --json: the points' mean without its sd and interval: $(head -c 600 "$tmp/out")"
expect 2 "$ecw" sim "$game" --terrain random; err_has "unknown option 'terrain' (this game knows: foot, turns, dragoons)"
expect 2 "$ecw" watch "$game" --turns 0;    err_has "option turns: expected a number 1..99, not '0'"
expect 2 "$ecw" sim "$game" --games 1 --option "turns= 5"; err_has "option turns: expected a number 1..99, not ' 5'"
expect 2 "$ecw" sim "$game" --games 1 --option "turns=+5"; err_has "option turns: expected a number 1..99, not '+5'"
expect 2 "$ecw" play "$game" --turns;       err_has "needs a value: --turns"
expect 0 "$ecw" play --help;                grep -q -- "--terrain V" "$tmp/out" || fail "play --help lists the option flags"
expect 2 "$ecw" sim no-such-game;           err_has "unknown game"
expect 2 "$ecw" sim;                        err_has "expected one GAME"
expect 2 "$ecw" play "$game" --as nobody;   err_has "no role"
expect 2 "$ecw" play catch-a-king --as 2;   err_has "catch-a-king has no role '2' (roles: royalist or 0, parliament or 1)"
expect 0 "$ecw" play --help;                grep -q "counted" "$tmp/out" || fail "play --help does not say --as takes a number"
# the fresh seed is told only once the game is over (it would rebuild the hidden deal)
expect 0 "$ecw" play --help;                tr -s ' \n' ' ' <"$tmp/out" | grep -q "printed on stderr once the game is over" ||
  fail "play --help does not say the fresh seed comes only once the game is over"
# pieces go down in their order: a kind names the next piece only when it is of that kind,
# and the README says so
printf 'place wood 38 40\nquit\n' | "$ecw" play catch-a-king --as royalist --seed 3 >"$tmp/out" 2>&1
grep -q "illegal: pieces go down in their order: the next is 1, a village, not a wood" "$tmp/out" ||
  fail "place wood as the first placement: not refused for the order"
readme=$(dirname "$0")/../../README.md
tr -s ' \n' ' ' <"$readme" | grep -q "A kind names the next piece only when the next piece is of that kind" ||
  fail "README does not say a kind names the next piece only when it is of that kind"
expect 2 "$ecw" play "$game" --dice loaded; err_has "manual or auto"
expect 2 "$ecw" watch "$game" --delay soon
expect 2 "$ecw" replay;                     err_has "expected FILE or GAME FILE"
expect 2 "$ecw" replay a b c;               err_has "expected FILE or GAME FILE"
expect 2 "$ecw" replay chess x.json;        err_has "'chess' is not a game (games: marston-less, catch-a-king)"
# replay_two_words_say_game_then_file: the first of two words must be a game
expect 2 "$ecw" replay a b;                 err_has "replay: takes \[GAME\] FILE, and 'a' is not a game (games: "
expect 2 "$ecw" odds;                       err_has "missing GAME"
expect 2 "$ecw" odds no-such-game

# --- a value that is a flag is refused, never taken as a file, seed or AI (exit 2, nothing written)
( cd "$tmp" && "$ecw" sim catch-a-king --games 2 --events --json >out 2>err; echo $? >rc )
[ "$(cat "$tmp/rc")" = 2 ] || fail "sim --events --json exited $(cat "$tmp/rc"), expected 2"
grep -q "^ecw: sim: --events needs a FILE (got the flag --json)" "$tmp/err" || fail "sim --events --json: $(cat "$tmp/err")"
[ -e "$tmp/--json" ] && fail "sim --events --json wrote a file named --json"
# a write error on standard output (results or `--events -`) fails the command, saying so
if [ -w /dev/full ]; then
  for args in "--version" "sim catch-a-king --games 5 --threads 1" "sim catch-a-king --games 5 --threads 1 --events - --json" \
              "odds catch-a-king --attacker you --target horse"; do
    # shellcheck disable=SC2086
    "$ecw" $args >/dev/full 2>"$tmp/err"; rc=$?
    [ "$rc" = 1 ] || fail "'$args' >/dev/full exited $rc, expected 1"
    grep -q "^ecw: write error on standard output" "$tmp/err" || fail "'$args' >/dev/full: $(cat "$tmp/err")"
  done
  # a game whose input ends says its events file's failed write too, as a quit does (a fuzzer's went unsaid)
  printf 'board\n' | "$ecw" play catch-a-king --seed 1 --events /dev/full >/dev/null 2>"$tmp/err"
  grep -q "^ecw: play: /dev/full: write failed" "$tmp/err" || fail "play's events to /dev/full, input ended: $(cat "$tmp/err")"
fi
( cd "$tmp" && "$ecw" watch catch-a-king --seed 1 --save --fast >out 2>err; echo $? >rc )
[ "$(cat "$tmp/rc")" = 2 ] || fail "watch --save --fast exited $(cat "$tmp/rc"), expected 2"
grep -q "^ecw: watch: --save needs a FILE (got the flag --fast)" "$tmp/err" || fail "watch --save --fast: $(cat "$tmp/err")"
[ -e "$tmp/--fast" ] && fail "watch --save --fast saved to a file named --fast"
expect 2 "$ecw" play catch-a-king --seed --json;    err_has "play: --seed needs a number (got the flag --json)"
expect 2 "$ecw" play catch-a-king --as --json;      err_has "play: --as needs a ROLE (got the flag --json)"
expect 2 "$ecw" play catch-a-king --ai --json;      err_has "play: --ai needs an AI (got the flag --json)"
expect 2 "$ecw" sim catch-a-king --games --json;    err_has "sim: --games needs a number (got the flag --json)"
expect 2 "$ecw" sim catch-a-king --royalist --json; err_has "sim: --royalist needs an AI (got the flag --json)"
expect 2 "$ecw" sim catch-a-king --terrain --json;  err_has "sim: --terrain needs a value (got the flag --json)"
expect 2 "$ecw" sim catch-a-king -o --json;         err_has "sim: --option needs KEY=VALUE (got the flag --json)"
expect 2 "$ecw" replay --events --verify x.json;    err_has "replay: --events needs a FILE (got the flag --verify)"
expect 2 "$ecw" odds catch-a-king --attacker shot --target horse --shoot --shooters --json
# --- numbers: the message names the option
expect 2 "$ecw" sim "$game" --seed abc;             err_has "sim: --seed: expected a non-negative decimal number, got 'abc'"
expect 2 "$ecw" watch "$game" --seed 99999999999999999999; err_has "watch: --seed: number too large (at most 18446744073709551615)"
# --- game options: key=value, each key once
expect 2 "$ecw" sim catch-a-king --option terrain;  err_has "sim: --option terrain: expected key=value"
expect 2 "$ecw" sim catch-a-king --spread free --option spread=squares; err_has "option 'spread' given twice (free, then squares)"
expect 2 "$ecw" play catch-a-king --option terrain=random --option terrain=placed; err_has "option 'terrain' given twice (random, then placed)"
# repeated_flags_are_refused: any other flag given twice is refused too, not
# the last one taken (--option stays repeatable for different keys)
expect 2 "$ecw" sim catch-a-king --games 5 --games 6;       err_has "sim: option --games given twice (5, then 6)"
expect 2 "$ecw" sim catch-a-king --seed 1 --seed 2;         err_has "sim: option --seed given twice (1, then 2)"
expect 2 "$ecw" sim catch-a-king --json --json;             err_has "sim: option --json given twice"
expect 2 "$ecw" sim catch-a-king --royalist random --royalist heuristic; err_has "sim: option --royalist given twice (random, then heuristic)"
expect 2 "$ecw" play catch-a-king --as royalist --as parliament; err_has "play: option --as given twice (royalist, then parliament)"
expect 2 "$ecw" play catch-a-king --ai random --ai random;  err_has "play: option --ai given twice"
expect 2 "$ecw" watch catch-a-king --fast --fast;           err_has "watch: option --fast given twice"
expect 2 "$ecw" replay --verify --verify x.json;            err_has "replay: option --verify given twice"
expect 2 "$ecw" games --json -j;                            err_has "games: option --json given twice"
expect 0 "$ecw" sim catch-a-king --games 2 --seed 1 --option terrain=random --option spread=free

# --- sim says which options it measured, in text and in --json
expect 0 "$ecw" sim catch-a-king --games 4 --seed 2 --terrain random --option exit_scores=yes
grep -q "^  options: terrain=random, exit_scores=yes (others at their defaults)" "$tmp/out" || fail "sim text lacks its options: $(cat "$tmp/out")"
expect 0 "$ecw" sim catch-a-king --games 4 --seed 2
grep -q "^  options: the game's defaults" "$tmp/out" || fail "sim text lacks 'options: the game's defaults': $(cat "$tmp/out")"
# counts as whole numbers with their share of games, means with two decimals
grep -Eq '^  persons\.charles\.captured +[0-9]+  \([0-9.]+% of games\)$' "$tmp/out" || fail "sim text count not a whole number with a share: $(cat "$tmp/out")"
grep -Eq '^  points\.royalist\.mean +[0-9]+\.[0-9]{2}  \(sd [0-9]+\.[0-9]{2}; 95%: -?[0-9.]+ \.\. [0-9.]+\)$' "$tmp/out" ||
  fail "sim text mean not with two decimals, its sd and interval: $(cat "$tmp/out")"
expect 0 "$ecw" sim catch-a-king --games 4 --seed 2 --terrain random --json
grep -q '"options":{"terrain":"random"}' "$tmp/out" || fail "sim --json lacks its options: $(cat "$tmp/out")"
# every option in force, given or at its default, and which ecw made it (an analyst's)
grep -q '"options_in_force":{"terrain":"random","spread":"squares",' "$tmp/out" && grep -q '"blocked_recoil":"stops"' "$tmp/out" &&
  grep -q '"ecw":"' "$tmp/out" || fail "sim --json lacks the options in force or the version: $(head -c 600 "$tmp/out")"
expect 0 "$ecw" sim marston-less --games 2 --seed 1 --json
grep -q '"options_in_force":{"foot":"str2","turns":"12","dragoons":"zone"}' "$tmp/out" || fail "ML options in force: $(head -c 400 "$tmp/out")"
# records_of_earlier_builds_replay: a game recorded by the build of f45592c (2026-12-02 noon) verifies, hash
# for hash (a reviewer's: a beaten Royalist charger from a hill changed the hashed state once uphill came)
expect 0 "$ecw" replay "$(dirname "$0")/records/ck_seed61_f45592c.json" --verify
grep -q 'every hash matches' "$tmp/out" || fail "the f45592c record does not verify: $(tail -2 "$tmp/out")"
# sim_sweep_plays_the_same_games_under_each_rule: --sweep KEY gives the options given first, then each other
# value, every row the very games a plain sim with that option plays (the Balance table in one command)
expect 0 "$ecw" sim catch-a-king --games 12 --seed 3 --threads 2 --sweep uphill,together
[ "$(grep -cE '^  (\(the defaults\)|uphill=set_off|together=yes) ' "$tmp/out")" = 3 ] || fail "sweep rows: $(cat "$tmp/out")"
grep -q '^catch-a-king sweep: 12 games a row, seed 3, royalist=heuristic parliament=heuristic' "$tmp/out" || fail "sweep head: $(head -2 "$tmp/out")"
expect 0 "$ecw" sim catch-a-king --games 12 --seed 3 --threads 1 --sweep together --json
# ... and each row after the first says its change in each side's wins, game against game: the difference of
# the shares, within its interval; the first row says none
python3 -c "
import json,sys; d=json.load(open(sys.argv[1])); a,b=d['sweep']; n=a['games']
assert 'vs_first' not in a, 'the first row has a change from itself'
for side in ('royalist','parliament'):
    v=b['vs_first'][side]; want=(b['wins'][side]-a['wins'][side])/n
    assert abs(v['wins']-want)<1e-9 and v['ci95'][0]<=v['wins']<=v['ci95'][1], (side, v, want)
" "$tmp/out" || fail "sweep vs_first: $(head -c 600 "$tmp/out")"
sweep_row=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['sweep'][1]['options'], d['sweep'][1]['wins'], d['sweep'][1]['points'])" "$tmp/out")
expect 0 "$ecw" sim catch-a-king --games 12 --seed 3 --threads 2 --option together=yes --json
plain=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['options'], d['wins'], d['points'])" "$tmp/out")
[ "$sweep_row" = "$plain" ] || fail "a sweep's row is not the plain run's: $sweep_row against $plain"
expect 2 "$ecw" sim catch-a-king --sweep nosuch;   err_has "sim: --sweep: catch-a-king has no option 'nosuch'"
expect 2 "$ecw" sim marston-less --sweep turns;    err_has "sim: --sweep: option turns takes a number: list the values to sweep, --sweep turns=8/12/16"
# a number's values listed, the default's among them played once, as the first row; a bad one refused before any game
expect 0 "$ecw" sim marston-less --games 6 --threads 2 --sweep turns=8/12/16
[ "$(grep -cE '^  (\(the defaults\)|turns=8|turns=16) ' "$tmp/out")" = 3 ] && ! grep -q '^  turns=12 ' "$tmp/out" ||
  fail "sweep turns=8/12/16: $(cat "$tmp/out")"
expect 2 "$ecw" sim marston-less --games 6 --sweep turns=5/0; err_has "option turns: expected a number 1..99, not '0'"
# a key named twice plays its rows once; any case, as --option; an empty list and 'all' among keys refused (a tester's)
expect 0 "$ecw" sim marston-less --games 4 --threads 2 --sweep FOOT,foot
[ "$(grep -c '^  foot=str4 ' "$tmp/out")" = 1 ] || fail "sweep foot,foot: $(cat "$tmp/out")"
expect 2 "$ecw" sim marston-less --sweep 'turns=';   err_has "sim: --sweep: turns= lists no value"
expect 2 "$ecw" sim marston-less --sweep all,foot;   err_has "sim: --sweep: 'all' sweeps every option and stands alone"
[ -s "$tmp/out" ] && fail "a sweep with a bad value played rows before refusing it: $(cat "$tmp/out")"
expect 2 "$ecw" sim catch-a-king --sweep all --events "$tmp/sw.jsonl"; err_has "sim: --sweep and --events"
# an option in any case, kept in lower case (an analyst's together=YES was refused)
expect 0 "$ecw" sim catch-a-king --games 2 --seed 1 --option Together=YES --json
grep -q '"options":{"together":"yes"}' "$tmp/out" || fail "an option in capitals: $(head -c 300 "$tmp/out")"
# one game: no spread to give, and "1 game"
expect 0 "$ecw" sim catch-a-king --games 1 --seed 1
grep -q '^catch-a-king: 1 game, seed 1,' "$tmp/out" && grep -Eq '^  points\.royalist\.mean +[0-9]+\.[0-9]{2}  \(one game: no spread\)$' "$tmp/out" ||
  fail "sim of one game: $(head -8 "$tmp/out")"
expect 0 "$ecw" sim catch-a-king --games 1 --seed 1 --json
grep -q '"points":{"royalist":{"mean":[0-9.]*,"sd":null,"ci95":null}' "$tmp/out" || fail "one game's JSON spread: $(grep -o '"points".\{0,120\}' "$tmp/out")"

# --- malformed records: exit 1 with a one-line message naming the problem
printf '{"engine": "0.1.0",,}' >"$tmp/bad.json"
expect 1 "$ecw" replay "$tmp/bad.json";     err_has "bad.json:1:"
printf '{"engine":"0.1.0","game":"%s","seed":1,"actions":[{"verb":"x","piece":0,"target":0,"arg":0}]}' \
  "$game" >"$tmp/type.json"
expect 1 "$ecw" replay "$tmp/type.json";    err_has "actions\[0\].verb: expected an integer"
printf '{"engine":"0.1.0","game":"chess","seed":1,"actions":[]}' >"$tmp/chess.json"
expect 1 "$ecw" replay "$tmp/chess.json";   err_has "unknown game"
expect 1 "$ecw" replay "$tmp/none.json";    err_has "none.json"
expect 1 "$ecw" replay "$tmp";              err_has "$tmp is a directory"
printf '{"engine":"0.1.0","game":"%s","seed":99999999999999999999,"actions":[]}' "$game" >"$tmp/bigseed.json"
expect 1 "$ecw" replay "$tmp/bigseed.json"; err_has "bigseed.json:1:[0-9]*: seed: number too large"

# --- sim: the same results for 1 and 2 threads (elapsed fields dropped)
strip() { sed -E 's/,"elapsed_s":[^,]*,"games_per_s":[^}]*//' "$1"; }
expect 0 "$ecw" sim "$game" --games 200 --json --threads 1 --seed 11
strip "$tmp/out" >"$tmp/sim1"
expect 0 "$ecw" sim "$game" --games 200 --json --threads 2 --seed 11
strip "$tmp/out" >"$tmp/sim2"
cmp -s "$tmp/sim1" "$tmp/sim2" || fail "sim differs between 1 and 2 threads: $(cat "$tmp/sim1" "$tmp/sim2")"
grep -q '"wins":{' "$tmp/sim1" || fail "sim --json lacks wins: $(cat "$tmp/sim1")"
expect 0 "$ecw" sim "$game" --games 20 --threads 2 --events "$tmp/sim.jsonl"
[ -s "$tmp/sim.jsonl" ] || fail "sim --events wrote nothing"
# a game's set-up events (random terrain, laid before any action) carry its own turn 0, not the
# turn the game before it on the same thread ended on (12)
expect 0 "$ecw" sim catch-a-king --games 3 --threads 1 --option terrain=random --events "$tmp/terrain.jsonl"
stale=$(grep '"type":"terrain"' "$tmp/terrain.jsonl" | grep -vc '"turn":0,')
[ "$stale" = 0 ] || fail "sim --events: $stale terrain events of random terrain carry another game's turn"

# --- play piped to the end: always take the first listed action
yes 1 | head -n 200000 >"$tmp/ones"
"$ecw" play "$game" --seed 7 --save "$tmp/game.json" --events "$tmp/play.jsonl" \
  <"$tmp/ones" >"$tmp/play.out" 2>"$tmp/play.err"
rc=$?
[ $rc -eq 0 ] || fail "piped play exited $rc: $(tail -c 300 "$tmp/play.err")"
grep -Eq '^result: (royalist wins|parliament wins|draw), after turn' "$tmp/play.out" || fail "piped play printed no result in words"
grep -q '^score:' "$tmp/play.out" && fail "play still prints the score line"
[ -s "$tmp/play.jsonl" ] || fail "play --events wrote nothing"

# --- play: end of input before the end is a failure, quit is not
printf '' | "$ecw" play "$game" --seed 7 >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] || fail "play at end of input should exit 1"
grep -q 'input ended' "$tmp/err" || fail "play at end of input: no message"
printf 'quit\n' | "$ecw" play "$game" --seed 7 --save "$tmp/quit.json" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] || fail "play quit should exit 0"
[ -s "$tmp/quit.json" ] || fail "play quit did not save"
# the seed fixes the hidden deal: sealed while the game goes on, in the open once it is over
grep -q '"seed"' "$tmp/quit.json" && fail "a game left unfinished saved its seed in the open"
grep -q '"sealed_seed":"[0-9a-f]\{16\}"' "$tmp/quit.json" || fail "a game left unfinished has no sealed_seed"
grep -q '"seed":7,' "$tmp/game.json" || fail "a finished game does not show its seed"

# --- replay --verify: the saved game passes, a tampered one fails naming the action
expect 0 "$ecw" replay --verify "$tmp/game.json"
grep -q '^result: ' "$tmp/out" || fail "replay printed no result"
expect 0 "$ecw" replay --verify "$tmp/quit.json"
sed -E 's/"final_hash":"[0-9a-f]*"/"final_hash":"0000000000000bad"/' "$tmp/game.json" >"$tmp/tampered.json"
expect 1 "$ecw" replay --verify "$tmp/tampered.json"; err_has "action [0-9]"
expect 0 "$ecw" replay "$tmp/tampered.json"
# ... and one with nothing to compare fails rather than say every hash matched; a text that names
# another action than its fields is caught (an analyst's edited record passed both)
expect 0 "$ecw" replay --verify "$tmp/game.json"
grep -q 'every hash matches ([0-9]* after actions, and the final one)' "$tmp/out" || fail "replay --verify: what it compared"
sed -E 's/"hashes":\[[^]]*\],//; s/,"final_hash":"[0-9a-f]*"//' "$tmp/game.json" >"$tmp/nohash.json"
expect 1 "$ecw" replay --verify "$tmp/nohash.json"; err_has "found no state hashes to compare"
expect 0 "$ecw" replay "$tmp/nohash.json"
sed -E 's/"text":"[^"]*"/"text":"end"/3' "$tmp/game.json" >"$tmp/retext.json"
expect 1 "$ecw" replay --verify "$tmp/retext.json"; err_has "action 2 (.*): its text in the record says 'end', another action"
expect 0 "$ecw" replay "$tmp/game.json" --events "$tmp/replay.jsonl"
cmp -s "$tmp/play.jsonl" "$tmp/replay.jsonl" || fail "replay events differ from the played game's"

# a bent move typed at the prompt is saved with its bend, told in the log, and replays (seed 4: C1 at (26, 0.8))
printf 'move C1 29 7 via 27 4\nquit\n' | "$ecw" play catch-a-king --as parliament --seed 4 --save "$tmp/bend.json" >"$tmp/out" 2>&1
grep -q 'C1 moves by way of (27.0, 4.0) from (26.0, 0.8) to (29.0, 7.0)' "$tmp/out" || fail "the bent move's log line"
grep -q '"bx":27,"by":4,"text":"move C1 29.0 7.0 via 27.0 4.0"' "$tmp/bend.json" || fail "the bend in the save"
expect 0 "$ecw" replay --verify "$tmp/bend.json"
# a straight move refused for its way names a worked bend, which typed back is played (hot seat,
# seed 5, the village at (13, 13) between Y at (11, 8) and where he is going)
printf '%s\n' 'place 1 13 13' 'place 2 24 13' 'place 3 35 13' 'place 4 13 24' 'place 5 24 24' \
  'place 6 35 24' 'place 7 13 35' 'place 8 24 35' 'place 9 35 35' 'place 10 18.5 29' 'place 11 29.5 18.5' \
  'place 12 18.5 18.5' list 'arrive 0.2 4.0' 'move Y 11 8' end end 'move Y 16.5 12.5' \
  'move Y 16.5 12.5 via 15.2 10.7' quit | "$ecw" play catch-a-king --seed 5 --ai human >"$tmp/out" 2>&1
grep -qF 'illegal: the way crosses the unsearched village (piece 1), which would be searched: end the move on it or go round (a bend goes round: move Y 16.5 12.5 via 15.2 10.7)' "$tmp/out" ||
  fail "the worked bend: $(grep 'bend goes round' "$tmp/out")"
grep -qF 'Y moves by way of (15.2, 10.7) from (11.0, 8.0) to (16.5, 12.5)' "$tmp/out" || fail "the worked bend typed back"
# ... and the band's arrive points are listed as moves are, to 0.1", and taken typed back as listed
grep -qx '   1. arrive 0.2 4.0' "$tmp/out" || fail "arrive listed: $(grep -m2 '\. arrive' "$tmp/out")"
grep -qx 'royalist: arrive 0.2 4.0' "$tmp/out" || fail "arrive 0.2 4.0 typed back: $(grep -m2 'arrive' "$tmp/out")"

# --- an unwritable save or event file fails at once, not after the game
expect 1 "$ecw" play "$game" --save "$tmp/no/such/dir/g.json";  err_has "No such file"
expect 1 "$ecw" watch "$game" --fast --save "$tmp/no/dir/g.json"; err_has "No such file"
expect 1 "$ecw" sim "$game" --games 2 --events "$tmp/no/dir/e.jsonl"; err_has "No such file"

# --- manual dice (referee mode): typed rolls are kept and fed back on replay
for i in $(seq 1 20000); do echo 1; echo 2; done >"$tmp/alt"
"$ecw" play "$game" --seed 11 --dice manual --save "$tmp/manual.json" \
  <"$tmp/alt" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || fail "manual-dice play exited $rc: $(tail -c 300 "$tmp/err")"
grep -q '"rolls":\[{"sides"' "$tmp/manual.json" || fail "manual dice not recorded"
expect 0 "$ecw" replay --verify "$tmp/manual.json"
sed -E '0,/"sides":6/s//"sides":20/' "$tmp/manual.json" >"$tmp/manual-bad.json"
expect 1 "$ecw" replay --verify "$tmp/manual-bad.json"; err_has "action [0-9].*rolls\[0\] is a d20"
sed -E 's/"rolls":\[/"rolls":[{"sides":6,"value":3},/' "$tmp/manual.json" >"$tmp/manual-bad.json"
expect 1 "$ecw" replay --verify "$tmp/manual-bad.json"
# manual_dice_a_die_edited_that_changes_nothing_fails_verify: the record covers its dice, a digest
# of them with every hash and at the end (a referee's edited defence die, where the shot missed
# either way, passed --verify while --show told the false die). Such an edit is found on the
# record stripped of its digests (as an ecw before them wrote it), which verifies with it: the
# state does not change. With the digests it fails, naming the rolls it lies among, and so does a
# die removed or added; play --load refuses it too. The record without digests verifies, saying
# its dice are not covered.
python3 - "$ecw" "$tmp" <<'PY' >"$tmp/edit-at" || fail "no die found whose edit leaves the state as it was"
import json, subprocess, sys
ecw, tmp = sys.argv[1], sys.argv[2]
rec = json.load(open(tmp + "/manual.json"))
def put(name, d):
    with open(tmp + "/" + name, "w") as f:
        json.dump(d, f, separators=(",", ":"))
def strip(d):
    d = json.loads(json.dumps(d))
    for h in d["hashes"]:
        h.pop("dice", None)
    d.pop("final_dice", None)
    return d
put("nodigest.json", strip(rec))
for i, r in enumerate(rec["rolls"][:40]):
    for v in range(1, r["sides"] + 1):
        if v == r["value"]:
            continue
        e = json.loads(json.dumps(rec))
        e["rolls"][i]["value"] = v
        put("die-old.json", strip(e))
        if subprocess.run([ecw, "replay", "--verify", tmp + "/die-old.json"], capture_output=True).returncode == 0:
            put("die-edit.json", e)
            gone = json.loads(json.dumps(rec))
            gone["rolls"].pop()
            put("die-gone.json", gone)
            more = json.loads(json.dumps(rec))
            more["rolls"].append({"sides": 6, "value": 3})
            put("die-more.json", more)
            print(i, len(rec["rolls"]) - 1)
            sys.exit(0)
sys.exit(1)
PY
read -r edited last <"$tmp/edit-at"
# rolls_named: the rolls the last message names, "LO HI" ("a die among rolls 37..52", "the die rolls[37]")
rolls_named() {
  sed -nE 's/.*a die among rolls ([0-9]+)\.\.([0-9]+) .*/\1 \2/p; s/.*the die rolls\[([0-9]+)\] .*/\1 \1/p' "$tmp/err" | head -1
}
expect 0 "$ecw" replay --verify "$tmp/nodigest.json"
grep -q "every hash matches (.*); the [0-9]* dice recorded are not covered by a digest (the record was made before ecw kept one)" "$tmp/out" ||
  fail "a record without dice digests: $(cat "$tmp/out")"
expect 0 "$ecw" replay --verify "$tmp/manual.json"
grep -q "every hash matches (.*), as do the [0-9]* dice recorded$" "$tmp/out" || fail "replay --verify does not say the dice match: $(cat "$tmp/out")"
expect 0 "$ecw" replay --verify "$tmp/die-old.json" # (the edit changes nothing in the state)
expect 1 "$ecw" replay --verify "$tmp/die-edit.json"
err_has "die-edit.json: action [0-9]* (.*): dice differ from the record (dice digest at [0-9]*): .*rolls.* (.* of .*) was edited, added or removed (an edited file)$"
read -r lo hi <<<"$(rolls_named)"
[ -n "$hi" ] && [ "$lo" -le "${edited:-0}" ] && [ "$hi" -ge "${edited:-0}" ] ||
  fail "the dice named ($lo..$hi) do not hold the die edited, rolls[$edited]: $(cat "$tmp/err")"
expect 1 "$ecw" replay --verify "$tmp/die-gone.json"
err_has "die-gone.json: final dice differ from the record (after action [0-9]*): .*rolls.* (.* of .*) was edited, added or removed"
[ "$(rolls_named | cut -d' ' -f2)" = $((last - 1)) ] || fail "a die removed: the dice named are not the last: $(cat "$tmp/err")"
expect 1 "$ecw" replay --verify "$tmp/die-more.json"
err_has "die-more.json: final dice differ from the record (after action [0-9]*): .*rolls.* (.* of .*) was edited, added or removed"
[ "$(rolls_named | cut -d' ' -f2)" = $((last + 1)) ] || fail "a die added: the dice named are not the last: $(cat "$tmp/err")"
expect 1 "$ecw" play --load "$tmp/die-edit.json"; err_has "cannot resume: action [0-9]* (.*): dice differ from the record"

# --- a game played with ecw's dice, resumed with typed dice, loads and replays: the dice ecw rolled
# are noted in the record before those typed (a play-tester's typed dice were fed to the game's first
# dice, and the record would not load again)
(printf 'hint\ntake\n%.0s' $(seq 40); printf 'quit\n') |
  "$ecw" play catch-a-king --as parliament --seed 5 --terrain random --save "$tmp/mixed.json" >/dev/null 2>&1
(printf 'hint\ntake\n3\n3\n%.0s' $(seq 30); printf 'quit\n') |
  "$ecw" play catch-a-king --load "$tmp/mixed.json" --dice manual >/dev/null 2>&1
grep -q '"value":0}' "$tmp/mixed.json" && grep -q '"value":3}' "$tmp/mixed.json" ||
  fail "mixed dice: the record lacks ecw's dice or the typed ones: $(head -c 300 "$tmp/mixed.json")"
printf 'quit\n' | "$ecw" play catch-a-king --load "$tmp/mixed.json" >"$tmp/out" 2>&1 ||
  fail "mixed dice: the record does not load again: $(grep 'cannot' "$tmp/out")"
expect 0 "$ecw" replay "$tmp/mixed.json" --verify

# --- play --load: a game saved on quit goes on with its side, AI and dice, and the whole replays
printf '1\n1\n1\n1\n1\nquit\n' | "$ecw" play catch-a-king --seed 5 --as parliament --ai random \
  --save "$tmp/resume.json" >"$tmp/out" 2>"$tmp/err" || fail "play quit to resume exited $?: $(cat "$tmp/err")"
grep -q '"players":{"royalist":"random","parliament":"human"},"dice":"auto"' "$tmp/resume.json" || fail "the save lacks players and dice: $(tail -c 200 "$tmp/resume.json")"
cp "$tmp/resume.json" "$tmp/resume-half.json"
n=$(grep -o '"verb"' "$tmp/resume.json" | wc -l)
"$ecw" play --load "$tmp/resume.json" <"$tmp/ones" >"$tmp/out" 2>"$tmp/err" || fail "play --load exited $?: $(tail -c 300 "$tmp/err")"
grep -q "^resumed $tmp/resume.json: $n actions replayed" "$tmp/out" || fail "play --load did not say what it resumed: $(head -3 "$tmp/out")"
grep -q "^you (parliament): " "$tmp/out" || fail "play --load did not go on as parliament"
grep -q "^royalist (computer, random): " "$tmp/out" || fail "play --load did not go on against the random AI"
grep -q "^result: " "$tmp/out" || fail "play --load did not play to the end"
sed -n '/^result: /,$p' "$tmp/out" | grep -q "^(the game is over: 'board', 'roster', 'log', 'score', 'measure', 'odds' or 'help' to look at it" ||
  fail "a game played to its end was not offered to be looked at: $(tail -5 "$tmp/out")"
expect 0 "$ecw" replay --verify catch-a-king "$tmp/resume.json"
# play_review: a game that is over is loaded to be looked at (its last board, log, score), orders refused, and
# its file left as it was; a game played to its end at the prompt is looked at the same way before leaving
cp "$tmp/resume.json" "$tmp/resume-over.json"
printf 'score\nlog 2\nhelp\nodds charge C1 R1\nundo\nmove D1 3 3\n' | "$ecw" play --load "$tmp/resume.json" >"$tmp/out" 2>"$tmp/err" ||
  fail "play --load of a game that is over exited $?: $(tail -c 300 "$tmp/err")"
cmp -s "$tmp/resume.json" "$tmp/resume-over.json" || fail "play --load of a game that is over changed its file"
# log WORDS shows each order whose telling holds them whole: a shot with both its dice, though each die names one
# side (a referee looking up a clubman was shown half a fight)
printf 'log shoot\nquit\n' | "$ecw" play --load "$tmp/resume.json" 2>/dev/null | sed -n '/^log shoot$/,$p' >"$tmp/logshoot"
awk '/^  shoot: / { n++; if (p1 !~ /^  d6: / || p2 !~ /^  d6: /) bad++ } { p2 = p1; p1 = $0 }
     END { exit !(n > 0 && !bad) }' "$tmp/logshoot" || fail "log shoot does not show each shot with its dice: $(head -12 "$tmp/logshoot")"
grep -q '^-- turn [0-9]* --$' "$tmp/logshoot" || fail "log shoot does not mark the turns: $(head -5 "$tmp/logshoot")"
grep -q "^$tmp/resume.json is a game that is over: here is its end" "$tmp/out" || fail "the end was not shown: $(head -3 "$tmp/out")"
grep -q "^the points at the end:" "$tmp/out" || fail "score at the end: $(cat "$tmp/out")"
grep -q "^(if Parliament moved now, every figure of theirs fresh)$" "$tmp/out" && ! grep -q "^no odds: the game is over" "$tmp/out" ||
  fail "odds at the end (the doc says it works there; a tester was told the game is over): $(grep -A2 '^odds' "$tmp/out")"
grep -q "^the last 2 lines said" "$tmp/out" || fail "log at the end: $(cat "$tmp/out")"
grep -q "^the game is over: no orders are left to give, and none taken back ('undo' is for a game going on)" "$tmp/out" ||
  fail "an undo at the end was not refused: $(tail -5 "$tmp/out")"
grep -q "^(input is not a terminal: leaving at the first order given after the end)" "$tmp/out" ||
  fail "piped input did not leave at its first order after the end: $(tail -5 "$tmp/out")"
! grep -q "^move D1 3 3" "$tmp/out" || fail "a line after the order that left was read: $(tail -5 "$tmp/out")"
grep -q "^the game is over: board (or map), roster, log" "$tmp/out" || fail "help at the end: $(tail -8 "$tmp/out")"
expect 1 "$ecw" play "$game" --load "$tmp/resume-half.json"; err_has "is a record of catch-a-king, not $game"
expect 2 "$ecw" play --load "$tmp/resume-half.json" --seed 3; err_has "do not give --seed or game options"
expect 2 "$ecw" play --load "$tmp/resume-half.json" --terrain random; err_has "do not give --seed or game options"
# play_load_refuses_unknown_players: a side played by nobody ecw knows, a role
# the game lacks, or "players" not an object is refused, naming the field,
# the value and what would do (an unknown AI resumed silently as heuristic)
sed 's/"royalist":"random"/"royalist":"bogus"/' "$tmp/resume-half.json" >"$tmp/resume-bogus.json"
expect 1 "$ecw" play --load "$tmp/resume-bogus.json"; err_has "play: .*resume-bogus.json: players.royalist: unknown player 'bogus' (players: human, random, heuristic)"
sed 's/"royalist":"random"/"king":"random"/' "$tmp/resume-half.json" >"$tmp/resume-king.json"
expect 1 "$ecw" play --load "$tmp/resume-king.json";  err_has "players.king: 'king' is not a role of catch-a-king (roles: royalist, parliament)"
sed -E 's/"players":\{[^}]*\}/"players":["random","human"]/' "$tmp/resume-half.json" >"$tmp/resume-arr.json"
expect 1 "$ecw" play --load "$tmp/resume-arr.json";   err_has "players: expected an object of role: player.*, got an array"
sed -E '0,/"verb":[0-9]+/s//"verb":99/' "$tmp/resume-half.json" >"$tmp/resume-bad.json"
expect 1 "$ecw" play --load "$tmp/resume-bad.json";       err_has "cannot resume: action 0"
# manual dice: the typed rolls are replayed and play goes on asking for dice
(head -n 60 "$tmp/alt"; echo quit) | "$ecw" play "$game" --seed 11 --dice manual --save "$tmp/manual-half.json" \
  >"$tmp/out" 2>"$tmp/err" || fail "manual-dice play to resume exited $?"
"$ecw" play --load "$tmp/manual-half.json" <"$tmp/alt" >"$tmp/out" 2>"$tmp/err" || fail "manual-dice play --load exited $?: $(tail -c 300 "$tmp/err")"
grep -q "^roll d" "$tmp/out" || fail "play --load of a manual-dice game did not ask for dice"
expect 0 "$ecw" replay --verify "$tmp/manual-half.json"
# manual_dice_quit_at_a_die_prompt_leaves_the_action_waiting: 'quit' there ends
# the game as at the action prompt (saved, exit 0), 'help' says what is wanted;
# the action waits in the record ("pending") with the dice typed for it, the
# game saved as it stood before it, and nothing ecw rolled after the quit is
# told or kept; --load applies it first, fed those dice, and asks for the rest
(head -n 19 "$tmp/alt"; echo help; echo quit) | "$ecw" play "$game" --seed 11 --dice manual --save "$tmp/dice-quit.json" \
  >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || fail "quit at a die prompt exited $rc: $(tail -c 300 "$tmp/err")"
grep -q "^type the number the d6 rolled for initiative, parliament, 1 to 6; 'undo' (or" "$tmp/out" ||
  fail "help at a die prompt: $(tail -8 "$tmp/out")"
grep -q "^(you quit: this action waits for the rest of its dice (2 typed so far);$" "$tmp/out" || fail "quit at a die prompt: $(tail -5 "$tmp/out")"
grep -q "^  waits for its dice: move P3 7 (2 typed)$" "$tmp/out" || fail "quit at a die prompt: no pending line: $(tail -5 "$tmp/out")"
grep -q "^you left the game" "$tmp/out" || fail "quit at a die prompt did not leave the game: $(tail -3 "$tmp/out")"
sed -n '/^roll d6 for initiative, parliament: quit$/,$p' "$tmp/out" | grep -q "^  d6: " &&
  fail "the die ecw rolled after the quit was told: $(tail -8 "$tmp/out")"
grep -q '"value":0}' "$tmp/dice-quit.json" && fail "a die ecw rolled after the quit is kept: $(tail -c 300 "$tmp/dice-quit.json")"
grep -q '"pending":{"verb":[0-9]*,.*"text":"move P3 7"},"pending_rolls":2' "$tmp/dice-quit.json" ||
  fail "the action left waiting is not in the record: $(tail -c 400 "$tmp/dice-quit.json")"
expect 0 "$ecw" replay --verify "$tmp/dice-quit.json"
grep -q "^then move P3 7 was declared; its dice were being typed (2 so far)" "$tmp/out" || fail "replay of a pending action: $(tail -3 "$tmp/out")"
# ... the dice typed for it are covered by the record's digest of its dice: one edited is found
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); r = d["rolls"][-1]; r["value"] = r["value"] % r["sides"] + 1
json.dump(d, open(sys.argv[2], "w"), separators=(",", ":"))' "$tmp/dice-quit.json" "$tmp/dice-quit-edit.json"
expect 1 "$ecw" replay --verify "$tmp/dice-quit-edit.json"
err_has "final dice differ from the record (after action [0-9]*): .*rolls.* (.* of actions [0-9.]* and the pending action (move P3 7)) was edited, added or removed"
cp "$tmp/dice-quit.json" "$tmp/dice-quit-auto.json"
"$ecw" play --load "$tmp/dice-quit.json" <"$tmp/alt" >"$tmp/out" 2>"$tmp/err" || fail "resuming a game quit at a die prompt exited $?: $(tail -c 300 "$tmp/err")"
grep -q "^waiting for its dice: parliament's move P3 7, the computer's order (2 typed before the break; the rest are asked for now)$" "$tmp/out" ||
  fail "play --load of a pending action: $(head -9 "$tmp/out")"
grep -q "^roll d6 for additional move, P3: 2 (typed before the break)$" "$tmp/out" || fail "the dice typed before the break were not fed: $(sed -n 8,14p "$tmp/out")"
grep -q "^roll d6 for initiative, parliament: 1$" "$tmp/out" || fail "the die after the break was not asked for: $(sed -n 8,16p "$tmp/out")"
grep -q "^result: " "$tmp/out" || fail "the resumed game did not play to the end"
grep -q '"pending"' "$tmp/dice-quit.json" && fail "the pending action stayed pending once applied"
expect 0 "$ecw" replay --verify "$tmp/dice-quit.json"
# ... and with --dice auto the generator rolls the rest
"$ecw" play --load "$tmp/dice-quit-auto.json" --dice auto <"$tmp/alt" >"$tmp/out" 2>"$tmp/err" || fail "resuming a pending action with --dice auto exited $?"
grep -q "^waiting for its dice: parliament's move P3 7, the computer's order (2 typed before the break; ecw rolls the rest: --dice auto)$" "$tmp/out" ||
  fail "play --load --dice auto of a pending action: $(head -9 "$tmp/out")"
grep "^roll d" "$tmp/out" | grep -vq "(typed before the break)$" && fail "--dice auto asked for a die"
expect 0 "$ecw" replay --verify "$tmp/dice-quit-auto.json"
# manual_dice_end_of_input_at_a_die_prompt_leaves_the_action_waiting (a hang-up)
head -n 19 "$tmp/alt" | "$ecw" play "$game" --seed 11 --dice manual --save "$tmp/dice-eof.json" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] || fail "end of input at a die prompt did not exit 1"
grep -q "^(no more input: this action waits for the rest of its dice (2 typed so far);$" "$tmp/out" || fail "end of input at a die prompt: $(tail -5 "$tmp/out")"
grep -q '"pending_rolls":2' "$tmp/dice-eof.json" || fail "end of input at a die prompt: no pending action saved"
# a pending action no longer legal (the record edited) is dropped with its dice, and said
sed -E 's/("pending":\{"verb":)[0-9]+/\199/' "$tmp/dice-eof.json" >"$tmp/dice-bad.json"
expect 0 "$ecw" replay "$tmp/dice-bad.json"
grep -q "^then ? P3 was declared, but it is not legal here (.*): 'ecw play --load .*dice-bad.json' drops it$" "$tmp/out" ||
  fail "replay of a record whose pending action is illegal: $(tail -2 "$tmp/out")"
cp "$tmp/dice-bad.json" "$tmp/dice-bad1.json" # (the load below saves the game back without it)
# ... and --verify fails such a record, as it does one whose pending words and fields disagree, since
# play keeps only an action it has checked, written as its fields read (a carried-over defect: it passed)
expect 1 "$ecw" replay --verify "$tmp/dice-bad1.json"
err_has "the pending action (? P3) is not legal where the record stops (.*): play keeps only an action it has checked (an edited file)"
sed -E 's/"text":"move P3 7"\}/"text":"move P3 6"}/' "$tmp/dice-eof.json" >"$tmp/dice-bad2.json"
expect 1 "$ecw" replay --verify "$tmp/dice-bad2.json"
err_has "the pending action's words (\"move P3 6\") are not its fields' (move P3 7): one or the other was edited"
expect 0 "$ecw" replay --verify "$tmp/dice-eof.json"
printf 'quit\n' | "$ecw" play --load "$tmp/dice-bad.json" >"$tmp/out" 2>"$tmp/err" || fail "a bad pending action: exit $?: $(cat "$tmp/err")"
grep -q "^the action that waited for its dice, ? P3 (its text in the record says 'move P3 7'), is not legal here (.*): it is dropped, with the 2 dice typed for it$" "$tmp/out" ||
  fail "a bad pending action: $(sed -n 7,10p "$tmp/out")"
# dice kept for a pending action that it never asks for (a record edited by hand) are dropped,
# and said, so that the game saved after it loads again (seed 1: Parliament's 'end' waits,
# its card calls for two dice; six are kept for it; its "final_dice" goes, as if an ecw made it
# before the dice were digested, or the edit would be refused)
printf 'quit\n' | "$ecw" play catch-a-king --as royalist --terrain random --seed 1 --dice manual --save "$tmp/pend-end.json" >/dev/null 2>&1
grep -q '"pending":{"verb":[0-9]*,.*"text":"end"},"pending_rolls":0' "$tmp/pend-end.json" || fail "seed 1: Parliament's end no longer waits for its dice"
sed 's/"rolls":\[\]/"rolls":[{"sides":6,"value":1},{"sides":6,"value":2},{"sides":6,"value":3},{"sides":6,"value":4},{"sides":6,"value":5},{"sides":6,"value":6}]/; s/"pending_rolls":0/"pending_rolls":6/; s/,"final_dice":"[0-9a-f]*"//' \
  "$tmp/pend-end.json" >"$tmp/pend-extra.json"
printf 'quit\n' | "$ecw" play --load "$tmp/pend-extra.json" >"$tmp/out" 2>"$tmp/err" || fail "dice beyond a pending action's: exit $?: $(cat "$tmp/err")"
grep -q "^(4 dice kept for end were not wanted by it: dropped)$" "$tmp/out" || fail "dice beyond a pending action's were not dropped: $(grep -A8 'waiting for' "$tmp/out")"
printf 'quit\n' | "$ecw" play --load "$tmp/pend-extra.json" >"$tmp/out" 2>"$tmp/err" || fail "the game saved after dropping dice does not load: $(cat "$tmp/err")"
expect 0 "$ecw" replay --verify "$tmp/pend-extra.json"
# a_die_ecw_rolled_is_told_from_a_typed_one: the opening's dice (no record holds
# an opening half done) are rolled by ecw after a quit, and marked so in the log
# and the audit trail (seed 4: a band's dice at the opening)
printf '2\nquit\n' | "$ecw" play catch-a-king --as royalist --terrain random --seed 4 --dice manual --save "$tmp/open-quit.json" >"$tmp/out" 2>&1
grep -q "^(you quit: ecw rolls the rest of the opening's dice, then the game stops)$" "$tmp/out" || fail "quit at an opening die: $(tail -4 "$tmp/out")"
grep -q '"value":0}' "$tmp/open-quit.json" || fail "the opening's die ecw rolled is not kept: $(tail -c 300 "$tmp/open-quit.json")"
expect 0 "$ecw" replay "$tmp/open-quit.json" --show --events "$tmp/open-quit.jsonl"
grep -q '^  d6: [1-6] (.*; rolled by ecw)$' "$tmp/out" || fail "replay --show does not say which die ecw rolled"
grep -q '"type":"roll".*"by":"ecw"' "$tmp/open-quit.jsonl" || fail "the events do not mark the die ecw rolled"
grep -q '"type":"roll".*"by":"hand"' "$tmp/open-quit.jsonl" || fail "the events do not mark the dice typed in"
"$ecw" play --load "$tmp/open-quit.json" <"$tmp/alt" >"$tmp/out" 2>"$tmp/err" || fail "resuming a game quit at an opening die exited $?: $(tail -c 300 "$tmp/err")"
expect 0 "$ecw" replay --verify "$tmp/open-quit.json"
# an order typed at a die prompt is said not to be played, naming the die wanted (a referee's, after 'end')
printf '2\nmove D1 3 3\nquit\n' | "$ecw" play catch-a-king --as royalist --terrain random --seed 4 --dice manual >"$tmp/out" 2>&1
grep -q "^'move D1 3 3' is not played: a die is wanted first, the d6 rolled for band size (1 to 6)" "$tmp/out" ||
  fail "an order at a die prompt: $(grep -A1 'move D1' "$tmp/out")"
# play_load_of_a_game_without_moves_says_so: no empty "the last:" list
printf 'quit\n' | "$ecw" play catch-a-king --as parliament --terrain random --seed 3 --save "$tmp/nomoves.json" >/dev/null 2>&1
printf 'quit\n' | "$ecw" play --load "$tmp/nomoves.json" >"$tmp/out" 2>"$tmp/err" || fail "play --load of a game without moves exited $?"
grep -q "^resumed $tmp/nomoves.json: no moves yet, turn 1$" "$tmp/out" || fail "play --load without moves: $(head -2 "$tmp/out")"
grep -q "the last" "$tmp/out" && fail "play --load without moves lists no last moves: $(head -2 "$tmp/out")"
# play_load_says_who_acts_next_and_in_which_phase: a game saved while a band
# waits to arrive (seed 4: the opening chance card) says so when resumed
printf 'quit\n' | "$ecw" play catch-a-king --as royalist --terrain random --seed 4 --save "$tmp/band.json" >/dev/null 2>&1
printf 'quit\n' | "$ecw" play --load "$tmp/band.json" >"$tmp/out" 2>"$tmp/err" || fail "play --load of a waiting band exited $?"
sed -n 3p "$tmp/out" | grep -q "^next: royalist (you), in the arrive phase$" || fail "play --load of a waiting band: $(head -3 "$tmp/out")"
# ... and with moves, the last of them (here in the set-up, before turn 1)
printf '1\n1\nquit\n' | "$ecw" play catch-a-king --as royalist --seed 3 --save "$tmp/twomoves.json" >/dev/null 2>&1
printf 'quit\n' | "$ecw" play --load "$tmp/twomoves.json" >"$tmp/out" 2>"$tmp/err" || fail "play --load of two moves exited $?"
head -5 "$tmp/out" | tr '\n' '|' | grep -Eq "^resumed $tmp/twomoves.json: 2 actions replayed, before turn 1; the last two:\|  royalist: place 1 [0-9.]+ [0-9.]+\|  royalist: place 2 [0-9. ]+\|playing on: [^|]*\|next: royalist \(you\), in the terrain phase\|" ||
  fail "play --load of two moves: $(head -3 "$tmp/out")"

# --- odds: handed to the game's calculator
expect 0 "$ecw" odds "$game" --help
expect 2 "$ecw" odds "$game" --no-such-option
# odds_text_lists_each_outcome_once: one list naming who suffers each outcome,
# only those that can happen, summing to 1 on its own (no separate
# "attacker beaten" line whose chances add to the target's)
expect 0 "$ecw" odds catch-a-king --attacker cavalry --target horse
cp "$tmp/out" "$tmp/odds_lower"
# types in any case, as the prompt takes words; an unknown type lists the types (a newcomer's)
expect 0 "$ecw" odds catch-a-king --attacker Cavalry --target HORSE
cmp -s "$tmp/out" "$tmp/odds_lower" || fail "odds by 'Cavalry' differs from by 'cavalry'"
expect 2 "$ecw" odds catch-a-king --attacker knight --target horse
err_has "unknown figure type 'knight' (the types: dragoon, cavalry, you, shot, horse, clubman, wilmot, charles, dragoon-foot)"
expect 0 "$ecw" odds catch-a-king --attacker cavalry --target horse
for line in 'no effect \(a tie: both stay\) +0.1667' 'target \(horse\) recoils +0.3889' 'target \(horse\) dead +0.0278' \
            'attacker \(cavalry\) recoils +0.3889' 'attacker \(cavalry\) dead +0.0278' 'total .* +1.0000'; do
  grep -Eq "^  $line\$" "$tmp/out" || fail "odds text lacks '$line': $(cat "$tmp/out")"
done
awk '/^  / && !/total|prisoners/ { s += $NF } END { exit !(s > 0.999 && s < 1.001) }' "$tmp/out" ||
  fail "odds text outcomes do not sum to 1: $(cat "$tmp/out")"
grep -Eq 'beaten|captured|wounded|0\.0000' "$tmp/out" && fail "odds text lists an impossible outcome or a second list: $(cat "$tmp/out")"
expect 0 "$ecw" odds catch-a-king --attacker shot --target dragoon --shoot
grep -Eq '^  no effect \(a miss\) +0.5833$' "$tmp/out" || fail "odds shot: no 'no effect (a miss)': $(cat "$tmp/out")"
grep -q 'attacker' "$tmp/out" && fail "odds shot lists an attacker outcome: $(cat "$tmp/out")"
expect 0 "$ecw" odds catch-a-king --attacker cavalry --target horse --json
grep -q '"target_outcome":{"none":0.166666667,"recoil":0.388888889,"captured":0,"dead":0.0277777778,"wounded":0},"attacker_outcome":{"recoil":0.388888889' "$tmp/out" ||
  fail "odds --json lost its per-figure fields: $(cat "$tmp/out")"
grep -q '"outcomes":\[{"fate":"none","p":0.166666667},{"role":"target","figure":"horse","fate":"recoil","p":0.388888889}' "$tmp/out" ||
  fail "odds --json lacks the outcome list: $(cat "$tmp/out")"

# sim --events - keeps standard output JSON lines: the text summary goes to stderr (an analyst's pipe broke)
"$ecw" sim catch-a-king --games 2 --threads 1 --events - >"$tmp/out" 2>"$tmp/err" || fail "sim --events - failed"
grep -vq '^{' "$tmp/out" && fail "sim --events -: a line of stdout is no JSON object: $(grep -v '^{' "$tmp/out" | head -2)"
grep -q '^catch-a-king: 2 games' "$tmp/err" || fail "sim --events -: no summary on stderr"

# the game opens by saying who plays what (a rules lawyer's --as 1 gave him Parliament unsaid)
printf 'quit\n' | "$ecw" play catch-a-king --as 1 --seed 3 >"$tmp/out" 2>/dev/null
head -1 "$tmp/out" | grep -qx 'You play parliament, the computer (heuristic) the other side.' ||
  fail "play does not say whom you play: $(head -1 "$tmp/out")"
printf 'quit\n' | "$ecw" play catch-a-king --ai human --dice manual --seed 3 >"$tmp/out" 2>/dev/null
head -1 "$tmp/out" | grep -qx 'Hot seat: every side is played at this terminal, the dice typed in.' ||
  fail "the hot seat does not say so: $(head -1 "$tmp/out")"

# --load says how the game goes on, and what the record had where this sitting changed it (a referee's
# one-off --ai human --dice manual stayed in the record with nothing said)
printf 'move C1 29 7\nquit\n' | "$ecw" play catch-a-king --as parliament --seed 4 --save "$tmp/how.json" >/dev/null 2>&1
printf 'quit\n' | "$ecw" play --load "$tmp/how.json" >"$tmp/out" 2>&1
grep -q '^playing on: royalist the computer, heuristic, parliament you; dice rolled by ecw$' "$tmp/out" ||
  fail "--load: how it goes on: $(grep playing "$tmp/out")"
printf 'quit\n' | "$ecw" play --load "$tmp/how.json" --ai human --dice manual >"$tmp/out" 2>&1
grep -q '^playing on: royalist a person here, parliament a person here; dice typed by hand (the record had royalist heuristic, dice rolled by ecw)$' "$tmp/out" ||
  fail "--load --ai human --dice manual: what changed: $(grep playing "$tmp/out")"

# --- watch --game I plays game I of a sim again, event for event (an analyst could not watch one)
expect 0 "$ecw" sim catch-a-king --games 3 --seed 7 --threads 2 --royalist random --events "$tmp/sim7.jsonl"
expect 0 "$ecw" watch catch-a-king --seed 7 --game 2 --royalist random --fast --events "$tmp/watch72.jsonl"
grep '"game":2,' "$tmp/sim7.jsonl" | sed 's/"game":2,//' | sort >"$tmp/sim72.sorted"
sort "$tmp/watch72.jsonl" | cmp -s - "$tmp/sim72.sorted" || fail "watch --seed 7 --game 2 is not game 2 of sim --seed 7"
[ -s "$tmp/sim72.sorted" ] || fail "sim --events wrote no game 2"
expect 0 "$ecw" watch catch-a-king --seed 7 --game 1 --royalist random --fast --events "$tmp/watch71.jsonl"
sort "$tmp/watch71.jsonl" | cmp -s - "$tmp/sim72.sorted" && fail "watch --game 1 played game 2"
expect 2 "$ecw" watch catch-a-king --game -1; err_has "watch: --game"

# --- watch: fast, saved, and the save replays
expect 0 "$ecw" watch "$game" --fast --seed 3 --save "$tmp/watch.json"
expect 0 "$ecw" replay --verify "$tmp/watch.json"
# replay GAME FILE: the game named must be the record's
expect 0 "$ecw" replay "$game" "$tmp/watch.json" --verify
expect 1 "$ecw" replay catch-a-king "$tmp/watch.json"; err_has "watch.json is a record of $game, not catch-a-king"
expect 0 "$ecw" watch catch-a-king --fast --seed 1 --save "$tmp/ck-watch.json"
expect 0 "$ecw" replay catch-a-king "$tmp/ck-watch.json" --verify
# the result in words, not as scores of -1 and +1
grep -Eq '^result: (royalist wins|parliament wins|draw), after turn [0-9]+$' "$tmp/out" || fail "replay result not in words: $(tail -2 "$tmp/out")"
grep -q '^score:' "$tmp/out" && fail "replay still prints the score line"
# a record made under other rules (here share_ground=yes, its option then taken out) stops at
# the first action the rules of this ecw refuse, and says that records replay under them
expect 0 "$ecw" watch catch-a-king --fast --seed 3 --option share_ground=yes --save "$tmp/ck-shared.json"
sed 's/"options":{"share_ground":"yes"}/"options":{}/' "$tmp/ck-shared.json" >"$tmp/ck-unshared.json"
expect 1 "$ecw" replay "$tmp/ck-unshared.json"
err_has "action 13 (move D1 14.8 8.7): illegal: no room for his base there: Y stands at (14.0, 8.79)"
err_has "(a record is replayed under this ecw's rules: one made before a rule changed, or edited by hand, stops where they disagree)"
expect 0 "$ecw" replay "$tmp/ck-shared.json"
# a record whose "game" was changed: its state_size says whose it is
sed 's/"game":"catch-a-king"/"game":"marston-less"/' "$tmp/ck-watch.json" >"$tmp/ck-as-ml.json"
expect 1 "$ecw" replay "$tmp/ck-as-ml.json"; err_has "the record says game marston-less, but its state_size [0-9]* is that of catch-a-king"
expect 1 "$ecw" replay --verify "$tmp/ck-as-ml.json"; err_has "is that of catch-a-king"

# play lists each action once, though the game reaches it two ways (here a
# clubman's move towards either of two troopers that lie the same way: D1
# and You, set due east of him, his two nearest)
printf '%s\n' 'place 1 13 13' 'place 2 24 13' 'place 3 35 13' 'place 4 13 24' 'place 5 24 24' \
  'place 6 35 24' 'place 7 13 35' 'place 8 24 35' 'place 9 35 35' 'place 10 18.5 29' 'place 11 29.5 18.5' \
  'place 12 18.5 18.5' 'arrive 0.25 4' 'move D1 10.8 4' 'move Y 15.8 4' end quit >"$tmp/dup.in"
"$ecw" play catch-a-king --seed 5 --ai human <"$tmp/dup.in" >"$tmp/dup.out" 2>&1
[ "$(grep -c '^ *[0-9]*\. move K1 6.7 4.0$' "$tmp/dup.out")" = 1 ] ||
  fail "play catch-a-king seed 5: the clubman's move east is listed $(grep -c '^ *[0-9]*\. move K1 6.7 4.0$' "$tmp/dup.out") times"
awk '/^ *[0-9]+\. / { if ($1 == "1.") delete seen; t = $0; sub(/^ *[0-9]+\. /, "", t);
     if (t in seen) { print t; bad = 1 } seen[t] = 1 } END { exit bad }' "$tmp/dup.out" >"$tmp/dups" ||
  fail "play lists an action twice: $(head -1 "$tmp/dups")"

# place_by_kind_word_or_letter: a terrain piece by its kind's name, a start
# of one name, or the map's letter; a start of several names is refused
# naming them and their letters (it said only "more than one kind")
printf '%s\n' 'place village 13 13' 'place m 24 13' 'place wo 35 13' 'place w 13 24' 'place WOOD 24 24' \
  'place h 35 24' 'place hi 13 35' 'place hill 24 35' 'place f 35 35' 'place fi 18.5 29' 'place field 29.5 18.5' \
  'place ma 18.5 18.5' 'place mar 18.5 18.5' quit >"$tmp/kinds.in"
"$ecw" play catch-a-king --as royalist --seed 5 <"$tmp/kinds.in" >"$tmp/kinds.out" 2>&1
grep -q "^illegal: 'ma' starts more than one kind, manor or marsh: type more of the name, or its letter on the map (m manor, ~ marsh)$" "$tmp/kinds.out" ||
  fail "place ma: not refused naming manor and marsh: $(grep illegal "$tmp/kinds.out" | head -3)"
for n in '2 24.0 13.0' '3 35.0 13.0' '9 35.0 35.0' '12 18.5 18.5'; do
  grep -q "^you (royalist): place $n$" "$tmp/kinds.out" || fail "place by kind did not place piece $n: $(grep -E 'illegal|^you' "$tmp/kinds.out" | head -14)"
done
[ "$(grep -c '^illegal' "$tmp/kinds.out")" = 1 ] || fail "place by kind: refusals other than 'ma': $(grep illegal "$tmp/kinds.out")"
printf 'place ~ 20 20\nquit\n' | "$ecw" play catch-a-king --as royalist --seed 5 >"$tmp/out" 2>&1
grep -q "^illegal: pieces go down in their order: the next is 1, a village, not a marsh" "$tmp/out" || fail "place ~ is not the marsh: $(grep illegal "$tmp/out")"

# play_hot_seat_both_sides_at_one_terminal: --ai human seats a person on
# every side; each is handed the terminal before its own board, its cards
# shown only to it; the record keeps both as human and --load goes on in
# the hot seat
printf '1\n1\n1\nquit\n' | "$ecw" play "$game" --ai human --seed 4 --save "$tmp/hs.json" >"$tmp/hs.out" 2>&1 ||
  fail "play --ai human: exit $?"
[ "$(grep -c '^=== royalist to play: pass the terminal to the royalist player ===$' "$tmp/hs.out")" = 2 ] ||
  fail "hot seat: the royalist was not handed the terminal twice: $(grep '===' "$tmp/hs.out")"
[ "$(grep -c '^=== parliament to play' "$tmp/hs.out")" = 2 ] || fail "hot seat: the parliament player was not handed the terminal"
grep -q '^parliament: ' "$tmp/hs.out" || fail "hot seat: parliament's action is not narrated by its role"
grep -q 'computer' "$tmp/hs.out" && fail "hot seat: a computer player acted"
awk '/^=== / { side = $2 } /^Your cards:/ { if (seen[side] && seen[side] != $0) bad = 1; seen[side] = $0;
     for (s in seen) if (s != side && seen[s] == $0) bad = 1 } END { exit bad }' "$tmp/hs.out" ||
  fail "hot seat: a side was shown the other side's cards"
grep -q '"players":{"royalist":"human","parliament":"human"}' "$tmp/hs.json" || fail "hot seat: the record does not keep both sides human"
printf '1\nquit\n' | "$ecw" play --load "$tmp/hs.json" >"$tmp/out" 2>&1 || fail "play --load of a hot-seat game: exit $?"
grep -q '^=== parliament to play' "$tmp/out" || fail "a resumed hot-seat game did not hand parliament the terminal: $(head -c 400 "$tmp/out")"
grep -q 'computer' "$tmp/out" && fail "a resumed hot-seat game let the computer play"
expect 2 "$ecw" play "$game" --ai nobody; err_has "unknown AI 'nobody' (AIs: random, heuristic; or human: hot seat)"

# play_save_says_where_the_game_is_kept: 'save' at the prompt (a play-tester
# got "unknown command 'save'") says where the game is saved after every
# action, or how to keep one; 'map' is 'board'; both games, both prompts
printf 'save\nsave mine.json\nmap\nquit\n' | "$ecw" play catch-a-king --as royalist --seed 5 >"$tmp/out" 2>&1
grep -qx "this game is not being saved: a game is kept only when started with --save FILE (it is then" "$tmp/out" ||
  fail "save without --save: $(grep -A2 '> save' "$tmp/out" | head -6)"
grep -qx "'save' takes no file name: a game's file is named as it starts (--save FILE)" "$tmp/out" ||
  fail "save FILE: $(grep -A1 '> save mine' "$tmp/out")"
grep -A1 '^royalist> map$' "$tmp/out" | grep -q '^Before turn 1: the Royalist side places the terrain' ||
  fail "map is not board in catch-a-king: $(grep -A1 '> map' "$tmp/out")"
grep -q 'illegal' "$tmp/out" && fail "save or map refused: $(grep illegal "$tmp/out")"
printf 'save\nmap\nquit\n' | "$ecw" play "$game" --seed 3 --save "$tmp/saywhere.json" >"$tmp/out" 2>&1
grep -qx "this game is saved to $tmp/saywhere.json after every action; 'ecw play --load $tmp/saywhere.json' goes on with it" \
  "$tmp/out" || fail "save with --save: $(grep -A1 '> save' "$tmp/out")"
grep -A1 '^royalist> map$' "$tmp/out" | grep -q '^Your cards:' || fail "map is not board in $game: $(grep -A1 '> map' "$tmp/out")"
printf 'save\nquit\n' | "$ecw" play --load "$tmp/saywhere.json" >"$tmp/out" 2>&1
grep -qx "this game is saved to $tmp/saywhere.json after every action; 'ecw play --load $tmp/saywhere.json' goes on with it" \
  "$tmp/out" || fail "save after --load: $(grep -A1 '> save' "$tmp/out")"
printf 'help\nquit\n' | "$ecw" play "$game" --seed 3 >"$tmp/out" 2>&1
tr -s '\n ' ' ' <"$tmp/out" | grep -q 'board (or map), roster (the figures alone, where the game lists them), hint, take, undo, odds ACTION (.*), save (where the game is kept)' ||
  fail "help does not list map, roster and save: $(grep -A3 '^type a number' "$tmp/out")"
# ... and at a die prompt, a referee's game kept in a file of ecw's choosing
printf '%s\n' save map 'save mine.json' quit | "$ecw" play catch-a-king --ai human --terrain random --seed 5 --dice manual >"$tmp/out" 2>&1
grep -A1 '^roll d6 for band type: 1-2 shot, 3-4 horse, 5-6 clubmen: save$' "$tmp/out" |
  grep -q "^this game is saved to $tmp/data/ecw/catch-a-king-.*\.json after every action (ecw chose the file: a referee's game is always kept);$" ||
  fail "save at a die prompt: $(grep -A2 ': save' "$tmp/out")"
# (a referee's 'save FILE' there was told only to enter a number)
grep -A1 '^roll d6 for band type: 1-2 shot, 3-4 horse, 5-6 clubmen: save mine.json$' "$tmp/out" |
  grep -qx "'save' takes no file name: a game's file is named as it starts (--save FILE)" ||
  fail "save FILE at a die prompt: $(grep -A2 ': save mine' "$tmp/out")"
grep -A1 '^roll d6 for band type: 1-2 shot, 3-4 horse, 5-6 clubmen: map$' "$tmp/out" | grep -qx '(the table before the game.s opening; its dice are still being rolled)' ||
  fail "map at a die prompt: $(grep -A1 ': map' "$tmp/out")"

# play_hint_names_the_heuristics_action: 'hint' shows what the computer
# would do, the same each time asked, and plays nothing
printf 'hint\nhint\nquit\n' | "$ecw" play catch-a-king --as parliament --terrain random --seed 5 >"$tmp/out" 2>&1
[ "$(grep -c '^hint: move Y 13.2 8.8 (what the computer' "$tmp/out")" = 2 ] || fail "hint: $(grep hint "$tmp/out")"
grep -q '^you (parliament)' "$tmp/out" && fail "hint played an action"

# play_undo_takes_back_own_moves_while_chance_is_silent: 'undo' takes back
# the player's own last actions one by one (state and record), not another
# side's action; dice typed by hand go back with their order (since
# 2026-12-02: a referee's mistyped die stood for good), and the record
# keeps them as dropped; the record replays
printf '%s\n' 4 2 2 'arrive 0.25 2' undo 'move Y 6.1 1.2' 'move C2 28 5' undo 'shoot Y H2' 3 4 undo \
  'move C1 27 6' undo undo 'move C1 27 7' quit >"$tmp/undo.in"
"$ecw" play catch-a-king --ai human --terrain random --seed 5 --dice manual --save "$tmp/undo.json" \
  --events "$tmp/undo.jsonl" <"$tmp/undo.in" >"$tmp/undo.out" 2>&1 || fail "undo game: exit $?"
grep -A1 '^parliament> undo' "$tmp/undo.out" | grep -v '^parliament> undo' | grep -v '^--' >"$tmp/undo.said"
printf '%s\n' "cannot undo: the last action was another side's, not yours" '  parliament takes back: move C2 28.0 5.0' \
  '  parliament takes back: shoot Y H2; the dice typed for it (3, 4) are dropped' \
  '  parliament takes back: move C1 27.0 6.0' '  parliament takes back: move Y 6.1 1.2' | cmp -s - "$tmp/undo.said" ||
  fail "undo answered: $(cat "$tmp/undo.said")"
grep -q '"text":"move C2 28.0 5.0"' "$tmp/undo.json" && fail "undo: the record keeps an action taken back"
grep -q '"text":"move C1 27.0 7.0"' "$tmp/undo.json" || fail "undo: the record lacks the action made after the undo"
[ "$(grep -c '"type":"undo"' "$tmp/undo.jsonl")" = 4 ] || fail "undo: the events do not say what was taken back"
expect 0 "$ecw" replay "$tmp/undo.json" --verify; grep -q 'every hash matches' "$tmp/out" || fail "undo: the record does not replay"
# the record keeps the two taken back, each where it stood, and a later sitting's events tell them again
grep -q '"taken_back":\[{"at":1,"kind":"undo","side":"parliament","action":"move C2 28.0 5.0","replies":0},{"at":1,"kind":"undo","side":"parliament","action":"shoot Y H2","dropped":\[3,4\],"replies":0},{"at":1,"kind":"undo","side":"parliament","action":"move C1 27.0 6.0","replies":0},{"at":1,"kind":"undo","side":"parliament","action":"move Y 6.1 1.2","replies":0}\]' "$tmp/undo.json" ||
  fail "undo: the record does not keep what was taken back: $(grep -o '"taken_back".*' "$tmp/undo.json" | head -c 300)"
printf 'quit\n' | "$ecw" play --load "$tmp/undo.json" --events "$tmp/undo2.jsonl" >/dev/null 2>&1
[ "$(grep -c '"type":"undo".*"recorded":1,"text":"earlier, parliament takes back: move C' "$tmp/undo2.jsonl")" = 2 ] ||
  fail "undo: the next sitting's events do not tell the earlier undos: $(grep undo "$tmp/undo2.jsonl" | head -c 400)"
printf 'undo\nquit\n' | "$ecw" play catch-a-king --as parliament --terrain random --seed 5 >"$tmp/out" 2>&1
grep -q '^cannot undo: nothing to take back$' "$tmp/out" || fail "undo at the first prompt: $(grep undo "$tmp/out")"
# an undo of the first order with the computer's reply leaves a save that loads (a fuzzer's: the record's
# count of replies was held to the actions left, none)
printf '1\nundo\nquit\n' | "$ecw" play marston-less --seed 4 --save "$tmp/u0.json" >/dev/null 2>&1
grep -q '"taken_back":\[{"at":0,"kind":"undo","side":"royalist",.*"replies":1}' "$tmp/u0.json" ||
  fail "undo of the first order: $(grep -o '"taken_back".*' "$tmp/u0.json" | head -c 200)"
expect 0 "$ecw" replay "$tmp/u0.json" --verify
printf 'quit\n' | "$ecw" play --load "$tmp/u0.json" >"$tmp/out" 2>&1 || fail "the save of an undone first order does not load: $(tail -2 "$tmp/out")"
# dice rolled by ecw are chance spoken: the shot stands (the same game with ecw's dice)
printf '%s\n' 'arrive 0.25 2' 'move Y 6.1 1.2' 'shoot Y H2' undo quit |
  "$ecw" play catch-a-king --ai human --terrain random --seed 5 >"$tmp/out" 2>&1
grep -q '^cannot undo: chance has spoken since (a die rolled or a card drawn)$' "$tmp/out" ||
  fail "undo of a shot rolled by ecw: $(grep -E 'undo|takes back' "$tmp/out")"
printf 'move C1 27 6\nend\nundo\nquit\n' | "$ecw" play catch-a-king --as parliament --terrain random --seed 5 >"$tmp/out" 2>&1
grep -q '^cannot undo: another side has acted since your last action$' "$tmp/out" ||
  fail "undo after the computer's moves: $(grep undo "$tmp/out")"
# nor past the computer's search that found nobody (no die, the same
# turn): the Royalist would see the piece empty and take his move back
printf '%s\n' 'move H1 35.6 20.2' 'move H2 37.5 20.2' 'move H3 36.9 21.6' 'move H4 35.6 22.1' end 'arrive 47.75 47.00' undo quit |
  "$ecw" play catch-a-king --as royalist --terrain random --seed 1 >"$tmp/out" 2>&1
grep -q 'searched: .*: nobody there' "$tmp/out" || fail "seed 1: the computer no longer searches an empty piece in its first phase"
grep -q '^cannot undo: another side has acted since your last action$' "$tmp/out" ||
  fail "undo past the computer's search: $(grep -E 'undo|takes back' "$tmp/out")"
# in Marston Less only chance reveals anything: the computer's deployment replies go back with
# the player's own placement, its generator too, so the same placement meets the same reply
printf '1\nundo\n1\nundo\n2\nquit\n' | "$ecw" play marston-less --seed 5 --save "$tmp/mlundo.json" >"$tmp/out" 2>&1
[ "$(grep -c "^  royalist takes back: rough left 1 (and the computer's 1 reply)$" "$tmp/out")" = 2 ] ||
  fail "ML undo through the computer's reply: $(grep -E 'undo|takes back' "$tmp/out")"
[ "$(grep '^parliament (computer' "$tmp/out" | sed -n '1p;2p' | sort -u | wc -l)" = 1 ] ||
  fail "ML undo: the same placement met another reply: $(grep '^parliament (computer' "$tmp/out")"
grep -q '"text":"rough left 1"' "$tmp/mlundo.json" && fail "ML undo: the record keeps a placement taken back"
expect 0 "$ecw" replay "$tmp/mlundo.json" --verify; grep -q 'every hash matches' "$tmp/out" || fail "ML undo: the record does not replay"
printf 'move C1 27 6\nquit\n' | "$ecw" play catch-a-king --as parliament --terrain random --seed 5 --save "$tmp/res.json" >/dev/null 2>&1
# play_undo_reaches_back_across_a_resume: the player's own last order, with no die since, is
# taken back after --load as before the break (a referee's was refused), and no further
printf 'UNDO\nundo\nundo 2\nHint\nquit\n' | "$ecw" play --load "$tmp/res.json" >"$tmp/out" 2>&1
grep -qx '  parliament takes back: move C1 27.0 6.0' "$tmp/out" || fail "undo after --load: $(grep -iA1 undo "$tmp/out")"
grep -q '^cannot undo: nothing to take back since the game was resumed$' "$tmp/out" || fail "undo after --load: $(grep -i undo "$tmp/out")"
grep -q '"text":"move C1 27.0 6.0"' "$tmp/res.json" && fail "undo after --load: the record keeps the order taken back"
grep -q "^'undo' takes nothing after it$" "$tmp/out" || fail "undo 2: $(grep -i undo "$tmp/out")"
grep -q '^hint: ' "$tmp/out" || fail "Hint in capitals"
expect 0 "$ecw" replay "$tmp/res.json" --verify

expect 2 "$ecw" play "$game" --ai human --as royalist; err_has "--as royalist has no use in the hot seat"
expect 2 "$ecw" play --load "$tmp/hs.json" --as royalist; err_has "--as royalist has no use in the hot seat"

# play_draws_the_board_once_a_turn: after the player's own order only what it did is said (a
# play-tester lost a long turn's flow in 60 lines redrawn after every move); the next turn, or
# 'board', draws it again
printf '%s\n' 'move D1 16 6' 'move D2 18 6' board quit |
  "$ecw" play catch-a-king --terrain random --seed 5 >"$tmp/out" 2>&1 || fail "board once a turn: exit $?"
[ "$(grep -c '^   north edge: Royalists leave here$' "$tmp/out")" = 2 ] ||
  fail "the board was drawn $(grep -c 'north edge' "$tmp/out") times, not at the first prompt and on 'board'"
[ "$(grep -c "^(the board as it now stands: 'board'; the orders: 'list')$" "$tmp/out")" = 2 ] ||
  fail "no word of 'board' and 'list' after an own order"
grep -A1 "^(the board as it now stands: 'board'; the orders: 'list')$" "$tmp/out" | grep -q '^   1\. ' &&
  fail "the list shown after an order typed in words"
printf '%s\n' 'move D1 16 6' 1 list 1 quit | "$ecw" play catch-a-king --terrain random --seed 5 >"$tmp/out" 2>&1
grep -q "^no list is shown since your last order: 'list' shows it, and then 1 plays its order 1$" "$tmp/out" ||
  fail "a number with no list shown: $(grep -A1 '^parliament> 1$' "$tmp/out" | head -2)"
[ "$(grep -c '^you (parliament): ' "$tmp/out")" = 2 ] || fail "'list' then 1 did not play: $(grep '^you' "$tmp/out")"
# ... one who plays by numbers keeps his list after his order
printf '%s\n' 1 quit | "$ecw" play catch-a-king --terrain random --seed 5 >"$tmp/out" 2>&1
grep -A1 "^(the board as it now stands: 'board')$" "$tmp/out" | grep -q '^   1\. ' ||
  fail "the list not shown after an order played by its number: $(grep -A2 "^(the board" "$tmp/out")"
# undo_at_a_die_prompt_withdraws_the_action: 'undo' (or 'cancel') while an order's dice are
# typed in withdraws it: nothing of it is played, the dice typed for it are dropped and said,
# and the same side is asked again; the record is the game before it, and replays ('hint'
# still waits for the next prompt)
printf '%s\n' 4 2 2 'arrive 0.25 2' 'move Y 6.1 1.2' quit |
  "$ecw" play catch-a-king --ai human --terrain random --seed 5 --dice manual --save "$tmp/wd0.json" >/dev/null 2>&1
printf '%s\n' 4 2 2 'arrive 0.25 2' 'move Y 6.1 1.2' 'shoot Y H2' 3 hint undo 'shoot Y H2' help cancel quit |
  "$ecw" play catch-a-king --ai human --terrain random --seed 5 --dice manual --save "$tmp/wd.json" \
  --events "$tmp/wd.jsonl" >"$tmp/out" 2>&1 || fail "undo at a die prompt: exit $?"
grep -q "^'hint' waits for the prompt of the next action: first the d6 rolled" "$tmp/out" || fail "hint at a die prompt: $(grep -i hint "$tmp/out")"
grep -A2 '^roll d6 for target horse H2: undo$' "$tmp/out" | tr '\n' '|' |
  grep -q '^roll d6 for target horse H2: undo|  withdrawn: shoot Y H2; the die typed for it (3) is dropped|Turn 1/12 ' ||
  fail "undo at a die prompt did not withdraw the shot: $(grep -A2 ': undo$' "$tmp/out")"
grep -A1 '^roll d6 for shot by commander Y: cancel$' "$tmp/out" | grep -qx '  withdrawn: shoot Y H2; no die had been typed for it' ||
  fail "cancel at a die prompt: $(grep -A2 ': cancel$' "$tmp/out")"
tr -s '\n ' ' ' <"$tmp/out" | grep -q " type the number the d6 rolled for shot by commander Y, 1 to 6; 'undo' (or 'cancel') to withdraw this action: nothing of it is played" ||
  fail "the die prompt's help does not say undo withdraws the action"
[ "$(grep -c '^parliament> ' "$tmp/out")" = 4 ] || fail "after a withdrawal the same side is not asked again: $(grep '^[a-z]*> ' "$tmp/out")"
grep -q '"type":"withdrawn","action":"shoot Y H2","dropped":\[3\]' "$tmp/wd.jsonl" || fail "the events do not tell the withdrawal"
grep -q '"type":"shoot"' "$tmp/wd.jsonl" && fail "a withdrawn shot was resolved in the events"
grep -o '"seq":[0-9]*' "$tmp/wd.jsonl" | cut -d: -f2 | awk 'NR > 1 && $1 != prev + 1 { bad = 1 } { prev = $1 } END { exit bad }' ||
  fail "the events' numbers skip where an order was withdrawn: $(grep -o '"seq":[0-9]*' "$tmp/wd.jsonl" | tr '\n' ' ')"
# the record is the game before them, with the withdrawals (and a digest of their dice) kept for the audit (a referee's die was lost
# from the log of the next sitting)
grep -q '"taken_back":\[{"at":[0-9]*,"kind":"withdrawn","action":"shoot Y H2","dropped":\[3\]}' "$tmp/wd.json" ||
  fail "the record does not keep the withdrawal: $(grep -o '"taken_back".*' "$tmp/wd.json" | head -c 300)"
sed -E 's/,"dropped_dice":"[0-9a-f]*"//; s/,"taken_back":\[(\{[^}]*\},?)*\]//' "$tmp/wd.json" | cmp -s "$tmp/wd0.json" - ||
  fail "the record after withdrawals is not the game before them: $(head -c 400 "$tmp/wd.json")"
expect 0 "$ecw" replay "$tmp/wd.json" --events "$tmp/wd-replay.jsonl"
grep -q '"type":"withdrawn","action":"shoot Y H2","dropped":\[3\],"recorded":1,"text":"earlier, withdrawn: shoot Y H2; the die typed for it (3) is dropped"' "$tmp/wd-replay.jsonl" ||
  fail "a replay's events do not tell the withdrawal again: $(grep withdrawn "$tmp/wd-replay.jsonl" | head -c 300)"
expect 0 "$ecw" replay --verify "$tmp/wd.json"
# ... and the dice dropped are covered by the record's digest of them: one edited is found
sed 's/"dropped":\[3\]/"dropped":[4]/' "$tmp/wd.json" >"$tmp/wd-edit.json"
expect 1 "$ecw" replay --verify "$tmp/wd-edit.json"
err_has "wd-edit.json: the dice dropped with the actions taken back differ from the record (taken_back\[\].dropped, after action [0-9]*): one was edited, added or removed"
# ... an action left waiting at a quit, and loaded, is withdrawn the same way
printf '%s\n' 4 2 2 'arrive 0.25 2' 'move Y 6.1 1.2' 'shoot Y H2' 5 quit |
  "$ecw" play catch-a-king --ai human --terrain random --seed 5 --dice manual --save "$tmp/wdp.json" \
  --events "$tmp/wdp.jsonl" >/dev/null 2>&1
grep -q '"pending":{.*"text":"shoot Y H2"},"pending_rolls":1' "$tmp/wdp.json" || fail "no pending shot to withdraw: $(head -c 400 "$tmp/wdp.json")"
grep -o '"seq":[0-9]*' "$tmp/wdp.jsonl" | cut -d: -f2 | awk 'NR > 1 && $1 != prev + 1 { bad = 1 } { prev = $1 } END { exit bad }' ||
  fail "the events' numbers skip where a quit left an order waiting: $(grep -o '"seq":[0-9]*' "$tmp/wdp.jsonl" | tr '\n' ' ')"
printf 'undo\nquit\n' | "$ecw" play --load "$tmp/wdp.json" >"$tmp/out" 2>&1 || fail "undo of a loaded pending action: exit $?"
grep -qx '  withdrawn: shoot Y H2; the die typed for it (5) is dropped' "$tmp/out" || fail "a loaded pending action was not withdrawn: $(grep -A3 '^waiting for' "$tmp/out")"
grep -q '^parliament> quit$' "$tmp/out" || fail "after withdrawing a loaded pending action the side is not asked"
sed -E 's/,"dropped_dice":"[0-9a-f]*"//; s/,"taken_back":\[(\{[^}]*\},?)*\]//' "$tmp/wdp.json" | cmp -s "$tmp/wd0.json" - ||
  fail "the record after withdrawing a loaded pending action is not the game before it"
grep -q '"taken_back":\[{"at":[0-9]*,"kind":"withdrawn","action":"shoot Y H2","dropped":\[5\]}\]' "$tmp/wdp.json" ||
  fail "the record does not keep the loaded pending action withdrawn: $(grep -o '"taken_back".*' "$tmp/wdp.json" | head -c 300)"
# ... nor an order that has turned over what was hidden: an end that drew the next chance card
# (seed 1: reinforcements, whose dice follow) stands, or a referee could peek at the deck
printf 'end\nundo\nquit\n' | "$ecw" play catch-a-king --ai human --terrain random --seed 1 --dice manual \
  --save "$tmp/wdh.json" >"$tmp/out" 2>&1 || fail "undo after a chance card: exit $?"
grep -A1 '^roll d6 for reinforcement type: 1-3 dragoons, 4-6 cavalry: undo$' "$tmp/out" |
  grep -qx 'cannot withdraw: this order has turned over what was hidden (a card): it stands, and its dice are wanted' ||
  fail "an end that drew a chance card was withdrawn: $(grep -A2 ': undo$' "$tmp/out")"
# ... not the game's opening, nor the computer's action (whose dice a referee types too; seed
# 11: Marston Less's deployment ends with the computer's gun, then initiative is rolled)
printf 'undo\nquit\n' | "$ecw" play catch-a-king --ai human --terrain random --seed 5 --dice manual >"$tmp/out" 2>&1
grep -q "^cannot withdraw: the game's opening is no order" "$tmp/out" || fail "undo at the opening's die: $(grep -A1 ': undo' "$tmp/out")"
(yes 1 | head -n 11; echo undo; echo quit) | "$ecw" play "$game" --seed 11 --dice manual >"$tmp/out" 2>&1
grep -A1 '^roll d6 for initiative, royalist: undo$' "$tmp/out" | grep -q "^cannot withdraw: this is the computer's action" ||
  fail "undo at a die of the computer's action: $(grep -A1 ': undo' "$tmp/out")"

# board_at_a_die_prompt_shows_the_table_before_the_action: 'board' while an
# action's dice are typed in draws the table as it stood before that action
# (the live one is half-applied), headed so, exactly as 'board' drew it at
# the action's prompt for the same side (so nothing that side may not see),
# and the die is asked for again; the game goes on
same_board_at_die() { # NAME FILE PROMPT: the two boards, cut out of FILE, agree
  awk -v p="$3> board" -v q="$3> " '$0 == p { on = 1; next } on && index($0, q) == 1 { exit } on' "$2" >"$tmp/board.prompt"
  awk '/^\(the table before this action; its dice are still being rolled\)$/ { on = 1; next } on && /^roll d/ { exit } on' \
    "$2" >"$tmp/board.die"
  [ -s "$tmp/board.die" ] || fail "$1: no board under the header at the die prompt: $(grep -A2 ': board$' "$2" | head -6)"
  cmp -s "$tmp/board.prompt" "$tmp/board.die" ||
    fail "$1: the board at the die prompt is not the one at the action prompt: $(diff "$tmp/board.prompt" "$tmp/board.die" | head -6)"
}
printf '%s\n' 4 2 2 'arrive 0.25 2' 'move Y 6.1 1.2' board 'shoot Y H2' board 3 4 quit |
  "$ecw" play catch-a-king --ai human --terrain random --seed 5 --dice manual >"$tmp/out" 2>&1 || fail "board at a CK die prompt: exit $?"
grep -A1 '^roll d6 for shot by commander Y: board$' "$tmp/out" |
  grep -qx '(the table before this action; its dice are still being rolled)' || fail "board at a CK die prompt: no header"
same_board_at_die "catch-a-king" "$tmp/out" parliament
grep -qx '  d6: 3 (shot by commander Y)' "$tmp/out" || fail "board at a CK die prompt: the die typed after it was not taken"
grep -q '^  shoot: commander Y .*a miss$' "$tmp/out" || fail "board at a CK die prompt: the shot was not resolved"
grep -qx 'parliament> quit' "$tmp/out" || fail "board at a CK die prompt: the game did not go on to the next prompt"
# ... in Marston Less against the computer, the royalist's board, R2 still where his move set out from
(head -n 15 "$tmp/alt"; echo board; sed -n 16p "$tmp/alt"; echo board; sed -n 17p "$tmp/alt"; echo quit) |
  "$ecw" play "$game" --seed 11 --dice manual >"$tmp/out" 2>&1 || fail "board at an ML die prompt: exit $?"
grep -A1 '^roll d6 for additional move, R2: board$' "$tmp/out" |
  grep -qx '(the table before this action; its dice are still being rolled)' || fail "board at an ML die prompt: no header"
same_board_at_die "$game" "$tmp/out" royalist
grep -q '^z3 .*|R2:H3/0g ' "$tmp/board.die" || fail "board at an ML die prompt: R2 is not where 'move R2 2' found him"
grep -qx '  d6: 1 (additional move, R2)' "$tmp/out" || fail "board at an ML die prompt: the die typed after it was not taken"
grep -q '^parliament (computer, heuristic): ' <(sed -n '/additional move, R2: 1$/,$p' "$tmp/out") ||
  fail "board at an ML die prompt: the game did not go on"
# ... and at the opening's dice, before anyone sits in the hot seat: the opening's table, as a spectator sees it
printf '%s\n' board 4 2 2 quit | "$ecw" play catch-a-king --ai human --terrain random --seed 5 --dice manual >"$tmp/out" 2>&1 ||
  fail "board at the opening's die prompt: exit $?"
grep -A1 '^roll d6 for band type: 1-2 shot, 3-4 horse, 5-6 clubmen: board$' "$tmp/out" |
  grep -qx "(the table before the game's opening; its dice are still being rolled)" || fail "board at the opening's die prompt: $(grep -A2 ': board$' "$tmp/out")"

# a watched game's record names its computer players
expect 0 "$ecw" watch catch-a-king --seed 3 --fast --royalist random --save "$tmp/watched.json"
grep -q '"players":{"royalist":"random","parliament":"heuristic"},"dice":"auto"' "$tmp/watched.json" ||
  fail "watch --save does not keep who played: $(grep -o '"players[^}]*}' "$tmp/watched.json")"

# replay_show_tells_the_game_in_words: every action with its side and
# turn, every die and event line, then the summary; nothing without --show
printf '%s\n' 4 2 2 'arrive 0.25 2' 'move Y 6.1 1.2' 'shoot Y H2' 3 4 end quit |
  "$ecw" play catch-a-king --ai human --terrain random --seed 5 --dice manual --save "$tmp/show.json" >/dev/null 2>&1
expect 0 "$ecw" replay "$tmp/show.json" --show --verify
for line in '  d6: 4 (band type: 1-2 shot, 3-4 horse, 5-6 clubmen)' 'turn 1, royalist: arrive 0.25 2.0' 'turn 1, parliament: shoot Y H2' \
  '  d6: 3 (shot by commander Y)' '  d6: 4 (target horse H2)' 'turn 1, parliament: end'; do
  grep -qxF "$line" "$tmp/out" || fail "replay --show lacks '$line': $(head -c 500 "$tmp/out")"
done
grep -q 'every hash matches' "$tmp/out" || fail "replay --show --verify: no summary"
expect 0 "$ecw" replay "$tmp/show.json"
grep -q 'shoot Y H2' "$tmp/out" && fail "replay without --show told the actions"

# play_take_plays_the_hint_as_it_is: 'take' plays the computer's own point
printf 'take\nhint\ntake\nquit\n' | "$ecw" play catch-a-king --as parliament --terrain random --seed 5 --save "$tmp/take.json" >"$tmp/out" 2>&1
grep -q "^nothing to take: ask for a 'hint' first$" "$tmp/out" || fail "take before a hint"
grep -q '^you (parliament): move Y 13.2 8.8$' "$tmp/out" || fail "take did not play the hint: $(grep -E 'take|you' "$tmp/out")"
expect 0 "$ecw" replay "$tmp/take.json" --verify
# the hint's point, rounded to 0.1" in words, is in reach when typed back
# (seed 5: Y's hint lies 0.04" past his 8" once rounded; the 0.05" grace)
printf 'hint\nmove Y 13.2 8.8\nquit\n' | "$ecw" play catch-a-king --as parliament --terrain random --seed 5 >"$tmp/out" 2>&1
grep -q '^illegal: out of reach' "$tmp/out" && fail "seed 5: the hint typed back in words is out of reach"
grep -q '^you (parliament): move Y 13.2 8.8$' "$tmp/out" || fail "seed 5: the hint typed back was not played"

# play_hot_seat_at_a_terminal: at a terminal, Enter before the screen is
# cleared (the player who acted reads what happened), the screen and its
# scrollback cleared, Enter again, then what was said since; quit at a
# hand-over prompt quits
if command -v script >/dev/null; then
  printf '\n1\n\n\nquit\n' | script -qc "$ecw play $game --ai human --seed 4" /dev/null 2>&1 | tr -d '\r' >"$tmp/tty.out"
  grep -aq 'press Enter to hand the terminal over .*\[H.*\[2J.*\[3J=== parliament to play' "$tmp/tty.out" ||
    fail "hot seat at a terminal: no Enter before the clearing: $(head -c 600 "$tmp/tty.out")"
  grep -aA1 'since the last hand-over:' "$tmp/tty.out" | grep -aq '^royalist: dragoons left 1' ||
    fail "hot seat at a terminal: no recap after the hand-over"
  printf '\n1\nquit\n' | script -qc "$ecw play $game --ai human --seed 4" /dev/null 2>&1 | tr -d '\r' >"$tmp/tty.out"
  grep -aq 'press Enter to hand the terminal over you left the game' "$tmp/tty.out" ||
    fail "hot seat: quit at the hand-over prompt: $(tail -c 300 "$tmp/tty.out")"
  grep -aq 'Your cards: Hedges' "$tmp/tty.out" && fail "hot seat: the parliament's cards were shown after a quit"
  # what is typed at a hand-over prompt is not played, and ecw says so (a
  # play-tester's 'help' vanished there), then waits for Enter again
  printf '\n1\nhelp\n\nboard\n\nquit\n' | script -qc "$ecw play $game --ai human --seed 4" /dev/null 2>&1 |
    tr -d '\r' >"$tmp/tty.out"
  grep -aq "press Enter to hand the terminal over (ignored 'help': the terminal is being handed over; press Enter, then type it at the parliament> prompt)$" "$tmp/tty.out" ||
    fail "hot seat: a word typed at the first hand-over prompt was not said to be ignored: $(grep -a 'press Enter' "$tmp/tty.out" | head -4)"
  grep -aq "press Enter when only they can see the screen (ignored 'board': the terminal is being handed over; press Enter, then type it at the parliament> prompt)$" "$tmp/tty.out" ||
    fail "hot seat: a word typed at the second hand-over prompt was not said to be ignored"
  [ "$(grep -ac '^parliament: ' "$tmp/tty.out")" = 0 ] || fail "hot seat: a word typed at a hand-over prompt was played"
  grep -aq '^parliament> you left the game$' "$tmp/tty.out" ||
    fail "hot seat: the game did not go on to parliament's prompt after the ignored words"
  # play_load_in_the_hot_seat_recaps_what_the_next_side_missed: a game saved at a hand-over
  # and resumed shows the side about to play what was said since the last hand-over, as the
  # hand-over would have (a referee's Royalist player never saw most of Parliament's turn)
  printf '\n1\nquit\n' | script -qc "$ecw play $game --ai human --seed 4 --save $tmp/hs-resume.json" /dev/null >/dev/null 2>&1
  printf '\n\nquit\n' | script -qc "$ecw play --load $tmp/hs-resume.json" /dev/null 2>&1 | tr -d '\r' >"$tmp/tty.out"
  grep -aA2 'since the last hand-over:' "$tmp/tty.out" | tr '\n' '|' | grep -aq 'since the last hand-over:|royalist: dragoons left 1|  Royalist: dragoons left 1|' ||
    fail "hot seat: a resumed game shows no recap at the first hand-over: $(grep -a -A3 'since the last' "$tmp/tty.out" | head -4)"
  # play_load_in_the_hot_seat_keeps_the_recap_across_sittings: a side that quits in the middle
  # of its turn and resumes sees no recap of its own moves, and the next side's recap has them
  # all, those of the earlier sitting too (it showed only what came after the --load)
  printf '4\n2\n2\n\narrive 0.25 2\n\n\nmove Y 6.1 1.2\nquit\n' |
    script -qc "$ecw play catch-a-king --ai human --terrain random --seed 5 --dice manual --save $tmp/hs-sit.json" /dev/null >/dev/null 2>&1
  grep -q '"text":"move Y 6.1 1.2"}\],' "$tmp/hs-sit.json" || fail "hot seat sittings: the first sitting did not end on Y's move: $(head -c 400 "$tmp/hs-sit.json")"
  printf '\nend\n\n\nquit\n' | script -qc "$ecw play --load $tmp/hs-sit.json" /dev/null 2>&1 | tr -d '\r' >"$tmp/tty.out"
  # (To Catch a King hides nothing from one side that the other sees: its hand-over clears no screen and
  # asks one Enter with typed dice, a referee's; the recap is headed by the side it is for)
  [ "$(grep -ac 'since royalist last played:' "$tmp/tty.out")" = 1 ] ||
    fail "hot seat sittings: $(grep -ac 'since .* last played:' "$tmp/tty.out") recaps, not 1 (none for the side that resumed)"
  grep -aq $'\033\[H\033\[2J' "$tmp/tty.out" && fail "hot seat (open table): the screen was cleared"
  sed -n '/=== royalist to play/,$p' "$tmp/tty.out" | grep -aA4 'since royalist last played:' | tr '\n' '|' |
    grep -aq 'since royalist last played:|parliament: move Y 6.1 1.2|  Parliament commander Y moves from (14.0, 0.8) to (6.1, 1.2)|parliament: end|' ||
    fail "hot seat sittings: the recap lacks the moves of the earlier sitting: $(grep -a -A4 'since .* last played' "$tmp/tty.out")"
fi

# a run of figures, C1-C3 (or c1-3), is an order each, as a list with commas is (a solo player wanted his five
# cavalry named at once); a run past the line's 32 orders is refused whole
printf 'move C1-C3 by 0 2; move d1-2,Y by 0 1\nquit\n' | "$ecw" play catch-a-king --seed 3 --as parliament >"$tmp/out" 2>&1
[ "$(grep '^you (parliament): move ' "$tmp/out" | cut -d' ' -f4 | tr '\n' ' ')" = "C1 C2 C3 D1 D2 Y " ] ||
  fail "a run of figures: $(grep '^you (parliament)' "$tmp/out")"
printf 'move C1-C99 by 0 1\nquit\n' | "$ecw" play catch-a-king --seed 3 --as parliament >"$tmp/out" 2>&1
grep -q '^at most 32 orders a line$' "$tmp/out" && ! grep -q '^you (parliament): move' "$tmp/out" ||
  fail "a run past 32 orders: $(grep -E 'at most|you \(' "$tmp/out" | head -3)"

# roster: the figures alone, without the map (a solo player had the whole board redrawn)
printf 'roster\nquit\n' | "$ecw" play catch-a-king --seed 3 --as parliament >"$tmp/out" 2>&1
sed -n '/^parliament> roster$/,/^parliament> /p' "$tmp/out" >"$tmp/roster"
grep -q '^ C5   cavalry trooper (34.0,  0.8)    move 8.0"$' "$tmp/roster" && grep -q '^Turn 1/12$' "$tmp/roster" &&
  ! grep -q 'north edge' "$tmp/roster" || fail "roster: $(cat "$tmp/roster")"

# an open table's hot seat, played live, says under each side's board what mattered in the other's turn (a
# referee found the recap the README promised only after --load)
(yes 1 | head -n 60; echo quit) | "$ecw" play catch-a-king --ai human --seed 3 >"$tmp/out" 2>&1
grep -A1 '^since royalist last played:$' "$tmp/out" | grep -q '^  The village (piece 1) is searched' ||
  fail "hot seat, live: no recap under the royalist's board: $(grep -A2 'last played' "$tmp/out" | head -8)"

# --- found by fuzzing the inputs (records, the prompt, odds)
# play_load_names_the_records_bad_option: an option the game does not take
# is the record's fault, said with the file and field (it read as if typed
# on the command line, exit 2)
sed 's/"options":{}/"options":{"terrain":"random"}/' "$tmp/watch.json" >"$tmp/opt-bad.json"
printf 'quit\n' | "$ecw" play --load "$tmp/opt-bad.json" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] || fail "play --load of a record with a bad option did not exit 1"
err_has "play: .*opt-bad.json: options: unknown option 'terrain' (this game knows: foot, turns, dragoons)"

# replay_refuses_an_endless_file: read up to a bound, not until memory runs out
expect 1 "$ecw" replay /dev/zero;         err_has "replay: /dev/zero: too large for a record (more than 8 MiB)"

# prompt_refuses_what_the_parser_would_drop: a line past the parser's
# buffer lost its end (the move after many spaces and 'extra' was played),
# and 'C1x' was taken for C1
pad=$(printf '%200s' '')
printf 'move C1 27 6%s extra\nmove C1x 27 6\nquit\n' "$pad" |
  "$ecw" play catch-a-king --as parliament --terrain random --seed 5 >"$tmp/out" 2>&1
grep -q '^illegal: too long: at most 159 characters$' "$tmp/out" || fail "a long line at the prompt: $(grep -E 'illegal|moves' "$tmp/out" | head -3)"
grep -q "^illegal: no figure called 'C1x'$" "$tmp/out" || fail "C1x at the prompt: $(grep -E 'illegal|moves' "$tmp/out" | head -3)"
grep -q 'C1 moves' "$tmp/out" && fail "the prompt played a move it should have refused"
printf 'rough left 99999999999999999999\nquit\n' | "$ecw" play "$game" --seed 3 >"$tmp/out" 2>&1
grep -q '^illegal: there is no zone 99999999999999999999: 1 to 7;' "$tmp/out" || fail "a huge zone at the prompt: $(grep illegal "$tmp/out")"

# replay_refuses_fields_a_verb_does_not_take: an 'end' carrying a piece
# replayed as if fine
sed -E '0,/"verb":9,"piece":0,/s//"verb":9,"piece":7,/' "$tmp/ck-watch.json" >"$tmp/end-piece.json"
expect 1 "$ecw" replay "$tmp/end-piece.json"; err_has "illegal: end takes no piece (got piece 7)"

# odds_refuses_what_it_would_ignore: Marston Less took the last of a
# repeated option and ignored --dp without --vs; a flag in place of a value
# was taken for a figure type
expect 2 "$ecw" odds "$game" --factor 5 --factor 6;  err_has "odds: --factor given twice"
expect 2 "$ecw" odds "$game" --factor 5 --json --json; err_has "odds: --json given twice"
expect 2 "$ecw" odds "$game" --factor 5 --dp 2;      err_has "odds: --dp counts only against an opposing line: add --vs G"
expect 2 "$ecw" odds "$game" --factor --json;        err_has "odds: --factor needs a whole number -20..40 (got the flag --json)"
expect 2 "$ecw" odds "$game" --factor x;             err_has "odds: --factor: expected a whole number -20..40, got 'x'"
expect 0 "$ecw" odds "$game" --factor 5 --vs 3 --dp 2 --vs-dp 1 --json
expect 2 "$ecw" odds catch-a-king --attacker --target horse; err_has "odds: --attacker expects a figure type (got the flag --target)"

# events_write_errors_are_not_lost: an error met while the events were
# written (not at the close) was forgotten, and sim exited 0
if [ -w /dev/full ]; then
  expect 1 "$ecw" sim "$game" --games 300 --seed 1 --events /dev/full; err_has "sim: /dev/full: write failed: No space left on device"
  expect 1 "$ecw" watch catch-a-king --seed 2 --fast --events /dev/full; err_has "watch: /dev/full: write failed: No space left on device"
fi

# a_move_to_minus_zero_still_resumes: 'arrive -0 46' was saved as "x":-0,
# read back as +0: the record no longer verified nor resumed (a move to
# -0 was the case first; a base may no longer hang over the edge there)
printf 'arrive -0 46\nend\nquit\n' |
  "$ecw" play catch-a-king --as royalist --terrain random --seed 5 --save "$tmp/negzero.json" >/dev/null 2>&1
grep -q '"x":"-0"' "$tmp/negzero.json" || fail "the move to -0 was not played or not kept: $(head -c 300 "$tmp/negzero.json")"
expect 0 "$ecw" replay --verify "$tmp/negzero.json"
printf 'quit\n' | "$ecw" play --load "$tmp/negzero.json" >"$tmp/out" 2>"$tmp/err" || fail "play --load after a move to -0: $(cat "$tmp/err")"

# play_load_of_a_game_nobody_played_asks_for_a_side: a record whose sides
# are all the computer's names no side to take: --as must (it put a
# person on the first side, with the last side's AI, without a word); with
# --as the other side keeps its own recorded AI
printf '1\n1\nquit\n' | "$ecw" play "$game" --seed 4 --save "$tmp/ai2.json" >/dev/null 2>&1
sed 's/"players":{"royalist":"human","parliament":"heuristic"}/"players":{"royalist":"random","parliament":"heuristic"}/' \
  "$tmp/ai2.json" >"$tmp/ai3.json"
grep -q '"royalist":"random"' "$tmp/ai3.json" || fail "could not make a record without a person"
printf 'quit\n' | "$ecw" play --load "$tmp/ai3.json" >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] && err_has "no side of this game was played by a person (royalist: random, parliament: heuristic): give --as ROLE" ||
  fail "play --load of a game nobody played: $(cat "$tmp/err")"
printf 'quit\n' | "$ecw" play --load "$tmp/ai3.json" --as parliament >"$tmp/out" 2>&1
grep -q '^royalist (computer, random): ' "$tmp/out" || fail "play --load --as parliament: the royalist did not keep its recorded AI"
# a negative number or 0 at the prompt is before the list's first (a tester's "0" was told of a
# list "1 to 0"), and a number past every action says how many there are
printf -- '-1\n0\n9999999\nquit\n' | "$ecw" play "$game" --seed 4 >"$tmp/out" 2>&1
grep -q "^no action -1: the list's numbers start at 1 ('list' shows it)$" "$tmp/out" ||
  fail "-1 at the prompt: $(grep -E 'illegal|no action' "$tmp/out")"
grep -q "^no action 0: the list's numbers start at 1 ('list' shows it)$" "$tmp/out" ||
  fail "0 at the prompt: $(grep -E 'illegal|no action' "$tmp/out")"
grep -q '^no action 9999999: choose 1 to [0-9]*$' "$tmp/out" ||
  fail "9999999 at the prompt: $(grep -E 'illegal|no action' "$tmp/out")"
# 'roster' (a tester looked for it) lists the figures alone in To Catch a King, and draws the board in a game
# without a roster of its own
printf 'roster\nquit\n' | "$ecw" play catch-a-king --seed 5 >"$tmp/out" 2>&1
[ "$(grep -c 'south edge: Parliament enters' "$tmp/out")" = 1 ] || fail "roster drew the board again"
printf 'roster\nquit\n' | "$ecw" play marston-less --seed 5 >"$tmp/out" 2>&1
[ "$(grep -c '^z7 ' "$tmp/out")" = 2 ] || fail "roster did not draw marston-less's board again"
printf 'move Y 14 5\n0\n99\nquit\n' | "$ecw" play catch-a-king --seed 5 >"$tmp/out" 2>&1
grep -q "^no action 0: the list's numbers start at 1 ('list' shows it)$" "$tmp/out" ||
  fail "0 after an order: $(grep -E 'illegal|no action' "$tmp/out")"
grep -q "^no action 99: there are [0-9]*, of which 0 are listed ('list all' shows them all)$" "$tmp/out" ||
  fail "99 after an order: $(grep -E 'illegal|no action|no list' "$tmp/out")"

# a_resumed_game_recalls_what_its_last_actions_said: the summary gives, under
# each of the last three actions, the lines the player saw of it (here a
# search and the chance card drawn after it), not the moves' own echo
printf 'hint\ntake\n%.0s' $(seq 23) |
  "$ecw" play catch-a-king --as parliament --seed 7 --save "$tmp/resume.json" --overwrite >/dev/null 2>&1
printf 'quit\n' | "$ecw" play --load "$tmp/resume.json" >"$tmp/out" 2>&1
sed -n '/^resumed /,/^next: /p' "$tmp/out" >"$tmp/summary"
# a_resumed_game_tells_its_seed_at_the_end: its record held it sealed
cp "$tmp/resume.json" "$tmp/resume-end.json"
"$ecw" play --load "$tmp/resume-end.json" <"$tmp/ones" >/dev/null 2>"$tmp/err" || fail "a resumed game played to the end exited $?"
grep -q '^seed 7$' "$tmp/err" || fail "a resumed game did not tell its seed at the end: $(tail -3 "$tmp/err")"
grep -q '"seed":7,' "$tmp/resume-end.json" || fail "a resumed game, finished, does not show its seed"
grep -q '^      The .* (piece [0-9]*) is searched: ' "$tmp/summary" || fail "the resume summary lacks the search: $(cat "$tmp/summary")"
grep -q '^      Chance card: ' "$tmp/summary" || fail "the resume summary lacks the chance card: $(cat "$tmp/summary")"
grep -q ' moves from ' "$tmp/summary" && fail "the resume summary repeats a move's line: $(cat "$tmp/summary")"

# --- files a user keeps are never lost (from a fuzzing audit, 2026-12-01)
# no_events_over_the_record: --events naming the record replayed, or the
# file the game is saved to (however spelt), is refused before anything is
# written; the record stays as it was
printf 'hint\ntake\nquit\n' | "$ecw" play catch-a-king --as parliament --seed 5 --save "$tmp/keep.json" >/dev/null 2>&1
cp "$tmp/keep.json" "$tmp/same.json"
expect 2 "$ecw" replay "$tmp/same.json" --events "$tmp/same.json"; err_has "is the record being replayed"
cmp -s "$tmp/keep.json" "$tmp/same.json" || fail "replay --events over the record changed it"
ln -s same.json "$tmp/link.json"
expect 2 "$ecw" replay "$tmp/same.json" --events "$tmp/link.json"; err_has "is the record being replayed"
printf 'quit\n' | "$ecw" play --load "$tmp/same.json" --events "$tmp/../$(basename "$tmp")/same.json" >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] && err_has "is the file the game is saved to" || fail "play --load X --events X: $(cat "$tmp/err")"
cmp -s "$tmp/keep.json" "$tmp/same.json" || fail "play --load --events over the record changed it"
# load_events_over_a_file_says_overwrite_loses_nothing: the events of a resumed game are
# written again from the save, so the refusal of a file there says --overwrite costs nothing
cp "$tmp/game.json" "$tmp/ev-there.jsonl"
printf 'quit\n' | "$ecw" play --load "$tmp/same.json" --events "$tmp/ev-there.jsonl" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] && err_has "--events: $tmp/ev-there.jsonl is already there ([0-9]* bytes): give another file, or --overwrite to replace it (with --load that loses nothing of the game: the file is written again from the save, every action and die, and the actions taken back or withdrawn in earlier sittings)$" ||
  fail "play --load --events over a file: $(cat "$tmp/err")"
printf 'quit\n' | "$ecw" play catch-a-king --seed 2 --events "$tmp/ev-there.jsonl" >"$tmp/out" 2>"$tmp/err"
grep -q "with --load" "$tmp/err" && fail "a new game's refusal of an events file speaks of --load: $(cat "$tmp/err")"
printf 'quit\n' | "$ecw" play --load "$tmp/same.json" --events "$tmp/ev-there.jsonl" --overwrite >"$tmp/out" 2>"$tmp/err" ||
  fail "play --load --events --overwrite: $(cat "$tmp/err")"
grep -q '"type":"move"' "$tmp/ev-there.jsonl" || fail "play --load --events --overwrite did not write the game's events again"
expect 2 "$ecw" watch "$game" --seed 2 --fast --save "$tmp/new.json" --events "$tmp/new.json"; err_has "is the file the game is saved to"
[ -e "$tmp/new.json" ] && fail "watch --save X --events X left a file"
# a_file_there_is_never_written_over: --save and --events refuse a file the
# user has (not empty) unless --overwrite; the --load file is saved back
cp "$tmp/game.json" "$tmp/mine.json"
printf 'quit\n' | "$ecw" play "$game" --seed 2 --save "$tmp/mine.json" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] && err_has "--save: $tmp/mine.json is already there" || fail "play --save over a file: $(cat "$tmp/err")"
cmp -s "$tmp/game.json" "$tmp/mine.json" || fail "play --save wrote over a file it refused"
cp "$tmp/game.json" "$tmp/mine.jsonl"
for cmd in "watch $game --fast" "sim $game --games 2" "replay $tmp/game.json"; do
  $ecw $cmd --events "$tmp/mine.jsonl" >"$tmp/out" 2>"$tmp/err"
  [ $? = 1 ] && err_has "--events: $tmp/mine.jsonl is already there" || fail "$cmd --events over a file: $(cat "$tmp/err")"
done
cmp -s "$tmp/game.json" "$tmp/mine.jsonl" || fail "--events wrote over a file it refused"
expect 0 "$ecw" sim "$game" --games 2 --events "$tmp/mine.jsonl" --overwrite
grep -q '"game":1' "$tmp/mine.jsonl" || fail "sim --events --overwrite did not replace the file"
printf 'quit\n' | "$ecw" play "$game" --seed 2 --save "$tmp/mine.json" --overwrite >"$tmp/out" 2>"$tmp/err" ||
  fail "play --save --overwrite: $(cat "$tmp/err")"
cmp -s "$tmp/game.json" "$tmp/mine.json" && fail "play --save --overwrite kept the old file"
: >"$tmp/empty.json"
printf 'quit\n' | "$ecw" play "$game" --seed 2 --save "$tmp/empty.json" >"$tmp/out" 2>"$tmp/err" ||
  fail "play --save onto an empty file: $(cat "$tmp/err")"
# a_referees_game_is_kept_without_save: with --dice manual and no --save the
# game and its typed dice go to the saves' directory, named at once
printf '3\n3\n3\nquit\n' | XDG_DATA_HOME="$tmp/xdg" "$ecw" play catch-a-king --as parliament --dice manual \
  --terrain random --seed 4 >"$tmp/out" 2>"$tmp/err" # turn 1's card: a band, three dice
kept=$(ls "$tmp/xdg/ecw/"catch-a-king-*.json 2>/dev/null | head -n 1)
[ -s "$kept" ] || fail "a referee's game without --save was not kept: $(cat "$tmp/err")"
grep -qF "every die you type are saved to $kept;" "$tmp/err" || fail "the kept game's file not named: $(cat "$tmp/err")"
grep -q '"rolls":\[{"sides":6,"value":3}' "$kept" || fail "the kept game lacks the typed die: $(head -c 300 "$kept")"
grep -q "not saved" "$tmp/err" && fail "a kept referee's game said 'not saved'"
# a_number_after_a_refused_action_is_not_taken_for_dice: with manual dice, no bare
# number plays after a refused order, however often typed (a referee types the two dice
# of a roll one after the other: a double played list entry 2 when a number typed twice
# played it), until 'list' shows the list again; then a number plays
printf '3\n4\n2\n1\ncharge D1 K1\n2\n5\n5\nlist\n5\nquit\n' | "$ecw" play catch-a-king --ai human --dice manual --seed 4 \
  --terrain random --save "$tmp/conf.json" >"$tmp/out" 2>&1
[ "$(grep -c "^the last order was refused: no dice are wanted now, and [25] plays nothing; type an order in words, or 'list' and then its number$" "$tmp/out")" = 3 ] ||
  fail "numbers after a refused order: $(grep -A6 'illegal' "$tmp/out" | head -8)"
grep -q '^(a number from the list plays it again)$' "$tmp/out" || fail "'list' after a refused order does not say a number plays again"
grep -o '"text":"[^"]*"' "$tmp/conf.json" | tr '\n' '|' | grep -qx '"text":"arrive 0.2 4.0"|"text":"move Y 6.3 2.7"|' ||
  fail "after the refusal, only 5 typed after 'list' should play: $(grep -o '"text":"[^"]*"' "$tmp/conf.json")"
# ... with dice rolled by ecw no number can be taken for a die: it plays at once
printf '1\ncharge D1 K1\n5\nquit\n' | "$ecw" play catch-a-king --ai human --seed 4 --terrain random >"$tmp/out" 2>&1
grep -A1 '^parliament> 5$' "$tmp/out" | grep -q '^parliament: move ' || fail "--dice auto: a number after a refused order did not play: $(grep -A3 illegal "$tmp/out")"
# a_game_outlives_a_kill: the save is written after every action, the events
# line by line, so a kill -9 costs at most the action under way; a closed
# terminal (SIGHUP) saves as an interrupt does
mkfifo "$tmp/fifo"
"$ecw" play catch-a-king --ai human --seed 4 --terrain random --save "$tmp/k9.json" --events "$tmp/k9.jsonl" \
  <"$tmp/fifo" >/dev/null 2>&1 &
pid=$!
exec 3>"$tmp/fifo"
printf '1\n1\n' >&3
for _ in $(seq 200); do grep -q '"text":"move' "$tmp/k9.json" 2>/dev/null && break; sleep 0.05; done
kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null
exec 3>&-
[ "$(grep -o '"text":' "$tmp/k9.json" | wc -l)" = 2 ] || fail "after a kill -9 the save lacks the two actions: $(cat "$tmp/k9.json")"
grep -q '"type":"move"' "$tmp/k9.jsonl" || fail "after a kill -9 the events lack the move"
printf 'quit\n' | "$ecw" play --load "$tmp/k9.json" >"$tmp/out" 2>&1 || fail "a game saved before a kill -9 does not resume"
grep -q "^resumed $tmp/k9.json: 2 actions replayed" "$tmp/out" || fail "resume after a kill -9: $(head -2 "$tmp/out")"
rm -f "$tmp/fifo"; mkfifo "$tmp/fifo"
"$ecw" play catch-a-king --ai human --seed 4 --terrain random --save "$tmp/hup.json" <"$tmp/fifo" >/dev/null 2>"$tmp/err" &
pid=$!
exec 3>"$tmp/fifo"
printf '1\n' >&3
for _ in $(seq 200); do grep -q '"text":' "$tmp/hup.json" 2>/dev/null && break; sleep 0.05; done
kill -HUP $pid; wait $pid; rc=$?
exec 3>&-
[ $rc = 1 ] && grep -q "^saved to $tmp/hup.json" "$tmp/err" && grep -q "^interrupted" "$tmp/err" ||
  fail "SIGHUP: exit $rc, $(cat "$tmp/err")"
# a_hangup_ignored_stays_ignored: under nohup (SIGHUP ignored as ecw starts)
# a hang-up does not stop the game
rm -f "$tmp/fifo"; mkfifo "$tmp/fifo"
( trap '' HUP; exec "$ecw" play catch-a-king --ai human --seed 4 --terrain random --save "$tmp/nohup.json" \
  <"$tmp/fifo" >/dev/null 2>"$tmp/err" ) &
pid=$!
exec 3>"$tmp/fifo"
printf '1\n' >&3
for _ in $(seq 200); do grep -q '"text":' "$tmp/nohup.json" 2>/dev/null && break; sleep 0.05; done
kill -HUP $pid 2>/dev/null
printf '1\nquit\n' >&3
exec 3>&-
wait $pid; rc=$?
[ $rc = 0 ] && grep -q "^saved to" "$tmp/err" && ! grep -q "interrupted" "$tmp/err" || fail "nohup: exit $rc, $(cat "$tmp/err")"
[ "$(grep -o '"text":' "$tmp/nohup.json" | wc -l)" = 2 ] || fail "nohup: the game stopped at the hang-up"
# a_take_back_is_saved_at_once: after an undo the save holds one action fewer
rm -f "$tmp/fifo"; mkfifo "$tmp/fifo"
"$ecw" play catch-a-king --ai human --seed 4 --terrain random --save "$tmp/undo9.json" <"$tmp/fifo" >/dev/null 2>&1 &
pid=$!
exec 3>"$tmp/fifo"
printf '1\n1\n' >&3
for _ in $(seq 200); do [ "$(grep -o '"text":' "$tmp/undo9.json" 2>/dev/null | wc -l)" = 2 ] && break; sleep 0.05; done
printf 'undo\n' >&3
for _ in $(seq 200); do [ "$(grep -o '"text":' "$tmp/undo9.json" 2>/dev/null | wc -l)" = 1 ] && break; sleep 0.05; done
kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null
exec 3>&-
[ "$(grep -o '"text":' "$tmp/undo9.json" | wc -l)" = 1 ] || fail "after undo and a kill -9 the save holds $(grep -o '"text":' "$tmp/undo9.json" | wc -l) actions, not 1"
# a_save_through_a_link_keeps_the_link: --load of a link saves to the file it names
mkdir -p "$tmp/real"
cp "$tmp/k9.json" "$tmp/real/g.json"
ln -s "$tmp/real/g.json" "$tmp/tolink.json"
printf '1\nquit\n' | "$ecw" play --load "$tmp/tolink.json" >/dev/null 2>&1 || fail "play --load through a link"
[ -L "$tmp/tolink.json" ] || fail "saving through a link replaced the link"
[ "$(grep -o '"text":' "$tmp/real/g.json" | wc -l)" = 3 ] || fail "saving through a link left the file it names unchanged"
ln -s "new-target.json" "$tmp/real/dangling.json" # a link to a file not there yet
printf 'quit\n' | "$ecw" play "$game" --seed 3 --save "$tmp/real/dangling.json" >/dev/null 2>&1 || fail "--save through a dangling link"
[ -L "$tmp/real/dangling.json" ] && [ -s "$tmp/real/new-target.json" ] || fail "--save through a dangling link: $(ls -l "$tmp/real")"
# a_refused_save_comes_before_the_seed: nothing is started, nor said, before it
echo abc >"$tmp/there.txt"
"$ecw" watch catch-a-king --fast --save "$tmp/there.txt" >/dev/null 2>"$tmp/err"
[ $? = 1 ] && grep -q "already there" "$tmp/err" && ! grep -q "^seed " "$tmp/err" || fail "watch --save onto a file: $(cat "$tmp/err")"
# events_to_the_file_stdout_goes_to: written as '-' is, appended, never refused nor cut
echo "earlier line" >"$tmp/app.log"
"$ecw" sim "$game" --games 2 --events /dev/stdout >>"$tmp/app.log" 2>"$tmp/err" || fail "--events /dev/stdout >> file: $(cat "$tmp/err")"
head -n 1 "$tmp/app.log" | grep -q "^earlier line$" || fail "--events /dev/stdout cut the file stdout goes to"
grep -q '"game":1' "$tmp/app.log" || fail "--events /dev/stdout wrote no events"
# a_referee_who_quits_at_once_can_go_on: 'save' says the game is kept where ecw chose, and
# so it is, though nothing was played (the file was made only once an action or a die was in
# it); --load goes on with the same deal
rm -rf "$tmp/data"
printf 'save\nquit\n' | "$ecw" play "$game" --dice manual --seed 4 >"$tmp/out" 2>"$tmp/err"
kept=$(ls "$tmp/data/ecw/$game"-*.json 2>/dev/null | head -n 1)
grep -qF "this game is saved to $kept after every action" "$tmp/out" || fail "save before any action: $(grep -A1 '> save' "$tmp/out")"
[ -s "$kept" ] || fail "a referee who quit at once has no file, though 'save' named it: $(ls "$tmp/data/ecw" 2>/dev/null)"
grep -q '"actions":\[\]' "$kept" || fail "the kept game of a referee who quit at once: $(head -c 300 "$kept")"
sed -n 's/^Your cards: //p' "$tmp/out" >"$tmp/cards0"
printf 'quit\n' | "$ecw" play --load "$kept" >"$tmp/out" 2>"$tmp/err" || fail "--load of an empty referee's game: $(cat "$tmp/err")"
grep -q "^resumed $kept: no moves yet" "$tmp/out" || fail "--load of an empty referee's game: $(head -3 "$tmp/out")"
sed -n 's/^Your cards: //p' "$tmp/out" | cmp -s - "$tmp/cards0" || fail "the resumed empty game dealt other cards"
# a_save_cut_short_keeps_the_old_one: a save that cannot be finished (here
# a file size limit; a full disk alike) leaves the record there whole
"$ecw" watch catch-a-king --seed 3 --fast --save "$tmp/big.json" >/dev/null 2>&1
cp "$tmp/big.json" "$tmp/big0.json"
[ "$(wc -c <"$tmp/big.json")" -gt 20000 ] || fail "the record for the cut-short save is too small"
(trap '' XFSZ; ulimit -f 8; "$ecw" watch catch-a-king --seed 4 --fast --save "$tmp/big.json" --overwrite) >/dev/null 2>"$tmp/err"
[ $? = 1 ] && err_has "the file there before is unchanged" || fail "a save cut short: $(cat "$tmp/err")"
cmp -s "$tmp/big.json" "$tmp/big0.json" || fail "a save cut short changed the record there before"
ls "$tmp" | grep -q '^big\.json\.' && fail "a save cut short left its temporary file"
# bad_names_said_plainly
expect 2 "$ecw" watch "$game" --fast --seed 1 --save "";  err_has "watch: --save needs a FILE, not an empty word"
expect 2 "$ecw" sim "$game" --games 1 --events "";        err_has "sim: --events needs a FILE, not an empty word"
expect 2 "$ecw" --version x;                               err_has "--version takes nothing after it, not 'x'"
expect 0 "$ecw" --help play;                               grep -q '^usage: ecw play GAME' "$tmp/out" || fail "ecw --help play"
expect 1 "$ecw" replay "";                                err_has "the record's file name is empty"
expect 2 "$ecw" sim "$game" --games 2 --option turns=9999999999999999999999999999999999999999
err_has "the value of option 'turns' is too long"
{ head -c -1 "$tmp/keep.json"; printf '\000\n'; } >"$tmp/nul.json"
expect 1 "$ecw" replay "$tmp/nul.json";                    err_has "a NUL byte at offset"
# a refused action is named by its fields (what was checked), and by the
# record's text where that says otherwise
sed 's/"x":[^,]*,"y":8.78999996,"text":"move Y 14.0 8.79"/"x":47.9,"y":0.1,"text":"move Y 14.0 8.79"/' \
  "$tmp/keep.json" >"$tmp/edited.json"
cmp -s "$tmp/keep.json" "$tmp/edited.json" && fail "the record to edit has no 'move Y 14.0 8.79'"
expect 1 "$ecw" replay "$tmp/edited.json"; err_has "(move Y 47.9 0.1; its text in the record says 'move Y 14.0 8.79'): illegal"

# --- play-testers' findings of the cli-polish pass
# replay_of_a_cut_record_says_the_hash_is_beyond_its_actions: actions cut to 50 by hand,
# the hashes still naming action 60 ("60 is out of range 51..50" before)
printf 'hint\ntake\n%.0s' $(seq 80) | "$ecw" play catch-a-king --seed 3 --save "$tmp/p3.json" >/dev/null 2>&1
jq -c '.actions |= .[0:50]' "$tmp/p3.json" >"$tmp/p3cut.json" || fail "jq could not cut the record"
[ "$(jq '.hashes[5].at' "$tmp/p3cut.json")" = 60 ] || fail "the record to cut has no hashes[5].at of 60: $(jq -c .hashes "$tmp/p3cut.json")"
expect 1 "$ecw" replay "$tmp/p3cut.json" --verify;  err_has "p3cut.json: hashes\[5\].at: 60 is beyond the record's 50 actions$"
# odds_modifiers_take_underscores: half_range as the events file and the options spell it
expect 0 "$ecw" odds catch-a-king --attacker shot --target cavalry --shoot --modifiers half_range,cover
expect 2 "$ecw" odds catch-a-king --attacker shot --target cavalry --shoot --modifiers half_rang
err_has "'half_rang' is no modifier (the modifiers: cover, rain, half-range, shooters=N,"
# watch_refuses_fast_with_delay: one of the two would be ignored without a word
expect 2 "$ecw" watch catch-a-king --seed 3 --fast --delay 100; err_has "watch: --fast and --delay contradict each other"
expect 2 "$ecw" watch catch-a-king --seed 3 --delay 0 --fast;   err_has "watch: --fast and --delay contradict each other"
[ -s "$tmp/out" ] && fail "watch --fast --delay played before refusing: $(head -3 "$tmp/out")"
# odds_text_gives_the_factors_part_by_part, in the prompt's words (README's example first)
expect 0 "$ecw" odds catch-a-king --attacker cavalry --target horse
[ "$(head -1 "$tmp/out")" = "cavalry charges horse: factor 4 (base 4) against 4 (base 4)" ] || fail "odds first line: $(head -1 "$tmp/out")"
expect 0 "$ecw" odds catch-a-king --attacker shot --target cavalry --shoot --cover --rain --half-range --shooters 2
[ "$(head -1 "$tmp/out")" = "shot shoots at cavalry: factor 4 (base 3, cover -1, other shooters +2, half range +1, rain -1) against 4 (base 4)" ] ||
  fail "odds first line: $(head -1 "$tmp/out")"
# help_fits_80_columns: what is built from tables of verbs and options is wrapped at 79
wide() { awk -v what="$1" 'length > 79 { printf "%s: a line of %d: %s\n", what, length, $0; n++ } END { exit n > 0 }'; }
"$ecw" games | wide "ecw games" || fail "ecw games is wider than 79 columns"
"$ecw" play --help | wide "ecw play --help" || fail "ecw play --help is wider than 79 columns"
for c in watch sim; do "$ecw" $c --help | wide "ecw $c --help" || fail "ecw $c --help is wider than 79 columns"; done
printf 'help\nquit\n' | "$ecw" play catch-a-king --seed 3 2>&1 | sed -n '/^commands:/,/^parliament> quit/p' >"$tmp/help"
grep -q '^  charge into hand to hand: charge F T, or charge F T capture' "$tmp/help" || fail "in-game help: $(head -5 "$tmp/help")"
wide "in-game help" <"$tmp/help" || fail "the in-game help is wider than 79 columns"
printf 'help\nquit\n' | "$ecw" play marston-less --seed 3 2>&1 | sed -n '/^commands:/,/^royalist> quit/p' | wide "ml in-game help" ||
  fail "Marston Less's in-game help is wider than 79 columns"
printf 'help\nquit\n' | "$ecw" play catch-a-king --ai human --seed 5 --terrain random --dice manual --save "$tmp/dh.json" 2>&1 |
  sed -n '/^type the number the d/,/^roll /p' >"$tmp/help"
[ -s "$tmp/help" ] || fail "no help at the die prompt"
wide "die-prompt help" <"$tmp/help" || fail "the die prompt's help is wider than 79 columns"
# ... and ecw odds catch-a-king --help, and the line under a long list (a retester's 80 and 90 columns)
"$ecw" odds catch-a-king --help | wide "ecw odds catch-a-king --help" || fail "ecw odds --help is wider than 79 columns"
printf 'quit\n' | "$ecw" play catch-a-king --as parliament --seed 1 2>/dev/null | grep '^  \.\.\. and' >"$tmp/more"
[ -s "$tmp/more" ] || fail "no '... and N more' line under the list"
wide "the list's last line" <"$tmp/more" || fail "the list's '... and N more' line is wider than 79 columns"

# --- the files a hostile tester attacked (2026-12-02)
printf 'hint\ntake\nhint\ntake\nquit\n' | "$ecw" play catch-a-king --as parliament --seed 7 --save "$tmp/sit.json" >/dev/null 2>&1 ||
  fail "making a game to sit at twice"
# a_failed_load_leaves_the_events_file_it_would_replace: the record fails at
# an action (a piece laid 1" from the corner), after some events were written
printf 'quit\n' | "$ecw" play --load "$tmp/sit.json" --events "$tmp/sit-ev.jsonl" >/dev/null 2>&1
cp "$tmp/sit-ev.jsonl" "$tmp/sit-ev.keep"
sed 's/"x":[-0-9.e]*,"y":[-0-9.e]*/"x":47,"y":47/2' "$tmp/sit.json" >"$tmp/sit-bad.json"
printf 'quit\n' | "$ecw" play --load "$tmp/sit-bad.json" --events "$tmp/sit-ev.jsonl" --overwrite >"$tmp/out" 2>"$tmp/err" &&
  fail "a record that does not replay was loaded"
grep -q "cannot resume: action 1 " "$tmp/err" || fail "the bad record failed elsewhere: $(cat "$tmp/err")"
cmp -s "$tmp/sit-ev.jsonl" "$tmp/sit-ev.keep" || fail "a failed load replaced the events file it would have written"
expect 1 "$ecw" replay "$tmp/sit-bad.json" --events "$tmp/sit-ev.jsonl" --overwrite
cmp -s "$tmp/sit-ev.jsonl" "$tmp/sit-ev.keep" || fail "a failed replay replaced the events file it would have written"
ls -a "$tmp" | grep -q '^\.ecw-' && fail "a temporary file was left: $(ls -a "$tmp")"
# a_second_sitting_never_rolls_back_the_first: the save written by another
# since this sitting loaded it is left alone, and this game goes beside it
mkfifo "$tmp/sit.in"
"$ecw" play --load "$tmp/sit.json" <"$tmp/sit.in" >"$tmp/sit.out" 2>"$tmp/sit.err" &
sitting=$!
exec 7>"$tmp/sit.in"
for _ in $(seq 300); do grep -q 'parliament> ' "$tmp/sit.out" 2>/dev/null && break; sleep 0.1; done
cp "$tmp/sit.json" "$tmp/sit.other"
sleep 0.1
cat "$tmp/sit.other" >"$tmp/sit.json" # another program writes the file (the same bytes, a new time)
printf 'hint\ntake\nquit\n' >&7
exec 7>&-
wait "$sitting" || fail "the sitting whose file was written by another exited $?: $(cat "$tmp/sit.err")"
grep -q "^ecw: play: $tmp/sit.json was written by another program since this sitting last saved it .*saved to $tmp/sit-2.json from now on" "$tmp/sit.err" ||
  fail "no word of the file written by another: $(cat "$tmp/sit.err")"
cmp -s "$tmp/sit.json" "$tmp/sit.other" || fail "the file another wrote was written over"
expect 0 "$ecw" replay --verify "$tmp/sit-2.json"
# named_pipes_are_refused_not_waited_on
mkfifo "$tmp/pipe"
expect 1 timeout 30 "$ecw" play catch-a-king --seed 1 --save "$tmp/pipe"; err_has "pipe is a pipe: a game is saved to a file"
expect 1 timeout 30 "$ecw" sim catch-a-king --games 1 --events "$tmp/pipe"; err_has "is a named pipe that nobody reads yet"
# a_save_named_as_long_as_a_name_may_be_is_saved (a temporary name beside it would not fit)
long="$(printf 'a%.0s' $(seq 250)).json"
printf 'hint\ntake\nquit\n' | "$ecw" play catch-a-king --seed 1 --save "$tmp/$long" >"$tmp/out" 2>"$tmp/err" ||
  fail "a 255-byte save name: $(head -c 300 "$tmp/err")"
expect 0 "$ecw" replay --verify "$tmp/$long"
# a_save_to_stdout_into_a_pipe_is_refused_by_its_name (/dev/stdout names "pipe:[N]", no path: a
# tester was told "/proc/self/fd/pipe:[8334166]: No such file or directory")
printf 'quit\n' | "$ecw" play catch-a-king --seed 1 --save /dev/stdout 2>"$tmp/err" | cat >"$tmp/out"
grep -q "^ecw: play: /dev/stdout is a pipe: a game is saved to a file" "$tmp/err" || fail "--save /dev/stdout into a pipe: $(head -c 300 "$tmp/err")"
# measure_at_the_prompt: To Catch a King measures, Marston Less has a grid
printf 'measure Y C1\nmeasure\nmeasure Y\nquit\n' | "$ecw" play catch-a-king --as parliament --seed 1 >"$tmp/out" 2>"$tmp/err"
grep -q '^Y commander (14.0, 0.8) and C1 cavalry trooper (26.0, 0.8):$' "$tmp/out" || fail "measure Y C1: $(grep -A3 'measure' "$tmp/out")"
grep -q '^cannot measure: usage: measure A B' "$tmp/out" || fail "measure alone was not refused with its usage"
grep -q "^Y commander (14.0, 0.8): no enemy on the table$" "$tmp/out" || fail "measure Y did not say there is no enemy to list"
# log_at_the_prompt: the last lines said, both sides' orders among them, a new turn marked
printf 'move D1 14.8 8.6\nend\nlog 9\nlog x\nlog all\nlog 0\nlog turn 1\nlog D1\nlog turn 9\nlog turn -0\nlog turn 999999999\nlog turn 0001\nquit\n' | "$ecw" play catch-a-king --as parliament --seed 1 >"$tmp/out" 2>"$tmp/err"
sed -n "/^parliament> log 9\$/,/^parliament> /p" "$tmp/out" >"$tmp/log9"
[ "$(grep -c "" "$tmp/log9")" = 12 ] || fail "log 9 did not give 9 lines: $(cat "$tmp/log9")"
grep -q "^the last 9 lines said ('log all' for every one since the game began):$" "$tmp/log9" || fail "log 9's heading: $(head -2 "$tmp/log9")"
grep -q '^parliament: move D1 14.8 8.6$' "$tmp/log9" && grep -q '^-- turn 2 --$' "$tmp/log9" &&
  grep -q '^  Chance card: reinforcements for Parliament$' "$tmp/log9" || fail "log 9: $(cat "$tmp/log9")"
grep -q "^no line said holds 'x' ('log all' shows every one)$" "$tmp/out" || fail "log x found something"
grep -q "^log takes a number of lines, 1 or more, or 'all', 'turn N' or words to look for ('0' is none of them)$" "$tmp/out" ||
  fail "log 0 was not refused"
# log turn N: that turn's lines only; log WORDS: the lines holding them (a referee settling a dispute about turn 2)
sed -n '/^parliament> log turn 1$/,/^parliament> /p' "$tmp/out" >"$tmp/logturn"
grep -q '^turn 1, as it was said:$' "$tmp/logturn" && grep -q '^parliament: move D1 14.8 8.6$' "$tmp/logturn" &&
  ! grep -q 'reinforcements' "$tmp/logturn" || fail "log turn 1: $(cat "$tmp/logturn")"
sed -n '/^parliament> log D1$/,/^parliament> /p' "$tmp/out" >"$tmp/logd1"
[ "$(grep -c '^parliament: move D1 \|^  Parliament dragoon D1 ' "$tmp/logd1")" = 2 ] && ! grep -q 'Chance card' "$tmp/logd1" ||
  fail "log D1: $(cat "$tmp/logd1")"
grep -q "^nothing was said in turn 9 (the log's turns: 'log all')$" "$tmp/out" || fail "log turn 9"
grep -q "^log turn takes the turn's number, 0 for the set-up: log turn 2 ('-0' is none)$" "$tmp/out" || fail "log turn -0"
grep -q "^nothing was said in turn 999999999 (the log's turns: 'log all')$" "$tmp/out" || fail "log turn 999999999"
[ "$(grep -c '^turn 1, as it was said:$' "$tmp/out")" = 2 ] || fail "log turn 0001 is not turn 1 (a reviewer's)"
sed -n "/^parliament> log all\$/,/^parliament> /p" "$tmp/out" | grep -q '^royalist: place 1 ' || fail "log all did not go back to the terrain"
# a_move_towards_a_point_is_played_as_the_point_found (seed 1: D1 at (16, 0.8), his whole 8" in the
# open, short of the field at (14, 14) unsearched)
printf 'move D1 towards 16 30\nquit\n' | "$ecw" play catch-a-king --as parliament --seed 1 >"$tmp/out" 2>"$tmp/err"
grep -q '^you (parliament): move D1 16.0 8.8$' "$tmp/out" || fail "move towards: $(grep -A2 'towards' "$tmp/out")"
grep -q '^(as far as he may go that way; at (16.0, 8.9) beyond it: out of reach: 8.1" away, this figure may move 8.0")$' "$tmp/out" ||
  fail "move towards does not say why he stopped: $(grep -A2 'towards' "$tmp/out")"
# ... and by a bend: to it first, then as far as he may on (the bend's leg counted), played as the bent move
printf 'move D1 towards 16 30 via 14 4\nquit\n' | "$ecw" play catch-a-king --as parliament --seed 1 >"$tmp/out" 2>"$tmp/err"
grep -q '^you (parliament): move D1 14.3 8.2 via 14.0 4.0$' "$tmp/out" || fail "move towards via: $(grep -A2 'towards' "$tmp/out")"
# a_towards_stopped_short_by_something_in_the_way_is_given_twice (a tester's horseman went 1.0" of 8" and the move
# stood; seed 2: the band found on the hill stands 2.5" north of D5, who is in its way south)
printf 'place 1 14 14\nplace 2 24 24\nplace 3 35 14\nplace 4 12 36\nplace 5 36 36\nplace 6 24 11\nplace 7 12 24\nplace 8 36 24\nplace 9 24 36\nplace 10 20 19\nplace 11 30 19\nplace 12 30 30\nmove D4 22 7\nmove D5 24 8.5\nmove D5 24 8.5\nmove S1 towards 24 5\nroster\nmove S1 towards 24 5\nquit\n' |
  "$ecw" play catch-a-king --ai human --seed 2 >"$tmp/out" 2>"$tmp/err"
grep -q '^careful: move S1 24.0 9.9: he stops after 1.1" of his 6.0"; at (24.0, 9.8) beyond it: that would touch an enemy: .*; at the point asked: the way passes over the base of D5' "$tmp/out" ||
  fail "a towards stopped short was not cautioned: $(grep -A2 'move S1 towards' "$tmp/out")"
[ "$(grep -c '^royalist: move S1 24.0 9.9$' "$tmp/out")" = 1 ] && sed -n '/^royalist> roster$/,/^royalist> move S1/p' "$tmp/out" | grep -q '^ S1 .*(24.0, 11.0)' ||
  fail "a cautioned towards was played at once, or not when given again: $(grep 'S1' "$tmp/out")"
# several_orders_on_a_line: given in turn (';', or figures listed with commas), stopping at the first not
# played and saying what is not given; what is left when the turn passes is dropped, and said so
printf 'move D1,D2 by 0 6; move C1 90 90; move C2 by 0 1\nmove C3,C4 by 0 2;end;move C5 by 0 1\nquit\n' |
  "$ecw" play catch-a-king --as parliament --seed 1 >"$tmp/out" 2>"$tmp/err"
grep -q '^you (parliament): move D1 16.0 6.8$' "$tmp/out" && grep -q '^you (parliament): move D2 18.0 6.8$' "$tmp/out" ||
  fail "move D1,D2 by 0 6: $(grep 'you (parliament)' "$tmp/out")"
grep -q '^(the line stops here: not given: move C2 by 0 1)$' "$tmp/out" || fail "a refused order of a line did not stop it"
grep -q 'move C2 28' "$tmp/out" && fail "an order after a refused one was played"
grep -q '^you (parliament): move C4 32.0 2.8$' "$tmp/out" || fail "the second line's list: $(grep 'you (parliament)' "$tmp/out")"
grep -q '^(the turn has passed: not given: move C5 by 0 1)$' "$tmp/out" || fail "an order left after end was not dropped"
grep -q 'move C5 34' "$tmp/out" && fail "an order of the last turn was given in the next"
# a_group_sent_towards_a_point_keeps_its_shape (a solo player's five troopers sent "towards" one point
# crowded onto it): each point, and bend, moved by where its figure stands from the first's, kept on the
# table; "towards" a figure sends all at him (seed 5: C1-C5 at (26..34, 0.8), D1-D3 at (16..20, 0.8))
printf 'move C1-C5 towards 30 20\nmove D1,D2 20 7 via 19 5\nmove D3,D4 towards 47 40\nmove Y,D5 towards C1\nquit\n' |
  "$ecw" play catch-a-king --as parliament --seed 5 >"$tmp/out" 2>"$tmp/err"
grep -q '^parliament> move C5 towards 38.0 20.0$' "$tmp/out" && grep -q '^you (parliament): move C5 35.6 8.6$' "$tmp/out" ||
  fail "a group towards a point: $(grep 'move C' "$tmp/out")"
grep -q '^parliament> move D2 22.0 7.0 via 21.0 5.0$' "$tmp/out" || fail "a group's bend: $(grep 'move D2' "$tmp/out")"
grep -q '^parliament> move D4 towards 48.0 40.0$' "$tmp/out" || fail "a group's point off the table: $(grep 'move D4' "$tmp/out")"
grep -q '^parliament> move D5 towards C1$' "$tmp/out" || fail "a group towards a figure was rewritten: $(grep 'move D5' "$tmp/out")"
# in the hot seat what is left is dropped before the terminal passes, not told to the other side (a
# reviewer's: the search of D5 ends Parliament's turn, seed 2); a quit mid-line says what it leaves
printf 'place 1 14 14\nplace 2 24 24\nplace 3 35 14\nplace 4 12 36\nplace 5 36 36\nplace 6 24 11\nplace 7 12 24\nplace 8 36 24\nplace 9 24 36\nplace 10 20 19\nplace 11 30 19\nplace 12 30 30\nmove D4 22 7\nmove D5 24 8.5\nmove D5 24 8.5;move C1 by 0 1\nquit\n' |
  "$ecw" play catch-a-king --ai human --seed 2 >"$tmp/out" 2>"$tmp/err"
[ "$(grep -n '^(the turn has passed: not given: move C1 by 0 1)$\|^=== royalist to play ===$' "$tmp/out" | tail -2 | cut -d: -f2 | head -c 4)" = "(the" ] ||
  fail "the hot seat's dropped orders came after the hand-over: $(grep -n 'not given\|=== royalist' "$tmp/out")"
printf 'move D2 by 0 1; quit; move D3 by 0 1\n' | "$ecw" play catch-a-king --as parliament --seed 1 >"$tmp/out" 2>"$tmp/err"
grep -q '^(the game stops here: not given: move D3 by 0 1)$' "$tmp/out" || fail "a quit mid-line left its orders unsaid"
printf 'move C1,C2 by 0 1;board;move D1 21,5 4\nquit\n' | "$ecw" play catch-a-king --as parliament --seed 1 >"$tmp/out" 2>"$tmp/err"
grep -q '^parliament> move D1 21,5 4$' "$tmp/out" || fail "a decimal comma was taken for a list of figures"
# a list naming a figure in letters outside ASCII is told there is no such figure, not that it is no point
printf 'move D1,\303\251 by 0 6\nquit\n' | "$ecw" play catch-a-king --as parliament --seed 1 >"$tmp/out" 2>"$tmp/err"
grep -q $'^illegal: no figure called \'\303\251\'$' "$tmp/out" || fail "a non-ASCII item of a list: $(grep illegal "$tmp/out")"
# a game started without --save says so at its start, not only at the quit that loses it (a tester's)
printf 'quit\n' | "$ecw" play catch-a-king --seed 1 >"$tmp/out" 2>"$tmp/err"
sed -n 2,3p "$tmp/out" | grep -q "^(this game is not saved: quitting loses it; start with --save FILE" || fail "no notice of an unsaved game: $(head -3 "$tmp/out")"
printf 'quit\n' | "$ecw" play catch-a-king --seed 1 --save "$tmp/kept.json" >"$tmp/out" 2>"$tmp/err"
grep -q "this game is not saved" "$tmp/out" && fail "a game with --save was told it is not saved"
# threats_at_the_prompt: To Catch a King marks where the enemy could strike; Marston Less has no such map
printf 'threats\nthreats now\nquit\n' | "$ecw" play catch-a-king --as parliament --seed 1 >"$tmp/out" 2>"$tmp/err"
grep -q '^Where the enemy could strike at Parliament when his side next moves:$' "$tmp/out" &&
  grep -q '^no enemy is on the table$' "$tmp/out" || fail "threats: $(grep -A3 '> threats' "$tmp/out")"
grep -q "^'threats' takes nothing after it$" "$tmp/out" || fail "threats now was not refused"
printf 'threats\nquit\n' | "$ecw" play marston-less --seed 1 >"$tmp/out" 2>"$tmp/err"
grep -q '^this game draws no map of threats$' "$tmp/out" || fail "threats in Marston Less: $(grep -A2 'threats' "$tmp/out")"
# the_log_keeps_long_lines_whole (a referee's were cut at 103 characters, the next line glued on)
printf 'place 1 14 14\nplace 2 24 24\nplace 3 35 14\nplace 4 12 36\nplace 5 36 36\nplace 6 24 11\nplace 7 12 24\nplace 8 36 24\nplace 9 24 36\nplace 10 20 19\nplace 11 30 19\nplace 12 30 30\nmove D5 24 7.8\nmove D4 22 7\nlog 4\nquit\n' |
  "$ecw" play catch-a-king --ai human --seed 1 >"$tmp/out" 2>"$tmp/err"
sed -n '/> log 4$/,/> quit$/p' "$tmp/out" >"$tmp/log4"
grep -q '^  Parliament dragoon D5 moves from (24.0, 0.8) to (24.0, 7.8) (0.20" short of the unsearched hill (piece 6): nothing searched)$' "$tmp/log4" &&
  grep -q '^parliament: move D4 22.0 7.0$' "$tmp/log4" || fail "a long line of the log: $(cat "$tmp/log4")"
# a_resumed_recap_goes_to_the_side_that_did_not_make_it: a hot seat quit at the die of a search
# (seed 2: the hill at (24, 11) hides a band), resumed; the search ends Parliament's turn, so the
# Royalists sit first, and are told Parliament's moves of the earlier sitting (a referee's went
# unshown, and Parliament was later shown its own)
rm -f "$tmp/recap.json"
printf 'place 1 14 14\nplace 2 24 24\nplace 3 35 14\nplace 4 12 36\nplace 5 36 36\nplace 6 24 11\nplace 7 12 24\nplace 8 36 24\nplace 9 24 36\nplace 10 20 19\nplace 11 30 19\nplace 12 30 30\nmove D4 22 7\nmove D5 24 8.5\nmove D5 24 8.5\nquit\n' |
  "$ecw" play catch-a-king --ai human --dice manual --seed 2 --save "$tmp/recap.json" >"$tmp/out" 2>"$tmp/err"
grep -q '^roll d6 for number of ' "$tmp/out" || fail "the recap test's search asked no die: $(tail -5 "$tmp/out")"
cp "$tmp/recap.json" "$tmp/typed.json"
cp "$tmp/recap.json" "$tmp/atdie.json"
printf '3\nend\nquit\n' | "$ecw" play --load "$tmp/recap.json" >"$tmp/out" 2>"$tmp/err"
sed -n '/^=== royalist to play ===$/,/^Turn /p' "$tmp/out" >"$tmp/recap"
grep -q '^since royalist last played:$' "$tmp/recap" && grep -q '^parliament: move D4 22.0 7.0$' "$tmp/recap" ||
  fail "the Royalists were not told Parliament's earlier moves: $(head -5 "$tmp/recap")"
sed -n '/^=== parliament to play ===$/,/^Turn /p' "$tmp/out" | grep -q '^parliament: move D4' &&
  fail "Parliament was shown its own moves of the earlier sitting"
# undo_takes_back_an_order_decided_by_dice_typed_by_hand (a referee's mistyped die stood for good):
# the recap game above (its first sitting, the search's die typed again), the Royalists' shot at D4 with 2 and 5 taken back and shot again with 4 and 1;
# the record keeps the dice dropped, and a replay tells them
printf '3\nshoot S1 D4\n2\n5\nundo\nshoot S1 D4\n4\n1\nquit\n' | "$ecw" play --load "$tmp/typed.json" >"$tmp/out" 2>"$tmp/err"
grep -q '^  royalist takes back: shoot S1 D4; the dice typed for it (2, 5) are dropped$' "$tmp/out" ||
  fail "undo of typed dice: $(grep -A2 'royalist> undo' "$tmp/out")"
grep -q 'dragoon D4 dies$' "$tmp/out" || fail "the shot again with the dice typed anew: $(grep 'shoot:' "$tmp/out")"
grep -q '"kind":"undo","side":"royalist","action":"shoot S1 D4","dropped":\[2,5\]' "$tmp/typed.json" ||
  fail "the record does not keep the dice dropped: $(grep -o '"taken_back".*' "$tmp/typed.json" | head -c 300)"
"$ecw" replay "$tmp/typed.json" --verify >"$tmp/out" 2>&1 || fail "replay --verify after an undo of typed dice: $(cat "$tmp/out")"
sed 's/"dropped":\[2,5\]/"dropped":[2,6]/' "$tmp/typed.json" >"$tmp/typed-edit.json"
expect 1 "$ecw" replay --verify "$tmp/typed-edit.json"; err_has "the dice dropped with the actions taken back differ from the record"
sed -E 's/"dropped":\[2,5\],//' "$tmp/typed.json" >"$tmp/typed-edit.json"
expect 1 "$ecw" replay --verify "$tmp/typed-edit.json"; err_has "the dice dropped with the actions taken back differ from the record"
"$ecw" replay "$tmp/typed.json" --show 2>&1 | grep -q 'earlier, royalist takes back: shoot S1 D4; the dice typed for it (2, 5) are dropped' ||
  fail "replay --show does not tell the dice dropped"
# log_and_score_at_a_die_prompt (a referee settling a dispute mid-fight was refused them)
printf 'log 2\nscore\n3\nquit\n' | "$ecw" play --load "$tmp/atdie.json" >"$tmp/out" 2>"$tmp/err"
sed -n '/^roll d6 for number of [a-z]* found: log 2$/,/^roll d6/p' "$tmp/out" | grep -q '^parliament: move D5 24.0 8.5$' ||
  fail "log at a die prompt: $(grep -A3 ': log 2' "$tmp/out")"
grep -A2 ': score$' "$tmp/out" | grep -q '^the points so far, were the game to end now:$' || fail "score at a die prompt: $(grep -A3 ': score' "$tmp/out")"
# a_flag_other_programs_use_names_ecws (a play-tester's --hotseat was only "unknown option")
"$ecw" play catch-a-king --hotseat >"$tmp/out" 2>"$tmp/err" && fail "--hotseat was taken"
grep -q '^ecw: play: unknown option: --hotseat: ecw says --ai human (both sides played at this terminal) (see ecw play --help)$' "$tmp/err" ||
  fail "--hotseat: $(cat "$tmp/err")"
# log_spans_sittings: a resumed game's 'log' holds the earlier sittings' lines, as they were said
# (a play-tester's note: they were in 'ecw replay' only)
rm -f "$tmp/logged.json"
printf 'move D1 14.8 8.6\nend\nlog all\nquit\n' | "$ecw" play catch-a-king --as parliament --seed 1 --save "$tmp/logged.json" >"$tmp/out" 2>"$tmp/err"
sed -n "/^parliament> log all\$/,/^parliament> /p" "$tmp/out" >"$tmp/log_first"
printf 'log all\nquit\n' | "$ecw" play catch-a-king --load "$tmp/logged.json" >"$tmp/out" 2>"$tmp/err" || fail "log after --load: $(cat "$tmp/err")"
sed -n "/^parliament> log all\$/,/^parliament> /p" "$tmp/out" >"$tmp/log_second"
grep -q '^parliament: move D1 14.8 8.6$' "$tmp/log_second" || fail "log after --load lost the first sitting: $(head -5 "$tmp/log_second")"
cmp -s "$tmp/log_first" "$tmp/log_second" || fail "log after --load differs from the first sitting's: $(diff "$tmp/log_first" "$tmp/log_second")"
# score_at_the_prompt: To Catch a King gives the points so far; Marston Less keeps none
printf 'score\nscore now\nquit\n' | "$ecw" play catch-a-king --as parliament --seed 1 >"$tmp/out" 2>"$tmp/err"
grep -q '^the points so far, were the game to end now:$' "$tmp/out" || fail "score: $(grep -A4 'score' "$tmp/out")"
grep -q '^  Parliament   0  none yet$' "$tmp/out" || fail "score did not give Parliament's points: $(grep -A4 'score' "$tmp/out")"
grep -q "^'score' takes nothing after it$" "$tmp/out" || fail "score now was not refused"
printf 'score\nquit\n' | "$ecw" play marston-less --seed 1 >"$tmp/out" 2>"$tmp/err"
grep -q '^this game keeps no points as it goes' "$tmp/out" || fail "score in Marston Less: $(grep -A2 'score' "$tmp/out")"
printf 'measure R1 P1\nquit\n' | "$ecw" play marston-less --seed 1 >"$tmp/out" 2>"$tmp/err"
grep -q '^this game has nothing to measure' "$tmp/out" || fail "measure in Marston Less: $(grep -A2 'measure' "$tmp/out")"
# the_board_after_the_other_side_recalls_its_fights_and_searches (a play-tester found them lost
# among the moves): the chance card and the search of Parliament's turn, under the board
(for _ in $(seq 30); do printf 'hint\ntake\n'; done; echo quit) |
  "$ecw" play catch-a-king --seed 5 --as royalist >"$tmp/out" 2>"$tmp/err"
grep -A2 '^since your last order:$' "$tmp/out" | grep -q '^  Chance card: ' || fail "no recall of the chance card under the board"
grep -A3 '^since your last order:$' "$tmp/out" | grep -q '^  The field (piece 10) is searched' || fail "no recall of the search under the board"
grep -A4 '^since your last order:$' "$tmp/out" | grep -q 'moves from' && fail "the recall holds plain moves"
(for _ in $(seq 10); do printf 'hint\ntake\n'; done; echo quit) | "$ecw" play marston-less --seed 1 >"$tmp/out" 2>&1
grep -q '^since your last order:$' "$tmp/out" && fail "Marston Less recalls events it did not ask for"
# typed_control_characters_and_bytes_that_are_no_text_are_refused (ESC, a C1 CSI, 0xff: a tester's
# came back raw in a refusal, to be obeyed by the terminal); accented letters are text
printf 'move D1 \033[2J\nmove D1 \302\2335\nmov\377\376\nmov\303\251 D1\nmov\340\200\200\nquit\n' |
  "$ecw" play catch-a-king --seed 3 >"$tmp/out" 2>"$tmp/err"
[ "$(grep -c '^the line holds a control character (byte 0x' "$tmp/out")" = 2 ] || fail "ESC or a C1 control was taken: $(grep 'line holds\|illegal' "$tmp/out")"
grep -q '^the line holds a byte that is no UTF-8 text (byte 0xff at column 4)' "$tmp/out" || fail "0xff was taken"
grep -q '^the line holds a byte that is no UTF-8 text (byte 0xe0 at column 4)' "$tmp/out" || fail "an overlong form was taken"
grep -q "^illegal: unknown command 'mov" "$tmp/out" || fail "an accented word was not read as text"
# --- a reviewer's findings in the above (2026-12-02)
# an_events_file_named_through_a_link_is_replaced_only_by_a_run_that_succeeds
printf 'one\ntwo\n' >"$tmp/real-ev.jsonl"; ln -s real-ev.jsonl "$tmp/link-ev.jsonl"
expect 1 "$ecw" replay "$tmp/sit-bad.json" --events "$tmp/link-ev.jsonl" --overwrite
[ "$(cat "$tmp/real-ev.jsonl")" = "$(printf 'one\ntwo')" ] || fail "a failed replay wrote through the link"
expect 0 "$ecw" replay "$tmp/sit.json" --events "$tmp/link-ev.jsonl" --overwrite
[ -L "$tmp/link-ev.jsonl" ] && grep -q '"type":"move"' "$tmp/real-ev.jsonl" || fail "a replay did not replace the file the link names, keeping the link"
# a_run_whose_events_cannot_all_be_written_replaces_no_file (ulimit -f: 64 KiB)
printf 'old\n' >"$tmp/big-ev.jsonl"
(ulimit -f 64; "$ecw" sim catch-a-king --games 50 --events "$tmp/big-ev.jsonl" --overwrite) >/dev/null 2>"$tmp/err"
[ $? = 1 ] && grep -q "File too large" "$tmp/err" || fail "a sim past the file size limit: $(cat "$tmp/err")"
[ "$(cat "$tmp/big-ev.jsonl")" = old ] || fail "a sim whose events could not all be written replaced the file"
# a_reader_gone_leaves_no_file_behind (SIGPIPE)
printf 'old\n' >"$tmp/pipe-ev.jsonl"
"$ecw" watch catch-a-king --seed 3 --fast --events "$tmp/pipe-ev.jsonl" --overwrite | head -1 >/dev/null
[ "$(cat "$tmp/pipe-ev.jsonl")" = old ] || fail "a watch killed by SIGPIPE replaced its events file"
ls -a "$tmp" | grep -q '^\.ecw-' && fail "a temporary file was left: $(ls -a "$tmp" | grep ecw-)"
# a_save_to_the_file_stdout_goes_to_is_refused (it was renamed over it)
printf 'quit\n' | "$ecw" play catch-a-king --seed 1 --save /dev/stdout >"$tmp/so.txt" 2>"$tmp/err"
grep -q "^ecw: play: /dev/stdout is where this command's output goes" "$tmp/err" || fail "--save /dev/stdout into a file: $(cat "$tmp/err")"
printf 'quit\n' | "$ecw" play catch-a-king --seed 1 --save /dev/fd/1 2>"$tmp/err" | cat >/dev/null
grep -q "^ecw: play: /dev/fd/1 is a pipe" "$tmp/err" || fail "--save /dev/fd/1 into a pipe: $(cat "$tmp/err")"
# help_names_a_command
expect 0 "$ecw" help play;  grep -q '^usage: ecw play' "$tmp/out" || fail "ecw help play did not give play's help"
expect 2 "$ecw" help bogus; err_has "help: no command 'bogus'"

if [ $fails -ne 0 ]; then
  echo "$fails check(s) failed"
  exit 1
fi
echo "cli: all checks passed"
