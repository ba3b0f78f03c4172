/* ml_ai.c - the Marston Less heuristic player: deploys as a general of the
 * period would (foot in the centre in two supporting lines, horse split
 * over the wings, guns forward, generals with the front lines), fires at
 * the line nearest to breaking, moves greedily by an evaluation of the
 * position that counts strength, DPs and the expected DPs of every melee,
 * engaging where its factor is the better, rallies pursuers and splits an
 * outnumbered line's factor onto the weaker attacker. It reads only what
 * the view shows (the table); it never touches the state's generator. */
#include "ml.h"
#include <string.h>

static double expected_dp(int factor)
{
    double p[4];
    ml_odds_dp(factor, p);
    return p[1] + 2 * p[2] + 3 * p[3];
}

static double line_value(const MlLine *l) { return l->str * (1.0 + (ML_ROUT_DP - l->dp)) / 5.0; }

/* What one more DP on this line costs its side. */
static double dp_cost(const MlLine *l) { return l->str / 4.0 * (1.0 + 0.5 * l->dp); }

/* Nearest enemy line ahead of l in its sector, or -1; distance in *dist. */
static int enemy_ahead(const MlState *s, int side, const MlLine *l, int *dist)
{
    int best = -1, f = ml_fwd(side);
    *dist = 99;
    const MlSide *foe = &s->side[ml_enemy(side)];
    for (int i = 0; i < foe->nlines; i++) {
        const MlLine *e = &foe->lines[i];
        int d = (e->zone - l->zone) * f;
        if (ml_line_on_table(e) && e->sector == l->sector && d > 0 && d < *dist)
            best = i, *dist = d;
    }
    return best;
}

static double side_material(const MlState *s, int side)
{
    const MlSide *sd = &s->side[side];
    double v = 0;
    for (int i = 0; i < sd->nlines; i++) {
        const MlLine *l = &sd->lines[i];
        if (ml_line_on_table(l))
            v += line_value(l) - (l->status == LS_PURSUING ? 0.3 * l->str : 0);
    }
    for (int g = 0; g < sd->nguns; g++)
        v += sd->guns[g].alive ? 0.2 * sd->guns[g].factor : 0;
    if (sd->start_str && 2 * sd->lost_str >= sd->start_str)
        v -= 100;
    return v;
}

/* Expected DPs exchanged by line li of side in its melee, as value. */
static double melee_value(const MlState *s, int side, int li)
{
    const MlLine *l = &s->side[side].lines[li];
    int foe[2], n = ml_lines_at(s, ml_enemy(side), l->sector, l->zone, foe);
    double v = 0, mine = ml_factor(s, side, li, NULL);
    for (int k = 0; k < n && k < 2; k++) {
        const MlLine *e = &s->side[ml_enemy(side)].lines[foe[k]];
        int fe = ml_factor(s, ml_enemy(side), foe[k], NULL);
        v += expected_dp((int)(mine / n)) * dp_cost(e) - expected_dp(fe) * dp_cost(l);
    }
    return v;
}

/* Factor and DP advantage of line li over the (first) enemy in its zone. */
static int melee_edge(const MlState *s, int side, int li)
{
    const MlLine *l = &s->side[side].lines[li];
    int foe[2], n = ml_lines_at(s, ml_enemy(side), l->sector, l->zone, foe);
    const MlLine *e = &s->side[ml_enemy(side)].lines[foe[0]];
    return ml_factor(s, side, li, NULL) / n - ml_factor(s, ml_enemy(side), foe[0], NULL) + e->dp - l->dp;
}

enum { AGGRESSION_PULL = 25 }; /* value (x0.01) of each zone closer to a beatable enemy */

/* Lines out of contact: close with enemies they can beat, keep away from
 * the others; with no enemy ahead, press on up the board. */
static double posture_value(const MlState *s, int side, int li)
{
    const MlLine *l = &s->side[side].lines[li];
    int dist, e = enemy_ahead(s, side, l, &dist);
    if (e < 0)
        return 0.1 * (l->zone * ml_fwd(side) + (side == ML_PAR ? ML_ZONES : 0));
    const MlLine *el = &s->side[ml_enemy(side)].lines[e];
    int edge = ml_factor(s, side, li, NULL) - ml_factor(s, ml_enemy(side), e, NULL) + el->dp - l->dp;
    return edge >= 1 ? AGGRESSION_PULL / 100.0 * (ML_ZONES - dist) : 0.05 * dist;
}

static double evaluate(const MlState *s, int me)
{
    double v = side_material(s, me) - side_material(s, ml_enemy(me));
    const MlSide *sd = &s->side[me];
    for (int li = 0; li < sd->nlines; li++) {
        const MlLine *l = &sd->lines[li];
        if (!ml_line_on_table(l))
            continue;
        if (ml_cell_has_enemy_of(s, me, l->sector, l->zone))
            v += melee_value(s, me, li) + (melee_edge(s, me, li) >= 1) * AGGRESSION_PULL / 100.0 * ML_ZONES;
        else
            v += posture_value(s, me, li);
        v += l->turned_in ? 0.3 : 0;
    }
    return v;
}

