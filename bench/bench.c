/* bench.c - `ecw-bench` (make bench): for every registered game, single
 * threaded, how fast whole games run random-vs-random and
 * heuristic-vs-heuristic, how many random words a game draws, and how that
 * compares with the "dice floor": the time to draw as many plain d6 in a
 * loop. A ratio near 1 would mean the rules cost nothing beyond the dice.
 * Random players play as `ecw sim` plays them: through the game's
 * random_playout where it has one (row "random"), and for such a game also
 * through the contract, an action at a time (row "random-loop"), which is
 * how `ecw play` and `watch` and every other player go.
 * Options: --seconds S (per measurement, default 2), --games N (a fixed
 * number of games instead), --seed S, --json. */
#include "ai/ai.h"
#include "games/registry.h"
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct BenchCfg {
    double   seconds;
    long     games;  /* 0: run for `seconds` */
    uint64_t seed;
    bool     json;
} BenchCfg;

/* How the players play: the AI named through the contract, or random
 * players through the game's random_playout. */
typedef struct BenchMode {
    const char *label, *ai;
    bool        playout;      /* through random_playout where the game has one */
    bool        only_playout; /* a row only for games with random_playout */
} BenchMode;

typedef struct BenchRow {
    const char *ai;
    long        games;
    double      elapsed, draws_per_game, floor_s_per_game;
    bool        failed;
} BenchRow;

/* Monotonic seconds. */
static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Play game i to the end with `ai` on every side (through random_playout
 * if `playout`); the state's draws, or -1 if set-up failed or the game
 * would not end. */
static long long bench_game(const GameOps *g, void *st, const AiPlayer *ai, bool playout, uint64_t seed,
                            uint64_t i)
{
    Options opt = {0};
    Diag d;
    if (g->setup(st, &opt, rng_derive(seed, i), &d) < 0)
        return -1;
    game_begin(g, st, NULL);
    Rng r[MAX_PLAYERS];
    for (int p = 0; p < g->nplayers; p++)
        rng_seed(&r[p], rng_derive(rng_derive(seed ^ 0xA1A1A1A1A1A1A1A1u, i), (uint64_t)p));
    if (playout) {
        Rng *rngs[MAX_PLAYERS];
        for (int p = 0; p < g->nplayers; p++)
            rngs[p] = &r[p];
        g->random_playout(st, rngs, NULL, 1000000);
        return g->terminal(st) ? (long long)game_rng(g, st)->draws : -1;
    }
    for (long n = 0; !g->terminal(st); n++) {
        int p = g->current_player(st);
        Action a;
        if (n > 1000000 || p < 0 || p >= g->nplayers || ai->choose(g, st, &r[p], &a) < 0)
            return -1;
        g->apply(st, &a, NULL);
    }
    return (long long)game_rng(g, st)->draws;
}

/* Seconds to roll `n` d6 in a plain loop. */
static double bench_floor(uint64_t n, uint64_t seed)
{
    Rng r;
    rng_seed(&r, seed);
    volatile int sink = 0;
    double t0 = now_s();
    for (uint64_t k = 0; k < n; k++)
        sink += rng_die(&r, 6);
    (void)sink;
    return now_s() - t0;
}

/* One measurement: games with `ai` on both sides until time or count. */
static BenchRow bench_mode(const GameOps *g, const BenchMode *m, const BenchCfg *c)
{
    BenchRow row = {.ai = m->label};
    const AiPlayer *ai = ai_find(m->ai);
    void *st = calloc(1, g->state_size);
    unsigned long long draws = 0;
    double t0 = now_s();
    while (c->games ? row.games < c->games : (now_s() - t0 < c->seconds || row.games == 0)) {
        long long dr = bench_game(g, st, ai, m->playout, c->seed, (uint64_t)row.games);
        if (dr < 0) {
            row.failed = true;
            break;
        }
        draws += (unsigned long long)dr;
        row.games++;
    }
    row.elapsed = now_s() - t0;
    free(st);
    if (row.games > 0) {
        row.draws_per_game = (double)draws / (double)row.games;
        row.floor_s_per_game = bench_floor(draws, c->seed) / (double)row.games;
    }
    return row;
}

