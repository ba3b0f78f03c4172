/* ck_combat.c - To Catch a King combat, DBA style: both sides roll 1d6 and
 * add their factor [CK Figure combat Factors] and modifiers
 * [CK Shooting factors] [CK Hand to hand Combat]; the outcome
 * [CK Combat Outcomes]: beaten but more than half the winner's score, the
 * loser recoils half a move; half or less, he is dead (Charles and Wilmot:
 * 1-3 dead, 4-6 wounded). Parliament may capture whom it beats hand to
 * hand; prisoners and their guards [CK Captured Persons]. */
#include "ck.h"
#include <math.h>
#include <string.h>

static bool fig_mounted(const CkFig *f) { return f->mounted != 0; }

/* [CK Figure combat Factors] a figure's factor against an opponent on foot
 * or mounted. */
static int base_factor(const CkFig *f, const CkFig *opp)
{
    return fig_mounted(opp) ? ck_figs[f->type].vs_mounted : ck_figs[f->type].vs_foot;
}

static int piece_kind_at(const CkState *s, const CkFig *f)
{
    int p = ck_piece_at(s, f->x, f->y);
    return p < 0 ? -1 : s->pieces[p].kind;
}

static bool on_hill(const CkState *s, const CkFig *f)
{
    int k = piece_kind_at(s, f);
    return k >= 0 && ck_terrain[k].hill;
}

/* [CK Captured Persons] room left under guard g: four, Charles or Wilmot
 * taking all of it. */
static int capacity_left(const CkState *s, int g)
{
    int n = 0;
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *p = &s->figs[i];
        if (p->status == FS_PRISONER && p->guard == g)
            n += (p->type == F_CHARLES || p->type == F_WILMOT) ? 4 : 1;
    }
    return 4 - n;
}

/* [CK Hand to hand Combat] [CK Captured Persons] why figure i may do no
 * more this turn, when he charged or took a prisoner (both mark him moved
 * and shot, aiming at nobody; one who took a prisoner guards him): the
 * refusal of a move, a shot or a charge after either. NULL otherwise. */
const char *ck_charged_refusal(const CkState *s, int i)
{
    const CkFig *f = &s->figs[i];
    if (!f->moved || !f->shot || f->shot_at != CK_NONE)
        return NULL;
    if (s->together) /* (a join leaves the same marks as a charge) */
        return capacity_left(s, i) < 4 ? "that figure charged, closed in or took a prisoner this turn: each is its whole turn"
                                       : "that figure charged or closed in this turn: either is its whole turn";
    return capacity_left(s, i) < 4 ? "that figure charged or took a prisoner this turn: either is its whole turn"
                                   : "that figure charged this turn: a charge is its whole turn";
}

/* [CK Captured Persons] can guard g take t prisoner? Four to a guard;
 * Charles or Wilmot alone. */
static bool can_guard(const CkState *s, int g, const CkFig *t)
{
    int left = capacity_left(s, g);
    return (t->type == F_CHARLES || t->type == F_WILMOT) ? left == 4 : left >= 1;
}

/* ---------------- factors ---------------- */

/* A CkFactors with the base alone (its helper list is not cleared: only its
 * first nhelpers entries are ever read). */
static void factors_start(CkFactors *p, int base)
{
    p->base = base;
    p->cover = p->shooters = p->half_range = p->rain = 0;
    p->ground = p->uphill = p->obstacle = p->supporters = 0;
    p->nhelpers = 0;
    p->aimed = false;
}

/* The factor the parts add up to. */
int ck_factors_sum(const CkFactors *p)
{
    return p->base + p->cover + p->shooters + p->half_range + p->rain + p->ground + p->uphill + p->obstacle +
           p->supporters;
}

/* [CK Shooting factors] [CK Hand to hand Combat] (ecw) did an attacker who
 * set off from piece `from` (-1: open ground) start within the hedges and
 * walls of the piece target t stands on? Then they are not between the
 * two. Never with option cover_from_inside=yes (the target's ground
 * alone counts, ecw's reading until 2026-12-01). */
static bool within_walls(const CkState *s, int from, const CkFig *t)
{
    return !s->cover_inside && from >= 0 && from == ck_piece_at(s, t->x, t->y);
}

/* [CK Hand to hand Combat] [CK Shooting factors] where a charger from piece
 * `from` at t set off, as much as his fight asks (CK_OFF_* bits). */
unsigned ck_set_off(const CkState *s, int from, const CkFig *t)
{
    /* the hill only under the option: the bits are kept in the state (pend_inside), whose hash the records of
     * games made before it hold (a reviewer's seed 61 record failed --verify) */
    return (within_walls(s, from, t) ? CK_OFF_WALLS : 0u) |
           (s->uphill_set_off && from >= 0 && ck_terrain[s->pieces[from].kind].hill ? CK_OFF_HILL : 0u);
}

/* [CK Shooting factors] does figure i's +1 count for a shot at `target`
 * by a friend: he shot at him before in this phase (ecw's reading of
 * "aiming at the same target"), or, with option together=yes, he aims at
 * him to join this shot, and could still shoot him: on the table, the
 * target in his range and sight from where he now stands (an aim, unlike
 * a shot taken, is fired with the shot it joins; a play-tester saw the
 * aim of a man gone off the far edge counted). */
static bool joins_shot(const CkState *s, int i, int target)
{
    const CkFig *h = &s->figs[i], *t = &s->figs[target];
    if (h->shot_at != target)
        return false;
    if (!s->together)
        return true;
    return h->aimed && h->status == FS_ACTIVE && ck_dist(h->x, h->y, t->x, t->y) <= ck_figs[h->type].range &&
           ck_sight_blocker(s, h, t, NULL) < 0;
}

/* [CK Shooting factors] does ground of kind k cover its men at its edge
 * only (a field's hedges; a wood's trees too under option wood_cover=edge,
 * the rulebook's "edge of wood" read as the edge alone)? */
bool ck_cover_at_edge(const CkState *s, int k)
{
    return k >= 0 && (ck_terrain[k].cover_edge || (k == T_WOOD && s->wood_edge));
}

/* [CK Shooting factors] cover -1 (a field's hedges not against a shooter
 * within them: ck_cover_at_edge), each other shooter at the same target
 * this phase +1 (joins_shot), within half range +1, rain -1. */
static int shoot_parts(const CkState *s, int shooter, int target, CkFactors *p)
{
    const CkFig *f = &s->figs[shooter], *t = &s->figs[target];
    factors_start(p, base_factor(f, t));
    int tk = piece_kind_at(s, t);
    if (tk >= 0 && ck_terrain[tk].cover &&
        !(ck_cover_at_edge(s, tk) && within_walls(s, ck_piece_at(s, f->x, f->y), t)))
        p->cover = -1;
    for (int i = 0; i < s->nfigs; i++) /* (who shot at him first: mostly nobody, at one test a figure) */
        if (s->figs[i].shot_at == target && i != shooter && s->figs[i].side == f->side && joins_shot(s, i, target))
            p->helpers[p->nhelpers++] = (uint8_t)i;
    p->shooters = p->nhelpers;
    p->aimed = s->together;
    if (ck_dist(f->x, f->y, t->x, t->y) <= ck_figs[f->type].range / 2)
        p->half_range = 1;
    if (s->raining)
        p->rain = -1;
    return ck_factors_sum(p);
}

int ck_shoot_factor(const CkState *s, int shooter, int target, int *mods_out)
{
    CkFactors p;
    int v = shoot_parts(s, shooter, target, &p);
    if (mods_out)
        *mods_out = v - p.base;
    return v;
}

/* [CK Figure combat Factors] the target of a shot defends with its own
 * factor against the shooter. */
int ck_target_factor(const CkState *s, int target, int shooter)
{
    return base_factor(&s->figs[target], &s->figs[shooter]);
}

/* [CK Hand to hand Combat] woods and marsh: foot other than clubmen -1,
 * mounted -2; each by where he stands, the charger at his point of
 * contact, or (option wood_fight=shared) both where either stands in
 * one: a fight across a wood's edge is fought in the wood. */
static int ground_mod(const CkState *s, const CkFig *f, const CkFig *o)
{
    int k = piece_kind_at(s, f);
    if (k != T_WOOD && k != T_MARSH && s->wood_shared)
        k = piece_kind_at(s, o);
    if (k != T_WOOD && k != T_MARSH)
        return 0;
    return f->mounted ? -2 : f->type == F_CLUBMAN ? 0 : -1;
}

/* [CK Hand to hand Combat] is fig uphill of opp? Each where he stands, the
 * charger at his point of contact; or, under option uphill=set_off, the
 * charger as where he set off (`off`, CK_OFF_* bits): one who set off
 * below a man on a hill charges up to him. */
static bool uphill_of(const CkState *s, const CkFig *f, const CkFig *o, bool attacker, unsigned off)
{
    if (!s->uphill_set_off)
        return on_hill(s, f) && !on_hill(s, o);
    bool charger_high = (off & CK_OFF_HILL) != 0;
    return attacker ? charger_high && !on_hill(s, o) : on_hill(s, f) && !charger_high;
}

/* [CK Hand to hand Combat] each other friend touching the enemy +1 (the
 * attacker's side), attacking a target that defends an obstacle -1 (not
 * for an attacker who set off within its walls or hedges: CK_OFF_WALLS in
 * `off`, ecw), uphill of the opponent +1 (uphill_of), woods and marsh. */
static int melee_parts(const CkState *s, int fig, int opp, bool attacker, unsigned off, CkFactors *p)
{
    const CkFig *f = &s->figs[fig], *o = &s->figs[opp];
    factors_start(p, base_factor(f, o));
    p->ground = ground_mod(s, f, o);
    if (uphill_of(s, f, o, attacker, off))
        p->uphill = 1;
    if (attacker) {
        int ok = piece_kind_at(s, o);
        if (ok >= 0 && ck_terrain[ok].obstacle && !(off & CK_OFF_WALLS))
            p->obstacle = -1;
        for (int i = 0; i < s->nfigs; i++) {
            const CkFig *h = &s->figs[i];
            if (i != fig && h->side == f->side && h->status == FS_ACTIVE && ck_in_contact(h, o))
                p->helpers[p->nhelpers++] = (uint8_t)i;
        }
        p->supporters = p->nhelpers;
    }
    return ck_factors_sum(p);
}

int ck_melee_factor(const CkState *s, int fig, int opp, bool attacker)
{
    CkFactors p;
    const CkFig *c = &s->figs[attacker ? fig : opp]; /* the charger, setting off from where he stands */
    return melee_parts(s, fig, opp, attacker, ck_set_off(s, ck_piece_at(s, c->x, c->y), &s->figs[attacker ? opp : fig]),
                       &p);
}

/* ---------------- checks ---------------- */

