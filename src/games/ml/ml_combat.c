/* ml_combat.c - Marston Less combat [ML Combat] with its modifiers
 * [ML Modifiers], split factors when two lines attack one, push backs
 * [ML Push Backs], routs and the DP to the line behind [ML Routers], and
 * the start of pursuit [ML Pursuit]. All rolls in a zone are made before
 * any DP takes effect: the fight is simultaneous. */
#include "ml.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>

static void add_mod(MlMods *m, const char *why, int v)
{
    if (m && m->n < 8) {
        m->why[m->n] = why;
        m->v[m->n++] = (int8_t)v;
    }
}

/* [ML Modifiers] friendly dragoons on the flank: read off the index (see
 * ml_dragoon_cells). */
static bool dragoons_beside(const MlState *s, int side, const MlLine *l)
{
    return s->occ.dragoons[side] & ml_cell_bit(l->sector, l->zone);
}

/* How the enemy lines in this line's zone came at it: worst approach. */
static int worst_approach(const MlState *s, int side, const MlLine *l)
{
    int foe = ml_enemy(side), worst = APP_FRONT;
    for (unsigned m = s->occ.at[foe][ml_cell(l->sector, l->zone)]; m; m &= m - 1) {
        int ap = s->side[foe].lines[__builtin_ctz(m)].approach;
        if (ap == APP_REAR || (ap == APP_FLANK && worst == APP_FRONT))
            worst = ap;
    }
    return worst;
}

/* [ML Modifiers] roster strength, then each modifier of the table, the
 * enemy having come at the line from `ap` (see worst_approach). */
static inline int factor_terms(const MlState *s, int side, int li, int ap, MlMods *mods)
{
    const MlLine *l = &s->side[side].lines[li];
    int f = l->str, rz = l->zone - ml_fwd(side);
    if (mods)
        mods->n = 0;
    if (dragoons_beside(s, side, l))
        f += 2, add_mod(mods, "friendly dragoons on the flank", 2);
    if (l->light)
        f += l->light, add_mod(mods, "light artillery support", l->light);
    if (ml_on_board(rz) && ml_line_at(s, side, l->sector, rz))
        f += 1, add_mod(mods, "friendly line to the rear", 1);
    bool rough = s->rough[l->sector][l->zone];
    if (rough && l->arm == ML_FOOT && l->attacking)
        f -= 1, add_mod(mods, "attacking foot in rough terrain", -1);
    if (rough && l->arm == ML_HORSE)
        f -= 2, add_mod(mods, "horse in rough terrain", -2);
    if (ap == APP_REAR)
        f -= 2, add_mod(mods, "attacked in the rear", -2);
    else if (ap == APP_FLANK)
        f -= 1, add_mod(mods, "attacked in the flank", -1);
    return f;
}

int ml_factor(const MlState *s, int side, int li, MlMods *mods)
{
    return factor_terms(s, side, li, worst_approach(s, side, &s->side[side].lines[li]), mods);
}

/* ---------------- split factors ---------------- */

bool ml_split_needed(const MlState *s, int *side, int *line)
{
    const MlOcc *o = &s->occ;
    if (!ml_splits_possible(o))
        return false; /* no line faces two enemy lines: the usual case */
    for (int sd = 0; sd < ML_SIDES; sd++)
        for (int li = 0; li < s->side[sd].nlines; li++) {
            const MlLine *l = &s->side[sd].lines[li];
            if (ml_line_on_table(l) && l->split == ML_NONE &&
                (o->two[ml_enemy(sd)] & ml_cell_bit(l->sector, l->zone))) {
                *side = sd;
                *line = li;
                return true;
            }
        }
    return false;
}

static int split_line(const MlState *s)
{
    int side, line;
    return ml_split_needed(s, &side, &line) ? line : -1;
}

int ml_split_legal(const MlState *s, Action *out, int cap)
{
    int n = 0, li = split_line(s), f = ml_factor(s, s->to_act, li, NULL);
    for (int k = 0; k <= (f > 0 ? f : 0); k++)
        n = ml_push(out, cap, n, MLV_SPLIT, li, 0, k, 0);
    return n;
}

