/* ck_legal.c - To Catch a King: the representative list of legal actions
 * (what the computer and the numbered menu choose from). A person may type
 * any point within reach; ck_check decides. Per figure: every shot and
 * charge it can make, moves towards the nearest unsearched pieces and the
 * nearest enemies, for Royalists a run north and away, and the dragoon and
 * escort orders. */
#include "ck.h"
#include <math.h>

static void try_push(const CkState *s, Action *out, int cap, int *n, Action a)
{
    if (*n < cap && ck_check(s, &a, NULL) == 0)
        out[(*n)++] = a;
}

/* A move of figure i towards (tx, ty), `stop` inches short of it, as far as
 * the figure can go; tried again at half length if the ground slows it. */
static void push_towards(const CkState *s, Action *out, int cap, int *n, int i, float tx, float ty, float stop)
{
    const CkFig *f = &s->figs[i];
    float dx = tx - f->x, dy = ty - f->y, len = ck_dist(f->x, f->y, tx, ty) - stop;
    if (len <= 0.2f)
        return;
    float go = fminf(len, ck_move_allowance(s, f)) - 0.01f;
    for (int k = 0; k < 2; k++, go /= 2) {
        float norm = len + stop;
        Action a = {CKV_MOVE, (int16_t)i, 0, 0, 0, f->x + dx / norm * go, f->y + dy / norm * go};
        if (ck_check(s, &a, NULL) == 0) {
            try_push(s, out, cap, n, a);
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

static int nearest_enemy(const CkState *s, const CkFig *f, int skip)
{
    int best = -1;
    float bd = 1e9f;
    for (int e = 0; e < s->nfigs; e++) {
        const CkFig *g = &s->figs[e];
        float d = ck_dist(f->x, f->y, g->x, g->y);
        if (e != skip && g->side != f->side && g->status == FS_ACTIVE && d < bd)
            bd = d, best = e;
    }
    return best;
}

static void figure_moves(const CkState *s, Action *out, int cap, int *n, int i)
{
    const CkFig *f = &s->figs[i];
    if (f->side == CK_PAR) {
        int near[3], k = nearest_pieces(s, f, near);
        for (int j = 0; j < k; j++) {
            const CkPiece *p = &s->pieces[near[j]];
            float d = ck_dist(f->x, f->y, p->x, p->y);
            push_towards(s, out, cap, n, i, p->x, p->y, d <= p->r ? 0 : fmaxf(0, p->r - 0.6f));
        }
        Action esc = {CKV_ESCORT, (int16_t)i, 0, 0, 0, 0, 0};
        try_push(s, out, cap, n, esc);
    } else {
        push_towards(s, out, cap, n, i, f->x, CK_TABLE + 8, 8);
    }
    int e1 = nearest_enemy(s, f, -1), e2 = e1 >= 0 ? nearest_enemy(s, f, e1) : -1;
    for (int e = 0; e < 2; e++) {
        int t = e ? e2 : e1;
        if (t < 0)
            continue;
        const CkFig *g = &s->figs[t];
        push_towards(s, out, cap, n, i, g->x, g->y, 2.5f);
        if (f->side == CK_ROY && e == 0) /* and away */
            push_towards(s, out, cap, n, i, 2 * f->x - g->x, 2 * f->y - g->y, 0);
    }
}

static void figure_actions(const CkState *s, Action *out, int cap, int *n, int i)
{
    const CkFig *f = &s->figs[i];
    if (f->moved && (f->shot || ck_figs[f->type].range <= 0))
        return; /* done for this turn */
    float reach = fmaxf(ck_figs[f->type].range, ck_move_allowance(s, f) + 2.0f);
    for (int t = 0; t < s->nfigs; t++) {
        const CkFig *e = &s->figs[t];
        if (e->side == f->side || e->status != FS_ACTIVE || ck_dist(f->x, f->y, e->x, e->y) > reach)
            continue;
        Action sh = {CKV_SHOOT, (int16_t)i, (int16_t)t, 0, 0, 0, 0};
        Action ch = {CKV_CHARGE, (int16_t)i, (int16_t)t, 0, 0, 0, 0};
        Action cc = {CKV_CHARGE, (int16_t)i, (int16_t)t, 1, 0, 0, 0};
        Action ca = {CKV_CAPTURE, (int16_t)i, (int16_t)t, 0, 0, 0, 0};
        try_push(s, out, cap, n, sh);
        try_push(s, out, cap, n, ch);
        try_push(s, out, cap, n, cc);
        try_push(s, out, cap, n, ca);
    }
    Action m = {CKV_DISMOUNT, (int16_t)i, 0, 0, 0, 0, 0};
    try_push(s, out, cap, n, m);
    m.verb = CKV_MOUNT;
    try_push(s, out, cap, n, m);
    if (!f->moved)
        figure_moves(s, out, cap, n, i);
}

static int legal_terrain(const CkState *s, Action *out, int cap)
{
    int n = 0, piece = 0;
    while (piece < CK_PIECES && s->pieces[piece].placed)
        piece++;
    for (float step = 4; n == 0 && step >= 0.5f; step /= 2) /* finer until something fits */
        for (float x = 10; x <= 38; x += step)
            for (float y = 10; y <= 38; y += step) {
                Action a = {CKV_PLACE, (int16_t)piece, 0, 0, 0, x, y};
                try_push(s, out, cap, &n, a);
            }
    return n;
}

static int legal_arrive(const CkState *s, Action *out, int cap)
{
    int n = 0;
    for (float t = 8; t <= 40; t += 8) {
        float x = s->arrive_edge == 0 ? 0.25f : s->arrive_edge == 1 ? CK_TABLE - 0.25f : t;
        float y = s->arrive_edge == 2 ? CK_TABLE - 0.25f : s->arrive_edge == 3 ? 0.25f : t;
        Action a = {CKV_ARRIVE, 0, 0, 0, 0, x, y};
        try_push(s, out, cap, &n, a);
    }
    return n;
}

int ck_legal(const void *st, Action *out, int cap)
{
    const CkState *s = st;
    int n = 0;
    switch (s->phase) {
    case CP_TERRAIN: return legal_terrain(s, out, cap);
    case CP_ARRIVE: return legal_arrive(s, out, cap);
    case CP_OVER: return 0;
    default: break;
    }
    for (int i = 0; i < s->nfigs; i++)
        if (s->figs[i].side == s->to_act && s->figs[i].status == FS_ACTIVE)
            figure_actions(s, out, cap, &n, i);
    Action end = {CKV_END, 0, 0, 0, 0, 0, 0};
    if (n < cap)
        out[n++] = end;
    else
        out[cap - 1] = end; /* END is always on the list */
    return n;
}