static int enemy_target(const CkState *s, const CkFig *f, int t, Diag *d)
{
    if (t < 0 || t >= s->nfigs)
        return diag_set(d, "no such target");
    const CkFig *e = &s->figs[t];
    if (!d)
        return e->side == f->side || e->status != FS_ACTIVE ? -1 : 0;
    static const GameIO labels = {NULL, NULL, NULL};
    CkLabel who = ck_fig_label(s, t, &labels); /* the target named: "that figure" read as the shooter */
    if (e->side == f->side)
        return diag_set(d, "the target, %s, is on your side", who.s);
    if (e->status == FS_PRISONER)
        return diag_set(d, "the target, %s, is already a prisoner", who.s);
    if (e->status != FS_ACTIVE)
        return diag_set(d, "the target, %s, is %s", who.s, e->status == FS_DEAD ? "dead" : "no longer on the table");
    return 0;
}

/* [CK Movement and Ranges] a shot refused for want of sight, saying what
 * blocks it: piece p, the line passing through it or figure `deep` standing
 * more than 1" inside it (ck_sight_blocker). */
static int no_sight(const CkState *s, int p, const CkFig *deep, Diag *d)
{
    if (!d)
        return -1;
    const char *kind = ck_terrain[s->pieces[p].kind].name;
    if (!deep)
        return diag_set(d, "no line of sight: the %s (piece %d) stands between them (sight passes no more than 1\" "
                           "into a village, manor, wood or hill)", kind, p + 1);
    char id[8];
    ck_fig_id(s, (int)(deep - s->figs), id);
    return diag_set(d, "no line of sight: %s stands more than 1\" inside the %s (piece %d), and is seen, or sees, "
                       "only from within it", id, kind, p + 1);
}

/* [CK Shooting factors] [CK Hand to hand Combat] the refusal of `aim` or
 * `join` without option together. */
static int together_refused(const CkState *s, const Action *a, Diag *d)
{
    if (!d)
        return -1;
    char f[8] = "F", t[8] = "T";
    if (a->target >= 0 && a->target < s->nfigs)
        ck_fig_id(s, a->target, t);
    ck_fig_id(s, a->piece, f);
    if (a->verb == CKV_AIM)
        return diag_set(d, "aim is for option together=yes; without it each shot rolls alone, +1 for each friend who "
                           "shot at the same man before it: shoot %s %s", f, t);
    return diag_set(d, "join is for option together=yes; without it a charge counts +1 only for friends already "
                       "touching the man: charge %s %s", f, t);
}

/* [CK Movement and Ranges] [CK Figure combat Factors] the refusal of a
 * shot by figure i, who has nothing to shoot with, saying why: Charles and
 * Wilmot have no shooting in the rulebook's factor table, and ecw arms
 * only the first clubman of each group found or band come on (a
 * play-tester was told only "that figure cannot shoot"). */
static int cannot_shoot(const CkState *s, int i, Diag *d)
{
    if (!d)
        return -1;
    const CkFig *f = &s->figs[i];
    char id[8];
    ck_fig_id(s, i, id);
    if (f->type == F_CLUBMAN)
        return diag_set(d, "clubman %s carries no musket: ecw arms only the first clubman of each group found or band "
                           "come on (the roster says 'with a musket')", id);
    if (f->type == F_WILMOT) /* (its movement list gives him a pistol: ecw follows the factor table, docs) */
        return diag_set(d, "Wilmot cannot shoot: the rulebook's factor table gives him no shooting");
    return diag_set(d, "%s cannot shoot: the rulebook gives him no shooting", f->type == F_CHARLES ? "Charles" : id);
}

/* [CK Shooting factors] a figure that can shoot, in range and in sight. */
static int check_shoot(const CkState *s, const CkFig *f, const Action *a, Diag *d)
{
    if (!ck_armed(f))
        return cannot_shoot(s, a->piece, d);
    if (d && ck_charged_refusal(s, a->piece))
        return diag_set(d, "%s", ck_charged_refusal(s, a->piece));
    if (f->shot)
        return diag_set(d, f->aimed ? "that figure has already taken aim this turn" : "that figure has already shot");
    if (enemy_target(s, f, a->target, d) < 0)
        return -1;
    const CkFig *t = &s->figs[a->target];
    float dist = ck_dist(f->x, f->y, t->x, t->y);
    if (dist > ck_figs[f->type].range)
        return diag_set(d, "out of range: %.*f\" away, range %.0f\"", dist - ck_figs[f->type].range < 0.05f ? 2 : 1,
                        dist, ck_figs[f->type].range); /* (6.04" read as "6.0" away, range 6"") */
    const CkFig *deep = NULL;
    int p = ck_sight_blocker(s, f, t, &deep);
    if (p >= 0)
        return no_sight(s, p, deep, d);
    return 0;
}

/* [CK Hand to hand Combat] the point where f's base touches t's from the
 * side of t that `turn` (cos, sin) turns away from f's straight way in (no
 * turn: straight at him). */
static void touch_point(const CkFig *f, const CkFig *t, float cos_t, float sin_t, float *cx, float *cy)
{
    float dx = f->x - t->x, dy = f->y - t->y, len = ck_dist(f->x, f->y, t->x, t->y);
    float gap = ck_fig_radius(f) + ck_fig_radius(t);
    if (len < 1e-3f)
        dx = 0, dy = -1, len = 1;
    float ux = dx / len, uy = dy / len;
    if (sin_t != 0) { /* (unturned, the straight point is worked out as it always was) */
        float rx = ux * cos_t - uy * sin_t, ry = ux * sin_t + uy * cos_t;
        ux = rx, uy = ry;
    }
    *cx = t->x + ux * gap;
    *cy = t->y + uy * gap;
}

/* [CK Hand to hand Combat] bases never overlap (ecw): no other enemy on
 * the table may stand under f's base at (cx, cy) (touching one is allowed,
 * standing on it is not), nor a friend or a prisoner unless friends may
 * share ground (ck_base_under). The figure in the way, or -1. */
static int in_the_way(const CkState *s, const CkFig *f, const CkFig *t, float cx, float cy)
{
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *e = &s->figs[i];
        if (!ck_near_box(cx - e->x, cy - e->y) || e == t || e->side == f->side || e->status != FS_ACTIVE)
            continue;
        float room = ck_fig_radius(f) + ck_fig_radius(e) - CK_BASE_GRACE; /* the contact grace, the other way */
        if (ck_dist(cx, cy, e->x, e->y) < room)
            return i;
    }
    int self = (int)(f - s->figs), under = ck_base_under(s, self, self, ck_fig_radius(f), cx, cy); /* (his men escape, room_to_ride) */
    return under >= 0 && &s->figs[under] != t ? under : -1;
}

/* The turns tried round the target when the straight point is taken (ecw):
 * 15 degrees at a time, each way in turn, to 90 (the near half of his base). */
static const float swing[12][2] = {
    {0.9659258f, 0.2588190f},  {0.9659258f, -0.2588190f}, {0.8660254f, 0.5f}, {0.8660254f, -0.5f},
    {0.7071068f, 0.7071068f},  {0.7071068f, -0.7071068f}, {0.5f, 0.8660254f}, {0.5f, -0.8660254f},
    {0.2588190f, 0.9659258f},  {0.2588190f, -0.9659258f}, {0.0f, 1.0f},        {0.0f, -1.0f},
};

/* [CK Movement and Ranges] is (cx, cy) within f's move this turn? 0, or -1 with why. */
static int in_reach(const CkState *s, const CkFig *f, int from, float cx, float cy, Diag *d)
{
    float dist = ck_dist(f->x, f->y, cx, cy), allow = ck_move_allowance_from(s, f, from, cx, cy);
    return dist > allow + CK_CONTACT_SLACK ? ck_out_of_reach(s, f, from, cx, cy, dist, allow, "to contact", d) : 0;
}

/* [CK Movement and Ranges] [CK Playing the Game] may f take the straight
 * way to (cx, cy) to touch t: across no unsearched piece it would have to
 * search, over no enemy's base but t's? 0, or -1 with why. */
static int way_open(const CkState *s, const CkFig *f, const CkFig *t, int from, float cx, float cy, Diag *d)
{
    if (ck_way_check(s, f, from, cx, cy, d) < 0)
        return -1;
    int blocker = ck_way_blocker(s, f, cx, cy, t);
    return blocker < 0 ? 0 : ck_way_blocked(s, blocker, d);
}

/* [CK Movement and Ranges] can f reach (cx, cy) to touch t this turn, by a way it may take? 0, or -1 with why. */
static int reach_point(const CkState *s, const CkFig *f, const CkFig *t, int from, float cx, float cy, Diag *d)
{
    return in_reach(s, f, from, cx, cy, d) < 0 ? -1 : way_open(s, f, t, from, cx, cy, d);
}

/* A charger's way round: from where he stands by (wx, wy) to (cx, cy). */
typedef struct Round {
    float wx, wy, len;
} Round;

/* [CK Movement and Ranges] [CK Hand to hand Combat] can f ride to (cx, cy)
 * to touch t by way of (wx, wy): a way with one bend as any move may take
 * (ck_bent_way_check, t's base apart), within his move (`most`, his move
 * on open ground, looked at first)? The length of the way, or -1. */
static float round_by(const CkState *s, const CkFig *f, const CkFig *t, int from, float most, float wx, float wy,
                      float cx, float cy)
{
    float len = ck_dist(f->x, f->y, wx, wy) + ck_dist(wx, wy, cx, cy);
    if (len > most + 1e-3f || len > ck_bent_allowance(s, f, from, wx, wy, cx, cy) + 1e-3f ||
        ck_bent_way_check(s, f, from, wx, wy, cx, cy, t, NULL) < 0)
        return -1;
    return len;
}

/* (*c, *sn), a direction's cosine and sine, turned `steps` times 15
 * degrees, anticlockwise for sign 1, clockwise for -1. */
static void turn15(float *c, float *sn, int steps, int sign)
{
    static const float step_cos = 0.9659258f, step_sin = 0.2588190f;
    for (int j = 0; j < steps; j++) {
        float nc = *c * step_cos - *sn * step_sin * (float)sign, ns = *sn * step_cos + *c * step_sin * (float)sign;
        *c = nc, *sn = ns;
    }
}

/* [CK Hand to hand Combat] (ecw, ride_round) the shortest way round to
 * point (x, y) of t's base, k steps of 15 degrees round from the straight
 * point on `side` (direction (c, sn) from t, (ux, uy) the straight one):
 * the bend on the ring round t at the point's own angle, or 30 or 60
 * degrees nearer the charger. True with *r. */
static bool best_bend(const CkState *s, const CkFig *f, const CkFig *t, int from, float most, float ux, float uy,
                      float c, float sn, int k, int side, float x, float y, Round *r)
{
    /* the ring clears any base touching t: a horseman's 1.5", the charger's own, the grace */
    float ring = ck_fig_radius(t) + 2 * 0.75f + ck_fig_radius(f) + 0.1f;
    bool found = false;
    for (int back = 0; back <= 4 && back <= k; back += 2) {
        float bc = c, bs = sn;
        turn15(&bc, &bs, back, -side);
        float wx = t->x + (ux * bc - uy * bs) * ring, wy = t->y + (ux * bs + uy * bc) * ring;
        float way = round_by(s, f, t, from, most, wx, wy, x, y);
        if (way >= 0 && (!found || way < r->len))
            *r = (Round){wx, wy, way}, found = true;
    }
    return found;
}

