/* test_ml_combat_phase.c - Marston Less [ML Combat], [ML Routers],
 * [ML Push Backs] and [ML Pursuit] across the zones of one combat phase:
 * every fight of the phase is rolled before any result takes effect, so
 * the outcome depends neither on which side is which nor on where on the
 * board the fights are.
 *
 * Positions are written for one side ("X", the side under test) and
 * placed either as written (X = Royalists) or as their mirror image (X =
 * Parliament, zones 1<->7 and sectors left<->right swapped, the same line
 * numbers). The dice are keyed by what they are for (this line's combat
 * roll, this side's push back test...), not queued, so that both images
 * get the same dice whatever order the rules draw them in. The phase is
 * fought by ml_combat_all itself: what follows it in the turn (the next
 * move phase) belongs to player A and B, not to the combat. Zones here are
 * 0-based: Royalists advance toward zone 6. */
#include "ml_fixture.h"
#include <stdlib.h>

static Mlf F;

MLF_SUITE(ml_combat);
MLF_SUITE(ml_routers);
MLF_SUITE(ml_push_backs);
MLF_SUITE(ml_pursuit);

enum { X = 0, Y = 1 }; /* the sides as the position is written */

/* Dice by what they are for, in the sides of the written position. */
typedef struct Keyed {
    int  combat[2][ML_MAX_LINES];  /* each line's d20 (every roll of a split line alike) */
    int  pursuit[2][ML_MAX_LINES]; /* each line's pursuit test */
    int  push[2], general[2];      /* each side's push back tests and generals' rolls */
    bool mirror;
    int  used, unknown;
    int  rolls[2][ML_MAX_LINES];   /* combat rolls made, by line */
} Keyed;

static Keyed K;

/* The side of the written position a die of real side `side` belongs to. */
static int written(int side) { return K.mirror ? ml_enemy(side) : side; }

static int line_side(char c) { return c == 'R' ? ML_ROY : ML_PAR; }

static int keyed_roll(void *ud, int sides, int player, const char *why)
{
    Keyed *k = ud;
    k->used++;
    if (sides == 20 && strncmp(why, "combat, ", 8) == 0) {
        int side = written(line_side(why[8])), li = atoi(why + 9) - 1;
        k->rolls[side][li]++;
        return k->combat[side][li];
    }
    if (sides == 6 && strncmp(why, "pursuit, ", 9) == 0)
        return k->pursuit[written(line_side(why[9]))][atoi(why + 10) - 1];
    if (sides == 6 && strstr(why, "push back"))
        return k->push[written(player)];
    if (sides == 6 && strstr(why, "general"))
        return k->general[written(player)];
    k->unknown++;
    return 0;
}

/* Start a position: X is the Royalists, or in the mirror Parliament. */
static void start(bool mirror)
{
    mlf_fini(&F);
    mlf_init(&F);
    memset(&K, 0, sizeof K);
    K.mirror = mirror;
    F.io.roll = keyed_roll;
    F.io.ud = &K;
}

static int real_side(int side) { return K.mirror ? ml_enemy(side) : side; }
static int real_sector(int sector) { return K.mirror ? 2 - sector : sector; }
static int real_zone(int zone) { return K.mirror ? ML_ZONES - 1 - zone : zone; }

/* A line of the written position at (sector, zone) with `dp` DPs. */
static int place(int side, int arm, int sector, int zone, int str, int dp)
{
    int li = mlf_line(&F, real_side(side), arm, real_sector(sector), real_zone(zone), str);
    mlf_l(&F, real_side(side), li)->dp = (uint8_t)dp;
    return li;
}

/* Horse of `side` that turned in on the centre at `zone`, attacking the
 * flank of the enemy there. */
static int turned_in(int side, int zone, int str, int dp)
{
    int li = place(side, ML_HORSE, ML_CENTRE, zone, str, dp);
    MlLine *l = mlf_l(&F, real_side(side), li);
    l->turned_in = 1;
    l->approach = APP_FLANK;
    l->attacking = 1;
    mlf_sync(&F);
    return li;
}

static const MlLine *line(int side, int li) { return mlf_l(&F, real_side(side), li); }
static int zone_of(int side, int li) { return real_zone(line(side, li)->zone); }

