/* test_ml_movement.c - Marston Less [ML Movement], [ML Rough Terrain],
 * [ML Flanking] and [ML Generals] from hand-made positions with forced dice.
 * The Royalists are player A in their move phase unless a test says
 * otherwise; zones are 0-based (Royalists advance toward zone 6). */
#include "ml_fixture.h"

static Mlf F;

MLF_SUITE(ml_movement);
MLF_SUITE(ml_rough_terrain);
MLF_SUITE(ml_flanking);
MLF_SUITE(ml_generals);

static int cell(int sector, int zone) { return sector * ML_ZONES + zone; }

/* Still the Royalists' move phase? */
static bool roy_moving(void) { return F.s.phase == PH_MOVE && F.s.mover == 0 && F.s.to_act == ML_ROY; }

/* The move phase failed over to Parliament's (no combats in these tests). */
static bool roy_phase_over(void) { return F.s.phase == PH_MOVE && F.s.mover == 1 && F.s.to_act == ML_PAR; }

/* ------------------------------------------------------------------ */
/* [ML Movement]                                                       */
/* ------------------------------------------------------------------ */

Test(ml_movement, first_move_is_free)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    mlf_move(&F, r, 2);
    mlf_assert_dice(&F, 0);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->zone, 2);
    cr_assert(roy_moving());
    cr_assert_eq(F.s.moves_made, 1);
}

Test(ml_movement, additional_foot_move_on_5)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    int r1 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 0, 3);
    mlf_move(&F, r0, 2);
    mlf_dice(&F, 1, 5);
    mlf_move(&F, r1, 1);
    mlf_assert_dice(&F, 1);
    cr_assert_eq(F.dice.sides[0], 6);
    cr_assert_eq(F.dice.player[0], ML_ROY);
    cr_assert_eq(mlf_l(&F, ML_ROY, r1)->zone, 1);
    cr_assert(roy_moving());
}

/* A failed roll: the line stays and the player's moves are over. */
Test(ml_movement, additional_foot_move_fails_on_4_and_ends_the_phase)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    int r1 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 0, 3);
    mlf_move(&F, r0, 2);
    mlf_dice(&F, 1, 4);
    mlf_move(&F, r1, 1);
    mlf_assert_dice(&F, 1);
    cr_assert_eq(mlf_l(&F, ML_ROY, r1)->zone, 0);
    cr_assert(roy_phase_over());
    cr_assert(strstr(mlf_last_event(&F, "additional_move"), "fails"));
}

Test(ml_movement, additional_horse_move_on_4)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 1, 3);
    mlf_move(&F, r0, 2);
    mlf_dice(&F, 1, 4);
    mlf_move(&F, h, 3);
    mlf_assert_dice(&F, 1);
    cr_assert_eq(mlf_l(&F, ML_ROY, h)->zone, 3);
    cr_assert(roy_moving());
}

Test(ml_movement, additional_horse_move_fails_on_3)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 1, 3);
    mlf_move(&F, r0, 2);
    mlf_dice(&F, 1, 3);
    mlf_move(&F, h, 3);
    mlf_assert_dice(&F, 1);
    cr_assert_eq(mlf_l(&F, ML_ROY, h)->zone, 1);
    cr_assert(roy_phase_over());
}

/* Individual lines may move any number of times while the dice allow. */
Test(ml_movement, same_line_may_move_again)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    mlf_move(&F, r, 2);
    mlf_dice(&F, 2, 6, 5);
    mlf_move(&F, r, 3);
    mlf_move(&F, r, 4);
    mlf_assert_dice(&F, 2);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->zone, 4);
    cr_assert_eq(F.s.moves_made, 3);
}

Test(ml_movement, ordinary_general_adds_one)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    int r1 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 0, 3);
    mlf_general(&F, ML_ROY, r1, false);
    mlf_move(&F, r0, 2);
    mlf_dice(&F, 1, 4); /* 4 + 1 = 5 */
    mlf_move(&F, r1, 1);
    mlf_assert_dice(&F, 1);
    cr_assert_eq(mlf_l(&F, ML_ROY, r1)->zone, 1);
    cr_assert(roy_moving());
}

Test(ml_movement, ordinary_general_3_still_fails)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    int r1 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 0, 3);
    mlf_general(&F, ML_ROY, r1, false);
    mlf_move(&F, r0, 2);
    mlf_dice(&F, 1, 3);
    mlf_move(&F, r1, 1);
    mlf_assert_dice(&F, 1);
    cr_assert_eq(mlf_l(&F, ML_ROY, r1)->zone, 0);
    cr_assert(roy_phase_over());
}

