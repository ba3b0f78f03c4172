/* test_ml_turn.c - the end of a Marston Less turn and the battle:
 * [ML Rallying], [ML Reforming], [ML Initiative], [ML The Game Sequence]
 * and the victory rule (an ecw rule: an army breaks when the strength of
 * its routed lines reaches half its deployed strength; at the turn limit
 * the smaller lost fraction wins). Zones are 0-based.
 *
 * Most tests end Parliament's move phase (player B) so that the turn runs
 * on through rallying and reforming into the next turn's initiative,
 * which the dice queue decides (6 against 1: the Royalists). */
#include "ml_fixture.h"

static Mlf F;

MLF_SUITE(ml_rallying);
MLF_SUITE(ml_reforming);
MLF_SUITE(ml_initiative);
MLF_SUITE(ml_game_sequence);
MLF_SUITE(ml_victory);

/* The rally phase with the Royalists (player A) to decide for line li. */
static int pursuing(int arm, int sector, int zone)
{
    int li = mlf_line(&F, ML_ROY, arm, sector, zone, 3);
    mlf_l(&F, ML_ROY, li)->status = LS_PURSUING;
    mlf_sync(&F);
    F.s.phase = PH_RALLY;
    F.s.to_act = ML_ROY;
    F.s.player_a = ML_ROY;
    return li;
}

static void rally(int li) { mlf_do(&F, mlf_act(MLV_RALLY, li, 0, 0)); }

/* ------------------------------------------------------------------ */
/* [ML Rallying]                                                       */
/* ------------------------------------------------------------------ */

Test(ml_rallying, foot_rally_on_4)
{
    int r = pursuing(ML_FOOT, ML_CENTRE, 4);
    mlf_dice(&F, 3, 4, 6, 1); /* rally, then the next turn's initiative */
    rally(r);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(F.dice.player[0], ML_ROY);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->status, LS_FORMED);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->zone, 4, "a rallied line moves no further");
    cr_assert_eq(F.s.turn, 2);
}

Test(ml_rallying, foot_fail_on_3_and_pursue_on)
{
    int r = pursuing(ML_FOOT, ML_CENTRE, 4);
    mlf_dice(&F, 3, 3, 6, 1);
    rally(r);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->status, LS_PURSUING);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->zone, 5, "moves on in its owner's next phase");
}

Test(ml_rallying, horse_rally_on_6)
{
    int r = pursuing(ML_HORSE, ML_LEFT, 4);
    mlf_dice(&F, 3, 6, 6, 1);
    rally(r);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->status, LS_FORMED);
}

Test(ml_rallying, horse_fail_on_5)
{
    int r = pursuing(ML_HORSE, ML_LEFT, 4);
    mlf_dice(&F, 3, 5, 6, 1);
    rally(r);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->status, LS_PURSUING);
}

Test(ml_rallying, ordinary_general_adds_one)
{
    int r = pursuing(ML_HORSE, ML_LEFT, 4);
    mlf_general(&F, ML_ROY, r, false);
    mlf_dice(&F, 3, 5, 6, 1);
    rally(r);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->status, LS_FORMED);
}

Test(ml_rallying, superior_general_adds_two)
{
    int r = pursuing(ML_FOOT, ML_CENTRE, 4);
    mlf_general(&F, ML_ROY, r, true);
    mlf_dice(&F, 3, 2, 6, 1);
    rally(r);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->status, LS_FORMED);
}

Test(ml_rallying, superior_general_1_fails_for_foot)
{
    int r = pursuing(ML_FOOT, ML_CENTRE, 4);
    mlf_general(&F, ML_ROY, r, true);
    mlf_dice(&F, 3, 1, 6, 1);
    rally(r);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->status, LS_PURSUING);
}

Test(ml_rallying, press_on_rolls_nothing)
{
    int r = pursuing(ML_FOOT, ML_CENTRE, 4);
    mlf_dice(&F, 2, 6, 1);
    mlf_do(&F, mlf_act(MLV_PRESS, r, 0, 0));
    mlf_assert_dice(&F, 2);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->status, LS_PURSUING);
}