int ml_split_check(const MlState *s, const Action *a, Diag *d)
{
    int li = split_line(s);
    if (a->verb != MLV_SPLIT)
        return diag_set(d, "first split the factor of your outnumbered line");
    if (a->piece != li)
        return diag_set(d, "the outnumbered line is %c%d", s->to_act == ML_ROY ? 'R' : 'P', li + 1);
    int f = ml_factor(s, s->to_act, li, NULL);
    if (a->arg < 0 || a->arg > (f > 0 ? f : 0))
        return diag_set(d, "give the first enemy line between 0 and %d of the factor", f > 0 ? f : 0);
    return 0;
}

void ml_split_apply(MlState *s, const Action *a) { s->side[s->to_act].lines[a->piece].split = (uint8_t)a->arg; }

/* ---------------- DPs, routs ---------------- */

/* [ML Generals] a general with routing troops escapes on 5-6 and joins the
 * nearest friendly formed line without a general (ecw), or is lost. */
static void general_with_routers(MlState *s, int side, int gi, GameIO *io)
{
    MlSide *sd = &s->side[side];
    MlGeneral *g = &sd->gens[gi];
    int roll = ml_roll(s, io, 6, side, "%s general %d with routing troops", ml_side_name(side), gi + 1);
    int best = -1, bestd = 99;
    for (int li = 0; roll >= 5 && li < sd->nlines; li++) {
        const MlLine *l = &sd->lines[li];
        int dist = abs(l->zone - g->zone) + abs(l->sector - g->sector);
        if (l->status == LS_FORMED && l->general == ML_NONE && dist < bestd)
            best = li, bestd = dist;
    }
    g->line = ML_NONE;
    if (best < 0) {
        g->alive = 0;
    } else {
        g->line = (uint8_t)best;
        g->sector = sd->lines[best].sector;
        g->zone = sd->lines[best].zone;
        sd->lines[best].general = (uint8_t)gi;
        ml_occ_update(s, side, best);
    }
    ml_occ_generals(s, side);
    EventLog *log = io ? io->log : NULL;
    if (evlog_begin(log, "general_rout", VIS_PUBLIC)) {
        evlog_str(log, "side", ml_side_name(side));
        evlog_int(log, "general", gi + 1);
        evlog_int(log, "roll", roll);
        evlog_str(log, "result", best < 0 ? "lost" : "escapes");
        evlog_end(log, "%s general %d %s", ml_side_title(side), gi + 1,
                  best < 0 ? "is swept away with the routers" : "escapes to another line");
    }
}

/* [ML Routers] the line leaves the board; the friendly line in the zone
 * behind it takes 1 DP (which may rout it in turn). */
void ml_rout(MlState *s, int side, int li, GameIO *io)
{
    MlSide *sd = &s->side[side];
    MlLine *l = &sd->lines[li];
    if (!ml_line_on_table(l))
        return;
    l->status = LS_ROUTED;
    ml_occ_update(s, side, li);
    sd->lost_str = (uint8_t)(sd->lost_str + l->str);
    EventLog *log = io ? io->log : NULL;
    char id[8];
    if (log) /* the id only for the log */
        ml_line_id(side, li, id);
    if (log && evlog_begin(log, "rout", VIS_PUBLIC)) {
        evlog_str(log, "side", ml_side_name(side));
        evlog_str(log, "line", id);
        evlog_int(log, "strength", l->str);
        evlog_end(log, "%s %s (strength %d) routs", ml_side_title(side), id, l->str);
    }
    if (l->general != ML_NONE) {
        int gi = l->general;
        l->general = ML_NONE;
        general_with_routers(s, side, gi, io);
    }
    int rz = l->zone - ml_fwd(side), behind[2];
    int nb = ml_on_board(rz) ? ml_lines_at(s, side, l->sector, rz, behind) : 0;
    for (int k = 0; k < nb && k < 2; k++)
        ml_add_dp(s, side, behind[k], 1, io);
    ml_guns_check_lost(s, io); /* the router may have been the last friend beside a gun */
}

void ml_add_dp(MlState *s, int side, int li, int dp, GameIO *io)
{
    MlLine *l = &s->side[side].lines[li];
    if (!ml_line_on_table(l))
        return;
    int total = l->dp + dp;
    l->dp = (uint8_t)(total > ML_ROUT_DP ? ML_ROUT_DP : total);
    if (l->dp >= ML_ROUT_DP)
        ml_rout(s, side, li, io);
}

/* ---------------- one melee ---------------- */