/* [CK Movement and Ranges] [CK Hand to hand Combat] ecw, option ride_round:
 * where no straight way reaches a free point of contact, a charger rides
 * round the men about his target as a player would on the table, with one
 * bend (best_bend): to any free point of t's base, 15 degrees apart, the
 * near ones first. The shortest way to the nearest such point, into *r and
 * (cx, cy); false if none is within his move. */
static bool ride_round(const CkState *s, const CkFig *f, const CkFig *t, int from, float *cx, float *cy, Round *r)
{
    float gap = ck_fig_radius(f) + ck_fig_radius(t);
    float dx = f->x - t->x, dy = f->y - t->y, len = ck_dist(f->x, f->y, t->x, t->y);
    float most = ck_move_allowance_on(s, f, from); /* no way round is shorter than the straight way to its point */
    if (len < 1e-3f)
        return false;
    float ux = dx / len, uy = dy / len;
    for (int k = 0; k <= 12; k++)
        for (int side = 1; side >= (k == 0 || k == 12 ? 1 : -1); side -= 2) {
            float c = 1, sn = 0;
            turn15(&c, &sn, k, side);
            float x = t->x + (ux * c - uy * sn) * gap, y = t->y + (ux * sn + uy * c) * gap;
            if (ck_dist(f->x, f->y, x, y) > most + 1e-3f || !ck_base_on_table(x, y, ck_fig_radius(f)) ||
                in_the_way(s, f, t, x, y) >= 0)
                continue;
            if (best_bend(s, f, t, from, most, ux, uy, c, sn, k, side, x, y, r)) {
                *cx = x, *cy = y;
                return true;
            }
        }
    return false;
}

/* [CK Hand to hand Combat] [CK Movement and Ranges] where f comes into base
 * contact with t: straight at him, or, where another enemy's base stands
 * there or the way is barred, the nearest point round t's near side that
 * f can reach with room for his base, as a player would swing round on the
 * table, or else riding round with one bend (ride_round) (ecw). 0 with the
 * straight point, 1 with a point swung round to, 2 with one ridden round
 * to by *r (r may be NULL), or -1 with why the straight one fails. */
static int contact_spot(const CkState *s, const CkFig *f, const CkFig *t, int from, float *cx, float *cy, Diag *d,
                        Round *r)
{
    touch_point(f, t, 1, 0, cx, cy);
    if (in_reach(s, f, from, *cx, *cy, d) < 0) /* every other point is further */
        return d ? ck_also_crosses(s, f, from, *cx, *cy, d) : -1; /* (both reasons, as for a move) */
    int way = in_the_way(s, f, t, *cx, *cy);
    bool on_table = ck_base_on_table(*cx, *cy, ck_fig_radius(f)); /* else he swings round, as for a base there */
    if (way < 0 && on_table && way_open(s, f, t, from, *cx, *cy, NULL) == 0)
        return 0;
    float sx = *cx, sy = *cy;
    for (int k = 0; k < 12; k++) {
        float x, y;
        touch_point(f, t, swing[k][0], swing[k][1], &x, &y);
        if (ck_base_on_table(x, y, ck_fig_radius(f)) && in_the_way(s, f, t, x, y) < 0 &&
            reach_point(s, f, t, from, x, y, NULL) == 0) {
            *cx = x, *cy = y;
            return 1;
        }
    }
    Round round;
    if (!s->no_ride_round && ride_round(s, f, t, from, cx, cy, r ? r : &round))
        return 2;
    *cx = sx, *cy = sy;
    if (way < 0 && !on_table)
        return diag_set(d, "no room to touch that figure: his base would hang over the table's edge at the point of "
                           "contact (%.1f, %.1f), and no other point of contact within reach is free",
                        (double)sx, (double)sy);
    if (way < 0)
        return way_open(s, f, t, from, sx, sy, d);
    if (!d)
        return -1; /* nobody reads the reason (a legal list's many checks) */
    char id[8];
    ck_fig_id(s, way, id);
    return diag_set(d, "no room to touch that figure: %s's base stands at the point of contact (%.1f, %.1f), and no "
                       "other point of contact within reach is free", id, (double)sx, (double)sy);
}

/* [CK Hand to hand Combat] [CK Movement and Ranges] (ecw) where a charge
 * (or a join) by way of the player's own bend (bx, by) touches t: the
 * point of t's base that faces the bend, which must be free and on the
 * table, reached by a way with one bend as a move may take
 * (ck_bent_way_check, t's base apart) within his move. 3, or -1 with why. */
static int bent_contact(const CkState *s, const CkFig *f, const CkFig *t, int from, float bx, float by, float *cx,
                        float *cy, Diag *d)
{
    CkFig at_bend = *f;
    at_bend.x = bx, at_bend.y = by;
    touch_point(&at_bend, t, 1, 0, cx, cy);
    if (!ck_base_on_table(*cx, *cy, ck_fig_radius(f)))
        return diag_set(d, "no room to touch that figure from the bend: his base would hang over the table's edge at "
                           "(%.1f, %.1f)", (double)*cx, (double)*cy);
    int way = in_the_way(s, f, t, *cx, *cy);
    if (way >= 0) {
        if (!d)
            return -1;
        char id[8];
        ck_fig_id(s, way, id);
        return diag_set(d, "no room to touch that figure from the bend: %s's base stands at the point of contact "
                           "(%.1f, %.1f): bend elsewhere, or charge without one to swing round", id, (double)*cx,
                        (double)*cy);
    }
    float len = ck_dist(f->x, f->y, bx, by) + ck_dist(bx, by, *cx, *cy);
    float allow = ck_bent_allowance(s, f, from, bx, by, *cx, *cy);
    if (len > allow + CK_CONTACT_SLACK)
        return ck_bent_out_of_reach(s, f, from, bx, by, *cx, *cy, len, allow, "to contact by way of the bend", d);
    return ck_bent_way_check(s, f, from, bx, by, *cx, *cy, t, d) < 0 ? -1 : 3;
}

/* Where charge or join a brings figure f into contact with its target:
 * by the player's bend (bent_contact, 3), else as contact_spot finds. */
static int contact_of(const CkState *s, const CkFig *f, const Action *a, int from, float *cx, float *cy, Diag *d,
                      Round *r)
{
    const CkFig *t = &s->figs[a->target];
    if (a->arg & CK_CHARGE_BENT)
        return bent_contact(s, f, t, from, a->bx, a->by, cx, cy, d);
    return contact_spot(s, f, t, from, cx, cy, d, r);
}

/* [CK Movement and Ranges] figure f can come into contact with t within
 * its move this turn, by a way it may take, with room for its base. */
static int check_reach_contact(const CkState *s, const CkFig *f, const CkFig *t, int from, Diag *d)
{
    float cx, cy;
    return contact_spot(s, f, t, from, &cx, &cy, d, NULL) < 0 ? -1 : 0;
}

/* [CK Hand to hand Combat] a charge's or a join's arg: the capture bit
 * (a charge only) and the bend's, which goes with a bend and only with
 * one (only an edited record has them otherwise). */
static int check_attack_arg(const Action *a, Diag *d)
{
    int most = a->verb == CKV_CHARGE ? CK_CHARGE_CAPTURE | CK_CHARGE_BENT : CK_CHARGE_BENT;
    if (a->arg < 0 || (a->arg & ~most))
        return diag_set(d, "a %s's arg is %s, not %d", ck_verb_words[a->verb],
                        a->verb == CKV_CHARGE ? "1 (capture) plus 2 for a bend, or 0" : "2 for a bend, or 0", a->arg);
    if (!(a->arg & CK_CHARGE_BENT) && (a->bx != 0 || a->by != 0))
        return diag_set(d, "a %s without a bend takes no bend point (got %g, %g): add 2 to its arg for one",
                        ck_verb_words[a->verb], (double)a->bx, (double)a->by);
    return 0;
}

/* [CK Hand to hand Combat] contact within the figure's move this turn. */
/* [CK Captured Persons] does a charger or joiner whose point of contact
 * is (cx, cy) leave where he stands? Only then is he ordered away from
 * his prisoners (a referee's guard, already touching his man, charged him
 * and lost his prisoner). */
static bool sets_off(const CkFig *f, float cx, float cy) { return ck_dist(f->x, f->y, cx, cy) >= 0.01f; }

bool ck_attack_sets_off(const CkState *s, const Action *a)
{
    const CkFig *f = &s->figs[a->piece];
    float cx, cy;
    return contact_of(s, f, a, CK_FROM_UNKNOWN, &cx, &cy, NULL, NULL) < 0 || sets_off(f, cx, cy);
}

/* [CK Hand to hand Combat] [CK Combat Outcomes] where charge, join or
 * ride up a (accepted by ck_check) brings its figure: his point of
 * contact, as the move itself finds it (one already touching a wounded
 * man he takes stays where he stands). False where it finds none. For the
 * computer players: a Parliament figure whose point of contact lies on an
 * unsearched piece searches it, and the turn ends. */
bool ck_attack_contact(const CkState *s, const Action *a, float *cx, float *cy)
{
    const CkFig *f = &s->figs[a->piece], *t = &s->figs[a->target];
    *cx = f->x, *cy = f->y;
    if (a->verb == CKV_CAPTURE)
        return ck_in_contact(f, t) || contact_spot(s, f, t, ck_piece_at(s, f->x, f->y), cx, cy, NULL, NULL) >= 0;
    return contact_of(s, f, a, ck_piece_at(s, f->x, f->y), cx, cy, NULL, NULL) >= 0;
}

/* [CK Hand to hand Combat] [CK Movement and Ranges] a bend by which
 * charge a (straight) is accepted, as a player would find one on the
 * table: round the target every 15 degrees, 1", 2" and 4" clear of the
 * point of contact, each to 0.1" (as it is typed back), the shortest way
 * of those accepted. False if none, or if no way could reach him. */
bool ck_charge_bend(const CkState *s, const Action *a, float *bx, float *by)
{
    const CkFig *f = &s->figs[a->piece], *e = &s->figs[a->target];
    float gap = ck_fig_radius(f) + ck_fig_radius(e), best = INFINITY;
    if (f->status != FS_ACTIVE || ck_dist(f->x, f->y, e->x, e->y) > ck_move_allowance(s, f) + gap + 0.5f)
        return false; /* (beyond reach by any way: no bend brings him nearer) */
    static const float clear[] = {1, 2, 4};
    Action c = *a;
    c.arg = (int16_t)((a->arg & ~CK_CHARGE_BENT) | CK_CHARGE_BENT);
    for (int r = 0; r < 3; r++)
        for (int k = 0; k < 24; k++) {
            float th = (float)k * 0.2617994f;
            c.bx = roundf((e->x + (gap + clear[r]) * cosf(th)) * 10) / 10;
            c.by = roundf((e->y + (gap + clear[r]) * sinf(th)) * 10) / 10;
            float way = ck_dist(f->x, f->y, c.bx, c.by) + ck_dist(c.bx, c.by, e->x, e->y);
            if (way < best && ck_base_on_table(c.bx, c.by, ck_fig_radius(f)) && ck_check(s, &c, NULL) == 0)
                best = way, *bx = c.bx, *by = c.by;
        }
    return best < INFINITY;
}

