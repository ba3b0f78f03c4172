/* ml_ai.c - the Marston Less heuristic player.
 *
 * Evaluation. The battle is won on lost fractions of the armies, so a
 * position is scored in those units: lines already routed count in full,
 * and every melee on the table counts by the chance that each side's line
 * routs first, read from an exact Markov chain over the combat table
 * (solved once per pair of factors and per number of combat rounds left
 * before the battle ends, since a melee still undecided then counts for
 * nothing [ML Victory]). The chain also
 * gives the DPs the winner is left with, which price
 *   - the damage a winner carries into its next fight, and
 *   - its pursuit [ML Pursuit]: horse pursue on 1-5, and a pursuer that
 *     crashes into the next enemy up the sector takes a DP first, which is
 *     what most often loses a victorious line; a rally chance each turn
 *     before the crash and the general's bonus come into it.
 * The expected result is turned into a chance of winning with a normal
 * curve whose spread is the variance of the pending melees plus the turns
 * still to play, so the player takes risks when behind and avoids them
 * when ahead. Small positional terms are added outside the curve: a free
 * line closes on an enemy it would beat and keeps clear of one it would
 * not, a reserve keeps close behind the line in front of it (+1 factor and
 * reforming), and my guns
 * count for the fire they can bring on the enemy in the next turns (so
 * lines do not screen them). In the last turns a side that is not ahead
 * is pushed to attack, since a draw or a narrow loss is otherwise certain.
 * Decisions. Deployment: one big foot line with a small one behind it,
 * horse in a strong line on each wing and the rest behind one of them,
 * the strongest on the wing the enemy's dragoons do not help,
 * generals with the strongest lines, horse before foot (a general makes
 * pursuit less likely), rough terrain in front of our own foot, horse
 * well forward, guns where they reach the most enemy strength at once.
 * Guns fire at the target whose expected DPs gain most; moves are chosen
 * one at a time on the evaluation, each with the best next move in view
 * and weighted by the chance of its additional-move roll (a turn-in
 * weighted by its chance); pursuers always try to rally; an outnumbered
 * line splits its factor where the evaluation gains most.
 * Speed: the score is a sum over the three sectors, each a function of the
 * lines in it only, so a candidate action rescores only the sectors it
 * touches, and sector scores are cached per thread by their contents.
 * It reads only the open table; it never touches the state's generator
 * (its own rng only breaks ties at deployment). */
#include "ml.h"
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

/* Weights. Values are in points of an army's deployed strength (100 =
 * the whole army); "worth" is a line's strength in those points. */
#define W_APPROACH 1.0   /* share of a winnable fight's value held by a line closing on it (/zones) */
#define W_THREAT 0.3     /* share of a losing fight's value lost by a line near it (/zones) */
#define W_SUPPORT 0.5    /* points for a formed line with a friend directly behind */
#define W_RESERVE 0.5    /* points lost per zone a reserve stands too far behind its front line */
#define W_LEAVE 0.2      /* share of its worth a pursuer leaving the table is lost for */
#define W_CARRY 0.25     /* share of its worth a winner loses per DP it keeps (/4) */
#define W_ADVANCE 0.1    /* points per zone a line with nothing ahead of it has advanced */
#define WIN_SCALE 100.0  /* points for a sure win */
#define WIN_LINEAR 0.1   /* plus this share of the expected result itself */
#define TURN_SPREAD 10.0 /* spread (points) of the result added by each turn still to play */
#define LATE_TURNS 4     /* the last turns, in which a side not ahead must attack */
#define W_LATE_ATTACK 5.0 /* points for attacking then */
#define W_LATE_CLOSE 2.0 /* points for closing on an enemy then */
#define AHEAD_MOVES 6     /* line moves weighed with the next one in view: the best by their own score */
#define W_HORSE_FWD 2.0  /* horse deploy forward: weight of depth against line size */
#define W_WING_DRAGOONS 0.4 /* a wing the enemy's dragoons help, per point of their factor (< 0.5) */

/* ---------------- melee odds ---------------- */

/* HMAX: fights are solved for 1..HMAX combat rounds left before the
 * battle ends [ML Victory]; with more left they count as unlimited. */
enum { MF = ML_MAX_FACTOR + 1, MAXD = 7, HMAX = 16 };

/* win/lose[a][b]: chance A (with a DPs) routs B (with b DPs) first, or B
 * routs A; both at once counts half to each. wdp/ldp[a][b][k]: chance the
 * winner (A or B) is left with k DPs. */
typedef struct Odds { float win[4][4], lose[4][4], wdp[4][4][4], ldp[4][4][4]; } Odds;

/* DP distribution of one roll (factor <= 0 means no roll at all). */
static void roll_dist(int factor, double p[MAXD])
{
    memset(p, 0, sizeof(double) * MAXD);
    if (factor <= 0) {
        p[0] = 1;
        return;
    }
    double q[4];
    ml_odds_dp(factor, q);
    for (int i = 0; i < 4; i++)
        p[i] = q[i];
}

/* One state (a, b) of the chain. next: the odds with one round fewer
 * left to fight, or NULL for a fight with no limit (o then holds the
 * states with more DPs already, and a round in which neither side takes
 * a DP is simply fought again). p: DPs A deals per round, q: DPs B deals. */