Test(ml_movement, superior_general_adds_two)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    int r1 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 0, 3);
    int g = mlf_general(&F, ML_ROY, r1, true);
    mlf_move(&F, r0, 2);
    mlf_dice(&F, 2, 3, 2); /* 3 + 2 = 5 moves; 2 + 2 = 4 fails */
    mlf_move(&F, r1, 1);
    cr_assert_eq(mlf_l(&F, ML_ROY, r1)->zone, 1);
    cr_assert_eq(F.s.side[ML_ROY].gens[g].zone, 1, "the general moves with its line");
    mlf_move(&F, r1, 0);
    mlf_assert_dice(&F, 2);
    cr_assert_eq(mlf_l(&F, ML_ROY, r1)->zone, 1);
    cr_assert(roy_phase_over());
}

/* The general's bonus is for lines, not for the general moving himself:
 * a general needs 4-6 like horse. */
Test(ml_movement, general_moving_himself_needs_4_without_bonus)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    int g = mlf_lone_general(&F, ML_ROY, ML_CENTRE, 0, true);
    mlf_move(&F, r0, 2);
    mlf_dice(&F, 1, 3);
    mlf_do(&F, mlf_act(MLV_GENMOVE, g, cell(ML_LEFT, 0), 0));
    mlf_assert_dice(&F, 1);
    cr_assert_eq(F.s.side[ML_ROY].gens[g].sector, ML_CENTRE);
    cr_assert(roy_phase_over());
}

Test(ml_movement, general_moving_himself_on_4)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    int g = mlf_lone_general(&F, ML_ROY, ML_CENTRE, 0, false);
    mlf_move(&F, r0, 2);
    mlf_dice(&F, 1, 4);
    mlf_do(&F, mlf_act(MLV_GENMOVE, g, cell(ML_LEFT, 0), 0));
    mlf_assert_dice(&F, 1);
    cr_assert_eq(F.s.side[ML_ROY].gens[g].sector, ML_LEFT);
    cr_assert(roy_moving());
}

Test(ml_movement, entering_rough_minus_one)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 1, 3);
    mlf_rough(&F, ML_LEFT, 2);
    mlf_move(&F, r0, 2);
    mlf_dice(&F, 1, 4); /* 4 - 1 = 3 < 4 */
    mlf_move(&F, h, 2);
    mlf_assert_dice(&F, 1);
    cr_assert_eq(mlf_l(&F, ML_ROY, h)->zone, 1);
    cr_assert(roy_phase_over());
}

Test(ml_movement, leaving_rough_minus_one)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    int r1 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 0, 3);
    mlf_rough(&F, ML_CENTRE, 0);
    mlf_move(&F, r0, 2);
    mlf_dice(&F, 2, 6, 6); /* 6 - 1 = 5: moves out; then 6 - 0 = 6 for r0 */
    mlf_move(&F, r1, 1);
    cr_assert_eq(mlf_l(&F, ML_ROY, r1)->zone, 1);
    cr_assert(strstr(mlf_last_event(&F, "additional_move"), "\"modifier\":-1"));
    mlf_move(&F, r0, 3);
    cr_assert(strstr(mlf_last_event(&F, "additional_move"), "\"modifier\":0"));
    mlf_assert_dice(&F, 2);
}

Test(ml_movement, rough_5_fails_for_foot)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    int r1 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_rough(&F, ML_CENTRE, 4);
    mlf_move(&F, r0, 2);
    mlf_dice(&F, 1, 5);
    mlf_move(&F, r1, 4);
    mlf_assert_dice(&F, 1);
    cr_assert_eq(mlf_l(&F, ML_ROY, r1)->zone, 3);
}

Test(ml_movement, end_finishes_the_phase_without_dice)
{
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    mlf_end(&F);
    mlf_assert_dice(&F, 0);
    cr_assert(roy_phase_over());
}

Test(ml_movement, foot_move_one_zone)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 3);
    Diag d;
    mlf_refused(&F, mlf_act(MLV_MOVE, r, 4, 0), d);
    cr_assert(strstr(d.msg, "foot move 1 zone"), "reason: %s", d.msg);
    mlf_refused(&F, mlf_act(MLV_MOVE, r, 2, 0), d);
    cr_assert(mlf_in_legal(&F, mlf_act(MLV_MOVE, r, 3, 0)));
    cr_assert(mlf_in_legal(&F, mlf_act(MLV_MOVE, r, 1, 0)), "foot may step back");
    cr_assert_not(mlf_in_legal(&F, mlf_act(MLV_MOVE, r, 4, 0)));
}

Test(ml_movement, horse_move_two_zones)
{
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_RIGHT, 1, 3);
    Diag d;
    mlf_refused(&F, mlf_act(MLV_MOVE, h, 4, 0), d);
    cr_assert(strstr(d.msg, "horse move 2 zones"), "reason: %s", d.msg);
    mlf_refused(&F, mlf_act(MLV_MOVE, h, -1, 0), d);
    cr_assert(mlf_in_legal(&F, mlf_act(MLV_MOVE, h, 3, 0)));
    mlf_move(&F, h, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, h)->zone, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, h)->sector, ML_RIGHT);
}

