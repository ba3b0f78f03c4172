/* ck_legal.c - To Catch a King: the representative list of legal actions
 * (what the computer and the numbered menu choose from). A person may type
 * any point within reach; ck_check decides. Per figure: every shot and
 * charge it can make, moves towards the nearest unsearched pieces and the
 * nearest enemies, for Royalists a run north and away, and the dragoon and
 * escort orders. Candidates are put to ck_check only where range, reach
 * or contact already allow them, and each only once. */
#include "ck.h"
#include <assert.h>
#include <math.h>

/* ck_check of a candidate, told what is known of its figure (k: the piece
 * under it, the foes; NULL: nothing): accepted? The same answer as
 * ck_check (asserted in debug builds), found without looking the piece
 * and the foes up again for every candidate. */
static bool accepted(const CkState *s, const Action *a, const CkKnown *k)
{
    int r = ck_check_known(s, a, k, NULL);
    assert(r == ck_check(s, a, NULL));
    return r == 0;
}

/* Push candidate a if ck_check accepts it (and the list has room); the answer. */
static bool try_push(const CkState *s, Action *out, int cap, int *n, Action a, const CkKnown *k)
{
    if (!accepted(s, &a, k))
        return false;
    if (*n < cap)
        out[(*n)++] = a;
    return true;
}

/* A charge's kin, told whether the plain charge at the same man was
 * accepted: a join is checked as that charge is, and a charge to take him
 * prisoner as that charge with more, so neither is checked again where
 * the answer is known (the point of contact is the costly part). Both
 * answers are asserted in debug builds. */
static void push_kin(const CkState *s, Action *out, int cap, int *n, Action a, const CkKnown *k, bool plain)
{
    if (!plain) {
        assert(ck_check(s, &a, NULL) != 0);
        return;
    }
    if (a.verb == CKV_JOIN) {
        assert(accepted(s, &a, k));
        if (*n < cap)
            out[(*n)++] = a;
        return;
    }
    try_push(s, out, cap, n, a, k);
}

/* roundf(t), halves away from zero, without the library call: the whole
 * part and the fraction are exact in a float below 2^22. */
static float round_away(float t)
{
    if (!(fabsf(t) < 4194304.0f))
        return roundf(t);
    float r = copysignf((float)(int32_t)t, t), frac = t - r;
    return frac >= 0.5f ? r + 1 : frac <= -0.5f ? r - 1 : r;
}

/* A coordinate on the 0.1" grid that describe() prints, so that a listed
 * move typed back as shown is the same move. */
static float tenth(float v) { return round_away(v * 10.0f) / 10.0f; }

/* A move of figure i towards (tx, ty), `stop` inches short of it, as far as
 * the figure can go; tried again at half length if the ground slows it.
 * The point is put on the 0.1" grid, 0.08" short so the rounding (at most
 * 0.071") never takes it out of reach. */
static void push_towards(const CkState *s, Action *out, int cap, int *n, int i, float tx, float ty, float stop,
                         float allow, const CkKnown *k)
{
    const CkFig *f = &s->figs[i];
    float dx = tx - f->x, dy = ty - f->y, len = ck_dist(f->x, f->y, tx, ty) - stop;
    if (len <= 0.2f)
        return;
    float go = fminf(len, allow) - 0.08f;
    for (int half = 0; half < 2; half++, go /= 2) {
        float norm = len + stop;
        /* a Royalist's way off the north edge is listed to the edge, not to a point beyond the table */
        Action a = {.verb = CKV_MOVE, .piece = (int16_t)i, .x = tenth(f->x + dx / norm * go),
                    .y = tenth(fminf(f->y + dy / norm * go, CK_TABLE))};
        if (accepted(s, &a, k)) {
            if (*n < cap)
                out[(*n)++] = a;
            return;
        }
    }
}

/* The k nearest unsearched pieces to a figure. */
static int nearest_pieces(const CkState *s, const CkFig *f, int out[3])
{
    int n = 0;
    float best[3] = {1e9f, 1e9f, 1e9f};
    for (int p = 0; p < CK_PIECES; p++) {
        if (s->pieces[p].searched)
            continue;
        float d = ck_dist(f->x, f->y, s->pieces[p].x, s->pieces[p].y);
        for (int k = 0; k < 3; k++)
            if (d < best[k]) {
                for (int j = 2; j > k; j--)
                    best[j] = best[j - 1], out[j] = out[j - 1];
                best[k] = d, out[k] = p;
                n = n < 3 ? n + 1 : 3;
                break;
            }
    }
    return n;
}