static void solve_state(const double p[MAXD], const double q[MAXD], const Odds *next, Odds *o, int a,
                        int b)
{
    const Odds *on = next ? next : o;
    double w = 0, l = 0, wk[4] = {0}, lk[4] = {0}, self = next ? 0 : p[0] * q[0];
    for (int i = 0; i < MAXD; i++)
        for (int j = 0; j < MAXD; j++) {
            double pr = p[i] * q[j];
            if (pr == 0 || (!next && i == 0 && j == 0))
                continue;
            int na = a + j, nb = b + i;
            bool bd = nb >= ML_ROUT_DP, ad = na >= ML_ROUT_DP;
            if (bd && ad) {
                w += pr / 2, l += pr / 2;
            } else if (bd) {
                w += pr, wk[na] += pr;
            } else if (ad) {
                l += pr, lk[nb] += pr;
            } else {
                w += pr * on->win[na][nb], l += pr * on->lose[na][nb];
                for (int k = 0; k < 4; k++)
                    wk[k] += pr * on->wdp[na][nb][k], lk[k] += pr * on->ldp[na][nb][k];
            }
        }
    o->win[a][b] = (float)(w / (1 - self));
    o->lose[a][b] = (float)(l / (1 - self));
    for (int k = 0; k < 4; k++) {
        o->wdp[a][b][k] = (float)(wk[k] / (1 - self));
        o->ldp[a][b][k] = (float)(lk[k] / (1 - self));
    }
}

/* The whole chain with no limit on rounds, from the states nearest a
 * rout back to (0, 0). */
static void solve_odds(const double p[MAXD], const double q[MAXD], Odds *o)
{
    for (int a = ML_ROUT_DP - 1; a >= 0; a--)
        for (int b = ML_ROUT_DP - 1; b >= 0; b--)
            solve_state(p, q, NULL, o, a, b);
}

/* One round more than `next`: the odds of a fight with that many rounds
 * left before the battle ends. */
static void solve_round(const double p[MAXD], const double q[MAXD], const Odds *next, Odds *o)
{
    for (int a = 0; a < ML_ROUT_DP; a++)
        for (int b = 0; b < ML_ROUT_DP; b++)
            solve_state(p, q, next, o, a, b);
}

/* The odds of every pair of factors, and the DPs a gun of each factor
 * deals on average, solved once for the process and read-only afterwards
 * (so shared by every thread). */
static Odds odds_table[HMAX + 1][MF][MF]; /* [0]: no limit, [h]: h rounds left */
static double gun_dps_table[MF];
static const Odds no_rounds; /* a fight with no round left: nobody routs */
static pthread_once_t odds_once = PTHREAD_ONCE_INIT;
static atomic_bool odds_ready;

static void solve_all_odds(void)
{
    for (int f = 1; f <= ML_MAX_FACTOR; f++) {
        double p[4], dps = 0;
        ml_odds_dp(f, p);
        for (int k = 1; k < 4; k++)
            dps += k * p[k];
        gun_dps_table[f] = dps;
        for (int g = 1; g <= ML_MAX_FACTOR; g++) {
            double pf[MAXD], q[MAXD];
            roll_dist(f, pf);
            roll_dist(g, q);
            solve_odds(pf, q, &odds_table[0][f][g]);
            for (int h = 1; h <= HMAX; h++)
                solve_round(pf, q, h == 1 ? &no_rounds : &odds_table[h - 1][f][g], &odds_table[h][f][g]);
        }
    }
    atomic_store_explicit(&odds_ready, true, memory_order_release);
}

/* The tables above, solved on first use: after that a plain atomic load,
 * not a pthread_once, answers (the evaluation asks at every melee). */
static void odds_init(void)
{
    if (!atomic_load_explicit(&odds_ready, memory_order_acquire))
        pthread_once(&odds_once, solve_all_odds);
}

static int clamp_factor(int f) { return f < 1 ? 1 : f > ML_MAX_FACTOR ? ML_MAX_FACTOR : f; }

/* The odds of a one-against-one fight at factors f and g with h combat
 * rounds left to fight. */
static const Odds *odds_1v1(int f, int g, int h)
{
    odds_init();
    if (h <= 0)
        return &no_rounds;
    return &odds_table[h > HMAX ? 0 : h][clamp_factor(f)][clamp_factor(g)];
}

/* [ML Victory] Combat rounds still to be fought after the decision now
 * being made: two a turn, one after each move phase. A melee that has
 * not routed anyone when the battle ends counts for nothing. */
static int rounds_left(const MlState *s)
{
    int later = 2 * (s->max_turns - s->turn);
    bool second_phase = (s->phase == PH_MOVE || s->phase == PH_SPLIT) && s->mover == 1;
    return later + (second_phase ? 1 : 2);
}

/* The DPs a gun of factor f deals on average with one roll. */
static double gun_dps(int f)
{
    odds_init();
    return gun_dps_table[clamp_factor(f)];
}

/* ---------------- evaluation ---------------- */

/* Strength of `side` as points of its deployed army. */
static double frac(const MlState *s, int side, double str)
{
    int st = s->side[side].start_str;
    return 100.0 * str / (st ? st : 36);
}

/* Chance line li of side pursues after routing its opponent. */
static double pursue_chance(const MlState *s, int side, int li)
{
    int need = (s->side[side].lines[li].arm == ML_HORSE ? 5 : 2) - ml_gen_bonus(s, side, li);
    return need <= 0 ? 0 : need / 6.0;
}

/* The zones of a sector's column (bit z for zone z) further up the board
 * than `zone` for `side`. */
static uint32_t zones_ahead(int side, int zone)
{
    return side == ML_ROY ? 0x7Fu & ~((2u << zone) - 1) : (1u << zone) - 1;
}

/* Of the zones in `zones`, the nearest to `zone` going up the board for
 * `side` (the zones all lie ahead of it). */
static int nearest_zone(int side, uint32_t zones)
{
    return side == ML_ROY ? __builtin_ctz(zones) : 31 - __builtin_clz(zones);
}

/* The nearest formed line of side's enemy up the board from `zone` in a
 * sector that is not in a melee with side (the first by index in its
 * zone), or -1; its distance in *dist. Zone by zone through the index. */
