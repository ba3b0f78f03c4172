/* test_ml_combat.c - Marston Less [ML Combat], [ML Combat Table],
 * [ML Modifiers], [ML Push Backs], [ML Routers] and [ML Pursuit], each from
 * a hand-made position with forced dice, asserting the rulebook's outcome.
 *
 * The usual position: the Royalists are player A and end their move phase
 * with lines already in contact; ending the phase fights every combat
 * (Royalist lines roll first, then Parliament's), then Parliament's move
 * phase begins and waits for a decision, so no further dice are rolled.
 * Zones are 0-based: Royalists advance toward zone 6, Parliament toward 0. */
#include "ml_fixture.h"
#include <math.h>

static Mlf F;

MLF_SUITE(ml_combat_table);
MLF_SUITE(ml_combat);
MLF_SUITE(ml_modifiers);
MLF_SUITE(ml_push_backs);
MLF_SUITE(ml_routers);
MLF_SUITE(ml_pursuit);

/* The rulebook's combat table, copied by hand: for each factor the d20
 * ranges giving 1, 2 and 3 DPs (0 0 = none). Row 1 is "1 or less", row 15
 * is "15+". */
static const int book[16][3][2] = {
    [1] = {{20, 20}, {0, 0}, {0, 0}},     [2] = {{19, 20}, {0, 0}, {0, 0}},
    [3] = {{17, 20}, {0, 0}, {0, 0}},     [4] = {{16, 20}, {0, 0}, {0, 0}},
    [5] = {{15, 20}, {0, 0}, {0, 0}},     [6] = {{14, 20}, {0, 0}, {0, 0}},
    [7] = {{12, 19}, {20, 20}, {0, 0}},   [8] = {{11, 18}, {19, 20}, {0, 0}},
    [9] = {{10, 17}, {18, 20}, {0, 0}},   [10] = {{9, 16}, {17, 19}, {20, 20}},
    [11] = {{8, 15}, {16, 19}, {20, 20}}, [12] = {{6, 14}, {15, 18}, {19, 20}},
    [13] = {{5, 13}, {14, 18}, {19, 20}}, [14] = {{3, 12}, {13, 17}, {18, 20}},
    [15] = {{2, 11}, {12, 17}, {18, 20}},
};

static int book_dp(int factor, int roll)
{
    int f = factor < 1 ? 1 : factor > 15 ? 15 : factor;
    for (int k = 0; k < 3; k++)
        if (book[f][k][0] && roll >= book[f][k][0] && roll <= book[f][k][1])
            return k + 1;
    return 0;
}

/* ------------------------------------------------------------------ */
/* [ML Combat Table]                                                   */
/* ------------------------------------------------------------------ */

static void check_row(int factor)
{
    for (int roll = 1; roll <= 20; roll++)
        cr_expect_eq(ml_dp_for(factor, roll), book_dp(factor, roll),
                     "factor %d, roll %d: table gives %d DP, the rulebook %d", factor, roll,
                     ml_dp_for(factor, roll), book_dp(factor, roll));
}

Test(ml_combat_table, factor_1_or_less_only_20_hits) { check_row(1); check_row(0); check_row(-3); }
Test(ml_combat_table, factor_2_row) { check_row(2); }
Test(ml_combat_table, factor_3_row) { check_row(3); }
Test(ml_combat_table, factor_4_row) { check_row(4); }
Test(ml_combat_table, factor_5_row) { check_row(5); }
Test(ml_combat_table, factor_6_row) { check_row(6); }
Test(ml_combat_table, factor_7_row) { check_row(7); }
Test(ml_combat_table, factor_8_row) { check_row(8); }
Test(ml_combat_table, factor_9_row) { check_row(9); }
Test(ml_combat_table, factor_10_row) { check_row(10); }
Test(ml_combat_table, factor_11_row) { check_row(11); }
Test(ml_combat_table, factor_12_row) { check_row(12); }
Test(ml_combat_table, factor_13_row) { check_row(13); }
Test(ml_combat_table, factor_14_row) { check_row(14); }
Test(ml_combat_table, factor_15_or_more_row) { check_row(15); check_row(16); check_row(22); }

Test(ml_combat_table, spot_values)
{
    cr_assert_eq(ml_dp_for(7, 20), 2);
    cr_assert_eq(ml_dp_for(7, 19), 1);
    cr_assert_eq(ml_dp_for(7, 11), 0);
    cr_assert_eq(ml_dp_for(10, 20), 3);
    cr_assert_eq(ml_dp_for(12, 19), 3);
    cr_assert_eq(ml_dp_for(15, 1), 0);
    cr_assert_eq(ml_dp_for(15, 2), 1);
    cr_assert_eq(ml_dp_for(1, 19), 0);
}

