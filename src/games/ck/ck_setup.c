/* ck_setup.c - To Catch a King set-up [CK Game set up]: the Royalist
 * player places the twelve terrain pieces (or ecw places them at random),
 * then one discovery card and one prominent-person card go face down under
 * each piece, unseen by both players. Parliament's troop stands at its
 * entry point on the south edge [CK Equipment needed]. */
#include "ck.h"
#include <math.h>
#include <string.h>

static const char *const known_options[] = {"terrain", "recoil_frees", "exit_scores", NULL};

/* [CK Game set up] no piece nearer than 8" to an edge; ecw keeps 0.5" of open
 * ground between pieces so that they are spread and passable. */
int ck_check_place(const CkState *s, int piece, float x, float y, Diag *d)
{
    if (piece < 0 || piece >= CK_PIECES || s->pieces[piece].placed)
        return diag_set(d, "terrain piece %d is not waiting to be placed", piece + 1);
    float r = ck_terrain[ck_piece_kinds[piece]].r;
    if (x - r < CK_EDGE_GAP || y - r < CK_EDGE_GAP || x + r > CK_TABLE - CK_EDGE_GAP ||
        y + r > CK_TABLE - CK_EDGE_GAP)
        return diag_set(d, "a %s (radius %.1f\") must stay 8\" from every edge", ck_terrain[ck_piece_kinds[piece]].name, r);
    for (int i = 0; i < CK_PIECES; i++) {
        const CkPiece *p = &s->pieces[i];
        if (p->placed && ck_dist(x, y, p->x, p->y) < p->r + r + 0.5f)
            return diag_set(d, "too close to the %s at (%.1f, %.1f): keep 0.5\" between pieces",
                            ck_terrain[p->kind].name, p->x, p->y);
    }
    return 0;
}

static void place(CkState *s, int piece, float x, float y)
{
    CkPiece *p = &s->pieces[piece];
    p->x = x;
    p->y = y;
    p->kind = ck_piece_kinds[piece];
    p->r = ck_terrain[p->kind].r;
    p->placed = 1;
    p->disc = p->prom = CK_NONE;
}

/* ecw's --terrain random: uniform points, rejected until they fit. */
void ck_place_terrain_random(CkState *s)
{
    for (int i = 0; i < CK_PIECES; i++) {
        if (s->pieces[i].placed)
            continue;
        for (int tries = 0; tries < 10000; tries++) {
            float x = 12 + (float)rng_below(&s->rng, 2401) / 100.0f; /* 12..36 */
            float y = 12 + (float)rng_below(&s->rng, 2401) / 100.0f;
            if (ck_check_place(s, i, x, y, NULL) == 0) {
                place(s, i, x, y);
                break;
            }
        }
        for (float y = 8; !s->pieces[i].placed && y <= 40; y += 0.5f) /* a free spot by scan */
            for (float x = 8; !s->pieces[i].placed && x <= 40; x += 0.5f)
                if (ck_check_place(s, i, x, y, NULL) == 0)
                    place(s, i, x, y);
    }
}

/* [CK Game set up] shuffle both decks and put one card of each under every
 * piece; the cards left over stay face down and unused. */
void ck_deal_cards(CkState *s)
{
    ck_deck_discovery(s->disc);
    ck_deck_prominent(s->prom);
    rng_shuffle_u8(&s->rng, s->disc, CK_DISC_CARDS);
    rng_shuffle_u8(&s->rng, s->prom, CK_PROM_CARDS);
    s->ndisc = CK_DISC_CARDS;
    s->nprom = CK_PROM_CARDS;
    for (int i = 0; i < CK_PIECES; i++) {
        s->pieces[i].disc = s->disc[--s->ndisc];
        s->pieces[i].prom = s->prom[--s->nprom];
    }
}

/* Figures found or arriving stand around the point: one at it, the rest on
 * a ring 1.9" out (inside every piece: the smallest has a 2.5" radius),
 * a second ring further out past eight; kept on the table. */
void ck_add_figs(CkState *s, int type, int count, float x, float y, int piece)
{
    for (int k = 0; k < count && s->nfigs < CK_MAX_FIGS; k++) {
        CkFig *f = &s->figs[s->nfigs++];
        memset(f, 0, sizeof *f);
        f->type = (uint8_t)type;
        f->side = ck_figs[type].side;
        f->mounted = ck_figs[type].mounted;
        f->guard = CK_NONE;
        f->shot_at = CK_NONE;
        f->piece = (uint8_t)(piece < 0 ? CK_NONE : piece);
        int ring = k == 0 ? 0 : k <= 8 ? 1 : 2, slots = ring == 1 ? 8 : 16;
        float ang = 6.2831853f * (float)(k - (ring == 2 ? 9 : 1)) / (float)slots;
        float rad = ring == 0 ? 0 : ring == 1 ? 1.9f : 3.6f;
        f->x = fminf(fmaxf(x + rad * cosf(ang), 0.5f), CK_TABLE - 0.5f);
        f->y = fminf(fmaxf(y + rad * sinf(ang), 0.5f), CK_TABLE - 0.5f);
    }
}

/* Parliament's detachment: 5 dragoons, 5 cavalry and You, in a line along
 * the south edge at the entry point. */
static void muster_parliament(CkState *s)
{
    static const uint8_t types[11] = {F_YOU, F_DRAGOON, F_DRAGOON, F_DRAGOON, F_DRAGOON, F_DRAGOON,
                                      F_CAVALRY, F_CAVALRY, F_CAVALRY, F_CAVALRY, F_CAVALRY};
    for (int i = 0; i < 11; i++) {
        ck_add_figs(s, types[i], 1, s->entry_x + (float)(i - 5) * 2.0f, 0.8f, -1);
    }
}

int ck_setup(void *st, const Options *opt, uint64_t seed, Diag *d)
{
    CkState *s = st;
    memset(s, 0, sizeof *s);
    if (opt_check(opt, known_options, d) < 0)
        return -1;
    if (opt_two_way(opt, "terrain", "placed", "random", &s->terrain_random, d) < 0 ||
        opt_two_way(opt, "recoil_frees", "no", "yes", &s->recoil_frees, d) < 0 ||
        opt_two_way(opt, "exit_scores", "no", "yes", &s->exit_scores, d) < 0)
        return -1;
    rng_seed(&s->rng, seed);
    s->entry_x = CK_TABLE / 2;
    s->winner = CK_NONE;
    for (int i = 0; i < CK_PIECES; i++) {
        s->pieces[i].kind = ck_piece_kinds[i];
        s->pieces[i].r = ck_terrain[ck_piece_kinds[i]].r;
        s->pieces[i].disc = s->pieces[i].prom = CK_NONE;
    }
    muster_parliament(s);
    ck_deck_chance(s->chance);
    s->nchance = CK_CHANCE_CARDS;
    rng_shuffle_u8(&s->rng, s->chance, CK_CHANCE_CARDS);
    s->phase = CP_TERRAIN;
    s->to_act = CK_ROY;
    if (s->terrain_random) {
        ck_place_terrain_random(s);
        ck_deal_cards(s);
        ck_end_phase(s, NULL); /* straight to the first turn */
    }
    return 0;
}