static int free_enemy_ahead(const MlState *s, int side, int sector, int zone, int *dist)
{
    int foe = ml_enemy(side), shift = sector * 8;
    uint32_t zones = (s->occ.any[foe] & ~s->occ.any[side]) >> shift & zones_ahead(side, zone);
    while (zones) {
        int z = nearest_zone(side, zones);
        zones &= ~(1u << z);
        for (unsigned m = s->occ.at[foe][shift + z]; m; m &= m - 1)
            if (s->side[foe].lines[__builtin_ctz(m)].status == LS_FORMED) {
                *dist = (z - zone) * ml_fwd(side);
                return __builtin_ctz(m);
            }
    }
    return -1;
}

/* Line li of side, standing at `zone`, pursues with chance go (p[k]: the
 * chance it has k DPs): it crashes (1 DP) into the next free enemy up the
 * sector unless rallied first (a chance each turn after the first step),
 * or it leaves the table. Its expected losses go into loss[]. */
static void pursuit_loss(const MlState *s, int side, int li, int zone, double go, const float p[4],
                         double loss[2])
{
    const MlLine *l = &s->side[side].lines[li];
    int foe = ml_enemy(side), bd = 99, best = free_enemy_ahead(s, side, l->sector, zone, &bd);
    int need = (l->arm == ML_HORSE ? 6 : 4) - ml_gen_bonus(s, side, li);
    double rally = need <= 1 ? 1 : (7 - need) / 6.0;
    for (int d = 1; best >= 0 && d < bd; d++)
        go *= 1 - rally;
    const MlLine *e = best >= 0 ? &s->side[foe].lines[best] : NULL;
    int h = rounds_left(s) - 2 * (bd - 1) - 1; /* a pursuer goes one zone a turn */
    if (best >= 0 && h <= 0)
        return; /* the battle is over before the crash */
    const Odds *o = e && go > 0 ? odds_1v1(l->str, ml_factor(s, foe, best, NULL), h) : NULL;
    for (int k = 0; k < 4 && go > 0; k++) {
        double pk = go * p[k];
        if (best < 0) {
            loss[side] += pk * W_LEAVE * l->str;
        } else if (k + 1 >= ML_ROUT_DP) {
            loss[side] += pk * l->str;
        } else {
            loss[side] += pk * o->lose[k + 1][e->dp] * l->str;
            loss[foe] += pk * o->win[k + 1][e->dp] * e->str;
        }
    }
}

/* What one sector of the table adds up to for `me`: the strength each
 * side is expected to lose in its melees, the variance of that (in points
 * squared), and the positional terms of my lines there. */
typedef struct Part { double loss[2], var, pos; } Part;

/* Variance of a fight that routs a line worth x with chance w or one
 * worth y with chance l. */
static double fight_var(double w, double x, double l, double y)
{
    double m = w * x - l * y;
    return w * x * x + l * y * y - m * m;
}

/* A one-against-one melee between line a of side 0 and b of side 1:
 * the routs, the pursuit that follows and the DPs the winner keeps. */
static void melee_1v1(const MlState *s, int ia, int ib, Part *pt)
{
    const MlLine *a = &s->side[0].lines[ia], *b = &s->side[1].lines[ib];
    const Odds *o = odds_1v1(ml_factor(s, 0, ia, NULL), ml_factor(s, 1, ib, NULL), rounds_left(s));
    double w = o->win[a->dp][b->dp], l = o->lose[a->dp][b->dp];
    pt->loss[1] += w * b->str;
    pt->loss[0] += l * a->str;
    pt->var += fight_var(w, frac(s, 1, b->str), l, frac(s, 0, a->str));
    pursuit_loss(s, 0, ia, a->zone, pursue_chance(s, 0, ia), o->wdp[a->dp][b->dp], pt->loss);
    pursuit_loss(s, 1, ib, b->zone, pursue_chance(s, 1, ib), o->ldp[a->dp][b->dp], pt->loss);
    for (int k = 1; k < ML_ROUT_DP; k++) {
        pt->loss[0] += W_CARRY * o->wdp[a->dp][b->dp][k] * k / ML_ROUT_DP * a->str;
        pt->loss[1] += W_CARRY * o->ldp[a->dp][b->dp][k] * k / ML_ROUT_DP * b->str;
    }
}

/* A factor as a roll reads it: 0 for no roll, else clamped to the table. */
static int roll_factor(int f) { return f <= 0 ? 0 : clamp_factor(f); }

/* The odds of two lines rolling at factors f0 and f1 together against a
 * share g of the single line's factor, with h rounds left, from a
 * per-thread memo (a pure memo, like sector_part_cached: the key is every
 * input of the solution). An entry keeps the fight solved for every
 * number of rounds up to the most yet asked: the rounds left only fall as
 * a battle goes on, so one solution serves the fight for the rest of it. */
static const Odds *odds_2v1(int f0, int f1, int g, int h)
{
    enum { SLOTS = 64 };
    static _Thread_local struct {
        uint32_t key;
        uint8_t  top;       /* o[1..top] solved: o[r] with r rounds left */
        bool     unlimited; /* o[0] solved: no limit on rounds */
        Odds     o[HMAX + 1];
    } memo[SLOTS];
    if (h <= 0)
        return &no_rounds;
    f0 = roll_factor(f0), f1 = roll_factor(f1), g = roll_factor(g);
    uint32_t pair = (uint32_t)(f0 < f1 ? f0 << 5 | f1 : f1 << 5 | f0); /* the two roll together */
    uint32_t key = 1u << 31 | pair << 5 | (uint32_t)g;
    uint32_t slot = (key * 2654435761u) >> 26;
    _Static_assert(SLOTS == 1 << 6, "the slot is the hash's top 6 bits");
    if (memo[slot].key != key)
        memo[slot].key = key, memo[slot].top = 0, memo[slot].unlimited = false;
    bool limited = h <= HMAX;
    if (limited ? memo[slot].top >= h : memo[slot].unlimited)
        return &memo[slot].o[limited ? h : 0];
    double pa[2][MAXD], comb[MAXD] = {0}, q[MAXD];
    roll_dist(f0, pa[0]);
    roll_dist(f1, pa[1]);
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            comb[i + j] += pa[0][i] * pa[1][j];
    roll_dist(g, q);
    if (!limited) {
        solve_odds(comb, q, &memo[slot].o[0]);
        memo[slot].unlimited = true;
        return &memo[slot].o[0];
    }
    for (int r = memo[slot].top + 1; r <= h; r++) /* one round more at a time, from those already solved */
        solve_round(comb, q, r == 1 ? &no_rounds : &memo[slot].o[r - 1], &memo[slot].o[r]);
    memo[slot].top = (uint8_t)h;
    return &memo[slot].o[h];
}