/* Through a real combat: a factor 7 line rolling 20 inflicts 2 DPs. */
Test(ml_combat_table, factor_7_roll_20_gives_2dp)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 7);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 1);
    mlf_dice(&F, 3, 20, 1, 6); /* Roy d20, Par d20, Par push back test (holds) */
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(F.dice.sides[0], 20);
    cr_assert_eq(F.dice.sides[1], 20);
    cr_assert_eq(mlf_l(&F, ML_PAR, p)->dp, 2);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->dp, 0);
    cr_assert(strstr(mlf_last_event(&F, "combat"), "\"factor\":1"), "Parliament factor 1");
}

/* The odds the `odds` command reports (ml_odds_dp) equal the outcomes
 * counted over every d20 roll of real combats at each factor. */
Test(ml_combat_table, odds_match_counted_combats)
{
    for (int f = 1; f <= 15; f++) {
        int count[4] = {0};
        for (int roll = 1; roll <= 20; roll++) {
            mlf_fini(&F);
            mlf_init(&F);
            mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, f);
            int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 1);
            mlf_dice(&F, 3, roll, 1, 6); /* Parliament misses; its push back test holds */
            mlf_end(&F);
            cr_assert_eq(F.dice.underflow, 0);
            count[mlf_l(&F, ML_PAR, p)->dp]++;
        }
        double odds[4];
        ml_odds_dp(f, odds);
        for (int k = 0; k < 4; k++)
            cr_assert(fabs(odds[k] - count[k] / 20.0) < 1e-12, "factor %d: %d DP odds %g, counted %d/20",
                      f, k, odds[k], count[k]);
    }
}

/* ------------------------------------------------------------------ */
/* [ML Combat]                                                         */
/* ------------------------------------------------------------------ */

/* Both sides roll, the DPs go to the opposition, simultaneously. */
Test(ml_combat, both_roll_and_dps_go_to_the_opposition)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 5); /* 15-20: 1 DP */
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 8); /* 19-20: 2 DP */
    /* Royalists took 2 > 1: push back test (Roy dp 2); 3 > 2 holds. */
    mlf_dice(&F, 3, 15, 19, 3);
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->zone, 3);
    cr_assert_eq(F.dice.player[0], ML_ROY);
    cr_assert_eq(F.dice.player[1], ML_PAR);
    cr_assert_eq(mlf_l(&F, ML_PAR, p)->dp, 1);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->dp, 2);
    cr_assert_eq(mlf_events(&F, "combat"), 2);
}

/* Lines in different zones do not fight. */
Test(ml_combat, no_combat_without_contact)
{
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 5);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 4, 5);
    mlf_end(&F);
    mlf_assert_dice(&F, 0);
    cr_assert_eq(mlf_events(&F, "combat"), 0);
    cr_assert_eq(F.s.to_act, ML_PAR);
    cr_assert_eq(F.s.phase, PH_MOVE);
}

/* Two lines attacking one: both roll separately; the outnumbered line
 * splits its factor between them as it wishes. */
Test(ml_combat, outnumbered_line_splits_its_factor)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    int r1 = mlf_line(&F, ML_ROY, ML_HORSE, ML_CENTRE, 3, 3);
    mlf_l(&F, ML_ROY, r1)->turned_in = 1;
    mlf_sync(&F);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 10);
    mlf_end(&F);
    cr_assert_eq(F.s.phase, PH_SPLIT);
    cr_assert_eq(F.s.to_act, ML_PAR);
    Diag d;
    mlf_refused(&F, mlf_act(MLV_SPLIT, p, 0, 11), d); /* more than its factor */
    mlf_refused(&F, mlf_act(MLV_END, 0, 0, 0), d);
    /* All 10 on R1: 20 gives 3 DP; nothing on R0 (no roll). */
    /* R1 then took 3 > 0: push back test; 6 holds. */
    mlf_dice(&F, 4, 1, 1, 20, 6);
    mlf_do(&F, mlf_act(MLV_SPLIT, p, 0, 0));
    mlf_assert_dice(&F, 4);
    cr_assert_eq(F.dice.player[2], ML_PAR);
    cr_assert_eq(mlf_l(&F, ML_ROY, r0)->dp, 0);
    cr_assert_eq(mlf_l(&F, ML_ROY, r1)->dp, 3);
    cr_assert_eq(mlf_events(&F, "combat"), 3, "no roll for a zero share");
}

/* One position, two numberings of the Royalist lines: R0 (3 DPs) in zone 3
 * routs, Parliament's foot pursues into zone 2 onto the other Royalist
 * line. Returns the number of combat rolls made in the combat phase. */
