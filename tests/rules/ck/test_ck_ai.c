/* test_ck_ai.c - To Catch a King computer players (ck_heuristic): what the
 * Royalists do with Charles Stuart once he is found, and what Parliament
 * does about it. */
#include "ck_fixture.h"
#include "ai/ai.h"

static Ckf F;

CKF_SUITE(ck_royalist_player);

/* The side to act's next action, which must be `verb` by `piece` at
 * `target`. */
static Action expect_order(int verb, int piece, int target)
{
    Action a;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    cr_assert(a.verb == verb && a.piece == piece && a.target == target,
              "verb %d piece %d target %d, not verb %d piece %d target %d", a.verb, a.piece, a.target, verb, piece,
              target);
    return a;
}

/* `side`'s next action in the position set up, in turn 5. */
static Action action_of(int side)
{
    ckf_side(&F, side);
    F.s.turn = 5;
    Action a;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    return a;
}

/* The Royalists' next action in the position set up. */
static Action roy_action(void) { return action_of(CK_ROY); }

/* [CK Hand to hand Combat] Charles in a wood, three horsemen waiting 7"
 * north of him: a trooper entering the wood moves half (4"), so they cannot
 * reach him where he stands, but the 3" run north would leave him within
 * their charge. He stays out of their reach. */
Test(ck_royalist_player, charles_in_a_wood_does_not_run_into_the_troopers)
{
    ckf_piece(&F, CKP_WOOD, 24, 24, DISC_BLANK, PROM_BLANK)->searched = 1;
    int x = ckf_fig(&F, F_CHARLES, 24, 24);
    int c[3] = {ckf_fig(&F, F_CAVALRY, 22, 31), ckf_fig(&F, F_CAVALRY, 24, 31), ckf_fig(&F, F_CAVALRY, 26, 31)};
    Action a = roy_action();
    if (a.verb != CKV_MOVE || a.piece != x)
        return; /* he stays put */
    for (int k = 0; k < 3; k++) {
        const CkFig *t = ckf_f(&F, c[k]);
        bool in_wood = ck_piece_at(&F.s, a.x, a.y) == CKP_WOOD;
        cr_assert_gt(ck_dist(a.x, a.y, t->x, t->y), (in_wood ? 4.0f : 8.0f) + 1.35f,
                     "Charles moves to (%.1f, %.1f), in reach of trooper %d", a.x, a.y, c[k]);
    }
}

/* [CK Movement and Ranges] With no trooper near, Charles makes a full move
 * north, for the far edge. */
Test(ck_royalist_player, charles_runs_north_when_no_trooper_is_near)
{
    int x = ckf_fig(&F, F_CHARLES, 24, 30);
    ckf_fig(&F, F_CAVALRY, 24, 4);
    Action a = roy_action();
    cr_assert_eq(a.verb, CKV_MOVE);
    cr_assert_eq(a.piece, x);
    cr_assert_gt(a.y, 35.9f);
}

/* Charles on open ground with four horsemen about him, a searched village
 * to the east: wherever he goes they can charge him, but behind the
 * village's walls (a charger -1) he is less likely to be taken than on the
 * open ground to the north. */
Test(ck_royalist_player, charles_takes_to_a_village_when_the_troopers_are_close)
{
    ckf_ground(&F, CKP_VILLAGE, 30, 26);
    int x = ckf_fig(&F, F_CHARLES, 24, 26);
    ckf_fig(&F, F_CAVALRY, 19, 21);
    ckf_fig(&F, F_CAVALRY, 29, 21);
    ckf_fig(&F, F_CAVALRY, 19, 31);
    ckf_fig(&F, F_CAVALRY, 29, 31);
    Action a = roy_action();
    cr_assert_eq(a.verb, CKV_MOVE);
    cr_assert_eq(a.piece, x);
    cr_assert_eq(ck_piece_at(&F.s, a.x, a.y), CKP_VILLAGE, "Charles moves to (%.1f, %.1f)", a.x, a.y);
}

/* [CK Hand to hand Combat] Royalist horse in reach of a mounted dragoon
 * who could charge Charles next turn: 4 against 2, the charge alone
 * (expected 0.33 points) does not pay, but beating the dragoon spares
 * Charles. He charges it. */
Test(ck_royalist_player, horse_charges_the_trooper_who_threatens_charles)
{
    int h = ckf_fig(&F, F_HORSE, 24, 20);
    ckf_f(&F, ckf_fig(&F, F_CHARLES, 14, 30))->moved = 1; /* Charles moves first: he has */
    int c = ckf_fig(&F, F_DRAGOON, 20, 24);
    Action a = roy_action();
    cr_assert_eq(a.verb, CKV_CHARGE, "verb %d", a.verb);
    cr_assert_eq(a.piece, h);
    cr_assert_eq(a.target, c);
}

/* [CK Shooting factors] ... and the same dragoon, Charles far from it, is
 * not charged: the horse shoots at him first, from where he stands, and
 * then falls back north with the half move left (a human's stand and
 * shoot, which beat the computer's run for the edge). */
Test(ck_royalist_player, horse_shoots_first_and_falls_back_when_charles_is_far)
{
    int h = ckf_fig(&F, F_HORSE, 24, 20);
    ckf_f(&F, ckf_fig(&F, F_CHARLES, 44, 44))->moved = 1; /* Charles moves first: he has */
    int d = ckf_fig(&F, F_DRAGOON, 20, 24);
    Action a = roy_action();
    cr_assert_eq(a.verb, CKV_SHOOT, "verb %d", a.verb);
    cr_assert_eq(a.piece, h);
    cr_assert_eq(a.target, d);
    ckf_dice(&F, 2, 1, 6); /* a miss */
    ckf_do(&F, a);
    a = roy_action();
    cr_assert_eq(a.verb, CKV_MOVE, "verb %d", a.verb);
    cr_assert_eq(a.piece, h);
    cr_assert_gt(a.y, 20.0f, "he falls back north");
    cr_assert_leq(ck_dist(24, 20, a.x, a.y), ck_fig_rate(&F.s, ckf_f(&F, h)) / 2 + 0.01f, "half a move after shooting");
}

/* The Royalists' turn played out by their computer player, up to `most`
 * actions: how many closed in on figure t, how many charged him, and how
 * many had closed in when the first charge came (-1: none came). */
