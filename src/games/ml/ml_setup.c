/* ml_setup.c - Marston Less set-up: the armies [ML The Armies] [ML Set Up],
 * the deck and the five cards each player draws [ML The Deck]. */
#include "ml.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>

static const char *const known_options[] = {"foot", "turns", "dragoons", NULL};

/* A unit waiting to deploy, marked in `waiting` (MlOcc.waiting of the side). */
static void add_unit(MlSide *sd, uint32_t waiting[2][5], int arm, int str)
{
    if (sd->nunits >= ML_MAX_UNITS)
        return;
    MlUnit *u = &sd->units[sd->nunits++];
    u->arm = (uint8_t)arm;
    u->str = (uint8_t)str;
    u->line = ML_NONE;
    u->alive = 1;
    *ml_waiting_mask(waiting, u) |= 1u << (sd->nunits - 1);
}

/* Unit i of a side changes strength by d while it waits: its bit moves to
 * the mask of its new strength. */
static void change_str(MlSide *sd, uint32_t waiting[2][5], int i, int d)
{
    MlUnit *u = &sd->units[i];
    *ml_waiting_mask(waiting, u) &= ~(1u << i);
    u->str = (uint8_t)(u->str + d);
    *ml_waiting_mask(waiting, u) |= 1u << i;
}

static void add_general(MlSide *sd, int superior)
{
    if (sd->ngens >= ML_MAX_GENS)
        return;
    MlGeneral *g = &sd->gens[sd->ngens++];
    g->superior = (uint8_t)superior;
    g->alive = 1;
    g->line = ML_NONE;
}

/* [ML Set Up] the army every player starts with, before the cards. */
static void build_army(MlSide *sd, uint32_t waiting[2][5], const MlTables *t, int str4)
{
    for (int i = 0; i < t->nfoot[str4]; i++)
        add_unit(sd, waiting, ML_FOOT, t->foot[str4][i]);
    for (int i = 0; i < t->nhorse; i++)
        add_unit(sd, waiting, ML_HORSE, t->horse[i]);
    for (int i = 0; i < t->generals; i++)
        add_general(sd, 0);
    for (int i = 0; i < t->superiors; i++)
        add_general(sd, 1);
}

/* Both readings of the foot list, built once: every game starts from a
 * copy (memset first, so that a copy holds the zero bytes a side set up
 * in a zeroed state would). */
void ml_armies(MlTables *t)
{
    for (int str4 = 0; str4 < 2; str4++) {
        memset(&t->army[str4], 0, sizeof t->army[str4]);
        memset(t->army_waiting[str4], 0, sizeof t->army_waiting[str4]);
        build_army(&t->army[str4], t->army_waiting[str4], t, str4);
    }
}

/* The alive unit of an arm with the lowest (weakest) or highest strength,
 * optionally below a cap; -1 if none. Ties go to the first listed. */
static int pick_unit_listed(const MlSide *sd, int arm, bool weakest, int below)
{
    int best = -1;
    for (int i = 0; i < sd->nunits; i++) {
        const MlUnit *u = &sd->units[i];
        if (!u->alive || u->arm != arm || u->str >= below)
            continue;
        if (best < 0 || (weakest ? u->str < sd->units[best].str : u->str > sd->units[best].str))
            best = i;
    }
    return best;
}

/* pick_unit_listed read off the units waiting (`waiting`, the side's
 * MlOcc.waiting): at set-up every alive unit waits to deploy, so the
 * units of each strength 1..4 are a mask, the first listed its lowest
 * bit. Units of any other strength (none in the tables) are looked for
 * in the list. */
static int pick_unit(const MlSide *sd, const uint32_t waiting[2][5], int arm, bool weakest, int below)
{
    const uint32_t *by_str = waiting[arm != ML_FOOT];
    if (by_str[0])
        return pick_unit_listed(sd, arm, weakest, below);
    int best = -1;
    for (int k = 0; k < 4 && best < 0; k++) {
        int str = weakest ? 1 + k : 4 - k;
        if (str < below && by_str[str])
            best = __builtin_ctz(by_str[str]);
    }
    assert(best == pick_unit_listed(sd, arm, weakest, below));
    return best;
}

/* [ML The Deck] apply one card drawn by `side`; the units waiting to
 * deploy (the index's) follow the units. */