typedef struct Melee {
    int n[2], li[2][2];   /* lines of each side in the zone */
    int taken[2][2];      /* DPs each line suffers this round */
} Melee;

static void log_roll(MlState *s, GameIO *io, int side, int li, int target, int f, const MlMods *m,
                     int roll, int dp)
{
    EventLog *log = io->log;
    char id[8], tid[8];
    ml_line_id(side, li, id);
    ml_line_id(ml_enemy(side), target, tid);
    if (!evlog_begin(log, "combat", VIS_PUBLIC))
        return;
    evlog_str(log, "side", ml_side_name(side));
    evlog_str(log, "line", id);
    evlog_str(log, "target", tid);
    evlog_int(log, "strength", s->side[side].lines[li].str);
    Jw *w = evlog_jw(log);
    jw_key(w, "modifiers");
    jw_arr(w);
    for (int k = 0; m && k < m->n; k++) {
        jw_obj(w);
        jw_kstr(w, "why", m->why[k]);
        jw_kint(w, "value", m->v[k]);
        jw_obj_end(w);
    }
    jw_arr_end(w);
    evlog_int(log, "factor", f);
    evlog_int(log, "roll", roll);
    evlog_int(log, "dp", dp);
    evlog_end(log, "%s %s (factor %d) against %s: rolls %d, %d DP", ml_side_title(side), id, f, tid, roll, dp);
}

/* One roll of the d20 on the combat table by line k of side at a factor. */
static void strike(MlState *s, GameIO *io, Melee *m, int side, int k, int target_k, int f,
                   const MlMods *mods)
{
    int li = m->li[side][k], target = m->li[ml_enemy(side)][target_k];
    /* "combat, R3": the line's id as ml_line_id writes it, made only if read */
    int roll = ml_roll(s, io, 20, side, "combat, %c%d", side == ML_ROY ? 'R' : 'P', li + 1);
    int dp = ml_dp_for(f, roll);
    m->taken[ml_enemy(side)][target_k] += dp;
    if (io && io->log)
        log_roll(s, io, side, li, target, f, mods, roll, dp);
}

/* [ML Combat] each line rolls once at its factor; an outnumbered line rolls
 * once against each attacker with the share of its factor it chose (a zero
 * share makes no roll, an ecw reading). */
static void melee_rolls(MlState *s, GameIO *io, Melee *m)
{
    for (int side = 0; side < ML_SIDES; side++) {
        int foe = ml_enemy(side);
        for (int k = 0; k < m->n[side]; k++) {
            MlMods mods;
            int li = m->li[side][k];
            int f = ml_factor(s, side, li, io && io->log ? &mods : NULL);
            if (m->n[foe] == 2 && m->n[side] == 1) {
                int first = s->side[side].lines[li].split;
                if (first == ML_NONE) /* a pursuer arrived during this phase: halve */
                    first = (f + 1) / 2;
                if (first > f)
                    first = f > 0 ? f : 0;
                if (first > 0)
                    strike(s, io, m, side, k, 0, first, &mods);
                if (f - first > 0)
                    strike(s, io, m, side, k, 1, f - first, &mods);
            } else {
                strike(s, io, m, side, k, 0, f, &mods);
            }
        }
    }
}

static void retire(MlState *s, int side, int li, GameIO *io)
{
    MlLine *l = &s->side[side].lines[li];
    int rz = l->zone - ml_fwd(side);
    int roll = ml_roll(s, io, 6, side, "push back test");
    bool vacant = ml_on_board(rz) && !ml_line_at(s, 0, l->sector, rz) && !ml_line_at(s, 1, l->sector, rz);
    bool back = roll <= l->dp && vacant;
    EventLog *log = io ? io->log : NULL;
    char id[8];
    if (log) /* the id only for the log */
        ml_line_id(side, li, id);
    if (log && evlog_begin(log, "push_back", VIS_PUBLIC)) {
        evlog_str(log, "side", ml_side_name(side));
        evlog_str(log, "line", id);
        evlog_int(log, "roll", roll);
        evlog_int(log, "dp", l->dp);
        evlog_str(log, "result", back ? "retires" : vacant ? "holds" : "no room to retire");
        evlog_end(log, "%s %s push back test: %d against %d DP: %s", ml_side_title(side), id, roll, l->dp,
                  back ? "retires one zone" : vacant ? "holds" : "holds, no room behind");
    }
    if (back)
        ml_enter_cell(s, side, li, l->sector, rz, APP_FRONT, io);
}