/* A horse line may not ride through a zone holding a line. */
Test(ml_movement, horse_may_not_pass_through_a_line)
{
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_RIGHT, 1, 3);
    mlf_line(&F, ML_PAR, ML_HORSE, ML_RIGHT, 2, 3);
    Diag d;
    mlf_refused(&F, mlf_act(MLV_MOVE, h, 3, 0), d);
}

/* Each zone may only contain one line from each side. */
Test(ml_movement, one_line_per_side_per_zone)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 3);
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 1, 3);
    Diag d;
    mlf_refused(&F, mlf_act(MLV_MOVE, r0, 3, 0), d);
    cr_assert(strstr(d.msg, "one line per side"), "reason: %s", d.msg);
    cr_assert(mlf_in_legal(&F, mlf_act(MLV_MOVE, r0, 1, 0)), "one enemy line there is fine");
}

/* Two lines of one side with an enemy line: no third line may join. */
Test(ml_movement, no_room_beside_two_enemy_lines)
{
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 3);
    int ph = mlf_line(&F, ML_PAR, ML_HORSE, ML_CENTRE, 3, 3);
    mlf_l(&F, ML_PAR, ph)->turned_in = 1;
    mlf_sync(&F);
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 3);
    Diag d;
    mlf_refused(&F, mlf_act(MLV_MOVE, r, 3, 0), d);
}

/* An ecw rule (docs/rules): lines in combat may not walk away. */
Test(ml_movement, engaged_line_may_not_move)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 3);
    Diag d;
    mlf_refused(&F, mlf_act(MLV_MOVE, r, 2, 0), d);
}

Test(ml_movement, only_move_verbs_in_the_move_phase)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    Diag d;
    mlf_refused(&F, mlf_act(MLV_RALLY, r, 0, 0), d);
    mlf_refused(&F, mlf_act(MLV_FIRE, 0, 0, 0), d);
    mlf_refused(&F, mlf_act(MLV_MOVE, 5, 3, 0), d); /* no such line */
}

/* ------------------------------------------------------------------ */
/* [ML Rough Terrain]                                                  */
/* ------------------------------------------------------------------ */

Test(ml_rough_terrain, horse_stops_on_entering)
{
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 1, 3);
    mlf_rough(&F, ML_LEFT, 2);
    Diag d;
    mlf_refused(&F, mlf_act(MLV_MOVE, h, 3, 0), d);
    cr_assert(strstr(d.msg, "rough"), "reason: %s", d.msg);
    cr_assert_not(mlf_in_legal(&F, mlf_act(MLV_MOVE, h, 3, 0)));
    mlf_move(&F, h, 2);
    cr_assert_eq(mlf_l(&F, ML_ROY, h)->zone, 2);
}

Test(ml_rough_terrain, horse_may_end_its_move_in_rough)
{
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 1, 3);
    mlf_rough(&F, ML_LEFT, 3);
    mlf_move(&F, h, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, h)->zone, 3);
}

/* Rough terrain in another sector does not stop the horse. */
Test(ml_rough_terrain, only_rough_in_its_own_sector)
{
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 1, 3);
    mlf_rough(&F, ML_CENTRE, 2);
    mlf_move(&F, h, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, h)->zone, 3);
}

/* Foot are not stopped (they move one zone anyway). */
Test(ml_rough_terrain, foot_enter_rough)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    mlf_rough(&F, ML_CENTRE, 2);
    mlf_move(&F, r, 2);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->zone, 2);
}

/* ------------------------------------------------------------------ */
/* [ML Flanking]                                                       */
/* ------------------------------------------------------------------ */

Test(ml_flanking, turn_in_only_when_the_wing_is_cleared)
{
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 3, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 6, 2); /* far away, but on the wing */
    Diag d;
    mlf_refused(&F, mlf_act(MLV_TURNIN, h, 0, 0), d);
    cr_assert(strstr(d.msg, "not cleared"), "reason: %s", d.msg);
    cr_assert_not(mlf_in_legal(&F, mlf_act(MLV_TURNIN, h, 0, 0)));
}

Test(ml_flanking, enemy_on_the_other_wing_does_not_matter)
{
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 3, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_line(&F, ML_PAR, ML_HORSE, ML_RIGHT, 3, 2);
    cr_assert(mlf_in_legal(&F, mlf_act(MLV_TURNIN, h, 0, 0)));
}

