/* test_props.c - properties every game in the registry must keep, checked
 * over random playouts from many seeds (GUIDE 7; OpenSpiel's random
 * simulation tests, Rally the Troops' fuzzer):
 *   - until the game ends, current_player() is a player and legal() is not
 *     empty; at the end current_player() is GAME_OVER and legal() is empty;
 *   - every legal action passes check(), and parse(describe(a)) == a;
 *   - legal_choose (where a game has it) picks the action legal() lists at
 *     the index chosen, for every index, and says how many there are;
 *   - random junk actions are either refused with a reason or, if check()
 *     accepts them, applied without tripping the sanitizers;
 *   - a memcpy clone given the same action stays byte-for-byte equal;
 *   - replaying seed + actions reaches the same hash after every action;
 *   - a game record saved to a file and loaded back replays to the same
 *     state (on every SAVE_EVERY-th seed);
 *   - redeal(player) with any generator, and conceal(player), never change
 *     that player's view, nor what the prompt prints for him (the board,
 *     the points so far, the map of threats);
 *   - games end within MAX_STEPS actions and the score sums to zero.
 * Kept under a minute under ASan: SEEDS playouts per game, the costlier
 * checks (views, junk) on a sample of the states. */
#include "core/game.h"
#include "games/registry.h"
#include "store/record.h"
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
    MAX_STEPS = 4000,   /* no game may take more actions than this */
    REDEAL_EVERY = 16,  /* redeal/view checks on every 16th state */
    JUNK_EVERY = 3,     /* junk actions on every 3rd state */
    JUNK_TRIES = 3,
    SAVE_EVERY = 25,    /* save/reload round trip on every 25th seed */
    MAX_GAMES = 32,
};

/* Playouts per game: 2000 where a playout is cheap; games whose playouts
 * cost more under ASan get fewer so the file stays under a minute. Set
 * ECW_PROPS_SEEDS to run more (or fewer), ECW_PROPS_GAME to run one game. */
static const struct { const char *id; int seeds; } seed_table[] = {
    {"marston-less", 2000},
    {"catch-a-king", 120},
};
enum { DEFAULT_SEEDS = 120 };

/* Games whose describe() is known to lose precision, so that a described
 * legal action does not parse back to itself (see the disabled test at the
 * end of this file). Their playouts skip only that comparison. */
static const char *const text_roundtrip_broken[] = {NULL};

static int seeds_for(const char *id)
{
    const char *env = getenv("ECW_PROPS_SEEDS");
    if (env)
        return atoi(env);
    for (size_t i = 0; i < sizeof seed_table / sizeof seed_table[0]; i++)
        if (strcmp(seed_table[i].id, id) == 0)
            return seed_table[i].seeds;
    return DEFAULT_SEEDS;
}

static bool listed(const char *const *list, const char *id)
{
    for (; *list; list++)
        if (strcmp(*list, id) == 0)
            return true;
    return false;
}

typedef struct Run {
    const GameOps *g;
    uint64_t       seed;
    void          *st, *clone, *tmp;
    Action         acts[MAX_ACTIONS];
    Action         junk_acts[MAX_ACTIONS]; /* legal lists after junk, apart from acts */
    Action         path[MAX_STEPS];
    uint64_t       hash[MAX_STEPS];
    int            steps;
    long           redeals_changed, junk_accepted;
    bool           strict_text;
    Jw             view_a, view_b;
} Run;

static Run R;

static void *state_new(const GameOps *g)
{
    void *p = calloc(1, g->state_size);
    cr_assert_not_null(p);
    return p;
}

static bool same_action(const Action *a, const Action *b)
{
    return a->verb == b->verb && a->piece == b->piece && a->target == b->target && a->arg == b->arg &&
           a->set == b->set && a->x == b->x && a->y == b->y;
}

static void start(Run *r, uint64_t seed)
{
    Options opt = {0};
    Diag d = {{0}};
    r->seed = seed;
    r->steps = 0;
    cr_assert_eq(r->g->setup(r->st, &opt, seed, &d), 0, "%s seed %llu: setup: %s", r->g->id,
                 (unsigned long long)seed, d.msg);
    game_begin(r->g, r->st, NULL);
}

