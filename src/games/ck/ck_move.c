/* ck_move.c - To Catch a King movement [CK Movement and Ranges]: moves in
 * any direction up to the figure's rate, half in marsh, woods and fields
 * (not clubmen), half after shooting first [CK Playing the Game]; dragoons
 * mounting and dismounting; searching a piece by moving onto it; guards
 * leading prisoners off at 3" a turn [CK Captured Persons]; Royalists
 * leaving by the far edge. */
#include "ck.h"
#include <stdlib.h>
#include <string.h>
#include <assert.h>
#include <math.h>

static const char *side_title(int side) { return side == CK_ROY ? "Royalist" : "Parliament"; }

/* A coordinate as %.1f shows it, without the sign of a value that rounds
 * to nothing ("-0.0" for -1e-9). */
static double shown(float v) { return v > -0.05f && v < 0 ? 0.0 : (double)v; }
/* The edge a base of radius r at (x, y) would hang over. */
static const char *edge_of(float x, float y, float r)
{
    return x < r ? "west" : x > CK_TABLE - r ? "east" : y < r ? "south" : "north";
}
static float allowance_to(const CkState *s, const CkFig *f, int from, int to, float x, float y);
static float allowance_way(const CkState *s, const CkFig *f, int from, float m, int to, float x, float y);
static int way_check_known(const CkState *s, const CkFig *f, int from, int to, int way, float x, float y, Diag *d);

/* The allowance for a move to (x, y): ending in or passing through
 * difficult ground halves it too, unless the figure starts on some (then
 * it is halved already) or is a clubman. */
float ck_move_allowance_from(const CkState *s, const CkFig *f, int from, float x, float y)
{
    return allowance_to(s, f, from, CK_FROM_UNKNOWN, x, y);
}

/* ck_move_allowance_from, the piece under (x, y) given (`to`) when the
 * caller knows it (else CK_FROM_UNKNOWN). */
static float allowance_to(const CkState *s, const CkFig *f, int from, int to, float x, float y)
{
    if (from == CK_FROM_UNKNOWN)
        from = ck_piece_at(s, f->x, f->y);
    return allowance_way(s, f, from, ck_move_allowance_on(s, f, from), to, x, y);
}

/* [CK Movement and Ranges] allowance_to for f standing on piece `from`
 * (found) with allowance m there: m, halved for difficult ground at or on
 * the way to (x, y). */
static float allowance_way(const CkState *s, const CkFig *f, int from, float m, int to, float x, float y)
{
    bool from_hard = from >= 0 && ck_terrain[s->pieces[from].kind].difficult;
    if (from_hard || f->type == F_CLUBMAN)
        return m;
    to = to == CK_FROM_UNKNOWN ? ck_piece_at(s, x, y) : to;
    if (to >= 0 && ck_terrain[s->pieces[to].kind].difficult)
        return m / 2;
    return ck_way_difficult(s, f->x, f->y, x, y) ? m / 2 : m;
}

/* [CK Playing the Game] a Parliament figure that comes onto an unsearched
 * piece searches it and the turn ends there, so in Parliament's turn its
 * way to (x, y) may enter no unsearched piece but the one it ends on (the
 * piece it stands on, if any, it does not enter). */
int ck_way_check(const CkState *s, const CkFig *f, int from, float x, float y, Diag *d)
{
    return way_check_known(s, f, from, CK_FROM_UNKNOWN, CK_FROM_UNKNOWN, x, y, d);
}

/* [CK Playing the Game] ck_way_check, the piece under (x, y) (`to`) and
 * the first unsearched piece on the way (`way`) given when the caller
 * knows them (else CK_FROM_UNKNOWN). */
static int way_check_known(const CkState *s, const CkFig *f, int from, int to, int way, float x, float y, Diag *d)
{
    if (!ck_searches(s, f))
        return 0;
    if (from == CK_FROM_UNKNOWN)
        from = ck_piece_at(s, f->x, f->y);
    int p = way == CK_FROM_UNKNOWN ? ck_way_unsearched(s, f->x, f->y, x, y, from, NULL) : way;
    if (p < 0 || p == (to == CK_FROM_UNKNOWN ? ck_piece_at(s, x, y) : to))
        return 0;
    return diag_set(d, "the way crosses the unsearched %s (piece %d), which would be searched: end the move on it "
                       "or go round",
                    ck_terrain[s->pieces[p].kind].name, p + 1);
}

/* Figure i is the acting side's and on the table to act, else why not
 * (a play-tester's shot by a dead dragoon was told only "cannot act"). */
int ck_own_figure(const CkState *s, int i, Diag *d)
{
    if (i < 0 || i >= s->nfigs)
        return diag_set(d, "no such figure");
    const CkFig *f = &s->figs[i];
    if (f->side != s->to_act) { /* whose, and who moves now (a referee in the hot seat was told only "not yours") */
        char id[8];
        ck_fig_id(s, i, id);
        return diag_set(d, "that figure is not yours: %s is %s, and %s moving now", id,
                        f->side == CK_PAR ? "Parliament's" : "a Royalist",
                        s->to_act == CK_PAR ? "Parliament is" : "the Royalists are");
    }
    if (f->status != FS_ACTIVE)
        return diag_set(d, "that figure is %s", f->status == FS_DEAD ? "dead" : f->status == FS_PRISONER
                        ? "a prisoner" : "off the table");
    return 0;
}

static bool guards_prisoners(const CkState *s, int g)
{
    #pragma GCC unroll 8 /* eight figures a turn of the loop, which is little more than its count and test */
    for (int i = 0; i < s->nfigs; i++)
        if (s->figs[i].status == FS_PRISONER && s->figs[i].guard == g)
            return true;
    return false;
}

/* Does any of the n points (px, py) lie within the box x0..x1, y0..y1?
 * Counted over the arrays without a branch (the compiler does several at
 * once): a quick look before the figures' own tests. */
static bool any_in_box(float x0, float y0, float x1, float y1, int n, const float *px, const float *py)
{
    int hits = 0;
    for (int j = 0; j < n; j++)
        hits += (px[j] >= x0) & (px[j] <= x1) & (py[j] >= y0) & (py[j] <= y1);
    return hits > 0;
}

/* Would figure f at (x, y) touch enemy e? */
static bool would_touch(const CkFig *f, const CkFig *e, float x, float y)
{
    return ck_near_box(x - e->x, y - e->y) && ck_dist(x, y, e->x, e->y) <= ck_fig_radius(f) + ck_fig_radius(e) + 0.1f;
}

/* The active enemy figure f would touch at (x, y), or -1. */
static int enemy_touched(const CkState *s, const CkFig *f, float x, float y)
{
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *e = &s->figs[i];
        if (e->side != f->side && e->status == FS_ACTIVE && would_touch(f, e, x, y))
            return i;
    }
    return -1;
}

/* [CK Movement and Ranges] would figure f of the side to act at (x, y)
 * touch an active enemy (no move may end so)? Only
 * the foes listed in k are looked at when k lists them (they are all the
 * active figures of the other side). */
static bool touches_enemy(const CkState *s, const CkFig *f, float x, float y, const CkKnown *k)
{
    if (k && k->nfoes >= 0) {
        if (k->fx && !any_in_box(x - 1.8f, y - 1.8f, x + 1.8f, y + 1.8f, k->nfoes, k->fx, k->fy))
            return false; /* none near enough to touch (near_box, 0.1" spare for the rounding): mostly so */
        #pragma GCC unroll 4 /* four foes a turn of the loop: most are passed over at the first test */
        for (int j = 0; j < k->nfoes; j++)
            if (would_touch(f, &s->figs[k->foes[j]], x, y))
                return true;
        return false;
    }
    return enemy_touched(s, f, x, y) >= 0;
}

/* The refusal of a point where f would touch enemy e (at (x, y)):
 * `what`, then who he is and where he stands. */
static int touch_refused(const CkState *s, const CkFig *f, float x, float y, const char *what, Diag *d)
{
    if (!d)
        return -1;
    int e = enemy_touched(s, f, x, y);
    char id[8] = "?";
    if (e >= 0)
        ck_fig_id(s, e, id);
    return diag_set(d, "%s (%s at (%s, %s))", what, id, ck_inch(e >= 0 ? s->figs[e].x : 0).s,
                    ck_inch(e >= 0 ? s->figs[e].y : 0).s);
}

/* [CK Movement and Ranges] bases never overlap (ecw, option share_ground):
 * see ck.h. A quick look at the box first: most figures stand far off. */
int ck_base_under(const CkState *s, int self, int group, float r, float x, float y)
{
    if (s->share_ground)
        return -1;
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *e = &s->figs[i];
        if (!ck_near_box(x - e->x, y - e->y) || i == self ||
            !(e->status == FS_ACTIVE || (e->status == FS_PRISONER && e->guard != group)))
            continue;
        float dx = x - e->x, dy = y - e->y, room = r + ck_fig_radius(e) - CK_BASE_GRACE; /* the contact grace, the other way */
        if (dx * dx + dy * dy < room * room)
            return i;
    }
    return -1;
}

/* ck_base_under for figure `self` (radius r) ending a move at (x, y),
 * but for his own prisoners (those he keeps in contact are seated beside
 * him again, apply_move), once no active enemy touches that point (checked
 * before: touching is a wider test than standing on): over the others k
 * lists when it lists them, else over every figure. */