/* A straight charge's refusal lengthened with a bend that reaches him
 * (ck_charge_bend), where one does: moves name one, and a play-tester's
 * charge at a man on a hedge's edge, refused as halved, named none. Only
 * for a refusal someone reads. */
static __attribute__((cold, noinline)) int hint_charge_bend(const CkState *s, const Action *a, Diag *d)
{
    Action c = *a;
    if (!ck_charge_bend(s, a, &c.bx, &c.by))
        return -1;
    c.arg |= CK_CHARGE_BENT;
    char how[120];
    ck_describe(s, &c, how, sizeof how);
    size_t len = strlen(d->msg);
    snprintf(d->msg + len, sizeof d->msg - len, " (a bend reaches him: %s)", how);
    return -1;
}

static int check_charge(const CkState *s, const CkFig *f, const Action *a, int from, Diag *d)
{
    if (check_attack_arg(a, d) < 0) /* the capture word, the bend or neither: any other arg is a corrupt record */
        return -1;
    if (enemy_target(s, f, a->target, d) < 0) /* first: what was typed wrong, before what the figure did */
        return -1;
    if (d && ck_charged_refusal(s, a->piece))
        return diag_set(d, "%s", ck_charged_refusal(s, a->piece));
    if (f->moved || (f->shot && (!s->shoot_charge || f->aimed)))
        return diag_set(d, f->moved || f->aimed || s->shoot_charge
                               ? "a charge must be the figure's whole turn"
                               : "a charge must be the figure's whole turn, and he has shot (--option "
                                 "shoot_then_charge=yes lets one who shot first charge with the half move left)");
    float cx, cy;
    if (contact_of(s, f, a, from, &cx, &cy, d, NULL) < 0)
        return d && !(a->arg & CK_CHARGE_BENT) ? hint_charge_bend(s, a, d) : -1;
    if ((a->arg & CK_CHARGE_CAPTURE) && f->side != CK_PAR)
        return diag_set(d, "only Parliament takes prisoners");
    /* [CK Captured Persons] a guard who sets off leaves his prisoners, who escape: room for the man he beats;
     * one who charges from where he stands keeps them, and needs room for him */
    if ((a->arg & CK_CHARGE_CAPTURE) && !sets_off(f, cx, cy) && !can_guard(s, a->piece, &s->figs[a->target]))
        return diag_set(d, "he keeps the prisoners he guards, charging from where he stands, and has no room for "
                           "another: charge without 'capture'");
    return 0;
}

/* [CK Combat Outcomes] the gap between two bases, for a refusal: told to
 * two decimals beside the 0.1" that counts as touching (a referee read
 * "0.1\" between their bases" as touching). */
static double base_gap(const CkFig *f, const CkFig *t)
{
    return (double)fmaxf(ck_dist(f->x, f->y, t->x, t->y) - ck_fig_radius(f) - ck_fig_radius(t), 0);
}

/* [CK Combat Outcomes] a wounded or just-beaten enemy in base contact, or
 * a wounded one the captor can ride up to. Parliament, the side, elects to
 * take a beaten man; with late_capture=no only the winner can, by the
 * charge's `capture` word (ecw readings). */
static int check_capture(const CkState *s, const CkFig *f, const Action *a, int from, Diag *d)
{
    if (f->side != CK_PAR)
        return diag_set(d, "only Parliament takes prisoners");
    if (enemy_target(s, f, a->target, d) < 0)
        return -1;
    const CkFig *t = &s->figs[a->target];
    bool beaten = t->beaten && !s->no_late_capture;
    if (!t->wounded && !beaten)
        return diag_set(d, "only a wounded man%s can be captured",
                        s->no_late_capture ? " (take a beaten one with the charge: charge F T capture)"
                                           : " or one beaten hand to hand this turn");
    if (!ck_in_contact(f, t)) {
        /* [CK Combat Outcomes] a wounded man can be captured: the captor may ride up to him to do it */
        if (!t->wounded)
            return diag_set(d, "the captor must be in base contact: %.2f\" between their bases, more than the 0.1\" "
                               "allowed", base_gap(f, t));
        if (f->moved || f->shot)
            return diag_set(d, "to ride up and take him the captor must not have moved or shot");
        if (check_reach_contact(s, f, t, from, d) < 0)
            return -1;
    }
    if (!can_guard(s, a->piece, t))
        return diag_set(d, "this figure cannot guard another prisoner");
    return 0;
}

/* [CK Captured Persons] (ecw) guard f takes over prisoner a->target from
 * another guard: a guard holds up to four men, who touch his base, so a
 * trooper touching another's prisoner, with room for him,
 * may take him into his group. A word between two troopers, it costs
 * neither his turn; each prisoner once a turn, and not once led on by an
 * escort (no prisoner passed round for ever, nor relayed on 3" at a time
 * by fresh guards). In Parliament's turn only. */
static int check_takeover(const CkState *s, const CkFig *f, const Action *a, Diag *d)
{
    if (s->phase != CP_PARLIAMENT)
        return diag_set(d, "prisoners change guards in Parliament's turn");
    if (a->target < 0 || a->target >= s->nfigs)
        return diag_set(d, "no such figure");
    const CkFig *t = &s->figs[a->target];
    char id[8], guard[8];
    ck_fig_id(s, a->target, id);
    if (t->status != FS_PRISONER)
        return diag_set(d, "%s is no prisoner: only a prisoner is handed from one guard to another", id);
    ck_fig_id(s, t->guard, guard);
    if (t->guard == a->piece)
        return diag_set(d, "he guards %s already", id);
    if (!ck_in_contact(f, t))
        return diag_set(d, "he must touch %s to take him over (a prisoner stands in base contact with his guard): "
                           "%.2f\" between their bases, more than the 0.1\" allowed",
                        id, base_gap(f, t));
    if (t->moved) /* (a relay of guards would lead him on more than 3" a turn) */
        return diag_set(d, "%s has changed guards or been led on once this turn already", id);
    if (!can_guard(s, a->piece, t))
        return diag_set(d, "this figure cannot guard %s: %s", id,
                        t->type == F_CHARLES || t->type == F_WILMOT ? "he needs a guard who guards nobody else"
                                                                    : "he guards four, or Charles or Wilmot, already");
    return 0;
}

int ck_combat_check_known(const CkState *s, const Action *a, const CkKnown *k, Diag *d)
{
    if (ck_own_figure(s, a->piece, d) < 0)
        return -1;
    const CkFig *f = &s->figs[a->piece];
    switch (a->verb) {
    case CKV_SHOOT: return check_shoot(s, f, a, d);
    case CKV_AIM: return s->together ? check_shoot(s, f, a, d) : together_refused(s, a, d);
    case CKV_JOIN: return s->together ? check_charge(s, f, a, k ? k->from : CK_FROM_UNKNOWN, d) : together_refused(s, a, d);
    case CKV_CHARGE: return check_charge(s, f, a, k ? k->from : CK_FROM_UNKNOWN, d);
    case CKV_GUARD: return check_takeover(s, f, a, d);
    default: return check_capture(s, f, a, k ? k->from : CK_FROM_UNKNOWN, d);
    }
}

/* ---------------- outcomes ---------------- */

/* [CK Captured Persons] a guard's prisoners return to the Royalists. */
/* [CK Captured Persons] [CK Movement and Ranges] a horseman who escapes
 * rides again, and his mounted base may then stand on a neighbour's: he
 * is set at the nearest place clear of every base (rings 0.25" apart out
 * to 2", every 30 degrees), on the table (ecw: bases never overlap). */
static void room_to_ride(CkState *s, int i)
{
    CkFig *p = &s->figs[i];
    float r = ck_fig_radius(p);
    if (ck_base_under(s, i, -1, r, p->x, p->y) < 0)
        return;
    for (int k = 0; k < 8 * 12; k++) {
        float rad = 0.25f * (float)(k / 12 + 1), ang = 0.5235988f * (float)(k % 12);
        float x = p->x + rad * cosf(ang), y = p->y + rad * sinf(ang);
        if (x >= 0.5f && y >= 0.5f && x <= CK_TABLE - 0.5f && y <= CK_TABLE - 0.5f && ck_base_under(s, i, -1, r, x, y) < 0) {
            p->x = x, p->y = y;
            return;
        }
    }
}

static void prisoners_escape(CkState *s, int guard, bool only_left, GameIO *io)
{
    for (int i = 0; i < s->nfigs; i++) {
        CkFig *p = &s->figs[i];
        if (p->status != FS_PRISONER || p->guard != guard || (only_left && ck_in_contact(&s->figs[guard], p)))
            continue;
        p->status = FS_ACTIVE;
        p->guard = CK_NONE;
        p->mounted = ck_figs[p->type].mounted; /* horsemen who escape ride again */
        if (p->shot) /* taken this turn after his charge (take_prisoner keeps shot): that was his whole turn, and
                      * his freedom gives him no other (a play-tester's horseman charged, was taken, freed, rode 8") */
            p->moved = 1;
        room_to_ride(s, i);
        EventLog *log = io ? io->log : NULL;
        if (evlog_begin(log, "escape", VIS_PUBLIC)) {
            evlog_int(log, "figure", i + 1);
            evlog_end(log, "Prisoner %s escapes and returns to the Royalists", ck_fig_label(s, i, io).s);
        }
    }
}

void ck_prisoners_escape(CkState *s, int guard, GameIO *io) { prisoners_escape(s, guard, false, io); }

/* [CK Captured Persons] a guard who moved (a plain move, not an escort)
 * has gone away from those of his prisoners he is no longer in base
 * contact with: they escape; a step that keeps contact keeps them. */
void ck_prisoners_left(CkState *s, int guard, GameIO *io) { prisoners_escape(s, guard, true, io); }

/* [CK Captured Persons] on foot, in base contact with the guard. */
static void take_prisoner(CkState *s, int guard, int t, GameIO *io)
{
    CkFig *p = &s->figs[t];
    p->status = FS_PRISONER;
    p->guard = (uint8_t)guard;
    p->mounted = 0; /* captured horse go on foot */
    p->moved = 0;   /* his own move this turn is no handing over (check_takeover: a man just taken was refused);
                     * his shot flag stays, so that one freed this turn after his charge acts no more */
    ck_beside_guard(s, t); /* where he stands, or drawn in to touch him if his base shrank */
    EventLog *log = io ? io->log : NULL;
    if (evlog_begin(log, "capture", VIS_PUBLIC)) {
        evlog_int(log, "figure", t + 1);
        evlog_int(log, "guard", guard + 1);
        evlog_end(log, "%s is taken prisoner by %s", ck_fig_label(s, t, io).s, ck_fig_label(s, guard, io).s);
    }
}


