/* ck_ai.c - To Catch a King computer players. Parliament sends its
 * troopers to the nearest unsearched pieces in pairs, searches last in its
 * turn (a search ends it), charges only at good odds, takes prisoners,
 * escorts them off, and runs down Charles and Wilmot. The Royalists place
 * the terrain deep and spread, ambush troopers at good odds, and otherwise
 * run for the far edge, Charles and Wilmot first. The player reads only the
 * open table: never the cards under the pieces nor the state's generator. */
#include "ck.h"
#include <math.h>

/* Chance that d6+a beats d6+b, and that it loses. */
static void win_lose(int a, int b, double *win, double *lose)
{
    int w = 0, l = 0;
    for (int x = 1; x <= 6; x++)
        for (int y = 1; y <= 6; y++)
            w += x + a > y + b, l += y + b > x + a;
    *win = w / 36.0;
    *lose = l / 36.0;
}

static float nearest_piece_dist(const CkState *s, float x, float y)
{
    float best = 99;
    for (int p = 0; p < CK_PIECES; p++)
        if (!s->pieces[p].searched)
            best = fminf(best, ck_dist(x, y, s->pieces[p].x, s->pieces[p].y) - s->pieces[p].r);
    return best;
}

static float nearest_side_dist(const CkState *s, int side, int skip, float x, float y)
{
    float best = 99;
    for (int i = 0; i < s->nfigs; i++)
        if (i != skip && s->figs[i].side == side && s->figs[i].status == FS_ACTIVE)
            best = fminf(best, ck_dist(x, y, s->figs[i].x, s->figs[i].y));
    return best;
}

static bool is_person(const CkFig *f) { return f->type == F_CHARLES || f->type == F_WILMOT; }

/* ---------------- Parliament ---------------- */

static double par_move(const CkState *s, const Action *a)
{
    const CkFig *f = &s->figs[a->piece];
    int p = ck_piece_at(s, a->x, a->y);
    if (p >= 0 && !s->pieces[p].searched)
        return 10; /* search last: it ends the turn */
    for (int i = 0; i < s->nfigs; i++) { /* run down the prominent persons */
        const CkFig *e = &s->figs[i];
        if (e->side == CK_ROY && e->status == FS_ACTIVE && is_person(e))
            return 45 - ck_dist(a->x, a->y, e->x, e->y);
    }
    double progress = nearest_piece_dist(s, f->x, f->y) - nearest_piece_dist(s, a->x, a->y);
    float mate = nearest_side_dist(s, CK_PAR, a->piece, a->x, a->y);
    return 20 + progress - (mate > 8 ? 0.3 * (mate - 8) : 0);
}

static double par_score(const CkState *s, const Action *a)
{
    const CkFig *t = a->target >= 0 && a->target < s->nfigs ? &s->figs[a->target] : NULL;
    double w, l;
    switch (a->verb) {
    case CKV_CAPTURE: return 100;
    case CKV_ESCORT: return 80;
    case CKV_CHARGE:
        win_lose(ck_melee_factor(s, a->piece, a->target, true), ck_melee_factor(s, a->target, a->piece, false), &w, &l);
        if (is_person(t))
            return 90 + w + a->arg;
        return w - l > 0.15 ? 50 + 20 * (w - l) + a->arg : -1;
    case CKV_SHOOT:
        win_lose(ck_shoot_factor(s, a->piece, a->target, NULL), ck_target_factor(s, a->target, a->piece), &w, &l);
        return (s->figs[a->piece].moved ? 40 : 15) + 10 * w;
    case CKV_MOVE: return par_move(s, a);
    case CKV_DISMOUNT:
    case CKV_MOUNT: return -1;
    default: return 0;
    }
}

/* ---------------- Royalists ---------------- */

static double roy_score(const CkState *s, const Action *a)
{
    const CkFig *f = &s->figs[a->piece];
    double w, l;
    switch (a->verb) {
    case CKV_CHARGE: {
        if (is_person(f))
            return -1;
        win_lose(ck_melee_factor(s, a->piece, a->target, true), ck_melee_factor(s, a->target, a->piece, false), &w, &l);
        const CkFig *t = &s->figs[a->target];
        bool isolated = nearest_side_dist(s, CK_PAR, a->target, t->x, t->y) > 8;
        return w - l > (isolated ? 0.05 : 0.3) ? 50 + 20 * (w - l) : -1;
    }
    case CKV_SHOOT:
        win_lose(ck_shoot_factor(s, a->piece, a->target, NULL), ck_target_factor(s, a->target, a->piece), &w, &l);
        return (f->moved ? 40 : 12) + 10 * w;
    case CKV_MOVE: {
        double gain = a->y - f->y;
        return (is_person(f) ? 90 : 20) + gain + (a->y >= CK_TABLE - 0.5f ? 30 : 0);
    }
    default: return 0;
    }
}

/* Terrain deep in the Royalist half and spread wide. */
static double terrain_score(const CkState *s, const Action *a, Rng *rng)
{
    float spread = 99;
    for (int i = 0; i < CK_PIECES; i++)
        if (s->pieces[i].placed)
            spread = fminf(spread, ck_dist(a->x, a->y, s->pieces[i].x, s->pieces[i].y));
    return a->y + 0.8 * fminf(spread, 12) + rng_below(rng, 100) / 1000.0;
}

static double arrive_score(const CkState *s, const Action *a)
{
    if (s->arrive_side == CK_ROY) /* a band comes on as far north as it can */
        return a->y;
    return -fabsf(a->x - s->entry_x);
}

int ck_heuristic(const void *st, Rng *rng, Action *out)
{
    const CkState *s = st;
    Action acts[MAX_ACTIONS];
    int n = ck_legal(s, acts, MAX_ACTIONS);
    if (n <= 0)
        return -1;
    int best = 0;
    double bv = -1e300;
    for (int i = 0; i < n; i++) {
        const Action *a = &acts[i];
        double v = s->phase == CP_TERRAIN ? terrain_score(s, a, rng)
                 : s->phase == CP_ARRIVE  ? arrive_score(s, a)
                 : a->verb == CKV_END      ? 0
                 : s->to_act == CK_PAR     ? par_score(s, a)
                                          : roy_score(s, a);
        if (v > bv)
            bv = v, best = i;
    }
    *out = acts[best];
    return 0;
}