/* The horse must turn in on or behind the enemy's rearmost foot line. */
Test(ml_flanking, not_in_front_of_the_rearmost_enemy_foot)
{
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 3, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 4, 3); /* further up the board */
    Diag d;
    mlf_refused(&F, mlf_act(MLV_TURNIN, h, 0, 0), d);
    cr_assert(strstr(d.msg, "further up"), "reason: %s", d.msg);
}

Test(ml_flanking, on_or_behind_the_rearmost_enemy_foot)
{
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 4, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 4, 3); /* the rearmost: on it */
    cr_assert(mlf_in_legal(&F, mlf_act(MLV_TURNIN, h, 0, 0)));
    int h2 = mlf_line(&F, ML_ROY, ML_HORSE, ML_RIGHT, 5, 3); /* behind it */
    cr_assert(mlf_in_legal(&F, mlf_act(MLV_TURNIN, h2, 0, 0)));
}

/* Parliament horse: "up the board" is toward zone 0. */
Test(ml_flanking, parliament_horse_turns_in_behind_royalist_foot)
{
    mlf_move_phase(&F, ML_ROY, 1);
    int h = mlf_line(&F, ML_PAR, ML_HORSE, ML_RIGHT, 2, 3);
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 3);
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    Diag d;
    mlf_refused(&F, mlf_act(MLV_TURNIN, h, 0, 0), d);
    mlf_l(&F, ML_PAR, h)->zone = 1;
    mlf_sync(&F);
    mlf_dice(&F, 1, 5);
    mlf_do(&F, mlf_act(MLV_TURNIN, h, 0, 0));
    mlf_assert_dice(&F, 1);
    cr_assert_eq(F.dice.player[0], ML_ROY, "the opposition rolls");
    cr_assert_eq(mlf_l(&F, ML_PAR, h)->sector, ML_CENTRE);
}

Test(ml_flanking, occupied_zone_fails_on_4)
{
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 3, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_dice(&F, 1, 4);
    mlf_do(&F, mlf_act(MLV_TURNIN, h, 0, 0));
    mlf_assert_dice(&F, 1);
    cr_assert_eq(F.dice.player[0], ML_PAR, "the opposition rolls");
    cr_assert_eq(mlf_l(&F, ML_ROY, h)->sector, ML_LEFT);
    cr_assert_eq(mlf_l(&F, ML_ROY, h)->turned_in, 0);
}

Test(ml_flanking, occupied_zone_on_5)
{
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 3, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_dice(&F, 1, 5);
    mlf_do(&F, mlf_act(MLV_TURNIN, h, 0, 0));
    mlf_assert_dice(&F, 1);
    const MlLine *l = mlf_l(&F, ML_ROY, h);
    cr_assert_eq(l->sector, ML_CENTRE);
    cr_assert_eq(l->zone, 3, "only the one sector move");
    cr_assert_eq(l->turned_in, 1);
    cr_assert_eq(l->approach, APP_FLANK);
}

Test(ml_flanking, empty_zone_fails_on_3)
{
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 3, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 2, 3);
    mlf_dice(&F, 1, 3);
    mlf_do(&F, mlf_act(MLV_TURNIN, h, 0, 0));
    mlf_assert_dice(&F, 1);
    cr_assert_eq(mlf_l(&F, ML_ROY, h)->sector, ML_LEFT);
}

Test(ml_flanking, empty_zone_on_4)
{
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 3, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 2, 3);
    mlf_dice(&F, 1, 4);
    mlf_do(&F, mlf_act(MLV_TURNIN, h, 0, 0));
    mlf_assert_dice(&F, 1);
    cr_assert_eq(mlf_l(&F, ML_ROY, h)->sector, ML_CENTRE);
    cr_assert_eq(mlf_l(&F, ML_ROY, h)->zone, 3);
}

Test(ml_flanking, ordinary_general_adds_one)
{
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 3, 3);
    mlf_general(&F, ML_ROY, h, false);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_dice(&F, 1, 4); /* 4 + 1 = 5 on an occupied zone */
    mlf_do(&F, mlf_act(MLV_TURNIN, h, 0, 0));
    mlf_assert_dice(&F, 1);
    cr_assert_eq(mlf_l(&F, ML_ROY, h)->sector, ML_CENTRE);
}

Test(ml_flanking, superior_general_adds_two)
{
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 3, 3);
    mlf_general(&F, ML_ROY, h, true);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_dice(&F, 1, 3); /* 3 + 2 = 5 */
    mlf_do(&F, mlf_act(MLV_TURNIN, h, 0, 0));
    mlf_assert_dice(&F, 1);
    cr_assert_eq(mlf_l(&F, ML_ROY, h)->sector, ML_CENTRE);
}

/* As an additional move the mover rolls for the move, then the opponent
 * for the turn-in. */