typedef struct AtTarget {
    int joins, charges, joins_before_charge;
} AtTarget;
static AtTarget roy_turn_at(int t, int most)
{
    AtTarget at = {0, 0, -1};
    for (int n = 0; n < most; n++) {
        Action a;
        cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
        if (a.verb == CKV_END)
            break;
        if (a.verb == CKV_CHARGE && a.target == t && at.joins_before_charge < 0)
            at.joins_before_charge = at.joins;
        at.joins += a.verb == CKV_JOIN && a.target == t;
        at.charges += a.verb == CKV_CHARGE && a.target == t;
        ckf_do(&F, a);
    }
    return at;
}

/* [CK Hand to hand Combat] [CK Captured Persons] (option together=yes)
 * three horsemen round a cavalry guard holding Charles: one charge alone,
 * or a join and a charge at +1, does not pay, but two joins and a charge
 * at +2 kill the guard one time in nine and free Charles (20 points). The
 * first two close in on the guard and the third charges him (a
 * play-tester watched them ride off the table instead). */
Test(ck_royalist_player, horsemen_close_in_together_to_free_a_captured_charles)
{
    F.s.together = 1;
    int c = ckf_fig(&F, F_CAVALRY, 30, 30), x = ckf_fig(&F, F_CHARLES, 30, 30);
    ckf_prisoner(&F, x, c);
    int h[3] = {ckf_fig(&F, F_HORSE, 27, 34), ckf_fig(&F, F_HORSE, 30, 35), ckf_fig(&F, F_HORSE, 33, 34)};
    ckf_side(&F, CK_ROY);
    F.s.turn = 10;
    ckf_dice(&F, 2, 3, 3); /* the charge: 4+2+3=9 against 4+3=7, the guard recoils */
    AtTarget at = roy_turn_at(c, 6);
    cr_assert_eq(at.joins, 2, "joins at the guard: %d", at.joins);
    cr_assert_eq(at.charges, 1, "charges at the guard: %d", at.charges);
    cr_assert_eq(at.joins_before_charge, 2, "the charge came after %d joins", at.joins_before_charge);
    ckf_assert_dice(&F, 2);
    (void)h;
}

/* [CK Hand to hand Combat] (option together=yes) a trooper whose friends
 * touch him north, east and west leaves a charger room only at his south
 * side: a horseman who closed in there would leave the others no point of
 * contact, so nobody closes in without a charge able to follow (a
 * play-tester watched two horsemen close in on a trooper whom nobody
 * could then charge, and lost both next turn). */
Test(ck_royalist_player, nobody_closes_in_where_no_charge_can_follow)
{
    F.s.together = 1;
    int t = ckf_fig(&F, F_DRAGOON, 20, 20); /* mounted: 2 against the horse's 4 */
    ckf_fig(&F, F_DRAGOON, 20, 21.5f);
    ckf_fig(&F, F_DRAGOON, 21.5f, 20);
    ckf_fig(&F, F_DRAGOON, 18.5f, 20);
    for (int k = 0; k < 3; k++)
        ckf_fig(&F, F_HORSE, 19.0f + (float)k, 13.5f);
    ckf_side(&F, CK_ROY);
    F.s.turn = 5;
    ckf_dice(&F, 6, 3, 3, 3, 3, 3, 3);
    AtTarget at = roy_turn_at(t, 8);
    cr_assert(!at.joins || at.charges, "%d joins at the trooper and no charge after them", at.joins);
}

/* [CK Chance Cards] a band of shot comes on at the point of its edge
 * nearest the trooper nearest that edge, to shoot at him or fall on him,
 * not in the far north to run off (a play-tester found the band cards
 * worth nothing); a band of clubmen, mostly without muskets, and a band
 * with nobody on the table, as far north as its edge allows. */
Test(ck_royalist_player, a_band_comes_on_by_the_nearest_trooper)
{
    int near = ckf_fig(&F, F_DRAGOON, 9, 18);
    ckf_fig(&F, F_CAVALRY, 30, 35);
    ckf_arrivals(&F, CK_ROY, F_SHOT, 2, 0); /* west */
    F.s.turn = 5;
    Action a;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    cr_assert_eq(a.verb, CKV_ARRIVE, "verb %d", a.verb);
    cr_assert_float_eq(a.x, 0.25f, 1e-4, "on the west edge: (%.2f, %.2f)", (double)a.x, (double)a.y);
    cr_assert_leq(fabsf(a.y - ckf_f(&F, near)->y), 2.01f, "level with D1 at y 18: (%.2f, %.2f)", (double)a.x, (double)a.y);
    F.s.arrive_type = F_CLUBMAN;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    cr_assert_geq(a.y, 45.0f, "clubmen come on in the north: (%.2f, %.2f)", (double)a.x, (double)a.y);
    F.s.arrive_type = F_SHOT;
    ckf_f(&F, near)->status = FS_DEAD;
    ckf_f(&F, near + 1)->status = FS_DEAD;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    cr_assert_eq(a.verb, CKV_ARRIVE, "verb %d", a.verb);
    cr_assert_geq(a.y, 45.0f, "nobody on the table: as far north as the edge allows (%.2f, %.2f)", (double)a.x,
                  (double)a.y);
}

/* The Royalists act northmost first: they fall back or run north, and a
 * man behind a friend who had not moved yet found his way blocked (a
 * play-tester's horseman fell back half an inch). Two horsemen one behind
 * the other, the southern one first in figure order: both run their full
 * 8". */
Test(ck_royalist_player, the_northmost_acts_first_and_nobody_is_blocked)
{
    int south = ckf_fig(&F, F_HORSE, 20, 14), north = ckf_fig(&F, F_HORSE, 20, 22); /* where the south one would end */
    ckf_fig(&F, F_DRAGOON, 44, 2); /* a trooper far away */
    ckf_side(&F, CK_ROY);
    F.s.turn = 5;
    Action a;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    cr_assert_eq(a.piece, north, "figure %d acted first", a.piece);
    ckf_do(&F, a);
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    cr_assert_eq(a.piece, south, "figure %d acted second", a.piece);
    ckf_do(&F, a);
    cr_assert_geq(ckf_f(&F, south)->y, 21.9f, "the southern man ran to (%.2f, %.2f)", (double)ckf_f(&F, south)->x,
                  (double)ckf_f(&F, south)->y);
}