Test(ml_rallying, only_pursuing_lines_and_only_rally_verbs)
{
    int r = pursuing(ML_FOOT, ML_CENTRE, 4);
    int f = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    Diag d;
    mlf_refused(&F, mlf_act(MLV_RALLY, f, 0, 0), d);
    mlf_refused(&F, mlf_act(MLV_MOVE, r, 3, 0), d);
    mlf_refused(&F, mlf_act(MLV_END, 0, 0, 0), d);
    cr_assert(mlf_in_legal(&F, mlf_act(MLV_RALLY, r, 0, 0)));
    cr_assert(mlf_in_legal(&F, mlf_act(MLV_PRESS, r, 0, 0)));
}

/* Player A decides for its pursuers first, then player B. */
Test(ml_rallying, player_a_first_then_b)
{
    int r = pursuing(ML_HORSE, ML_LEFT, 4);
    int p = mlf_line(&F, ML_PAR, ML_HORSE, ML_RIGHT, 2, 3);
    mlf_l(&F, ML_PAR, p)->status = LS_PURSUING;
    mlf_sync(&F);
    mlf_dice(&F, 1, 6);
    rally(r);
    cr_assert_eq(F.s.phase, PH_RALLY);
    cr_assert_eq(F.s.to_act, ML_PAR);
    mlf_dice(&F, 3, 6, 6, 1);
    mlf_do(&F, mlf_act(MLV_RALLY, p, 0, 0));
    mlf_assert_dice(&F, 4);
    cr_assert_eq(F.dice.player[1], ML_PAR);
    cr_assert_eq(mlf_l(&F, ML_PAR, p)->status, LS_FORMED);
}

/* ------------------------------------------------------------------ */
/* [ML Reforming]                                                      */
/* ------------------------------------------------------------------ */

/* End Parliament's move phase (player B): combats, rally, reform. */
static void end_b_phase(void)
{
    mlf_move_phase(&F, ML_ROY, 1);
    mlf_end(&F);
}

Test(ml_reforming, needs_a_general_or_friends_behind)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_l(&F, ML_ROY, r)->dp = 2;
    mlf_dice(&F, 2, 6, 1); /* initiative only */
    end_b_phase();
    mlf_assert_dice(&F, 2);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->dp, 2);
    cr_assert_eq(mlf_events(&F, "reform"), 0);
}

Test(ml_reforming, with_a_general_5_removes_one_dp)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_general(&F, ML_ROY, r, false);
    mlf_l(&F, ML_ROY, r)->dp = 2;
    mlf_dice(&F, 3, 5, 6, 1);
    end_b_phase();
    mlf_assert_dice(&F, 3);
    cr_assert_eq(F.dice.player[0], ML_ROY);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->dp, 1);
}

Test(ml_reforming, with_an_ordinary_general_4_fails)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_general(&F, ML_ROY, r, false);
    mlf_l(&F, ML_ROY, r)->dp = 2;
    mlf_dice(&F, 3, 4, 6, 1);
    end_b_phase();
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->dp, 2);
}

Test(ml_reforming, friends_in_the_zone_behind)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 3);
    int p0 = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 5, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 6, 3); /* behind Parliament's line */
    mlf_l(&F, ML_ROY, r0)->dp = 2;
    mlf_l(&F, ML_PAR, p0)->dp = 1;
    mlf_dice(&F, 4, 6, 5, 6, 1); /* Roy (player A) reforms first, then Par */
    end_b_phase();
    mlf_assert_dice(&F, 4);
    cr_assert_eq(F.dice.player[0], ML_ROY);
    cr_assert_eq(F.dice.player[1], ML_PAR);
    cr_assert_eq(mlf_l(&F, ML_ROY, r0)->dp, 1);
    cr_assert_eq(mlf_l(&F, ML_PAR, p0)->dp, 0);
}