/* Figure i's moves; e1, e2: its two nearest enemies (-1 where fewer). */
static void figure_moves(const CkState *s, Action *out, int cap, int *n, int i, float allow, const CkKnown *k, int e1,
                         int e2)
{
    const CkFig *f = &s->figs[i];
    if (f->side == CK_PAR) {
        int near[3], np = nearest_pieces(s, f, near);
        for (int j = 0; j < np; j++) {
            const CkPiece *p = &s->pieces[near[j]];
            float d = ck_dist(f->x, f->y, p->x, p->y);
            push_towards(s, out, cap, n, i, p->x, p->y, d <= p->r ? 0 : fmaxf(0, p->r - 0.6f), allow, k);
        }
        Action esc = {.verb = CKV_ESCORT, .piece = (int16_t)i};
        try_push(s, out, cap, n, esc, k);
    } else {
        push_towards(s, out, cap, n, i, f->x, CK_TABLE + 8, 8, allow, k);
    }
    for (int e = 0; e < 2; e++) {
        int t = e ? e2 : e1;
        if (t < 0)
            continue;
        const CkFig *g = &s->figs[t];
        push_towards(s, out, cap, n, i, g->x, g->y, 2.5f, allow, k);
        if (f->side == CK_ROY && e == 0) /* and away */
            push_towards(s, out, cap, n, i, 2 * f->x - g->x, 2 * f->y - g->y, 0, allow, k);
    }
}

/* Figure i's shots, charges and captures at enemy t, each only where the
 * plain conditions of ck_check already hold (range, reach, contact), so
 * that ck_check runs only on likely candidates. `allow` is i's move. */
static void attacks_on(const CkState *s, Action *out, int cap, int *n, int i, int t, float allow, const CkKnown *k)
{
    const CkFig *f = &s->figs[i], *e = &s->figs[t];
    float d = ck_dist(f->x, f->y, e->x, e->y), range = ck_figs[f->type].range;
    if (range > 0 && !f->shot && d <= range) {
        Action sh = {.verb = CKV_SHOOT, .piece = (int16_t)i, .target = (int16_t)t};
        try_push(s, out, cap, n, sh, k);
        sh.verb = CKV_AIM; /* (refused without option together) */
        if (s->together)
            try_push(s, out, cap, n, sh, k);
    }
    bool fresh = !f->shot || (s->shoot_charge && !f->aimed); /* (option shoot_then_charge: half his move left) */
    if (!f->moved && fresh && d - ck_fig_radius(f) - ck_fig_radius(e) <= allow + 1e-3f) {
        Action ch = {.verb = CKV_CHARGE, .piece = (int16_t)i, .target = (int16_t)t};
        bool plain = try_push(s, out, cap, n, ch, k);
        ch.arg = 1; /* and take him prisoner if beaten */
        if (f->side == CK_PAR)
            push_kin(s, out, cap, n, ch, k, plain);
        Action join = {.verb = CKV_JOIN, .piece = (int16_t)i, .target = (int16_t)t}; /* (option together) */
        if (s->together)
            push_kin(s, out, cap, n, join, k, plain);
    }
    bool ride_up = e->wounded && !f->moved && !f->shot && d - ck_fig_radius(f) - ck_fig_radius(e) <= allow + 1e-3f;
    if (f->side == CK_PAR && (e->wounded || (e->beaten && !s->no_late_capture)) && (ck_in_contact(f, e) || ride_up)) {
        Action ca = {.verb = CKV_CAPTURE, .piece = (int16_t)i, .target = (int16_t)t};
        try_push(s, out, cap, n, ca, k);
    }
}

/* Figure i's orders; `all` lists the active figures of the other side. In
 * one pass over them: its attacks on those within its reach or range, its
 * two nearest, and those a move of it could touch (within its move and 2",
 * all that its moves' checks need look at). */
static void figure_actions(const CkState *s, Action *out, int cap, int *n, int i, const CkKnown *all)
{
    const CkFig *f = &s->figs[i];
    if (f->moved && (f->shot || ck_figs[f->type].range <= 0))
        return; /* done for this turn */
    int from = ck_piece_at(s, f->x, f->y);
    float allow = ck_move_allowance_on(s, f, from), reach = fmaxf(ck_figs[f->type].range, allow + 2.0f);
    float touch = allow + 2.0f, d1 = 1e9f, d2 = 1e9f;
    uint8_t near[CK_MAX_FIGS];
    CkKnown piece = {.from = from, .nfoes = -1, .to = CK_FROM_UNKNOWN, .way = CK_FROM_UNKNOWN, .nothers = -1};
    CkKnown k = {.from = from, .foes = near, .to = CK_FROM_UNKNOWN, .way = CK_FROM_UNKNOWN, .nothers = all->nothers,
                 .others = all->others};
    int e1 = -1, e2 = -1;
    for (int j = 0; j < all->nfoes; j++) {
        int t = all->foes[j];
        const CkFig *e = &s->figs[t];
        float dx = f->x - e->x, dy = f->y - e->y, d = dx * dx + dy * dy;
        if (d <= reach * reach)
            attacks_on(s, out, cap, n, i, t, allow, &piece);
        if (d < d1)
            d2 = d1, e2 = e1, d1 = d, e1 = t;
        else if (d < d2)
            d2 = d, e2 = t;
        if (d <= touch * touch)
            near[k.nfoes++] = (uint8_t)t;
    }
    if (f->type == F_DRAGOON && !f->changed_mount && (!f->moved || f->half_moved)) { /* as check_mount */
        Action m = {.verb = f->mounted ? CKV_DISMOUNT : CKV_MOUNT, .piece = (int16_t)i};
        try_push(s, out, cap, n, m, &k);
    }
    if (!f->moved)
        figure_moves(s, out, cap, n, i, allow, &k, e1, e2);
}