/* The factor of line li of `side`'s last combat roll, read off the log. */
static int logged_factor(int side, int li)
{
    char key[32];
    snprintf(key, sizeof key, "\"line\":\"%c%d\"", real_side(side) == ML_ROY ? 'R' : 'P', li + 1);
    for (int i = F.ev.n - 1; i >= 0; i--) {
        const char *e = F.ev.json[i];
        const char *f = strstr(e, "\"factor\":");
        if (strstr(e, "\"type\":\"combat\"") && strstr(e, key) && f)
            return atoi(f + 9);
    }
    return -99;
}

/* What a phase left, in the sides, sectors and zones of the written
 * position: enough to compare a position with its mirror image. */
typedef struct Outcome {
    int n[2];
    int status[2][ML_MAX_LINES], dp[2][ML_MAX_LINES], sector[2][ML_MAX_LINES], zone[2][ML_MAX_LINES];
    int general[2][ML_MAX_LINES], rolls[2][ML_MAX_LINES], factor[2][ML_MAX_LINES];
    int lost[2], gens_alive[2], dice;
} Outcome;

static void outcome(Outcome *o)
{
    memset(o, 0, sizeof *o);
    for (int side = 0; side < ML_SIDES; side++) {
        const MlSide *sd = &F.s.side[real_side(side)];
        o->n[side] = sd->nlines;
        o->lost[side] = sd->lost_str;
        for (int g = 0; g < sd->ngens; g++)
            o->gens_alive[side] += sd->gens[g].alive;
        for (int li = 0; li < sd->nlines; li++) {
            const MlLine *l = &sd->lines[li];
            o->status[side][li] = l->status;
            o->dp[side][li] = l->dp;
            o->sector[side][li] = real_sector(l->sector);
            o->zone[side][li] = real_zone(l->zone);
            o->general[side][li] = l->general;
            o->rolls[side][li] = K.rolls[side][li];
            o->factor[side][li] = K.rolls[side][li] ? logged_factor(side, li) : 0;
        }
    }
    o->dice = K.used;
}

static void fight(void)
{
    cr_assert(ml_occ_agrees(&F.s));
    ml_combat_all(&F.s, &F.io);
    cr_assert_eq(K.unknown, 0, "a die the test did not expect");
    cr_assert(ml_occ_agrees(&F.s));
}

/* ------------------------------------------------------------------ */
/* [ML Combat]                                                         */
/* ------------------------------------------------------------------ */

/* The audit's position. Centre: X1 (3 DPs) in front, X2 (x2_dp DPs)
 * behind it, Y1 against X1 and Y's horse turned in on X2. Left wing: a
 * duel in which X's horse is beaten and pushed back. X1 has a general.
 * Every combat roll but one is a 20. */
static void audit_position(bool mirror, int x2_dp)
{
    start(mirror);
    int x1 = place(X, ML_FOOT, ML_CENTRE, 3, 3, 3);
    place(X, ML_FOOT, ML_CENTRE, 2, 3, x2_dp);
    place(X, ML_HORSE, ML_LEFT, 4, 2, 0);
    place(X, ML_HORSE, ML_RIGHT, 1, 2, 0);        /* where X1's general can go */
    place(Y, ML_FOOT, ML_CENTRE, 3, 4, 0);
    turned_in(Y, 2, 2, 0);
    place(Y, ML_HORSE, ML_LEFT, 4, 4, 1);
    mlf_general(&F, real_side(X), x1, false);
    for (int li = 0; li < 4; li++)
        K.combat[X][li] = K.combat[Y][li] = 20;
    K.combat[X][2] = 1; /* X's wing horse misses; Y's hits it */
    K.push[X] = 1;
    K.push[Y] = 6;
    K.general[X] = 5;   /* X1's general escapes */
    K.pursuit[Y][0] = 6;
    K.pursuit[Y][1] = 6;
}

/* [ML Combat] all combats of a phase are fought together: a position and
 * its mirror image (sides swapped, zones 1<->7, sectors swapped) with the
 * same dice for the same rolls end the same. Here X2 has 3 DPs, as in the
 * audit: fought zone by zone up the board, a Royalist X2 fought (and
 * routed) before X1, which then lost its +1; a Parliament X2 was routed by
 * X1's rout before its own fight came. */
