/* test_ml_artillery.c - Marston Less [ML Artillery]: range 3 zones, never
 * across zones holding troops, only into the two sectors bordering the
 * gun's dividing line, 1d20 on the combat table at the gun's factor, and a
 * gun lost when the enemy alone holds both bordering zones. Zones 0-based. */
#include "ml_fixture.h"

static Mlf F;

MLF_SUITE(ml_artillery);

/* The artillery phase with the Royalists (player A) to fire gun 0. */
static void artillery_phase(void)
{
    F.s.phase = PH_ARTILLERY;
    F.s.player_a = ML_ROY;
    F.s.to_act = ML_ROY;
    F.s.gun_cursor = 0;
}

static Action fire(int gun, int line) { return mlf_act(MLV_FIRE, gun, line, 0); }

Test(ml_artillery, fires_up_to_three_zones)
{
    int g = mlf_gun(&F, ML_ROY, 6, 0, 1);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 4, 3);
    artillery_phase();
    cr_assert(mlf_in_legal(&F, fire(g, p)));
    mlf_dice(&F, 1, 14); /* factor 6: 14-20 is 1 DP */
    mlf_do(&F, fire(g, p));
    mlf_assert_dice(&F, 1);
    cr_assert_eq(F.dice.sides[0], 20);
    cr_assert_eq(mlf_l(&F, ML_PAR, p)->dp, 1);
    cr_assert_eq(mlf_events(&F, "artillery"), 1);
    /* No Parliament guns: on to the Royalists' move phase. */
    cr_assert_eq(F.s.phase, PH_MOVE);
    cr_assert_eq(F.s.to_act, ML_ROY);
}

Test(ml_artillery, not_beyond_three_zones)
{
    int g = mlf_gun(&F, ML_ROY, 6, 0, 1);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 5, 3);
    int q = mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 4, 3);
    artillery_phase();
    Diag d;
    mlf_refused(&F, fire(g, p), d);
    cr_assert(mlf_in_legal(&F, fire(g, q)));
    cr_assert_not(mlf_in_legal(&F, fire(g, p)));
}

/* A gun whose only targets are out of range is passed over. */
Test(ml_artillery, gun_without_target_is_skipped)
{
    mlf_gun(&F, ML_ROY, 6, 0, 0);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 5, 3);
    artillery_phase();
    ml_advance(&F.s, &F.io);
    mlf_assert_dice(&F, 0);
    cr_assert_eq(F.s.phase, PH_MOVE);
}

Test(ml_artillery, may_not_fire_across_troops)
{
    int g = mlf_gun(&F, ML_ROY, 6, 0, 1);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 4, 3);
    int q = mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 4, 3);
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 3);      /* friends in between */
    int e = mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 3, 3); /* enemies in between */
    artillery_phase();
    Diag d;
    mlf_refused(&F, fire(g, p), d);
    mlf_refused(&F, fire(g, q), d);
    cr_assert(mlf_in_legal(&F, fire(g, e)), "the nearer enemy is a target");
}

Test(ml_artillery, only_into_the_two_bordering_sectors)
{
    int gl = mlf_gun(&F, ML_ROY, 6, 0, 1); /* left/centre */
    int gr = mlf_gun(&F, ML_ROY, 6, 1, 1); /* centre/right */
    int pl = mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 2, 3);
    int pc = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 2, 3);
    int pr = mlf_line(&F, ML_PAR, ML_HORSE, ML_RIGHT, 2, 3);
    artillery_phase();
    Diag d;
    cr_assert(mlf_in_legal(&F, fire(gl, pl)));
    cr_assert(mlf_in_legal(&F, fire(gl, pc)));
    mlf_refused(&F, fire(gl, pr), d);
    mlf_do(&F, mlf_act(MLV_HOLD, gl, 0, 0));
    cr_assert_eq(F.s.gun_cursor, gr);
    cr_assert(mlf_in_legal(&F, fire(gr, pr)));
    cr_assert(mlf_in_legal(&F, fire(gr, pc)));
    mlf_refused(&F, fire(gr, pl), d);
    mlf_assert_dice(&F, 0);
}

/* The range counts backwards too: a gun may fire at an enemy behind it. */
Test(ml_artillery, fires_backwards_too)
{
    int g = mlf_gun(&F, ML_ROY, 6, 0, 2);
    int p = mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 0, 3);
    artillery_phase();
    cr_assert(mlf_in_legal(&F, fire(g, p)));
}