/* Two lines of side `two` against line `one` of the other side, which
 * splits its factor [ML Combat]: each pair solved with the two attackers'
 * rolls combined against the share of the factor it receives. */
static void melee_2v1(const MlState *s, int two, const int li2[2], int li1, Part *pt)
{
    int one = ml_enemy(two);
    const MlLine *b = &s->side[one].lines[li1];
    int fb = ml_factor(s, one, li1, NULL);
    int first = b->split != ML_NONE ? b->split : (fb + 1) / 2;
    int f0 = ml_factor(s, two, li2[0], NULL), f1 = ml_factor(s, two, li2[1], NULL);
    double broke = 0;
    for (int k = 0; k < 2; k++) {
        const MlLine *a = &s->side[two].lines[li2[k]];
        const Odds o = *odds_2v1(f0, f1, k == 0 ? first : fb - first, rounds_left(s));
        broke += 0.5 * o.win[a->dp][b->dp];
        pt->loss[two] += o.lose[a->dp][b->dp] * a->str;
        pt->var += fight_var(0.5 * o.win[a->dp][b->dp], frac(s, one, b->str), o.lose[a->dp][b->dp],
                             frac(s, two, a->str));
    }
    pt->loss[one] += broke * b->str;
}

/* The melee in one cell, if any. */
static void melee_at(const MlState *s, int sector, int zone, Part *pt)
{
    int li[2][2], n0 = ml_lines_at(s, 0, sector, zone, li[0]), n1 = ml_lines_at(s, 1, sector, zone, li[1]);
    if (n0 == 1 && n1 == 1)
        melee_1v1(s, li[0][0], li[1][0], pt);
    else if (n0 == 2 && n1 == 1)
        melee_2v1(s, 0, li[0], li[1][0], pt);
    else if (n0 == 1 && n1 == 2)
        melee_2v1(s, 1, li[1], li[0][0], pt);
}

/* Value of a fight of free line li against enemy e as they stand, its
 * pursuit included (for closing in and keeping clear). */
static double prospect(const MlState *s, int side, int li, int e)
{
    int foe = ml_enemy(side);
    const MlLine *l = &s->side[side].lines[li], *el = &s->side[foe].lines[e];
    int dist = (el->zone - l->zone) * ml_fwd(side); /* it can strike after dist moves */
    const Odds *o = odds_1v1(ml_factor(s, side, li, NULL), ml_factor(s, foe, e, NULL),
                             rounds_left(s) - 2 * dist + 1);
    double loss[2] = {0, 0};
    loss[foe] = o->win[l->dp][el->dp] * el->str;
    loss[side] = o->lose[l->dp][el->dp] * l->str;
    pursuit_loss(s, side, li, el->zone, pursue_chance(s, side, li), o->wdp[l->dp][el->dp], loss);
    return frac(s, foe, loss[foe]) - frac(s, side, loss[side]);
}

/* First line of either side ahead of l in its sector, or -1; its side in
 * *who and its distance in *dist. */
static int line_ahead(const MlState *s, int side, const MlLine *l, int *who, int *dist)
{
    int shift = l->sector * 8;
    uint32_t zones = (s->occ.any[0] | s->occ.any[1]) >> shift & zones_ahead(side, l->zone);
    *dist = 99;
    if (!zones)
        return -1;
    int z = nearest_zone(side, zones), sd = s->occ.at[0][shift + z] ? 0 : 1; /* side 0's lines first */
    *who = sd;
    *dist = (z - l->zone) * ml_fwd(side);
    return __builtin_ctz(s->occ.at[sd][shift + z]);
}

/* Has line l a friendly line in the zone directly behind it (+1 factor,
 * and it may reform) [ML Modifiers] [ML Reforming]? */
static bool supported(const MlState *s, int side, const MlLine *l)
{
    int tmp[2], rz = l->zone - ml_fwd(side);
    return ml_on_board(rz) && ml_lines_at(s, side, l->sector, rz, tmp);
}

/* Positional value of a formed line out of contact: a reserve behind a
 * friend keeps close up behind it; a front line closes on an enemy it
 * would beat and keeps clear of one it would not; with nothing ahead it
 * presses on. */
static double free_line_value(const MlState *s, int side, int li)
{
    const MlLine *l = &s->side[side].lines[li];
    int who = side, dist, e = line_ahead(s, side, l, &who, &dist);
    if (e < 0)
        return W_ADVANCE * (side == ML_ROY ? l->zone : ML_ZONES - l->zone);
    if (who == side)
        return -W_RESERVE * (dist - 1);
    if (s->side[who].lines[e].status != LS_FORMED)
        return 0;
    double pr = prospect(s, side, li, e);
    return (pr > 0 ? W_APPROACH : W_THREAT) * pr / dist;
}

/* Melees and positional terms of one sector, for side me. */
static void sector_part(const MlState *s, int me, int sector, Part *pt)
{
    memset(pt, 0, sizeof *pt);
    bool done[ML_ZONES] = {false};
    for (int li = 0; li < s->side[0].nlines; li++) {
        const MlLine *l = &s->side[0].lines[li];
        if (ml_line_on_table(l) && l->sector == sector && !done[l->zone]) {
            done[l->zone] = true;
            melee_at(s, sector, l->zone, pt);
        }
    }
    for (int li = 0; li < s->side[me].nlines; li++) {
        const MlLine *l = &s->side[me].lines[li];
        if (l->status != LS_FORMED || l->sector != sector)
            continue;
        pt->pos += supported(s, me, l) ? W_SUPPORT : 0;
        if (!ml_cell_has_enemy_of(s, me, sector, l->zone))
            pt->pos += free_line_value(s, me, li);
    }
}