Test(ml_flanking, as_an_additional_move_both_roll)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 3, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_move(&F, r, 2);
    mlf_dice(&F, 2, 4, 6);
    mlf_do(&F, mlf_act(MLV_TURNIN, h, 0, 0));
    mlf_assert_dice(&F, 2);
    cr_assert_eq(F.dice.player[0], ML_ROY);
    cr_assert_eq(F.dice.player[1], ML_PAR);
    cr_assert_eq(mlf_l(&F, ML_ROY, h)->sector, ML_CENTRE);
}

/* A failed turn-in uses the move but does not end the phase (ecw). */
/* A failed turn-in is a failure to move a line [ML Movement]: the
 * player's moves are over, as after a failed additional-move roll, even
 * when it was his first move. */
Test(ml_flanking, failed_turn_in_ends_the_moves)
{
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 3, 3);
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_dice(&F, 1, 1);
    mlf_do(&F, mlf_act(MLV_TURNIN, h, 0, 0));
    mlf_assert_dice(&F, 1);
    cr_assert_eq(mlf_l(&F, ML_ROY, h)->sector, ML_LEFT);
    cr_assert(roy_phase_over(), "no second try, nor any other move");
}

Test(ml_flanking, failed_additional_turn_in_ends_the_moves)
{
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 3, 3);
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_move(&F, r, 2);
    mlf_dice(&F, 2, 4, 1); /* the additional move passes, the opposition's turn-in roll fails */
    mlf_do(&F, mlf_act(MLV_TURNIN, h, 0, 0));
    mlf_assert_dice(&F, 2);
    cr_assert_eq(mlf_l(&F, ML_ROY, h)->sector, ML_LEFT);
    cr_assert(roy_phase_over());
}

/* A horse that turned in on enemy foot may share the zone with a friendly
 * line: the one exception to one line per side per zone. */
Test(ml_flanking, turned_in_horse_may_join_a_friendly_line)
{
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 3, 3);
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 3);
    cr_assert(mlf_in_legal(&F, mlf_act(MLV_TURNIN, h, 0, 0)));
    mlf_dice(&F, 1, 5);
    mlf_do(&F, mlf_act(MLV_TURNIN, h, 0, 0));
    int tmp[2];
    cr_assert_eq(ml_lines_at(&F.s, ML_ROY, ML_CENTRE, 3, tmp), 2);
}

/* ...but not into a friendly line's zone without enemy foot in it. */
Test(ml_flanking, no_sharing_an_empty_zone)
{
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 3, 3);
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 2, 3);
    Diag d;
    mlf_refused(&F, mlf_act(MLV_TURNIN, h, 0, 0), d);
}

Test(ml_flanking, only_horse_on_a_wing)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_CENTRE, 2, 3);
    Diag d;
    mlf_refused(&F, mlf_act(MLV_TURNIN, r, 0, 0), d);
    mlf_refused(&F, mlf_act(MLV_TURNIN, h, 0, 0), d);
}

/* ------------------------------------------------------------------ */
/* [ML Generals]                                                       */
/* ------------------------------------------------------------------ */

Test(ml_generals, lost_when_contacted_alone)
{
    int g = mlf_lone_general(&F, ML_ROY, ML_CENTRE, 3, false);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 4, 3);
    mlf_move_phase(&F, ML_ROY, 1);
    mlf_move(&F, p, 3);
    cr_assert_eq(F.s.side[ML_ROY].gens[g].alive, 0);
    cr_assert_eq(mlf_events(&F, "general_lost"), 1);
}

/* ecw: a line without a general that comes to a friendly general standing
 * alone takes him up, as he would join it by riding to it; he is then
 * attached, and not lost when the enemy comes. */
Test(ml_generals, a_line_arriving_takes_up_a_lone_general)
{
    int g = mlf_lone_general(&F, ML_ROY, ML_CENTRE, 3, false);
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 3);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 4, 3);
    mlf_move(&F, r, 3);
    cr_assert_eq(F.s.side[ML_ROY].gens[g].line, r);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->general, g);
    mlf_move_phase(&F, ML_ROY, 1);
    mlf_move(&F, p, 3);
    cr_assert_eq(F.s.side[ML_ROY].gens[g].alive, 1, "attached: not lost on contact");
    cr_assert_eq(mlf_events(&F, "general_lost"), 0);
}

Test(ml_generals, a_line_with_a_general_leaves_a_lone_one_alone)
{
    int g = mlf_lone_general(&F, ML_ROY, ML_CENTRE, 3, false);
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 3);
    int g2 = mlf_general(&F, ML_ROY, r, false);
    mlf_move(&F, r, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->general, g2, "one general per line");
    cr_assert_eq(F.s.side[ML_ROY].gens[g].line, ML_NONE);
}

/* Horse riding two zones contacts a lone enemy general in the zone it
 * passes (ecw: the rulebook loses a general with no line on contact). */