/* [CK Aim of the game] a horse band just come on at the north edge, the
 * nearest trooper 30" off: one gone by the far edge scores nothing, so he
 * does not slip off but waits, out of the row where the next band comes
 * on (a play-tester counted 183 of 215 north-edge horse bands off in the
 * turn they came on, none having fired). With a trooper able to charge him
 * next turn he goes. */
Test(ck_royalist_player, a_band_at_the_north_edge_waits_while_nobody_can_reach_it)
{
    int h = ckf_fig(&F, F_HORSE, 24, 47.2f);
    int c = ckf_fig(&F, F_CAVALRY, 24, 17);
    Action a = roy_action();
    if (a.verb == CKV_MOVE && a.piece == h)
        cr_assert_leq(a.y, CK_TABLE - 3.0f, "he moves to (%.2f, %.2f), off the table or in the band's row", (double)a.x,
                      (double)a.y);
    else
        cr_assert_eq(a.verb, CKV_END, "verb %d", a.verb);
    ckf_f(&F, c)->y = 37.3f; /* 9.9" off: out of his reach, but he in a trooper's 8" and the bases next turn */
    a = roy_action();
    cr_assert_eq(a.verb, CKV_MOVE, "verb %d", a.verb);
    cr_assert_eq(a.piece, h);
    cr_assert_geq(a.y, CK_TABLE - 0.5f, "he slips off the far edge: (%.2f, %.2f)", (double)a.x, (double)a.y);
}

/* The Royalists' turn played out by their computer player (Charles has
 * moved already), then: the three men s touch Charles x, and neither
 * trooper c finds room to charge him. */
static void assert_ring_closes(int x, const int s[3], const int c[2])
{
    ckf_side(&F, CK_ROY);
    F.s.turn = 5;
    for (int n = 0; n < 10; n++) {
        Action a;
        cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
        if (a.verb == CKV_END)
            break;
        ckf_do(&F, a);
    }
    for (int k = 0; k < 3; k++)
        cr_assert(ck_in_contact(ckf_f(&F, s[k]), ckf_f(&F, x)), "clubman %d at (%.1f, %.1f) does not touch Charles", k,
                  (double)ckf_f(&F, s[k])->x, (double)ckf_f(&F, s[k])->y);
    ckf_side(&F, CK_PAR);
    for (int k = 0; k < 2; k++)
        ckf_refused(&F, ckf_act(CKV_CHARGE, c[k], x, 1, 0, 0), "no room to touch that figure");
}

/* [CK Hand to hand Combat] [CK Movement and Ranges] Charles in the open,
 * two horsemen able to charge him next turn, three clubmen (no muskets) a
 * few inches behind him: bases may not overlap, so the clubmen close round
 * him (one towards the nearest horseman, the others a third of the way
 * round either side), and then neither horseman finds room to touch him. */
Test(ck_royalist_player, the_foot_close_round_charles)
{
    int x = ckf_fig(&F, F_CHARLES, 24, 30);
    ckf_f(&F, x)->moved = 1; /* he has gone where he goes: his guards follow */
    int s[3] = {ckf_fig(&F, F_CLUBMAN, 24, 35), ckf_fig(&F, F_CLUBMAN, 21, 34), ckf_fig(&F, F_CLUBMAN, 27, 34)};
    int c[2] = {ckf_fig(&F, F_CAVALRY, 24, 22), ckf_fig(&F, F_CAVALRY, 18, 25)};
    assert_ring_closes(x, s, c);
}

/* ... and one who touches Charles elsewhere (where a search put him)
 * leaves a gap in the ring: he moves to a place of the three as well. */
Test(ck_royalist_player, a_man_touching_charles_elsewhere_takes_his_place_in_the_ring)
{
    int x = ckf_fig(&F, F_CHARLES, 24, 30);
    ckf_f(&F, x)->moved = 1;
    int s[3] = {ckf_fig(&F, F_CLUBMAN, 24.8f, 29.4f), ckf_fig(&F, F_CLUBMAN, 21, 34), ckf_fig(&F, F_CLUBMAN, 27, 34)};
    int c[2] = {ckf_fig(&F, F_CAVALRY, 24, 22), ckf_fig(&F, F_CAVALRY, 30, 24)};
    assert_ring_closes(x, s, c);
}

/* [CK Hand to hand Combat] The Parliament side of the ring: Charles with
 * three clubmen touching him, a cavalry trooper in reach of one of them.
 * The charge alone (a clubman, 2 against his 4) would not pay its 3
 * points, but beating a man of the ring opens it: he charges. */
Test(ck_royalist_player, a_trooper_charges_into_the_ring_round_charles)
{
    int x = ckf_fig(&F, F_CHARLES, 24, 30);
    int k = ckf_fig(&F, F_CLUBMAN, 24, 29);
    ckf_fig(&F, F_CLUBMAN, 24.87f, 30.5f);
    ckf_fig(&F, F_CLUBMAN, 23.13f, 30.5f);
    int c = ckf_fig(&F, F_CAVALRY, 24, 22);
    ckf_refused(&F, ckf_act(CKV_CHARGE, c, x, 1, 0, 0), "no room to touch that figure");
    ckf_side(&F, CK_PAR);
    F.s.turn = 5;
    Action a;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    cr_assert_eq(a.verb, CKV_CHARGE, "verb %d", a.verb);
    cr_assert_eq(a.piece, c);
    cr_assert_eq(a.target, k);
}

CKF_SUITE(ck_parliament_player);

/* [CK Captured Persons] a guard whose straight way to the entry point an
 * enemy bars leads his prisoners round him with a bend (ecw, "A way with
 * one bend"), and never onto an unsearched piece, which would search it. */
Test(ck_parliament_player, a_barred_escort_bends_but_not_onto_a_piece)
{
    int c = ckf_fig(&F, F_CAVALRY, 24, 10), p = ckf_fig(&F, F_SHOT, 40, 40);
    ckf_prisoner(&F, p, c);
    ckf_side(&F, CK_ROY);
    ckf_fig(&F, F_SHOT, 23.7f, 8.3f);
    ckf_side(&F, CK_PAR);
    F.s.turn = 5;
    Action a;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    cr_assert(a.verb == CKV_ESCORT && a.piece == c && a.arg == CK_MOVE_BENT, "a bent escort (verb %d arg %d)", a.verb,
              a.arg);
    cr_assert(ckf_ok(&F, a));
    ckf_piece(&F, CKP_FIELD, 25, 6.5f, DISC_BLANK, PROM_BLANK); /* now an unsearched field where it bent to */
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    float x, y;
    if (a.verb == CKV_ESCORT && ck_escort_end(&F.s, &a, &x, &y))
        cr_assert_neq(ck_piece_at(&F.s, x, y), CKP_FIELD, "the escort ends on the field at (%.1f, %.1f)", (double)x,
                      (double)y);
}