/* What a sector's part depends on, as 64-bit words: word 0 the side
 * scoring, the sector, its rough ground, both sides' deployed strengths
 * and where their dragoons stand; then two words per line on the table
 * there (side 0's by index, then side 1's): the line's bytes as they are,
 * with its general as his quality, its side and index in place of its
 * padding, and without what only the display reads (moves, rally). */
enum { KEY_WORDS = 2 + 2 * ML_SIDES * ML_MAX_LINES };
typedef struct SectorKey { int n; uint64_t w[KEY_WORDS]; } SectorKey;
_Static_assert(sizeof(MlLine) == 2 * sizeof(uint64_t), "sector_key copies a line into two words");

/* Where a side's placed dragoons stand, bit flank * 7 + zone. */
static uint64_t dragoon_cells(const MlSide *sd)
{
    uint64_t m = 0;
    for (int i = 0; i < sd->ndrag; i++)
        m |= (uint64_t)(sd->drag[i].placed != 0) << (sd->drag[i].flank * ML_ZONES + sd->drag[i].zone);
    return m;
}

/* Line i of side sd (on the table) as two key words. */
static void line_words(const MlSide *side, int sd, int i, uint64_t w[2])
{
    MlLine l = side->lines[i];
    l.general = l.general == ML_NONE ? ML_NONE : side->gens[l.general].superior;
    l.moved = l.rally_done = 0;
    l.pad = (uint8_t)(sd << 4 | i);
    memcpy(w, &l, sizeof l);
}

/* The lines of a side on the table in a sector, bit i for line i: the
 * index's bytes for the sector's cells, folded into one. */
static unsigned sector_lines(const MlState *s, int side, int sector)
{
    uint64_t m;
    memcpy(&m, &s->occ.at[side][ml_cell(sector, 0)], sizeof m); /* zone 7 of a sector is never set */
    m |= m >> 32;
    m |= m >> 16;
    m |= m >> 8;
    return (unsigned)(m & 0xFF);
}

static void sector_key(const MlState *s, int me, int sector, SectorKey *k)
{
    uint64_t rough = 0;
    memcpy(&rough, s->rough[sector], ML_ZONES);
    int h = rounds_left(s); /* the odds read by more rounds are all the same */
    k->w[0] = rough | (uint64_t)me << 56 | (uint64_t)sector << 57 |
              (uint64_t)(h > HMAX ? HMAX + 1 : h) << 59;
    k->w[1] = (uint64_t)s->side[0].start_str | (uint64_t)s->side[1].start_str << 8 |
              dragoon_cells(&s->side[0]) << 16 | dragoon_cells(&s->side[1]) << 30;
    int n = 2;
    for (int sd = 0; sd < ML_SIDES; sd++)
        for (unsigned m = sector_lines(s, sd, sector); m; m &= m - 1, n += 2)
            line_words(&s->side[sd], sd, __builtin_ctz(m), &k->w[n]);
    k->n = n;
}

/* Are the first n words of a and b the same? (A key is a few words: a
 * loop is cheaper than a call to memcmp.) */
static bool same_words(const uint64_t *a, const uint64_t *b, int n)
{
    uint64_t diff = 0;
    for (int i = 0; i < n; i++)
        diff |= a[i] ^ b[i];
    return diff == 0;
}

/* sector_part through a per-thread memo: the same sector comes round
 * again and again while the moves of a phase are weighed. It is the one
 * piece of mutable static storage in the AI: per thread, and a pure memo
 * (a hit returns exactly what sector_part would compute), so it cannot
 * change a decision nor race with another thread. */
static void sector_part_cached(const MlState *s, int me, int sector, Part *pt)
{
    enum { SLOTS = 512 };
    static _Thread_local struct { SectorKey key; Part part; } cache[SLOTS];
    SectorKey k;
    sector_key(s, me, sector, &k);
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < k.n; i++)
        h = (h ^ k.w[i]) * 0x9E3779B97F4A7C15ull;
    int slot = (int)(h >> 55); /* the top bits: they depend on every bit of the key */
    _Static_assert(SLOTS == 1 << 9, "the slot is the hash's top 9 bits");
    if (cache[slot].key.n == k.n && same_words(cache[slot].key.w, k.w, k.n)) {
        *pt = cache[slot].part;
        return;
    }
    sector_part(s, me, sector, pt);
    cache[slot].key = k;
    cache[slot].part = *pt;
}

/* The greatest strength of side's lines in `cells`, or -1 if none. */
static int strongest_in(const MlState *s, int side, uint32_t cells)
{
    int top = -1;
    for (; cells; cells &= cells - 1)
        for (unsigned m = s->occ.at[side][__builtin_ctz(cells)]; m; m &= m - 1) {
            int str = s->side[side].lines[__builtin_ctz(m)].str;
            top = str > top ? str : top;
        }
    return top;
}

/* [ML Artillery] What my guns promise: each gun's expected DPs on the
 * best target it can reach now (in range, not screened), valued at a
 * quarter of the target's worth per DP, for every turn still to play (as
 * if the target stayed in reach). It keeps the fields of fire open: a
 * line that steps in front of its own guns screens them. */
static double artillery_value(const MlState *s, int me)
{
    int foe = ml_enemy(me), turns = s->max_turns - s->turn + 1;
    double v = 0;
    for (int g = 0; g < s->side[me].nguns; g++) {
        /* the best target is the strongest: expected DPs times its worth per DP */
        int top = strongest_in(s, foe, ml_gun_targets(s, me, g));
        if (top < 0)
            continue; /* nothing in reach */
        double worth = frac(s, foe, top) / ML_ROUT_DP;
        v += turns * gun_dps(s->side[me].guns[g].factor) * worth;
    }
    return v;
}