static int legal_terrain(const CkState *s, Action *out, int cap)
{
    int n = 0, piece = ck_next_piece(s);
    for (float step = 4; n == 0 && step >= 0.5f; step /= 2) /* finer until something fits */
        for (float x = 10; x <= 38; x += step)
            for (float y = 10; y <= 38; y += step) {
                Action a = {.verb = CKV_PLACE, .piece = (int16_t)piece, .x = x, .y = y};
                try_push(s, out, cap, &n, a, NULL);
            }
    return n;
}

static int legal_arrive(const CkState *s, Action *out, int cap)
{
    int n = 0;
    /* every 4" along the edge; where figures leave no room for the row at
     * any of them, every half inch; 0.2" in, on the 0.1" grid that
     * ck_describe prints, so the line typed back is this action; with no
     * room at all, `end`: they do not come */
    static const float steps[] = {4, 0.5f};
    Action a;
    for (int k = 0; k < 2 && n == 0; k++)
        for (int i = 0; ck_arrive_point(s, steps[k], i, &a); i++)
            try_push(s, out, cap, &n, a, NULL);
    if (n == 0)
        try_push(s, out, cap, &n, (Action){.verb = CKV_END}, NULL);
    return n;
}

/* [CK Captured Persons] (ecw) each prisoner not yet handed over this turn
 * to each trooper touching him but his guard, with room for him. */
static void takeovers(const CkState *s, Action *out, int cap, int *n)
{
    for (int t = 0; t < s->nfigs; t++) {
        const CkFig *p = &s->figs[t];
        if (p->status != FS_PRISONER || p->moved)
            continue;
        for (int g = 0; g < s->nfigs; g++)
            if (g != p->guard && s->figs[g].side == CK_PAR && s->figs[g].status == FS_ACTIVE &&
                ck_in_contact(&s->figs[g], p))
                try_push(s, out, cap, n, (Action){.verb = CKV_GUARD, .piece = (int16_t)g, .target = (int16_t)t}, NULL);
    }
}

int ck_legal(const void *st, Action *out, int cap)
{
    const CkState *s = st;
    int n = 0;
    switch (s->phase) {
    case CP_TERRAIN: return legal_terrain(s, out, cap);
    case CP_ARRIVE: return legal_arrive(s, out, cap);
    case CP_DEFEND: /* [CK Combat Outcomes] take the beaten charger, or let him go */
        if (cap < 2)
            return 0;
        out[0] = (Action){.verb = CKV_CAPTURE, .piece = s->pend_def, .target = s->pend_att};
        out[1] = (Action){.verb = CKV_END};
        return 2;
    case CP_OVER: return 0;
    default: break;
    }
    uint8_t foes[CK_MAX_FIGS], others[CK_MAX_FIGS];
    CkKnown known = {.from = CK_FROM_UNKNOWN, .foes = foes, .to = CK_FROM_UNKNOWN, .way = CK_FROM_UNKNOWN,
                     .others = others};
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *f = &s->figs[i];
        if (f->side != s->to_act && f->status == FS_ACTIVE)
            foes[known.nfoes++] = (uint8_t)i;
        else if (f->status == FS_ACTIVE || f->status == FS_PRISONER)
            others[known.nothers++] = (uint8_t)i;
    }
    for (int i = 0; i < s->nfigs; i++)
        if (s->figs[i].side == s->to_act && s->figs[i].status == FS_ACTIVE)
            figure_actions(s, out, cap, &n, i, &known);
    if (s->phase == CP_PARLIAMENT)
        takeovers(s, out, cap, &n);
    Action end = {.verb = CKV_END};
    if (n < cap)
        out[n++] = end;
    else
        out[cap - 1] = end; /* END is always on the list */
    return n;
}
