/* test_ml_ai.c - what the Marston Less heuristic does in hand-made
 * positions, one test per judgement it is meant to make: where a gun goes
 * [ML Artillery], attacking late in a battle it is not winning, and not
 * starting a fight the battle will end before [ML Victory], and moves
 * that pay only with the next one [ML Movement], and which wing the horse
 * form on [ML Modifiers] [ML Set Up]. Zones are 0-based
 * (zone 0 is the Royalist base line). The heuristic reads no dice, so no
 * dice are queued; its own generator only breaks ties at deployment. */
#include "ml_fixture.h"

static Mlf F;

MLF_SUITE(ml_ai);

static Action choose(void)
{
    Rng r;
    rng_seed(&r, 99);
    Action a;
    cr_assert_eq(ml_heuristic(&F.s, &r, &a), 0, "the heuristic found no action");
    Diag d = {{0}};
    cr_assert_eq(ml_check(&F.s, &a, &d), 0, "the heuristic chose an illegal action: %s", d.msg);
    return a;
}

/* [ML Artillery] Of the two dividing lines, the gun goes to the one whose
 * sectors hold the stronger enemy it can actually fire at: the left
 * wing's line of 5, rather than the right wing's two lines of 4, the
 * second of which the first screens. */
Test(ml_ai, a_gun_goes_where_it_reaches_the_most_enemy_strength)
{
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 6);
    mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 4, 5);
    mlf_line(&F, ML_PAR, ML_HORSE, ML_RIGHT, 4, 4);
    mlf_line(&F, ML_PAR, ML_HORSE, ML_RIGHT, 5, 4);
    int g = mlf_gun(&F, ML_ROY, 6, 0, 0);
    F.s.side[ML_ROY].guns[g].placed = 0;
    mlf_sync(&F);
    F.s.phase = PH_ATTACH;
    F.s.to_act = ML_ROY;
    Action a = choose();
    cr_assert_eq(a.verb, MLV_GUN);
    cr_assert_eq(a.arg, 0, "the gun should stand on the left/centre line, not %d", a.arg);
    cr_assert_geq(a.target, 1, "from zone %d the gun cannot reach zone 4", a.target);
}

/* A Royalist foot line of 4 in zone 3 beside a Parliament foot line of 5
 * in zone 4 (poor odds for an attack), at `turn`, the Royalists having
 * lost `lost` strength; the Royalists to move. Does the heuristic attack? */
static bool attacks_at_poor_odds(int turn, int lost)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 4);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 4, 5);
    F.s.side[ML_ROY].lost_str = (uint8_t)lost;
    F.s.turn = (uint8_t)turn;
    mlf_move_phase(&F, ML_ROY, 0);
    Action a = choose();
    return a.verb == MLV_MOVE && a.piece == r && a.target == 4;
}

/* [ML Victory] On the last turn, behind on lost strength, only a rout can
 * still win: the line attacks the enemy beside it even at poor odds. */
Test(ml_ai, behind_on_the_last_turn_a_line_attacks)
{
    cr_assert(attacks_at_poor_odds(F.s.max_turns, 3), "the line waited for a certain defeat");
}

/* [ML Victory] Level on the last turn: waiting is a certain draw, so the
 * line attacks though the odds are against it. */
Test(ml_ai, level_on_the_last_turn_a_line_attacks_to_avoid_a_draw)
{
    cr_assert(attacks_at_poor_odds(F.s.max_turns, 0), "the line waited for a certain draw");
}

/* [ML Victory] The same lines early in the battle, with nothing lost on
 * either side: no gamble is needed, and the odds are against the attack. */
Test(ml_ai, level_early_in_the_battle_a_line_declines_a_poor_attack)
{
    cr_assert(!attacks_at_poor_odds(2, 0), "the line attacked at poor odds");
}