/* The score of a position from its three sectors: the chance of winning
 * (as points) on the expected lost fractions, plus positional terms. */
static double combine(const MlState *s, int me, const Part part[ML_SECTORS])
{
    int foe = ml_enemy(me);
    double loss[2] = {s->side[0].lost_str, s->side[1].lost_str}, var = 0, pos = 0;
    for (int k = 0; k < ML_SECTORS; k++) {
        loss[0] += part[k].loss[0], loss[1] += part[k].loss[1];
        var += part[k].var, pos += part[k].pos;
    }
    double v = frac(s, foe, loss[foe]) - frac(s, me, loss[me]);
    if (2 * s->side[foe].lost_str >= s->side[foe].start_str)
        v += 1000;
    if (2 * s->side[me].lost_str >= s->side[me].start_str)
        v -= 1000;
    int rem = s->max_turns - s->turn + 1;
    double sd = sqrt(TURN_SPREAD * TURN_SPREAD * (rem > 0 ? rem : 0) + var + 1e-6);
    double win = WIN_SCALE * 0.5 * erfc(-v / sd / sqrt(2.0));
    return win + WIN_LINEAR * v + pos + artillery_value(s, me);
}

/* A state scored afresh in every sector; the parts are kept in part[]. */
static double evaluate(const MlState *s, int me, Part part[ML_SECTORS])
{
    for (int k = 0; k < ML_SECTORS; k++)
        sector_part_cached(s, me, k, &part[k]);
    return combine(s, me, part);
}

/* A clone that differs from the state of base[] only in the sectors of
 * `mask`: only those are scored again. */
static double evaluate_from(const MlState *c, int me, const Part base[ML_SECTORS], unsigned mask)
{
    Part part[ML_SECTORS];
    for (int k = 0; k < ML_SECTORS; k++) {
        if (mask >> k & 1)
            sector_part_cached(c, me, k, &part[k]);
        else
            part[k] = base[k];
    }
    return combine(c, me, part);
}

/* ---------------- deployment ---------------- */

static int front_zone(int side) { return side == ML_ROY ? 2 : 4; }

/* What every candidate of one decision is weighed against: the score of
 * the position (and its sectors) before it, and at deployment the units of
 * each arm still waiting, counted once rather than per candidate. */
typedef struct Weigh {
    double      base;
    const Part *part;
    int         waiting[2]; /* by arm */
    /* in the move phase, by line and zone moved to: the score after the
     * move, and its gain over `base` times the chance of its roll */
    double      after[ML_MAX_LINES][ML_ZONES], gain[ML_MAX_LINES][ML_ZONES];
    double      ahead_floor; /* line moves scoring less are not weighed further */
} Weigh;

/* Units of each arm of the side to act still waiting to form a line. */
static void count_waiting(const MlState *s, int waiting[2])
{
    const MlSide *sd = &s->side[s->to_act];
    waiting[0] = waiting[1] = 0;
    for (int u = 0; u < sd->nunits; u++)
        waiting[sd->units[u].arm != ML_FOOT] += sd->units[u].alive && sd->units[u].line == ML_NONE;
}

/* [ML Modifiers] What a wing costs a new horse line of `side`: the +2
 * the enemy's dragoons there give the enemy horse it would fight. Going
 * where its own dragoons stand instead was tried: against this player it
 * loses, as the enemy then puts its strongest line on the other wing.
 * Below 1 point a line (W_WING_DRAGOONS < 0.5), it decides which wing
 * gets the strongest line, and each wing still gets one. */
static double wing_edge(const MlState *s, int side, int sector)
{
    const MlSide *foe = &s->side[ml_enemy(side)];
    int flank = sector == ML_LEFT ? 0 : 1, factor = 0;
    for (int i = 0; i < foe->ndrag; i++)
        factor += foe->drag[i].placed && foe->drag[i].flank == flank ? 2 : 0;
    return -W_WING_DRAGOONS * factor;
}

/* Forming lines: one foot line as big as a line may be (the small rest
 * stands behind it as support), and horse in lines of up to four, the
 * strongest first, sharing what is left between the wings, the strongest
 * on the wing the enemy's dragoons do not help. */
static double form_score(const MlState *s, const Action *a, int depth, const Weigh *w)
{
    const MlSide *sd = &s->side[s->to_act];
    int n = 0, str = 0, here = 0, other = 0, arm = a->piece == ML_CENTRE ? ML_FOOT : ML_HORSE;
    int rem = w->waiting[arm != ML_FOOT];
    for (uint32_t set = a->set & ((1u << sd->nunits) - 1); set; set &= set - 1, n++) /* the units named */
        str += sd->units[__builtin_ctz(set)].str;
    for (int i = 0; i < sd->nlines; i++) {
        here += sd->lines[i].arm == arm && (arm == ML_FOOT || sd->lines[i].sector == a->piece);
        other += sd->lines[i].arm == ML_HORSE && sd->lines[i].sector != a->piece;
    }
    int per_line = arm == ML_FOOT ? ML_FOOT_PER_LINE : ML_HORSE_PER_LINE;
    int lines_left = arm == ML_HORSE && other == 0 ? 2 : 1;
    int want = (rem + lines_left - 1) / lines_left;
    want = want > per_line ? per_line : want;
    double fwd = arm == ML_HORSE ? W_HORSE_FWD : 1.0; /* horse that hang back lose */
    double wing = arm == ML_HORSE ? wing_edge(s, s->to_act, a->piece) : 0;
    return fwd * depth - 3.0 * (n != want) - here + 0.01 * str + wing;
}

/* [ML Artillery] A gun goes where the enemy strength it can reach at
 * once (in range and not screened by the lines already deployed) is
 * greatest. */
