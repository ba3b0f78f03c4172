/* ai.c - the generic computer players: "random" (uniform over the legal
 * list) and "heuristic" (the game's own player, or random without one). */
#include "ai.h"
#include <assert.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

enum { AI_COPY_BYTES = 16384 }; /* states up to this size are copied on the stack */

/* An index below n from the generator ud (legal_choose's callback). */
static int draw_below(void *ud, int n) { return (int)rng_below(ud, (uint32_t)n); }

/* Uniform choice over g->legal using the AI's own generator: the same
 * draw and the same action whether the game lists its actions or picks
 * the one drawn through legal_choose. */
static int ai_random_choose(const GameOps *g, const void *st, Rng *rng, Action *out)
{
    if (g->legal_choose)
        return g->legal_choose(st, draw_below, rng, out) > 0 ? 0 : -1;
    Action acts[MAX_ACTIONS];
    int n = g->legal(st, acts, MAX_ACTIONS);
    if (n <= 0)
        return -1;
    *out = acts[rng_below(rng, (uint32_t)n)];
    return 0;
}

/* The view of a game with conceal_into: made in a buffer kept per thread
 * (zeroed when another game's view was last made in it), so that the game
 * copies only what it uses. In debug builds it is checked against a full
 * copy concealed in place, all but the generator. */
static void *view_into(const GameOps *g, const void *st)
{
    static _Thread_local _Alignas(max_align_t) unsigned char view[AI_COPY_BYTES];
    static _Thread_local const GameOps *view_of;
    if (view_of != g) {
        memset(view, 0, sizeof view);
        view_of = g;
    }
    int player = g->current_player(st);
    g->conceal_into(view, st, player);
#ifndef NDEBUG
    _Alignas(max_align_t) unsigned char full[AI_COPY_BYTES];
    memcpy(full, st, g->state_size);
    g->conceal(full, player);
    size_t r0 = g->rng_offset, r1 = r0 + sizeof(Rng);
    assert(memcmp(view, full, r0) == 0 && memcmp(view + r1, full + r1, g->state_size - r1) == 0);
#endif
    return view;
}

/* The game's heuristic when it has one and it succeeds, else random. It is
 * handed a copy of the state in which everything its side cannot see has
 * been re-dealt at random (or, where the game offers conceal, set to a
 * fixed arrangement that depends only on what its side sees) and the
 * generator re-seeded: whatever it reads, it cannot learn a face-down card
 * nor foresee a die (GUIDE 4). */
static int ai_heuristic_choose(const GameOps *g, const void *st, Rng *rng, Action *out)
{
    if (!g->heuristic)
        return ai_random_choose(g, st, rng, out);
    /* The copy lives on the stack when it fits (every game's state does
     * today): it is made before every decision, so no allocator. */
    _Alignas(max_align_t) unsigned char local[AI_COPY_BYTES];
    void *copy, *owned = NULL; /* owned: allocated here */
    if (g->conceal_into && g->state_size <= AI_COPY_BYTES)
        copy = view_into(g, st);
    else {
        copy = g->state_size <= sizeof local ? (void *)local : (owned = malloc(g->state_size));
        if (!copy)
            return ai_random_choose(g, st, rng, out);
        memcpy(copy, st, g->state_size);
        if (g->conceal)
            g->conceal(copy, g->current_player(st));
        else if (g->redeal)
            g->redeal(copy, g->current_player(st), rng);
    }
    rng_seed(game_rng(g, copy), rng_next(rng));
    int rc = g->heuristic(copy, rng, out);
    free(owned);
    return rc >= 0 ? 0 : ai_random_choose(g, st, rng, out);
}

static const AiPlayer ai_random = {
    "random", "uniform choice among the legal actions", ai_random_choose,
};
static const AiPlayer ai_heuristic = {
    "heuristic", "the game's own computer player (random if it has none)", ai_heuristic_choose,
};
static const AiPlayer *const ai_table[] = {&ai_random, &ai_heuristic, NULL};

const AiPlayer *const *ai_all(void) { return ai_table; }

const AiPlayer *ai_find(const char *name)
{
    for (const AiPlayer *const *a = ai_table; *a; a++)
        if (strcmp((*a)->name, name) == 0)
            return *a;
    return NULL;
}