static int pursuit_into_second_line(bool router_first)
{
    mlf_fini(&F);
    mlf_init(&F);
    int router, behind;
    if (router_first) {
        router = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
        behind = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 3);
    } else {
        behind = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 3);
        router = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    }
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 4);
    mlf_l(&F, ML_ROY, router)->dp = 3;
    /* R misses, P 16 = 1 DP (rout), P pursues on 1; any further combat
     * rolls miss (1) and nobody is pushed back. */
    mlf_dice(&F, 5, 1, 16, 1, 1, 1);
    mlf_end(&F);
    cr_assert_eq(mlf_l(&F, ML_ROY, router)->status, LS_ROUTED);
    cr_assert_eq(mlf_l(&F, ML_PAR, 0)->zone, 2, "the pursuer reached the second line");
    cr_assert_eq(mlf_l(&F, ML_ROY, behind)->dp, 1);
    return mlf_events(&F, "combat");
}

/* [ML Combat] [ML The Game Sequence] whether a pursuer that runs into a
 * second line fights it in the same combat phase must not depend on how
 * the lines happen to be numbered (ecw: it fights in the next phase). */
Test(ml_combat, pursuit_contact_does_not_depend_on_line_order)
{
    int a = pursuit_into_second_line(true);
    int b = pursuit_into_second_line(false);
    cr_assert_eq(a, b, "router listed first: %d combat rolls; listed second: %d", a, b);
}

/* ------------------------------------------------------------------ */
/* [ML Modifiers]                                                      */
/* ------------------------------------------------------------------ */

Test(ml_modifiers, roster_strength_without_modifiers)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 6);
    MlMods m;
    cr_assert_eq(ml_factor(&F.s, ML_ROY, r, &m), 6);
    cr_assert_eq(m.n, 0);
}

Test(ml_modifiers, friendly_line_to_rear_adds_one)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 6);
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 2); /* behind a Royalist line: zone - 1 */
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 6);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 5, 2); /* two zones behind: no support */
    MlMods m;
    cr_assert_eq(ml_factor(&F.s, ML_ROY, r, &m), 7);
    cr_assert(mlf_has_mod(&m, "rear", 1));
    cr_assert_eq(ml_factor(&F.s, ML_PAR, p, &m), 6);
    /* Through the combat table: factor 7 rolling 20 gives 2 DP, 6 only 1. */
    mlf_dice(&F, 3, 20, 1, 6);
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_PAR, p)->dp, 2);
}

Test(ml_modifiers, friendly_line_to_rear_of_parliament_is_the_higher_zone)
{
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 4);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 4, 2);
    int q = mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 3, 2);
    mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 2, 2); /* in front, not behind */
    cr_assert_eq(ml_factor(&F.s, ML_PAR, p, NULL), 5);
    cr_assert_eq(ml_factor(&F.s, ML_PAR, q, NULL), 2);
    /* Up to the base line: support from zone 6 for a line in zone 5. */
    int e = mlf_line(&F, ML_PAR, ML_HORSE, ML_RIGHT, 5, 2);
    mlf_line(&F, ML_PAR, ML_HORSE, ML_RIGHT, 6, 2);
    cr_assert_eq(ml_factor(&F.s, ML_PAR, e, NULL), 3);
}

Test(ml_modifiers, friendly_dragoons_on_the_flank_add_two)
{
    int l = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 1, 3);
    int r = mlf_line(&F, ML_ROY, ML_HORSE, ML_RIGHT, 1, 3);
    int c = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    mlf_dragoons(&F, ML_ROY, 0, 1);      /* left edge, beside the left wing */
    mlf_dragoons(&F, ML_PAR, 1, 1);      /* enemy dragoons on the right edge */
    MlMods m;
    cr_assert_eq(ml_factor(&F.s, ML_ROY, l, &m), 5);
    cr_assert(mlf_has_mod(&m, "dragoons", 2));
    cr_assert_eq(ml_factor(&F.s, ML_ROY, r, NULL), 3, "enemy dragoons give nothing");
    cr_assert_eq(ml_factor(&F.s, ML_ROY, c, NULL), 3, "dragoons flank the wings only");
}

/* ecw reading: dragoons flank the wing line in their zone or the next. */
Test(ml_modifiers, dragoons_reach_one_zone_either_way)
{
    int a = mlf_line(&F, ML_ROY, ML_HORSE, ML_RIGHT, 2, 3);
    int b = mlf_line(&F, ML_ROY, ML_HORSE, ML_RIGHT, 4, 3);
    mlf_dragoons(&F, ML_ROY, 1, 1);
    cr_assert_eq(ml_factor(&F.s, ML_ROY, a, NULL), 5);
    cr_assert_eq(ml_factor(&F.s, ML_ROY, b, NULL), 3);
}

/* The option dragoons=wing reads "on the flank of your sector" as the
 * whole wing: the line three zones from its dragoons has the +2 too. */