/* [CK Captured Persons] in the last turn a guard beside Wilmot charges
 * him, to take him, though his clubman escapes as he sets off (6 points
 * against 2); before the last turn he leads the clubman off. */
Test(ck_parliament_player, a_guard_takes_wilmot_in_the_last_turn)
{
    int y = ckf_fig(&F, F_YOU, 24, 20), k = ckf_fig(&F, F_CLUBMAN, 40, 40);
    ckf_prisoner(&F, k, y);
    ckf_side(&F, CK_ROY);
    int w = ckf_fig(&F, F_WILMOT, 24, 23.3f);
    ckf_side(&F, CK_PAR);
    F.s.turn = CK_TURNS;
    Action a;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    cr_assert(a.verb == CKV_CHARGE && a.piece == y && a.target == w && a.arg == 1, "verb %d piece %d target %d arg %d",
              a.verb, a.piece, a.target, a.arg);
    F.s.turn = 5;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    cr_assert(!(a.verb == CKV_CHARGE && a.target == w), "not before the last turn");
}

/* [CK Combat Outcomes] a wounded Wilmot can be taken without a fight by
 * a trooper touching him, even one who has moved and shot: the dragoon
 * who has moved does not shoot him dead (4 points), the cavalryman takes
 * him (6). An analyst saw five shots after moving at a wounded Wilmot
 * whose recoil a cavalryman's base had stopped; the fifth killed him. */
Test(ck_parliament_player, a_wounded_wilmot_is_taken_not_shot)
{
    int d = ckf_fig(&F, F_DRAGOON, 24, 20), c = ckf_fig(&F, F_CAVALRY, 24, 26.2f);
    ckf_f(&F, d)->moved = 1;
    ckf_f(&F, c)->moved = ckf_f(&F, c)->shot = 1;
    ckf_side(&F, CK_ROY);
    int w = ckf_fig(&F, F_WILMOT, 24, 27);
    ckf_f(&F, w)->wounded = 1;
    ckf_side(&F, CK_PAR);
    cr_assert(ck_in_contact(ckf_f(&F, c), ckf_f(&F, w)), "the cavalryman touches Wilmot");
    F.s.turn = 5;
    ckf_do(&F, expect_order(CKV_CAPTURE, c, w));
    cr_assert_eq(ckf_f(&F, w)->status, FS_PRISONER);
}

/* [CK Captured Persons] (ecw, `guard F P`) the larger group grows: C1
 * holds one shot, C2 two, and C2 touches C1's man: C2 takes him over, and
 * C1 goes free; nobody hands him back. */
Test(ck_parliament_player, prisoners_are_handed_to_the_larger_group)
{
    int g[2], p;
    ckf_two_guards(&F, F_SHOT, 2, F_SHOT, g, &p);
    int c2 = g[1];
    F.s.turn = 5;
    ckf_do(&F, expect_order(CKV_GUARD, c2, p));
    Action a;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    cr_assert_neq(a.verb, CKV_GUARD, "handed over once: nobody hands him back");
}

CKF_SUITE(ck_royalist_last_turn);

/* [CK Aim of the game] in the last turn a found man who gets away scores
 * nothing and no later turn is lost with him: a horseman 7" from a
 * mounted dragoon (out of pistol range) charges him, 4 against 2, where
 * before the last turn he keeps clear (a play-tester's four horsemen rode
 * north beside two dragoons in turn 12). */
Test(ck_royalist_last_turn, a_horseman_charges_a_dragoon_rather_than_ride_off)
{
    ckf_fig(&F, F_DRAGOON, 24, 20);
    ckf_side(&F, CK_ROY);
    int h = ckf_fig(&F, F_HORSE, 24, 27);
    F.s.turn = CK_TURNS;
    Action a;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    cr_assert(a.verb == CKV_CHARGE && a.piece == h, "the last turn: verb %d piece %d", a.verb, a.piece);
    F.s.turn = 5;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    cr_assert_neq(a.verb, CKV_CHARGE, "turn 5: not worth his horse");
}

/* [CK Hand to hand Combat] (option together=yes) four shot have closed in
 * on a cavalryman: the fifth charges him (3 +4 against 4) though a charge
 * at those odds pays less than a fresh one must; else the four closed in
 * for nothing (a play-tester saw four shot close in and nobody charge). */
Test(ck_royalist_player, a_charge_follows_the_men_who_closed_in)
{
    F.s.together = 1;
    int c = ckf_fig(&F, F_CAVALRY, 20, 20);
    ckf_side(&F, CK_ROY);
    for (int k = 0; k < 4; k++) {
        float a = (float)k * 1.2566371f; /* 0, 72, 144 and 216 degrees */
        int j = ckf_fig(&F, F_SHOT, 20 + 1.25f * cosf(a), 20 + 1.25f * sinf(a));
        ckf_f(&F, j)->moved = ckf_f(&F, j)->shot = 1; /* closed in this turn */
    }
    int s5 = ckf_fig(&F, F_SHOT, 20 + 3.5f * 0.309017f, 20 - 3.5f * 0.951057f); /* facing the free side */
    F.s.turn = 5;
    Action a;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    cr_assert(a.verb == CKV_CHARGE && a.piece == s5 && a.target == c, "verb %d piece %d target %d", a.verb, a.piece,
              a.target);
}

/* [CK Hand to hand Combat] a trooper ready to search, who alone can charge
 * Charles from outside his wood, charges him: the dragoon who could reach
 * him only by riding into the wood (-2) does not cover him (a play-tester
 * saw the hint pass up 53% at Charles to search). */