static int base_under_known(const CkState *s, int self, float r, float x, float y, const CkKnown *k)
{
    if (!k || k->nothers < 0 || s->share_ground)
        return ck_base_under(s, self, self, r, x, y);
    int hits = 0; /* counted without a branch first: there is mostly none, and a branch a figure mispredicts */
    if (k->ox) /* over the arrays given (the compiler does several at once), floats only: he and his own prisoners
                * are passed over by the test below, where any is near */
        for (int j = 0; j < k->nothers; j++) {
            float dx = x - k->ox[j], dy = y - k->oy[j], room = r + k->orad[j] - CK_BASE_GRACE;
            hits += dx * dx + dy * dy < room * room;
        }
    else
        for (int j = 0; j < k->nothers; j++) {
            int i = k->others[j];
            const CkFig *e = &s->figs[i];
            float dx = x - e->x, dy = y - e->y, room = r + ck_fig_radius(e) - CK_BASE_GRACE;
            hits += (dx * dx + dy * dy < room * room) & (i != self) & (e->status == FS_ACTIVE || e->guard != self);
        }
    for (int j = 0; hits && j < k->nothers; j++) { /* the first, by the same test */
        int i = k->others[j];
        const CkFig *e = &s->figs[i];
        float dx = x - e->x, dy = y - e->y, room = r + ck_fig_radius(e) - CK_BASE_GRACE;
        if (i != self && (e->status == FS_ACTIVE || e->guard != self) && dx * dx + dy * dy < room * room)
            return i;
    }
    return -1;
}

/* The refusal of a point where figure `under`'s base stands. */
int ck_base_taken(const CkState *s, int under, Diag *d)
{
    if (!d)
        return -1; /* nobody reads the reason (the players' many trial orders) */
    char id[8];
    ck_fig_id(s, under, id);
    return diag_set(d, "no room for his base there: %s stands at (%s, %s) (bases may touch, not overlap)", id,
                    ck_inch(s->figs[under].x).s, ck_inch(s->figs[under].y).s);
}

/* The straight way of a base of radius r from (ax, ay) to (bx, by), with
 * its box widened by the most any two bases need (a quick look first: most
 * figures are far from a way). */
typedef struct Way {
    float ax, ay, dx, dy, len2, r;
    float x0, y0, x1, y1;
} Way;

static Way way_of(const CkFig *f, float x, float y)
{
    float grow = ck_fig_radius(f) + 0.75f;
    float lx = f->x < x ? f->x : x, ly = f->y < y ? f->y : y; /* inline, where fminf and fmaxf are calls (the */
    float hx = f->x > x ? f->x : x, hy = f->y > y ? f->y : y; /* same box: a zero's sign is lost to grow) */
    return (Way){f->x, f->y, x - f->x, y - f->y, (x - f->x) * (x - f->x) + (y - f->y) * (y - f->y), ck_fig_radius(f),
                 lx - grow, ly - grow, hx + grow, hy + grow};
}

/* [CK Movement and Ranges] does way w pass over e's base (closer than the
 * two radii, less the contact grace)? A figure touching e may move away
 * from it, not through. */
static bool way_over(const Way *w, const CkFig *e)
{
    if (e->x < w->x0 || e->x > w->x1 || e->y < w->y0 || e->y > w->y1)
        return false;
    float ex = e->x - w->ax, ey = e->y - w->ay, room = w->r + ck_fig_radius(e) - 0.1f;
    float at = w->len2 > 0 ? (ex * w->dx + ey * w->dy) / w->len2 : 0;
    if (at <= 0)
        return false; /* the way leads away from him */
    at = at > 1 ? 1 : at;
    float cx = ex - w->dx * at, cy = ey - w->dy * at;
    return cx * cx + cy * cy < room * room;
}

/* ck_way_blocker, over the foes k lists when it lists them (all the active
 * figures of the other side). */
static int way_blocker_known(const CkState *s, const CkFig *f, float x, float y, const CkFig *except,
                             const CkKnown *k)
{
    if (s->pass_enemies)
        return -1;
    Way w = way_of(f, x, y);
    if (k && k->nfoes >= 0) {
        if (k->fx && !any_in_box(w.x0, w.y0, w.x1, w.y1, k->nfoes, k->fx, k->fy))
            return -1; /* none in the way's box (way_over's quick look): mostly so */
        for (int j = 0; j < k->nfoes; j++)
            if (&s->figs[k->foes[j]] != except && way_over(&w, &s->figs[k->foes[j]]))
                return k->foes[j];
        return -1;
    }
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *e = &s->figs[i];
        if (e != except && e->side != f->side && e->status == FS_ACTIVE && way_over(&w, e))
            return i;
    }
    return -1;
}

int ck_way_blocker(const CkState *s, const CkFig *f, float x, float y, const CkFig *except)
{
    return way_blocker_known(s, f, x, y, except, NULL);
}

/* The refusal of a way over enemy figure `blocker`'s base. */
int ck_way_blocked(const CkState *s, int blocker, Diag *d)
{
    if (!d)
        return -1; /* nobody reads the reason (a legal list's many checks) */
    char id[8];
    ck_fig_id(s, blocker, id);
    return diag_set(d, "the way passes over the base of %s at (%s, %s), an enemy: go round him", id,
                    ck_inch(s->figs[blocker].x).s, ck_inch(s->figs[blocker].y).s);
}

/* f as he would stand at the bend (bx, by) of his way. */
static CkFig at_bend(const CkFig *f, float bx, float by)
{
    CkFig g = *f;
    g.x = bx, g.y = by;
    return g;
}

/* [CK Movement and Ranges] (ecw) see ck.h. */
float ck_bent_allowance(const CkState *s, const CkFig *f, int from, float bx, float by, float x, float y)
{
    CkFig g = at_bend(f, bx, by);
    return fminf(ck_move_allowance_from(s, f, from, bx, by),
                 ck_move_allowance_from(s, &g, ck_piece_at(s, bx, by), x, y));
}

/* A leg's refusal, d's message said to be before or after the bend. */
static int on_leg(int rc, bool first, Diag *d)
{
    if (rc < 0 && d) {
        char msg[sizeof d->msg];
        snprintf(msg, sizeof msg, "%s", d->msg);
        diag_set(d, "%s the bend, %s", first ? "before" : "after", msg);
    }
    return rc;
}

/* [CK Movement and Ranges] the bend of a way on the table, the figure's
 * whole base with it. */
static int bend_on_table(const CkFig *f, float bx, float by, Diag *d)
{
    float r = ck_fig_radius(f);
    if (ck_base_on_table(bx, by, r))
        return 0;
    if (!ck_on_table(bx, by))
        return diag_set(d, "the bend (%g, %g) is off the table", shown(bx), shown(by));
    return diag_set(d, "the bend (%g, %g) is too near the %s edge: his base would hang over it there (keep the bend "
                       "%g\" or more in: his base is %g\" across)",
                    shown(bx), shown(by), edge_of(bx, by, r), (double)r, (double)(2 * r));
}

/* [CK Movement and Ranges] [CK Playing the Game] (ecw) see ck.h. */
int ck_bent_way_check(const CkState *s, const CkFig *f, int from, float bx, float by, float x, float y,
                      const CkFig *except, Diag *d)
{
    if (bend_on_table(f, bx, by, d) < 0)
        return -1;
    if (from == CK_FROM_UNKNOWN)
        from = ck_piece_at(s, f->x, f->y);
    int at = ck_piece_at(s, bx, by);
    if (ck_searches(s, f) && at >= 0 && at != from && !s->pieces[at].searched && at != ck_piece_at(s, x, y))
        return diag_set(d, "the bend (%.1f, %.1f) is on the unsearched %s (piece %d), which would be searched "
                           "there: bend elsewhere",
                        shown(bx), shown(by), ck_terrain[s->pieces[at].kind].name, at + 1);
    CkFig g = at_bend(f, bx, by);
    int blocker;
    if (on_leg(ck_way_check(s, f, from, bx, by, d), true, d) < 0)
        return -1;
    if ((blocker = ck_way_blocker(s, f, bx, by, NULL)) >= 0)
        return on_leg(ck_way_blocked(s, blocker, d), true, d);
    if (on_leg(ck_way_check(s, &g, at, x, y, d), false, d) < 0)
        return -1;
    if ((blocker = ck_way_blocker(s, &g, x, y, except)) >= 0)
        return on_leg(ck_way_blocked(s, blocker, d), false, d);
    return 0;
}

/* [CK Movement and Ranges] why figure f on piece `from` may move only
 * `allow` this time on his way to (x, y) (the bend of a longer way where
 * to_bend), less than his rate:
 * " (halved: ...)", or "". The difficult ground is named by its piece:
 * the one he starts in, else the one the way ends in, else the one on the
 * way. */
void ck_halved_because(const CkState *s, const CkFig *f, int from, float x, float y, bool to_bend, float allow,
                       char *out, size_t n)
{
    const char *why[3];
    int k = 0;
    char ground[64];
    bool rough_here = from >= 0 && ck_terrain[s->pieces[from].kind].difficult && f->type != F_CLUBMAN;
    if (rough_here || allow < ck_move_allowance_on(s, f, from) - 1e-3f) {
        int to = rough_here ? -1 : ck_piece_at(s, x, y);
        bool ends_rough = to >= 0 && ck_terrain[s->pieces[to].kind].difficult;
        int way = rough_here || ends_rough ? -1 : ck_way_difficult_piece(s, f->x, f->y, x, y);
        int p = rough_here ? from : ends_rough ? to : way;
        if (p < 0)
            snprintf(ground, sizeof ground, "marsh, woods or fields on the way");
        else
            snprintf(ground, sizeof ground, rough_here ? "he starts in the %s (piece %d)"
                                            : ends_rough ? (to_bend ? "the bend is in the %s (piece %d)"
                                                                    : "the way ends in the %s (piece %d)")
                                                         : "the %s (piece %d) on the way",
                     ck_terrain[s->pieces[p].kind].name, p + 1);
        why[k++] = ground;
    }
    if (ck_halves_spent(s, f))
        why[k++] = "a shot first and a change, half each";
    else if (f->changed_mount)
        why[k++] = "mounting or dismounting";
    else if (f->half)
        why[k++] = "shooting first";
    if (f->wounded)
        why[k++] = "wounded";
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < k && len < n; i++)
        len += (size_t)snprintf(out + len, n - len, "%s%s%s", i ? ", " : " (halved: ", why[i], i == k - 1 ? ")" : "");
}