Test(ml_modifiers, with_option_dragoons_wing_they_flank_the_whole_wing)
{
    F.s.dragoons_wing = 1;
    int a = mlf_line(&F, ML_ROY, ML_HORSE, ML_RIGHT, 2, 3);
    int b = mlf_line(&F, ML_ROY, ML_HORSE, ML_RIGHT, 4, 3);
    int c = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 4, 3);
    mlf_dragoons(&F, ML_ROY, 1, 1);
    cr_assert_eq(ml_factor(&F.s, ML_ROY, a, NULL), 5);
    cr_assert_eq(ml_factor(&F.s, ML_ROY, b, NULL), 5, "three zones away, still on the dragoons' wing");
    cr_assert_eq(ml_factor(&F.s, ML_ROY, c, NULL), 3, "dragoons flank the wings only");
}

Test(ml_modifiers, light_gun_adds_one_each)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 4);
    mlf_l(&F, ML_ROY, r)->light = 1;
    MlMods m;
    cr_assert_eq(ml_factor(&F.s, ML_ROY, r, &m), 5);
    cr_assert(mlf_has_mod(&m, "light artillery", 1));
    mlf_l(&F, ML_ROY, r)->light = 2;
    cr_assert_eq(ml_factor(&F.s, ML_ROY, r, NULL), 6);
}

/* -1 for foot attacking into rough; the defending foot keeps its factor. */
Test(ml_modifiers, attacking_foot_in_rough_minus_one)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 5);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 5);
    mlf_rough(&F, ML_CENTRE, 3);
    mlf_move(&F, r, 3);
    MlMods m;
    cr_assert_eq(ml_factor(&F.s, ML_ROY, r, &m), 4);
    cr_assert(mlf_has_mod(&m, "rough", -1));
    cr_assert_eq(ml_factor(&F.s, ML_PAR, p, NULL), 5, "defending foot in rough: no modifier");
}

Test(ml_modifiers, horse_in_rough_minus_two)
{
    int r = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 2, 4);
    int p = mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 3, 4);
    mlf_rough(&F, ML_LEFT, 3);
    mlf_move(&F, r, 3);
    MlMods m;
    cr_assert_eq(ml_factor(&F.s, ML_ROY, r, &m), 2);
    cr_assert(mlf_has_mod(&m, "rough", -2));
    cr_assert_eq(ml_factor(&F.s, ML_PAR, p, NULL), 2, "defending horse in rough also -2");
}

/* Parliament comes from behind a Royalist line: -2 for the Royalists. */
Test(ml_modifiers, attacked_in_the_rear_minus_two)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 5);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 2, 5); /* already past the line */
    mlf_move_phase(&F, ML_ROY, 1);
    mlf_move(&F, p, 3);
    MlMods m;
    cr_assert_eq(ml_factor(&F.s, ML_ROY, r, &m), 3);
    cr_assert(mlf_has_mod(&m, "rear", -2));
    cr_assert_eq(ml_factor(&F.s, ML_PAR, p, NULL), 5);
}

Test(ml_modifiers, attacked_from_the_front_no_modifier)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 5);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 4, 5);
    mlf_move_phase(&F, ML_ROY, 1);
    mlf_move(&F, p, 3);
    cr_assert_eq(ml_factor(&F.s, ML_ROY, r, NULL), 5);
}

/* Horse that turned in on the centre attacks the foot in the flank: -1. */
Test(ml_modifiers, attacked_in_the_flank_minus_one)
{
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 4, 3);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 4, 6);
    mlf_dice(&F, 1, 5); /* the opponent's turn-in roll: 5 on an occupied zone */
    mlf_do(&F, mlf_act(MLV_TURNIN, h, 0, 0));
    mlf_assert_dice(&F, 1);
    cr_assert_eq(mlf_l(&F, ML_ROY, h)->sector, ML_CENTRE);
    MlMods m;
    cr_assert_eq(ml_factor(&F.s, ML_PAR, p, &m), 5);
    cr_assert(mlf_has_mod(&m, "flank", -1));
}

/* ------------------------------------------------------------------ */
/* [ML Push Backs]                                                     */
/* ------------------------------------------------------------------ */

/* The line that suffered more DPs rolls 1d6: at most its DPs with the
 * zone behind vacant, it retires one zone. */
Test(ml_push_backs, retire_when_roll_at_most_dp_and_rear_vacant)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 4);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 4);
    mlf_l(&F, ML_ROY, r)->dp = 1;
    mlf_dice(&F, 3, 1, 16, 2); /* Roy misses, Par 1 DP, push back 2 <= 2 DP */
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(F.dice.sides[2], 6);
    cr_assert_eq(F.dice.player[2], ML_ROY);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->dp, 2);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->zone, 2, "retired one zone toward its own base line");
    cr_assert_eq(mlf_l(&F, ML_PAR, p)->zone, 3);
    cr_assert(strstr(mlf_last_event(&F, "push_back"), "retires"));
}