Test(ml_combat, combat_results_do_not_depend_on_side_or_place)
{
    Outcome o[2];
    for (int m = 0; m < 2; m++) {
        audit_position(m == 1, 3);
        fight();
        outcome(&o[m]);
    }
    for (int side = 0; side < ML_SIDES; side++) {
        cr_assert_eq(o[0].lost[side], o[1].lost[side], "side %d lost %d / %d", side, o[0].lost[side],
                     o[1].lost[side]);
        cr_assert_eq(o[0].gens_alive[side], o[1].gens_alive[side]);
        for (int li = 0; li < o[0].n[side]; li++) {
            const char *who = side == X ? "X" : "Y";
            cr_assert_eq(o[0].rolls[side][li], o[1].rolls[side][li], "%s%d combat rolls: %d / %d", who, li + 1,
                         o[0].rolls[side][li], o[1].rolls[side][li]);
            cr_assert_eq(o[0].factor[side][li], o[1].factor[side][li], "%s%d factor: %d / %d", who, li + 1,
                         o[0].factor[side][li], o[1].factor[side][li]);
            cr_assert_eq(o[0].status[side][li], o[1].status[side][li], "%s%d status", who, li + 1);
            cr_assert_eq(o[0].dp[side][li], o[1].dp[side][li], "%s%d DPs: %d / %d", who, li + 1,
                         o[0].dp[side][li], o[1].dp[side][li]);
            cr_assert_eq(o[0].sector[side][li], o[1].sector[side][li], "%s%d sector", who, li + 1);
            cr_assert_eq(o[0].zone[side][li], o[1].zone[side][li], "%s%d zone", who, li + 1);
            cr_assert_eq(o[0].general[side][li], o[1].general[side][li], "%s%d general", who, li + 1);
        }
    }
    cr_assert_eq(o[0].dice, o[1].dice, "dice drawn: %d / %d", o[0].dice, o[1].dice);
}

/* [ML Combat] [ML Modifiers] [ML Routers] the audit's case from either
 * side: X2, under attack by the turned-in horse, still fights although
 * X1's rout in front of it routs it too; X1 fights with the +1 of X2
 * behind it, as the phase began; X1's rout gives X2 its fourth DP. */
Test(ml_combat, rear_line_under_attack_still_fights_with_the_factors_of_the_phase_start)
{
    for (int m = 0; m < 2; m++) {
        audit_position(m == 1, 2);
        fight();
        cr_assert_eq(K.rolls[X][1], 1, "X2 fought its own fight");
        cr_assert_eq(K.rolls[Y][1], 1, "the horse fought X2");
        cr_assert_eq(logged_factor(X, 0), 4, "X1: strength 3 +1 for X2 behind it");
        cr_assert_eq(logged_factor(X, 1), 2, "X2: strength 3 -1 attacked in the flank");
        cr_assert_eq(logged_factor(Y, 0), 4, "Y1: strength 4");
        cr_assert_eq(line(Y, 0)->dp, 1, "X1's roll (factor 4, 20) landed");
        cr_assert_eq(line(Y, 1)->dp, 1, "X2's roll (factor 2, 20) landed");
        cr_assert_eq(line(X, 0)->status, LS_ROUTED);
        cr_assert_eq(line(X, 1)->status, LS_ROUTED, "3 DPs, the horse's 1 and X1's rout: 4");
        cr_assert_eq(F.s.side[real_side(X)].lost_str, 6);
    }
}

/* ------------------------------------------------------------------ */
/* [ML Routers]                                                        */
/* ------------------------------------------------------------------ */

/* [ML Routers] a chain of routs: X1 routs in its fight; its DP routs X2
 * (which took one more DP in its own fight), whose DP routs X3 in turn.
 * The line behind a router is found where it stood as the phase began. */
Test(ml_routers, a_rout_chain_runs_back_through_the_lines)
{
    for (int m = 0; m < 2; m++) {
        start(m == 1);
        place(X, ML_FOOT, ML_CENTRE, 4, 3, 3);
        place(X, ML_FOOT, ML_CENTRE, 3, 3, 2);
        place(X, ML_FOOT, ML_CENTRE, 2, 1, 3);
        place(X, ML_FOOT, ML_CENTRE, 1, 1, 2);
        place(Y, ML_FOOT, ML_CENTRE, 4, 4, 0);
        turned_in(Y, 3, 2, 0);
        K.combat[X][0] = K.combat[X][1] = 1;
        K.combat[Y][0] = K.combat[Y][1] = 20;
        K.pursuit[Y][0] = K.pursuit[Y][1] = 6;
        fight();
        cr_assert_eq(line(X, 0)->status, LS_ROUTED);
        cr_assert_eq(line(X, 1)->status, LS_ROUTED, "2 + 1 in its fight + 1 from X1");
        cr_assert_eq(line(X, 2)->status, LS_ROUTED, "3 + 1 from X2");
        cr_assert_eq(line(X, 3)->status, LS_FORMED);
        cr_assert_eq(line(X, 3)->dp, 3, "2 + 1 from X3: the chain stops at a line that holds");
        cr_assert_eq(F.s.side[real_side(X)].lost_str, 7);
        cr_assert_eq(mlf_events(&F, "rout"), 3);
    }
}

