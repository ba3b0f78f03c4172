/* ml_combat.c - Marston Less combat [ML Combat] with its modifiers
 * [ML Modifiers], split factors when two lines attack one, push backs
 * [ML Push Backs], routs and the DP to the line behind [ML Routers], and
 * the start of pursuit [ML Pursuit]. All the combats of a phase are
 * fought together: every roll is made before any result takes effect
 * (ml_combat_all). */
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

/* [ML Routers] a routing line is off the board at once: nothing else of
 * the moment finds it (the DP from the line in front, a general looking
 * for a line, the room for a push back). */
static void rout_mark(MlState *s, int side, int li)
{
    s->side[side].lines[li].status = LS_ROUTED;
    ml_occ_update(s, side, li);
}

/* [ML Routers] router li gives 1 DP to each friendly line in the zone
 * behind it; returns the lines that DP routs (marked), as a mask. */
static unsigned dp_behind(MlState *s, int side, int li)
{
    const MlLine *l = &s->side[side].lines[li];
    int rz = l->zone - ml_fwd(side);
    unsigned routed = 0;
    if (!ml_on_board(rz))
        return 0;
    for (unsigned m = s->occ.at[side][ml_cell(l->sector, rz)]; m; m &= m - 1) {
        int b = __builtin_ctz(m);
        MlLine *bl = &s->side[side].lines[b];
        bl->dp = (uint8_t)(bl->dp + 1 > ML_ROUT_DP ? ML_ROUT_DP : bl->dp + 1);
        if (bl->dp >= ML_ROUT_DP) {
            rout_mark(s, side, b);
            routed |= 1u << b;
        }
    }
    return routed;
}

/* The rest of a rout once every line routing with it is marked: the
 * army's loss, the event, the general's roll. */
static void rout_effects(MlState *s, int side, int li, GameIO *io)
{
    MlSide *sd = &s->side[side];
    MlLine *l = &sd->lines[li];
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
}

/* [ML Routers] the lines of `routers` (by side, a bit a line, already
 * marked) rout at the same moment. Each gives 1 DP to the friendly lines
 * in the zone behind it; a line that DP brings to 4 routs with them and
 * gives its own DP to the zone behind it, and so on down the sector until
 * a line holds (the same lines rout whatever order the DPs land in). Only
 * then do the routers' generals roll, Royalist lines first, then by line
 * number, so that no general escapes to a line routing at that moment.
 * On return `routers` holds every line that routed. */
static void rout_together(MlState *s, unsigned routers[2], GameIO *io)
{
    for (int side = 0; side < ML_SIDES; side++) {
        for (unsigned wave = routers[side]; wave;) {
            unsigned next = 0;
            for (; wave; wave &= wave - 1)
                next |= dp_behind(s, side, __builtin_ctz(wave));
            routers[side] |= next;
            wave = next;
        }
    }
    for (int side = 0; side < ML_SIDES; side++)
        for (unsigned r = routers[side]; r; r &= r - 1)
            rout_effects(s, side, __builtin_ctz(r), io);
    ml_guns_check_lost(s, io); /* a router may have been the last friend beside a gun */
}

/* [ML Routers] the line leaves the board; the friendly line in the zone
 * behind it takes 1 DP (which may rout it in turn: see rout_together). */