/* Every legal action passes check and survives describe/parse. */
static int check_legal(Run *r)
{
    const GameOps *g = r->g;
    int n = g->legal(r->st, r->acts, MAX_ACTIONS);
    cr_assert_gt(n, 0, "%s seed %llu step %d: no legal action before the end", g->id,
                 (unsigned long long)r->seed, r->steps);
    cr_assert_leq(n, MAX_ACTIONS);
    for (int i = 0; i < n; i++) {
        Diag d = {{0}};
        char text[256];
        cr_assert_eq(g->check(r->st, &r->acts[i], &d), 0,
                     "%s seed %llu step %d: legal action %d refused: %s", g->id,
                     (unsigned long long)r->seed, r->steps, i, d.msg);
        int len = g->describe(r->st, &r->acts[i], text, sizeof text);
        cr_assert(len > 0 && len < (int)sizeof text, "%s: describe gave %d", g->id, len);
        Action back;
        memset(&back, 0x5a, sizeof back);
        cr_assert_eq(g->parse(r->st, text, &back, &d), 0, "%s seed %llu: parse('%s'): %s", g->id,
                     (unsigned long long)r->seed, text, d.msg);
            if (!r->strict_text)
            continue;
        cr_assert_eq(g->check(r->st, &back, &d), 0,
                     "%s seed %llu step %d: '%s' typed back is refused: %s", g->id,
                     (unsigned long long)r->seed, r->steps, text, d.msg);
        cr_assert(same_action(&back, &r->acts[i]),
                  "%s seed %llu step %d: parse(describe(a)) != a for '%s' "
                  "(verb %d/%d piece %d/%d target %d/%d arg %d/%d set %u/%u)",
                  g->id, (unsigned long long)r->seed, r->steps, text, back.verb, r->acts[i].verb,
                  back.piece, r->acts[i].piece, back.target, r->acts[i].target, back.arg,
                  r->acts[i].arg, back.set, r->acts[i].set);
    }
    return n;
}

/* legal_choose's callback for the check below: always the index in *ud,
 * counting the calls and the n it was given. */
typedef struct FixedPick { int index, calls, n; } FixedPick;
static int fixed_pick(void *ud, int n)
{
    FixedPick *f = ud;
    f->calls++;
    f->n = n;
    return f->index;
}

/* For every index k of the list, legal_choose picks acts[k] (n being the
 * list's length), asking its callback once. */
static void check_legal_choose(Run *r, int n)
{
    const GameOps *g = r->g;
    if (!g->legal_choose)
        return;
    for (int k = 0; k < n; k++) {
        FixedPick f = {k, 0, 0};
        Action a;
        memset(&a, 0x5a, sizeof a);
        cr_assert_eq(g->legal_choose(r->st, fixed_pick, &f, &a), n, "%s seed %llu step %d: legal_choose's count",
                     g->id, (unsigned long long)r->seed, r->steps);
        cr_assert(f.calls == 1 && f.n == n, "%s: the callback called %d times with n %d of %d", g->id, f.calls, f.n,
                  n);
        cr_assert(same_action(&a, &r->acts[k]), "%s seed %llu step %d: legal_choose's action %d of %d", g->id,
                  (unsigned long long)r->seed, r->steps, k, n);
    }
}

/* What the prompt prints for player p from state st: the board, the
 * points so far (GameOps.standing) and the map of threats, where the game
 * has them (the caller frees). */
static char *printed_for(const GameOps *g, const void *st, int p)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    cr_assert_not_null(f);
    g->render(st, p, f);
    if (g->standing)
        g->standing(st, f);
    if (g->threats)
        g->threats(st, p, f);
    fclose(f);
    return out;
}

/* ... and what the prompt prints for p is the same after a redeal (tmp)
 * as before it (st): nothing it says reads a card face down. */
static void check_printed_same(Run *r, int p)
{
    char *a = printed_for(r->g, r->st, p), *b = printed_for(r->g, r->tmp, p);
    bool same = strcmp(a, b) == 0;
    if (!same)
        cr_log_error("%s seed %llu step %d: redeal(%d) changed what the prompt prints:\n%s\n---\n%s", r->g->id,
                     (unsigned long long)r->seed, r->steps, p, a, b);
    free(a);
    free(b);
    cr_assert(same);
}

/* Re-dealing (or concealing) what `player` cannot see leaves that
 * player's view intact. */