/* ecw rule: no firing into a zone where a friendly line is fighting. */
Test(ml_artillery, not_into_a_melee_with_friends)
{
    int g = mlf_gun(&F, ML_ROY, 6, 0, 1);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 2, 3);
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 3);
    artillery_phase();
    Diag d;
    mlf_refused(&F, fire(g, p), d);
}

/* 1d20 on the combat table at the gun's factor. */
Test(ml_artillery, d20_on_the_table_at_the_gun_factor)
{
    int g0 = mlf_gun(&F, ML_ROY, 8, 0, 1);
    int g1 = mlf_gun(&F, ML_ROY, 4, 1, 1);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 3);
    artillery_phase();
    mlf_dice(&F, 2, 19, 15); /* factor 8: 19 = 2 DP; factor 4: 15 misses */
    mlf_do(&F, fire(g0, p));
    cr_assert_eq(mlf_l(&F, ML_PAR, p)->dp, 2);
    mlf_do(&F, fire(g1, p));
    mlf_assert_dice(&F, 2);
    cr_assert_eq(mlf_l(&F, ML_PAR, p)->dp, 2);
    cr_assert(strstr(mlf_last_event(&F, "artillery"), "\"factor\":4"));
}

/* Guns fire one at a time in order, player A first, then player B. */
Test(ml_artillery, player_a_fires_first_then_b)
{
    int g = mlf_gun(&F, ML_ROY, 6, 0, 2);
    int pg = mlf_gun(&F, ML_PAR, 6, 0, 4);
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 3);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 4, 3);
    artillery_phase();
    Diag d;
    mlf_refused(&F, fire(1, p), d); /* no gun 1 to fire now */
    mlf_dice(&F, 2, 1, 20);
    mlf_do(&F, fire(g, p));
    cr_assert_eq(F.s.phase, PH_ARTILLERY);
    cr_assert_eq(F.s.to_act, ML_PAR);
    mlf_do(&F, fire(pg, r));
    mlf_assert_dice(&F, 2);
    cr_assert_eq(F.dice.player[0], ML_ROY);
    cr_assert_eq(F.dice.player[1], ML_PAR);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->dp, 1);
    cr_assert_eq(F.s.phase, PH_MOVE);
}

/* Artillery fire that brings a line to 4 DPs routs it. */
Test(ml_artillery, fire_can_rout)
{
    int g = mlf_gun(&F, ML_ROY, 6, 0, 1);
    int p = mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 3, 3);
    mlf_l(&F, ML_PAR, p)->dp = 3;
    artillery_phase();
    mlf_dice(&F, 1, 20);
    mlf_do(&F, fire(g, p));
    mlf_assert_dice(&F, 1);
    cr_assert_eq(mlf_l(&F, ML_PAR, p)->status, LS_ROUTED);
    cr_assert_eq(F.s.side[ML_PAR].lost_str, 3);
}

/* The enemy alone in both zones beside the gun: the gun is lost. */
Test(ml_artillery, lost_when_both_bordering_zones_held_solely_by_enemy)
{
    int g = mlf_gun(&F, ML_ROY, 6, 0, 2);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 2, 3);
    int h = mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 3, 3);
    mlf_move_phase(&F, ML_ROY, 1);
    mlf_move(&F, h, 2);
    cr_assert_eq(F.s.side[ML_ROY].guns[g].alive, 0);
    cr_assert_eq(mlf_events(&F, "gun_lost"), 1);
}

Test(ml_artillery, not_lost_while_a_friend_holds_a_bordering_zone)
{
    int g = mlf_gun(&F, ML_ROY, 6, 0, 2);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 2, 3);
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 3);
    int h = mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 3, 3);
    mlf_move_phase(&F, ML_ROY, 1);
    mlf_move(&F, h, 2);
    cr_assert_eq(F.s.side[ML_ROY].guns[g].alive, 1);
}

Test(ml_artillery, not_lost_with_enemy_in_one_zone_only)
{
    int g = mlf_gun(&F, ML_ROY, 6, 1, 2);
    int h = mlf_line(&F, ML_PAR, ML_HORSE, ML_RIGHT, 3, 3);
    mlf_move_phase(&F, ML_ROY, 1);
    mlf_move(&F, h, 2);
    cr_assert_eq(F.s.side[ML_ROY].guns[g].alive, 1);
}

/* The index of the state holds where the guns stand (MlOcc.guns, which
 * spares the rules a look at every gun whenever a line moves): a gun placed
 * in deployment joins it, a gun overrun leaves it, each as the index made
 * afresh says. */