/* [CK Movement and Ranges] ck_out_of_reach, (x, y) the bend of a longer
 * way where to_bend. */
static int out_of_reach(const CkState *s, const CkFig *f, int from, float x, float y, bool to_bend, float dist,
                        float allow, const char *what, Diag *d)
{
    if (!d)
        return -1; /* nobody reads the reason (the players' many trial orders) */
    if (from == CK_FROM_UNKNOWN)
        from = ck_piece_at(s, f->x, f->y);
    char why[128] = "";
    if (allow < ck_fig_rate(s, f) - 1e-3f)
        ck_halved_because(s, f, from, x, y, to_bend, allow, why, sizeof why);
    int places = 1;
    for (float scale = 10; places < 4 && llroundf(dist * scale) == llroundf(allow * scale); scale *= 10)
        places++;
    return diag_set(d, "out of reach: %.*f\" %s, this figure may move %.*f\"%s", places, dist, what, places, allow,
                    why);
}

/* [CK Movement and Ranges] the refusal of a way of `dist` inches bent at
 * (bx, by) to (x, y), its halving told from the leg that halves it (a
 * play-tester's bent charge said only "marsh, woods or fields on a leg"). */
int ck_bent_out_of_reach(const CkState *s, const CkFig *f, int from, float bx, float by, float x, float y, float dist,
                         float allow, const char *what, Diag *d)
{
    if (!d)
        return -1;
    if (from == CK_FROM_UNKNOWN)
        from = ck_piece_at(s, f->x, f->y);
    if (ck_move_allowance_from(s, f, from, bx, by) <= allow)
        return out_of_reach(s, f, from, bx, by, true, dist, allow, what, d);
    CkFig g = at_bend(f, bx, by);
    return out_of_reach(s, &g, ck_piece_at(s, bx, by), x, y, false, dist, allow, what, d);
}

/* [CK Movement and Ranges] the refusal of a move or charge of `dist`
 * inches ("away" or "to contact") where `allow` is all figure f may move,
 * with why that is less than his rate, to as many decimals (one to four)
 * as it takes to show the two apart. */
int ck_out_of_reach(const CkState *s, const CkFig *f, int from, float x, float y, float dist, float allow,
                    const char *what, Diag *d)
{
    return out_of_reach(s, f, from, x, y, false, dist, allow, what, d);
}

/* [CK Movement and Ranges] the refusal of a point where a base of radius
 * r would hang over the table's edge, naming the edge. */
static int off_edge(float x, float y, float r, Diag *d)
{
    return diag_set(d, "his base would hang over the %s edge there: keep him %g\" or more in (his base is %g\" "
                       "across)",
                    edge_of(x, y, r), (double)r, (double)(2 * r));
}

/* -1, d's message lengthened with a second reason, `more`. */
static int and_because(Diag *d, const Diag *more)
{
    size_t len = strlen(d->msg);
    snprintf(d->msg + len, sizeof d->msg - len, "; and %s", more->msg);
    return -1;
}

/* A move refused as out of reach whose way also crosses an unsearched
 * piece says so too: the player would otherwise shorten it and be refused
 * again. -1, d's message lengthened. */
int ck_also_crosses(const CkState *s, const CkFig *f, int from, float x, float y, Diag *d)
{
    Diag way = {{0}};
    return ck_way_check(s, f, from, x, y, &way) < 0 ? and_because(d, &way) : -1;
}

/* [CK Movement and Ranges] why figure i, who has moved, may move no more:
 * he charged, or (a dragoon) changed after moving, or simply moved. */
static const char *why_moved(const CkState *s, int i)
{
    const CkFig *f = &s->figs[i];
    if (ck_charged_refusal(s, i))
        return ck_charged_refusal(s, i);
    if (f->changed_mount)
        return f->mounted ? "that dragoon has moved and mounted this turn: he moves no more"
                          : "that dragoon has moved and dismounted this turn: he moves no more";
    return "that figure has already moved";
}

/* [CK Captured Persons] prisoner i in base contact with his guard, bases
 * touching (not overlapping): on the line from the guard through where he
 * stands, at the two radii (a horseman taken goes on foot, and his smaller
 * base would otherwise stand off). */
void ck_beside_guard(CkState *s, int i)
{
    CkFig *p = &s->figs[i];
    const CkFig *g = &s->figs[p->guard];
    float dx = p->x - g->x, dy = p->y - g->y, len = ck_dist(p->x, p->y, g->x, g->y);
    float gap = ck_fig_radius(g) + ck_fig_radius(p);
    if (len < 1e-3f)
        dx = 1, dy = 0, len = 1;
    p->x = g->x + dx / len * gap;
    p->y = g->y + dy / len * gap;
}

/* [CK Captured Persons] prisoner i touching his guard g, bases touching,
 * at the first place round him clear of other bases (ecw: bases never
 * overlap) with his whole base on the table: 30 degrees at a time from
 * angle `ang`, then the places halfway between (at the table's edge a
 * full guard's last man may fit only there); at `ang`, and false, if none
 * is (room_for_prisoners refuses an order that would leave him so). */
static bool seat_by_guard(CkState *s, int i, float ang)
{
    CkFig *p = &s->figs[i];
    const CkFig *g = &s->figs[p->guard];
    float gap = ck_fig_radius(g) + ck_fig_radius(p), r = ck_fig_radius(p);
    for (int turn = 0; turn < 24; turn++) {
        float a = ang + 0.5235988f * (float)(turn % 12) + (turn < 12 ? 0 : 0.2617994f);
        float x = g->x + gap * cosf(a), y = g->y + gap * sinf(a);
        if (ck_base_on_table(x, y, r) && ck_base_under(s, i, -1, r, x, y) < 0) {
            p->x = x, p->y = y;
            return true;
        }
    }
    p->x = g->x + gap * cosf(ang);
    p->y = g->y + gap * sinf(ang);
    return false;
}

/* [CK Captured Persons] prisoners stay in base contact with their guard:
 * after an escort, round him (seat_by_guard, the k-th from 1.2k radians);
 * after he steps (keeping them in contact), mounts or dismounts, where each
 * stood, drawn in or out to touch his base as it now is. False if one
 * found no room. */
static bool gather_prisoners(CkState *s, int g, bool in_place)
{
    int k = 0;
    bool room = true;
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *p = &s->figs[i];
        if (p->status != FS_PRISONER || p->guard != g)
            continue;
        float from = atan2f(p->y - s->figs[g].y, p->x - s->figs[g].x);
        room &= seat_by_guard(s, i, in_place ? from : 1.2f * (float)k++);
    }
    return room;
}

/* [CK Captured Persons] would guard g, at (x, y), still touch any of his
 * prisoners (whom a plain move keeps only so)? */
static bool keeps_any(const CkState *s, int g, float x, float y)
{
    CkFig at = s->figs[g];
    at.x = x, at.y = y;
    for (int i = 0; i < s->nfigs; i++)
        if (s->figs[i].status == FS_PRISONER && s->figs[i].guard == g && ck_in_contact(&at, &s->figs[i]))
            return true;
    return false;
}

/* [CK Captured Persons] [CK Movement and Ranges] would the prisoners of
 * guard a->piece, seated again after order a takes him to (x, y) (a move
 * or an escort; a mount or dismount where he stands), all find room for
 * their bases (ecw: bases never overlap)? Tried on a copy of the state,
 * as the order would leave it. 0, or -1 with why. */
static int room_for_prisoners(const CkState *s, const Action *a, float x, float y, Diag *d)
{
    if (a->verb == CKV_MOVE && !keeps_any(s, a->piece, x, y))
        return 0; /* he leaves them all: nobody to seat (and no copy of the state to make) */
    CkState after = *s;
    CkFig *g = &after.figs[a->piece];
    g->x = x, g->y = y;
    if (a->verb == CKV_MOUNT || a->verb == CKV_DISMOUNT)
        g->mounted = a->verb == CKV_MOUNT;
    if (a->verb == CKV_MOVE)
        ck_prisoners_left(&after, a->piece, NULL); /* those out of contact escape */
    if (gather_prisoners(&after, a->piece, a->verb != CKV_ESCORT))
        return 0;
    if (a->verb == CKV_MOUNT || a->verb == CKV_DISMOUNT)
        return diag_set(d, "no room to %s there: his prisoners' bases would find no room round him (bases may touch, "
                           "not overlap)",
                        ck_verb_words[a->verb]);
    return diag_set(d, "no room there for his prisoners' bases round him (bases may touch, not overlap): lead "
                       "them elsewhere");
}

/* [CK Captured Persons] the prisoners of guard g, named into buf, ", "
 * between: all of them, or (at not NULL) those out of contact with him
 * standing as *at. How many. */