Test(ml_push_backs, no_retire_when_roll_above_dp)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 4);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 4);
    mlf_l(&F, ML_ROY, r)->dp = 1;
    mlf_dice(&F, 3, 1, 16, 3); /* 3 > 2 DP */
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->zone, 3);
}

Test(ml_push_backs, no_retire_when_rear_occupied)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3); /* +1 support: factor 4 */
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 2);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 4);
    mlf_l(&F, ML_ROY, r)->dp = 1;
    mlf_dice(&F, 3, 1, 16, 1);
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->dp, 2);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->zone, 3, "no room behind: the line holds");
}

Test(ml_push_backs, no_retire_when_rear_holds_an_enemy)
{
    int r = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 3, 4);
    mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 3, 4);
    mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 2, 1); /* an enemy behind the Royalists */
    mlf_l(&F, ML_ROY, r)->dp = 1;
    mlf_dice(&F, 3, 1, 16, 1);
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->zone, 3);
}

/* Parliament retires toward zone 6, its own base line. */
Test(ml_push_backs, parliament_retires_up_the_board)
{
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 4);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 4);
    mlf_dice(&F, 3, 16, 1, 1);
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(F.dice.player[2], ML_PAR);
    cr_assert_eq(mlf_l(&F, ML_PAR, p)->zone, 4);
}

/* Two against one: the single line compares its DPs with what both its
 * opponents took together; each of the two with the single line's. R0 and
 * R1 roll 17 (1 DP each on P); P splits 4 and 4 and rolls p0 and p1. */
static int two_against_one(int p0, int p1, int more)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    int r1 = mlf_line(&F, ML_ROY, ML_HORSE, ML_CENTRE, 3, 3);
    mlf_l(&F, ML_ROY, r1)->turned_in = 1;
    mlf_sync(&F);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 8);
    mlf_end(&F);
    mlf_dice(&F, 4, 17, 17, p0, p1);
    if (more)
        mlf_dice(&F, 1, more);
    mlf_do(&F, mlf_act(MLV_SPLIT, p, 0, 4));
    cr_assert_eq(mlf_l(&F, ML_PAR, p)->dp, 2);
    return r0;
}

Test(ml_push_backs, single_line_against_both_together_holds)
{
    two_against_one(16, 16, 0); /* P took 2, the Royalists 1 + 1 = 2 */
    mlf_assert_dice(&F, 4);
    cr_assert_eq(mlf_events(&F, "push_back"), 0);
}

Test(ml_push_backs, single_line_against_both_together_tests)
{
    int r0 = two_against_one(16, 1, 6); /* P took 2, the Royalists 1 + 0 = 1 */
    mlf_assert_dice(&F, 5);
    cr_assert_eq(mlf_l(&F, ML_ROY, r0)->dp, 1);
    cr_assert_eq(F.dice.player[4], ML_PAR, "the single line tests (2 > 1)");
    cr_assert_eq(mlf_events(&F, "push_back"), 1);
}

/* Equal DPs: nobody tests. */
Test(ml_push_backs, equal_dps_no_test)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 4);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 4);
    mlf_dice(&F, 2, 16, 16);
    mlf_end(&F);
    mlf_assert_dice(&F, 2);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->dp, 1);
    cr_assert_eq(mlf_l(&F, ML_PAR, p)->dp, 1);
    cr_assert_eq(mlf_events(&F, "push_back"), 0);
}

/* ------------------------------------------------------------------ */
/* [ML Routers]                                                        */
/* ------------------------------------------------------------------ */

Test(ml_routers, four_dps_rout_and_leave_the_board)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 4);
    mlf_l(&F, ML_ROY, r)->dp = 3;
    mlf_dice(&F, 3, 1, 16, 6); /* Par pursuit test: 6 holds */
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->status, LS_ROUTED);
    int tmp[2];
    cr_assert_eq(ml_lines_at(&F.s, ML_ROY, ML_CENTRE, 3, tmp), 0);
    cr_assert_eq(F.s.side[ML_ROY].lost_str, 3);
    cr_assert_eq(mlf_events(&F, "rout"), 1);
}

Test(ml_routers, line_behind_takes_one_dp)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    int r1 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 2);
    int r2 = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 2, 2); /* beside the zone behind */
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 4);
    mlf_l(&F, ML_ROY, r0)->dp = 3;
    mlf_dice(&F, 3, 1, 16, 6);
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r0)->status, LS_ROUTED);
    cr_assert_eq(mlf_l(&F, ML_ROY, r1)->dp, 1);
    cr_assert_eq(mlf_l(&F, ML_ROY, r2)->dp, 0);
}

