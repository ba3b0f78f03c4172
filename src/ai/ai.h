/* ai.h - computer players that work on any game through the GameOps
 * contract only (GUIDE 2, 4).
 *
 * Hidden information: an AI receives the state pointer because the contract
 * has no separate "view" type, but it must never read the state itself.
 * "random" only calls g->legal (the actions open to the side to act, which
 * that side may see); "heuristic" hands the game's own g->heuristic a copy
 * in which g->redeal has reshuffled everything the side to act cannot see
 * (or g->conceal has set it to a fixed arrangement that depends only on
 * what that side sees; g->conceal_into makes the same bytes in a buffer
 * kept per thread) and the generator is re-seeded, so even a heuristic
 * that read hidden fields would find only a random or a fixed deal, and
 * could not foresee a die. Every
 * AI draws from its OWN Rng, never the state's. */
#ifndef ECW_AI_H
#define ECW_AI_H
#include "core/game.h"

typedef struct AiPlayer {
    const char *name;
    const char *help;   /* one line for --help listings */
    /* Choose an action for the side to act; 0 on success, -1 if there is
     * nothing to choose (no legal action). */
    int (*choose)(const GameOps *g, const void *st, Rng *rng, Action *out);
} AiPlayer;

/* The AI with this name, or NULL. */
const AiPlayer *ai_find(const char *name);
/* All AIs, NULL-terminated (for help texts). */
const AiPlayer *const *ai_all(void);

#endif