/* ---------------- deployment ---------------- */

static int front_zone(int side) { return side == ML_ROY ? 2 : 4; }

/* Score a deployment action: forward zones, lines of sensible size. */
static double deploy_score(const MlState *s, const Action *a, Rng *rng)
{
    int side = s->to_act;
    const MlSide *sd = &s->side[side];
    double jitter = rng_below(rng, 1000) / 1e5;
    int depth = (a->verb == MLV_ROUGH ? a->target % ML_ZONES : a->target) * ml_fwd(side);
    switch (a->verb) {
    case MLV_ROUGH: { /* hinder the enemy horse in front of its wings */
        int sec = a->target / ML_ZONES, z = a->target % ML_ZONES;
        return (sec != ML_CENTRE) * 2 - (z != front_zone(ml_enemy(side)) - ml_fwd(side)) + jitter;
    }
    case MLV_DRAGOONS: return (a->target == front_zone(side)) + jitter;
    case MLV_FORM: {
        int n = 0, horse_lines = 0, rem = 0, arm = a->piece == ML_CENTRE ? ML_FOOT : ML_HORSE;
        for (int u = 0; u < sd->nunits; u++) {
            n += a->set >> u & 1;
            rem += sd->units[u].alive && sd->units[u].line == ML_NONE && sd->units[u].arm == arm;
        }
        for (int i = 0; i < sd->nlines; i++)
            horse_lines += sd->lines[i].arm == ML_HORSE && sd->lines[i].sector == a->piece;
        /* a strong front line per sector and a small support line behind it */
        int per_line = arm == ML_FOOT ? ML_FOOT_PER_LINE : ML_HORSE_PER_LINE;
        int want = arm == ML_FOOT ? (rem > per_line ? per_line : rem)
                                  : (horse_lines ? rem : (rem / 2 > per_line ? per_line : rem / 2));
        return depth * 1.0 - 3.0 * (n != want) - horse_lines + jitter;
    }
    case MLV_GUN: return depth + jitter;
    case MLV_GENERAL:
    case MLV_LIGHT: {
        const MlLine *l = &sd->lines[a->target];
        return l->str + depth + (a->verb == MLV_GENERAL && l->arm == ML_FOOT) * 3 + jitter;
    }
    default: return jitter;
    }
}

/* ---------------- battle ---------------- */

static double fire_score(const MlState *s, const Action *a)
{
    if (a->verb == MLV_HOLD)
        return -1;
    const MlLine *t = &s->side[ml_enemy(s->to_act)].lines[a->target];
    return t->dp * 2 + t->str * 0.1 + (ml_cell_has_enemy_of(s, ml_enemy(s->to_act), t->sector, t->zone));
}

/* The position after a move without its dice: the move itself. */
static double move_score(const MlState *s, const Action *a)
{
    int me = s->to_act;
    if (a->verb == MLV_END)
        return evaluate(s, me) + 0.01;
    MlState c;
    memcpy(&c, s, sizeof c);
    if (a->verb == MLV_MOVE) {
        ml_enter_cell(&c, me, a->piece, c.side[me].lines[a->piece].sector, a->target, APP_FRONT, NULL);
    } else if (a->verb == MLV_TURNIN) {
        MlLine *l = &c.side[me].lines[a->piece];
        l->turned_in = 1;
        ml_enter_cell(&c, me, a->piece, ML_CENTRE, l->zone, APP_FLANK, NULL);
    } else {
        return evaluate(s, me) - 0.05; /* generals stay with their lines */
    }
    return evaluate(&c, me);
}

static double split_score(const MlState *s, const Action *a)
{
    const MlLine *l = &s->side[s->to_act].lines[a->piece];
    int foe[2];
    ml_lines_at(s, ml_enemy(s->to_act), l->sector, l->zone, foe);
    const MlLine *e0 = &s->side[ml_enemy(s->to_act)].lines[foe[0]];
    const MlLine *e1 = &s->side[ml_enemy(s->to_act)].lines[foe[1]];
    bool first_weaker = e0->dp > e1->dp || (e0->dp == e1->dp && e0->str <= e1->str);
    return first_weaker ? a->arg : -a->arg;
}

static double action_score(const MlState *s, const Action *a, Rng *rng)
{
    switch (s->phase) {
    case PH_PLACE:
    case PH_FORM:
    case PH_ATTACH: return deploy_score(s, a, rng);
    case PH_ARTILLERY: return fire_score(s, a);
    case PH_MOVE: return move_score(s, a);
    case PH_SPLIT: return split_score(s, a);
    default: return a->verb == MLV_RALLY;
    }
}

int ml_heuristic(const void *st, Rng *rng, Action *out)
{
    const MlState *s = st;
    Action acts[MAX_ACTIONS];
    int n = ml_legal(s, acts, MAX_ACTIONS);
    if (n <= 0)
        return -1;
    int best = 0;
    double best_v = -1e300;
    for (int i = 0; i < n && i < MAX_ACTIONS; i++) {
        double v = action_score(s, &acts[i], rng);
        if (v > best_v)
            best_v = v, best = i;
    }
    *out = acts[best];
    return 0;
}