static int name_prisoners(const CkState *s, int g, const CkFig *at, char *buf, size_t n)
{
    static const GameIO labels = {NULL, NULL, NULL};
    int k = 0;
    buf[0] = '\0';
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *p = &s->figs[i];
        if (p->status != FS_PRISONER || p->guard != g || (at && ck_in_contact(at, p)))
            continue;
        size_t len = strlen(buf);
        snprintf(buf + len, n - len, "%s%s", k++ ? ", " : "", ck_fig_label(s, i, &labels).s);
    }
    return k;
}

/* [CK Captured Persons] the prisoners a guard's legal order leaves behind
 * to escape: those his move ends out of contact with; all of them when he
 * sets off to charge or close in (an escort keeps them, and so does a
 * charge from where he stands). Named in buf for the
 * CLI, which has a person give such an order twice (a referee's guard
 * stepped onto a piece to search it and lost his clubman unwarned). */
/* [CK Hand to hand Combat] may figure j charge t, straight or by a bend of
 * his player's choosing (ck_charge_bend)? A bend can bring him to a point
 * of t's base the straight way cannot, as one clear of the marsh t stands
 * in (a play-tester's charge by a bend took Charles after a join had been
 * cautioned as leaving no charge). */
static bool may_charge(const CkState *s, int j, int t)
{
    Action c = {.verb = CKV_CHARGE, .piece = (int16_t)j, .target = (int16_t)t};
    float bx, by;
    return ck_check(s, &c, NULL) == 0 || ck_charge_bend(s, &c, &bx, &by);
}

/* [CK Hand to hand Combat] (option together=yes) does join a leave no
 * charge at its target open to any friend who may still charge (every
 * point of contact within their reach taken)? A play-tester's four joins
 * at one trooper were wasted so: nobody could charge him after. */
static bool join_leaves_no_charge(const CkState *s, const Action *a)
{
    if (a->verb != CKV_JOIN || ck_check(s, a, NULL) != 0)
        return false;
    CkState after = *s;
    ck_apply(&after, a, NULL);
    if (after.phase != s->phase)
        return false; /* (a join that searched a piece ended Parliament's turn: the log says so) */
    for (int j = 0; j < after.nfigs; j++)
        if (j != a->piece && after.figs[j].side == s->to_act && may_charge(&after, j, a->target))
            return false;
    return true;
}

/* Does figure g guard any prisoner? */
static bool holds_prisoners(const CkState *s, int g)
{
    for (int i = 0; i < s->nfigs; i++)
        if (s->figs[i].status == FS_PRISONER && s->figs[i].guard == g)
            return true;
    return false;
}

/* [CK Playing the Game] a Parliament move or escort that ends on an
 * unsearched piece while others of his side have not moved: the search
 * ends the turn at once, and they lose their moves (a newcomer's search
 * in turn 2 left nine troopers standing, and two were killed). Their
 * names into buf; 1 if so. */
static int search_ends_turn(const CkState *s, const Action *a, char *buf, size_t n)
{
    if ((a->verb != CKV_MOVE && a->verb != CKV_ESCORT) || !ck_searches(s, &s->figs[a->piece]))
        return 0;
    float x = a->x, y = a->y; /* an escort's end is worked out, 3" towards the entry point */
    if (a->verb == CKV_ESCORT && !ck_escort_end(s, a, &x, &y))
        return 0; /* off the table */
    int p = ck_piece_at(s, x, y), k = 0;
    if (p < 0 || s->pieces[p].searched)
        return 0;
    char free[200] = "", guards[200] = ""; /* ids of 3 characters at most: 11 troopers and 30 reinforcements */
    int nguards = 0;
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *f = &s->figs[i];
        if (i == a->piece || f->side != CK_PAR || f->status != FS_ACTIVE || f->moved)
            continue;
        char id[8];
        ck_fig_id(s, i, id);
        bool guard = holds_prisoners(s, i); /* (a play-tester took his guards for noise: they are told apart) */
        char *list = guard ? guards : free;
        size_t len = strlen(list);
        snprintf(list + len, sizeof free - len, "%s%s", len ? " " : "", id);
        k++, nguards += guard;
    }
    if (!k)
        return 0;
    char who[640];
    if (!nguards)
        snprintf(who, sizeof who, "%s %s not moved yet and would stay where %s", free, k == 1 ? "has" : "have",
                 k == 1 ? "he stands" : "they stand");
    else
        snprintf(who, sizeof who, "%s%s%s %s %s not moved yet and would stay where %s (a guard who stays keeps his "
                 "prisoners, but does not lead them towards the entry point)",
                 free, free[0] ? " and the " : "the ", nguards == 1 ? "guard" : "guards", guards,
                 k == 1 ? "has" : "have", k == 1 ? "he stands" : "they stand");
    snprintf(buf, n, "ending on the unsearched %s (piece %d) searches it, and Parliament's turn ends at once: %s",
             ck_terrain[s->pieces[p].kind].name, p + 1, who);
    return 1;
}

/* [CK Captured Persons] a guard's move or charge that leaves his
 * prisoners, who escape: in words into buf; 1 if so. */
static int leaves_prisoners(const CkState *s, const Action *a, char *buf, size_t n)
{
    bool all = a->verb == CKV_CHARGE || a->verb == CKV_JOIN;
    if ((!all && a->verb != CKV_MOVE) || (all && !ck_attack_sets_off(s, a)))
        return 0;
    static const GameIO labels = {NULL, NULL, NULL};
    CkFig at = s->figs[a->piece];
    at.x = a->x, at.y = a->y;
    char left[160];
    int k = name_prisoners(s, a->piece, all ? NULL : &at, left, sizeof left);
    if (!k)
        return 0;
    snprintf(buf, n, "%s leaves his prisoner%s %s, who escape%s (a guard who goes from his prisoners loses them)",
             ck_fig_label(s, a->piece, &labels).s, k == 1 ? "" : "s", left, k == 1 ? "s" : "");
    return 1;
}

int ck_caution(const void *st, const Action *a, char *buf, size_t n)
{
    const CkState *s = st;
    if (join_leaves_no_charge(s, a)) {
        static const GameIO labels = {NULL, NULL, NULL};
        snprintf(buf, n, "%s closes in where nobody left can charge %s after him (no free point of contact round "
                         "him within the reach of anyone who may still charge, straight or by a bend): his join would add to no "
                         "charge",
                 ck_fig_label(s, a->piece, &labels).s, ck_fig_label(s, a->target, &labels).s);
        return 1;
    }
    if (a->piece < 0 || a->piece >= s->nfigs)
        return 0;
    char search[800] = "", prisoners[300] = ""; /* both said when both apply */
    int k = search_ends_turn(s, a, search, sizeof search) + leaves_prisoners(s, a, prisoners, sizeof prisoners);
    if (k)
        snprintf(buf, n, "%s%s%s", search, k == 2 ? "; and " : "", prisoners);
    return k > 0;
}

/* ---------------- a worked bend for a refusal ---------------- */

/* What bars figure f's straight way to (x, y), as a circle his way must
 * keep out of: an enemy his base would end touching (an escort's end:
 * the two radii and the grace), the enemy whose base the way passes over
 * (the two radii less the contact grace, as way_over measures), else the
 * first unsearched piece it crosses (its edge), else, for a move out of
 * reach (`halved`), the marsh, wood or field that halves it (not the
 * piece he leaves or ends on). False if none. */
static bool what_bars(const CkState *s, const CkFig *f, float x, float y, bool halved, float *cx, float *cy, float *r)
{
    int e = enemy_touched(s, f, x, y), over = e < 0;
    if (over)
        e = ck_way_blocker(s, f, x, y, NULL);
    if (e >= 0) {
        *cx = s->figs[e].x, *cy = s->figs[e].y;
        *r = ck_fig_radius(f) + ck_fig_radius(&s->figs[e]) + (over ? -0.1f : 0.15f);
        return true;
    }
    int from = ck_piece_at(s, f->x, f->y), p = ck_way_unsearched(s, f->x, f->y, x, y, from, NULL);
    if (p < 0 && halved)
        p = ck_way_difficult_piece(s, f->x, f->y, x, y);
    if (p < 0 || p == from || p == ck_piece_at(s, x, y))
        return false;
    *cx = s->pieces[p].x, *cy = s->pieces[p].y, *r = s->pieces[p].r;
    return true;
}

/* Where the tangent from (ax, ay) on side sa and the one from (gx, gy) on
 * side sb to the circle (cx, cy, r) meet, ahead of both: a bend there is
 * the shortest way round the circle. False where either point is inside
 * it or the two do not meet ahead. */
static bool tangents_meet(float ax, float ay, float gx, float gy, float cx, float cy, float r, int sa, int sb,
                          float *bx, float *by)
{
    float da = ck_dist(ax, ay, cx, cy), dg = ck_dist(gx, gy, cx, cy);
    if (da <= r || dg <= r)
        return false;
    float ta = atan2f(cy - ay, cx - ax) + (float)sa * asinf(r / da);
    float tg = atan2f(cy - gy, cx - gx) + (float)sb * asinf(r / dg);
    float ux = cosf(ta), uy = sinf(ta), vx = cosf(tg), vy = sinf(tg), wx = gx - ax, wy = gy - ay;
    float den = ux * vy - uy * vx;
    if (fabsf(den) < 1e-4f)
        return false; /* (near parallel: they meet far off, if at all) */
    float t = (wx * vy - wy * vx) / den, u = (wx * uy - wy * ux) / den;
    *bx = ax + t * ux, *by = ay + t * uy;
    return t > 0 && u > 0;
}

enum { BEND_RINGS = 3, BEND_SPOKES = 24, BEND_POINTS = 8 + BEND_RINGS * BEND_SPOKES };