/* [CK Captured Persons] (ecw) check_takeover: the prisoner changes guard
 * where he stands, touching both. */
static void take_over(CkState *s, const Action *a, GameIO *io)
{
    CkFig *p = &s->figs[a->target];
    int from = p->guard;
    p->guard = (uint8_t)a->piece;
    p->moved = 1;
    EventLog *log = io ? io->log : NULL;
    if (evlog_begin(log, "handover", VIS_PUBLIC)) {
        evlog_int(log, "figure", a->target + 1);
        evlog_int(log, "guard", a->piece + 1);
        evlog_int(log, "from", from + 1);
        evlog_end(log, "%s takes over the guard of %s from %s", ck_fig_label(s, a->piece, io).s,
                  ck_fig_label(s, a->target, io).s, ck_fig_label(s, from, io).s);
    }
}

/* [CK Captured Persons] A guard driven back takes his prisoners with him:
 * the rulebook frees them only when he is killed or ordered away. With the
 * option recoil_frees=yes (an ecw reading) he loses them instead. */
static void guard_driven_back(CkState *s, int guard, float dx, float dy, GameIO *io)
{
    if (s->recoil_frees) {
        ck_prisoners_escape(s, guard, io);
        return;
    }
    for (int i = 0; i < s->nfigs; i++) {
        CkFig *p = &s->figs[i];
        if (p->status == FS_PRISONER && p->guard == guard)
            p->x += dx, p->y += dy; /* (recoil_point kept them on the table too) */
    }
}

/* [CK Movement and Ranges] How far along the unit way (ux, uy) from (x, y) a base of radius r
 * goes before it touches e's base: `far` if it never does within it or e
 * stands behind (he is left, not met); nothing if the bases touch or
 * overlap already and e stands ahead (he is in the way at once). */
static float meets_base(float x, float y, float ux, float uy, float r, const CkFig *e, float far)
{
    float px = e->x - x, py = e->y - y, reach = r + ck_fig_radius(e);
    float b = px * ux + py * uy, c = px * px + py * py - reach * reach, disc = b * b - c;
    if (b <= 0 || disc < 0)
        return far;
    if (c <= 0)
        return 0;
    float t = b - sqrtf(disc);
    return t < far ? t : far;
}

/* Does a figure's base at (x, y) stand on e's (closer than the two radii
 * less the contact grace), as ck_base_under judges? */
static bool stands_on(float x, float y, float r, const CkFig *e)
{
    float dx = x - e->x, dy = y - e->y, room = r + ck_fig_radius(e) - CK_BASE_GRACE;
    return dx * dx + dy * dy < room * room;
}

/* A way from (x, y) along (ux, uy) for a base of radius r, *go long,
 * cut short where it touches figure i's base (*by: who stopped it). */
static void stop_at(const CkState *s, float x, float y, float ux, float uy, float r, int i, float *go, int *by)
{
    float t = meets_base(x, y, ux, uy, r, &s->figs[i], *go);
    if (t < *go)
        *go = t, *by = i;
}

/* [CK Combat Outcomes] How far along the unit way (ux, uy) from (x, y), at most `far`, a
 * base of radius r stays wholly on the table (ck_base_on_table): a recoil
 * stops at the edge rather than sliding along it. */
static float to_edge(float x, float y, float ux, float uy, float far, float r)
{
    const float lo = r, hi = CK_TABLE - r;
    float t = far;
    if (ux > 0 && x + ux * t > hi)
        t = (hi - x) / ux;
    if (ux < 0 && x + ux * t < lo)
        t = (lo - x) / ux;
    if (uy > 0 && y + uy * t > hi)
        t = (hi - y) / uy;
    if (uy < 0 && y + uy * t < lo)
        t = (lo - y) / uy;
    return t > 0 ? t : 0;
}

/* Does figure e's base stop a recoil of `loser`'s side at its end (a
 * friend's, or a prisoner's not his own)? */
static bool ends_short_of(const CkState *s, int loser, int i)
{
    const CkFig *e = &s->figs[i];
    return e->status == FS_ACTIVE ? e->side == s->figs[loser].side && i != loser
                                  : e->status == FS_PRISONER && e->guard != loser;
}

/* [CK Combat Outcomes] [CK Movement and Ranges] [CK Captured Persons]
 * where a recoil takes the loser: half a move straight away from the
 * opponent, stopping at the table's edge (he and his prisoners); (ecw) stopped short, bases touching, by the
 * first enemy in the way (no way through an enemy, unless
 * pass_enemies=yes), or where it would end on a friend's or a prisoner's
 * base (unless share_ground=yes): a recoil passes friends as a move does,
 * but never ends on a base. A guard's prisoners go back with him, and the
 * first base any of their ways meets (of the kinds the options leave in
 * the way) stops them all. The figure that stopped him, or -1; *through
 * (if asked) the prisoner of his whose way it stood in, or -1. */
static int recoil_point(const CkState *s, int loser, int from, float *x, float *y, int *through)
{
    int via = -1;
    const CkFig *l = &s->figs[loser], *o = &s->figs[from];
    float dx = l->x - o->x, dy = l->y - o->y, len = ck_dist(l->x, l->y, o->x, o->y), m = ck_fig_rate(s, l) / 2;
    if (len < 1e-3f)
        dx = 0, dy = l->side == CK_PAR ? -1.0f : 1.0f, len = 1;
    float ux = dx / len, uy = dy / len, r = ck_fig_radius(l), go = to_edge(l->x, l->y, ux, uy, m, r);
    int by = -1;
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *e = &s->figs[i];
        bool enemy = e->status == FS_ACTIVE && e->side != l->side && i != from;
        int was = by;
        if (enemy && !s->pass_enemies)
            stop_at(s, l->x, l->y, ux, uy, r, i, &go, &by);
        via = by != was ? -1 : via;
        if (e->status == FS_PRISONER && e->guard == loser) { /* his prisoner's own way, to the edge too */
            go = to_edge(e->x, e->y, ux, uy, go, ck_fig_radius(e));
            for (int j = 0; j < s->nfigs; j++) {
                const CkFig *g = &s->figs[j];
                bool foe = g->status == FS_ACTIVE && g->side != l->side;
                int was = by;
                if (j != i && (foe ? !s->pass_enemies && j != from : !s->share_ground && ends_short_of(s, loser, j)))
                    stop_at(s, e->x, e->y, ux, uy, ck_fig_radius(e), j, &go, &by);
                via = by != was ? i : via;
            }
        }
    }
    for (int pass = 0; pass < s->nfigs && go > 0 && !s->share_ground; pass++) { /* back off each base the end stands on */
        int on = -1;
        for (int i = 0; i < s->nfigs && on < 0; i++)
            if (ends_short_of(s, loser, i) && stands_on(l->x + ux * go, l->y + uy * go, r, &s->figs[i]))
                on = i;
        if (on < 0)
            break;
        float back = meets_base(l->x, l->y, ux, uy, r, &s->figs[on], go);
        go = back < go ? back : 0; /* touching him; overlapping him from the start: no further */
        by = on, via = -1;
    }
    if (through)
        *through = via;
    *x = l->x + ux * go; /* on the table: to_edge kept him there (or where he stood, beyond the margin) */
    *y = l->y + uy * go;
    return by;
}

/* [CK Combat Outcomes] (option blocked_recoil=dies) is the loser's recoil
 * from `from` cut short by an enemy's base or the table's edge? Friends
 * and prisoners in the way stop him as ever: in DBA friends make way. */
static bool recoil_cut_short(const CkState *s, int loser, int from)
{
    const CkFig *l = &s->figs[loser];
    float x, y;
    int by = recoil_point(s, loser, from, &x, &y, NULL);
    if (by >= 0)
        return s->figs[by].status == FS_ACTIVE && s->figs[by].side != l->side;
    return ck_dist(l->x, l->y, x, y) < ck_fig_rate(s, l) / 2 - 0.01f;
}

bool ck_recoil_end(const CkState *s, int loser, int from, float *x, float *y)
{
    recoil_point(s, loser, from, x, y, NULL);
    return s->blocked_dies && recoil_cut_short(s, loser, from);
}

/* [CK Combat Outcomes] the loser recoils (his prisoners driven back with him). */
static void recoil(CkState *s, int loser, int from, GameIO *io)
{
    CkFig *l = &s->figs[loser];
    float x0 = l->x, y0 = l->y;
    recoil_point(s, loser, from, &l->x, &l->y, NULL);
    guard_driven_back(s, loser, l->x - x0, l->y - y0, io);
}

/* A fight's result, judged from the totals (and for Charles or Wilmot
 * beaten by half or less, a second die) before anything is done, so that
 * the combat event comes before what follows from it. */
/* What a fight does to its loser, and its name in the combat event. */
typedef enum { FR_NONE, FR_RECOIL, FR_CAPTURED, FR_DEAD, FR_WOUNDED } FightResult;
static const char *const fight_results[] = {"none", "recoil", "captured", "dead", "wounded"};

typedef struct Fight {
    bool        melee;              /* hand to hand, else a shot */
    int         att, target;        /* figures */
    CkFactors   af, df;             /* the attacker's and the target's factors */
    int         ar, dr;             /* their dice */
    int         winner, loser;      /* -1: a tie */
    int         wound_roll;         /* Charles or Wilmot's second die, 0 none */
    bool        capture;            /* the Parliament winner takes the loser */
    FightResult result;
    bool        cut_short;          /* option blocked_recoil=dies: dead as his recoil was cut short */
} Fight;

/* A fight about to be fought (its factors and dice are filled in next;
 * the large helper lists are left for them, not cleared). */
static void fight_start(Fight *fg, bool melee, int att, int target)
{
    fg->melee = melee;
    fg->att = att;
    fg->target = target;
    fg->wound_roll = 0;
    fg->capture = false;
    fg->cut_short = false;
}

/* [CK Combat Outcomes] more than half the winner's total: recoil (or,
 * hand to hand, taken by a Parliament winner who elects to); half or less:
 * dead, or for Charles and Wilmot a second die, 1-3 dead, 4-6 wounded (and
 * a wounded man may be taken at once). */