static void check_redeal(Run *r)
{
    const GameOps *g = r->g;
    for (int p = 0; p < g->nplayers; p++) {
        Rng rng;
        rng_seed(&rng, rng_derive(r->seed, (uint64_t)r->steps * 8u + (uint64_t)p));
        memcpy(r->tmp, r->st, g->state_size);
        g->redeal(r->tmp, p, &rng);
        jw_reset(&r->view_a);
        jw_reset(&r->view_b);
        g->view(r->st, p, &r->view_a);
        g->view(r->tmp, p, &r->view_b);
        cr_assert_str_eq(jw_str_of(&r->view_b), jw_str_of(&r->view_a),
                         "%s seed %llu step %d: redeal(%d) changed the view", g->id,
                         (unsigned long long)r->seed, r->steps, p);
        r->redeals_changed += memcmp(r->tmp, r->st, g->state_size) != 0;
        if (r->steps % (4 * REDEAL_EVERY) == 0) /* (the printing costs: a quarter of the redeals) */
            check_printed_same(r, p);
        if (!g->conceal)
            continue;
        memcpy(r->tmp, r->st, g->state_size); /* the heuristic player's copy keeps the view too */
        g->conceal(r->tmp, p);
        jw_reset(&r->view_b);
        g->view(r->tmp, p, &r->view_b);
        cr_assert_str_eq(jw_str_of(&r->view_b), jw_str_of(&r->view_a),
                         "%s seed %llu step %d: conceal(%d) changed the view", g->id,
                         (unsigned long long)r->seed, r->steps, p);
    }
}

/* Junk actions: refused with a reason, or accepted and applied safely. */
/* A coordinate for a junk action: anywhere from 5" off the table to 7"
 * beyond it, now and then not a number. */
static float junk_coord(Rng *rng)
{
    return rng_below(rng, 50) == 0 ? NAN : (float)rng_below(rng, 6000) / 100.0f - 5.0f;
}

static void check_junk(Run *r, Rng *rng)
{
    const GameOps *g = r->g;
    for (int k = 0; k < JUNK_TRIES; k++) {
        Action a = {.verb = (int16_t)((int)rng_below(rng, 24) - 2), .piece = (int16_t)((int)rng_below(rng, 40) - 4), .target = (int16_t)((int)rng_below(rng, 40) - 4), .arg = (int16_t)((int)rng_below(rng, 24) - 4), .set = (uint32_t)rng_next(rng) & (rng_below(rng, 2) ? 0xffu : 0xffffffu)};
        if (rng_below(rng, 2)) /* a point, and sometimes a bend on the way to it */
            a.x = junk_coord(rng), a.y = junk_coord(rng);
        if (rng_below(rng, 4) == 0)
            a.bx = junk_coord(rng), a.by = junk_coord(rng);
        Diag d = {{0}};
        if (g->check(r->st, &a, &d) < 0) {
            cr_assert_gt(strlen(d.msg), 0, "%s: a refusal without a reason (verb %d)", g->id, a.verb);
            continue;
        }
        r->junk_accepted++;
        memcpy(r->tmp, r->st, g->state_size);
        g->apply(r->tmp, &a, NULL);
        if (!g->terminal(r->tmp))
            cr_assert_gt(g->legal(r->tmp, r->junk_acts, MAX_ACTIONS), 0);
    }
}

static void check_end(Run *r)
{
    const GameOps *g = r->g;
    cr_assert(g->terminal(r->st), "%s seed %llu: not over after %d actions", g->id,
              (unsigned long long)r->seed, MAX_STEPS);
    cr_assert_eq(g->current_player(r->st), GAME_OVER);
    cr_assert_eq(g->legal(r->st, r->acts, MAX_ACTIONS), 0);
    if (g->legal_choose) {
        FixedPick f = {0, 0, 0};
        Action a;
        cr_assert_eq(g->legal_choose(r->st, fixed_pick, &f, &a), 0);
        cr_assert_eq(f.calls, 0, "%s: legal_choose asked for a choice at the end", g->id);
    }
    Diag d = {{0}};
    cr_assert_lt(g->check(r->st, &(Action){0}, &d), 0);
    double sc[MAX_PLAYERS] = {0}, sum = 0;
    g->score(r->st, sc);
    for (int p = 0; p < g->nplayers; p++) {
        cr_assert(sc[p] >= -1 && sc[p] <= 1);
        sum += sc[p];
    }
    cr_assert(fabs(sum) < 1e-9, "%s seed %llu: scores sum to %g", g->id,
              (unsigned long long)r->seed, sum);
}