/* The bends tried round the circle (cx, cy, r) on the way from (ax, ay)
 * to (gx, gy): where its tangents meet, 0.15" and 0.5" out (the shortest
 * ways), then rings 0.3", 1" and 2" out every 15 degrees (where another
 * piece, an edge or the figure's reach rules those out). Their number. */
static int bend_points(float ax, float ay, float gx, float gy, float cx, float cy, float r, float *px, float *py)
{
    static const float rings[BEND_RINGS] = {0.3f, 1.0f, 2.0f};
    int n = 0;
    for (int k = 0; k < 8; k++)
        n += tangents_meet(ax, ay, gx, gy, cx, cy, r + (k < 4 ? 0.15f : 0.5f), k & 1 ? 1 : -1, k & 2 ? 1 : -1,
                           &px[n], &py[n]);
    for (int k = 0; k < BEND_RINGS * BEND_SPOKES; k++, n++) {
        float ang = 6.2831853f * (float)(k % BEND_SPOKES) / BEND_SPOKES;
        px[n] = cx + (r + rings[k / BEND_SPOKES]) * cosf(ang);
        py[n] = cy + (r + rings[k / BEND_SPOKES]) * sinf(ang);
    }
    return n;
}

/* [CK Movement and Ranges] (ecw) the bend, to 0.1" (as the refusal prints
 * it), that takes straight move or escort a, refused for its way, round
 * what bars it by the shortest way to where it is going (an escort: the
 * entry point) among bend_points, each put to the full check of the bent
 * order (ck_check), so that the order proposed is one the rules accept. A
 * bend the prompt would take for none (within 0.05" of the figure or of
 * the straight way's end) is passed over. False if none is accepted. */
static bool bend_round(const CkState *s, const Action *a, bool halved, float *bx, float *by)
{
    const CkFig *f = &s->figs[a->piece];
    float gx = a->x, gy = a->y, ex = a->x, ey = a->y, cx, cy, r;
    if (a->verb == CKV_ESCORT) {
        gx = ex = s->entry_x, gy = ey = 0;
        ck_escort_end(s, a, &ex, &ey);
    }
    int under = a->verb == CKV_ESCORT ? ck_base_under(s, a->piece, a->piece, ck_fig_radius(f), ex, ey) : -1;
    if (under >= 0) { /* an escort's end on another's base: round him, to end beside him (a play-tester's guards
                       * jammed at the entry point and had to work their bends out) */
        cx = s->figs[under].x, cy = s->figs[under].y, r = ck_fig_radius(f) + ck_fig_radius(&s->figs[under]) + 0.15f;
    } else if (!what_bars(s, f, ex, ey, halved, &cx, &cy, &r))
        return false;
    float px[BEND_POINTS], py[BEND_POINTS], len[BEND_POINTS];
    int n = bend_points(f->x, f->y, gx, gy, cx, cy, r, px, py);
    /* a move's way round longer than his move on open ground is never within it: not checked */
    float most = a->verb == CKV_ESCORT ? INFINITY : ck_move_allowance_on(s, f, ck_piece_at(s, f->x, f->y)) + CK_REACH_GRACE;
    for (int i = 0; i < n; i++) {
        px[i] = roundf(px[i] * 10) / 10, py[i] = roundf(py[i] * 10) / 10;
        len[i] = ck_dist(f->x, f->y, px[i], py[i]) + ck_dist(px[i], py[i], gx, gy);
        if (len[i] > most || ck_dist(f->x, f->y, px[i], py[i]) < 0.05f || ck_dist(ex, ey, px[i], py[i]) < 0.05f)
            len[i] = INFINITY;
    }
    for (;;) { /* the shortest first (the first of equals): the first the rules accept is the one */
        int k = -1;
        for (int i = 0; i < n; i++)
            if (len[i] < INFINITY && (k < 0 || len[i] < len[k]))
                k = i;
        if (k < 0)
            return false;
        Action b = *a;
        b.arg = CK_MOVE_BENT, b.bx = px[k], b.by = py[k];
        if (ck_check(s, &b, NULL) == 0) {
            *bx = b.bx, *by = b.by;
            return true;
        }
        len[k] = INFINITY;
    }
}

/* v in inches with the fewest decimals that read back as v exactly (30,
 * 26.5, 17.25): a player types the order back as it is printed. */
static void inches(float v, char out[24])
{
    for (int places = 0; places <= 9; places++) {
        snprintf(out, 24, "%.*f", places, (double)v);
        if (strtof(out, NULL) == v)
            return;
    }
}

/* A straight way's refusal lengthened with how to go round with a bend
 * (few players would otherwise know they may): an order with a worked
 * bend (bend_round) where one is accepted, else its form. Only for a
 * refusal that someone reads: the players' trial orders pay nothing. */
static __attribute__((cold, noinline)) int hint_bend(const CkState *s, const Action *a, bool halved, Diag *d)
{
    char how[160], id[8], x[24], y[24], bx[24], by[24];
    float ax = 0, ay = 0;
    bool escort = a->verb == CKV_ESCORT;
    if (bend_round(s, a, halved, &ax, &ay)) {
        ck_fig_id(s, a->piece, id);
        inches(a->x, x), inches(a->y, y), inches(ax, bx), inches(ay, by);
        if (escort)
            snprintf(how, sizeof how, "escort %s via %s %s", id, bx, by);
        else
            snprintf(how, sizeof how, "move %s %s %s via %s %s", id, x, y, bx, by);
    } else
        snprintf(how, sizeof how, "%s", escort ? "escort F via BX BY" : "move F X Y via BX BY");
    size_t len = strlen(d->msg);
    snprintf(d->msg + len, sizeof d->msg - len, " (a bend goes round: %s)", how);
    return -1;
}

/* rc, a straight way's refusal (rc < 0) lengthened by hint_bend where d
 * is read. */
static int bend_hint(const CkState *s, const Action *a, int rc, Diag *d)
{
    return rc < 0 && d ? hint_bend(s, a, false, d) : rc;
}

/* [CK Movement and Ranges] a straight move refused as out of reach (rc),
 * lengthened by hint_bend where something on its way, an unsearched piece
 * or difficult ground that halves it, could be gone round (a play-tester
 * found the worked bend missing where it was most wanted); a plain move
 * too long gets nothing more. */
static __attribute__((cold, noinline)) int bend_hint_if_barred(const CkState *s, const Action *a, int rc, Diag *d)
{
    float cx, cy, r;
    const CkFig *f = &s->figs[a->piece];
    float most = ck_move_allowance_on(s, f, ck_piece_at(s, f->x, f->y)); /* no way round is shorter than straight */
    if (!d || ck_dist(f->x, f->y, a->x, a->y) > most + CK_REACH_GRACE)
        return rc;
    return what_bars(s, f, a->x, a->y, true, &cx, &cy, &r) ? hint_bend(s, a, true, d) : rc;
}

/* Does no foe k lists stand within 1.8" of the box round the way from f
 * to (x, y)? Then none touches its end (touches_enemy's box) nor stands
 * in its way (way_of's box, at most 1.5" wider): one quick look for both,
 * where mostly none is near. False when k lists no foes' places. */
static bool clear_of_foes(const CkFig *f, float x, float y, const CkKnown *k)
{
    if (!k || k->nfoes < 0 || !k->fx)
        return false;
    float lx = f->x < x ? f->x : x, ly = f->y < y ? f->y : y, hx = f->x > x ? f->x : x, hy = f->y > y ? f->y : y;
    return !any_in_box(lx - 1.8f, ly - 1.8f, hx + 1.8f, hy + 1.8f, k->nfoes, k->fx, k->fy);
}

/* [CK Movement and Ranges] where a move ends: not where the figure
 * stands, not touching an enemy (that is a charge), on no other base;
 * `clear`: no foe near enough to touch it (clear_of_foes). */
static inline __attribute__((always_inline)) int check_move_end(const CkState *s, const Action *a, bool exit_north,
                                                            const CkKnown *k, bool clear, Diag *d)
{
    const CkFig *f = &s->figs[a->piece];
    if (ck_dist(f->x, f->y, a->x, a->y) < 0.05f)
        return diag_set(d, "that is where the figure stands: give another point, or `end` to leave it");
    assert(!clear || !touches_enemy(s, f, a->x, a->y, k));
    if (!clear && touches_enemy(s, f, a->x, a->y, k))
        return touch_refused(s, f, a->x, a->y, "that would touch an enemy: use charge", d);
    int under = exit_north && !ck_on_table(a->x, a->y) ? -1 : base_under_known(s, a->piece, ck_fig_radius(f), a->x, a->y, k);
    assert((under >= 0) == (!(exit_north && !ck_on_table(a->x, a->y)) &&
                            ck_base_under(s, a->piece, a->piece, ck_fig_radius(f), a->x, a->y) >= 0)); /* (who is named may differ) */
    return under >= 0 ? ck_base_taken(s, under, d) : 0;
}

/* [CK Movement and Ranges] (ecw) a move with one bend, at (a->bx, a->by):
 * the two legs together within the figure's rate (halved as either leg
 * would be), the bend and both legs open to him as a straight way must
 * be (ck_bent_way_check), and its end as any move's. A player goes round
 * a wood or an enemy in one move, as on the table. */