static void judge(CkState *s, Fight *fg, GameIO *io)
{
    int at = ck_factors_sum(&fg->af) + fg->ar, dt = ck_factors_sum(&fg->df) + fg->dr;
    fg->result = FR_NONE;
    fg->winner = fg->loser = -1;
    if (at == dt || (dt > at && !fg->melee)) /* a shooter never suffers from his shot */
        return;
    fg->winner = at > dt ? fg->att : fg->target;
    fg->loser = at > dt ? fg->target : fg->att;
    int wt = at > dt ? at : dt, lt = at > dt ? dt : at;
    const CkFig *l = &s->figs[fg->loser];
    bool taken = fg->capture && l->side == CK_ROY; /* taken, not driven back */
    fg->cut_short = 2 * lt > wt && !taken && s->blocked_dies && recoil_cut_short(s, fg->loser, fg->winner);
    if (2 * lt <= wt || fg->cut_short) {
        fg->result = FR_DEAD;
        if (l->type == F_CHARLES || l->type == F_WILMOT) {
            fg->wound_roll = game_roll(&s->rng, io, 6, VIS_PUBLIC, "%s: 1-3 dead, 4-6 wounded",
                                       ck_fig_label(s, fg->loser, io).s);
            if (fg->wound_roll >= 4)
                fg->result = fg->capture ? FR_CAPTURED : FR_WOUNDED;
        }
        return;
    }
    fg->result = taken ? FR_CAPTURED : FR_RECOIL;
}

/* [CK Combat Outcomes] what the result does to the loser. */
static void carry_out(CkState *s, const Fight *fg, GameIO *io)
{
    if (fg->loser < 0)
        return;
    CkFig *l = &s->figs[fg->loser];
    if (fg->wound_roll >= 4)
        l->wounded = 1;
    if (fg->result == FR_DEAD) {
        l->status = FS_DEAD;
        ck_prisoners_escape(s, fg->loser, io);
    } else if (fg->result == FR_CAPTURED)
        take_prisoner(s, fg->winner, fg->loser, io);
    else if (fg->result == FR_RECOIL) {
        recoil(s, fg->loser, fg->winner, io);
        if (fg->melee && l->side == CK_ROY)
            l->beaten = 1;
    }
}

/* The modifiers of a factor, in the order the log gives them: their JSON
 * keys, their words, their values. */
enum { PARTS = 8 };
static const char *const part_keys[PARTS] = {"cover", "shooters", "half_range", "rain", "ground", "uphill",
                                             "obstacle", "supporters"};
static const char *const part_said[PARTS] = {"cover", "other shooters", "half range", "rain", "woods or marsh",
                                             "uphill", "obstacle", "others in contact"};
static void part_values(const CkFactors *p, int v[PARTS])
{
    const int vals[PARTS] = {p->cover, p->shooters, p->half_range, p->rain, p->ground, p->uphill, p->obstacle,
                             p->supporters};
    memcpy(v, vals, sizeof vals);
}

/* A factor in words: "base 3, cover -1, other shooters D1 D2 +2", who
 * helped named (a play-tester could not tell from the line whose aims or
 * contact counted); with option together, "aims of D1 D2 +2". The prompt's
 * odds, the log and `ecw odds` (s NULL: nobody to name) say it alike. */
void ck_factors_words(const CkState *s, const CkFactors *p, char *words, size_t n)
{
    int v[PARTS];
    part_values(p, v);
    size_t len = (size_t)snprintf(words, n, "base %d", p->base);
    for (int k = 0; k < PARTS && len < n; k++) {
        if (!v[k])
            continue;
        len += (size_t)snprintf(words + len, n - len, ", %s", k == 1 && p->aimed ? "aims of" : part_said[k]);
        for (int h = 0; s && (k == 1 || k == 7) && h < p->nhelpers && len < n; h++) { /* (shooters, supporters) */
            char id[8];
            ck_fig_id(s, p->helpers[h], id);
            len += (size_t)snprintf(words + len, n - len, " %s", id);
        }
        if (len < n)
            len += (size_t)snprintf(words + len, n - len, " %+d", v[k]);
    }
}

/* A factor as a JSON object, as log_factors writes it, into buf (for `ecw
 * odds --json`, which prints without a Jw). */
void ck_factors_json(const CkFactors *p, char *buf, size_t n)
{
    int v[PARTS];
    part_values(p, v);
    size_t len = (size_t)snprintf(buf, n, "{\"base\":%d", p->base);
    for (int k = 0; k < PARTS && len < n; k++)
        if (v[k])
            len += (size_t)snprintf(buf + len, n - len, ",\"%s\":%d", part_keys[k], v[k]);
    if (len < n)
        snprintf(buf + len, n - len, "}");
}

/* A factor as JSON: {"base":3,"cover":-1,...}, the base and every
 * modifier that counted. */
static void log_factors(EventLog *log, const char *key, const CkFactors *p)
{
    int v[PARTS];
    part_values(p, v);
    Jw *w = evlog_jw(log);
    jw_key(w, key);
    jw_obj(w);
    jw_key(w, "base");
    jw_int(w, p->base);
    for (int k = 0; k < PARTS; k++)
        if (v[k]) {
            jw_key(w, part_keys[k]);
            jw_int(w, v[k]);
        }
    jw_obj_end(w);
}

/* [CK Combat Outcomes] where loser's recoil takes him, in words, and what
 * stops it: a base in his way or his prisoner's (a referee saw nobody in
 * the guard's own way), or the table's edge; "cannot recoil" where he
 * stays (a play-tester read "recoils to" where he stood). */
static void recoil_said(const CkState *s, int loser, int winner, const GameIO *io, char *buf, size_t n)
{
    float x, y;
    int through, by = recoil_point(s, loser, winner, &x, &y, &through);
    const CkFig *l = &s->figs[loser];
    CkLabel who = ck_fig_label(s, loser, io), stop = by >= 0 ? ck_fig_label(s, by, io) : (CkLabel){""};
    CkLabel pris = through >= 0 ? ck_fig_label(s, through, io) : (CkLabel){""};
    /* a recoil that leaves him where the roster shows him (to 0.1") is told as none (a play-tester read
     * "recoils to (0.8, 0.8)", the spot he was listed at) */
    char was[32], now[32];
    snprintf(was, sizeof was, "%.1f %.1f", (double)l->x, (double)l->y);
    snprintf(now, sizeof now, "%.1f %.1f", (double)x, (double)y);
    bool stays = strcmp(was, now) == 0;
    if (stays && by < 0) {
        snprintf(buf, n, "%s cannot recoil: the table's edge is behind him", who.s);
        return;
    }
    size_t k = stays ? (size_t)snprintf(buf, n, "%s cannot recoil", who.s)
                     : (size_t)snprintf(buf, n, "%s recoils to (%.1f, %.1f)", who.s, (double)x, (double)y);
    if (by < 0 || k >= n)
        return;
    if (stays && through >= 0)
        snprintf(buf + k, n - k, ": %s's base stands in his prisoner %s's way", stop.s, pris.s);
    else if (stays)
        snprintf(buf + k, n - k, ": %s's base stands in his way", stop.s);
    else if (through >= 0)
        snprintf(buf + k, n - k, ", his prisoner %s stopped by %s's base", pris.s, stop.s);
    else
        snprintf(buf + k, n - k, ", stopped by %s's base", stop.s);
}

/* [CK Combat Outcomes] the result in words for the log line, naming the
 * loser (either side may lose a charge) and where a recoil takes him, for
 * the referee who moves the figures on the table. */
static void fight_said(const CkState *s, const Fight *fg, GameIO *io, char *buf, size_t n)
{
    if (fg->loser < 0) {
        snprintf(buf, n, "%s", fg->melee ? "a tie, both stay" : "a miss");
        return;
    }
    CkLabel who = ck_fig_label(s, fg->loser, io); /* kept: the .s of a temporary dies with its statement */
    char way[240] = ""; /* (option blocked_recoil=dies) what cut his recoil short, for a death or a wound */
    if (fg->cut_short) {
        float x, y;
        if (recoil_point(s, fg->loser, fg->winner, &x, &y, NULL) >= 0) {
            char said[200];
            recoil_said(s, fg->loser, fg->winner, io, said, sizeof said);
            snprintf(way, sizeof way, ", his recoil cut short (%s)", said);
        } else
            snprintf(way, sizeof way, ", his recoil cut short by the table's edge");
    }
    switch (fg->result) {
    case FR_RECOIL: recoil_said(s, fg->loser, fg->winner, io, buf, n); break;
    case FR_CAPTURED: /* a wound said too (a referee saw it only in the roster: the wounded move at half rate) */
        snprintf(buf, n, "%s is %staken prisoner", who.s, fg->wound_roll >= 4 ? "wounded and " : "");
        break;
    case FR_WOUNDED: /* (a play-tester's Charles was "wounded" where a recoil was due, and could not tell why) */
        snprintf(buf, n, "%s is wounded%s", who.s, way);
        break;
    default: snprintf(buf, n, "%s dies%s", who.s, way); break;
    }
}

/* [CK Combat Outcomes] the combat event: who fought, every part of each
 * factor, the dice and totals, and the result. */
static void log_combat(CkState *s, GameIO *io, const Fight *fg)
{
    EventLog *log = io ? io->log : NULL;
    if (!evlog_begin(log, "combat", VIS_PUBLIC))
        return;
    Jw *w = evlog_jw(log);
    int af = ck_factors_sum(&fg->af), df = ck_factors_sum(&fg->df);
    const char *kind = fg->melee ? "melee" : "shoot";
    evlog_str(log, "kind", kind);
    jw_key(w, "attackers"); /* the attacker, then those whose +1 he counts */
    jw_arr(w);
    jw_int(w, fg->att + 1);
    for (int k = 0; k < fg->af.nhelpers; k++)
        jw_int(w, fg->af.helpers[k] + 1);
    jw_arr_end(w);
    evlog_int(log, "target", fg->target + 1);
    evlog_str(log, "attacker_type", ck_figs[s->figs[fg->att].type].name); /* (an analyst parsed the text) */
    evlog_str(log, "target_type", ck_figs[s->figs[fg->target].type].name);
    char aw[160], dw[160];
    ck_factors_words(s, &fg->af, aw, sizeof aw);
    ck_factors_words(s, &fg->df, dw, sizeof dw);
    log_factors(log, "att_factors", &fg->af);
    evlog_int(log, "att_factor", af);
    evlog_int(log, "att_roll", fg->ar);
    evlog_int(log, "att_total", af + fg->ar);
    log_factors(log, "def_factors", &fg->df);
    evlog_int(log, "def_factor", df);
    evlog_int(log, "def_roll", fg->dr);
    evlog_int(log, "def_total", df + fg->dr);
    if (fg->wound_roll)
        evlog_int(log, "wound_roll", fg->wound_roll);
    evlog_str(log, "result", fight_results[fg->result]);
    if (fg->cut_short)
        evlog_int(log, "cut_short", 1);
    if (fg->loser < 0)
        evlog_null(log, "loser");
    else
        evlog_int(log, "loser", fg->loser + 1);
    char said[320];
    fight_said(s, fg, io, said, sizeof said);
    evlog_end(log, "%s: %s (%d+%d=%d; %s) against %s (%d+%d=%d; %s): %s", kind,
              ck_fig_label(s, fg->att, io).s, af, fg->ar, af + fg->ar, aw, ck_fig_label(s, fg->target, io).s, df,
              fg->dr, df + fg->dr, dw, said);
}