Test(ml_generals, horse_riding_past_a_lone_general_takes_him)
{
    int g = mlf_lone_general(&F, ML_PAR, ML_LEFT, 3, false);
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 2, 3);
    mlf_move(&F, h, 4);
    cr_assert_eq(mlf_l(&F, ML_ROY, h)->zone, 4);
    cr_assert_eq(F.s.side[ML_PAR].gens[g].alive, 0);
    cr_assert_eq(mlf_events(&F, "general_lost"), 1);
}

Test(ml_generals, attached_general_is_not_lost_on_contact)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    int g = mlf_general(&F, ML_ROY, r, false);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 4, 3);
    mlf_move_phase(&F, ML_ROY, 1);
    mlf_move(&F, p, 3);
    cr_assert_eq(F.s.side[ML_ROY].gens[g].alive, 1);
}

/* A general with routing troops needs 5-6 or is swept away. */
Test(ml_generals, swept_away_with_routers_on_4)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 1, 2);
    int g = mlf_general(&F, ML_ROY, r0, false);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 4);
    mlf_l(&F, ML_ROY, r0)->dp = 3;
    mlf_dice(&F, 4, 1, 16, 4, 6); /* Roy, Par, general d6, Par pursuit (holds) */
    mlf_end(&F);
    mlf_assert_dice(&F, 4);
    cr_assert_eq(F.dice.sides[2], 6);
    cr_assert_eq(F.dice.player[2], ML_ROY);
    cr_assert_eq(F.s.side[ML_ROY].gens[g].alive, 0);
    cr_assert(strstr(mlf_last_event(&F, "general_rout"), "lost"));
}

Test(ml_generals, escapes_the_routers_on_5)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    int r1 = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 1, 2);
    int g = mlf_general(&F, ML_ROY, r0, true);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 4);
    mlf_l(&F, ML_ROY, r0)->dp = 3;
    mlf_dice(&F, 4, 1, 16, 5, 6);
    mlf_end(&F);
    mlf_assert_dice(&F, 4);
    const MlGeneral *gen = &F.s.side[ML_ROY].gens[g];
    cr_assert_eq(gen->alive, 1);
    cr_assert_eq(gen->line, r1, "joins a formed line (ecw)");
    cr_assert_eq(mlf_l(&F, ML_ROY, r1)->general, g);
}

Test(ml_generals, may_not_leave_a_pursuing_line)
{
    int r = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 4, 3);
    int g = mlf_general(&F, ML_ROY, r, false);
    Action a = mlf_act(MLV_GENMOVE, g, cell(ML_LEFT, 3), 0);
    cr_assert(mlf_in_legal(&F, a));
    mlf_l(&F, ML_ROY, r)->status = LS_PURSUING;
    mlf_sync(&F);
    Diag d;
    mlf_refused(&F, a, d);
    cr_assert(strstr(d.msg, "pursuing"), "reason: %s", d.msg);
    cr_assert_not(mlf_in_legal(&F, a));
}

Test(ml_generals, move_two_zones_or_sectors_not_diagonally)
{
    int g = mlf_lone_general(&F, ML_ROY, ML_LEFT, 1, false);
    Diag d;
    cr_assert(mlf_in_legal(&F, mlf_act(MLV_GENMOVE, g, cell(ML_LEFT, 3), 0)));
    cr_assert(mlf_in_legal(&F, mlf_act(MLV_GENMOVE, g, cell(ML_LEFT, 0), 0)));
    cr_assert(mlf_in_legal(&F, mlf_act(MLV_GENMOVE, g, cell(ML_CENTRE, 1), 0)));
    cr_assert(mlf_in_legal(&F, mlf_act(MLV_GENMOVE, g, cell(ML_RIGHT, 1), 0)));
    mlf_refused(&F, mlf_act(MLV_GENMOVE, g, cell(ML_CENTRE, 2), 0), d);
    cr_assert(strstr(d.msg, "diagonal"), "reason: %s", d.msg);
    mlf_refused(&F, mlf_act(MLV_GENMOVE, g, cell(ML_LEFT, 4), 0), d);
    mlf_refused(&F, mlf_act(MLV_GENMOVE, g, cell(ML_LEFT, 1), 0), d);
    mlf_do(&F, mlf_act(MLV_GENMOVE, g, cell(ML_RIGHT, 1), 0));
    mlf_assert_dice(&F, 0);
    cr_assert_eq(F.s.side[ML_ROY].gens[g].sector, ML_RIGHT);
    cr_assert_eq(F.s.side[ML_ROY].gens[g].zone, 1);
}

Test(ml_generals, may_not_ride_into_the_enemy)
{
    int g = mlf_lone_general(&F, ML_ROY, ML_LEFT, 1, false);
    mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 2, 2);
    Diag d;
    mlf_refused(&F, mlf_act(MLV_GENMOVE, g, cell(ML_LEFT, 2), 0), d);
}