/* Replay from the seed and the action list: the same hash after every action. */
static void check_replay(Run *r)
{
    const GameOps *g = r->g;
    Options opt = {0};
    Diag d;
    cr_assert_eq(g->setup(r->tmp, &opt, r->seed, &d), 0);
    game_begin(g, r->tmp, NULL);
    for (int i = 0; i < r->steps; i++) {
        g->apply(r->tmp, &r->path[i], NULL);
        cr_assert_eq(game_hash(g, r->tmp), r->hash[i], "%s seed %llu: replay diverges at action %d",
                     g->id, (unsigned long long)r->seed, i);
    }
    cr_assert(g->terminal(r->tmp));
}

/* Save the game as a record, load it back, replay it: the same state. */
static void check_save_reload(Run *r)
{
    const GameOps *g = r->g;
    Options opt = {0};
    Diag d = {{0}};
    Record rec, back;
    record_init(&rec, g, &opt, r->seed);
    cr_assert_eq(g->setup(r->tmp, &opt, r->seed, &d), 0);
    game_begin(g, r->tmp, NULL);
    for (int i = 0; i < r->steps; i++) {
        char text[RECORD_TEXT];
        g->describe(r->tmp, &r->path[i], text, sizeof text);
        g->apply(r->tmp, &r->path[i], NULL);
        record_add_action(&rec, &r->path[i], text, r->tmp);
    }
    record_finish(&rec, r->tmp);
    const char *dir = getenv("TMPDIR");
    char file[512];
    snprintf(file, sizeof file, "%s/ecw-props-XXXXXX", dir ? dir : "/tmp");
    int fd = mkstemp(file);
    cr_assert_geq(fd, 0, "cannot create %s", file);
    close(fd);
    cr_assert_eq(record_save(&rec, file, &d), 0, "%s", d.msg);
    int rc = record_load(&back, file, &d);
    unlink(file);
    cr_assert_eq(rc, 0, "%s seed %llu: reload: %s", g->id, (unsigned long long)r->seed, d.msg);
    cr_assert_eq(back.nactions, (size_t)r->steps);
    long at = record_replay(&back, r->clone, NULL, true, &d);
    cr_assert_eq(at, REPLAY_OK, "%s seed %llu: the reloaded record diverges at %ld: %s", g->id,
                 (unsigned long long)r->seed, at, d.msg);
    cr_assert_eq(memcmp(r->clone, r->st, g->state_size), 0,
                 "%s seed %llu: the reloaded game ends in another state", g->id,
                 (unsigned long long)r->seed);
    record_fini(&rec);
    record_fini(&back);
}

static void playout(Run *r, uint64_t seed)
{
    const GameOps *g = r->g;
    Rng ai;
    rng_seed(&ai, rng_derive(seed, 99));
    start(r, seed);
    while (!g->terminal(r->st) && r->steps < MAX_STEPS) {
        int cp = g->current_player(r->st);
        cr_assert(cp >= 0 && cp < g->nplayers, "%s: current player %d", g->id, cp);
        double sc[MAX_PLAYERS] = {0};
        g->score(r->st, sc);
        for (int p = 0; p < g->nplayers; p++)
            cr_assert_eq(sc[p], 0, "a score before the end");
        int n = check_legal(r);
        check_legal_choose(r, n);
        if (r->steps % REDEAL_EVERY == 0)
            check_redeal(r);
        if (r->steps % JUNK_EVERY == 0)
            check_junk(r, &ai);
        Action a = r->acts[rng_below(&ai, (uint32_t)n)];
        Diag d = {{0}};
        cr_assert_eq(g->check(r->st, &a, &d), 0, "%s", d.msg);
        memcpy(r->clone, r->st, g->state_size);
        g->apply(r->st, &a, NULL);
        g->apply(r->clone, &a, NULL);
        cr_assert_eq(memcmp(r->clone, r->st, g->state_size), 0,
                     "%s seed %llu step %d: a clone given the same action differs", g->id,
                     (unsigned long long)seed, r->steps);
        cr_assert_eq(game_hash(g, r->clone), game_hash(g, r->st));
        r->path[r->steps] = a;
        r->hash[r->steps] = game_hash(g, r->st);
        r->steps++;
    }
    check_end(r);
    check_replay(r);
    if (seed % SAVE_EVERY == 0)
        check_save_reload(r);
}