static void apply_card(MlState *s, int side, const MlCard *c)
{
    MlSide *own = &s->side[side], *foe = &s->side[ml_enemy(side)];
    uint32_t (*own_waiting)[5] = s->occ.waiting[side], (*foe_waiting)[5] = s->occ.waiting[ml_enemy(side)];
    int i, cap = s->foot_str4 ? 4 : 3;
    switch (c->kind) {
    case CARD_GUN:
        if (own->nguns < ML_MAX_GUNS) {
            own->guns[own->nguns].factor = c->arg;
            own->guns[own->nguns++].alive = 1;
        }
        break;
    case CARD_LIGHT: own->light_pending++; break;
    case CARD_DRAGOONS:
        if (own->ndrag < ML_MAX_DRAGOONS)
            own->ndrag++;
        break;
    case CARD_ROUGH: own->rough_pending++; break;
    case CARD_GENERAL: add_general(own, 0); break;
    case CARD_SUPERIOR: add_general(own, 1); break;
    case CARD_VETERANS:
        if ((i = pick_unit(own, own_waiting, ML_FOOT, true, cap)) >= 0)
            change_str(own, own_waiting, i, +1);
        break;
    case CARD_RECRUIT_FOOT: add_unit(own, own_waiting, ML_FOOT, c->arg); break;
    case CARD_RECRUIT_HORSE: add_unit(own, own_waiting, ML_HORSE, c->arg); break;
    case CARD_SICKNESS:
        if ((i = pick_unit(foe, foe_waiting, ML_FOOT, false, 99)) >= 0 && foe->units[i].str > 1)
            change_str(foe, foe_waiting, i, -1);
        break;
    case CARD_DESERTION:
        if ((i = pick_unit(foe, foe_waiting, ML_HORSE, true, 99)) >= 0) {
            foe->units[i].alive = 0;
            *ml_waiting_mask(foe_waiting, &foe->units[i]) &= ~(1u << i);
        }
        break;
    default: break;
    }
}

static int parse_options(MlState *s, const Options *opt, Diag *d)
{
    s->max_turns = ML_DEFAULT_TURNS;
    if (!opt || opt->n == 0) /* the defaults (a simulation sets up thousands of games): nothing to read */
        return 0;
    if (opt_check(opt, known_options, d) < 0)
        return -1;
    if (opt_two_way(opt, "foot", "str2", "str4", &s->foot_str4, d) < 0 ||
        opt_two_way(opt, "dragoons", "zone", "wing", &s->dragoons_wing, d) < 0)
        return -1;
    const char *turns = opt_get(opt, "turns");
    if (turns) {
        char *end;
        long t = strtol(turns, &end, 10);
        if (*end || t < 1 || t > 99 || strspn(turns, "0123456789") != strlen(turns)) /* (" 5", "+5": a tester's) */
            return diag_set(d, "option turns: expected a number 1..99, not '%s'", turns);
        s->max_turns = (uint8_t)t;
    }
    return 0;
}

/* Shuffle the deck and deal five cards to each player, Royalists first. */
static void deal_hands(MlState *s, const MlTables *t)
{
    /* the cards in order, copied from a table rather than counted out */
    static const uint8_t in_order[ML_DECK_MAX] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
                                                   24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47};
    _Static_assert(ML_DECK_MAX == 48, "in_order lists every card");
    s->ndeck = t->ncards;
    memcpy(s->deck, in_order, t->ncards);
    rng_shuffle_u8(&s->rng, s->deck, s->ndeck);
    for (int side = 0; side < ML_SIDES; side++) {
        for (int k = 0; k < ML_HAND; k++) {
            uint8_t card = s->deck[--s->ndeck];
            s->side[side].hand[k] = card;
            apply_card(s, side, &t->cards[card]);
        }
    }
}

int ml_setup(void *st, const Options *opt, uint64_t seed, Diag *d)
{
    MlState *s = st;
    memset(s, 0, sizeof *s);
    if (parse_options(s, opt, d) < 0)
        return -1;
    const MlTables *t = ml_tables();
    rng_seed(&s->rng, seed);
    for (int side = 0; side < ML_SIDES; side++) { /* build_army's, made once (ml_armies) */
        s->side[side] = t->army[s->foot_str4];
        memcpy(s->occ.waiting[side], t->army_waiting[s->foot_str4], sizeof s->occ.waiting[side]);
    }
    deal_hands(s, t);
    ml_occ_setup(s); /* the generals: the rest of the index is the memset's zeros and the units waiting */
    s->winner = ML_NONE;
    s->phase = PH_PLACE;
    s->to_act = ML_ROY;
    ml_advance(s, NULL);
    return 0;
}
