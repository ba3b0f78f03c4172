/* ck_geom.c - To Catch a King on the table in inches: the piece under a
 * point, line of sight and the move allowance (ecw readings, see
 * docs/rules/to-catch-a-king.md). Distances, bases and base contact are
 * inline in ck.h: figures stand on round bases, 1" across on foot, 1.5"
 * mounted; base contact is touching bases, with 0.1" grace. */
#include "ck.h"
#include <math.h>

int ck_piece_at(const CkState *s, float x, float y)
{
    if (x < CK_EDGE_GAP || y < CK_EDGE_GAP || x > CK_TABLE - CK_EDGE_GAP || y > CK_TABLE - CK_EDGE_GAP)
        return -1; /* no piece comes nearer an edge [CK Game set up] */
    for (int i = 0; i < CK_PIECES; i++) {
        const CkPiece *p = &s->pieces[i];
        float dx = x - p->x, dy = y - p->y;
        if (dx * dx + dy * dy <= p->r * p->r && p->placed)
            return i;
    }
    return -1;
}

/* Distance from point (px,py) to the segment a-b. */
static float seg_dist(float ax, float ay, float bx, float by, float px, float py)
{
    float dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
    float t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return ck_dist(ax + t * dx, ay + t * dy, px, py);
}

/* The box the way from a to b spans, to pass over pieces clear of it
 * before measuring. */
typedef struct WayBox {
    float lx, hx, ly, hy;
} WayBox;

static WayBox way_box(float ax, float ay, float bx, float by)
{
    return (WayBox){ax < bx ? ax : bx, ax < bx ? bx : ax, ay < by ? ay : by, ay < by ? by : ay};
}

/* Whether piece p might lie on the way of box w. */
static bool near_way(const CkPiece *p, const WayBox *w)
{
    float r = p->r;
    return p->x >= w->lx - r && p->x <= w->hx + r && p->y >= w->ly - r && p->y <= w->hy + r;
}

/* [CK Movement and Ranges] does the way from a to b (a straight move) pass
 * through marsh, woods or fields, as ck_piece_at counts a point in? */
bool ck_way_difficult(const CkState *s, float ax, float ay, float bx, float by)
{
    WayBox w = way_box(ax, ay, bx, by);
    const CkTerrainSpec *terrain = ck_terrain; /* one atomic load, not one a piece */
    #pragma GCC unroll 12 /* the twelve pieces in a row: the loop's own count and test were a fifth of a call */
    for (int i = 0; i < CK_PIECES; i++) {
        const CkPiece *p = &s->pieces[i];
        if (near_way(p, &w) && p->placed && terrain[p->kind].difficult && /* (the way's box passes over most pieces first) */
            seg_dist(ax, ay, bx, by, p->x, p->y) <= p->r)
            return true;
    }
    return false;
}

/* [CK Movement and Ranges] ck_way_difficult, naming the piece: the first
 * (by number) piece of marsh, woods or fields the way passes through, or
 * -1 (for the words of a refusal, not for the players' loops). */
int ck_way_difficult_piece(const CkState *s, float ax, float ay, float bx, float by)
{
    for (int i = 0; i < CK_PIECES; i++) {
        const CkPiece *p = &s->pieces[i];
        if (p->placed && ck_terrain[p->kind].difficult && seg_dist(ax, ay, bx, by, p->x, p->y) <= p->r)
            return i;
    }
    return -1;
}

/* [CK Playing the Game] the first unsearched piece the way from a to b
 * enters (-1: none), leaving out piece `skip` (the one the figure stands
 * on, which it does not enter); *at (if asked) the fraction of the way
 * where it enters. */
int ck_way_unsearched(const CkState *s, float ax, float ay, float bx, float by, int skip, float *at)
{
    WayBox w = way_box(ax, ay, bx, by);
    float dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy, first = 2;
    int hit = -1;
    #pragma GCC unroll 12 /* as in ck_way_difficult */
    for (int i = 0; i < CK_PIECES; i++) {
        const CkPiece *p = &s->pieces[i];
        if (!p->searched && p->placed && i != skip && near_way(p, &w))
            ck_way_meets(p, i, ax, ay, dx, dy, len2, &first, &hit);
    }
    if (at)
        *at = first;
    return hit;
}

/* [CK Movement and Ranges] figures see all round. ecw: woods, buildings and
 * hills block sight through their interior (deeper than 1" from the edge);
 * a figure inside a wood or building is seen from outside only within 1"
 * of its edge; one on a hill sees out and is seen anywhere on it.
 * The piece that blocks the sight between a and b, or -1; *deep (may be
 * NULL) the one of them standing too far inside it, or NULL when the line
 * passes through its interior. */
int ck_sight_blocker(const CkState *s, const CkFig *a, const CkFig *b, const CkFig **deep)
{
    float lx = a->x < b->x ? a->x : b->x, hx = a->x < b->x ? b->x : a->x;
    float ly = a->y < b->y ? a->y : b->y, hy = a->y < b->y ? b->y : a->y;
    const CkTerrainSpec *terrain = ck_terrain;
    #pragma GCC unroll 12 /* the pieces in a row, as in ck_way_difficult */
    for (int i = 0; i < CK_PIECES; i++) {
        const CkPiece *p = &s->pieces[i];
        float r = p->r;
        if (!p->placed || p->x < lx - r || p->x > hx + r || p->y < ly - r || p->y > hy + r)
            continue; /* the piece lies clear of the line: no need to measure */
        if (!terrain[p->kind].blocks_sight)
            continue;
        float ax = a->x - p->x, ay = a->y - p->y, bx = b->x - p->x, by = b->y - p->y;
        bool in_a = ax * ax + ay * ay <= r * r, in_b = bx * bx + by * by <= r * r; /* as ck_piece_at */
        if (in_a && in_b)
            continue; /* both inside the same piece */
        if (in_a || in_b) {
            const CkFig *in = in_a ? a : b;
            if (ck_dist(in->x, in->y, p->x, p->y) < p->r - 1.0f && terrain[p->kind].hill == 0)
                return deep ? *deep = in, i : i;
            continue;
        }
        if (seg_dist(a->x, a->y, b->x, b->y, p->x, p->y) < p->r - 1.0f)
            return deep ? *deep = NULL, i : i;
    }
    return -1;
}

bool ck_line_of_sight(const CkState *s, const CkFig *a, const CkFig *b) { return ck_sight_blocker(s, a, b, NULL) < 0; }

/* [CK Movement and Ranges] the move of a figure this phase: half in marsh,
 * woods and fields (not for clubmen) when it starts there (ecw; a move
 * that enters or crosses such ground is halved too: ck_move_allowance_from), half after
 * shooting first, and for a dragoon who mounted or dismounted the other
 * half of his 8". A guard's own move or charge frees his prisoners, so it
 * is not held to the escort's 3". */
float ck_move_allowance(const CkState *s, const CkFig *f) { return ck_move_allowance_on(s, f, ck_piece_at(s, f->x, f->y)); }

/* [CK Movement and Ranges] ck_move_allowance for a figure standing on piece p. */
float ck_move_allowance_on(const CkState *s, const CkFig *f, int p)
{
    float m = f->changed_mount ? ck_figs[f->type].move : ck_fig_rate(s, f);
    if (p >= 0 && ck_terrain[s->pieces[p].kind].difficult && f->type != F_CLUBMAN)
        m /= 2;
    if (f->half)
        m /= 2;
    if (ck_halves_spent(s, f))
        return 0; /* his shot first and his change each took half his move: none is left */
    if (f->wounded) /* ecw: a wounded man limps at half speed */
        m /= 2;
    return m;
}