Test(ck_parliament_player, the_best_placed_trooper_charges_charles)
{
    ckf_piece(&F, CKP_WOOD, 27, 25, DISC_BLANK, PROM_BLANK);
    F.s.pieces[CKP_WOOD].searched = 1;
    ckf_piece(&F, CKP_HILL, 38, 25, DISC_BLANK, PROM_BLANK); /* unsearched, in C2's reach: he could search it */
    int c1 = ckf_fig(&F, F_DRAGOON, 24.5f, 25), c2 = ckf_fig(&F, F_CAVALRY, 33, 25); /* D1 mounted: 2 -2 */
    ckf_side(&F, CK_ROY);
    int x = ckf_fig(&F, F_CHARLES, 29.4f, 25);
    ckf_side(&F, CK_PAR);
    F.s.turn = 5;
    bool charged = false;
    for (int n = 0; n < 4 && !charged; n++) {
        Action a;
        cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
        if (a.verb == CKV_END)
            break;
        charged = (a.verb == CKV_CHARGE || a.verb == CKV_CAPTURE) && a.target == x;
        cr_assert(!charged || a.piece == c2, "charged by %d, not C1 (%d) from outside the wood", a.piece, c2);
        if (!charged) {
            ckf_dice(&F, 2, 3, 3);
            ckf_do(&F, a);
        }
    }
    cr_assert(charged, "nobody charged Charles");
    (void)c1;
}

/* [CK Combat Outcomes] with option blocked_recoil=dies a Royalist running
 * north by a side edge, within his recoil of it, slants away from it,
 * where a beaten man would die (a play-tester killed three shot who ran
 * north along the west edge); without the option he runs straight north.
 * Parliament won 8,449 and 8,552 of 20,000 games with the option so,
 * against 8,883 and 8,922 (seeds 2 and 3). */
Test(ck_royalist_player, a_runner_by_the_edge_slants_off_it_when_blocked_recoils_kill)
{
    ckf_fig(&F, F_CAVALRY, 40, 5); /* far off: nothing to shoot or charge */
    ckf_side(&F, CK_ROY);
    int s = ckf_fig(&F, F_SHOT, 0.8f, 20);
    Action a = roy_action();
    cr_assert(a.verb == CKV_MOVE && a.piece == s && fabsf(a.x - 0.8f) < 0.01f, "straight north: verb %d to (%.2f, %.2f)",
              a.verb, (double)a.x, (double)a.y);
    F.s.blocked_dies = 1;
    a = roy_action();
    cr_assert(a.verb == CKV_MOVE && a.piece == s && a.x > 3.5f && a.y > 20, "slanting off the edge: verb %d to (%.2f, %.2f)",
              a.verb, (double)a.x, (double)a.y);
}

/* [CK Hand to hand Combat] the better odds charge Charles first: the
 * commander inside the wood with him (4 -2 against 4 -1) waits while a
 * dragoon on foot, who touches him from outside it (3 against 3), charges, rather than the
 * dragoon waiting for a horseman to take him (a play-tester watched the
 * commander die at 2 against 3, and the dragoon then take Charles). */
Test(ck_parliament_player, the_better_odds_charge_charles_first)
{
    ckf_piece(&F, CKP_WOOD, 20, 25, DISC_BLANK, PROM_BLANK);
    F.s.pieces[CKP_WOOD].searched = 1;
    int y = ckf_fig(&F, F_YOU, 20, 25), d = ckf_fig(&F, F_DRAGOON, 20, 18); /* Y in the wood, D outside */
    ckf_f(&F, d)->mounted = 0;
    ckf_side(&F, CK_ROY);
    int x = ckf_fig(&F, F_CHARLES, 20, 22.6f); /* in the wood, by its southern edge */
    ckf_side(&F, CK_PAR);
    F.s.turn = 5;
    Action a;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    cr_assert(a.verb == CKV_CHARGE && a.target == x && a.piece == d, "verb %d by %d at %d, not the dragoon %d (Y is %d)",
              a.verb, a.piece, a.target, d, y);
}

/* ... and a Royalist who can shoot but has no trooper in range goes
 * towards the nearest, to shoot after moving, where before the last turn
 * he would fall back north (a play-tester's musket walked away). */
Test(ck_royalist_last_turn, a_shooter_out_of_range_closes_to_shoot)
{
    ckf_fig(&F, F_DRAGOON, 24, 20);
    ckf_side(&F, CK_ROY);
    int s = ckf_fig(&F, F_SHOT, 24, 35); /* 15" off: out of his 12", within his move and range */
    F.s.turn = CK_TURNS;
    Action a;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    cr_assert(a.verb == CKV_MOVE && a.piece == s && a.y < 35, "the last turn: verb %d piece %d to y %.1f", a.verb,
              a.piece, (double)a.y);
    ckf_do(&F, a);
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    cr_assert(a.verb == CKV_SHOOT && a.piece == s, "then he shoots: verb %d", a.verb);
    ckf_init(&F);
    ckf_fig(&F, F_DRAGOON, 24, 20);
    ckf_side(&F, CK_ROY);
    s = ckf_fig(&F, F_SHOT, 24, 35);
    F.s.turn = 5;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    cr_assert(!(a.verb == CKV_MOVE && a.y < 35), "turn 5: he does not close in (to y %.1f)", (double)a.y);
}

/* [CK Captured Persons] a guard killed frees his prisoners: a Royalist
 * shot shoots the dragoon guarding Charles, 7.8" off, rather than another
 * dragoon at half range whom he is twice as likely to kill (a
 * play-tester's Charles sat guarded by one trooper for six turns while the
 * Royalists shot at others). */
Test(ck_royalist_player, a_shot_at_charles_s_guard_before_an_easier_man)
{
    int c = ckf_fig(&F, F_DRAGOON, 20, 20), x = ckf_fig(&F, F_CHARLES, 40, 40);
    ckf_prisoner(&F, x, c);
    ckf_fig(&F, F_DRAGOON, 29, 23);
    ckf_side(&F, CK_ROY);
    int s = ckf_fig(&F, F_SHOT, 25, 26);
    F.s.turn = 5;
    Action a;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    cr_assert(a.verb == CKV_SHOOT && a.piece == s && a.target == c, "verb %d piece %d target %d (the guard is %d)",
              a.verb, a.piece, a.target, c);
}

/* ... and one who can neither charge nor shoot stays: a run for the edge
 * wins nothing once no turn follows (a play-tester's hint sent a clubman
 * off the far edge in turn 12). */
Test(ck_royalist_last_turn, nobody_runs_off_for_nothing)
{
    ckf_fig(&F, F_DRAGOON, 24, 10);
    ckf_side(&F, CK_ROY);
    ckf_fig(&F, F_CLUBMAN, 24, 40); /* no musket; 6" short of the edge (one within a move of it waits there before
                                     * the last turn: a_band_at_the_north_edge_waits_while_nobody_can_reach_it) */
    F.s.turn = CK_TURNS;
    Action a;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    cr_assert_eq(a.verb, CKV_END, "the last turn: verb %d", a.verb);
    F.s.turn = 5;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    cr_assert_eq(a.verb, CKV_MOVE, "turn 5: he runs for the edge (verb %d)", a.verb);
}