/* Friends in front, or beside, are no help. */
Test(ml_reforming, friends_in_front_do_not_count)
{
    int r0 = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 4, 3);
    mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 2, 3);
    mlf_l(&F, ML_ROY, r0)->dp = 2;
    mlf_dice(&F, 2, 6, 1);
    end_b_phase();
    mlf_assert_dice(&F, 2);
    cr_assert_eq(mlf_l(&F, ML_ROY, r0)->dp, 2);
}

Test(ml_reforming, superior_general_adds_one)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_general(&F, ML_ROY, r, true);
    mlf_l(&F, ML_ROY, r)->dp = 2;
    mlf_dice(&F, 3, 4, 6, 1);
    end_b_phase();
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->dp, 1);
}

/* -1 in the same zone as an enemy line (after that zone's combat). */
Test(ml_reforming, enemy_in_the_zone_minus_one)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_general(&F, ML_ROY, r, false);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_l(&F, ML_ROY, r)->dp = 2;
    mlf_dice(&F, 5, 1, 1, 5, 6, 1); /* combat misses twice; reform 5 - 1 = 4 */
    end_b_phase();
    mlf_assert_dice(&F, 5);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->dp, 2);
}

Test(ml_reforming, enemy_in_the_zone_6_still_reforms)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_general(&F, ML_ROY, r, false);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_l(&F, ML_ROY, r)->dp = 2;
    mlf_dice(&F, 5, 1, 1, 6, 6, 1);
    end_b_phase();
    mlf_assert_dice(&F, 5);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->dp, 1);
}

/* One attempt per line: at most one DP comes off in a turn. */
Test(ml_reforming, one_dp_at_most)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_general(&F, ML_ROY, r, true);
    mlf_l(&F, ML_ROY, r)->dp = 3;
    mlf_dice(&F, 3, 6, 6, 1);
    end_b_phase();
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->dp, 2);
}

Test(ml_reforming, no_dp_no_attempt)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_general(&F, ML_ROY, r, true);
    mlf_dice(&F, 2, 6, 1);
    end_b_phase();
    mlf_assert_dice(&F, 2);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->dp, 0);
}

/* ------------------------------------------------------------------ */
/* [ML Initiative]                                                     */
/* ------------------------------------------------------------------ */

Test(ml_initiative, higher_d6_is_player_a)
{
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 5, 3);
    mlf_dice(&F, 2, 2, 5);
    end_b_phase();
    mlf_assert_dice(&F, 2);
    cr_assert_eq(F.dice.player[0], ML_ROY);
    cr_assert_eq(F.dice.player[1], ML_PAR);
    cr_assert_eq(F.s.turn, 2);
    cr_assert_eq(F.s.player_a, ML_PAR);
    /* No guns: Parliament, player A, moves first. */
    cr_assert_eq(F.s.phase, PH_MOVE);
    cr_assert_eq(F.s.mover, 0);
    cr_assert_eq(F.s.to_act, ML_PAR);
    cr_assert_eq(mlf_events(&F, "initiative"), 1);
}

Test(ml_initiative, ties_roll_again)
{
    mlf_dice(&F, 6, 3, 3, 6, 6, 4, 1);
    end_b_phase();
    mlf_assert_dice(&F, 6);
    cr_assert_eq(F.s.player_a, ML_ROY);
    cr_assert_eq(F.s.to_act, ML_ROY);
}

/* ------------------------------------------------------------------ */
/* [ML The Game Sequence]                                              */
/* ------------------------------------------------------------------ */

/* A moves, combats are fought, then B moves, combats, then rallying and
 * reforming, then the next turn. */
Test(ml_game_sequence, combat_after_each_move_phase)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 3);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_move(&F, r, 3);
    mlf_dice(&F, 2, 1, 1);
    mlf_end(&F);
    cr_assert_eq(mlf_events(&F, "combat"), 2, "fought before player B moves");
    cr_assert_eq(F.s.to_act, ML_PAR);
    cr_assert_eq(F.s.mover, 1);
    /* P is in combat and may not leave; B ends: the zone fights again. */
    Diag d;
    mlf_refused(&F, mlf_act(MLV_MOVE, p, 4, 0), d);
    mlf_dice(&F, 4, 1, 1, 6, 1);
    mlf_end(&F);
    mlf_assert_dice(&F, 6);
    cr_assert_eq(mlf_events(&F, "combat"), 4);
    cr_assert_eq(F.s.turn, 2);
}