static double gun_score(const MlState *s, const Action *a)
{
    int me = s->to_act, foe = ml_enemy(me);
    uint32_t cells = ml_gun_reach(s, a->arg, a->target) & ~s->occ.any[me] &
                     ml_ones_if(s->side[me].guns[a->piece].alive);
    double reach = 0;
    for (int li = 0; li < s->side[foe].nlines; li++) {
        const MlLine *l = &s->side[foe].lines[li];
        reach += ml_line_on_table(l) && (cells & ml_cell_bit(l->sector, l->zone)) ? l->str : 0;
    }
    return 0.1 * reach;
}

/* Score a deployment action; the jitter breaks ties at random. */
static double deploy_score(const MlState *s, const Action *a, Rng *rng, const Weigh *w)
{
    int side = s->to_act;
    const MlSide *sd = &s->side[side];
    double jitter = rng_below(rng, 1000) / 1e5;
    int depth = (a->verb == MLV_ROUGH ? a->target % ML_ZONES : a->target) * ml_fwd(side);
    switch (a->verb) {
    case MLV_ROUGH: { /* where our foot stands: enemy foot attacking there fight at -1 */
        int sec = a->target / ML_ZONES, z = a->target % ML_ZONES;
        return (sec == ML_CENTRE) * 2 - (z != front_zone(side)) + jitter;
    }
    case MLV_DRAGOONS: return (a->target == front_zone(side)) + jitter;
    case MLV_FORM: return form_score(s, a, depth, w) + jitter;
    case MLV_GUN: return gun_score(s, a) + jitter;
    case MLV_GENERAL:
    case MLV_LIGHT: { /* generals with the strongest lines, horse first; light guns, big foot */
        const MlLine *l = &sd->lines[a->target];
        return l->str + depth - 3 * (a->verb == MLV_GENERAL && l->arm == ML_FOOT) + jitter;
    }
    default: return jitter;
    }
}

/* ---------------- battle ---------------- */

/* Put dp DPs on a line of a clone, routing it without any dice. */
static void quiet_dp(MlState *c, int side, int li, int dp)
{
    MlLine *l = &c->side[side].lines[li];
    if (!ml_line_on_table(l))
        return;
    l->dp = (uint8_t)(l->dp + dp > ML_ROUT_DP ? ML_ROUT_DP : l->dp + dp);
    if (l->dp < ML_ROUT_DP)
        return;
    l->status = LS_ROUTED;
    c->side[side].lost_str = (uint8_t)(c->side[side].lost_str + l->str);
    l->general = ML_NONE;
    ml_occ_update(c, side, li);
    int rz = l->zone - ml_fwd(side), behind[2];
    int nb = ml_on_board(rz) ? ml_lines_at(c, side, l->sector, rz, behind) : 0;
    for (int k = 0; k < nb && k < 2; k++)
        quiet_dp(c, side, behind[k], 1);
}

/* Expected score after the gun fires at its target (holding: the score
 * as it stands, a hair lower). */
static double fire_score(const MlState *s, const Action *a, double base, const Part part[])
{
    int me = s->to_act, foe = ml_enemy(me);
    if (a->verb == MLV_HOLD)
        return base - 1e-3;
    double p[4], v = 0;
    ml_odds_dp(s->side[me].guns[a->piece].factor, p);
    for (int d = 0; d < 4; d++) {
        if (p[d] == 0)
            continue;
        if (d == 0) { /* a miss leaves the position as it is: its score is base */
            v += p[d] * base;
            continue;
        }
        MlState c;
        memcpy(&c, s, sizeof c);
        quiet_dp(&c, foe, a->target, d);
        v += p[d] * evaluate_from(&c, me, part, 1u << s->side[foe].lines[a->target].sector);
    }
    return v;
}

/* Chance a turn-in succeeds (the opponent rolls 1d6) [ML Flanking]. */
static double turnin_chance(const MlState *s, int side, int li)
{
    const MlLine *l = &s->side[side].lines[li];
    int need = ml_cell_has_enemy_of(s, side, ML_CENTRE, l->zone) ? 5 : 4;
    need -= ml_gen_bonus(s, side, li);
    return need <= 1 ? 1.0 : need > 6 ? 0.0 : (7 - need) / 6.0;
}

/* [ML Victory] Late in the battle a side that has not lost a smaller
 * fraction than the enemy loses (or draws) unless something is routed: the
 * win curve cannot see that, since a line closing in starts no melee yet.
 * So in the last turns such a side is pushed to attack, or failing that to
 * close on the nearest enemy ahead. l is the line before the move, c the
 * clone after it. */
static double late_push(const MlState *s, const MlState *c, int me, int li)
{
    int foe = ml_enemy(me);
    if (s->max_turns - s->turn + 1 > LATE_TURNS ||
        frac(s, foe, s->side[foe].lost_str) > frac(s, me, s->side[me].lost_str))
        return 0;
    const MlLine *before = &s->side[me].lines[li], *after = &c->side[me].lines[li];
    if (ml_cell_has_enemy_of(c, me, after->sector, after->zone))
        return W_LATE_ATTACK;
    int who0 = me, who1 = me, d0, d1;
    bool enemy0 = line_ahead(s, me, before, &who0, &d0) >= 0 && who0 == foe;
    bool enemy1 = line_ahead(c, me, after, &who1, &d1) >= 0 && who1 == foe;
    return enemy0 && enemy1 && d1 < d0 ? W_LATE_CLOSE : 0;
}

/* The score after a move, without the dice of the move itself; ending
 * the moves keeps the score (a hair higher: no pointless moves). */