Test(ml_routers, only_the_zone_immediately_behind)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    int r1 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 2);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 4);
    mlf_l(&F, ML_ROY, r0)->dp = 3;
    mlf_dice(&F, 3, 1, 16, 6);
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r1)->dp, 0);
}

/* The DP from the routers can rout the line behind in turn. */
Test(ml_routers, line_behind_can_rout_in_turn)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    int r1 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 2);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 4);
    mlf_l(&F, ML_ROY, r0)->dp = 3;
    mlf_l(&F, ML_ROY, r1)->dp = 3;
    mlf_dice(&F, 3, 1, 16, 6);
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r1)->status, LS_ROUTED);
    cr_assert_eq(F.s.side[ML_ROY].lost_str, 5);
    cr_assert_eq(mlf_events(&F, "rout"), 2);
}

/* Parliament's rear is the zone above it. */
Test(ml_routers, parliament_line_behind_is_up_the_board)
{
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 4);
    int p0 = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 2);
    int p1 = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 4, 2);
    int p2 = mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 4, 2); /* beside the zone behind */
    mlf_l(&F, ML_PAR, p0)->dp = 3;
    mlf_dice(&F, 3, 16, 1, 6); /* Roy factor 4: 16 = 1 DP; Roy pursuit: 6 holds */
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_PAR, p0)->status, LS_ROUTED);
    cr_assert_eq(mlf_l(&F, ML_PAR, p1)->dp, 1);
    cr_assert_eq(mlf_l(&F, ML_PAR, p2)->dp, 0);
}

/* ------------------------------------------------------------------ */
/* [ML Pursuit]                                                        */
/* ------------------------------------------------------------------ */

/* A Royalist horse line routs its Parliament opponent on the left wing. */
static int horse_rout(int str, int pursuit_roll)
{
    int r = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 3, str);
    int p = mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 3, 2);
    mlf_l(&F, ML_PAR, p)->dp = 3;
    mlf_dice(&F, 3, 20, 1, pursuit_roll);
    return r;
}

Test(ml_pursuit, horse_pursues_on_1_to_5)
{
    int r = horse_rout(3, 5);
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(F.dice.player[2], ML_ROY);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->status, LS_PURSUING);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->zone, 4, "moves one zone at once, up the board");
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->sector, ML_LEFT);
}

Test(ml_pursuit, horse_holds_on_6)
{
    int r = horse_rout(3, 6);
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->status, LS_FORMED);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->zone, 3);
}

static int foot_rout(int pursuit_roll)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 4);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 2);
    mlf_l(&F, ML_PAR, p)->dp = 3;
    mlf_dice(&F, 3, 16, 1, pursuit_roll);
    return r;
}

Test(ml_pursuit, foot_pursues_on_1_or_2)
{
    int r = foot_rout(2);
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->status, LS_PURSUING);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->zone, 4);
}

Test(ml_pursuit, foot_holds_on_3)
{
    int r = foot_rout(3);
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->status, LS_FORMED);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->zone, 3);
}

/* +1 to the die with an Ordinary general: a horse 5 becomes 6 and holds. */
Test(ml_pursuit, ordinary_general_adds_one)
{
    int r = horse_rout(3, 5);
    mlf_general(&F, ML_ROY, r, false);
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->status, LS_FORMED);
}

Test(ml_pursuit, ordinary_general_4_still_pursues)
{
    int r = horse_rout(3, 4);
    int g = mlf_general(&F, ML_ROY, r, false);
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->status, LS_PURSUING);
    cr_assert_eq(F.s.side[ML_ROY].gens[g].zone, 4, "the general goes with the line");
}

/* +2 with a Superior general: a horse 4 becomes 6 and holds. */
Test(ml_pursuit, superior_general_adds_two)
{
    int r = horse_rout(3, 4);
    mlf_general(&F, ML_ROY, r, true);
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->status, LS_FORMED);
}

/* The pursuer moves on at the start of each of its owner's move phases
 * (not in the opponent's), within its sector. */
Test(ml_pursuit, moves_one_zone_in_each_owning_players_phase)
{
    int r = horse_rout(3, 1);
    mlf_end(&F);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->zone, 4);
    /* Parliament's phase: the pursuer stays. */
    cr_assert_eq(F.s.to_act, ML_PAR);
    mlf_end(&F);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->zone, 4);
    /* Rally phase: the Royalists press on. */
    cr_assert_eq(F.s.phase, PH_RALLY);
    cr_assert_eq(F.s.to_act, ML_ROY);
    mlf_dice(&F, 2, 6, 1); /* next turn's initiative: Royalists */
    mlf_do(&F, mlf_act(MLV_PRESS, r, 0, 0));
    mlf_assert_dice(&F, 5);
    cr_assert_eq(F.s.turn, 2);
    cr_assert_eq(F.s.to_act, ML_ROY);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->zone, 5);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->status, LS_PURSUING);
    /* A pursuing line is not moved by its player. */
    Diag d;
    mlf_refused(&F, mlf_act(MLV_MOVE, r, 4, 0), d);
}