static int check_bent_move(const CkState *s, const Action *a, bool exit_north, Diag *d)
{
    const CkFig *f = &s->figs[a->piece];
    if (bend_on_table(f, a->bx, a->by, d) < 0) /* (before its distance, which means little off the table) */
        return -1;
    int from = ck_piece_at(s, f->x, f->y);
    float len = ck_dist(f->x, f->y, a->bx, a->by) + ck_dist(a->bx, a->by, a->x, a->y);
    float allow = ck_bent_allowance(s, f, from, a->bx, a->by, a->x, a->y);
    if (len > allow + CK_REACH_GRACE) {
        /* the reason for a halving, from the leg that halves it */
        if (!d)
            return -1;
        ck_bent_out_of_reach(s, f, from, a->bx, a->by, a->x, a->y, len, allow, "by way of the bend", d);
        Diag way = {{0}};
        return ck_bent_way_check(s, f, from, a->bx, a->by, a->x, a->y, NULL, &way) < 0 ? and_because(d, &way) : -1;
    }
    if (check_move_end(s, a, exit_north, NULL, false, d) < 0)
        return -1;
    return ck_bent_way_check(s, f, from, a->bx, a->by, a->x, a->y, NULL, d);
}

/* [CK Movement and Ranges] a move within the figure's rate, on the table (a
 * Royalist may step off the north edge), never into contact; one a turn,
 * and none after a charge [CK Hand to hand Combat], whose refusal names it. */
static int check_move(const CkState *s, const Action *a, const CkKnown *k, Diag *d)
{
    const CkFig *f = &s->figs[a->piece];
    if (f->moved) /* the reason looked for only when someone reads it */
        return d ? diag_set(d, "%s", why_moved(s, a->piece)) : -1;
    bool exit_north = f->side == CK_ROY && a->y >= CK_TABLE - 0.5f && a->x >= 0 && a->x <= CK_TABLE;
    if (!ck_on_table(a->x, a->y) && !exit_north)
        return diag_set(d, "(%.1f, %.1f) is off the table (%s)", shown(a->x), shown(a->y),
                        a->x < 0 ? "x is below 0" : a->x > CK_TABLE ? "x is above 48" : a->y < 0 ? "y is below 0"
                                                                                            : "y is above 48");
    if (!exit_north && !ck_base_on_table(a->x, a->y, ck_fig_radius(f))) {
        off_edge(a->x, a->y, ck_fig_radius(f), d);
        if (d && f->side == CK_ROY && a->y > CK_TABLE - 1.5f) { /* (a play-tester fleeing with Wilmot was not told) */
            size_t len = strlen(d->msg);
            snprintf(d->msg + len, sizeof d->msg - len, "; to leave the table, end within 0.5\" of the north edge "
                                                        "(y 47.5 or more)");
        }
        return -1;
    }
    if (a->arg != CK_MOVE_STRAIGHT)
        return check_bent_move(s, a, exit_north, d);
    float dist = ck_dist(f->x, f->y, a->x, a->y);
    int from = k && k->from != CK_FROM_UNKNOWN ? k->from : ck_piece_at(s, f->x, f->y);
    float m = ck_move_allowance_on(s, f, from);
    /* within half of it, the ground at and on the way (which can only halve it) is not looked at */
    float allow = dist > m / 2 + 1e-3f ? allowance_way(s, f, from, m, k ? k->to : CK_FROM_UNKNOWN, a->x, a->y) : m;
    if (dist > allow + CK_REACH_GRACE) {
        if (!d)
            return -1; /* nobody reads the reason (the players' many trial orders) */
        ck_out_of_reach(s, f, from, a->x, a->y, dist, allow, "away", d);
        return bend_hint_if_barred(s, a, ck_also_crosses(s, f, from, a->x, a->y, d), d);
    }
    bool clear = clear_of_foes(f, a->x, a->y, k);
    if (check_move_end(s, a, exit_north, k, clear, d) < 0)
        return -1;
    assert(!clear || way_blocker_known(s, f, a->x, a->y, NULL, k) < 0);
    int blocker = clear ? -1 : way_blocker_known(s, f, a->x, a->y, NULL, k);
    if (blocker >= 0)
        return bend_hint(s, a, ck_way_blocked(s, blocker, d), d);
    int rc = k ? way_check_known(s, f, k->from, k->to, k->way, a->x, a->y, d)
               : ck_way_check(s, f, CK_FROM_UNKNOWN, a->x, a->y, d);
    return bend_hint(s, a, rc, d);
}

/* [CK Movement and Ranges] the refusal of a change after more than half a
 * move, with the numbers: half of what this turn allowed him, of how much,
 * and why that was less than his rate where the state still shows it (a
 * shot first, the ground he ended on). How far he went and the ground he
 * started on or crossed are not kept, so that last halving is only said
 * to be possible. */
static int more_than_half(const CkState *s, const CkFig *f, Diag *d)
{
    int at = ck_piece_at(s, f->x, f->y);
    bool rough = at >= 0 && ck_terrain[s->pieces[at].kind].difficult;
    float m = ck_move_allowance_on(s, f, at);
    char why[96] = "";
    size_t len = 0;
    if (f->half)
        len += (size_t)snprintf(why + len, sizeof why - len, ", halved for shooting first");
    if (rough)
        snprintf(why + len, sizeof why - len, ", halved as he ends in the %s (piece %d)", ck_terrain[s->pieces[at].kind].name,
                 at + 1);
    else
        snprintf(why + len, sizeof why - len, "; half that again if marsh, woods or fields were on his way");
    return diag_set(d, "that dragoon has moved more than half his move this turn: he may change only after half of it "
                       "or less (%.1f\" of his %.1f\"%s)", m / 2, m, why);
}

/* [CK Movement and Ranges] [CK Hand to hand Combat] [CK Captured Persons]
 * the refusal of a change by dragoon i, who has moved and not within half
 * his move: a charge or a capture is his whole turn (ck_charged_refusal);
 * an escort, which goes its own 3" and marks him moved, was his move, and
 * leaves no half of it for a change; else he went more than half
 * (more_than_half). The state keeps no mark of an escort, so a guard who
 * still holds his prisoners is told both: an escort, or a plain move of
 * more than half that kept them (a play-tester's, stepping round his own
 * man in a wood), refuse the change alike. */
static int no_change_after_moving(const CkState *s, int i, Diag *d)
{
    const char *charged = ck_charged_refusal(s, i);
    if (charged)
        return diag_set(d, "%s", charged);
    if (guards_prisoners(s, i))
        return diag_set(d, "that dragoon has moved with his prisoners this turn, escorting them or going more than half "
                           "his move: he may no longer mount or dismount (a dragoon may change before an escort, or "
                           "after half a move, not after either)");
    return more_than_half(s, &s->figs[i], d);
}

/* [CK Movement and Ranges] only dragoons mount or dismount, once a turn,
 * for half their move: before moving (then the other half is left), or
 * after a move of no more than half of what this turn allowed him (the
 * rulebook allows the change after half a move). Shooting first halves the
 * move too, and the two halves are the same half: a dragoon may shoot and
 * change in either order and still move half his move. */
static int check_mount(const CkState *s, const Action *a, Diag *d)
{
    const CkFig *f = &s->figs[a->piece];
    if (f->type != F_DRAGOON)
        return diag_set(d, "only dragoons mount and dismount");
    if ((a->verb == CKV_MOUNT) == (f->mounted != 0))
        return diag_set(d, "that dragoon is already %s", f->mounted ? "mounted" : "on foot");
    if (f->changed_mount)
        return diag_set(d, "that dragoon has already %s this turn", f->mounted ? "mounted" : "dismounted");
    if (f->moved && !f->half_moved)
        return d ? no_change_after_moving(s, a->piece, d) : -1;
    if (a->verb == CKV_MOUNT && !ck_base_on_table(f->x, f->y, 0.75f)) /* his horse's larger base */
        return off_edge(f->x, f->y, 0.75f, d);
    int under = a->verb == CKV_MOUNT ? ck_base_under(s, a->piece, a->piece, 0.75f, f->x, f->y) : -1; /* (his men are seated again) */
    if (under >= 0) { /* [CK Movement and Ranges] his horse's larger base: no room for it there */
        if (!d)
            return -1;
        char id[8];
        ck_fig_id(s, under, id);
        return diag_set(d, "no room to mount there: his horse's base would stand on %s's at (%s, %s) (move "
                           "apart first)", id, ck_inch(s->figs[under].x).s, ck_inch(s->figs[under].y).s);
    }
    return guards_prisoners(s, a->piece) ? room_for_prisoners(s, a, f->x, f->y, d) : 0;
}

/* [CK Captured Persons] where an escort takes guard f: 3" towards the
 * entry point, or off the table when that is within reach (3", and the
 * half inch a figure stands inside the edge); with a bend (a->arg,
 * ecw), to the bend and on towards the entry point for the rest of the
 * 3". A guard who comes along the south edge keeps his whole base on the
 * table (ecw: "No base over the edge"), a little short of 3" there. */
static bool escort_point(const CkState *s, const CkFig *f, const Action *a, float *x, float *y)
{
    float fx = f->x, fy = f->y, left = 3.0f;
    if (a->arg == CK_MOVE_BENT) /* (a bend 3" off, give or take the grace, leaves nothing) */
        left = fmaxf(left - ck_dist(fx, fy, a->bx, a->by), 0), fx = a->bx, fy = a->by;
    float len = ck_dist(fx, fy, s->entry_x, 0);
    if (len <= left + 0.5f)
        return false;
    *x = fx + (s->entry_x - fx) / len * left;
    *y = fmaxf(fy + (0 - fy) / len * left, fminf(fy, ck_fig_radius(f)));
    return true;
}

/* [CK Captured Persons] for guard f's escort leaving the table: the enemy
 * whose base stands over the entry point (x, y), so that no way off is
 * open until he moves, or -1. */