void ml_rout(MlState *s, int side, int li, GameIO *io)
{
    if (!ml_line_on_table(&s->side[side].lines[li]))
        return;
    rout_mark(s, side, li);
    unsigned routers[2] = {0, 0};
    routers[side] = 1u << li;
    rout_together(s, routers, io);
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

/* ---------------- the fights of a combat phase ---------------- */

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
    memset(m->taken, 0, sizeof m->taken);
    for (int side = 0; side < ML_SIDES; side++) {
        int foe = ml_enemy(side);
        for (int k = 0; k < m->n[side]; k++) {
            MlMods mods;
            int li = m->li[side][k];
            int f = ml_factor(s, side, li, io && io->log ? &mods : NULL);
            if (m->n[foe] == 2 && m->n[side] == 1) {
                int first = s->side[side].lines[li].split;
                if (first == ML_NONE) /* not asked (the split phase asks before every combat phase): halve */
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

/* [ML Combat] the usual melee, one line against one: melee_rolls for n =
 * 1 a side, without its loops. The same rolls in the same order
 * (Royalist first). */
static inline void duel_rolls(MlState *s, GameIO *io, Melee *m)
{
    int a = m->li[0][0], b = m->li[1][0];
    const MlLine *la = &s->side[0].lines[a], *lb = &s->side[1].lines[b];
    /* each line's only enemy came at it as that enemy's approach says (worst_approach of one line) */
    assert(worst_approach(s, 0, la) == lb->approach && worst_approach(s, 1, lb) == la->approach);
    if (ml_dice_unwatched(io)) { /* strike() without the log: a d20 each, the Royalist first */
        m->taken[1][0] = ml_dp_for(factor_terms(s, 0, a, lb->approach, NULL), rng_die(&s->rng, 20));
        m->taken[0][0] = ml_dp_for(factor_terms(s, 1, b, la->approach, NULL), rng_die(&s->rng, 20));
        return;
    }
    bool watched = io->log;
    MlMods mods[2] = {0}; /* set by factor_terms when watched; zeroed for compilers that cannot see it */
    m->taken[0][0] = m->taken[1][0] = 0;
    strike(s, io, m, 0, 0, 0, factor_terms(s, 0, a, lb->approach, watched ? &mods[0] : NULL), &mods[0]);
    strike(s, io, m, 1, 0, 0, factor_terms(s, 1, b, la->approach, watched ? &mods[1] : NULL), &mods[1]);
}

/* The lines of each side in `cell`, read off the index, in line order. */
static void melee_lines(const MlState *s, Melee *m, int cell)
{
    for (int side = 0; side < ML_SIDES; side++) {
        int n = 0;
        for (unsigned here = s->occ.at[side][cell]; here && n < 2; here &= here - 1)
            m->li[side][n++] = __builtin_ctz(here);
        m->n[side] = n;
    }
}

/* A line in one of the phase's fights, with what the fight did to it. */
typedef struct Fighter {
    uint8_t side, li;
    uint8_t taken;   /* DPs it took in its fight */
    uint8_t other;   /* DPs it is compared with for a push back: its opponent's (an
                      * outnumbered line: both opponents' together; each of two: the single line's) */
    uint8_t foes;    /* the enemy lines of its fight (bit = line) */
} Fighter;

/* The lines of melee m as fighters, appended at f; returns how many. */
static int fighters(const Melee *m, Fighter *f)
{
    int n = 0;
    for (int side = 0; side < ML_SIDES; side++) {
        int foe = ml_enemy(side), other = m->taken[foe][0];
        unsigned foes = 0;
        for (int k = 0; k < m->n[foe]; k++)
            foes |= 1u << m->li[foe][k];
        if (m->n[side] == 1 && m->n[foe] == 2)
            other += m->taken[foe][1];
        for (int k = 0; k < m->n[side]; k++, n++) {
            f[n].side = (uint8_t)side;
            f[n].li = (uint8_t)m->li[side][k];
            f[n].taken = (uint8_t)m->taken[side][k];
            f[n].other = (uint8_t)other;
            f[n].foes = (uint8_t)foes;
        }
    }
    return n;
}

/* [ML Combat] the DPs of every fight land together; the lines they bring
 * to 4 DPs are marked routing and added to `routers` (by side). */
static void take_dps(MlState *s, const Fighter *f, int n, unsigned routers[2])
{
    for (int i = 0; i < n; i++) {
        MlLine *l = &s->side[f[i].side].lines[f[i].li];
        int t = l->dp + f[i].taken;
        l->dp = (uint8_t)(t > ML_ROUT_DP ? ML_ROUT_DP : t);
        if (l->dp >= ML_ROUT_DP) {
            rout_mark(s, f[i].side, f[i].li);
            routers[f[i].side] |= 1u << f[i].li;
        }
    }
}

static void log_push_back(GameIO *io, int side, int li, int roll, int dp, bool back, bool vacant)
{
    EventLog *log = io ? io->log : NULL;
    char id[8];
    if (!log) /* the id only for the log */
        return;
    ml_line_id(side, li, id);
    if (evlog_begin(log, "push_back", VIS_PUBLIC)) {
        evlog_str(log, "side", ml_side_name(side));
        evlog_str(log, "line", id);
        evlog_int(log, "roll", roll);
        evlog_int(log, "dp", dp);
        evlog_str(log, "result", back ? "retires" : vacant ? "holds" : "no room to retire");
        evlog_end(log, "%s %s push back test: %d against %d DP: %s", ml_side_title(side), id, roll, dp,
                  back ? "retires one zone" : vacant ? "holds" : "holds, no room behind");
    }
}

/* The cell behind line li of side, as a bit of the index (0 off the board). */
static uint32_t cell_behind(const MlState *s, int side, int li)
{
    const MlLine *l = &s->side[side].lines[li];
    int rz = l->zone - ml_fwd(side);
    return ml_on_board(rz) ? ml_cell_bit(l->sector, rz) : 0;
}

/* [ML Push Backs] the test of a beaten line alone in the phase: 1d6, at
 * most its DPs with the zone behind vacant (as push_backs judges it, with
 * no other line to retire) and it retires one zone. */
static void retire(MlState *s, int side, int li, GameIO *io)
{
    MlLine *l = &s->side[side].lines[li];
    int roll = ml_roll(s, io, 6, side, "push back test");
    uint32_t to = cell_behind(s, side, li) & ~(s->occ.any[0] | s->occ.any[1]);
    bool back = to && roll <= l->dp;
    log_push_back(io, side, li, roll, l->dp, back, to != 0);
    if (back)
        ml_enter_cell(s, side, li, l->sector, l->zone - ml_fwd(side), APP_FRONT, io);
}

/* [ML Push Backs] every line still on the board that took more DPs in its
 * fight than its opponent rolls 1d6 (fights in board order, Royalists
 * first), once the routs have taken effect; it retires one zone if the
 * roll is at most its DPs and the zone behind is vacant. Vacant is judged
 * then, before any line retires: on the board, no line of either side
 * there (a zone another beaten line is leaving is not vacant), and no
 * other line retiring into it (two would: neither goes). So no push back
 * depends on another's order. */
static void push_backs(MlState *s, GameIO *io, const Fighter *f, int n)
{
    struct { uint8_t side, li, roll; } test[2 * ML_MAX_LINES];
    int nt = 0;
    uint32_t held = s->occ.any[0] | s->occ.any[1], into = 0, twice = 0;
    for (int i = 0; i < n; i++) {
        int side = f[i].side, li = f[i].li;
        if (f[i].taken <= f[i].other || !ml_line_on_table(&s->side[side].lines[li]))
            continue;
        int roll = ml_roll(s, io, 6, side, "push back test");
        uint32_t to = cell_behind(s, side, li) & ~held;
        if (roll <= s->side[side].lines[li].dp) {
            twice |= into & to;
            into |= to;
        }
        test[nt].side = (uint8_t)side, test[nt].li = (uint8_t)li, test[nt++].roll = (uint8_t)roll;
    }
    for (int t = 0; t < nt; t++) {
        int side = test[t].side, li = test[t].li;
        MlLine *l = &s->side[side].lines[li];
        uint32_t to = cell_behind(s, side, li) & ~held & ~twice;
        bool back = to && test[t].roll <= l->dp;
        log_push_back(io, side, li, test[t].roll, l->dp, back, to != 0);
        if (back)
            ml_enter_cell(s, side, li, l->sector, l->zone - ml_fwd(side), APP_FRONT, io);
    }
}


/* [ML Pursuit] horse pursue on 1-5, foot on 1-2; a general adds +1/+2. */
static bool pursuit_test(MlState *s, int side, int li, GameIO *io)
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
    if (go) {
        l->status = LS_PURSUING;
        ml_occ_update(s, side, li);
    }
    return go;
}

/* A pursuer (side * 8 + line) and how far it stands from its own base
 * line: pursuers step rear-most first. */
static int pursuer_depth(const MlState *s, int p)
{
    int side = p / 8, zone = s->side[side].lines[p % 8].zone;
    return side == ML_ROY ? zone : ML_ZONES - 1 - zone;
}

/* Two new pursuers of opposite sides in one sector, each in the zone the
 * other steps into. */
static bool head_on(const MlState *s, int p, const int *who, int nw)
{
    const MlLine *l = &s->side[p / 8].lines[p % 8];
    for (int q = 0; q < nw; q++) {
        const MlLine *o = &s->side[who[q] / 8].lines[who[q] % 8];
        if (who[q] / 8 != p / 8 && o->sector == l->sector && o->zone == l->zone + ml_fwd(p / 8))
            return true;
    }
    return false;
}

/* [ML Pursuit] a formed line whose fight's enemy lines routed (in the
 * fight or by a rout in front of them: `routers`) and that has no enemy
 * left in its zone tests to pursue (fights in board order, Royalists
 * first). The new pursuers then step one zone at the same moment: what
 * stands in the way is judged before any of them moves (ml_pursue_step,
 * taken rear-most first, so a pursuer waits behind a friend pursuing
 * ahead of it); two heading into each other's zones both hold, still
 * pursuing; two that reach the same zone meet: neither met a formed
 * enemy, and the contact ends both pursuits. */
static void pursuits(MlState *s, GameIO *io, const Fighter *f, int n, const unsigned routers[2])
{
    int who[2 * ML_MAX_LINES], nw = 0;
    for (int i = 0; i < n; i++) {
        int side = f[i].side, li = f[i].li;
        const MlLine *l = &s->side[side].lines[li];
        if ((f[i].foes & routers[ml_enemy(side)]) && l->status == LS_FORMED &&
            !ml_cell_has_enemy_of(s, side, l->sector, l->zone) && pursuit_test(s, side, li, io))
            who[nw++] = side * 8 + li;
    }
    for (int a = 1; a < nw; a++) /* rear-most first, ties in the order of the tests */
        for (int b = a; b > 0 && pursuer_depth(s, who[b]) < pursuer_depth(s, who[b - 1]); b--) {
            int t = who[b];
            who[b] = who[b - 1], who[b - 1] = t;
        }
    bool skip[2 * ML_MAX_LINES];
    for (int p = 0; p < nw; p++)
        skip[p] = head_on(s, who[p], who, nw);
    for (int p = 0; p < nw; p++) /* a pursuer routed by a crash in front of it stays routed */
        if (!skip[p] && s->side[who[p] / 8].lines[who[p] % 8].status == LS_PURSUING)
            ml_pursue_step(s, who[p] / 8, who[p] % 8, io);
    for (int p = 0; p < nw; p++) {
        int side = who[p] / 8, li = who[p] % 8;
        MlLine *l = &s->side[side].lines[li];
        if (l->status == LS_PURSUING && ml_cell_has_enemy_of(s, side, l->sector, l->zone)) {
            l->status = LS_FORMED;
            ml_occ_update(s, side, li);
        }
    }
}

/* The end of line li's melee when no enemy is left in its zone: it is no
 * longer attacking nor attacked from anywhere. */
static void end_melee(MlState *s, int side, MlLine *l)
{
    if (ml_line_on_table(l) && !ml_cell_has_enemy_of(s, side, l->sector, l->zone))
        l->approach = APP_FRONT, l->attacking = 0;
}

/* [ML Combat] the usual phase: one fight, one line against one. What
 * ml_combat_all does, without its lists: with no other fight in the
 * phase, only one line can test to retire and only one can pursue, so
 * nothing waits on another result. */
static void lone_duel(MlState *s, GameIO *io, int cell)
{
    Melee m;
    int a = __builtin_ctz(s->occ.at[0][cell]), b = __builtin_ctz(s->occ.at[1][cell]);
    m.li[0][0] = a, m.li[1][0] = b;
    duel_rolls(s, io, &m);
    MlLine *la = &s->side[0].lines[a], *lb = &s->side[1].lines[b];
    int ta = m.taken[0][0], tb = m.taken[1][0];
    la->dp = (uint8_t)(la->dp + ta > ML_ROUT_DP ? ML_ROUT_DP : la->dp + ta);
    lb->dp = (uint8_t)(lb->dp + tb > ML_ROUT_DP ? ML_ROUT_DP : lb->dp + tb);
    bool routed_a = la->dp >= ML_ROUT_DP, routed_b = lb->dp >= ML_ROUT_DP;
    if (routed_a | routed_b) {
        unsigned routers[2] = {(unsigned)routed_a << a, (unsigned)routed_b << b};
        if (routed_a)
            rout_mark(s, 0, a);
        if (routed_b)
            rout_mark(s, 1, b);
        rout_together(s, routers, io);
    }
    if (ml_line_on_table(la) && ta > tb)
        retire(s, 0, a, io);
    if (ml_line_on_table(lb) && tb > ta)
        retire(s, 1, b, io);
    end_melee(s, 0, la);
    end_melee(s, 1, lb);
    if (routed_b && la->status == LS_FORMED && !ml_cell_has_enemy_of(s, 0, la->sector, la->zone) &&
        pursuit_test(s, 0, a, io))
        ml_pursue_step(s, 0, a, io);
    if (routed_a && lb->status == LS_FORMED && !ml_cell_has_enemy_of(s, 1, lb->sector, lb->zone) &&
        pursuit_test(s, 1, b, io))
        ml_pursue_step(s, 1, b, io);
}

/* A split holds for one combat phase: cleared after it, when
 * ml_splits_possible said so before it (most phases have none). */
static void clear_splits(MlState *s)
{
    for (int sd = 0; sd < ML_SIDES; sd++)
        for (int li = 0; li < s->side[sd].nlines; li++)
            s->side[sd].lines[li].split = ML_NONE;
}

/* [ML Combat] all the combats of a phase are fought together. Every zone
 * where opposing lines stand when the phase begins rolls, zone by zone in
 * board order (the dice's order only), with every factor as it stands
 * then; only then do the results take effect, each step for every fight
 * at once: the DPs, the routs with the DP each router gives the line
 * behind it (rout_together), the push backs, the end of finished melees,
 * the pursuits. No result depends on which side is which nor on where
 * the fights are. A pursuer that meets another enemy fights it in the
 * next combat phase. */
void ml_combat_all(MlState *s, GameIO *io)
{
    Fighter f[2 * ML_MAX_LINES];
    int n = 0;
    bool split = ml_splits_possible(&s->occ);
    uint32_t one = s->occ.any[0] & s->occ.any[1];
    if (one && !(one & (one - 1)) && !((s->occ.two[0] | s->occ.two[1]) & one)) {
        lone_duel(s, io, __builtin_ctz(one)); /* a lone duel makes no split */
        return;
    }
    for (uint32_t contested = one; contested; contested &= contested - 1) {
        int cell = __builtin_ctz(contested); /* cells in board order */
        Melee m;
        if ((s->occ.two[0] | s->occ.two[1]) & (1u << cell)) {
            melee_lines(s, &m, cell);
            melee_rolls(s, io, &m);
            n += fighters(&m, &f[n]);
            continue;
        }
        int a = __builtin_ctz(s->occ.at[0][cell]), b = __builtin_ctz(s->occ.at[1][cell]);
        m.li[0][0] = a, m.li[1][0] = b;
        duel_rolls(s, io, &m); /* fighters() for one line against one */
        uint8_t ta = (uint8_t)m.taken[0][0], tb = (uint8_t)m.taken[1][0];
        f[n++] = (Fighter){0, (uint8_t)a, ta, tb, (uint8_t)(1u << b)};
        f[n++] = (Fighter){1, (uint8_t)b, tb, ta, (uint8_t)(1u << a)};
    }
    unsigned routers[2] = {0, 0};
    take_dps(s, f, n, routers);
    bool routs = routers[0] | routers[1];
    if (routs)
        rout_together(s, routers, io);
    push_backs(s, io, f, n);
    for (int i = 0; i < n; i++) /* the modifiers of a melee end with it */
        end_melee(s, f[i].side, &s->side[f[i].side].lines[f[i].li]);
    if (routs)
        pursuits(s, io, f, n, routers);
    if (split)
        clear_splits(s);
}