/* [ML Push Backs] a line that took more DPs than its opponent (an
 * outnumbered line: more than both together) tests to retire. */
static void push_backs(MlState *s, GameIO *io, const Melee *m)
{
    for (int side = 0; side < ML_SIDES; side++) {
        int foe = ml_enemy(side);
        int foe_taken = 0;
        for (int k = 0; k < m->n[foe]; k++)
            foe_taken += m->taken[foe][k];
        for (int k = 0; k < m->n[side]; k++) {
            int li = m->li[side][k];
            int other = m->n[side] == 2 ? m->taken[foe][0] : foe_taken;
            if (ml_line_on_table(&s->side[side].lines[li]) && m->taken[side][k] > other)
                retire(s, side, li, io);
        }
    }
}

/* [ML Pursuit] horse pursue on 1-5, foot on 1-2; a general adds +1/+2. */
static void maybe_pursue(MlState *s, int side, int li, GameIO *io)
{
    MlLine *l = &s->side[side].lines[li];
    int mod = ml_gen_bonus(s, side, li), need = l->arm == ML_HORSE ? 5 : 2;
    bool go;
    if (ml_dice_unwatched(io)) {
        go = ml_die_test_unwatched(s, mod, need, true);
    } else {
        char id[8];
        ml_line_id(side, li, id);
        MlTest t = {"pursuit_test", "pursuit", side, side, id, mod, need, true, "pursues", "holds"};
        go = ml_die_test(s, io, &t);
    }
    if (!go)
        return;
    l->status = LS_PURSUING;
    ml_occ_update(s, side, li);
    ml_pursue_step(s, side, li, io);
}

/* A line left without an enemy in its zone is no longer attacking nor
 * attacked from anywhere: the modifiers of that melee end with it. */
static void end_finished_melees(MlState *s, const Melee *m)
{
    for (int side = 0; side < ML_SIDES; side++)
        for (int k = 0; k < m->n[side]; k++) {
            MlLine *l = &s->side[side].lines[m->li[side][k]];
            if (ml_line_on_table(l) && !ml_cell_has_enemy_of(s, side, l->sector, l->zone)) {
                l->approach = APP_FRONT;
                l->attacking = 0;
            }
        }
}

static void fight(MlState *s, GameIO *io, Melee *m)
{
    memset(m->taken, 0, sizeof m->taken);
    melee_rolls(s, io, m);
    for (int side = 0; side < ML_SIDES; side++)
        for (int k = 0; k < m->n[side]; k++) {
            MlLine *l = &s->side[side].lines[m->li[side][k]];
            int t = l->dp + m->taken[side][k];
            l->dp = (uint8_t)(t > ML_ROUT_DP ? ML_ROUT_DP : t);
        }
    bool routed[2] = {false, false};
    for (int side = 0; side < ML_SIDES; side++)
        for (int k = 0; k < m->n[side]; k++)
            if (s->side[side].lines[m->li[side][k]].dp >= ML_ROUT_DP) {
                ml_rout(s, side, m->li[side][k], io);
                routed[side] = true;
            }
    push_backs(s, io, m);
    end_finished_melees(s, m);
    for (int side = 0; side < ML_SIDES; side++) {
        for (int k = 0; k < m->n[side] && routed[ml_enemy(side)]; k++) {
            const MlLine *l = &s->side[side].lines[m->li[side][k]];
            if (l->status == LS_FORMED && !ml_cell_has_enemy_of(s, side, l->sector, l->zone))
                maybe_pursue(s, side, m->li[side][k], io);
        }
    }
}

/* [ML Combat] the usual melee, one line against one: fight() for n = 1 a
 * side, its loops over the lines unrolled. The same rolls in the same
 * order (Royalist first), then DPs, routs, push backs, the end of the
 * melee and pursuit, as fight() takes them. */