static int entry_barred(const CkState *s, const CkFig *f, float x, float y)
{
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *e = &s->figs[i];
        if (e->side != f->side && e->status == FS_ACTIVE &&
            ck_dist(x, y, e->x, e->y) < ck_fig_radius(f) + ck_fig_radius(e) - 0.1f)
            return i;
    }
    return -1;
}

/* The refusal of an escort off the table while enemy e bars the entry point. */
static int entry_blocked(const CkState *s, int e, Diag *d)
{
    if (!d)
        return -1;
    char id[8];
    ck_fig_id(s, e, id);
    return diag_set(d, "%s at (%s, %s) stands at the entry point (%.1f, 0.0), an enemy: no way off the table is "
                       "open to the prisoners until he moves or is beaten",
                    id, ck_inch(s->figs[e].x).s, ck_inch(s->figs[e].y).s, (double)s->entry_x);
}

/* [CK Captured Persons] [CK Movement and Ranges] the ways of an escort to
 * (x, y) (the entry point, where it leaves the table: none while an enemy
 * stands over it), as a move's: over no enemy's base, across no unsearched piece
 * but one it ends on; with a bend (ecw) 3" at most from the guard, the
 * bend and both legs open to him (ck_bent_way_check). */
static int check_escort_way(const CkState *s, const Action *a, bool on_table, float x, float y, Diag *d)
{
    const CkFig *f = &s->figs[a->piece];
    int at_entry = on_table ? -1 : entry_barred(s, f, x, y);
    if (at_entry >= 0)
        return entry_blocked(s, at_entry, d);
    if (a->arg == CK_MOVE_STRAIGHT) {
        int blocker = ck_way_blocker(s, f, x, y, NULL);
        int rc = blocker >= 0 ? ck_way_blocked(s, blocker, d) : ck_way_check(s, f, CK_FROM_UNKNOWN, x, y, d);
        return bend_hint(s, a, rc, d);
    }
    float first = ck_dist(f->x, f->y, a->bx, a->by);
    if (first > 3.0f + CK_REACH_GRACE)
        return diag_set(d, "the bend (%.1f, %.1f) is %.1f\" away: an escort goes 3\" a turn, so bend within 3\"",
                        shown(a->bx), shown(a->by), (double)first);
    return ck_bent_way_check(s, f, CK_FROM_UNKNOWN, a->bx, a->by, x, y, NULL, d);
}

/* [CK Captured Persons] a guard with prisoners who has not moved (he may
 * have shot: shooting first leaves half his move, never under the
 * escort's 3", ecw) [CK Playing the Game]; the escort is a move like any
 * other [CK Movement and Ranges]: its ways (check_escort_way; one that
 * leaves the table, to the entry point), and on the table its end: not
 * touching an enemy, on no other base, with room for his prisoners round
 * him. */
static int check_escort(const CkState *s, const Action *a, Diag *d)
{
    const CkFig *f = &s->figs[a->piece];
    if (!guards_prisoners(s, a->piece))
        return diag_set(d, "that figure guards no prisoners");
    if (f->moved) /* (a shot first is no bar: the escort's 3" is within the half move it leaves, ecw) */
        return d ? diag_set(d, "%s", why_moved(s, a->piece)) : -1;
    float x = s->entry_x, y = 0;
    bool on_table = escort_point(s, f, a, &x, &y);
    if (on_table && touches_enemy(s, f, x, y, NULL))
        return bend_hint(s, a, touch_refused(s, f, x, y, "the escort would end touching an enemy", d), d);
    int under = on_table ? ck_base_under(s, a->piece, a->piece, ck_fig_radius(f), x, y) : -1; /* his men go with him */
    if (under >= 0)
        return a->arg == CK_MOVE_STRAIGHT ? bend_hint(s, a, ck_base_taken(s, under, d), d) : ck_base_taken(s, under, d);
    if (check_escort_way(s, a, on_table, x, y, d) < 0)
        return -1;
    return on_table ? room_for_prisoners(s, a, x, y, d) : 0; /* (or he leaves the table) */
}

bool ck_escort_end(const CkState *s, const Action *a, float *x, float *y)
{
    return escort_point(s, &s->figs[a->piece], a, x, y);
}

/* A move's or an escort's arg and bend agree: arg CK_MOVE_BENT with a
 * bend, CK_MOVE_STRAIGHT without (only an edited record has them
 * otherwise). */
static int check_bend_arg(const Action *a, const char *word, Diag *d)
{
    if (a->arg != CK_MOVE_STRAIGHT && a->arg != CK_MOVE_BENT)
        return diag_set(d, "%s %s's arg is %d for a way with a bend, else %d (got %d)", strchr("aeiou", word[0]) ? "an" : "a",
                        word, CK_MOVE_BENT, CK_MOVE_STRAIGHT, a->arg);
    if (a->arg == CK_MOVE_STRAIGHT && (a->bx != 0 || a->by != 0))
        return diag_set(d, "a straight %s takes no bend (got %g, %g): its arg is %d for one", word, (double)a->bx,
                        (double)a->by, CK_MOVE_BENT);
    return 0;
}

int ck_move_check_known(const CkState *s, const Action *a, const CkKnown *k, Diag *d)
{
    if (ck_own_figure(s, a->piece, d) < 0)
        return -1;
    if ((a->verb == CKV_MOVE || a->verb == CKV_ESCORT) && (a->arg != 0 || a->bx != 0 || a->by != 0) &&
        check_bend_arg(a, ck_verb_words[a->verb], d) < 0)
        return -1;
    switch (a->verb) {
    case CKV_MOVE:
        if (check_move(s, a, k, d) < 0)
            return -1;
        return s->to_act == CK_PAR && guards_prisoners(s, a->piece) ? room_for_prisoners(s, a, a->x, a->y, d) : 0;
    case CKV_DISMOUNT:
    case CKV_MOUNT: return check_mount(s, a, d);
    case CKV_ESCORT: return s->to_act == CK_PAR ? check_escort(s, a, d) : diag_set(d, "only Parliament escorts");
    default: return diag_set(d, "now is the time to move, shoot, charge or end");
    }
}

/* ---------------- searching ---------------- */

static const char *person_name(int prom)
{
    return prom == PROM_CHARLES ? "charles" : prom == PROM_WILMOT ? "wilmot" : "none";
}

/* [CK Playing the Game] [CK Chance Cards] Charles or Wilmot, found by a
 * search or shown by the drover, is placed on piece p 1" off its centre
 * (right and down): the centre is where the first of the figures found
 * stands (ck_add_figs), so the two bases never overlap, whichever came
 * first. Nothing for a blank card. */
void ck_place_person(CkState *s, int piece)
{
    const CkPiece *p = &s->pieces[piece];
    if (p->prom == PROM_CHARLES || p->prom == PROM_WILMOT)
        ck_add_figs(s, p->prom == PROM_CHARLES ? F_CHARLES : F_WILMOT, 1, p->x + 1.0f, p->y - 1.0f, piece);
}

/* [CK Playing the Game] a Parliament figure on a piece turns over both its
 * cards; whoever is found is placed on the piece. Clubmen: the first of
 * each group carries a musket (ecw). */
void ck_reveal(CkState *s, int piece, GameIO *io)
{
    static const uint8_t types[4] = {0, F_SHOT, F_HORSE, F_CLUBMAN};
    CkPiece *p = &s->pieces[piece];
    p->searched = 1;
    int count = 0, first = s->nfigs;
    if (p->disc != DISC_BLANK) {
        count = game_roll(&s->rng, io, 6, VIS_PUBLIC, "number of %s found", ck_disc_names[p->disc]);
        ck_add_figs(s, types[p->disc], count, p->x, p->y, piece);
        if (p->disc == DISC_CLUBMEN && first < s->nfigs)
            s->figs[first].musket = 1;
    }
    if (!p->prom_seen) /* else the drover showed him, and he is on the table already */
        ck_place_person(s, piece);
    EventLog *log = io ? io->log : NULL;
    if (evlog_begin(log, "reveal", VIS_PUBLIC)) {
        evlog_str(log, "terrain", ck_terrain[p->kind].name);
        evlog_int(log, "piece", piece + 1);
        evlog_str(log, "discovery", ck_disc_names[p->disc]);
        evlog_int(log, "count", count);
        evlog_str(log, "person", person_name(p->prom));
        if (p->prom_seen) /* (a script counting reveals and drover events counted him twice: a play-tester's) */
            evlog_int(log, "person_shown_before", 1);
        Jw *w = evlog_jw(log); /* who was placed, as "arrival" says (an analyst could not follow them) */
        jw_key(w, "ids");
        jw_arr(w);
        for (int i = first; i < s->nfigs; i++)
            jw_int(w, i + 1);
        jw_arr_end(w);
        char found[32] = "a blank discovery card";
        if (count)
            snprintf(found, sizeof found, "%d %s", count, ck_fig_noun(types[p->disc], count));
        evlog_end(log, "The %s (piece %d) is searched: %s", ck_terrain[p->kind].name, piece + 1,
                  ck_cards_said(found, p->prom_seen ? -1 : p->prom).s);
    }
}

/* ---------------- apply ---------------- */

/* The event of figure i's move from (fx, fy), written to io's log. */
/* [CK Playing the Game] a searcher's move that ends just off an unsearched
 * piece, within half an inch of its edge, searches nothing: said after the
 * move, " (0.04\" short of the unsearched hill (piece 7): nothing searched)"
 * (a play-tester's move ended 3.04" from a hill's centre unremarked); ""
 * otherwise. */