static void run_game(const GameOps *g, void (*body)(Run *r))
{
    R.g = g;
    R.st = state_new(g);
    R.clone = state_new(g);
    R.tmp = state_new(g);
    R.redeals_changed = R.junk_accepted = 0;
    R.strict_text = !listed(text_roundtrip_broken, g->id);
    jw_init(&R.view_a);
    jw_init(&R.view_b);
    body(&R);
    jw_fini(&R.view_a);
    jw_fini(&R.view_b);
    free(R.st);
    free(R.clone);
    free(R.tmp);
}

static void all_seeds(Run *r)
{
    long actions = 0;
    int seeds = seeds_for(r->g->id);
    const char *only = getenv("ECW_PROPS_GAME");
    if (only && strcmp(only, r->g->id) != 0)
        return;
    for (uint64_t seed = 1; seed <= (uint64_t)seeds; seed++) {
        playout(r, seed);
        actions += r->steps;
    }
    cr_log_info("%s: %d playouts, %ld actions, %ld redeals changed the hidden state, "
                "%ld junk actions accepted",
                r->g->id, seeds, actions, r->redeals_changed, r->junk_accepted);
    /* Not vacuous: the redeals did reshuffle something somewhere. */
    cr_assert(seeds == 0 || r->redeals_changed > 0, "%s: redeal never changed the state", r->g->id);
}

/* One test case per game in the registry. */
ParameterizedTestParameters(props, random_playouts_keep_the_contract)
{
    static int idx[MAX_GAMES];
    size_t n = 0;
    for (const GameOps *const *g = games_all(); *g && n < MAX_GAMES; g++, n++)
        idx[n] = (int)n;
    return cr_make_param_array(int, idx, n);
}

ParameterizedTest(int *gi, props, random_playouts_keep_the_contract, .timeout = 600)
{
    run_game(games_all()[*gi], all_seeds);
}

Test(props, the_registry_is_not_empty)
{
    int n = 0;
    for (const GameOps *const *g = games_all(); *g; g++, n++) {
        cr_assert_not_null((*g)->id);
        cr_assert_gt((*g)->state_size, 0);
        cr_assert_gt((*g)->nplayers, 0);
        cr_assert_leq((*g)->nplayers, MAX_PLAYERS);
    }
    cr_assert_gt(n, 0);
    cr_assert_leq(n, MAX_GAMES);
}

/* The same seed sets up the same state; different seeds deal differently. */
static void setup_determinism(Run *r)
{
    Options opt = {0};
    Diag d;
    int distinct = 0;
    for (uint64_t seed = 1; seed <= 50; seed++) {
        cr_assert_eq(r->g->setup(r->st, &opt, seed, &d), 0);
        game_begin(r->g, r->st, NULL);
        cr_assert_eq(r->g->setup(r->clone, &opt, seed, &d), 0);
        game_begin(r->g, r->clone, NULL);
        cr_assert_eq(memcmp(r->st, r->clone, r->g->state_size), 0, "%s: setup not deterministic",
                     r->g->id);
        cr_assert_eq(r->g->setup(r->tmp, &opt, seed + 1, &d), 0);
        game_begin(r->g, r->tmp, NULL);
        distinct += game_hash(r->g, r->st) != game_hash(r->g, r->tmp);
    }
    cr_assert_gt(distinct, 40, "%s: seeds barely matter", r->g->id);
}

Test(props, setup_is_a_function_of_the_seed)
{
    for (const GameOps *const *g = games_all(); *g; g++)
        run_game(*g, setup_determinism);
}

/* Every described legal action must parse back to itself, so that what a
 * player reads can be typed back and is accepted. (To Catch a King once
 * listed moves at full float precision; they are now on the 0.1" grid that
 * describe prints.) */
static void strict_text(Run *r)
{
    r->strict_text = true;
    for (uint64_t seed = 1; seed <= 20; seed++)
        playout(r, seed);
}

Test(props, described_actions_parse_back_in_every_game)
{
    for (const GameOps *const *g = games_all(); *g; g++)
        run_game(*g, strict_text);
}