Test(ml_generals, never_through_the_enemy)
{
    int g = mlf_lone_general(&F, ML_ROY, ML_LEFT, 1, false);
    mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 2, 2);
    Diag d;
    mlf_refused(&F, mlf_act(MLV_GENMOVE, g, cell(ML_LEFT, 3), 0), d);
    cr_assert(mlf_in_legal(&F, mlf_act(MLV_GENMOVE, g, cell(ML_RIGHT, 1), 0)));
}

/* One general per line: he may not join a line that has one. */
Test(ml_generals, one_general_per_line)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 3);
    mlf_general(&F, ML_ROY, r, false);
    int g = mlf_lone_general(&F, ML_ROY, ML_LEFT, 2, false);
    Diag d;
    mlf_refused(&F, mlf_act(MLV_GENMOVE, g, cell(ML_CENTRE, 2), 0), d);
}

Test(ml_generals, joins_a_line_on_arrival_and_leaves_one_on_departure)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 3);
    int r1 = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 2, 3);
    int g = mlf_general(&F, ML_ROY, r0, false);
    mlf_do(&F, mlf_act(MLV_GENMOVE, g, cell(ML_LEFT, 2), 0));
    cr_assert_eq(mlf_l(&F, ML_ROY, r0)->general, ML_NONE);
    cr_assert_eq(mlf_l(&F, ML_ROY, r1)->general, g);
    cr_assert_eq(F.s.side[ML_ROY].gens[g].line, r1);
}

Test(ml_generals, generals_must_start_attached_to_a_line)
{
    /* Deployment: a general goes to a line, one per line. */
    memset(&F.s, 0, sizeof F.s);
    rng_seed(&F.s.rng, 5);
    F.s.winner = ML_NONE;
    F.s.phase = PH_ATTACH;
    F.s.to_act = ML_ROY;
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    int r1 = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 1, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 5, 3);
    int g0 = mlf_lone_general(&F, ML_ROY, 0, 0, false);
    int g1 = mlf_lone_general(&F, ML_ROY, 0, 0, false);
    F.s.side[ML_ROY].gens[g0].line = ML_NONE;
    mlf_do(&F, mlf_act(MLV_GENERAL, g0, r0, 0));
    cr_assert_eq(F.s.side[ML_ROY].gens[g0].line, r0);
    cr_assert_eq(F.s.side[ML_ROY].gens[g0].sector, ML_CENTRE);
    cr_assert_eq(F.s.side[ML_ROY].gens[g0].zone, 1);
    F.s.to_act = ML_ROY;
    Diag d;
    mlf_refused(&F, mlf_act(MLV_GENERAL, g1, r0, 0), d);
    mlf_refused(&F, mlf_act(MLV_GENERAL, g0, r1, 0), d);
    cr_assert(mlf_in_legal(&F, mlf_act(MLV_GENERAL, g1, r1, 0)));
}

/* ------------------------------------------------------------------ */
/* legal() and check() agree                                           */
/* ------------------------------------------------------------------ */

static bool listed(const Action *acts, int n, Action a)
{
    for (int i = 0; i < n; i++)
        if (acts[i].verb == a.verb && acts[i].piece == a.piece && acts[i].target == a.target &&
            acts[i].arg == a.arg && acts[i].set == a.set)
            return true;
    return false;
}

/* Every line move, turn-in and general move, in range or just out of it:
 * accepted by check() exactly when legal() lists it. */
static void moves_agree(const MlState *s, const Action *acts, int n)
{
    static const struct { int verb, pieces, lo, hi; } kinds[] = {
        {MLV_MOVE, ML_MAX_LINES, -2, ML_ZONES + 1},
        {MLV_TURNIN, ML_MAX_LINES, 0, 0}, /* check() ignores the target; legal() lists 0 */
        {MLV_GENMOVE, ML_MAX_GENS, -1, ML_SECTORS * ML_ZONES},
    };
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        for (int piece = -1; piece <= kinds[k].pieces; piece++)
            for (int target = kinds[k].lo; target <= kinds[k].hi; target++) {
                Action a = mlf_act(kinds[k].verb, piece, target, 0);
                Diag d = {{0}};
                bool accepted = ml_check(s, &a, &d) == 0;
                cr_assert_eq(accepted, listed(acts, n, a), "%s %d %d: check says %s", ml_verb_words[a.verb],
                             piece, target, accepted ? "yes" : d.msg);
            }
}

/* Call check() on every decision of `games` random games (seeds 1..games,
 * choices from a generator seeded with `pick_seed`), then play on at random. */