static void short_of_a_piece(const CkState *s, const CkFig *f, char *buf, size_t n)
{
    buf[0] = '\0';
    if (!ck_searches(s, f) || ck_piece_at(s, f->x, f->y) >= 0)
        return;
    for (int p = 0; p < CK_PIECES; p++) {
        const CkPiece *pc = &s->pieces[p];
        float off = ck_dist(f->x, f->y, pc->x, pc->y) - pc->r;
        if (pc->placed && !pc->searched && off < 0.5f) {
            char by[24]; /* (a tester was told "0.00\" short" of a man 0.002" off) */
            snprintf(by, sizeof by, off < 0.005f ? "less than 0.01\"" : "%.2f\"", (double)off);
            snprintf(buf, n, " (%s short of the unsearched %s (piece %d): nothing searched)", by,
                     ck_terrain[pc->kind].name, p + 1);
            return;
        }
    }
}

static void write_move(CkState *s, int i, float fx, float fy, GameIO *io, const char *what)
{
    EventLog *log = io->log;
    const CkFig *f = &s->figs[i];
    if (evlog_begin(log, "move", VIS_PUBLIC)) {
        evlog_int(log, "figure", i + 1);
        evlog_str(log, "figure_type", ck_figs[f->type].name);
        char shy[96];
        short_of_a_piece(s, f, shy, sizeof shy);
        size_t n = strlen(what); /* "... at": (dis)mounting where he stands, a charger already touching (a
                                  * play-tester read "at (13.4, 23.5) to (13.4, 23.5)") */
        if ((fx == f->x && fy == f->y) || (n >= 3 && strcmp(what + n - 3, " at") == 0) || !ck_on_table(f->x, f->y))
            evlog_end(log, "%s %s %s (%s, %s)", side_title(f->side), ck_fig_label(s, i, io).s, what, ck_inch(fx).s,
                      ck_inch(fy).s);
        else /* to the hundredth where the order was typed so (a referee's 6.35 logged as 6.3) */
            evlog_end(log, "%s %s %s (%s, %s) to (%s, %s)%s", side_title(f->side), ck_fig_label(s, i, io).s, what,
                      ck_inch(fx).s, ck_inch(fy).s, ck_inch(f->x).s, ck_inch(f->y).s, shy);
    }
}

/* write_move when there is a log (inline: most games keep none, and a
 * move is the commonest action). */
static inline void log_move(CkState *s, int i, float fx, float fy, GameIO *io, const char *what)
{
    if (io && io->log)
        write_move(s, i, fx, fy, io, what);
}

void ck_log_move(CkState *s, int i, float fx, float fy, GameIO *io, const char *what)
{
    log_move(s, i, fx, fy, io, what);
}

/* [CK Movement and Ranges] did a dragoon's move a from (fx, fy), where he
 * stands now (by its bend, if it has one), take no more than half of what this turn allowed him (his
 * rate, halved for rough ground on the way or a shot first)? Only then
 * may he still change. (Long moves are passed over before the allowance
 * is worked out.) */
static bool half_a_move(const CkState *s, const CkFig *f, float fx, float fy, const Action *a)
{
    bool bent = a->arg == CK_MOVE_BENT;
    float dist = bent ? ck_dist(fx, fy, a->bx, a->by) + ck_dist(a->bx, a->by, a->x, a->y) : ck_dist(fx, fy, a->x, a->y);
    float rate = ck_fig_rate(s, f);
    if (f->type != F_DRAGOON || f->changed_mount || dist > rate / 2 + CK_REACH_GRACE)
        return false; /* (after a change the answer is never asked) */
    if (dist <= rate / 4 + CK_REACH_GRACE)
        return true; /* rough ground and a shot first halve it twice at most */
    CkFig before = at_bend(f, fx, fy);
    int from = ck_piece_at(s, fx, fy);
    float allow = bent ? ck_bent_allowance(s, &before, from, a->bx, a->by, a->x, a->y)
                       : ck_move_allowance_from(s, &before, from, a->x, a->y);
    return dist <= allow / 2 + CK_REACH_GRACE;
}

/* The event of a move or an escort a of figure a->piece from (fx, fy):
 * "moves from", "moves by way of (bx, by) from" where it bends (`what`
 * the verb's words), when there is a log. */
static void log_way(CkState *s, const Action *a, float fx, float fy, GameIO *io, const char *what)
{
    if (!io || !io->log)
        return;
    char words[160];
    if (a->arg == CK_MOVE_BENT)
        snprintf(words, sizeof words, "%s by way of (%.1f, %.1f) from", what, shown(a->bx), shown(a->by));
    else
        snprintf(words, sizeof words, "%s from", what);
    write_move(s, a->piece, fx, fy, io, words);
}

/* [CK Movement and Ranges] a move; a guard who leaves his prisoners loses
 * them [CK Captured Persons]; a Royalist on the north edge leaves for good;
 * a Parliament figure on an unsearched piece searches it [CK Playing the Game]. */
static void apply_move(CkState *s, const Action *a, GameIO *io)
{
    CkFig *f = &s->figs[a->piece];
    float fx = f->x, fy = f->y;
    f->x = a->x;
    f->y = a->y;
    f->moved = 1;
    f->half_moved = half_a_move(s, f, fx, fy, a);
    if (f->side == CK_ROY && f->y >= CK_TABLE - 0.5f) {
        f->status = FS_EXITED;
        log_way(s, a, fx, fy, io, "slips away off the far edge");
        return;
    }
    log_way(s, a, fx, fy, io, "moves"); /* before the prisoners it leaves (a referee read the escape first) */
    if (f->side == CK_PAR && guards_prisoners(s, a->piece)) { /* only Parliament takes prisoners */
        ck_prisoners_left(s, a->piece, io);
        gather_prisoners(s, a->piece, true); /* those he kept, seated beside him where they stood */
    }
    ck_search_if_on_piece(s, a->piece, io);
}

/* [CK Playing the Game] a Parliament figure that ends its move (a plain
 * move, a charge or an escort) on an unsearched piece searches it, and
 * Parliament's turn ends at once. */
void ck_search_if_on_piece(CkState *s, int i, GameIO *io)
{
    ck_search_if_reached(s, i, s->figs[i].x, s->figs[i].y, io);
}

/* [CK Playing the Game] ck_search_if_on_piece for the piece at (x, y), which figure i reached
 * in his move (a charger's point of contact, though a recoil has since
 * driven him off it). */
void ck_search_if_reached(CkState *s, int i, float x, float y, GameIO *io)
{
    const CkFig *f = &s->figs[i];
    if (!ck_searches(s, f) || f->status != FS_ACTIVE)
        return; /* (before looking for the piece, which costs more) */
    int p = ck_piece_at(s, x, y);
    if (p < 0 || s->pieces[p].searched)
        return;
    ck_reveal(s, p, io);
    ck_check_end(s, io); /* the last search may end the game at once */
    if (s->phase != CP_OVER)
        ck_end_phase(s, io);
}

/* "escorts his prisoner Charles X", or "leads his prisoners K1, K2": the
 * prisoners guard g leads, named for the log (a tester read "escorts
 * prisoners" of Charles alone). */
static void led_words(const CkState *s, int g, const char *verb, char *buf, size_t n)
{
    char who[80];
    int k = name_prisoners(s, g, NULL, who, sizeof who);
    snprintf(buf, n, "%s his prisoner%s %s", verb, k == 1 ? "" : "s", who);
}

/* [CK Captured Persons] 3" towards the entry point; at the edge the guard
 * and his prisoners leave the table for good. */
static void apply_escort(CkState *s, const Action *a, GameIO *io)
{
    CkFig *f = &s->figs[a->piece];
    float fx = f->x, fy = f->y, x, y;
    f->moved = 1;
    bool stays = escort_point(s, f, a, &x, &y);
    char what[120] = "";
    if (io && io->log) /* the men he leads, named for the referee (before they leave the table with him) */
        led_words(s, a->piece, stays ? "escorts" : "leads", what, sizeof what);
    if (!stays) {
        f->status = FS_EXITED;
        strncat(what, " off the table", sizeof what - strlen(what) - 1);
        for (int i = 0; i < s->nfigs; i++)
            if (s->figs[i].status == FS_PRISONER && s->figs[i].guard == a->piece)
                s->figs[i].status = FS_ESCORTED;
        log_way(s, a, fx, fy, io, what);
        return;
    }
    f->x = x;
    f->y = y;
    gather_prisoners(s, a->piece, false);
    for (int i = 0; i < s->nfigs; i++) /* led 3" this turn: not handed on to be led again (check_takeover) */
        if (s->figs[i].status == FS_PRISONER && s->figs[i].guard == a->piece)
            s->figs[i].moved = 1;
    log_way(s, a, fx, fy, io, what);
    ck_search_if_on_piece(s, a->piece, io);
}

/* [CK Movement and Ranges] a move, an escort [CK Captured Persons], or a
 * dragoon mounting or dismounting for half his move. */
void ck_move_apply(CkState *s, const Action *a, GameIO *io)
{
    CkFig *f = &s->figs[a->piece];
    switch (a->verb) {
    case CKV_MOVE: apply_move(s, a, io); break;
    case CKV_ESCORT: apply_escort(s, a, io); break;
    default: /* mount / dismount: half the move is spent */
        f->mounted = a->verb == CKV_MOUNT;
        f->half = 1;
        f->changed_mount = 1;
        gather_prisoners(s, a->piece, true); /* his base grew or shrank: they touch it still */
        log_move(s, a->piece, f->x, f->y, io, f->mounted ? "mounts at" : "dismounts at");
        break;
    }
}