Test(ml_pursuit, contacting_a_formed_enemy_takes_one_dp)
{
    int r = horse_rout(3, 1);
    int p1 = mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 5, 2);
    mlf_end(&F); /* pursues to zone 4 */
    mlf_end(&F); /* Parliament does nothing */
    mlf_dice(&F, 2, 6, 1);
    mlf_do(&F, mlf_act(MLV_PRESS, r, 0, 0));
    mlf_assert_dice(&F, 5);
    const MlLine *l = mlf_l(&F, ML_ROY, r);
    cr_assert_eq(l->zone, 5);
    cr_assert_eq(l->dp, 1);
    cr_assert_eq(mlf_l(&F, ML_PAR, p1)->dp, 0);
}

/* Immediately on the rout, a pursuer may run straight into the next enemy. */
Test(ml_pursuit, immediate_move_into_a_formed_enemy_takes_one_dp)
{
    int r = horse_rout(3, 1);
    int p1 = mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 4, 2);
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->zone, 4);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->dp, 1);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->status, LS_FORMED, "contact ends the pursuit");
    /* The rout gave the Parliament line behind (zone 4) 1 DP as well. */
    cr_assert_eq(mlf_l(&F, ML_PAR, p1)->dp, 1);
}

/* Parliament pursues toward zone 0 and leaves the table past it. */
Test(ml_pursuit, parliament_pursues_down_the_board_and_off)
{
    mlf_line(&F, ML_ROY, ML_HORSE, ML_RIGHT, 0, 2);
    int p = mlf_line(&F, ML_PAR, ML_HORSE, ML_RIGHT, 0, 3);
    mlf_l(&F, ML_ROY, 0)->dp = 3;
    mlf_dice(&F, 3, 1, 20, 2); /* Par factor 3: 20 = 1 DP; pursuit 2 */
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(F.dice.player[2], ML_PAR);
    cr_assert_eq(mlf_l(&F, ML_ROY, 0)->status, LS_ROUTED);
    cr_assert_eq(mlf_l(&F, ML_PAR, p)->status, LS_GONE);
}

/* Player B's pursuer moves at once, then again at the start of B's own
 * move phase, which follows straight after: two zones toward zone 0. */
Test(ml_pursuit, player_b_pursuer_moves_again_in_its_phase)
{
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 4, 2);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 4, 4);
    mlf_l(&F, ML_ROY, 0)->dp = 3;
    mlf_dice(&F, 3, 1, 16, 1);
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(F.s.to_act, ML_PAR);
    cr_assert_eq(mlf_l(&F, ML_PAR, p)->status, LS_PURSUING);
    cr_assert_eq(mlf_l(&F, ML_PAR, p)->zone, 2);
    cr_assert_eq(mlf_events(&F, "pursuit"), 2);
}

/* ecw: a pursuer whose way is blocked by a friendly line waits behind it. */
Test(ml_pursuit, waits_behind_a_friendly_line)
{
    int r = horse_rout(3, 1);
    int r2 = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 4, 2);
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->status, LS_PURSUING);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->zone, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r2)->zone, 4);
}

/* [ML Pursuit] the crash DP is for contacting a formed enemy: meeting an
 * enemy line that is itself pursuing is no such contact. */
Test(ml_pursuit, contacting_a_pursuing_enemy_takes_no_dp)
{
    int r = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 3, 3);
    int p = mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 4, 2);
    mlf_l(&F, ML_ROY, r)->status = LS_PURSUING;
    mlf_l(&F, ML_PAR, p)->status = LS_PURSUING;
    mlf_sync(&F);
    ml_pursue_step(&F.s, ML_ROY, r, &F.io);
    mlf_assert_dice(&F, 0);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->zone, 4);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->dp, 0, "the enemy there is not formed");
}

Test(ml_pursuit, leaving_the_table_does_not_return)
{
    int r = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 6, 3);
    int g = mlf_general(&F, ML_ROY, r, false);
    int p = mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 6, 2);
    mlf_l(&F, ML_PAR, p)->dp = 3;
    mlf_dice(&F, 3, 20, 1, 1);
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->status, LS_GONE);
    cr_assert_not(ml_line_on_table(mlf_l(&F, ML_ROY, r)));
    cr_assert_eq(F.s.side[ML_ROY].gens[g].alive, 0, "the general leaves with it");
    cr_assert_eq(F.s.side[ML_ROY].lost_str, 0, "not a loss (ecw)");
    cr_assert_eq(mlf_events(&F, "pursuit_off"), 1);
}