/* [ML Routers] [ML Generals] the routs of a phase happen together: a
 * general who escapes from a routing line joins the nearest formed line
 * that is not routing in the same phase (here the wing horse, not X2
 * which the chain routs), and rolls once. */
Test(ml_routers, generals_do_not_escape_to_a_line_routing_in_the_same_phase)
{
    for (int m = 0; m < 2; m++) {
        start(m == 1);
        int x1 = place(X, ML_FOOT, ML_CENTRE, 3, 3, 3);
        place(X, ML_FOOT, ML_CENTRE, 2, 3, 3);
        int h = place(X, ML_HORSE, ML_LEFT, 1, 2, 0);
        place(Y, ML_FOOT, ML_CENTRE, 3, 4, 0);
        int g = mlf_general(&F, real_side(X), x1, false);
        K.combat[X][0] = 1;
        K.combat[Y][0] = 20;
        K.general[X] = 5;
        K.pursuit[Y][0] = 6;
        fight();
        cr_assert_eq(line(X, 1)->status, LS_ROUTED);
        const MlGeneral *gen = &F.s.side[real_side(X)].gens[g];
        cr_assert(gen->alive);
        cr_assert_eq(gen->line, h, "the general joined the horse (line %d)", gen->line);
        cr_assert_eq(line(X, h)->general, g);
        cr_assert_eq(K.used, 4, "two combat rolls, one general's roll, one pursuit test");
    }
}

/* ------------------------------------------------------------------ */
/* [ML Push Backs]                                                     */
/* ------------------------------------------------------------------ */

/* [ML Push Backs] routs take effect before push backs: X1, beaten, may
 * retire into the zone behind it that the fight there just emptied (X2
 * and the horse that attacked it both routed). X1 fought with X2's +1. */
Test(ml_push_backs, push_back_into_a_zone_emptied_by_routs_in_the_same_phase)
{
    for (int m = 0; m < 2; m++) {
        start(m == 1);
        place(X, ML_FOOT, ML_CENTRE, 3, 2, 0);
        place(X, ML_FOOT, ML_CENTRE, 2, 2, 3);
        place(Y, ML_FOOT, ML_CENTRE, 3, 4, 0);
        turned_in(Y, 2, 2, 3);
        K.combat[X][0] = 1;
        K.combat[X][1] = K.combat[Y][0] = K.combat[Y][1] = 20;
        K.push[X] = 1;
        fight();
        cr_assert_eq(logged_factor(X, 0), 3, "strength 2 +1 for X2 as the phase began");
        cr_assert_eq(line(X, 1)->status, LS_ROUTED);
        cr_assert_eq(line(Y, 1)->status, LS_ROUTED);
        cr_assert_eq(line(Y, 0)->dp, 1, "the horse's rout gives Y1, behind it, 1 DP");
        cr_assert_eq(line(X, 0)->dp, 1);
        cr_assert_eq(zone_of(X, 0), 2, "X1 retired into the emptied zone");
        cr_assert_eq(K.used, 5, "four combat rolls and X1's push back test");
    }
}

/* [ML Push Backs] whether the zone behind is vacant is judged once the
 * routs have taken effect, before any line retires: a zone that another
 * beaten line is leaving is not vacant. X2, alone in its zone once Y2
 * routed, retires; X1 holds. */