/* Seconds per game, and that over the dice floor. */
static double per_game(const BenchRow *r) { return r->games ? r->elapsed / (double)r->games : 0; }
static double ratio(const BenchRow *r)
{
    return r->floor_s_per_game > 0 ? per_game(r) / r->floor_s_per_game : 0;
}

/* One row of the table. */
static void print_row_text(const GameOps *g, const BenchRow *r)
{
    printf("%-14s %-12s %8ld %12.1f %12.1f %12.3f %12.3f %9.1f %8zu%s\n", g->id, r->ai,
           r->games, r->elapsed > 0 ? (double)r->games / r->elapsed : 0.0, r->draws_per_game,
           per_game(r) * 1e6, r->floor_s_per_game * 1e6, ratio(r), g->state_size,
           r->failed ? "  (FAILED)" : "");
}

/* One row as a JSON object (comma-separated after the first). */
static void print_row_json(const GameOps *g, const BenchRow *r, bool first)
{
    printf("%s\n  {\"game\":\"%s\",\"ai\":\"%s\",\"games\":%ld,\"games_per_s\":%.6g,"
           "\"draws_per_game\":%.6g,\"us_per_game\":%.6g,\"floor_us_per_game\":%.6g,"
           "\"ratio\":%.6g,\"state_bytes\":%zu,\"failed\":%s}",
           first ? "" : ",", g->id, r->ai, r->games,
           r->elapsed > 0 ? (double)r->games / r->elapsed : 0.0, r->draws_per_game,
           per_game(r) * 1e6, r->floor_s_per_game * 1e6, ratio(r), g->state_size,
           r->failed ? "true" : "false");
}

/* Parse the options; -1 to go on, or an exit code. */
static int bench_args(int argc, char **argv, BenchCfg *c)
{
    static const struct option opts[] = {
        {"help", no_argument, NULL, 'h'}, {"seconds", required_argument, NULL, 's'},
        {"games", required_argument, NULL, 'n'}, {"seed", required_argument, NULL, 'S'},
        {"json", no_argument, NULL, 'j'}, {0}};
    int ch;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, "hj", opts, NULL)) != -1) {
        char *end = NULL;
        switch (ch) {
        case 'h':
            puts("usage: ecw-bench [--seconds S] [--games N] [--seed S] [--json]");
            return 0;
        case 's': c->seconds = strtod(optarg, &end); break;
        case 'n': c->games = strtol(optarg, &end, 10); break;
        case 'S': c->seed = strtoull(optarg, &end, 10); break;
        case 'j': c->json = true; break;
        default: fprintf(stderr, "ecw-bench: bad option (see --help)\n"); return 2;
        }
        if (end && (*end || end == optarg || c->seconds <= 0 || c->games < 0)) {
            fprintf(stderr, "ecw-bench: bad value '%s'\n", optarg);
            return 2;
        }
    }
    return -1;
}

int main(int argc, char **argv)
{
    BenchCfg c = {.seconds = 2.0, .seed = 1};
    int rc = bench_args(argc, argv, &c);
    if (rc >= 0)
        return rc;
    static const BenchMode modes[] = {
        {"random", "random", true, false}, {"random-loop", "random", false, true}, {"heuristic", "heuristic", false, false}};
    if (c.json)
        printf("[");
    else
        printf("%-14s %-12s %8s %12s %12s %12s %12s %9s %8s\n", "game", "ai", "games",
               "games/s", "draws/game", "us/game", "floor us", "ratio", "bytes");
    bool first = true, failed = false;
    for (const GameOps *const *g = games_all(); *g; g++) {
        for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
            BenchMode mode = modes[m];
            if (!(*g)->random_playout && mode.only_playout)
                continue; /* it would repeat "random", which goes through the contract */
            mode.playout &= (*g)->random_playout != NULL;
            BenchRow r = bench_mode(*g, &mode, &c);
            failed |= r.failed;
            if (c.json)
                print_row_json(*g, &r, first);
            else
                print_row_text(*g, &r);
            first = false;
        }
    }
    if (c.json)
        printf("\n]\n");
    return failed ? 1 : 0;
}