static double move_score(const MlState *s, const Action *a, double base, const Part part[])
{
    int me = s->to_act;
    if (a->verb == MLV_END)
        return base + 0.01;
    if (a->verb == MLV_GENMOVE)
        return base - 0.05; /* generals stay with their lines */
    MlState c;
    memcpy(&c, s, sizeof c);
    MlLine *l = &c.side[me].lines[a->piece];
    unsigned mask = 1u << l->sector;
    if (a->verb == MLV_MOVE) {
        ml_enter_cell(&c, me, a->piece, l->sector, a->target, APP_FRONT, NULL);
        return evaluate_from(&c, me, part, mask) + late_push(s, &c, me, a->piece);
    }
    double p = turnin_chance(s, me, a->piece);
    l->turned_in = 1;
    ml_enter_cell(&c, me, a->piece, ML_CENTRE, l->zone, APP_FLANK, NULL);
    return p * evaluate_from(&c, me, part, mask | 1u << ML_CENTRE) + (1 - p) * base - 0.02;
}

/* A line move with the next one in view: the score after it plus the
 * best gain one more line move would add there, weighted by the chance
 * of its roll; and all of it only if this move's own roll succeeds (a
 * failure ends the phase where it stands). So a move that pays only
 * with a second one (a front line stepping up, its support following)
 * is seen, and a sure first move is preferred to a doubtful one. A next
 * move in another sector gains what it gains now (w->gain): only those
 * in the sector of this move are weighed again. Only the AHEAD_MOVES
 * line moves that score best on their own are weighed so (all of them
 * cost 10% more instructions for no measurable gain). */
static double move_score_ahead(const MlState *s, const Action *a, const Weigh *w)
{
    if (a->verb != MLV_MOVE)
        return move_score(s, a, w->base, w->part);
    if (w->after[a->piece][a->target] < w->ahead_floor)
        return -1e300;
    int me = s->to_act;
    MlState c;
    memcpy(&c, s, sizeof c);
    MlLine *l = &c.side[me].lines[a->piece];
    ml_enter_cell(&c, me, a->piece, l->sector, a->target, APP_FRONT, NULL);
    l->moved++;
    c.moves_made++;
    Part pc[ML_SECTORS];
    double after = evaluate(&c, me, pc), gain = 0;
    Action acts[MAX_ACTIONS];
    int n = ml_legal(&c, acts, MAX_ACTIONS);
    for (int i = 0; i < n && i < MAX_ACTIONS; i++) {
        const Action *b = &acts[i];
        if (b->verb != MLV_MOVE)
            continue;
        double g = w->gain[b->piece][b->target];
        if (c.side[me].lines[b->piece].sector == l->sector)
            g = (move_score(&c, b, after, pc) - after) * ml_additional_move_chance(&c, b);
        gain = g > gain ? g : gain;
    }
    double p = s->moves_made > 0 ? ml_additional_move_chance(s, a) : 1.0;
    return p * (w->after[a->piece][a->target] + gain) + (1 - p) * w->base;
}

/* The score after each line move of the list, and its gain weighted by
 * the chance of its roll, for move_score_ahead; and the score below which
 * a line move is not among the AHEAD_MOVES best. */
static void weigh_moves(const MlState *s, const Action *acts, int n, Weigh *w)
{
    for (int i = 0; i < n; i++) {
        const Action *a = &acts[i];
        if (a->verb != MLV_MOVE)
            continue;
        double after = move_score(s, a, w->base, w->part);
        w->after[a->piece][a->target] = after;
        w->gain[a->piece][a->target] = (after - w->base) * ml_additional_move_chance(s, a);
    }
    double top[AHEAD_MOVES];
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (acts[i].verb != MLV_MOVE)
            continue;
        double v = w->after[acts[i].piece][acts[i].target];
        if (k == AHEAD_MOVES && v <= top[k - 1])
            continue; /* not among the best so far */
        int j = k < AHEAD_MOVES ? k++ : AHEAD_MOVES - 1;
        for (; j > 0 && top[j - 1] < v; j--)
            top[j] = top[j - 1];
        top[j] = v;
    }
    w->ahead_floor = k < AHEAD_MOVES ? -1e300 : top[AHEAD_MOVES - 1];
}

/* Score after the outnumbered line gives a->arg of its factor to the
 * first enemy line. */
static double split_score(const MlState *s, const Action *a, const Part part[])
{
    MlState c;
    memcpy(&c, s, sizeof c);
    MlLine *l = &c.side[s->to_act].lines[a->piece];
    l->split = (uint8_t)a->arg;
    return evaluate_from(&c, s->to_act, part, 1u << l->sector);
}

static double action_score(const MlState *s, const Action *a, Rng *rng, const Weigh *w)
{
    switch (s->phase) {
    case PH_PLACE:
    case PH_FORM:
    case PH_ATTACH: return deploy_score(s, a, rng, w);
    case PH_ARTILLERY: return fire_score(s, a, w->base, w->part);
    case PH_MOVE: return move_score_ahead(s, a, w);
    case PH_SPLIT: return split_score(s, a, w->part);
    default: return a->verb == MLV_RALLY; /* a pursuer always tries to rally */
    }
}

int ml_heuristic(const void *st, Rng *rng, Action *out)
{
    const MlState *s = st;
    Action acts[MAX_ACTIONS];
    int n = ml_legal(s, acts, MAX_ACTIONS);
    if (n <= 0)
        return -1;
    Part part[ML_SECTORS];
    bool scored = s->phase == PH_ARTILLERY || s->phase == PH_MOVE || s->phase == PH_SPLIT;
    Weigh w = {scored ? evaluate(s, s->to_act, part) : 0, part, {0, 0}, {{0}}, {{0}}, -1e300};
    if (s->phase == PH_FORM)
        count_waiting(s, w.waiting);
    if (s->phase == PH_MOVE)
        weigh_moves(s, acts, n < MAX_ACTIONS ? n : MAX_ACTIONS, &w);
    int best = 0;
    double best_v = -1e300;
    for (int i = 0; i < n && i < MAX_ACTIONS; i++) {
        double v = action_score(s, &acts[i], rng, &w);
        if (v > best_v)
            best_v = v, best = i;
    }
    *out = acts[best];
    return 0;
}