/* Only the line that routed its opponent pursues; a line still facing a
 * second enemy does not. */
Test(ml_pursuit, no_pursuit_while_an_enemy_remains)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 4);
    int p0 = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 2);
    int p1 = mlf_line(&F, ML_PAR, ML_HORSE, ML_CENTRE, 3, 2);
    mlf_l(&F, ML_PAR, p1)->turned_in = 1;
    mlf_sync(&F);
    mlf_l(&F, ML_PAR, p0)->dp = 3;
    mlf_end(&F);
    cr_assert_eq(F.s.phase, PH_SPLIT);
    /* Roy gives all 4 to P0 (16 = 1 DP): it routs; the others miss. */
    mlf_dice(&F, 3, 16, 1, 1);
    mlf_do(&F, mlf_act(MLV_SPLIT, r, 0, 4));
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_PAR, p0)->status, LS_ROUTED);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->status, LS_FORMED);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->zone, 3);
}

/* [ML Modifiers] "-2 Being attacked in the rear": a line that arrives from
 * the FRONT of an enemy line is not attacked in the rear, even when that
 * enemy line once came at another line from behind.
 * Regression test for a bug fixed in (src/games/ml/ml_combat.c ml_factor / worst_approach, with
 * ml_move.c ml_enter_cell): MlLine.approach is set when a line enters an
 * enemy's zone and is never re-evaluated, so it goes on applying to every
 * line that later meets it: here the Royalist line R2 walks up to the front
 * of Parliament's P1 and is given -2 "attacked in the rear". */
Test(ml_modifiers, rear_modifier_is_not_inherited_by_the_next_enemy)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 1);
    int r2 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 5);
    int p1 = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 2, 4); /* behind R0 */
    mlf_l(&F, ML_ROY, r0)->dp = 3;
    mlf_move_phase(&F, ML_ROY, 1);
    mlf_move(&F, p1, 3); /* Parliament comes at R0 from behind */
    cr_assert_eq(ml_factor(&F.s, ML_ROY, r0, NULL), -1);
    /* R0 misses and routs (16 = 1 DP); P1 holds (6); next turn the
     * Royalists win the initiative (6, 1). */
    mlf_dice(&F, 5, 1, 16, 6, 6, 1);
    mlf_end(&F);
    cr_assert_eq(mlf_l(&F, ML_ROY, r0)->status, LS_ROUTED);
    cr_assert_eq(F.s.to_act, ML_ROY);
    cr_assert_eq(F.s.mover, 0);
    mlf_move(&F, r2, 2);
    mlf_dice(&F, 1, 6);
    mlf_move(&F, r2, 3); /* R2 meets P1 from the front */
    mlf_assert_dice(&F, 6);
    int f = ml_factor(&F.s, ML_ROY, r2, NULL);
    cr_assert_eq(f, 5, "R2 is not attacked in the rear (got factor %d)", f);
}

/* [ML Modifiers] "-1 Attacking Foot in rough terrain": a foot line that
 * won its melee in rough terrain and is then attacked by fresh enemy foot
 * is the defender, not the attacker.
 * Regression test for a bug fixed in (src/games/ml/ml_combat.c ml_factor, MlLine.attacking set in
 * ml_move.c ml_enter_cell): the attacking flag outlives the melee it was
 * set for, so the defender keeps its -1. */
Test(ml_modifiers, rough_attacker_penalty_ends_with_its_melee)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 4);
    int p0 = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 1);
    int p1 = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 4, 4);
    mlf_rough(&F, ML_CENTRE, 3);
    mlf_l(&F, ML_PAR, p0)->dp = 3;
    mlf_move(&F, r, 3); /* R attacks into rough: factor 3 */
    cr_assert_eq(ml_factor(&F.s, ML_ROY, r, NULL), 3);
    mlf_dice(&F, 3, 17, 1, 6); /* 17 = 1 DP: P0 routs; R holds (6) */
    mlf_end(&F);
    cr_assert_eq(mlf_l(&F, ML_PAR, p0)->status, LS_ROUTED);
    cr_assert_eq(F.s.to_act, ML_PAR);
    mlf_move(&F, p1, 3); /* now Parliament attacks R in the rough */
    mlf_assert_dice(&F, 3);
    cr_assert_eq(ml_factor(&F.s, ML_PAR, p1, NULL), 3, "the attacker in rough: -1");
    int f = ml_factor(&F.s, ML_ROY, r, NULL);
    cr_assert_eq(f, 4, "R defends: no modifier (got factor %d)", f);
}
