/* test_ai.c - the generic computer players: they choose legal actions,
 * draw only from their own generator (the state is left untouched, its dice
 * included), are reproducible from their seed, and "heuristic" falls back
 * to random when a game has no heuristic of its own. */
#include "ai/ai.h"
#include "games/registry.h"
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

Test(ai, find_by_name)
{
    cr_expect_not_null(ai_find("random"));
    cr_expect_not_null(ai_find("heuristic"));
    cr_expect_null(ai_find("oracle"));
    int n = 0;
    for (const AiPlayer *const *a = ai_all(); *a; a++)
        n++;
    cr_expect_eq(n, 2);
}

/* Play g to the end with `ai`, checking each choice and that choosing never
 * changes the state. */
static void play_checked(const GameOps *g, const AiPlayer *ai, uint64_t seed)
{
    void *st = calloc(1, g->state_size), *before = calloc(1, g->state_size);
    Options opt = {0};
    Diag d = {{0}};
    cr_assert_eq(g->setup(st, &opt, seed, &d), 0, "%s", d.msg);
    game_begin(g, st, NULL);
    Rng r;
    rng_seed(&r, seed + 1);
    for (int n = 0; !g->terminal(st); n++) {
        cr_assert_lt(n, 100000, "%s: game did not end", g->id);
        Action a;
        memcpy(before, st, g->state_size);
        cr_assert_eq(ai->choose(g, st, &r, &a), 0, "%s/%s: no choice", g->id, ai->name);
        cr_assert_eq(memcmp(before, st, g->state_size), 0, "%s chose by changing the state",
                     ai->name);
        cr_assert_eq(g->check(st, &a, &d), 0, "%s/%s chose an illegal action: %s", g->id,
                     ai->name, d.msg);
        g->apply(st, &a, NULL);
    }
    free(st);
    free(before);
}

Test(ai, every_ai_plays_every_game_legally)
{
    for (const GameOps *const *g = games_all(); *g; g++)
        for (const AiPlayer *const *a = ai_all(); *a; a++)
            for (uint64_t s = 0; s < 5; s++)
                play_checked(*g, *a, s);
}

/* The sequence of first choices of `ai` from one position, for AI seed s. */
static void choices(const GameOps *g, const AiPlayer *ai, uint64_t s, Action out[16])
{
    void *st = calloc(1, g->state_size);
    Options opt = {0};
    Diag d;
    cr_assert_eq(g->setup(st, &opt, 3, &d), 0);
    game_begin(g, st, NULL);
    Rng r;
    rng_seed(&r, s);
    for (int i = 0; i < 16; i++)
        cr_assert_eq(ai->choose(g, st, &r, &out[i]), 0);
    free(st);
}

Test(ai, same_seed_same_choices)
{
    const GameOps *g = games_all()[0];
    for (const AiPlayer *const *a = ai_all(); *a; a++) {
        Action x[16], y[16];
        choices(g, *a, 9, x);
        choices(g, *a, 9, y);
        cr_expect_eq(memcmp(x, y, sizeof x), 0, "%s is not reproducible", (*a)->name);
    }
}

Test(ai, heuristic_without_a_game_heuristic_is_random)
{
    GameOps g = *games_all()[0];
    g.heuristic = NULL;
    Action x[16], y[16];
    choices(&g, ai_find("heuristic"), 4, x);
    choices(&g, ai_find("random"), 4, y);
    cr_expect_eq(memcmp(x, y, sizeof x), 0);
}

/* Play a game to the end with "random" through two versions of its ops, a
 * generator each: both must choose the same actions and leave their
 * generators alike at every step. */
static void random_twins(const GameOps *a, const GameOps *b, uint64_t seed)
{
    const AiPlayer *ai = ai_find("random");
    void *st = calloc(1, a->state_size);
    Options opt = {0};
    Diag d;
    cr_assert_eq(a->setup(st, &opt, seed, &d), 0);
    game_begin(a, st, NULL);
    Rng ra, rb;
    rng_seed(&ra, seed * 7 + 1);
    rb = ra;
    for (int n = 0; !a->terminal(st); n++) {
        cr_assert_lt(n, 100000, "%s: game did not end", a->id);
        Action x, y;
        cr_assert_eq(ai->choose(a, st, &ra, &x), 0);
        cr_assert_eq(ai->choose(b, st, &rb, &y), 0);
        cr_assert_eq(memcmp(&x, &y, sizeof x), 0, "%s seed %llu step %d: the choices differ", a->id,
                     (unsigned long long)seed, n);
        cr_assert_eq(memcmp(&ra, &rb, sizeof ra), 0, "%s: the generators differ", a->id);
        a->apply(st, &x, NULL);
    }
    free(st);
}

/* "random" picks through a game's legal_choose exactly what it picks from
 * the game's legal() list: the same action for the same draws, so results
 * do not depend on whether a game offers legal_choose. */
Test(ai, random_through_legal_choose_is_random_over_the_list)
{
    for (const GameOps *const *g = games_all(); *g; g++) {
        if (!(*g)->legal_choose)
            continue;
        GameOps listing = **g;
        listing.legal_choose = NULL;
        for (uint64_t s = 0; s < 200; s++)
            random_twins(*g, &listing, s);
    }
}