/* [CK Movement and Ranges] the computer Parliament makes no move of under
 * half an inch on a straight way that searches nothing: such a move is no
 * move (a play-tester watched troopers shuffle 0.3"; 1.1% of Parliament's
 * moves were such before). Whole games, heuristic against heuristic. */
Test(ck_parliament_player, no_trooper_shuffles_under_half_an_inch)
{
    static CkState s;
    int moves = 0;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        Options opt = {0};
        Diag d = {{0}};
        cr_assert_eq(ck_ops.setup(&s, &opt, seed, &d), 0, "%s", d.msg);
        Rng r;
        rng_seed(&r, seed);
        for (int n = 0; !ck_ops.terminal(&s) && n < 20000; n++) {
            Action a;
            cr_assert_eq(ck_heuristic(&s, &r, &a), 0);
            const CkFig *f = &s.figs[a.piece];
            if (s.phase == CP_PARLIAMENT && a.verb == CKV_MOVE && a.arg == 0) {
                float d2 = (f->x - a.x) * (f->x - a.x) + (f->y - a.y) * (f->y - a.y);
                int p = ck_piece_at(&s, a.x, a.y);
                char id[8];
                ck_fig_id(&s, a.piece, id);
                cr_assert(d2 >= 0.25f || (p >= 0 && !s.pieces[p].searched),
                          "seed %llu turn %d: %s moves %.2f\" from (%.2f, %.2f) to (%.2f, %.2f)",
                          (unsigned long long)seed, s.turn, id, (double)sqrtf(d2), (double)f->x,
                          (double)f->y, (double)a.x, (double)a.y);
                moves++;
            }
            ck_ops.apply(&s, &a, NULL);
        }
        cr_assert(ck_ops.terminal(&s), "seed %llu: the game did not end", (unsigned long long)seed);
    }
    cr_assert_gt(moves, 500, "too few moves looked at: %d", moves);
}

/* Game 7700 of `ecw sim catch-a-king --seed 7 --royalist random --option
 * together=yes`, played as the sim plays it: with Charles and Wilmot both
 * on the table, two troopers each better placed at the other's man asked
 * each other who should charge first, for ever, and the run died of a
 * stack overflow. Each trooper waits only for a friend's own decision,
 * and a friend asked gives his without asking anyone. */
Test(ck_parliament_player, two_troopers_never_wait_for_each_other)
{
    static CkState s;
    Options opt = {0};
    Diag d = {{0}};
    cr_assert_eq(opt_set(&opt, "together", "yes", &d), 0, "%s", d.msg);
    cr_assert_eq(ck_ops.setup(&s, &opt, rng_derive(7, 7700), &d), 0, "%s", d.msg);
    game_begin(&ck_ops, &s, NULL);
    const AiPlayer *ai[2] = {ai_find("random"), ai_find("heuristic")}; /* royalist, parliament */
    Rng r[2];
    uint64_t aiseed = rng_derive(7 ^ 0xA1A1A1A1A1A1A1A1u, 7700);
    for (int p = 0; p < 2; p++)
        rng_seed(&r[p], rng_derive(aiseed, (uint64_t)p));
    int n = 0;
    for (; !ck_ops.terminal(&s) && n < 20000; n++) {
        int p = ck_ops.current_player(&s);
        Action a;
        cr_assert_eq(ai[p]->choose(&ck_ops, &s, &r[p], &a), 0);
        ck_ops.apply(&s, &a, NULL);
    }
    cr_assert(ck_ops.terminal(&s), "the game did not end in %d actions", n);
}

/* [CK Shooting factors] the commander reckons with massed fire: five shot
 * stand between him and the wood he makes for, which two troopers already
 * stand ready by. Each shot alone, at 3 against his 4, would seldom kill
 * him, but the Royalists shoot together, each +1 for every other shooter,
 * so he stops out of their range (over 12" off) rather than walk to 8" of
 * all five (in game 5 of `ecw sim catch-a-king --games 2000 --seed 7` he
 * walked up to nine shot, and the fifth to fire at him killed him). */
Test(ck_parliament_player, the_commander_keeps_out_of_range_of_massed_muskets)
{
    for (int i = 0; i < CK_PIECES; i++) /* searched, out of the way by the east edge */
        ckf_ground(&F, i, 44, 4 + 3.5f * (float)i);
    ckf_piece(&F, CKP_WOOD, 27, 36, DISC_BLANK, PROM_BLANK);
    int y = ckf_fig(&F, F_YOU, 27, 12);
    ckf_fig(&F, F_CAVALRY, 21, 36);
    ckf_fig(&F, F_CAVALRY, 33, 36);
    ckf_side(&F, CK_ROY);
    for (int k = 0; k < 5; k++)
        ckf_fig(&F, F_SHOT, 23 + 2 * (float)k, 28);
    ckf_side(&F, CK_PAR);
    F.s.turn = 5;
    Action a;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    cr_assert(a.verb == CKV_MOVE && a.piece == y, "verb %d by %d, not a move of the commander", a.verb, a.piece);
    for (int k = 0; k < F.s.nfigs; k++)
        if (F.s.figs[k].type == F_SHOT)
            cr_assert_gt(ck_dist(a.x, a.y, F.s.figs[k].x, F.s.figs[k].y), 12.0f,
                         "he moves to (%.2f, %.2f), in range of the shot at (%.1f, %.1f)", (double)a.x, (double)a.y,
                         (double)F.s.figs[k].x, (double)F.s.figs[k].y);
    cr_assert_gt(a.y, 13.0f, "he still goes on towards the wood: to (%.2f, %.2f)", (double)a.x, (double)a.y);
}

/* [CK Shooting factors] the Royalists mass their fire, the weakest first:
 * two shot (3 against a cavalryman's 4, 8.5" off: no kill alone) and a
 * horseman within half his pistol's range (4 + 1) can all fire at one
 * cavalryman. Each shot at him is +1 for every one before it, so the two
 * shot fire first and the horseman, the likeliest to kill, last at +2 (a
 * play-tester won 64-18 as the Royalists so). The horseman stands
 * northmost, where he would act first were it not for the volley. */