Test(ml_artillery, the_index_follows_guns_placed_and_overrun)
{
    MlSide *sd = &F.s.side[ML_ROY];
    sd->nguns = 1;
    sd->guns[0].factor = 6;
    sd->guns[0].alive = 1;
    mlf_sync(&F);
    cr_assert_eq(F.s.occ.guns[ML_ROY], 0, "a gun not yet placed stands nowhere");
    F.s.to_act = ML_ROY;
    ml_deploy_apply(&F.s, &(Action){.verb = MLV_GUN, .piece = 0, .target = 2, .arg = 0}, NULL);
    cr_assert_eq(F.s.occ.guns[ML_ROY], ml_cell_bit(0, 2), "placed on the left/centre line in zone 2");
    cr_assert(ml_occ_agrees(&F.s));
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 2, 3);
    int h = mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 3, 3);
    mlf_move_phase(&F, ML_ROY, 1);
    mlf_move(&F, h, 2);
    cr_assert_eq(sd->guns[0].alive, 0);
    cr_assert_eq(F.s.occ.guns[ML_ROY], 0, "the gun overrun leaves the index");
    cr_assert(ml_occ_agrees(&F.s));
}

/* [ML Artillery] a gun is lost when the enemy alone holds both zones beside
 * it: so as soon as the last friendly line there routs. */
Test(ml_artillery, lost_when_the_last_friend_beside_it_routs)
{
    int g = mlf_gun(&F, ML_ROY, 6, 0, 2);
    int r = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 2, 3);
    mlf_line(&F, ML_PAR, ML_FOOT, ML_CENTRE, 2, 4);
    mlf_line(&F, ML_PAR, ML_HORSE, ML_LEFT, 2, 3);
    mlf_l(&F, ML_ROY, r)->dp = 3;
    cr_assert_eq(F.s.side[ML_ROY].guns[g].alive, 1);
    /* Roy misses, Parliament 16 = 1 DP: the Royalists rout; Parliament's
     * foot pursuit test 6: it holds the zone. */
    mlf_dice(&F, 3, 1, 16, 6);
    mlf_end(&F);
    mlf_assert_dice(&F, 3);
    cr_assert_eq(mlf_l(&F, ML_ROY, r)->status, LS_ROUTED);
    cr_assert_eq(F.s.side[ML_ROY].guns[g].alive, 0, "the gun is overrun");
}

/* The cells a gun reaches, zone by zone as [ML Artillery] words it: its
 * own zone and up to 3 zones up or down each bordering sector, stopping
 * at (and including) the first zone that holds troops. */
static uint32_t reach_by_the_rule(uint32_t held, int divide, int zone)
{
    uint32_t cells = 0;
    for (int sec = divide; sec <= divide + 1; sec++) {
        cells |= ml_cell_bit(sec, zone);
        for (int dir = -1; dir <= 1; dir += 2)
            for (int d = 1, open = 1; d <= 3 && open; d++) {
                int z = zone + dir * d;
                if (!ml_on_board(z))
                    break;
                cells |= ml_cell_bit(sec, z);
                open = !(held & ml_cell_bit(sec, z));
            }
    }
    return cells;
}

/* ml_gun_reach works out both sectors at once on masks: on random boards
 * it finds what the rule finds zone by zone. */
Test(ml_artillery, reach_on_masks_matches_the_rule)
{
    Rng r;
    rng_seed(&r, 11);
    for (int k = 0; k < 2000; k++) {
        uint32_t held0 = (uint32_t)rng_next(&r) & 0x7F7F7Fu, held1 = (uint32_t)rng_next(&r) & 0x7F7F7Fu;
        F.s.occ.any[ML_ROY] = held0 & (uint32_t)rng_next(&r);
        F.s.occ.any[ML_PAR] = held1 & (uint32_t)rng_next(&r);
        int divide = (int)rng_below(&r, 2), zone = (int)rng_below(&r, ML_ZONES);
        uint32_t held = F.s.occ.any[ML_ROY] | F.s.occ.any[ML_PAR];
        cr_assert_eq(ml_gun_reach(&F.s, divide, zone), reach_by_the_rule(held, divide, zone),
                     "divide %d zone %d held %06x", divide, zone, held);
    }
    memset(&F.s.occ, 0, sizeof F.s.occ); /* leave the index as the (empty) lines have it */
}