Test(ml_push_backs, a_zone_another_line_is_leaving_is_not_vacant)
{
    for (int m = 0; m < 2; m++) {
        start(m == 1);
        place(X, ML_HORSE, ML_RIGHT, 3, 2, 1);
        place(X, ML_HORSE, ML_RIGHT, 2, 2, 1);
        place(Y, ML_HORSE, ML_RIGHT, 3, 2, 0);
        place(Y, ML_HORSE, ML_RIGHT, 2, 6, 3);
        K.combat[X][0] = 1;  /* X1 takes 1 DP, gives none */
        K.combat[Y][0] = 20;
        K.combat[X][1] = 20; /* X2 routs Y2 but takes 2 DPs (factor 7) */
        K.combat[Y][1] = 20;
        K.push[X] = 2;
        K.pursuit[X][1] = 6;
        fight();
        cr_assert_eq(zone_of(X, 1), 1, "X2 retired");
        cr_assert_eq(zone_of(X, 0), 3, "X1 holds: X2 still stood behind it");
        cr_assert_eq(line(Y, 1)->status, LS_ROUTED);
        cr_assert_eq(mlf_events(&F, "push_back"), 2);
    }
}

/* [ML Push Backs] two beaten lines whose retreats end in the same vacant
 * zone: neither retires (no room), whichever side each is. */
Test(ml_push_backs, two_lines_retiring_into_one_zone_both_hold)
{
    for (int m = 0; m < 2; m++) {
        start(m == 1);
        place(X, ML_FOOT, ML_CENTRE, 4, 3, 1);
        place(X, ML_FOOT, ML_CENTRE, 2, 3, 0);
        place(Y, ML_FOOT, ML_CENTRE, 4, 3, 0);
        place(Y, ML_FOOT, ML_CENTRE, 2, 3, 1);
        K.combat[X][0] = 1;  /* X1 is beaten at zone 4, retiring to 3 */
        K.combat[Y][0] = 20;
        K.combat[X][1] = 20; /* Y2 is beaten at zone 2, retiring to 3 */
        K.combat[Y][1] = 1;
        K.push[X] = K.push[Y] = 1;
        fight();
        cr_assert_eq(zone_of(X, 0), 4);
        cr_assert_eq(zone_of(Y, 1), 2);
        cr_assert(strstr(mlf_last_event(&F, "push_back"), "no room"));
    }
}

/* ------------------------------------------------------------------ */
/* [ML Pursuit]                                                        */
/* ------------------------------------------------------------------ */

/* [ML Pursuit] two new pursuers of the same side one behind the other:
 * what stands in the way is judged before either moves, so the rear one
 * waits behind its friend, from either side. */
Test(ml_pursuit, a_pursuer_waits_behind_a_friend_pursuing_in_the_same_phase)
{
    for (int m = 0; m < 2; m++) {
        start(m == 1);
        place(X, ML_HORSE, ML_LEFT, 3, 3, 0);
        place(X, ML_HORSE, ML_LEFT, 2, 3, 0);
        place(Y, ML_HORSE, ML_LEFT, 3, 1, 3);
        place(Y, ML_HORSE, ML_LEFT, 2, 1, 3);
        K.combat[X][0] = K.combat[X][1] = 20;
        K.combat[Y][0] = K.combat[Y][1] = 1;
        K.pursuit[X][0] = K.pursuit[X][1] = 1;
        fight();
        cr_assert_eq(line(X, 0)->status, LS_PURSUING);
        cr_assert_eq(zone_of(X, 0), 4);
        cr_assert_eq(line(X, 1)->status, LS_PURSUING);
        cr_assert_eq(zone_of(X, 1), 2, "waits: X1 stood in its way");
    }
}

/* [ML Pursuit] new pursuers of the two sides heading into each other's
 * zones meet: neither passes through the other; both hold, still
 * pursuing. */
Test(ml_pursuit, pursuers_meeting_head_on_both_hold)
{
    for (int m = 0; m < 2; m++) {
        start(m == 1);
        place(X, ML_HORSE, ML_LEFT, 3, 3, 0);
        place(X, ML_HORSE, ML_LEFT, 4, 1, 3);
        place(Y, ML_HORSE, ML_LEFT, 3, 1, 3);
        place(Y, ML_HORSE, ML_LEFT, 4, 3, 0);
        K.combat[X][0] = K.combat[Y][1] = 20;
        K.combat[X][1] = K.combat[Y][0] = 1;
        K.pursuit[X][0] = K.pursuit[Y][1] = 1;
        fight();
        cr_assert_eq(line(X, 0)->status, LS_PURSUING);
        cr_assert_eq(line(Y, 1)->status, LS_PURSUING);
        cr_assert_eq(zone_of(X, 0), 3);
        cr_assert_eq(zone_of(Y, 1), 4);
    }
}