static void duel(MlState *s, GameIO *io, Melee *m)
{
    int a = m->li[0][0], b = m->li[1][0];
    MlLine *la = &s->side[0].lines[a], *lb = &s->side[1].lines[b];
    bool watched = io && io->log;
    MlMods mods[2];
    m->taken[0][0] = m->taken[1][0] = 0;
    /* each line's only enemy came at it as that enemy's approach says (worst_approach of one line) */
    assert(worst_approach(s, 0, la) == lb->approach && worst_approach(s, 1, lb) == la->approach);
    if (ml_dice_unwatched(io)) { /* strike() without the log: a d20 each, the Royalist first */
        m->taken[1][0] = ml_dp_for(factor_terms(s, 0, a, lb->approach, NULL), rng_die(&s->rng, 20));
        m->taken[0][0] = ml_dp_for(factor_terms(s, 1, b, la->approach, NULL), rng_die(&s->rng, 20));
    } else {
        strike(s, io, m, 0, 0, 0, factor_terms(s, 0, a, lb->approach, watched ? &mods[0] : NULL), &mods[0]);
        strike(s, io, m, 1, 0, 0, factor_terms(s, 1, b, la->approach, watched ? &mods[1] : NULL), &mods[1]);
    }
    int ta = m->taken[0][0], tb = m->taken[1][0];
    la->dp = (uint8_t)(la->dp + ta > ML_ROUT_DP ? ML_ROUT_DP : la->dp + ta);
    lb->dp = (uint8_t)(lb->dp + tb > ML_ROUT_DP ? ML_ROUT_DP : lb->dp + tb);
    bool routed_a = la->dp >= ML_ROUT_DP, routed_b = lb->dp >= ML_ROUT_DP;
    if (routed_a)
        ml_rout(s, 0, a, io);
    if (routed_b)
        ml_rout(s, 1, b, io);
    if (ml_line_on_table(la) && ta > tb) /* [ML Push Backs] */
        retire(s, 0, a, io);
    if (ml_line_on_table(lb) && tb > ta)
        retire(s, 1, b, io);
    /* end_finished_melees for the two lines */
    if (ml_line_on_table(la) && !ml_cell_has_enemy_of(s, 0, la->sector, la->zone))
        la->approach = APP_FRONT, la->attacking = 0;
    if (ml_line_on_table(lb) && !ml_cell_has_enemy_of(s, 1, lb->sector, lb->zone))
        lb->approach = APP_FRONT, lb->attacking = 0;
    if (routed_b && la->status == LS_FORMED && !ml_cell_has_enemy_of(s, 0, la->sector, la->zone))
        maybe_pursue(s, 0, a, io);
    if (routed_a && lb->status == LS_FORMED && !ml_cell_has_enemy_of(s, 1, lb->sector, lb->zone))
        maybe_pursue(s, 1, b, io);
}

/* The lines of a melee in `cell`: those of `first` (bit = line, by
 * side: who stood there when the phase began) still there now, read off
 * the index, in the order of the lines. */
static void melee_lines(const MlState *s, Melee *m, int cell, const uint8_t first[2])
{
    for (int side = 0; side < ML_SIDES; side++) {
        int n = 0;
        for (unsigned here = s->occ.at[side][cell] & first[side]; here && n < 2; here &= here - 1)
            m->li[side][n++] = __builtin_ctz(here);
        m->n[side] = n;
    }
}

/* A split holds for one combat phase: cleared after it, when
 * ml_splits_possible said so before it (most phases have none). */
static void clear_splits(MlState *s)
{
    for (int sd = 0; sd < ML_SIDES; sd++)
        for (int li = 0; li < s->side[sd].nlines; li++)
            s->side[sd].lines[li].split = ML_NONE;
}

/* [ML Combat] every zone where opposing lines stand when the phase begins
 * fights one round; a pursuer that reaches another enemy during the phase
 * fights in the next combat phase (ecw), so the order of the zones never
 * matters. */
void ml_combat_all(MlState *s, GameIO *io)
{
    uint8_t first[ML_SECTORS * ML_ZONES][2];
    int where[ML_SECTORS * ML_ZONES], n = 0;
    bool split = ml_splits_possible(&s->occ);
    for (uint32_t contested = s->occ.any[0] & s->occ.any[1]; contested; contested &= contested - 1) {
        int cell = __builtin_ctz(contested); /* cells in board order */
        first[n][0] = s->occ.at[0][cell];
        first[n][1] = s->occ.at[1][cell];
        where[n++] = cell;
    }
    for (int k = 0; k < n; k++) {
        Melee m;
        melee_lines(s, &m, where[k], first[k]);
        if (m.n[0] == 1 && m.n[1] == 1)
            duel(s, io, &m);
        else if (m.n[0] && m.n[1])
            fight(s, io, &m);
    }
    if (split)
        clear_splits(s);
}