/* [ML Victory] In the last move phase of the battle one combat round is
 * left, and no line takes four DPs in one round from none: a fight begun
 * now cannot rout the enemy, while the attacker, already at 1 DP, could
 * still be routed by a lucky roll. So a strong horse line two zones from
 * a weak enemy neither charges nor closes in, though over a whole fight
 * its odds would be good and earlier in the battle it would. */
Test(ml_ai, in_the_last_round_a_line_does_not_start_a_fight_it_cannot_finish)
{
    int r = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 2, 12);
    mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 4, 4);
    mlf_l(&F, ML_ROY, r)->dp = 1;
    F.s.side[ML_PAR].lost_str = 3; /* the Royalists are ahead: no need to gamble */
    F.s.turn = F.s.max_turns;
    mlf_move_phase(&F, ML_PAR, 1); /* the Royalists move second: one round left */
    Action a = choose();
    cr_assert(!(a.verb == MLV_MOVE && a.piece == r), "the line moved to zone %d with no round left to win",
              a.target);
    F.s.turn = 1;
    a = choose();
    cr_assert(a.verb == MLV_MOVE && a.piece == r, "early in the battle the line did not go for the enemy");
}

/* [ML Movement] A foot line of 10 in zone 2, its support of 3 behind it
 * in zone 1, a Parliament line of 5 in zone 5. Stepping up alone costs
 * the front line its +1 and leaves the support behind; only with the
 * support's own step after it (a roll of 5-6) does the advance pay. The
 * heuristic weighs a move with the best next one in view, so the front
 * line steps up (moved greedily one at a time, it would stay). */
Test(ml_ai, a_front_line_steps_up_when_its_support_can_follow)
{
    int f = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 10);
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 5, 5);
    Action a = choose();
    cr_assert(a.verb == MLV_MOVE && a.piece == f && a.target == 3,
              "the front line did not step up: verb %d piece %d target %d", a.verb, a.piece, a.target);
}

/* The forming phase with four Royalist horse units (3, 3, 2, 2) waiting
 * and nothing else to deploy: the wing the first horse line goes to. */
static int first_horse_wing(void)
{
    F.s.phase = PH_FORM;
    F.s.to_act = ML_ROY;
    static const int str[] = {3, 3, 2, 2};
    for (int i = 0; i < 4; i++)
        mlf_unit(&F, ML_ROY, ML_HORSE, str[i], ML_NONE);
    Action a = choose();
    cr_assert_eq(a.verb, MLV_FORM, "the heuristic did not form a line");
    return a.piece;
}

/* [ML Modifiers] The enemy's dragoons give +2 to the enemy horse beside
 * them, so the strongest Royalist horse line forms on the other wing:
 * right when they stand on the left edge, left when on the right (a
 * choice blind to them would pick the same wing both times). */
Test(ml_ai, the_strongest_horse_forms_away_from_the_enemy_dragoons)
{
    mlf_dragoons(&F, ML_PAR, 0, 4);
    cr_assert_eq(first_horse_wing(), ML_RIGHT, "enemy dragoons on the left edge, horse formed on the left");
    mlf_fini(&F);
    mlf_init(&F);
    mlf_dragoons(&F, ML_PAR, 1, 4);
    cr_assert_eq(first_horse_wing(), ML_LEFT, "enemy dragoons on the right edge, horse formed on the right");
}

/* [ML Set Up] The wing the enemy's dragoons help is not left bare: the
 * second horse line forms there, once the first stands on the other. */
Test(ml_ai, the_second_horse_line_still_holds_the_wing_of_the_enemy_dragoons)
{
    mlf_dragoons(&F, ML_PAR, 0, 4);
    int wing = first_horse_wing();
    cr_assert_eq(wing, ML_RIGHT);
    Action first = choose();
    mlf_do(&F, first);
    Action second = choose();
    cr_assert_eq(second.verb, MLV_FORM, "the heuristic did not form the second line");
    cr_assert_eq(second.piece, ML_LEFT, "the second line formed on the right beside the first");
}