Test(ml_game_sequence, artillery_before_moves)
{
    mlf_gun(&F, ML_ROY, 6, 0, 2);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 4, 3);
    mlf_dice(&F, 2, 6, 1);
    end_b_phase();
    mlf_assert_dice(&F, 2);
    cr_assert_eq(F.s.phase, PH_ARTILLERY);
    cr_assert_eq(F.s.to_act, ML_ROY);
    cr_assert(mlf_in_legal(&F, mlf_act(MLV_FIRE, 0, p, 0)));
}

/* ------------------------------------------------------------------ */
/* Victory (ecw rule)                                                  */
/* ------------------------------------------------------------------ */

/* A Royalist line of strength `str` with 3 DPs routs in the combat that
 * ending the Royalists' phase starts. */
static int doomed_line(int str)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, str);
    mlf_l(&F, ML_ROY, r)->dp = 3;
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 4);
    return r;
}

Test(ml_victory, army_breaks_at_half_its_deployed_strength)
{
    doomed_line(1);
    F.s.side[ML_ROY].start_str = 10;
    F.s.side[ML_ROY].lost_str = 4;
    mlf_dice(&F, 3, 1, 16, 6);
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(F.s.side[ML_ROY].lost_str, 5);
    cr_assert(ml_terminal(&F.s));
    cr_assert_eq(F.s.winner, ML_PAR);
    cr_assert_eq(F.s.end_reason, 1);
    cr_assert_eq(ml_current_player(&F.s), GAME_OVER);
    double sc[2];
    ml_score(&F.s, sc);
    cr_assert_eq(sc[ML_ROY], -1);
    cr_assert_eq(sc[ML_PAR], 1);
    Action acts[8];
    cr_assert_eq(ml_legal(&F.s, acts, 8), 0);
    Diag d;
    mlf_refused(&F, mlf_act(MLV_END, 0, 0, 0), d);
    cr_assert_eq(mlf_events(&F, "end"), 1);
}

Test(ml_victory, not_broken_below_half)
{
    doomed_line(1);
    F.s.side[ML_ROY].start_str = 11;
    F.s.side[ML_ROY].lost_str = 4;
    mlf_dice(&F, 3, 1, 16, 6);
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(F.s.side[ML_ROY].lost_str, 5);
    cr_assert_not(ml_terminal(&F.s));
    cr_assert_eq(F.s.winner, ML_NONE);
}

/* Both armies break in the same combat: the smaller lost fraction wins. */
Test(ml_victory, both_break_smaller_loss_wins)
{
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 3, 1);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 2);
    mlf_l(&F, ML_ROY, r)->dp = 3;
    mlf_l(&F, ML_PAR, p)->dp = 3;
    F.s.side[ML_ROY].start_str = 10; /* 5 of 10 lost */
    F.s.side[ML_ROY].lost_str = 4;
    F.s.side[ML_PAR].start_str = 10; /* 6 of 10 lost */
    F.s.side[ML_PAR].lost_str = 4;
    mlf_dice(&F, 2, 20, 20);
    mlf_end(&F);
    mlf_assert_dice(&F, 2);
    cr_assert(ml_terminal(&F.s));
    cr_assert_eq(F.s.winner, ML_ROY);
}

Test(ml_victory, turn_limit_smaller_lost_fraction_wins)
{
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 5, 3);
    F.s.turn = F.s.max_turns = 12;
    F.s.side[ML_ROY].start_str = 10;
    F.s.side[ML_ROY].lost_str = 3; /* 30% */
    F.s.side[ML_PAR].start_str = 12;
    F.s.side[ML_PAR].lost_str = 3; /* 25% */
    end_b_phase();
    mlf_assert_dice(&F, 0);
    cr_assert(ml_terminal(&F.s));
    cr_assert_eq(F.s.winner, ML_PAR);
    cr_assert_eq(F.s.end_reason, 2);
}