/* Judge the fight, log it, then carry out its result. */
static void fight(CkState *s, Fight *fg, GameIO *io)
{
    judge(s, fg, io);
    log_combat(s, io, fg);
    carry_out(s, fg, io);
}

/* [CK Shooting factors] [CK Hand to hand Combat] both sides' factors, part
 * by part, for a shot or a charge, the attacker where he fights from (a
 * charger at his point of contact, `off` where he set off: ck_set_off):
 * the fight and the prompt's odds alike. */
static void fight_parts(const CkState *s, const Action *a, unsigned off, CkFactors *af, CkFactors *df)
{
    if (a->verb == CKV_SHOOT) {
        shoot_parts(s, a->piece, a->target, af);
        factors_start(df, ck_target_factor(s, a->target, a->piece));
    } else {
        melee_parts(s, a->piece, a->target, true, off, af);
        melee_parts(s, a->target, a->piece, false, off, df);
    }
}

/* [CK Shooting factors] a shot: only the target can suffer; firing before
 * moving leaves half a move [CK Playing the Game]. */
static void shoot(CkState *s, const Action *a, GameIO *io)
{
    CkFig *f = &s->figs[a->piece];
    Fight fg;
    fight_start(&fg, false, a->piece, a->target);
    fight_parts(s, a, 0, &fg.af, &fg.df);
    if (!f->moved)
        f->half = 1; /* fired before moving: half a move left */
    f->shot = 1;
    f->shot_at = (uint8_t)a->target;
    fg.ar = game_roll(&s->rng, io, 6, f->side, "shot by %s", ck_fig_label(s, a->piece, io).s);
    fg.dr = game_roll(&s->rng, io, 6, 1 - f->side, "target %s", ck_fig_label(s, a->target, io).s);
    for (int k = 0; k < fg.af.nhelpers; k++) /* together=yes: those who aimed have had their shot */
        s->figs[fg.af.helpers[k]].aimed = 0;
    fight(s, &fg, io);
}

/* [CK Shooting factors] (ecw, option together=yes) figure a->piece takes aim
 * at a->target: his shot is spent, as on shooting (before moving it
 * leaves half a move), and the next friend to shoot at the target adds
 * his +1, in one roll. */
static void aim(CkState *s, const Action *a, GameIO *io)
{
    CkFig *f = &s->figs[a->piece];
    if (!f->moved)
        f->half = 1;
    f->shot = f->aimed = 1;
    f->shot_at = (uint8_t)a->target;
    EventLog *log = io ? io->log : NULL;
    if (evlog_begin(log, "aim", VIS_PUBLIC)) {
        evlog_int(log, "figure", a->piece + 1);
        evlog_int(log, "target", a->target + 1);
        evlog_end(log, "%s takes aim at %s: the next shot at him adds his +1", ck_fig_label(s, a->piece, io).s,
                  ck_fig_label(s, a->target, io).s);
    }
}

/* [CK Combat Outcomes] a Royalist charger beaten, not killed, by a
 * Parliament defender who may take him (defender_takes=ask): the fight
 * waits, its dice and result kept, while Parliament chooses (CP_DEFEND).
 * False when there is nothing to choose (he died). */
static bool defender_asks(CkState *s, const Fight *fg, GameIO *io)
{
    if (fg->result != FR_RECOIL && fg->result != FR_WOUNDED && !fg->cut_short)
        return false; /* (one dead as his recoil was cut short might have been taken instead) */
    s->pend_att = (uint8_t)fg->att, s->pend_def = (uint8_t)fg->target;
    s->pend_ar = (uint8_t)fg->ar, s->pend_dr = (uint8_t)fg->dr;
    s->pend_wound = (uint8_t)fg->wound_roll, s->pend_result = (uint8_t)fg->result;
    s->phase = CP_DEFEND;
    s->to_act = CK_PAR;
    EventLog *log = io ? io->log : NULL;
    if (evlog_begin(log, "defender_choice", VIS_PUBLIC)) {
        evlog_int(log, "defender", fg->target + 1);
        evlog_int(log, "charger", fg->att + 1);
        evlog_end(log, "%s beats %s%s: Parliament chooses whether to take him (capture) or let him go (end)",
                  ck_fig_label(s, fg->target, io).s, ck_fig_label(s, fg->att, io).s,
                  fg->result == FR_WOUNDED ? ", who is wounded"
                  : fg->cut_short          ? ", whose recoil is cut short: he dies unless taken"
                                           : ", who would recoil");
    }
    return true;
}

/* [CK Combat Outcomes] Parliament's choice made: the waiting fight is
 * finished as it would have been, the beaten charger taken or recoiling. */
void ck_defender_chooses(CkState *s, bool take, GameIO *io)
{
    Fight fg;
    Action a = {.verb = CKV_CHARGE, .piece = s->pend_att, .target = s->pend_def};
    fight_start(&fg, true, s->pend_att, s->pend_def);
    fight_parts(s, &a, s->pend_inside, &fg.af, &fg.df); /* as they were: nothing has moved since */
    s->pend_inside = 0;
    fg.ar = s->pend_ar, fg.dr = s->pend_dr, fg.wound_roll = s->pend_wound;
    fg.winner = s->pend_def, fg.loser = s->pend_att;
    fg.capture = take;
    fg.result = take ? FR_CAPTURED : (FightResult)s->pend_result;
    int wt = ck_factors_sum(&fg.df) + fg.dr, lt = ck_factors_sum(&fg.af) + fg.ar;
    fg.cut_short = fg.result == FR_DEAD && 2 * lt > wt; /* dead though beaten by less than half: blocked_recoil */
    s->phase = CP_ROYALIST;
    s->to_act = CK_ROY;
    log_combat(s, io, &fg);
    carry_out(s, &fg, io);
}

/* [CK Hand to hand Combat] figure a->piece comes into contact with
 * a->target at (*cx, *cy) as a charge does (swinging or riding round where
 * he must), his prisoners escaping as he sets off, the move logged as
 * `how` ("charges", "closes in"): his whole turn. Where he set off, as his
 * fight asks (ck_set_off). */
static unsigned close_in(CkState *s, const Action *a, GameIO *io, const char *how, float *cx, float *cy)
{
    CkFig *f = &s->figs[a->piece];
    const CkFig *t = &s->figs[a->target];
    float fx = f->x, fy = f->y; /* the point of contact, found before his prisoners, escaping, stand anywhere */
    Round r = {0, 0, 0};
    int from = ck_piece_at(s, f->x, f->y), way = contact_of(s, f, a, from, cx, cy, NULL, &r);
    unsigned off = ck_set_off(s, from, t);
    f->x = *cx, f->y = *cy;
    if (io && io->log) { /* (a simulation without events formats nothing) */
        char what[80];
        if (way == 2)
            snprintf(what, sizeof what, "%s, %s round by (%.1f, %.1f), from", how, f->mounted ? "riding" : "going",
                     (double)r.wx, (double)r.wy); /* (an auditor's clubman rode) */
        else if (way == 3)
            snprintf(what, sizeof what, "%s by way of (%.1f, %.1f) from", how, (double)a->bx, (double)a->by);
        else if (ck_dist(fx, fy, *cx, *cy) < 0.01f) /* (a play-tester read "charges from" with nowhere to) */
            snprintf(what, sizeof what, "%s, already touching him, at", how);
        else
            snprintf(what, sizeof what, "%s%s from", how, way == 1 ? ", swinging round," : "");
        ck_log_move(s, a->piece, fx, fy, io, what);
    }
    /* a guard who sets off leaves his charges (where he now stands, room_to_ride), told after his move;
     * one who charges from where he stands keeps them */
    if (sets_off(&(CkFig){.x = fx, .y = fy}, *cx, *cy))
        ck_prisoners_escape(s, a->piece, io);
    f->moved = f->shot = 1;
    return off;
}

/* [CK Hand to hand Combat] (ecw, option together=yes) figure a->piece
 * closes in on a->target without a fight, so that the next friend to
 * charge him adds +1 for him; a piece he comes onto is searched, as by a
 * charge. */
static void join(CkState *s, const Action *a, GameIO *io)
{
    float cx, cy;
    close_in(s, a, io, "closes in", &cx, &cy);
    ck_search_if_reached(s, a->piece, cx, cy, io);
}

/* [CK Hand to hand Combat] a charge: move into contact, fight at once; a
 * tie leaves both in place. */
static void charge(CkState *s, const Action *a, GameIO *io)
{
    CkFig *f = &s->figs[a->piece], *t = &s->figs[a->target];
    float cx, cy;
    unsigned off = close_in(s, a, io, "charges", &cx, &cy);
    Fight fg;
    fight_start(&fg, true, a->piece, a->target);
    fight_parts(s, a, off, &fg.af, &fg.df);
    fg.ar = game_roll(&s->rng, io, 6, f->side, "charge by %s", ck_fig_label(s, a->piece, io).s);
    fg.dr = game_roll(&s->rng, io, 6, t->side, "defence of %s", ck_fig_label(s, a->target, io).s);
    int at = ck_factors_sum(&fg.af) + fg.ar, dt = ck_factors_sum(&fg.df) + fg.dr;
    /* the attacker elects to take the loser by his charge's word; a Parliament defender with room is asked
     * (defender_takes=ask: after the result, by defender_asks), or always takes him, or never */
    bool may_take = t->side == CK_PAR && can_guard(s, a->target, f);
    fg.capture = at > dt ? (a->arg & CK_CHARGE_CAPTURE) != 0 : may_take && s->defender_takes == CK_TAKE_YES;
    judge(s, &fg, io);
    if (at < dt && may_take && s->defender_takes == CK_TAKE_ASK && defender_asks(s, &fg, io)) {
        s->pend_inside = (uint8_t)off; /* (the fight's factors are worked out again when Parliament chooses) */
        return;
    } /* the fight waits for Parliament's choice (ck_defender_chooses) */
    log_combat(s, io, &fg);
    carry_out(s, &fg, io);
    ck_search_if_reached(s, a->piece, cx, cy, io); /* a charge onto a piece searches it, though he recoiled off */
}

/* [CK Combat Outcomes] the captor takes his man, riding up to him first
 * when he is a wounded Charles or Wilmot out of contact (a move onto an
 * unsearched piece searches it, as any move). */
static void capture(CkState *s, const Action *a, GameIO *io)
{
    CkFig *f = &s->figs[a->piece];
    const CkFig *t = &s->figs[a->target];
    bool rode = !ck_in_contact(f, t);
    if (rode) { /* (he guards nobody: a person needs a guard of his own) */
        float cx, cy, fx = f->x, fy = f->y;
        Round r = {0, 0, 0};
        int how = contact_spot(s, f, t, ck_piece_at(s, f->x, f->y), &cx, &cy, NULL, &r);
        f->x = cx, f->y = cy;
        char what[64] = "rides up to take his man from";
        if (how == 2)
            snprintf(what, sizeof what, "rides up, round by (%.1f, %.1f), to take his man from", (double)r.wx,
                     (double)r.wy);
        ck_log_move(s, a->piece, fx, fy, io, what);
    }
    take_prisoner(s, a->piece, a->target, io);
    f->moved = f->shot = 1;
    if (rode)
        ck_search_if_on_piece(s, a->piece, io);
}