Test(ck_royalist_player, the_weakest_fire_first_at_one_trooper)
{
    int c = ckf_fig(&F, F_CAVALRY, 24, 30);
    int h = ckf_fig(&F, F_HORSE, 24, 32.5f);
    int s[2] = {ckf_fig(&F, F_SHOT, 18, 24), ckf_fig(&F, F_SHOT, 30, 24)};
    ckf_side(&F, CK_ROY);
    F.s.turn = 5;
    int order[3], n = 0;
    for (int k = 0; k < 12 && n < 3; k++) {
        Action a;
        cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
        cr_assert_neq(a.verb, CKV_END, "the turn ends after %d shots", n);
        if (a.verb == CKV_SHOOT) {
            cr_assert_eq(a.target, c, "%d shoots at %d", a.piece, a.target);
            order[n++] = a.piece;
            ckf_dice(&F, 2, 1, 6); /* a miss: he stays for the next */
        }
        ckf_do(&F, a);
    }
    cr_assert_eq(n, 3, "%d shots", n);
    cr_assert(order[0] != h && order[1] != h && order[2] == h, "the shots of %d, %d, %d; the horseman is %d, the shot %d %d",
              order[0], order[1], order[2], h, s[0], s[1]);
}

/* The first action of Parliament, turn 5, in a position where cavalryman
 * c, with six more troopers free (so that he takes a beaten man), stands
 * 6" from shot s in the open, and another shot stands 6" beyond; `fired`:
 * both fired at c in the Royalists' last turn, a volley (their flags
 * stand until their next turn). Every piece is searched, out of the way
 * by the east edge. */
static Action charge_or_not(bool fired, int *c, int *s)
{
    for (int i = 0; i < CK_PIECES; i++)
        ckf_ground(&F, i, 44, 4 + 3.5f * (float)i);
    *c = ckf_fig(&F, F_CAVALRY, 24, 18);
    for (int k = 0; k < 6; k++)
        ckf_fig(&F, F_CAVALRY, 4 + 2 * (float)k, 2);
    ckf_side(&F, CK_ROY);
    *s = ckf_fig(&F, F_SHOT, 24, 24);
    int other = ckf_fig(&F, F_SHOT, 28, 29);
    for (int k = 0; fired && k < 2; k++)
        ckf_f(&F, k ? other : *s)->shot = 1, ckf_f(&F, k ? other : *s)->shot_at = (uint8_t)*c;
    return action_of(CK_PAR);
}

/* [CK Shooting factors] [CK Hand to hand Combat] Parliament breaks the
 * volley before it forms: a shot who fired in a volley last turn and has
 * a trooper in his range still will fire again, and add +1 to every later
 * shot of the Royalists' massed fire. A cavalryman (4 against the shot's 3
 * hand to hand, never killed) charges him and takes him if he wins: 21
 * chances in 36 that he fires no more. His points alone (2 dead, 3 taken)
 * would not pay for the charge. */
Test(ck_parliament_player, a_trooper_charges_the_shot_who_fired_in_a_volley)
{
    int c, s;
    Action a = charge_or_not(true, &c, &s);
    cr_assert(a.verb == CKV_CHARGE && a.piece == c && a.target == s, "verb %d by %d at %d, not %d charging %d", a.verb,
              a.piece, a.target, c, s);
    cr_assert(a.arg & CK_CHARGE_CAPTURE, "he does not take him if he wins");
}

/* ... but shot who have not fired are left to the exposure model: a
 * shot's points alone do not pay for the charge. */
Test(ck_parliament_player, a_trooper_leaves_the_shot_who_has_not_fired)
{
    int c, s;
    Action a = charge_or_not(false, &c, &s);
    cr_assert(!(a.verb == CKV_CHARGE && a.target == s), "%d charges %d", a.piece, s);
}

/* [CK Shooting factors] [CK Playing the Game] the searcher ends his turn
 * on the piece he searches, and the Royalists on the table fire at him
 * first: of two hills a cavalryman can reach alike, he searches the one
 * that three shot do not stand within range of (without it he took the
 * first piece in order, the one under their muskets). */
Test(ck_parliament_player, the_searcher_searches_where_no_volley_waits)
{
    for (int i = 0; i < CK_PIECES; i++) /* searched, out of the way by the east edge */
        ckf_ground(&F, i, 44, 4 + 3.5f * (float)i);
    ckf_piece(&F, CKP_HILL, 18, 16, DISC_BLANK, PROM_BLANK)->searched = 0;
    ckf_piece(&F, CKP_HILL2, 30, 16, DISC_BLANK, PROM_BLANK)->searched = 0;
    int c = ckf_fig(&F, F_CAVALRY, 24, 10);
    ckf_side(&F, CK_ROY);
    ckf_fig(&F, F_SHOT, 12, 24); /* 10" to 11" from the first hill's middle, 18" and more from the second's */
    ckf_fig(&F, F_SHOT, 10, 22);
    ckf_fig(&F, F_SHOT, 14, 26);
    ckf_side(&F, CK_PAR);
    F.s.turn = 5;
    Action a;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    cr_assert(a.verb == CKV_MOVE && a.piece == c, "verb %d by %d, not a move of %d", a.verb, a.piece, c);
    cr_assert_eq(ck_piece_at(&F.s, a.x, a.y), CKP_HILL2, "he searches the piece at (%.2f, %.2f)", (double)a.x,
                 (double)a.y);
}

/* Parliament's next action where dragoon d, who has moved (his shot is
 * the only thing left to him), could shoot Charles, x: what he does. */
static Action after_moving(int d)
{
    ckf_f(&F, d)->moved = 1;
    ckf_side(&F, CK_PAR);
    F.s.turn = 5;
    Action a;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
    return a;
}

/* [CK Shooting factors] [CK Combat Outcomes] a shot that can only drive
 * Charles north is not taken: he stands just inside a wood, a dragoon 10"
 * south of him, 3 - 1 (cover) against his 4. Beaten by half he would be
 * wounded or killed, but 2 + 6 never reaches twice 4 + 1: the shot can
 * only miss or make him recoil 3" north, out of the wood that halves his
 * move and towards the edge where he escapes (a play-tester watched C1
 * shoot Charles out of a wood so, `ecw watch catch-a-king --seed 3`, turn
 * 6, and D1 in `--seed 8`, turn 7; Charles left by the north edge in
 * turns 8 and 10). */