Test(ml_victory, turn_limit_equal_fractions_draw)
{
    F.s.turn = F.s.max_turns = 5;
    F.s.side[ML_ROY].start_str = 10;
    F.s.side[ML_ROY].lost_str = 2;
    F.s.side[ML_PAR].start_str = 15;
    F.s.side[ML_PAR].lost_str = 3;
    end_b_phase();
    cr_assert(ml_terminal(&F.s));
    cr_assert_eq(F.s.winner, 2);
    double sc[2];
    ml_score(&F.s, sc);
    cr_assert_eq(sc[0], 0);
    cr_assert_eq(sc[1], 0);
}

Test(ml_victory, no_end_before_the_turn_limit)
{
    F.s.turn = 11;
    F.s.max_turns = 12;
    mlf_dice(&F, 2, 6, 1);
    end_b_phase();
    mlf_assert_dice(&F, 2);
    cr_assert_not(ml_terminal(&F.s));
    cr_assert_eq(F.s.turn, 12);
}

/* ------------------------------------------------------------------ */
/* The random playout (GameOps.random_playout)                         */
/* ------------------------------------------------------------------ */

/* The random player's draw, as src/ai makes it. */
static int draw_below(void *ud, int n) { return (int)rng_below(ud, (uint32_t)n); }

/* Game `seed` set up with the options of k (0: none; then foot=str4,
 * turns=8, dragoons=wing in turn). */
static void setup_variant(MlState *s, uint64_t seed, int k)
{
    static const char *const opts[] = {NULL, "foot=str4", "turns=8", "dragoons=wing"};
    Options opt = {0};
    Diag d;
    if (opts[k % 4])
        cr_assert_eq(opt_parse(&opt, opts[k % 4], &d), 0, "%s", d.msg);
    cr_assert_eq(ml_setup(s, &opt, seed, &d), 0, "%s", d.msg);
}

/* Up to `bound` actions as the random player makes them through the
 * contract: legal_choose with side p drawing from rng[p], then apply. */
static long contract_random(MlState *s, Rng rng[2], long bound)
{
    long n = 0;
    for (; n < bound && !ml_terminal(s); n++) {
        Action a;
        cr_assert_gt(ml_legal_choose(s, draw_below, &rng[ml_current_player(s)], &a), 0);
        ml_apply(s, &a, NULL);
    }
    return n;
}

/* The playout makes the draws, actions and states of the random player
 * playing through the contract: whole games, with and without options,
 * and games cut short by the bound at every length up to 200 actions. */
Test(ml_game_sequence, random_playout_plays_as_the_random_player)
{
    for (uint64_t seed = 0; seed < 400; seed++) {
        MlState a, b;
        setup_variant(&a, seed, (int)seed);
        memcpy(&b, &a, sizeof a);
        Rng ra[2], rb[2];
        rng_seed(&ra[0], seed * 2 + 1), rng_seed(&ra[1], seed * 2 + 2);
        memcpy(rb, ra, sizeof ra);
        Rng *const rngs[2] = {&rb[0], &rb[1]};
        long bound = seed < 200 ? (long)seed + 1 : 1000000;
        long na = contract_random(&a, ra, bound), nb = ml_random_playout(&b, rngs, NULL, bound);
        cr_assert_eq(na, nb, "seed %llu: %ld actions against %ld", (unsigned long long)seed, na, nb);
        cr_assert(seed < 200 || ml_terminal(&b), "seed %llu: the game did not end", (unsigned long long)seed);
        cr_assert_eq(memcmp(&a, &b, sizeof a), 0, "seed %llu: the states differ", (unsigned long long)seed);
        cr_assert_eq(memcmp(ra, rb, sizeof ra), 0, "seed %llu: the players' draws differ", (unsigned long long)seed);
    }
}