static void each_decision(int games, uint64_t pick_seed, void (*check)(MlState *, Rng *))
{
    Rng pick;
    rng_seed(&pick, pick_seed);
    for (uint64_t seed = 1; seed <= (uint64_t)games; seed++) {
        MlState s;
        Options opt = {0};
        Diag d;
        cr_assert_eq(ml_setup(&s, &opt, seed, &d), 0, "%s", d.msg);
        while (!ml_terminal(&s)) {
            Action acts[MAX_ACTIONS];
            int n = ml_legal(&s, acts, MAX_ACTIONS);
            check(&s, &pick);
            ml_apply(&s, &acts[rng_below(&pick, (uint32_t)n)], NULL);
        }
    }
}

static void legal_moves_agree_with_check(MlState *s, Rng *pick)
{
    (void)pick;
    Action acts[MAX_ACTIONS];
    int n = ml_legal(s, acts, MAX_ACTIONS);
    if (s->phase == PH_MOVE)
        moves_agree(s, acts, n);
}

/* legal() finds the moves with bit masks, check() with the rules as
 * written (ml_move.c): on every move decision of random games they agree. */
Test(ml_movement, legal_lists_exactly_the_moves_check_accepts)
{
    each_decision(30, 7, legal_moves_agree_with_check);
}

static void short_list_is_a_prefix(MlState *s, Rng *pick)
{
    Action all[MAX_ACTIONS], some[MAX_ACTIONS];
    int n = ml_legal(s, all, MAX_ACTIONS);
    int cap = (int)rng_below(pick, (uint32_t)n + 1), m = ml_legal(s, some, cap);
    cr_assert_eq(m, cap, "phase %d: %d of %d", s->phase, m, n);
    for (int i = 0; i < m; i++)
        cr_assert(listed(&all[i], 1, some[i]), "phase %d: entry %d differs", s->phase, i);
}

/* A list cut short keeps its first entries: legal() with a small capacity
 * returns the start of the full list, on every decision of random games
 * (moves and deployment write their lists without a count check each when
 * there is room, and take another way when there is not). */
Test(ml_movement, a_short_list_is_the_start_of_the_full_one)
{
    each_decision(10, 5, short_list_is_a_prefix);
}

/* legal_choose's callback for the test below: the index in *ud. */
static int pick_index(void *ud, int n)
{
    (void)n;
    return *(const int *)ud;
}

/* legal_choose (moves and lines to form from masks, the rest from the
 * list) picks legal()[k] for every k and counts the list, on every
 * decision of games the computer player plays against itself: positions
 * random games seldom reach, such as horse that turned in sharing a zone. */
Test(ml_movement, legal_choose_picks_each_listed_action_in_heuristic_games)
{
    for (uint64_t seed = 1; seed <= 12; seed++) {
        MlState s;
        Options opt = {0};
        Diag d;
        cr_assert_eq(ml_setup(&s, &opt, seed, &d), 0, "%s", d.msg);
        Rng ai;
        rng_seed(&ai, seed);
        while (!ml_terminal(&s)) {
            Action acts[MAX_ACTIONS], a;
            int n = ml_legal(&s, acts, MAX_ACTIONS);
            for (int k = 0; k < n; k++) {
                cr_assert_eq(ml_legal_choose(&s, pick_index, &k, &a), n, "phase %d: the count", s.phase);
                cr_assert(listed(&acts[k], 1, a), "phase %d: entry %d of %d differs", s.phase, k, n);
            }
            if (ml_heuristic(&s, &ai, &a) < 0)
                a = acts[0];
            ml_apply(&s, &a, NULL);
        }
    }
}

/* [ML Rough Terrain] the rough cells as a mask (what legal() reads) are
 * the rough zones of the board, whatever they are. */
Test(ml_rough_terrain, rough_cells_mask_matches_the_board)
{
    Rng r;
    rng_seed(&r, 3);
    for (int k = 0; k < 500; k++) {
        uint32_t want = 0;
        for (int sec = 0; sec < ML_SECTORS; sec++)
            for (int z = 0; z < ML_ZONES; z++) {
                F.s.rough[sec][z] = (uint8_t)(rng_below(&r, 3) == 0 ? rng_below(&r, 255) + 1 : 0);
                want |= F.s.rough[sec][z] ? ml_cell_bit(sec, z) : 0;
            }
        cr_assert_eq(ml_rough_cells(&F.s), want, "round %d", k);
    }
}

/* The table the choices read the k-th move of a byte from (ml_nth_bit8)
 * agrees with ml_nth_bit for every byte and every k below its bits. */
Test(ml_movement, nth_bit_table_matches_the_loop)
{
    for (unsigned m = 1; m < 256; m++)
        for (int k = 0; k < __builtin_popcount(m); k++)
            cr_assert_eq(ml_nth_bit8(m, k), ml_nth_bit(m, k), "byte %#x, k %d", m, k);
}