Test(ck_parliament_player, no_shot_that_can_only_drive_charles_north)
{
    ckf_piece(&F, CKP_WOOD, 28, 25, DISC_BLANK, PROM_BLANK)->searched = 1;
    int x = ckf_fig(&F, F_CHARLES, 28, 27);
    int d = ckf_fig(&F, F_DRAGOON, 28, 17);
    cr_assert(ckf_ok(&F, ckf_act(CKV_SHOOT, d, x, 0, 0, 0)), "the dragoon may shoot Charles");
    Action a = after_moving(d);
    cr_assert(!(a.verb == CKV_SHOOT && a.target == x), "the dragoon shoots Charles, who can only recoil north");
}

/* ... but a shot that drives him back south, away from the edge, may be
 * taken: a dragoon who guards a clubman he took (and so would not charge
 * Charles next turn) stands 11" north of him on open ground (3 against 4:
 * no wound either). Beaten, Charles recoils 3" south and has those 3" of
 * his run to the edge to make again. */
Test(ck_parliament_player, a_shot_that_drives_charles_back_south_is_taken)
{
    int x = ckf_fig(&F, F_CHARLES, 24, 30);
    int d = ckf_fig(&F, F_DRAGOON, 24, 41);
    ckf_prisoner(&F, ckf_fig(&F, F_CLUBMAN, 0, 0), d);
    Action a = after_moving(d);
    cr_assert(a.verb == CKV_SHOOT && a.piece == d && a.target == x, "verb %d by %d at %d, not %d shooting Charles",
              a.verb, a.piece, a.target, d);
}

/* Parliament's turn played out by its computer player up to `most`
 * orders, shots and charges rolling 3 against 3 (a tie): the order in
 * which trooper `who` first acted (-1: never), the order that charged `t`
 * (-1: none) and who made it. */
typedef struct Acted {
    int who, charge, by;
} Acted;
static Acted par_turn_until(int who, int t, int most)
{
    Acted at = {-1, -1, -1};
    for (int n = 0; n < most && F.s.phase == CP_PARLIAMENT; n++) {
        Action a;
        cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0);
        if (a.verb == CKV_END)
            break;
        if (a.piece == who && at.who < 0)
            at.who = n;
        if (a.verb == CKV_CHARGE && a.target == t)
            at.charge = n, at.by = a.piece;
        if (a.verb == CKV_CHARGE || a.verb == CKV_SHOOT)
            ckf_dice(&F, 2, 3, 3);
        ckf_do(&F, a);
    }
    return at;
}

/* [CK Playing the Game] [CK Hand to hand Combat] a charge whose point of
 * contact lies on an unsearched piece searches it, which ends
 * Parliament's turn at once: it waits till the others have acted, and
 * takes the place of the turn's search. The commander, first in figure
 * order, can charge Wilmot, who stands on an unsearched hill; a dragoon
 * who could search a wood, the one chosen to search, has not acted yet.
 * He acts first, and the charge is the turn's last order. (A
 * tester's commander charged a horseman on an unsearched hill after six
 * orders, and five troopers never acted: seed 11, turn 9.) */
Test(ck_parliament_player, a_charge_onto_an_unsearched_piece_waits_for_the_others)
{
    ckf_piece(&F, CKP_HILL, 30, 24, DISC_BLANK, PROM_BLANK);
    ckf_piece(&F, CKP_WOOD, 14, 20, DISC_BLANK, PROM_BLANK);
    int y = ckf_fig(&F, F_YOU, 22, 24), d = ckf_fig(&F, F_DRAGOON, 18, 15);
    ckf_side(&F, CK_ROY);
    int w = ckf_fig(&F, F_WILMOT, 29, 24); /* on the hill: the commander's point of contact too */
    ckf_side(&F, CK_PAR);
    F.s.turn = 5;
    Acted at = par_turn_until(d, w, 12);
    cr_assert_geq(at.charge, 0, "nobody charged Wilmot");
    cr_assert_eq(at.by, y, "Wilmot charged by %d, not the commander %d", at.by, y);
    cr_assert(at.who >= 0 && at.who < at.charge, "the dragoon acted at order %d, the charge came at %d", at.who,
              at.charge);
    cr_assert(F.s.pieces[CKP_HILL].searched, "the charge searched the hill");
    cr_assert_eq(F.s.phase, CP_ROYALIST, "the search ended the turn");
}

/* [CK Hand to hand Combat] (ecw, "A charge with one bend") Wilmot stands
 * just outside a searched wood's edge, a cavalryman beyond the wood: the
 * straight charge's way ends in the wood, halved out of reach, but a bend
 * round the edge reaches him on open ground at 4 against 4, and the
 * cavalryman charges by it, to take him. (A tester watched C1 go to search
 * instead, and Wilmot ride off: `ecw watch catch-a-king --seed 7`, turn 6,
 * where `charge C1 W via 25.5 28.0 capture` was open to him.) */
Test(ck_parliament_player, a_charge_bends_round_a_wood_to_reach_wilmot)
{
    ckf_ground(&F, CKP_WOOD3, 28, 25);
    int c = ckf_fig(&F, F_CAVALRY, 23.5f, 22.5f);
    ckf_side(&F, CK_ROY);
    int w = ckf_fig(&F, F_WILMOT, 29, 28);
    ckf_side(&F, CK_PAR);
    F.s.turn = 5;
    Diag d = {{0}};
    cr_assert_lt(ck_check(&F.s, &(Action){.verb = CKV_CHARGE, .piece = (int16_t)c, .target = (int16_t)w}, &d), 0,
                 "the straight charge is refused");
    cr_assert(strstr(d.msg, "halved") != NULL, "refused as halved, not: %s", d.msg);
    Action a = action_of(CK_PAR);
    cr_assert(a.verb == CKV_CHARGE && a.piece == c && a.target == w, "verb %d by %d at %d, not %d charging Wilmot",
              a.verb, a.piece, a.target, c);
    cr_assert_eq(a.arg, CK_CHARGE_CAPTURE | CK_CHARGE_BENT, "arg %d: not a bent charge to take him", a.arg);
    float cx, cy;
    cr_assert(ck_attack_contact(&F.s, &a, &cx, &cy));
    cr_assert_lt(ck_piece_at(&F.s, cx, cy), 0, "he touches Wilmot at (%.1f, %.1f), not on open ground", (double)cx,
                 (double)cy);
}