/* [CK Combat Outcomes] for the odds of a fight between t and a (standing
 * where he strikes from): where t's recoil from a would take him (`who`
 * names t's part, `when` adds what else must be so), whether or not he
 * could go his full half move (a play-tester read "recoils 0.64" at a man
 * boxed in by his men, whose recoil did nothing; another wanted it said
 * where nothing stopped him too), and what option blocked_recoil makes of
 * it. */
static void recoil_note(const CkState *s, int t, int a, const char *who, const char *when, FILE *out)
{
    static const GameIO labels = {NULL, NULL, NULL};
    char said[200];
    recoil_said(s, t, a, &labels, said, sizeof said);
    bool dies = s->blocked_dies && recoil_cut_short(s, t, a);
    fprintf(out, "  if %s is beaten and not by half%s: %s%s\n", who, when, said,
            dies ? "; with blocked_recoil=dies he dies instead, as the chances above count it" : "");
}

/* [CK Playing the Game] the table as the other side, `side`, would find it
 * at the start of its turn (its figures fresh, nobody beaten), in *next,
 * so that a player may ask the odds of the enemy's shots and charges at
 * his men as they stand (a play-tester guarding Wilmot worked out the
 * troopers' reach by hand). Only the open table is read; the line said
 * first tells it. */
static const CkState *their_turn(const CkState *s, int side, CkState *next, FILE *out)
{
    *next = *s;
    next->to_act = (uint8_t)side;
    next->phase = side == CK_PAR ? CP_PARLIAMENT : CP_ROYALIST;
    ck_reset_flags(next, side);
    fprintf(out, "(if %s moved now, every figure of theirs fresh)\n", side == CK_PAR ? "Parliament" : "the Royalists");
    return next;
}

/* The refusal of the other side's order whose odds were asked: said as
 * the refusal its owner would get, so that its advice ("go round him")
 * reads as meant for them, not for the one who asked (a play-tester's). */
static int their_refusal(const CkState *s, Diag *d)
{
    if (!d)
        return -1;
    char why[sizeof d->msg];
    snprintf(why, sizeof why, "%s", d->msg);
    return diag_set(d, "%s could not give that order now; they would be told: %s",
                    s->to_act == CK_PAR ? "Parliament" : "the Royalists", why);
}

/* [CK Captured Persons] [CK Playing the Game] what else charge a does,
 * for its odds: where its point of contact (cx, cy) lies if he swings or
 * rides round to it, the prisoners the charger leaves (they escape as he
 * sets off), and the unsearched piece he comes onto (he searches it, and
 * Parliament's turn ends after the fight). Found by a play-tester whom a
 * charge surprised both ways. */
static void charge_notes(const CkState *s, const Action *a, float cx, float cy, FILE *out)
{
    const CkFig *f = &s->figs[a->piece];
    static const GameIO labels = {NULL, NULL, NULL};
    float sx, sy;
    touch_point(f, &s->figs[a->target], 1, 0, &sx, &sy);
    bool join = a->verb == CKV_JOIN, round = ck_dist(sx, sy, cx, cy) > 0.01f;
    if (round || join) /* a joiner's base then stands there: the charge after him must touch elsewhere (a play-tester's) */
        fprintf(out, "  he %s his point of contact at (%.1f, %.1f)%s\n", round ? "goes round to" : "takes", (double)cx,
                (double)cy, join ? ": whoever charges after him must find another" : "");
    for (int i = 0; i < s->nfigs && sets_off(f, cx, cy); i++)
        if (s->figs[i].status == FS_PRISONER && s->figs[i].guard == a->piece)
            fprintf(out, "  %s, whom he guards, escapes as he %s\n", ck_fig_label(s, i, &labels).s,
                    join ? "closes in" : "charges");
    int p = ck_piece_at(s, cx, cy);
    if (ck_searches(s, f) && p >= 0 && !s->pieces[p].searched)
        fprintf(out, "  his point of contact is on the unsearched %s (piece %d): %s\n", ck_terrain[s->pieces[p].kind].name,
                p + 1, join ? "closing in searches it, and Parliament's turn ends at once, before anyone can charge"
                            : "the charge searches it, and Parliament's turn ends after the fight");
}

/* [CK Hand to hand Combat] (option together=yes) what a join does, for
 * the prompt's odds (a play-tester's join searched a hill and ended his
 * turn before the charge it was for): no fight; the charges at the man
 * that it helps, and what else it does (charge_notes). */
static void join_odds(const CkState *s, const Action *a, float cx, float cy, FILE *out)
{
    static const GameIO labels = {NULL, NULL, NULL};
    const char *t = ck_fig_label(s, a->target, &labels).s;
    fprintf(out, "%s closes in on %s as the table stands: no fight and no dice; the next charge at %s adds +1 for him, "
                 "as for every friend touching %s\n",
            ck_fig_label(s, a->piece, &labels).s, t, t, t);
    charge_notes(s, a, cx, cy, out);
}

/* [CK Shooting factors] (option together=yes) what an aim does, for the
 * prompt's odds: no shot and no dice; the shot at the man that it helps.
 * -1 with d set for an aim the rules refuse. */
static int aim_odds(const CkState *s, const Action *a, FILE *out, Diag *d)
{
    if (ck_check(s, a, d) < 0)
        return -1;
    static const GameIO labels = {NULL, NULL, NULL};
    const char *t = ck_fig_label(s, a->target, &labels).s;
    char id[8];
    ck_fig_id(s, a->target, id);
    fprintf(out, "%s takes aim at %s: no shot and no dice now; the next shot at %s adds +1 for him, as for every "
                 "friend who aimed ('odds shoot F %s' gives that shot's odds as the table stands)\n",
            ck_fig_label(s, a->piece, &labels).s, t, t, id);
    return 0;
}

/* [CK Shooting factors] [CK Hand to hand Combat] [CK Combat Outcomes] the
 * odds of a legal shot or charge as the table stands: its factors worked
 * out part by part as the fight would work them (for a charge, with the
 * charger at his point of contact), said in words, then every outcome
 * with its chance. Only the open table is read. */
int ck_action_odds(const void *st, const Action *a, FILE *out, Diag *d)
{
    const CkState *s0 = st;
    if (a->verb == CKV_AIM) /* (together=yes) no fight: what it adds, as a join's odds say */
        return aim_odds(s0, a, out, d);
    if (a->verb != CKV_SHOOT && a->verb != CKV_CHARGE && a->verb != CKV_JOIN)
        return diag_set(d, "only a shot, a charge, an aim or a join has odds");
    CkState next;
    bool playing = s0->phase == CP_PARLIAMENT || s0->phase == CP_ROYALIST;
    bool theirs = a->piece >= 0 && a->piece < s0->nfigs &&
                  ((playing && s0->figs[a->piece].side != s0->to_act) || s0->phase == CP_ARRIVE ||
                   s0->phase == CP_OVER); /* (after the end, the table looked at as the doc says: a tester's) */
    if (theirs)
        s0 = their_turn(s0, s0->figs[a->piece].side, &next, out); /* (before arrivals come on too: a tester) */
    if (ck_check(s0, a, d) < 0)
        return theirs ? their_refusal(s0, d) : -1;
    CkState s = *s0; /* the charger moved to his point of contact, in a copy */
    CkFig *f = &s.figs[a->piece];
    const CkFig *t = &s.figs[a->target];
    bool shoot = a->verb == CKV_SHOOT;
    float cx = f->x, cy = f->y;
    int from = ck_piece_at(&s, f->x, f->y);
    if (!shoot) {
        contact_of(&s, f, a, from, &cx, &cy, NULL, NULL);
        f->x = cx, f->y = cy;
        if (sets_off(&s0->figs[a->piece], cx, cy)) /* his prisoners escape as he sets off: none then stands in
                                                   * his recoil's way as his (a play-tester read both) */
            ck_prisoners_escape(&s, a->piece, NULL);
    }
    if (a->verb == CKV_JOIN) {
        join_odds(s0, a, cx, cy, out);
        return 0;
    }
    CkFactors af, df;
    fight_parts(&s, a, shoot ? 0 : ck_set_off(&s, from, t), &af, &df);
    char aw[160], dw[160];
    ck_factors_words(&s, &af, aw, sizeof aw);
    ck_factors_words(&s, &df, dw, sizeof dw);
    static const GameIO labels = {NULL, NULL, NULL}; /* (ck_fig_label names figures only for a log) */
    fprintf(out, "%s %s %s as the table stands: %d (%s) against %d (%s)\n", ck_fig_label(&s, a->piece, &labels).s,
            shoot ? "shoots at" : "charges", ck_fig_label(&s, a->target, &labels).s, ck_factors_sum(&af), aw,
            ck_factors_sum(&df), dw);
    CkFightArgs fa = {.att = f->type, .def = t->type, .shoot = shoot, .capture = !shoot && (a->arg & CK_CHARGE_CAPTURE),
                      .att_foot = f->type == F_DRAGOON && !f->mounted, .def_foot = t->type == F_DRAGOON && !t->mounted,
                      .guarding = t->side == CK_PAR ? 4 - capacity_left(&s, a->target) : 0,
                      .lets_go = s.defender_takes == CK_TAKE_NO,
                      .att_cut = !shoot && s.blocked_dies && recoil_cut_short(&s, a->piece, a->target),
                      .def_cut = s.blocked_dies && recoil_cut_short(&s, a->target, a->piece),
                      .af = ck_factors_sum(&af), .df = ck_factors_sum(&df)};
    ck_odds_print_fight(&fa, out);
    if (!shoot)
        charge_notes(s0, a, cx, cy, out);
    if (!(fa.capture && t->side == CK_ROY)) /* (a Royalist beaten by a charge with the capture word is taken) */
        recoil_note(&s, a->target, a->piece, "the target", "", out);
    /* a shooter never suffers from his shot; a Royalist charger beaten recoils only where Parliament lets
     * him go, and never where it takes him without asking (a tester read his recoil as certain) */
    int takes = f->side == CK_ROY ? s.defender_takes : CK_TAKE_NO;
    if (!shoot && takes != CK_TAKE_YES)
        recoil_note(&s, a->piece, a->target, "the attacker", takes == CK_TAKE_ASK ? " and Parliament lets him go" : "",
                    out);
    return 0;
}

void ck_combat_apply(CkState *s, const Action *a, GameIO *io)
{
    switch (a->verb) {
    case CKV_SHOOT: shoot(s, a, io); break;
    case CKV_CHARGE: charge(s, a, io); break;
    case CKV_AIM: aim(s, a, io); break;
    case CKV_JOIN: join(s, a, io); break;
    case CKV_GUARD: take_over(s, a, io); break;
    default: capture(s, a, io); break;
    }
}
