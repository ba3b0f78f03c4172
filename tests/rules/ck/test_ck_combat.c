/* test_ck_combat.c - To Catch a King [CK Figure combat Factors],
 * [CK Shooting factors], [CK Hand to hand Combat] and [CK Combat Outcomes],
 * each from a hand-made position with forced dice, asserting the outcome
 * the rulebook and docs/rules/to-catch-a-king.md give.
 *
 * Dice order: a shot rolls the shooter's die then the target's; a charge
 * the attacker's then the defender's; Charles or Wilmot beaten by half or
 * more then roll once more (1-3 dead, 4-6 wounded). A charge moves the
 * attacker straight at the target until the bases touch (foot 0.5" radius,
 * mounted 0.75"). */
#include "ck_fixture.h"

static Ckf F;

CKF_SUITE(ck_figure_combat_factors);

static char *table_odds(Action a, Diag *d); /* (below, with the other odds tests) */
CKF_SUITE(ck_shooting_factors);
CKF_SUITE(ck_hand_to_hand_combat);
CKF_SUITE(ck_combat_outcomes);

/* ------------------------------------------------------------------ */
/* [CK Figure combat Factors]                                          */
/* ------------------------------------------------------------------ */

/* The rulebook's table copied by hand: against foot, against mounted.
 * Royalist horse are not in it: the doc gives them the cavalry's 4 and 4. */
static const struct {
    int type, foot, mounted;
} book_factors[] = {
    {F_CLUBMAN, 2, 2}, {F_SHOT, 4, 3},    {F_DRAGOON, 3, 2}, {F_CAVALRY, 4, 4},
    {F_WILMOT, 4, 4},  {F_CHARLES, 4, 4}, {F_YOU, 4, 4},     {F_HORSE, 4, 4},
};

Test(ck_figure_combat_factors, table_values)
{
    for (size_t k = 0; k < sizeof book_factors / sizeof book_factors[0]; k++) {
        int t = book_factors[k].type;
        cr_expect_eq(ck_figs[t].vs_foot, book_factors[k].foot, "%s against foot: %d, the rulebook %d",
                     ck_figs[t].name, ck_figs[t].vs_foot, book_factors[k].foot);
        cr_expect_eq(ck_figs[t].vs_mounted, book_factors[k].mounted, "%s against mounted: %d, the rulebook %d",
                     ck_figs[t].name, ck_figs[t].vs_mounted, book_factors[k].mounted);
    }
}

Test(ck_figure_combat_factors, who_is_mounted)
{
    /* Cavalry, You, dragoons (mounted or not), Wilmot and Royalist horse are
     * mounted; shot, clubmen and Charles in disguise are on foot. */
    cr_assert(ck_figs[F_CAVALRY].mounted && ck_figs[F_YOU].mounted && ck_figs[F_DRAGOON].mounted);
    cr_assert(ck_figs[F_WILMOT].mounted && ck_figs[F_HORSE].mounted);
    cr_assert(!ck_figs[F_SHOT].mounted && !ck_figs[F_CLUBMAN].mounted && !ck_figs[F_CHARLES].mounted);
    cr_assert_eq(ck_figs[F_DRAGOON].side, CK_PAR);
    cr_assert_eq(ck_figs[F_CAVALRY].side, CK_PAR);
    cr_assert_eq(ck_figs[F_YOU].side, CK_PAR);
    for (int t = F_SHOT; t <= F_CHARLES; t++)
        cr_assert_eq(ck_figs[t].side, CK_ROY, "%s is Royalist", ck_figs[t].name);
}

/* Every pair in open ground: the defender's factor is the table's column
 * for the opponent's being mounted or not. */
Test(ck_figure_combat_factors, column_chosen_by_opponent_mounted)
{
    static const int types[] = {F_CLUBMAN, F_SHOT, F_DRAGOON, F_CAVALRY, F_WILMOT, F_CHARLES, F_YOU, F_HORSE};
    for (size_t a = 0; a < 8; a++)
        for (size_t b = 0; b < 8; b++) {
            ckf_init(&F);
            int i = ckf_fig(&F, types[a], 10, 10), j = ckf_fig(&F, types[b], 20, 20);
            int want = ck_figs[types[b]].mounted ? ck_figs[types[a]].vs_mounted : ck_figs[types[a]].vs_foot;
            cr_expect_eq(ck_melee_factor(&F.s, i, j, false), want, "%s defending against %s",
                         ck_figs[types[a]].name, ck_figs[types[b]].name);
        }
}

Test(ck_figure_combat_factors, dismounted_dragoon_counts_as_foot)
{
    int d = ckf_fig(&F, F_DRAGOON, 10, 10);
    int s = ckf_fig(&F, F_SHOT, 20, 20), c = ckf_fig(&F, F_HORSE, 30, 30);
    cr_assert_eq(ck_melee_factor(&F.s, s, d, false), 3, "shot against a mounted dragoon: 3");
    cr_assert_eq(ck_melee_factor(&F.s, d, s, false), 3, "dragoon against foot: 3");
    cr_assert_eq(ck_melee_factor(&F.s, d, c, false), 2, "dragoon against mounted: 2");
    ckf_f(&F, d)->mounted = 0;
    cr_assert_eq(ck_melee_factor(&F.s, s, d, false), 4, "shot against a dragoon on foot: 4");
    cr_assert_eq(ck_melee_factor(&F.s, c, d, false), 4);
    cr_assert_eq(ck_melee_factor(&F.s, d, c, false), 2, "his own factor is still the dragoon's");
}

/* ------------------------------------------------------------------ */
/* [CK Shooting factors]                                               */
/* ------------------------------------------------------------------ */

Test(ck_shooting_factors, open_ground_no_modifier)
{
    int d = ckf_fig(&F, F_DRAGOON, 10, 10), s = ckf_fig(&F, F_SHOT, 10, 20);
    int mods = 99;
    cr_assert_eq(ck_shoot_factor(&F.s, d, s, &mods), 3);
    cr_assert_eq(mods, 0);
    cr_assert_eq(ck_target_factor(&F.s, s, d), 3, "the target defends with shot against mounted");
}

Test(ck_shooting_factors, cover_minus_one)
{
    /* village, manor, wood and field give cover; hill and marsh do not */
    static const struct { int piece, cover; } k[] = {
        {CKP_VILLAGE, 1}, {CKP_MANOR, 1}, {CKP_WOOD, 1}, {CKP_FIELD, 1}, {CKP_HILL, 0}, {CKP_MARSH, 0},
    };
    for (size_t n = 0; n < 6; n++) {
        ckf_init(&F);
        ckf_ground(&F, k[n].piece, 10, 20);
        int d = ckf_fig(&F, F_DRAGOON, 10, 10), s = ckf_fig(&F, F_SHOT, 10, 20);
        int mods = 99;
        cr_expect_eq(ck_shoot_factor(&F.s, d, s, &mods), 3 - k[n].cover, "target in a %s",
                     ck_terrain[ck_piece_kinds[k[n].piece]].name);
        cr_expect_eq(mods, -k[n].cover);
    }
}

/* (ecw, "Hedges and walls stand between") a field's cover is its hedges:
 * none against a shooter within the same field. Buildings and trees cover
 * a man wherever the shooter stands; a shooter in another field pays. With
 * cover_from_inside=yes the target's ground alone counts. */
Test(ck_shooting_factors, no_hedge_cover_from_a_shooter_in_the_same_field)
{
    static const struct { int piece, cover; } k[] = {
        {CKP_FIELD, 0}, {CKP_VILLAGE, 1}, {CKP_MANOR, 1}, {CKP_WOOD, 1},
    };
    for (size_t n = 0; n < 4; n++)
        for (int opt = 0; opt < 2; opt++) {
            ckf_init(&F);
            F.s.cover_inside = (uint8_t)opt;
            ckf_ground(&F, k[n].piece, 20, 20);
            ckf_ground(&F, CKP_FIELD2, 20, 29);
            int t = ckf_fig(&F, F_SHOT, 20, 19), in = ckf_fig(&F, F_DRAGOON, 20, 21),
                other = ckf_fig(&F, F_DRAGOON, 20, 28);
            const char *kind = ck_terrain[ck_piece_kinds[k[n].piece]].name;
            int want = opt ? 1 : k[n].cover;
            cr_expect_eq(ck_shoot_factor(&F.s, in, t, NULL), 3 + 1 - want, "a shooter within the %s, option %d", kind,
                         opt);
            cr_expect_eq(ck_shoot_factor(&F.s, other, t, NULL), 3 - 1, "a shooter in another field, into the %s", kind);
        }
}

/* (ecw, option wood_cover=edge) the rulebook's "edge of wood" read as the
 * edge alone: a wood then covers its men as a field's hedges do, not from
 * a shooter within the same wood (two play-testers argued it); from
 * outside it covers as ever, and cover_from_inside=yes keeps the target's
 * ground alone. */
Test(ck_shooting_factors, wood_cover_edge_gives_no_cover_from_within_the_wood)
{
    for (int opt = 0; opt < 2; opt++) {
        ckf_init(&F);
        F.s.wood_edge = 1;
        F.s.cover_inside = (uint8_t)opt;
        ckf_ground(&F, CKP_WOOD, 20, 20);
        int t = ckf_fig(&F, F_SHOT, 20, 19), in = ckf_fig(&F, F_DRAGOON, 20, 21), out = ckf_fig(&F, F_DRAGOON, 20, 28);
        cr_expect_eq(ck_shoot_factor(&F.s, in, t, NULL), opt ? 3 + 1 - 1 : 3 + 1, "within the wood, cover_inside %d",
                     opt);
        cr_expect_eq(ck_shoot_factor(&F.s, out, t, NULL), 3 - 1, "from outside the wood, cover_inside %d", opt);
    }
}

Test(ck_shooting_factors, cover_changes_the_outcome)
{
    /* open ground: 3+5=8 against 3+1=4, half or less: dead */
    int d = ckf_fig(&F, F_DRAGOON, 10, 10), s = ckf_fig(&F, F_SHOT, 10, 20);
    ckf_dice(&F, 2, 5, 1);
    ckf_shoot(&F, d, s);
    ckf_assert_dice(&F, 2);
    cr_assert_eq(ckf_f(&F, s)->status, FS_DEAD);
    ckf_fini(&F);

    /* behind the hedges of a field: 2+5=7 against 4, more than half: recoil 3" */
    ckf_init(&F);
    ckf_ground(&F, CKP_FIELD, 10, 20);
    d = ckf_fig(&F, F_DRAGOON, 10, 10);
    s = ckf_fig(&F, F_SHOT, 10, 20);
    ckf_dice(&F, 2, 5, 1);
    ckf_shoot(&F, d, s);
    ckf_assert_dice(&F, 2);
    cr_assert_eq(ckf_f(&F, s)->status, FS_ACTIVE);
    ckf_assert_at(&F, s, 10, 23);
    const char *ev = ckf_last_event(&F, "combat");
    cr_assert_not_null(ev);
    cr_assert(strstr(ev, "\"att_factor\":2") && strstr(ev, "\"att_total\":7") && strstr(ev, "\"def_total\":4"),
              "%s", ev);
    cr_assert(strstr(ev, "\"attacker_type\":\"dragoon\",\"target_type\":\"shot\""), "%s", ev);
}

Test(ck_shooting_factors, rain)
{
    int d = ckf_fig(&F, F_DRAGOON, 10, 10), s = ckf_fig(&F, F_SHOT, 10, 20);
    F.s.raining = 1;
    int mods = 99;
    cr_assert_eq(ck_shoot_factor(&F.s, d, s, &mods), 2);
    cr_assert_eq(mods, -1);
    ckf_dice(&F, 2, 5, 1); /* 7 against 4: recoil, where dry weather would kill */
    ckf_shoot(&F, d, s);
    ckf_assert_dice(&F, 2);
    cr_assert_eq(ckf_f(&F, s)->status, FS_ACTIVE);
    ckf_assert_at(&F, s, 10, 23);
    /* rain does not touch hand to hand */
    int c = ckf_fig(&F, F_CAVALRY, 30, 30), t = ckf_fig(&F, F_SHOT, 30, 33);
    cr_assert_eq(ck_melee_factor(&F.s, c, t, true), 4);
}

Test(ck_shooting_factors, half_range)
{
    /* musket 12": +1 within 6" */
    int d = ckf_fig(&F, F_DRAGOON, 10, 14), s = ckf_fig(&F, F_SHOT, 10, 20);
    int mods = 99;
    cr_assert_eq(ck_shoot_factor(&F.s, d, s, &mods), 4, "6\" exactly is half range");
    cr_assert_eq(mods, 1);
    ckf_f(&F, d)->y = 13.9f;
    cr_assert_eq(ck_shoot_factor(&F.s, d, s, &mods), 3, "6.1\" is not");
    cr_assert_eq(mods, 0);
    /* pistol 6": +1 within 3" */
    int c = ckf_fig(&F, F_CAVALRY, 30, 17);
    ckf_f(&F, s)->x = 30.0f;
    cr_assert_eq(ck_shoot_factor(&F.s, c, s, &mods), 5, "cavalry pistol at 3\": 4 + 1");
    ckf_f(&F, c)->y = 16.9f;
    cr_assert_eq(ck_shoot_factor(&F.s, c, s, &mods), 4, "pistol at 3.1\": no bonus");
    /* a musket-armed clubman and shot shooting at a mounted trooper */
    int k = ckf_fig(&F, F_CLUBMAN, 40, 40), t = ckf_fig(&F, F_CAVALRY, 40, 34);
    ckf_f(&F, k)->musket = 1;
    cr_assert_eq(ck_shoot_factor(&F.s, k, t, &mods), 3, "clubman 2 against mounted, +1 at 6\"");
    ckf_f(&F, t)->y = 33.9f;
    cr_assert_eq(ck_shoot_factor(&F.s, k, t, &mods), 2);
    int sh = ckf_fig(&F, F_SHOT, 40, 39.9f);
    cr_assert_eq(ck_shoot_factor(&F.s, sh, t, &mods), 4, "shot 3 against mounted, +1 at 6\"");
}

Test(ck_shooting_factors, concentrated_fire)
{
    int d1 = ckf_fig(&F, F_DRAGOON, 10, 10), d2 = ckf_fig(&F, F_DRAGOON, 12, 10), d3 = ckf_fig(&F, F_DRAGOON, 14, 10);
    int s = ckf_fig(&F, F_SHOT, 12, 20), s2 = ckf_fig(&F, F_SHOT, 30, 12);
    int d4 = ckf_fig(&F, F_DRAGOON, 30, 4);
    int mods;
    cr_assert_eq(ck_shoot_factor(&F.s, d2, s, &mods), 3, "nobody has shot yet");
    /* a dragoon shooting at another target adds nothing */
    ckf_dice(&F, 2, 1, 6);
    ckf_shoot(&F, d4, s2);
    cr_assert_eq(ck_shoot_factor(&F.s, d2, s, &mods), 3);
    ckf_dice(&F, 2, 1, 6); /* 4 against 9: nothing */
    ckf_shoot(&F, d1, s);
    cr_assert_eq(ck_shoot_factor(&F.s, d2, s, &mods), 4, "one other shooter: +1");
    cr_assert_eq(mods, 1);
    cr_assert_eq(ck_shoot_factor(&F.s, d3, s, &mods), 4);
    ckf_dice(&F, 2, 1, 6); /* 5 against 9: nothing */
    ckf_shoot(&F, d2, s);
    cr_assert_eq(ck_shoot_factor(&F.s, d3, s, &mods), 5, "two other shooters: +2");
    cr_assert_eq(mods, 2);
    ckf_dice(&F, 2, 6, 1); /* 11 against 4: dead */
    ckf_shoot(&F, d3, s);
    ckf_assert_dice(&F, 8);
    cr_assert_eq(ckf_f(&F, s)->status, FS_DEAD);
}

/* (ecw, option together=yes, "One roll for those who aim together") those
 * who aim at a man roll nothing: the next friend to shoot at him rolls
 * once, +1 for each who aimed, and the combat event names them. Aiming
 * spends the shot and, before moving, half the move. */
Test(ck_shooting_factors, together_one_roll_with_a_plus_one_for_each_who_aimed)
{
    F.s.together = 1;
    int d1 = ckf_fig(&F, F_DRAGOON, 10, 10), d2 = ckf_fig(&F, F_DRAGOON, 12, 10), d3 = ckf_fig(&F, F_DRAGOON, 14, 10);
    int s = ckf_fig(&F, F_SHOT, 12, 20);
    ckf_do(&F, ckf_act(CKV_AIM, d1, s, 0, 0, 0));
    ckf_do(&F, ckf_act(CKV_AIM, d2, s, 0, 0, 0));
    ckf_assert_dice(&F, 0);
    cr_assert(strstr(ckf_last_event(&F, "aim"), "takes aim at"), "%s", ckf_last_event(&F, "aim"));
    cr_assert(ckf_f(&F, d1)->shot && ckf_f(&F, d1)->half, "his shot is spent, and half his move");
    ckf_refused(&F, ckf_act(CKV_SHOOT, d1, s, 0, 0, 0), "already taken aim");
    cr_assert_eq(ck_shoot_factor(&F.s, d3, s, NULL), 5, "3 + 2 who aimed");
    ckf_dice(&F, 2, 1, 6); /* 6 against 9: nothing */
    ckf_shoot(&F, d3, s);
    ckf_assert_dice(&F, 2);
    const char *ev = ckf_last_event(&F, "combat");
    cr_assert(strstr(ev, "\"attackers\":[3,1,2]") && strstr(ev, "\"att_factor\":5,"), "%s", ev);
    cr_assert(strstr(ev, "base 3, aims of D1 D2 +2"), "the line names those who aimed: %s", ev);
}

/* ... a shot spends the aims it joins: the next shot at the same man
 * (by one who had not aimed) rolls alone, and a shot of its own gives no
 * +1 to the next, as it would without the option. */
Test(ck_shooting_factors, together_aims_are_spent_by_the_shot_they_join)
{
    F.s.together = 1;
    int d1 = ckf_fig(&F, F_DRAGOON, 10, 10), d2 = ckf_fig(&F, F_DRAGOON, 12, 10), d3 = ckf_fig(&F, F_DRAGOON, 14, 10);
    int s = ckf_fig(&F, F_SHOT, 12, 20);
    ckf_do(&F, ckf_act(CKV_AIM, d1, s, 0, 0, 0));
    ckf_dice(&F, 2, 1, 6);
    ckf_shoot(&F, d2, s);
    cr_assert_eq(ckf_f(&F, d1)->aimed, 0, "his aim went into that shot");
    cr_assert_eq(ck_shoot_factor(&F.s, d3, s, NULL), 3, "neither the spent aim nor the shot counts");
}

/* ... an aim counts only if the man who took it could still shoot the
 * target when the shot he aimed for is taken: on the table, in range and
 * in sight from where he now stands (a play-tester saw the aim of a man
 * gone off the far edge counted). */
Test(ck_shooting_factors, together_an_aim_lapses_when_its_man_can_no_longer_shoot)
{
    F.s.together = 1;
    int d1 = ckf_fig(&F, F_DRAGOON, 10, 10), d2 = ckf_fig(&F, F_DRAGOON, 12, 10), d3 = ckf_fig(&F, F_DRAGOON, 14, 10);
    int d4 = ckf_fig(&F, F_DRAGOON, 16, 10);
    int s = ckf_fig(&F, F_SHOT, 12, 20);
    for (int k = 0; k < 3; k++)
        ckf_do(&F, ckf_act(CKV_AIM, (int[]){d1, d2, d4}[k], s, 0, 0, 0));
    cr_assert_eq(ck_shoot_factor(&F.s, d3, s, NULL), 6, "3 + 3 who aimed");
    ckf_move(&F, d1, 10, 6); /* his half move after aiming: 14.1" off, beyond his 12" */
    cr_assert_eq(ck_shoot_factor(&F.s, d3, s, NULL), 5, "the aim of one out of range lapses");
    ckf_f(&F, d2)->status = FS_DEAD;
    cr_assert_eq(ck_shoot_factor(&F.s, d3, s, NULL), 4, "the aim of one no longer on the table lapses");
    ckf_dice(&F, 2, 1, 6);
    ckf_shoot(&F, d3, s);
    cr_assert(strstr(ckf_last_event(&F, "combat"), "aims of D4 +1"), "%s", ckf_last_event(&F, "combat"));
}

/* Without the option `aim` is refused, saying how shots add up instead. */
Test(ck_shooting_factors, aim_only_with_option_together)
{
    int d1 = ckf_fig(&F, F_DRAGOON, 10, 10), s = ckf_fig(&F, F_SHOT, 12, 20);
    ckf_refused(&F, ckf_act(CKV_AIM, d1, s, 0, 0, 0), "aim is for option together=yes");
    Action list[64];
    int n = ck_ops.legal(&F.s, list, 64);
    for (int k = 0; k < n; k++)
        cr_assert_neq(list[k].verb, CKV_AIM, "aim listed without the option");
    F.s.together = 1;
    n = ck_ops.legal(&F.s, list, 64);
    bool listed = false;
    for (int k = 0; k < n; k++)
        listed |= list[k].verb == CKV_AIM && list[k].piece == d1 && list[k].target == s;
    cr_assert(listed, "with the option, aim D1 S1 is listed");
}

Test(ck_shooting_factors, concentrated_fire_counts_this_turn_only)
{
    int d1 = ckf_fig(&F, F_DRAGOON, 10, 10), d2 = ckf_fig(&F, F_DRAGOON, 12, 10);
    int s = ckf_fig(&F, F_SHOT, 12, 20);
    ckf_dice(&F, 2, 1, 6);
    ckf_shoot(&F, d1, s);
    cr_assert_eq(ck_shoot_factor(&F.s, d2, s, NULL), 4);
    ckf_end(&F); /* the Royalists' move */
    cr_assert_eq(F.s.to_act, CK_ROY);
    ckf_end(&F); /* turn 2 */
    cr_assert_eq(F.s.turn, 2);
    cr_assert_eq(F.s.to_act, CK_PAR);
    cr_assert_eq(ck_shoot_factor(&F.s, d2, s, NULL), 3, "last turn's shot no longer counts");
    ckf_assert_dice(&F, 2);
}

Test(ck_shooting_factors, all_together)
{
    /* target in a field (-1), raining (-1), at 6" (+1), one other shooter (+1) */
    ckf_ground(&F, CKP_FIELD, 20, 20);
    F.s.raining = 1;
    int d1 = ckf_fig(&F, F_DRAGOON, 20, 14), d2 = ckf_fig(&F, F_DRAGOON, 26, 20);
    int s = ckf_fig(&F, F_SHOT, 20, 20);
    ckf_f(&F, d1)->shot_at = (uint8_t)s;
    ckf_f(&F, d1)->shot = 1;
    int mods = 99;
    cr_assert_eq(ck_shoot_factor(&F.s, d2, s, &mods), 3);
    cr_assert_eq(mods, 0);
}

Test(ck_shooting_factors, shooter_never_suffers)
{
    int d = ckf_fig(&F, F_DRAGOON, 10, 10), s = ckf_fig(&F, F_SHOT, 10, 20);
    ckf_dice(&F, 2, 1, 6); /* 4 against 9 */
    ckf_shoot(&F, d, s);
    ckf_assert_dice(&F, 2);
    cr_assert_eq(ckf_f(&F, d)->status, FS_ACTIVE);
    ckf_assert_at(&F, d, 10, 10);
    ckf_assert_at(&F, s, 10, 20);
    cr_assert(strstr(ckf_last_event(&F, "combat"), "\"result\":\"none\""));
}

/* ------------------------------------------------------------------ */
/* [CK Hand to hand Combat]                                            */
/* ------------------------------------------------------------------ */

Test(ck_hand_to_hand_combat, charge_moves_into_base_contact)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25);
    ckf_dice(&F, 2, 3, 4); /* 7 against 7: a tie */
    ckf_charge(&F, c, s, false);
    ckf_assert_dice(&F, 2);
    ckf_assert_at(&F, c, 20, 23.75f); /* 0.75 + 0.5 from the target's centre */
    cr_assert(ck_in_contact(ckf_f(&F, c), ckf_f(&F, s)));
    cr_assert(ckf_f(&F, c)->moved && ckf_f(&F, c)->shot, "a charge is the figure's whole turn");
}

/* [CK Playing the Game] [CK Hand to hand Combat] a charge is the
 * figure's whole turn, so one who shot first may not charge; with option
 * shoot_then_charge=yes he may, with the half move a shot first leaves
 * (a rules lawyer read the charge as that half move): 4" for a cavalryman,
 * not 5". The refusal without the option names it. */
Test(ck_hand_to_hand_combat, a_charge_after_a_shot_only_with_shoot_then_charge)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25), far = ckf_fig(&F, F_SHOT, 26, 20);
    ckf_dice(&F, 2, 1, 6); /* the pistol misses */
    ckf_shoot(&F, c, s);
    ckf_refused(&F, ckf_act(CKV_CHARGE, c, s, 0, 0, 0), "he has shot (--option shoot_then_charge=yes lets one who");
    F.s.shoot_charge = 1;
    ckf_refused(&F, ckf_act(CKV_CHARGE, c, far, 0, 0, 0), "out of reach"); /* 4.75" to contact, 4" left of 8" */
    static Action legal[MAX_ACTIONS];
    Action ch = ckf_act(CKV_CHARGE, c, s, 0, 0, 0);
    int n = ck_legal(&F.s, legal, MAX_ACTIONS), listed = 0;
    for (int k = 0; k < n; k++)
        listed += memcmp(&legal[k], &ch, sizeof ch) == 0;
    cr_assert_eq(listed, 1, "the charge after the shot is on the legal list");
    ckf_dice(&F, 2, 3, 4); /* 7 against 7: a tie */
    ckf_charge(&F, c, s, false);
    ckf_assert_dice(&F, 4);
    cr_assert(ck_in_contact(ckf_f(&F, c), ckf_f(&F, s)));
    cr_assert(ckf_f(&F, c)->moved && ckf_f(&F, c)->shot, "the charge ends his turn");
}

/* f touches t, and stands on no other enemy's base (0.1" grace). */
static void assert_room_kept(int f, int t, int other)
{
    cr_assert(ck_in_contact(ckf_f(&F, f), ckf_f(&F, t)), "in contact with his target");
    float d = ck_dist(ckf_f(&F, f)->x, ckf_f(&F, f)->y, ckf_f(&F, other)->x, ckf_f(&F, other)->y);
    cr_assert_geq(d, ck_fig_radius(ckf_f(&F, f)) + ck_fig_radius(ckf_f(&F, other)) - 0.1f - 1e-4f,
                  "his base is on the other figure's: %.3f\" apart", (double)d);
}

/* ecw: bases never overlap. The charger comes straight at the target;
 * where another enemy's base covers that point he swings round the
 * target, 15 degrees at a time either way, to the nearest point with room
 * that he can reach; touching the other enemy there is allowed. */
Test(ck_hand_to_hand_combat, charge_swings_round_where_another_base_stands)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25);
    int k = ckf_fig(&F, F_CLUBMAN, 20.6f, 23.75f); /* 0.6" from the straight point (20, 23.75) */
    ckf_dice(&F, 2, 3, 4);
    ckf_charge(&F, c, s, false);
    assert_room_kept(c, s, k);
    cr_assert_lt(ckf_f(&F, c)->x, 20, "he swung away from the clubman's side");
    cr_assert_gt(ckf_f(&F, c)->y, 23.5f, "by 15 or 30 degrees, no more: (%.2f, %.2f)", (double)ckf_f(&F, c)->x,
                 (double)ckf_f(&F, c)->y);
    char said[96]; /* the log says where he went, and that he swung */
    snprintf(said, sizeof said, "charges, swinging round, from (20.0, 20.0) to (%.1f, %.1f)", (double)ckf_f(&F, c)->x,
             (double)ckf_f(&F, c)->y);
    cr_assert(strstr(captured_last_text(&F.ev, "move"), said), "%s", captured_last_text(&F.ev, "move"));

    ckf_init(&F); /* a clubman 1.2" off: touching his base, not under it, so straight in */
    c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25);
    k = ckf_fig(&F, F_CLUBMAN, 21.2f, 23.75f);
    ckf_dice(&F, 2, 3, 4);
    ckf_charge(&F, c, s, false);
    ckf_assert_at(&F, c, 20, 23.75f);
    cr_assert(ck_in_contact(ckf_f(&F, c), ckf_f(&F, k)), "he touches the clubman too");
    cr_assert(strstr(captured_last_text(&F.ev, "move"), "charges from (20.0, 20.0) to (20.0, 23.75)"), "%s",
              captured_last_text(&F.ev, "move"));
}

/* With the straight point taken and every other point further than his
 * move, there is no charge; a friend on the spot bars it as well
 * (Movement and Ranges, bases never overlap), unless friends may share
 * ground (option share_ground). */
Test(ck_hand_to_hand_combat, no_room_within_reach_no_charge)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 15.76f), s = ckf_fig(&F, F_SHOT, 20, 25); /* 7.99" to the straight point */
    ckf_fig(&F, F_CLUBMAN, 20.6f, 23.75f);
    ckf_refused(&F, ckf_act(CKV_CHARGE, c, s, 0, 0, 0),
                "no room to touch that figure: K1's base stands at the point of contact (20.0, 23.8), and no other "
                "point of contact within reach is free");
    ckf_init(&F);
    c = ckf_fig(&F, F_CAVALRY, 20, 15.76f), s = ckf_fig(&F, F_SHOT, 20, 25);
    ckf_fig(&F, F_DRAGOON, 20, 23.75f); /* a friend on the very spot */
    ckf_refused(&F, ckf_act(CKV_CHARGE, c, s, 0, 0, 0), "D1's base stands at the point of contact (20.0, 23.8)");
    F.s.share_ground = 1;
    cr_assert_eq(ck_check(&F.s, &(Action){.verb = CKV_CHARGE, .piece = (int16_t)c, .target = (int16_t)s}, NULL), 0,
                 "share_ground=yes: friends may stand on one spot");
}

/* A friend on the straight point of contact: the charger swings round
 * him as round an enemy, and ends touching his target, on nobody's base. */
Test(ck_hand_to_hand_combat, a_charger_swings_round_a_friend_at_the_point)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25);
    int k = ckf_fig(&F, F_DRAGOON, 20, 23.75f); /* on the straight point, touching the shot: +1 */
    ckf_dice(&F, 2, 3, 5); /* 4 + 1 + 3 against 3 + 5: a tie, both stay */
    ckf_charge(&F, c, s, false);
    assert_room_kept(c, s, k);
}

/* Riding up to take a wounded man swings round the same way. */
Test(ck_hand_to_hand_combat, a_capture_ride_swings_round_too)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), w = ckf_fig(&F, F_WILMOT, 20, 25);
    ckf_f(&F, w)->wounded = 1;
    int k = ckf_fig(&F, F_SHOT, 20, 23.5f); /* on the straight point */
    F.s.pass_enemies = 1; /* else the shot bars every way round within reach (a_way_round_a_blocker...) */
    ckf_do(&F, ckf_act(CKV_CAPTURE, c, w, 0, 0, 0));
    cr_assert_eq(ckf_f(&F, w)->status, FS_PRISONER);
    assert_room_kept(c, w, k);
}

/* One man touching Charles on the charger's side bars every straight way
 * to him (No way through an enemy), but a trooper on the table would ride
 * round that man: the charge goes round with one bend, within his move,
 * and the log says by where (ecw, option ride_round). With
 * ride_round=no, or the way round beyond his move, it is refused. */
Test(ck_hand_to_hand_combat, a_charger_rides_round_the_man_in_his_way)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 18), x = ckf_fig(&F, F_CHARLES, 20, 25);
    int k = ckf_fig(&F, F_SHOT, 20, 24); /* touching Charles, on the straight point */
    Action a = {.verb = CKV_CHARGE, .piece = (int16_t)c, .target = (int16_t)x};
    F.s.no_ride_round = 1;
    ckf_refused(&F, a, "no room to touch that figure: S1's base stands at the point of contact");
    F.s.no_ride_round = 0;
    ckf_dice(&F, 2, 3, 3); /* 4 + 3 against 4 + 3: a tie, both stay */
    ckf_charge(&F, c, x, false);
    assert_room_kept(c, x, k);
    const char *said = captured_last_text(&F.ev, "move");
    cr_assert(strstr(said, "charges, riding round by ("), "%s", said);
    cr_assert_gt(fabsf(ckf_f(&F, c)->x - 20), 0.3f, "he came in from the side: %s", said);

    ckf_init(&F); /* a move short of the way round: refused */
    c = ckf_fig(&F, F_CAVALRY, 20, 16.5f), x = ckf_fig(&F, F_CHARLES, 20, 25); /* straight: 7.25", round: 8.5" */
    ckf_fig(&F, F_SHOT, 20, 24);
    ckf_refused(&F, ckf_act(CKV_CHARGE, c, x, 0, 0, 0), "no room to touch that figure");

    ckf_init(&F); /* a man on foot goes round, he does not ride (an auditor's clubman rode) */
    ckf_side(&F, CK_ROY);
    int k2 = ckf_fig(&F, F_CLUBMAN, 20, 19), y = ckf_fig(&F, F_CAVALRY, 20, 24);
    ckf_fig(&F, F_CAVALRY, 20, 22.5f); /* touching the first, on the straight point */
    ckf_dice(&F, 2, 3, 3);
    ckf_charge(&F, k2, y, false);
    said = captured_last_text(&F.ev, "move");
    cr_assert(strstr(said, "charges, going round by ("), "%s", said);
}

/* (ecw, "A charge with one bend") a charger may name a bend, as a move
 * may: to it, then straight at his man, to the point of his base that
 * faces the bend, both legs measured together and halved only if marsh,
 * woods or fields lie on one. Here the straight way grazes a field and
 * halves the charge out of reach; round its edge he reaches. The log says
 * by where; typed, told and parsed back alike. */
Test(ck_hand_to_hand_combat, a_charge_may_bend_round_difficult_ground)
{
    ckf_ground(&F, CKP_FIELD, 22.8f, 13.5f);
    int c = ckf_fig(&F, F_CAVALRY, 20, 10), s = ckf_fig(&F, F_SHOT, 20, 17.25f);
    ckf_refused(&F, ckf_act(CKV_CHARGE, c, s, 0, 0, 0), "halved");
    Action a;
    Diag d = {{0}};
    cr_assert_eq(ck_parse(&F.s, "charge C1 S1 via 19 13.5 capture", &a, &d), 0, "%s", d.msg);
    cr_assert(a.verb == CKV_CHARGE && a.arg == (CK_CHARGE_CAPTURE | CK_CHARGE_BENT) && a.bx == 19.0f && a.by == 13.5f);
    char told[80];
    ck_describe(&F.s, &a, told, sizeof told);
    cr_assert_str_eq(told, "charge C1 S1 via 19.0 13.5 capture");
    cr_assert_eq(ck_parse(&F.s, "charge C1 S1 capture via 19 13.5", &a, &d), 0, "%s", d.msg);
    cr_assert_eq(a.arg, CK_CHARGE_CAPTURE | CK_CHARGE_BENT, "either order");
    ckf_dice(&F, 2, 3, 3); /* 4+3 against 3+3: S1 recoils, taken by the charge's word */
    ckf_do(&F, a);
    cr_assert(strstr(captured_last_text(&F.ev, "move"), "charges by way of (19.0, 13.5) from (20.0, 10.0)"), "%s",
              captured_last_text(&F.ev, "move"));
    cr_assert(ck_in_contact(ckf_f(&F, c), ckf_f(&F, s)));
    cr_assert_lt(ckf_f(&F, c)->x, 20.0f, "he touches S1 on the side facing the bend");
    cr_assert_eq(ckf_f(&F, s)->status, FS_PRISONER);
}

/* (option together=yes) the odds of a join say that it fights nothing,
 * whom it helps, and that a point of contact on an unsearched piece
 * searches it and ends Parliament's turn at once, before the charge it
 * was for (a play-tester's join did so unannounced); a join or a charge
 * refuses what follows it by naming both. */
Test(ck_hand_to_hand_combat, odds_of_a_join_tell_what_it_does)
{
    F.s.together = 1;
    ckf_piece(&F, CKP_HILL, 20, 20, DISC_BLANK, PROM_BLANK);
    int d = ckf_fig(&F, F_DRAGOON, 20, 13), h = ckf_fig(&F, F_HORSE, 20, 19);
    Diag why = {{0}};
    char *text = table_odds(ckf_act(CKV_JOIN, d, h, 0, 0, 0), &why);
    cr_assert_not_null(text, "%s", why.msg);
    cr_assert(strstr(text, "closes in on horse H1 as the table stands: no fight and no dice; the next charge at horse H1 "
                           "adds +1 for him"),
              "%s", text);
    cr_assert(strstr(text, "on the unsearched hill (piece 6): closing in searches it, and Parliament's turn ends at "
                           "once"),
              "%s", text);
    /* the point of contact his base will take, which the charge after him cannot (a play-tester's) */
    cr_assert(strstr(text, "he takes his point of contact at (20.0, 17.5): whoever charges after him must find another"),
              "%s", text);
    free(text);
    ckf_do(&F, ckf_act(CKV_JOIN, d, h, 0, 0, 0));
    ckf_side(&F, CK_PAR); /* (the search ended the turn: back to it, to try him again) */
    ckf_refused(&F, ckf_act(CKV_DISMOUNT, d, 0, 0, 0, 0), NULL);
    ckf_f(&F, d)->moved = ckf_f(&F, d)->shot = 1;
    ckf_refused(&F, ckf_act(CKV_CHARGE, d, h, 0, 0, 0), "charged or closed in this turn");
}

/* [CK Movement and Ranges] a charge out of reach whose way also crosses
 * an unsearched piece says both, as a move does (a play-tester shortened
 * the way in his head and would have been refused again). */
Test(ck_hand_to_hand_combat, a_charge_out_of_reach_names_the_piece_it_crosses_too)
{
    ckf_piece(&F, CKP_FIELD, 22.8f, 13.5f, DISC_BLANK, PROM_BLANK);
    int c = ckf_fig(&F, F_CAVALRY, 20, 10), s = ckf_fig(&F, F_SHOT, 20, 17.25f);
    ckf_refused(&F, ckf_act(CKV_CHARGE, c, s, 0, 0, 0), "halved");
    ckf_refused(&F, ckf_act(CKV_CHARGE, c, s, 0, 0, 0), "; and the way crosses the unsearched field (piece 9)");
}

/* ... refused where the point facing the bend is taken, or the way round
 * is longer than his move; an arg that no typed order gives is refused. */
Test(ck_hand_to_hand_combat, a_bent_charge_refused_with_the_reason)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 10), s = ckf_fig(&F, F_SHOT, 20, 17.25f);
    ckf_fig(&F, F_CAVALRY, 19.2f, 15.9f); /* a friend where C1 would touch S1 from the bend */
    ckf_refused(&F, ckf_act(CKV_CHARGE, c, s, CK_CHARGE_BENT, 0, 0), NULL);
    Action a = ckf_act(CKV_CHARGE, c, s, CK_CHARGE_BENT, 0, 0);
    a.bx = 17, a.by = 14;
    ckf_refused(&F, a, "from the bend: C2's base stands at the point of contact");
    a.bx = 30, a.by = 14;
    ckf_refused(&F, a, "to contact by way of the bend, this figure may move 8.0\"");
    /* the halving names the piece that halves it, as a bent move's does (a play-tester's) */
    ckf_piece(&F, CKP_FIELD, 24.5f, 13.5f, DISC_BLANK, PROM_BLANK);
    F.s.pieces[CKP_FIELD].searched = 1;
    a.bx = 23.5f, a.by = 13.5f;
    ckf_refused(&F, a, "this figure may move 4.0\" (halved: the bend is in the field (piece 9))");
    a.arg = 4;
    ckf_refused(&F, a, "a charge's arg is 1 (capture) plus 2 for a bend, or 0, not 4");
    a.arg = 0;
    ckf_refused(&F, a, "a charge without a bend takes no bend point");
}

Test(ck_hand_to_hand_combat, extra_attacker_plus_one)
{
    int c1 = ckf_fig(&F, F_CAVALRY, 18.75f, 20); /* already touching S */
    int s = ckf_fig(&F, F_SHOT, 20, 20);
    int c2 = ckf_fig(&F, F_CAVALRY, 20, 26);
    cr_assert_eq(ck_melee_factor(&F.s, c2, s, true), 5, "4 + 1 for the friend touching the target");
    cr_assert_eq(ck_melee_factor(&F.s, c1, s, true), 4, "c2 is not touching yet");
    cr_assert_eq(ck_melee_factor(&F.s, s, c2, false), 3, "the defender gets nothing for it");
    ckf_dice(&F, 2, 2, 3); /* 5+2=7 against 3+3=6: recoil (without the +1, a tie) */
    ckf_charge(&F, c2, s, false);
    ckf_assert_dice(&F, 2);
    ckf_assert_at(&F, c2, 20, 21.25f);
    ckf_assert_at(&F, s, 20, 17); /* 3" straight away from c2 */
    cr_assert_eq(ckf_f(&F, s)->status, FS_ACTIVE);
    cr_assert(ckf_f(&F, s)->beaten);
    const char *ev = ckf_last_event(&F, "combat");
    cr_assert(strstr(ev, "\"att_factor\":5") && strstr(ev, "\"result\":\"recoil\""), "%s", ev);
}

Test(ck_hand_to_hand_combat, extra_attackers_add_up_and_only_the_living)
{
    int s = ckf_fig(&F, F_SHOT, 20, 20);
    ckf_fig(&F, F_CAVALRY, 18.75f, 20);
    ckf_fig(&F, F_CAVALRY, 21.25f, 20);
    int dead = ckf_fig(&F, F_DRAGOON, 20, 18.75f);
    ckf_f(&F, dead)->status = FS_DEAD;
    ckf_fig(&F, F_SHOT, 20, 21.0f); /* a Royalist friend touching him adds nothing */
    int c = ckf_fig(&F, F_CAVALRY, 20, 28);
    cr_assert_eq(ck_melee_factor(&F.s, c, s, true), 6, "4 + 2 living friends in contact");
}

Test(ck_hand_to_hand_combat, obstacle)
{
    static const struct { int piece, obstacle; } k[] = {
        {CKP_VILLAGE, 1}, {CKP_MANOR, 1}, {CKP_FIELD, 1}, {CKP_WOOD, 0}, {CKP_HILL, 0}, {CKP_MARSH, 0},
    };
    for (size_t n = 0; n < 6; n++) {
        ckf_init(&F);
        ckf_ground(&F, k[n].piece, 20, 20);
        int s = ckf_fig(&F, F_SHOT, 20, 20), c = ckf_fig(&F, F_CAVALRY, 20, 24); /* c in the open */
        cr_expect_eq(ck_melee_factor(&F.s, c, s, true), 4 - k[n].obstacle, "target in a %s",
                     ck_terrain[ck_piece_kinds[k[n].piece]].name);
        cr_expect_eq(ck_melee_factor(&F.s, c, s, false), 4, "only the attacker pays for the obstacle");
    }
}

/* (ecw, "Hedges and walls stand between") a charger who set off within
 * the village, manor or field his target stands in has no hedge or wall
 * to cross: no -1 for the obstacle, in the fight, its log and its odds
 * alike. One who set off outside it pays, though his point of contact is
 * within the piece. With cover_from_inside=yes the target's ground alone
 * counts, as before. */
Test(ck_hand_to_hand_combat, no_obstacle_against_a_charger_from_within_the_piece)
{
    static const int pieces[3] = {CKP_VILLAGE, CKP_MANOR, CKP_FIELD};
    for (int n = 0; n < 3; n++)
        for (int opt = 0; opt < 2; opt++) {
            ckf_init(&F);
            F.s.cover_inside = (uint8_t)opt;
            ckf_ground(&F, pieces[n], 20, 20);
            int s = ckf_fig(&F, F_SHOT, 20, 20), in = ckf_fig(&F, F_CAVALRY, 21.5f, 21.5f),
                out = ckf_fig(&F, F_CAVALRY, 20, 24.5f);
            const char *kind = ck_terrain[ck_piece_kinds[pieces[n]]].name;
            cr_expect_eq(ck_melee_factor(&F.s, in, s, true), 4 - opt, "from within the %s, option %d", kind, opt);
            Diag d = {{0}};
            char *text = table_odds(ckf_act(CKV_CHARGE, out, s, 0, 0, 0), &d);
            cr_assert_not_null(text, "%s", d.msg);
            cr_expect(strstr(text, "as the table stands: 3 (base 4, obstacle -1)"), "from outside the %s: %s", kind,
                      text);
            free(text);
            text = table_odds(ckf_act(CKV_CHARGE, in, s, 0, 0, 0), &d);
            cr_assert_not_null(text, "%s", d.msg);
            cr_expect(strstr(text, opt ? "as the table stands: 3 (base 4, obstacle -1)" : "as the table stands: 4 (base 4)"),
                      "from within the %s, option %d: %s", kind, opt, text);
            free(text);
            ckf_dice(&F, 2, 3, 3); /* 4+3 against 3+3 from within; 3+3, a tie, with the obstacle */
            ckf_charge(&F, in, s, false);
            const char *ev = ckf_last_event(&F, "combat");
            cr_expect(strstr(ev, opt ? "\"att_factor\":3," : "\"att_factor\":4,"), "%s, option %d: %s", kind, opt, ev);
            cr_expect_eq(ckf_f(&F, s)->status, FS_ACTIVE);
            cr_expect(opt || strstr(ev, "\"result\":\"recoil\""), "%s: %s", kind, ev);
        }
}

/* ... and a charger beaten by a defender who may take him keeps his
 * reckoning while Parliament chooses: the fight told once the choice is
 * made has no obstacle either. */
Test(ck_hand_to_hand_combat, no_obstacle_kept_while_parliament_chooses)
{
    ckf_side(&F, CK_ROY);
    ckf_ground(&F, CKP_FIELD, 20, 20);
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), h = ckf_fig(&F, F_HORSE, 21.5f, 21.5f);
    ckf_charger_beaten(&F, h, c);
    ckf_do(&F, ckf_act(CKV_END, 0, 0, 0, 0, 0));
    const char *ev = ckf_last_event(&F, "combat");
    cr_assert(strstr(ev, "\"att_factor\":4,") && strstr(ev, "\"att_total\":6"), "%s", ev);
    cr_assert_eq(F.s.pend_inside, 0, "nothing left waiting");
}

/* (ecw, option together=yes, "One combat for those who attack
 * together") `join` brings a figure into contact with the target as a
 * charge would, his whole turn, without a fight and without dice; the
 * next friend to charge the man adds +1 for him (each friend touching
 * counts), and the combat event names him among the attackers. Without
 * the option `join` is refused, saying how a charge counts friends. */
/* (option together=yes) a join that takes the last point of contact any
 * friend could still charge from is cautioned (the CLI has it given
 * twice): a play-tester's four joins at one trooper left nobody to charge.
 * A join that leaves a charge open, and a charge, are not. */
Test(ck_hand_to_hand_combat, a_join_that_leaves_no_charge_is_cautioned)
{
    F.s.together = 1;
    int t = ckf_fig(&F, F_DRAGOON, 20, 20);
    ckf_fig(&F, F_DRAGOON, 20, 21.5f);
    ckf_fig(&F, F_DRAGOON, 21.5f, 20);
    int west = ckf_fig(&F, F_DRAGOON, 18.5f, 20);
    ckf_side(&F, CK_ROY);
    int h1 = ckf_fig(&F, F_HORSE, 19, 13.5f), h2 = ckf_fig(&F, F_HORSE, 20, 13.5f);
    (void)h1;
    char why[320];
    Action join = ckf_act(CKV_JOIN, h2, t, 0, 0, 0), charge = ckf_act(CKV_CHARGE, h2, t, 0, 0, 0);
    cr_assert(ckf_ok(&F, join) && ckf_ok(&F, charge));
    cr_assert_eq(ck_caution(&F.s, &join, why, sizeof why), 1);
    cr_assert(strstr(why, "closes in where nobody left can charge") && strstr(why, "his join would add to no charge"),
              "%s", why);
    cr_assert_eq(ck_caution(&F.s, &charge, why, sizeof why), 0);
    F.s.figs[west].status = FS_DEAD; /* the west point is free again: H1 can charge after the join */
    cr_assert_eq(ck_caution(&F.s, &join, why, sizeof why), 0, "%s", why);
}

/* ... a charge by a bend of the player's choosing counts as one left open:
 * Charles stands just inside a marsh, and the straight charge ends in it
 * (halved, out of reach) where a bend brings the trooper to a point of his
 * base clear of it (a play-tester was cautioned so, then took Charles). */
Test(ck_hand_to_hand_combat, a_join_leaving_a_charge_by_a_bend_is_not_cautioned)
{
    F.s.together = 1;
    ckf_ground(&F, CKP_MARSH, 13, 25);
    int y = ckf_fig(&F, F_YOU, 13, 22.5f), c3 = ckf_fig(&F, F_CAVALRY, 19, 19.5f);
    int x = ckf_fig(&F, F_CHARLES, 15.1f, 26.8f);
    Action join = ckf_act(CKV_JOIN, y, x, 0, 0, 0), bent = ckf_act(CKV_CHARGE, c3, x, CK_CHARGE_BENT, 0, 0);
    bent.bx = 17.5f, bent.by = 24.5f;
    cr_assert(ckf_ok(&F, join) && ckf_ok(&F, bent), "the join and the bent charge are legal");
    cr_assert(!ckf_ok(&F, ckf_act(CKV_CHARGE, c3, x, 0, 0, 0)), "the straight charge ends in the marsh, out of reach");
    char why[320] = "";
    cr_assert_eq(ck_caution(&F.s, &join, why, sizeof why), 0, "%s", why);
}

/* [CK Hand to hand Combat] [CK Movement and Ranges] a straight charge
 * refused where a bend would reach names one, as a refused move does:
 * Charles just inside a marsh, the straight charge halved out of reach, a
 * bend to a point of his base clear of it; the order named, typed back, is
 * accepted (a play-tester's charge so refused named none). */
Test(ck_hand_to_hand_combat, a_charge_out_of_reach_names_a_bend_that_reaches)
{
    ckf_ground(&F, CKP_MARSH, 13, 25);
    int c3 = ckf_fig(&F, F_CAVALRY, 19, 19.5f), x = ckf_fig(&F, F_CHARLES, 15.1f, 26.8f);
    Diag d = {{0}};
    cr_assert_lt(ck_check(&F.s, &(Action){.verb = CKV_CHARGE, .piece = (int16_t)c3, .target = (int16_t)x}, &d), 0);
    const char *hint = strstr(d.msg, " (a bend reaches him: charge ");
    cr_assert(strstr(d.msg, "halved: the way ends in the marsh") && hint, "%s", d.msg);
    char order[80];
    snprintf(order, sizeof order, "%s", hint + strlen(" (a bend reaches him: "));
    order[strcspn(order, ")")] = '\0';
    Action typed;
    cr_assert_eq(ck_parse(&F.s, order, &typed, &d), 0, "'%s': %s", order, d.msg);
    cr_assert(typed.arg & CK_CHARGE_BENT, "'%s' is taken for a straight charge", order);
    cr_assert_eq(ck_check(&F.s, &typed, &d), 0, "'%s', typed back, is refused: %s", order, d.msg);
    ckf_f(&F, c3)->x = 40; /* nowhere near: no bend named */
    cr_assert_lt(ck_check(&F.s, &(Action){.verb = CKV_CHARGE, .piece = (int16_t)c3, .target = (int16_t)x}, &d), 0);
    cr_assert_null(strstr(d.msg, "a bend reaches him"), "%s", d.msg);
}

Test(ck_hand_to_hand_combat, together_join_closes_in_and_the_charge_counts_him)
{
    ckf_side(&F, CK_ROY);
    int d = ckf_fig(&F, F_DRAGOON, 20, 20), k1 = ckf_fig(&F, F_CLUBMAN, 24, 20), k2 = ckf_fig(&F, F_CLUBMAN, 16, 20);
    ckf_refused(&F, ckf_act(CKV_JOIN, k1, d, 0, 0, 0), "join is for option together=yes");
    F.s.together = 1;
    ckf_do(&F, ckf_act(CKV_JOIN, k1, d, 0, 0, 0));
    ckf_assert_dice(&F, 0);
    cr_assert(ck_in_contact(ckf_f(&F, k1), ckf_f(&F, d)), "K1 touches D1");
    cr_assert(ckf_f(&F, k1)->moved && ckf_f(&F, k1)->shot, "his whole turn");
    cr_assert(strstr(captured_last_text(&F.ev, "move"), "closes in from (24.0, 20.0)"), "%s",
              captured_last_text(&F.ev, "move"));
    ckf_refused(&F, ckf_act(CKV_CHARGE, k1, d, 0, 0, 0), NULL);
    cr_assert_eq(ck_melee_factor(&F.s, k2, d, true), 2 + 1, "clubman 2 against mounted, +1 for K1");
    ckf_dice(&F, 2, 6, 1); /* 3+6=9 against 3+1=4: half or less, dead */
    ckf_charge(&F, k2, d, false);
    const char *ev = ckf_last_event(&F, "combat");
    cr_assert(strstr(ev, "\"attackers\":[3,2]") && strstr(ev, "\"supporters\":1"), "%s", ev);
    cr_assert_eq(ckf_f(&F, d)->status, FS_DEAD);
}

Test(ck_hand_to_hand_combat, obstacle_makes_a_tie)
{
    ckf_ground(&F, CKP_VILLAGE, 20, 20);
    int s = ckf_fig(&F, F_SHOT, 20, 20), c = ckf_fig(&F, F_CAVALRY, 20, 28);
    ckf_dice(&F, 2, 4, 4); /* 3+4 against 3+4 */
    ckf_charge(&F, c, s, false);
    ckf_assert_dice(&F, 2);
    ckf_assert_at(&F, c, 20, 21.25f);
    ckf_assert_at(&F, s, 20, 20);
    cr_assert_eq(ckf_f(&F, s)->status, FS_ACTIVE);
    cr_assert_eq(ckf_f(&F, c)->status, FS_ACTIVE);
    cr_assert(strstr(ckf_last_event(&F, "combat"), "\"att_factor\":3"));
}

Test(ck_hand_to_hand_combat, uphill)
{
    /* the defender on the hill, the attacker below it: a tie, 4+4 against 3+1+4 */
    ckf_ground(&F, CKP_HILL, 20, 20);
    int s = ckf_fig(&F, F_SHOT, 20, 22.5f), c = ckf_fig(&F, F_CAVALRY, 20, 30);
    ckf_dice(&F, 2, 4, 4);
    ckf_charge(&F, c, s, false);
    ckf_assert_dice(&F, 2);
    ckf_assert_at(&F, c, 20, 23.75f); /* stopped below the slope */
    cr_assert_eq(ck_piece_at(&F.s, 20, 23.75f), -1);
    ckf_assert_at(&F, s, 20, 22.5f);
    cr_assert(strstr(ckf_last_event(&F, "combat"), "\"def_factor\":4"));
}

Test(ck_hand_to_hand_combat, uphill_attacker)
{
    ckf_ground(&F, CKP_HILL, 20, 20);
    int c = ckf_fig(&F, F_CAVALRY, 20, 18), s = ckf_fig(&F, F_SHOT, 20, 24);
    ckf_dice(&F, 2, 1, 2); /* 4+1+1=6 against 3+2=5 */
    ckf_charge(&F, c, s, false);
    ckf_assert_dice(&F, 2);
    ckf_assert_at(&F, c, 20, 22.75f);
    cr_assert_eq(ck_piece_at(&F.s, 20, 22.75f), CKP_HILL);
    ckf_assert_at(&F, s, 20, 27);
    cr_assert(strstr(ckf_last_event(&F, "combat"), "\"att_factor\":5"));
}

/* [CK Hand to hand Combat] a man on a hilltop charged from below: by
 * default each side's ground goes by where it fights, and the charger's
 * point of contact is on the hill too, so neither is uphill (an auditor's
 * "hill-holder never gets +1 when charged"); under uphill=set_off the
 * charger is judged where he set off, below, and the holder gets +1. */
Test(ck_hand_to_hand_combat, uphill_set_off_judges_the_charger_where_he_set_off)
{
    ckf_ground(&F, CKP_HILL, 20, 20);
    int s = ckf_fig(&F, F_SHOT, 20, 20), c = ckf_fig(&F, F_CAVALRY, 20, 28);
    CkState start = F.s;
    ckf_dice(&F, 2, 4, 4);
    ckf_charge(&F, c, s, false);
    cr_assert_eq(ck_piece_at(&F.s, ckf_f(&F, c)->x, ckf_f(&F, c)->y), CKP_HILL, "contact on the hill's slope");
    const char *ev = ckf_last_event(&F, "combat");
    cr_assert(strstr(ev, "\"att_factor\":4") && strstr(ev, "\"def_factor\":3"), "neither uphill: %s", ev);
    F.s = start;
    F.s.uphill_set_off = 1;
    ckf_dice(&F, 2, 4, 4);
    ckf_charge(&F, c, s, false);
    ev = ckf_last_event(&F, "combat");
    cr_assert(strstr(ev, "\"att_factor\":4") && strstr(ev, "\"def_factor\":4"), "the holder uphill: %s", ev);
    /* and one who set off on the hill charging a man below it is uphill of him */
    F.s = start;
    F.s.uphill_set_off = 1;
    ckf_f(&F, s)->y = 27, ckf_f(&F, c)->y = 21;
    ckf_dice(&F, 2, 4, 4);
    ckf_charge(&F, c, s, false);
    ev = ckf_last_event(&F, "combat");
    cr_assert(strstr(ev, "\"att_factor\":5") && strstr(ev, "\"def_factor\":3"), "the charger uphill: %s", ev);
}

Test(ck_hand_to_hand_combat, both_on_the_hill_no_bonus)
{
    ckf_ground(&F, CKP_HILL, 20, 20);
    int c = ckf_fig(&F, F_CAVALRY, 20, 19), s = ckf_fig(&F, F_SHOT, 20, 21);
    cr_assert_eq(ck_melee_factor(&F.s, c, s, true), 4);
    cr_assert_eq(ck_melee_factor(&F.s, s, c, false), 3);
}

Test(ck_hand_to_hand_combat, woods_mounted_minus_two)
{
    ckf_ground(&F, CKP_WOOD, 20, 20);
    int s = ckf_fig(&F, F_SHOT, 20, 20), c = ckf_fig(&F, F_CAVALRY, 20, 24);
    ckf_dice(&F, 2, 2, 3); /* 4-2+2=4 against 3-1+3=5: the cavalryman is beaten */
    ckf_charge(&F, c, s, false);
    ckf_assert_dice(&F, 2);
    const char *ev = ckf_last_event(&F, "combat");
    cr_assert(strstr(ev, "\"att_factor\":2") && strstr(ev, "\"def_factor\":2"), "%s", ev);
    cr_assert_eq(ckf_f(&F, c)->status, FS_ACTIVE, "Parliament troops are never captured");
    ckf_assert_at(&F, c, 20, 25.25f); /* from (20, 21.25) 4" straight away */
    ckf_assert_at(&F, s, 20, 20);
    cr_assert(!ckf_f(&F, s)->beaten);
}

/* [CK Hand to hand Combat] who fights "in" a wood: by default each where
 * he stands, so a horseman charging a shot just inside a wood's edge, his
 * point of contact outside it, fights at his whole factor while the shot
 * pays -1; under wood_fight=shared a fight across the edge is fought in
 * the wood by both (a solo player found the wood a trap for the hidden;
 * 2026-12-02). Clubmen pay nothing either way. */
Test(ck_hand_to_hand_combat, wood_fight_shared_puts_both_in_the_wood)
{
    ckf_ground(&F, CKP_WOOD, 20, 20); /* a 3" wood: the shot 0.6" inside its edge, the horseman outside */
    int s = ckf_fig(&F, F_SHOT, 20, 22.4f), c = ckf_fig(&F, F_CAVALRY, 20, 23.65f);
    int k = ckf_fig(&F, F_CLUBMAN, 22.4f, 20);
    cr_assert_eq(ck_melee_factor(&F.s, c, s, true), 4, "own: the horseman outside fights whole");
    cr_assert_eq(ck_melee_factor(&F.s, s, c, false), 3 - 1, "own: the shot in the wood -1");
    F.s.wood_shared = 1;
    cr_assert_eq(ck_melee_factor(&F.s, c, s, true), 4 - 2, "shared: the horseman fights in the wood, -2");
    cr_assert_eq(ck_melee_factor(&F.s, s, c, false), 3 - 1, "shared: the shot too, -1");
    cr_assert_eq(ck_melee_factor(&F.s, k, c, false), 2, "shared: a clubman pays nothing");
    ckf_dice(&F, 3, 3);
    ckf_charge(&F, c, s, false);
    const char *ev = ckf_last_event(&F, "combat");
    cr_assert(strstr(ev, "\"att_factor\":2") && strstr(ev, "\"def_factor\":2"), "the fight counts it: %s", ev);
}

Test(ck_hand_to_hand_combat, woods_and_marsh_by_figure)
{
    /* each figure fights a shot in the open 10" away, so only its own ground counts */
    static const int grounds[] = {CKP_WOOD, CKP_MARSH};
    for (int g = 0; g < 2; g++) {
        ckf_init(&F);
        ckf_ground(&F, grounds[g], 20, 20);
        int opp = ckf_fig(&F, F_SHOT, 20, 34);
        int c = ckf_fig(&F, F_CAVALRY, 20, 20), d = ckf_fig(&F, F_DRAGOON, 21, 20);
        int dd = ckf_fig(&F, F_DRAGOON, 19, 20), s = ckf_fig(&F, F_SHOT, 20, 21);
        int k = ckf_fig(&F, F_CLUBMAN, 20, 19), w = ckf_fig(&F, F_WILMOT, 21, 21), x = ckf_fig(&F, F_CHARLES, 19, 19);
        ckf_f(&F, dd)->mounted = 0;
        const char *gn = ck_terrain[ck_piece_kinds[grounds[g]]].name;
        cr_expect_eq(ck_melee_factor(&F.s, c, opp, false), 4 - 2, "cavalry in %s", gn);
        cr_expect_eq(ck_melee_factor(&F.s, d, opp, false), 3 - 2, "mounted dragoon in %s", gn);
        cr_expect_eq(ck_melee_factor(&F.s, dd, opp, false), 3 - 1, "dragoon on foot in %s", gn);
        cr_expect_eq(ck_melee_factor(&F.s, w, c, false), 4 - 2, "Wilmot in %s", gn);
        cr_expect_eq(ck_melee_factor(&F.s, x, c, false), 4 - 1, "Charles (foot) in %s", gn);
        cr_expect_eq(ck_melee_factor(&F.s, s, c, false), 3 - 1, "shot in %s", gn);
        cr_expect_eq(ck_melee_factor(&F.s, k, c, false), 2, "clubmen pay nothing in %s", gn);
    }
    /* fields and villages are not woods or marsh */
    ckf_init(&F);
    ckf_ground(&F, CKP_FIELD, 20, 20);
    int opp = ckf_fig(&F, F_SHOT, 20, 34), c = ckf_fig(&F, F_CAVALRY, 20, 20);
    cr_expect_eq(ck_melee_factor(&F.s, c, opp, false), 4);
}

/* ------------------------------------------------------------------ */
/* [CK Combat Outcomes]                                                */
/* ------------------------------------------------------------------ */

Test(ck_combat_outcomes, loser_above_half_recoils_half_move)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25);
    ckf_dice(&F, 2, 3, 1); /* 7 against 4: 4 is more than half of 7 */
    ckf_charge(&F, c, s, false);
    ckf_assert_dice(&F, 2);
    cr_assert_eq(ckf_f(&F, s)->status, FS_ACTIVE);
    ckf_assert_at(&F, s, 20, 28);       /* half of 6" straight away */
    ckf_assert_at(&F, c, 20, 23.75f);   /* there is no pursuit */
    cr_assert(ckf_f(&F, s)->beaten);
}

Test(ck_combat_outcomes, recoil_from_a_shot_is_straight_away)
{
    int d = ckf_fig(&F, F_DRAGOON, 10, 10), s = ckf_fig(&F, F_SHOT, 14, 13); /* 5" away: +1 */
    ckf_dice(&F, 2, 3, 1); /* 4+3=7 against 3+1=4 */
    ckf_shoot(&F, d, s);
    ckf_assert_dice(&F, 2);
    ckf_assert_at(&F, s, 16.4f, 14.8f);
    ckf_assert_at(&F, d, 10, 10);
    cr_assert(!ckf_f(&F, s)->beaten, "beaten by a shot, not hand to hand: no capture");
}

Test(ck_combat_outcomes, parliament_loser_recoils_half_move)
{
    ckf_side(&F, CK_ROY);
    int s = ckf_fig(&F, F_SHOT, 10, 30), c = ckf_fig(&F, F_CAVALRY, 10, 22);
    ckf_dice(&F, 2, 6, 1); /* 3+6=9 against 4+1=5 */
    ckf_shoot(&F, s, c);
    ckf_assert_dice(&F, 2);
    cr_assert_eq(ckf_f(&F, c)->status, FS_ACTIVE);
    ckf_assert_at(&F, c, 10, 18); /* half of 8" */
}

/* A dragoon on foot at (10, 22) recoils from a shot S of him, which beats
 * him (4+5=9 against 3+2=5): where he ends up. */
static float dismounted_dragoon_recoils_to(void)
{
    ckf_side(&F, CK_ROY);
    int s = ckf_fig(&F, F_SHOT, 10, 30), d = ckf_fig(&F, F_DRAGOON, 10, 22);
    ckf_f(&F, d)->mounted = 0;
    ckf_dice(&F, 2, 5, 2);
    ckf_shoot(&F, s, d);
    ckf_assert_dice(&F, 2);
    cr_assert_eq(ckf_f(&F, d)->status, FS_ACTIVE);
    cr_assert_float_eq(ckf_f(&F, d)->x, 10.0f, 1e-3f);
    return ckf_f(&F, d)->y;
}

/* Regression test for a bug fixed in (src/games/ck/ck_combat.c, recoil): the doc gives a dragoon on foot
 * a move of 6" and has the loser recoil "half his move"; recoil() uses
 * ck_figs[type].move / 2 = 4" whatever the dragoon's state. */
Test(ck_combat_outcomes, dismounted_dragoon_recoils_half_of_six)
{
    float y = dismounted_dragoon_recoils_to(); /* (once: the assertion reads its arguments more than once) */
    cr_assert_float_eq(y, 19.0f, 1e-3f);
}

Test(ck_combat_outcomes, dismounted_dragoon_recoils_half_of_eight_under_dragoons_on_foot_8)
{
    F.s.foot_dragoons_full = 1;
    float y = dismounted_dragoon_recoils_to();
    cr_assert_float_eq(y, 18.0f, 1e-3f);
}

Test(ck_combat_outcomes, recoil_kept_on_the_table)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 44), s = ckf_fig(&F, F_SHOT, 20, 46);
    ckf_dice(&F, 2, 3, 1);
    ckf_charge(&F, c, s, false);
    ckf_assert_dice(&F, 2);
    cr_assert_eq(ckf_f(&F, s)->status, FS_ACTIVE, "a recoil is no voluntary exit");
    ckf_assert_at(&F, s, 20, 47.5f);
}

/* A recoil's way, as a move's (Movement and Ranges): an enemy in it stops
 * the loser, bases touching (unless pass_enemies=yes). */
Test(ck_combat_outcomes, recoil_stops_at_an_enemy_in_the_way)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25);
    ckf_fig(&F, F_DRAGOON, 20, 28.5f); /* behind the shot: his 3" back would end 0.5" from him */
    ckf_dice(&F, 2, 3, 1);              /* 7 against 4: a recoil */
    ckf_charge(&F, c, s, false);
    ckf_assert_at(&F, s, 20, 27.25f);   /* 1.25": the two bases touch */
    const char *said = captured_last_text(&F.ev, "combat");
    cr_assert(said && strstr(said, "recoils to (20.0, 27.2), stopped by dragoon D1's base"), "%s", said ? said : "(none)");
    ckf_init(&F);
    F.s.pass_enemies = 1;
    c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25);
    ckf_fig(&F, F_DRAGOON, 20, 28.5f);
    ckf_dice(&F, 2, 3, 1);
    ckf_charge(&F, c, s, false);
    ckf_assert_at(&F, s, 20, 28); /* pass_enemies=yes: ecw's earlier reading, straight back */
}

/* A recoil stops at the table's edge; a friend standing there still
 * stops him short, bases touching (kept on the table first, then checked:
 * he used to be pushed back onto the table onto the friend's base). */
Test(ck_combat_outcomes, recoil_at_the_edge_stops_short_of_a_friend_there)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 41), s = ckf_fig(&F, F_SHOT, 20, 46);
    int k = ckf_fig(&F, F_CLUBMAN, 20.3f, 47.4f); /* at the edge, just beside his way north */
    ckf_dice(&F, 2, 3, 1);                        /* 7 against 4: a recoil, 3" north: 1.5" to the edge */
    ckf_charge(&F, c, s, false);
    float d = ck_dist(ckf_f(&F, s)->x, ckf_f(&F, s)->y, ckf_f(&F, k)->x, ckf_f(&F, k)->y);
    cr_assert_geq(d, 1.0f - CK_BASE_GRACE, "the shot stands %.2f\" from the clubman, on his base", (double)d);
    cr_assert_lt(ckf_f(&F, s)->y, 46.5f, "stopped short of him: (%.2f, %.2f)", (double)ckf_f(&F, s)->x,
                 (double)ckf_f(&F, s)->y);
    const char *said = captured_last_text(&F.ev, "combat");
    cr_assert(said && strstr(said, "stopped by clubman K1's base"), "%s", said ? said : "(none)");
}

/* A charger whose straight point of contact would put his base over the
 * table's edge swings round to a point where it is on the table. */
Test(ck_hand_to_hand_combat, a_charger_keeps_his_base_on_the_table)
{
    int c = ckf_fig(&F, F_CAVALRY, 0.75f, 18), s = ckf_fig(&F, F_SHOT, 0.5f, 22); /* the shot at the west edge */
    ckf_dice(&F, 2, 3, 3); /* 4+3 against 3+3: the shot recoils, the charger stays where he touched */
    ckf_charge(&F, c, s, false);
    cr_assert_geq(ckf_f(&F, c)->x, 0.75f - 1e-4f, "his base over the edge: (%.3f, %.3f)", (double)ckf_f(&F, c)->x,
                  (double)ckf_f(&F, c)->y);
}

/* A recoil stops where the loser's base touches the table's edge: a
 * horseman's 1.5" base 0.75" in (ecw: no base hangs over the edge). */
Test(ck_combat_outcomes, recoil_stops_with_his_base_on_the_table)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 42.5f), h = ckf_fig(&F, F_HORSE, 20, 45);
    ckf_dice(&F, 2, 3, 1); /* 4+3=7 against 4+1=5: a recoil, 4" north */
    ckf_charge(&F, c, h, false);
    ckf_assert_at(&F, h, 20, 47.25f);
}

/* A charger already touching his man charges where he stands, and the
 * log says so, not "charges from" with nowhere to (a play-tester's). */
Test(ck_hand_to_hand_combat, a_charge_from_contact_says_he_was_touching_him)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 21.25f);
    ckf_dice(&F, 2, 3, 3);
    ckf_charge(&F, c, s, false);
    ckf_assert_at(&F, c, 20, 20);
    cr_assert(strstr(captured_last_text(&F.ev, "move"), "charges, already touching him, at (20.0, 20.0)"), "%s",
              captured_last_text(&F.ev, "move"));
}

/* ... and so does one touching him within the grace, who closes the last
 * hundredths: no "at (13.4, 23.5) to (13.4, 23.5)" (a play-tester's). */
Test(ck_hand_to_hand_combat, a_charge_from_near_contact_says_where_he_stands_once)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 21.256f);
    ckf_dice(&F, 2, 3, 3);
    ckf_charge(&F, c, s, false);
    const char *said = captured_last_text(&F.ev, "move");
    cr_assert(strstr(said, "charges, already touching him, at (20.0, 20.0"), "%s", said);
    cr_assert_null(strstr(said, ") to ("), "%s", said);
}

/* ... and one whose base touches the edge already cannot recoil at all:
 * the log says so, not "recoils to" where he stands (a play-tester's). */
Test(ck_combat_outcomes, a_loser_at_the_table_edge_cannot_recoil)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 44.5f), h = ckf_fig(&F, F_HORSE, 20, 47.25f);
    ckf_dice(&F, 2, 3, 1); /* 4+3=7 against 4+1=5: a recoil, north, where the edge is */
    ckf_charge(&F, c, h, false);
    ckf_assert_at(&F, h, 20, 47.25f);
    const char *said = captured_last_text(&F.ev, "combat");
    cr_assert(said && strstr(said, "horse H1 cannot recoil: the table's edge is behind him"), "%s", said ? said : "(none)");
}

/* ... and one whose recoil leaves him where the roster shows him (to
 * 0.1") is told he cannot recoil, not that he "recoils to" that spot (a
 * play-tester's Wilmot in a corner). */
Test(ck_combat_outcomes, a_recoil_too_short_to_show_is_told_as_none)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 44.57f), h = ckf_fig(&F, F_HORSE, 20, 47.22f); /* 0.03" from the edge */
    ckf_dice(&F, 2, 3, 1);
    ckf_charge(&F, c, h, false);
    cr_assert_float_eq(ckf_f(&F, h)->y, 47.25f, 1e-4, "he went back the 0.03\" there was");
    const char *said = captured_last_text(&F.ev, "combat");
    cr_assert(said && strstr(said, "horse H1 cannot recoil: the table's edge is behind him"), "%s", said ? said : "(none)");
}

/* ... and an enemy already touching him on the side he would go does
 * not let him slide across his base: the recoil is stopped at once. */
Test(ck_combat_outcomes, recoil_stopped_at_once_by_an_enemy_touching_him_ahead)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25);
    ckf_fig(&F, F_DRAGOON, 20.85f, 25.85f); /* 1.2" off: touching, within the grace, north-east of him */
    ckf_dice(&F, 2, 2, 3);                  /* 4+1+2=7 (the dragoon touching him) against 3+3=6: a recoil */
    ckf_charge(&F, c, s, false);
    ckf_assert_at(&F, s, 20, 25);
    const char *said = captured_last_text(&F.ev, "combat");
    /* not "recoils to" where he stands (a play-tester's) */
    cr_assert(said && strstr(said, "shot S1 cannot recoil: dragoon D1's base stands in his way"), "%s", said ? said : "(none)");
}

/* ... and Charles, whose recoil is cut short so, rolls to be wounded or
 * killed, and a wound says why too (a play-tester's "Charles X is
 * wounded" where a recoil was due did not). */
Test(ck_combat_outcomes, a_wound_from_a_recoil_cut_short_says_so)
{
    F.s.blocked_dies = 1;
    int c = ckf_fig(&F, F_CAVALRY, 30, 20), x = ckf_fig(&F, F_CHARLES, 30, 25);
    ckf_fig(&F, F_DRAGOON, 30, 26.3f); /* touching him behind */
    ckf_dice(&F, 3, 3, 2, 5);         /* 4+3=7 against 4+2=6: beaten, not by half; 5: wounded */
    ckf_charge(&F, c, x, false);
    ckf_assert_dice(&F, 3);
    cr_assert(ckf_f(&F, x)->wounded, "wounded");
    const char *text = captured_last_text(&F.ev, "combat");
    cr_assert(strstr(text, "Charles X is wounded, his recoil cut short (Charles X cannot recoil: dragoon D1's base "
                           "stands in his way)"),
              "%s", text);
}

/* Option blocked_recoil=dies (DBA): a loser whose recoil an enemy's base
 * or the table's edge cuts short is destroyed, and the log says why; a
 * friend in his way only stops him, as ever (a play-tester as the
 * Royalists shot a boxed-in trooper three times for nothing). */
Test(ck_combat_outcomes, blocked_recoil_dies_when_an_enemy_or_the_edge_cuts_it_short)
{
    F.s.blocked_dies = 1;
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25);
    ckf_fig(&F, F_DRAGOON, 20.85f, 25.85f); /* touching him on the side he would go */
    ckf_dice(&F, 2, 2, 3);                  /* 4+1+2=7 against 3+3=6: beaten, not by half */
    ckf_charge(&F, c, s, false);
    cr_assert_eq(ckf_f(&F, s)->status, FS_DEAD, "his recoil cut short at once: he dies");
    const char *ev = ckf_last_event(&F, "combat");
    cr_assert(strstr(ev, "\"result\":\"dead\"") && strstr(ev, "\"cut_short\":1"), "%s", ev);
    cr_assert(strstr(captured_last_text(&F.ev, "combat"),
                     "shot S1 dies, his recoil cut short (shot S1 cannot recoil: dragoon D1's base stands in his way)"),
              "%s", captured_last_text(&F.ev, "combat"));
    /* the table's edge */
    int c2 = ckf_fig(&F, F_CAVALRY, 30, 44.5f), h = ckf_fig(&F, F_HORSE, 30, 47.25f);
    ckf_dice(&F, 2, 3, 1); /* 4+3=7 against 4+1=5 */
    ckf_charge(&F, c2, h, false);
    cr_assert_eq(ckf_f(&F, h)->status, FS_DEAD, "the edge behind him: he dies");
    cr_assert(strstr(captured_last_text(&F.ev, "combat"), "horse H1 dies, his recoil cut short by the table's edge"), "%s",
              captured_last_text(&F.ev, "combat"));
    /* a friend in his way stops him short, as without the option */
    int c3 = ckf_fig(&F, F_CAVALRY, 10, 20), s3 = ckf_fig(&F, F_SHOT, 10, 25);
    ckf_fig(&F, F_CLUBMAN, 10, 27.0f); /* where his recoil would end */
    ckf_dice(&F, 2, 3, 1);
    ckf_charge(&F, c3, s3, false);
    cr_assert_eq(ckf_f(&F, s3)->status, FS_ACTIVE, "stopped by a friend, not killed");
    cr_assert_gt(ckf_f(&F, s3)->y, 25.1f, "he went back as far as his friend let him");
}

/* A recoil passes friends as a move does, but never ends on a base: where
 * its end stands on a friend's it stops short, touching him (unless
 * share_ground=yes). */
Test(ck_combat_outcomes, recoil_never_ends_on_a_friend)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25);
    ckf_fig(&F, F_CLUBMAN, 20, 26.5f); /* on the way back, not at its end */
    ckf_dice(&F, 2, 3, 1);
    ckf_charge(&F, c, s, false);
    ckf_assert_at(&F, s, 20, 28);
    for (int share = 0; share < 2; share++) {
        ckf_init(&F);
        F.s.share_ground = (uint8_t)share;
        c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25);
        ckf_fig(&F, F_CLUBMAN, 20, 28.3f); /* at its end */
        ckf_dice(&F, 2, 3, 1);
        ckf_charge(&F, c, s, false);
        if (share)
            ckf_assert_at(&F, s, 20, 28);
        else
            ckf_assert_at(&F, s, 20, 27.3f); /* 1": the two bases touch */
    }
}

/* [CK Captured Persons] A guard driven back takes his prisoner with him,
 * and the prisoner's base may no more end on another's than his: the
 * first base either of their ways meets stops them both. */
Test(ck_combat_outcomes, a_guard_driven_back_stops_where_his_prisoner_meets_a_base)
{
    ckf_side(&F, CK_ROY);
    int s = ckf_fig(&F, F_SHOT, 20, 30), g = ckf_fig(&F, F_CAVALRY, 20, 25);
    int p = ckf_fig(&F, F_HORSE, 21, 25);
    ckf_prisoner(&F, p, g);
    ckf_f(&F, p)->x = 21.25f; /* on foot now, bases touching his guard's */
    ckf_fig(&F, F_DRAGOON, 21.25f, 20); /* behind the prisoner, not behind the guard */
    ckf_dice(&F, 2, 4, 1); /* 3+1+4=8 (half range) against 4+1=5: the guard recoils, 4" back */
    ckf_shoot(&F, s, g);
    /* the prisoner's base (0.5") meets the dragoon's (0.75") at 1.25" from
     * it: 20 + 1.25 = 21.25, 3.75" back, and the guard with him */
    ckf_assert_at(&F, p, 21.25f, 21.25f);
    ckf_assert_at(&F, g, 20, 21.25f);
    const char *said = captured_last_text(&F.ev, "combat");
    cr_assert(said && strstr(said, "stopped by dragoon D1's base"), "%s", said ? said : "(none)");
}

Test(ck_combat_outcomes, half_or_less_is_dead)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25);
    ckf_dice(&F, 2, 6, 2); /* 10 against 5: exactly half */
    ckf_charge(&F, c, s, false);
    ckf_assert_dice(&F, 2);
    cr_assert_eq(ckf_f(&F, s)->status, FS_DEAD);
    ckf_assert_at(&F, c, 20, 23.75f);
    cr_assert(strstr(ckf_last_event(&F, "combat"), "\"result\":\"dead\""));

    ckf_init(&F);
    c = ckf_fig(&F, F_CAVALRY, 20, 20);
    s = ckf_fig(&F, F_SHOT, 20, 25);
    ckf_dice(&F, 2, 5, 2); /* 9 against 5: more than half, only a recoil */
    ckf_charge(&F, c, s, false);
    cr_assert_eq(ckf_f(&F, s)->status, FS_ACTIVE);
    ckf_assert_at(&F, s, 20, 28);
}

/* The log line ends with the loser by name, and for a recoil where he
 * stands after it: the referee moves the figures on the table by it. */
static void assert_said(int loser, const char *what)
{
    char want[96];
    snprintf(want, sizeof want, "): %s %s", ck_fig_label(&F.s, loser, &F.io).s, what);
    const char *text = captured_last_text(&F.ev, "combat");
    cr_assert(text && strstr(text, want), "the combat line should end '%s': %s", want, text ? text : "(none)");
}

/* The odds of a fight on the table (the prompt's `odds`): its text, or
 * NULL with d set; the caller frees. */
static char *table_odds(Action a, Diag *d)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    cr_assert_not_null(f);
    int rc = ck_action_odds(&F.s, &a, f, d);
    fclose(f);
    if (rc < 0) {
        free(out);
        return NULL;
    }
    return out;
}

/* The odds at the table use the factors the fight then uses, part by
 * part: the charger at his point of contact (here in a wood, -2 for a
 * horseman, and the target uphill, +1), a friend touching the target. */
Test(ck_combat_outcomes, odds_at_the_table_use_the_factors_of_the_fight)
{
    ckf_ground(&F, CKP_WOOD, 20, 21);
    ckf_ground(&F, CKP_HILL, 20, 27);
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25);
    ckf_fig(&F, F_DRAGOON, 21.25f, 25);
    Diag d = {{0}};
    char *text = table_odds(ckf_act(CKV_CHARGE, c, s, 0, 0, 0), &d);
    cr_assert_not_null(text, "%s", d.msg);
    int af = -99, dfac = -99;
    const char *at = strstr(text, "as the table stands: ");
    cr_assert(at && sscanf(at, "as the table stands: %d (%*[^)]) against %d", &af, &dfac) == 2, "%s", text);
    cr_assert(af == 3 && dfac == 4, "4 - 2 woods + 1 friend against 3 + 1 uphill: %s", text);
    cr_assert(strstr(text, "base 4, woods or marsh -2, others in contact D1 +1") && strstr(text, "base 3, uphill +1"),
              "%s", text);
    cr_assert(strstr(text, "total (exactly one of these happens)         1.0000"), "%s", text);
    cr_assert(strstr(text, "(add 'capture'"), "%s", text);
    free(text);
    ckf_dice(&F, 2, 3, 3);
    ckf_charge(&F, c, s, false);
    const char *ev = ckf_last_event(&F, "combat");
    char want[64];
    snprintf(want, sizeof want, "\"att_factor\":%d,", af);
    cr_assert(strstr(ev, want), "odds said %d: %s", af, ev);
    snprintf(want, sizeof want, "\"def_factor\":%d,", dfac);
    cr_assert(strstr(ev, want), "odds said %d: %s", dfac, ev);
    cr_assert(strstr(ev, "\"supporters\":1"), "the friend touching counted: %s", ev);
}

/* Found by a play-tester: the odds of a charge say what else it does
 * (Captured Persons, Playing the Game): the prisoners its charger leaves
 * escape, and a point of contact on an unsearched piece searches it and
 * ends Parliament's turn. */
Test(ck_combat_outcomes, odds_of_a_charge_tell_what_else_it_does)
{
    ckf_piece(&F, CKP_HILL, 20, 28, DISC_BLANK, PROM_BLANK);
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 26.5f);
    int k = ckf_fig(&F, F_CLUBMAN, 40, 40);
    ckf_prisoner(&F, k, c);
    Diag d = {{0}};
    char *text = table_odds(ckf_act(CKV_CHARGE, c, s, 1, 0, 0), &d);
    cr_assert_not_null(text, "%s", d.msg);
    cr_assert(strstr(text, "  clubman K1, whom he guards, escapes as he charges\n"), "%s", text);
    cr_assert(strstr(text, "  his point of contact is on the unsearched hill (piece 6): the charge searches it, and "
                           "Parliament's turn ends after the fight\n"),
              "%s", text);
    free(text);
    ckf_f(&F, s)->y = 22, ckf_f(&F, k)->status = FS_ACTIVE; /* in the open, nobody held */
    text = table_odds(ckf_act(CKV_CHARGE, c, s, 1, 0, 0), &d);
    cr_assert_not_null(text, "%s", d.msg);
    cr_assert(!strstr(text, "escapes") && !strstr(text, "unsearched"), "%s", text);
    free(text);
}

/* Found by a play-tester guarding Wilmot: in his own turn a player may ask
 * the odds of the enemy's charge at his man, as the enemy would find the
 * table at the start of its turn (its figures fresh). */
Test(ck_combat_outcomes, odds_of_the_enemys_charge_as_his_turn_would_find_it)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), w = ckf_fig(&F, F_WILMOT, 20, 26);
    ckf_f(&F, c)->moved = ckf_f(&F, c)->shot = 1; /* he acted in Parliament's last turn */
    ckf_side(&F, CK_ROY);
    Diag d = {{0}};
    char *text = table_odds(ckf_act(CKV_CHARGE, c, w, 1, 0, 0), &d);
    cr_assert_not_null(text, "%s", d.msg);
    cr_assert(strstr(text, "(if Parliament moved now, every figure of theirs fresh)\n"), "%s", text);
    cr_assert(strstr(text, "cavalry C1 charges Wilmot W as the table stands"), "%s", text);
    free(text);
    cr_assert(F.s.to_act == CK_ROY && ckf_f(&F, c)->moved, "the game untouched");
    ckf_f(&F, w)->y = 35; /* beyond his reach */
    text = table_odds(ckf_act(CKV_CHARGE, c, w, 1, 0, 0), &d);
    cr_assert_null(text);
    cr_assert(strstr(d.msg, "out of reach"), "%s", d.msg);
    /* the refusal is said as Parliament would be told it: its advice is theirs
     * (a play-tester read "go round him" as meant for himself) */
    cr_assert(strstr(d.msg, "Parliament could not give that order now; they would be told: "), "%s", d.msg);
    ckf_side(&F, CK_PAR); /* in his own turn, his own refusal as ever */
    ckf_f(&F, c)->moved = ckf_f(&F, c)->shot = 0;
    text = table_odds(ckf_act(CKV_CHARGE, c, w, 1, 0, 0), &d);
    cr_assert_null(text);
    cr_assert(strstr(d.msg, "out of reach") && !strstr(d.msg, "they would be told"), "%s", d.msg);
}

/* The prompt's odds name the commander by his side, not "(you)": a
 * Royalist player charging him reads it too. */
Test(ck_combat_outcomes, odds_at_the_table_name_the_parliament_commander)
{
    int y = ckf_fig(&F, F_YOU, 20, 20);
    int h = ckf_fig(&F, F_HORSE, 20, 25);
    ckf_side(&F, CK_ROY);
    Diag d = {{0}};
    char *text = table_odds(ckf_act(CKV_CHARGE, h, y, 0, 0, 0), &d);
    cr_assert_not_null(text, "%s", d.msg);
    cr_assert(strstr(text, "horse charges the Parliament commander (You): factor"), "%s", text);
    cr_assert(strstr(text, "(you)") == NULL, "%s", text);
    free(text);
}

/* (option together=yes) the odds of an aim say that it shoots nothing and
 * which shot it helps, as a join's do; an aim the rules refuse is refused
 * with their reason. */
Test(ck_shooting_factors, odds_of_an_aim_tell_what_it_does)
{
    F.s.together = 1;
    int d = ckf_fig(&F, F_DRAGOON, 20, 13), s = ckf_fig(&F, F_SHOT, 20, 19), far = ckf_fig(&F, F_SHOT, 20, 40);
    Diag why = {{0}};
    char *text = table_odds(ckf_act(CKV_AIM, d, s, 0, 0, 0), &why);
    cr_assert_not_null(text, "%s", why.msg);
    cr_assert(strstr(text, "dragoon D1 takes aim at shot S1: no shot and no dice now; the next shot at shot S1 adds +1 "
                           "for him"), "%s", text);
    cr_assert(strstr(text, "'odds shoot F S1'"), "%s", text);
    free(text);
    cr_assert_null(table_odds(ckf_act(CKV_AIM, d, far, 0, 0, 0), &why), "an aim out of range has no odds");
    cr_assert_gt(strlen(why.msg), 0);
}

Test(ck_combat_outcomes, odds_at_the_table_only_for_a_legal_shot_or_charge)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 35);
    Diag d = {{0}};
    cr_assert_null(table_odds(ckf_act(CKV_MOVE, c, 0, 0, 20, 22), &d));
    cr_assert(strstr(d.msg, "only a shot, a charge, an aim or a join has odds"), "%s", d.msg);
    cr_assert_null(table_odds(ckf_act(CKV_CHARGE, c, s, 0, 0, 0), &d));
    cr_assert(strstr(d.msg, "out of reach"), "%s", d.msg);
}

/* A cavalryman at (20, 20) charges a shot at (20, 25), the dice given
 * (cavalry 4 + ad against shot 3 + dd); *c and *s: who they are. */
static void cavalry_charges_shot(int ad, int dd, int *c, int *s)
{
    ckf_init(&F);
    *c = ckf_fig(&F, F_CAVALRY, 20, 20), *s = ckf_fig(&F, F_SHOT, 20, 25);
    ckf_dice(&F, 2, ad, dd);
    ckf_charge(&F, *c, *s, false);
}

Test(ck_combat_outcomes, combat_line_names_the_loser_and_his_recoil)
{
    int c, s;
    cavalry_charges_shot(5, 2, &c, &s); /* 9 against 5: the shot recoils */
    assert_said(s, "recoils to (20.0, 28.0)");
    ckf_assert_at(&F, s, 20, 28);
    cavalry_charges_shot(1, 6, &c, &s); /* 5 against 9: the charger recoils */
    assert_said(c, "recoils to (20.0, 19.8)");
    ckf_assert_at(&F, c, 20, 19.75f);
    cavalry_charges_shot(2, 3, &c, &s); /* 6 against 6 */
    const char *text = captured_last_text(&F.ev, "combat");
    cr_assert(text && strstr(text, "): a tie, both stay"), "%s", text ? text : "(none)");
}

Test(ck_combat_outcomes, parliament_figures_die_too)
{
    ckf_side(&F, CK_ROY);
    int s = ckf_fig(&F, F_SHOT, 10, 30), c = ckf_fig(&F, F_CAVALRY, 10, 25); /* 5": +1 */
    ckf_dice(&F, 2, 6, 1); /* 3+1+6=10 against 4+1=5 */
    ckf_shoot(&F, s, c);
    ckf_assert_dice(&F, 2);
    cr_assert_eq(ckf_f(&F, c)->status, FS_DEAD);
    assert_said(c, "dies");
}

static void charles_or_wilmot(int type, int die)
{
    ckf_init(&F);
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), p = ckf_fig(&F, type, 20, 25);
    ckf_dice(&F, 3, 6, 1, die); /* 10 against 5, then his own die */
    ckf_charge(&F, c, p, false);
    ckf_assert_dice(&F, 3);
    cr_assert_eq(F.dice.sides[2], 6);
    if (die >= 4) {
        cr_assert_eq(ckf_f(&F, p)->status, FS_ACTIVE, "%s on a %d: wounded", ck_figs[type].name, die);
        cr_assert(ckf_f(&F, p)->wounded);
        ckf_assert_at(&F, p, 20, 25); /* wounded, not driven back */
    } else {
        cr_assert_eq(ckf_f(&F, p)->status, FS_DEAD, "%s on a %d: dead", ck_figs[type].name, die);
    }
}

Test(ck_combat_outcomes, charles_wounded_on_4_to_6)
{
    for (int die = 1; die <= 6; die++) {
        charles_or_wilmot(F_CHARLES, die);
        charles_or_wilmot(F_WILMOT, die);
    }
}

Test(ck_combat_outcomes, wounded_person_can_be_captured)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), x = ckf_fig(&F, F_CHARLES, 20, 25);
    ckf_dice(&F, 3, 6, 1, 5);
    ckf_charge(&F, c, x, false);
    cr_assert(ckf_f(&F, x)->wounded);
    ckf_do(&F, ckf_act(CKV_CAPTURE, c, x, 0, 0, 0));
    ckf_assert_dice(&F, 3);
    cr_assert_eq(ckf_f(&F, x)->status, FS_PRISONER);
    cr_assert_eq(ckf_f(&F, x)->guard, c);
}

/* A wounded Charles or Wilmot may be taken prisoner: a trooper who has not yet
 * moved nor shot rides up to him within his move and takes him, without a
 * fight (no dice); beyond his move, or after moving, he cannot. */
Test(ck_combat_outcomes, wounded_person_is_taken_without_a_fight)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 14), x = ckf_fig(&F, F_CHARLES, 20, 20);
    int far = ckf_fig(&F, F_CAVALRY, 20, 5), moved = ckf_fig(&F, F_CAVALRY, 26, 20);
    ckf_f(&F, x)->wounded = 1;
    ckf_refused(&F, ckf_act(CKV_CAPTURE, far, x, 0, 0, 0), "out of reach");
    ckf_f(&F, moved)->moved = 1;
    ckf_refused(&F, ckf_act(CKV_CAPTURE, moved, x, 0, 0, 0), "must not have moved");
    ckf_dice(&F, 0);
    ckf_do(&F, ckf_act(CKV_CAPTURE, c, x, 0, 0, 0));
    ckf_assert_dice(&F, 0);
    cr_assert_eq(ckf_f(&F, x)->status, FS_PRISONER);
    cr_assert_eq(ckf_f(&F, x)->guard, c);
    cr_assert_float_eq(ckf_f(&F, c)->y, 18.75f, 0.01, "he rode up to base contact (bases 1.5\" and 1\")");
    cr_assert(ckf_f(&F, c)->moved);
}

Test(ck_combat_outcomes, charge_may_take_a_wounded_person_at_once)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), w = ckf_fig(&F, F_WILMOT, 20, 25);
    ckf_dice(&F, 3, 6, 1, 6); /* 10 against 5, then a 6: wounded */
    ckf_charge(&F, c, w, true);
    ckf_assert_dice(&F, 3);
    cr_assert_eq(ckf_f(&F, w)->status, FS_PRISONER);
    cr_assert_eq(ckf_f(&F, w)->guard, c);
    cr_assert(ckf_f(&F, w)->wounded);
    cr_assert_eq(ckf_f(&F, w)->mounted, 0);
    /* on a 1-3 he is dead, prisoner or not */
    ckf_init(&F);
    c = ckf_fig(&F, F_CAVALRY, 20, 20);
    int x = ckf_fig(&F, F_CHARLES, 20, 25);
    ckf_dice(&F, 3, 6, 1, 3);
    ckf_charge(&F, c, x, true);
    cr_assert_eq(ckf_f(&F, x)->status, FS_DEAD);
}

Test(ck_combat_outcomes, wounded_by_a_shot_too)
{
    /* a dragoon (2 against mounted) cannot beat Wilmot (4) by half: he recoils 4" */
    int d = ckf_fig(&F, F_DRAGOON, 10, 10), w = ckf_fig(&F, F_WILMOT, 10, 20);
    ckf_dice(&F, 2, 6, 1); /* 2+6=8 against 4+1=5 */
    ckf_shoot(&F, d, w);
    ckf_assert_dice(&F, 2);
    cr_assert_eq(ckf_f(&F, w)->status, FS_ACTIVE);
    cr_assert(!ckf_f(&F, w)->wounded);
    ckf_assert_at(&F, w, 10, 24);
    /* a pistol at 3" against Charles on foot: 4+1+6=11 against 4+1=5, then his die */
    ckf_init(&F);
    int c = ckf_fig(&F, F_CAVALRY, 10, 17);
    int x = ckf_fig(&F, F_CHARLES, 10, 20);
    ckf_dice(&F, 3, 6, 1, 4);
    ckf_shoot(&F, c, x);
    ckf_assert_dice(&F, 3);
    cr_assert_eq(ckf_f(&F, x)->status, FS_ACTIVE);
    cr_assert(ckf_f(&F, x)->wounded);
}

Test(ck_combat_outcomes, tie_leaves_both)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25);
    ckf_dice(&F, 2, 2, 3); /* 6 against 6 */
    ckf_charge(&F, c, s, false);
    ckf_assert_dice(&F, 2);
    ckf_assert_at(&F, c, 20, 23.75f);
    ckf_assert_at(&F, s, 20, 25);
    cr_assert_eq(ckf_f(&F, s)->status, FS_ACTIVE);
    cr_assert_eq(ckf_f(&F, c)->status, FS_ACTIVE);
    cr_assert(!ckf_f(&F, s)->beaten);
    const char *ev = ckf_last_event(&F, "combat");
    cr_assert(strstr(ev, "\"result\":\"none\"") && strstr(ev, "\"loser\":null"), "%s", ev);
}

Test(ck_combat_outcomes, parliament_may_capture_the_beaten)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), h = ckf_fig(&F, F_HORSE, 20, 25);
    ckf_dice(&F, 2, 4, 1); /* 8 against 5 */
    ckf_charge(&F, c, h, true);
    ckf_assert_dice(&F, 2);
    const CkFig *p = ckf_f(&F, h);
    cr_assert_eq(p->status, FS_PRISONER);
    cr_assert_eq(p->guard, c);
    cr_assert_eq(p->mounted, 0, "captured horse go on foot");
    cr_assert(ck_in_contact(p, ckf_f(&F, c)), "prisoners stand in base contact with the guard");
    cr_assert(strstr(ckf_last_event(&F, "combat"), "\"result\":\"captured\""));
}

Test(ck_combat_outcomes, beaten_man_captured_after_the_fight)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25);
    int c2 = ckf_fig(&F, F_CAVALRY, 20, 29.25f); /* where s will recoil to be touched */
    ckf_dice(&F, 2, 3, 1);
    ckf_charge(&F, c, s, false);
    ckf_assert_at(&F, s, 20, 28);
    cr_assert(ck_in_contact(ckf_f(&F, c2), ckf_f(&F, s)));
    ckf_do(&F, ckf_act(CKV_CAPTURE, c2, s, 0, 0, 0));
    cr_assert_eq(ckf_f(&F, s)->status, FS_PRISONER);
    cr_assert_eq(ckf_f(&F, s)->guard, c2);
    /* c2 had not acted; taking the man is his last act of the turn (ecw) */
    cr_assert(ckf_f(&F, c2)->moved && ckf_f(&F, c2)->shot, "the captor is done for the turn");
    ckf_refused(&F, ckf_act(CKV_ESCORT, c2, 0, 0, 0, 0), "took a prisoner this turn: either is its whole turn");
}

/* A man taken stays where he was beaten, his base touching his captor's
 * (not on it); a horseman taken goes on foot, and his smaller base is
 * drawn in along the same line to touch. */
Test(ck_combat_outcomes, a_man_taken_stays_where_he_was_touching_his_captor)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25);
    int c2 = ckf_fig(&F, F_CAVALRY, 20, 29.25f);
    ckf_dice(&F, 2, 3, 1);
    ckf_charge(&F, c, s, false);
    ckf_do(&F, ckf_act(CKV_CAPTURE, c2, s, 0, 0, 0));
    ckf_assert_at(&F, s, 20, 28); /* where he recoiled to, 1.25" from c2: touching */

    ckf_init(&F);
    c = ckf_fig(&F, F_CAVALRY, 20, 20);
    int h = ckf_fig(&F, F_HORSE, 20, 25);
    ckf_dice(&F, 2, 5, 1); /* 4+5 against 4+1: beaten, not by half */
    ckf_charge(&F, c, h, true);
    cr_assert_eq(ckf_f(&F, h)->status, FS_PRISONER);
    ckf_assert_at(&F, c, 20, 23.5f);
    ckf_assert_at(&F, h, 20, 24.75f); /* on foot: 0.75 + 0.5 from his guard, on the same line */
    cr_assert(ck_in_contact(ckf_f(&F, c), ckf_f(&F, h)));
}

/* With late_capture=no (players who read the choice as the winner's, made
 * in the fight) the recoiled man cannot be taken afterwards; a wounded
 * Charles or Wilmot still can. */
Test(ck_combat_outcomes, late_capture_no_leaves_the_choice_to_the_charge)
{
    F.s.no_late_capture = 1;
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25);
    int c2 = ckf_fig(&F, F_CAVALRY, 20, 29.25f);
    ckf_dice(&F, 2, 3, 1);
    ckf_charge(&F, c, s, false);
    ckf_assert_at(&F, s, 20, 28);
    cr_assert(ck_in_contact(ckf_f(&F, c2), ckf_f(&F, s)));
    ckf_refused(&F, ckf_act(CKV_CAPTURE, c2, s, 0, 0, 0), "charge F T capture");
    int x = ckf_fig(&F, F_CHARLES, 21.25f, 29.25f); /* touching c2 */
    ckf_f(&F, x)->wounded = 1;
    ckf_do(&F, ckf_act(CKV_CAPTURE, c2, x, 0, 0, 0));
    cr_assert_eq(ckf_f(&F, x)->status, FS_PRISONER);
    CkState st;
    Options o = {0};
    opt_set(&o, "late_capture", "no", NULL);
    cr_assert_eq(ck_setup(&st, &o, 1, NULL), 0);
    cr_assert(st.no_late_capture, "the option sets it");
}

Test(ck_combat_outcomes, dead_cannot_be_captured)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25);
    ckf_dice(&F, 2, 6, 1); /* 10 against 4 */
    ckf_charge(&F, c, s, true);
    cr_assert_eq(ckf_f(&F, s)->status, FS_DEAD, "half or less: dead even when Parliament wanted him");
}

Test(ck_combat_outcomes, royalist_attacker_beaten_is_taken)
{
    ckf_side(&F, CK_ROY);
    F.s.defender_takes = CK_TAKE_YES; /* taken at once, without asking */
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), h = ckf_fig(&F, F_HORSE, 20, 25);
    ckf_dice(&F, 2, 2, 5); /* horse 4+2=6 against 4+5=9 */
    ckf_charge(&F, h, c, false);
    ckf_assert_dice(&F, 2);
    ckf_assert_at(&F, c, 20, 20);
    cr_assert_eq(ckf_f(&F, h)->status, FS_PRISONER);
    cr_assert_eq(ckf_f(&F, h)->guard, c);
    cr_assert_eq(ckf_f(&F, h)->mounted, 0);
}

/* By default (defender_takes=ask) Parliament chooses: a Royalist charger
 * beaten by less by a defender who has room to guard him waits, the
 * Royalist turn paused, while Parliament is to act with two actions, take
 * him or `end` to let him go; nothing else is allowed. Taking him makes
 * him a prisoner, letting him go makes him recoil; then the Royalists go
 * on. The combat is told once the choice is made. */
Test(ck_combat_outcomes, parliament_chooses_whether_to_take_a_beaten_charger)
{
    for (int take = 0; take < 2; take++) {
        ckf_init(&F);
        ckf_side(&F, CK_ROY);
        int c = ckf_fig(&F, F_CAVALRY, 20, 20), h = ckf_fig(&F, F_HORSE, 20, 25);
        ckf_dice(&F, 2, 2, 5); /* horse 4+2=6 against 4+5=9 */
        ckf_charge(&F, h, c, false);
        cr_assert_eq(F.s.phase, CP_DEFEND, "the fight waits for Parliament");
        cr_assert_eq(ck_ops.current_player(&F.s), CK_PAR);
        cr_assert_eq(ckf_f(&F, h)->status, FS_ACTIVE, "not taken yet");
        Action acts[8];
        cr_assert_eq(ck_ops.legal(&F.s, acts, 8), 2, "take him or let him go");
        cr_assert_eq(acts[0].verb, CKV_CAPTURE);
        cr_assert_eq(acts[1].verb, CKV_END);
        ckf_refused(&F, ckf_act(CKV_MOVE, c, 0, 0, 20, 18), "first say whether C1 takes H1");
        ckf_do(&F, take ? ckf_act(CKV_CAPTURE, c, h, 0, 0, 0) : ckf_act(CKV_END, 0, 0, 0, 0, 0));
        cr_assert_eq(F.s.phase, CP_ROYALIST, "the Royalist turn goes on");
        cr_assert_eq(ck_ops.current_player(&F.s), CK_ROY);
        if (take) {
            cr_assert_eq(ckf_f(&F, h)->status, FS_PRISONER);
            cr_assert_eq(ckf_f(&F, h)->guard, c);
        } else {
            cr_assert_eq(ckf_f(&F, h)->status, FS_ACTIVE);
            ckf_assert_at(&F, h, 20, 25.5f); /* recoiled from contact at (20, 21.5), 4" away */
        }
        cr_assert(strstr(captured_last_text(&F.ev, "combat"), take ? "taken prisoner" : "recoils"), "%s",
                  captured_last_text(&F.ev, "combat"));
    }
}

/* With defender_takes=no the Parliament defender lets a beaten Royalist
 * charger go: he recoils as any loser does. */
Test(ck_combat_outcomes, defender_takes_no_lets_a_beaten_charger_go)
{
    ckf_side(&F, CK_ROY);
    F.s.defender_takes = CK_TAKE_NO;
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), h = ckf_fig(&F, F_HORSE, 20, 25);
    ckf_dice(&F, 2, 2, 5); /* horse 4+2=6 against 4+5=9 */
    ckf_charge(&F, h, c, false);
    cr_assert_eq(ckf_f(&F, h)->status, FS_ACTIVE, "not taken");
    ckf_assert_at(&F, h, 20, 25.5f); /* from contact at (20, 21.5), 4" away */
}

Test(ck_combat_outcomes, royalist_attacker_recoils_from_a_full_guard)
{
    ckf_side(&F, CK_ROY);
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), h = ckf_fig(&F, F_HORSE, 20, 25);
    for (int k = 0; k < 4; k++) {
        int p = ckf_fig(&F, F_CLUBMAN, 30, 10);
        ckf_prisoner(&F, p, c);
    }
    ckf_dice(&F, 2, 2, 5);
    ckf_charge(&F, h, c, false);
    cr_assert_eq(ckf_f(&F, h)->status, FS_ACTIVE);
    ckf_assert_at(&F, h, 20, 25.5f); /* from contact at (20, 21.5), 4" away */
    for (int k = 2; k < 6; k++)
        cr_assert_eq(ckf_f(&F, k)->status, FS_PRISONER, "the winner keeps his prisoners");
}

Test(ck_combat_outcomes, parliament_troops_cannot_be_captured)
{
    ckf_side(&F, CK_ROY);
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25);
    ckf_refused(&F, ckf_act(CKV_CHARGE, s, c, 1, 0, 0), "Parliament");
    ckf_dice(&F, 2, 6, 1); /* shot 3+6=9 against cavalry 4+1=5 */
    ckf_charge(&F, s, c, false);
    ckf_assert_dice(&F, 2);
    cr_assert_eq(ckf_f(&F, c)->status, FS_ACTIVE);
    ckf_assert_at(&F, c, 20, 16);       /* 4" away from s at (20, 21.25) */
    ckf_assert_at(&F, s, 20, 21.25f);
    ckf_refused(&F, ckf_act(CKV_CAPTURE, s, c, 0, 0, 0), "Parliament");
}

/* ------------------------------------------------------------------ */
/* [CK Combat Outcomes] the combat event: every part of each factor    */
/* ------------------------------------------------------------------ */

/* The shot's event lists the base and each modifier that counted (cover,
 * other shooters, half range, rain), the earlier shooter among the
 * attackers, and the totals they make with the dice. */
Test(ck_combat_outcomes, combat_event_lists_every_shooting_factor)
{
    ckf_ground(&F, CKP_FIELD, 10, 20); /* the target behind hedges: -1 */
    int d1 = ckf_fig(&F, F_DRAGOON, 4, 20), d2 = ckf_fig(&F, F_DRAGOON, 10, 15), s = ckf_fig(&F, F_SHOT, 10, 20);
    F.s.raining = 1;
    ckf_dice(&F, 2, 1, 6);
    ckf_shoot(&F, d1, s); /* 3-1-1+1 = 2, +1 against 3+6: nothing */
    ckf_dice(&F, 2, 6, 1);
    ckf_shoot(&F, d2, s); /* 3 -1 cover +1 other shooter +1 half range -1 rain = 3, +6 = 9 against 3+1 = 4 */
    const char *ev = ckf_last_event(&F, "combat");
    char want[160];
    snprintf(want, sizeof want, "\"attackers\":[%d,%d]", d2 + 1, d1 + 1);
    cr_assert(strstr(ev, want), "the earlier shooter is listed: %s", ev);
    cr_assert(strstr(ev, "\"att_factors\":{\"base\":3,\"cover\":-1,\"shooters\":1,\"half_range\":1,\"rain\":-1}"),
              "%s", ev);
    cr_assert(strstr(ev, "\"att_factor\":3,\"att_roll\":6,\"att_total\":9"), "%s", ev);
    cr_assert(strstr(ev, "\"def_factors\":{\"base\":3},\"def_factor\":3,\"def_roll\":1,\"def_total\":4"), "%s", ev);
    cr_assert(strstr(ev, "\"result\":\"dead\""), "%s", ev);
}

/* Hand to hand: the friends touching the target are attackers too, and
 * uphill, obstacle and woods-or-marsh appear as parts of the factors. */
Test(ck_combat_outcomes, combat_event_lists_every_melee_factor)
{
    ckf_ground(&F, CKP_VILLAGE, 20, 25); /* the target defends an obstacle: -1 */
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), t = ckf_fig(&F, F_SHOT, 20, 25);
    int helper = ckf_fig(&F, F_DRAGOON, 21.25f, 25); /* mounted, touching the shot */
    cr_assert(ck_in_contact(ckf_f(&F, helper), ckf_f(&F, t)));
    ckf_dice(&F, 2, 4, 4);
    ckf_charge(&F, c, t, false); /* 4 -1 obstacle +1 other in contact = 4, +4 = 8 against 3+4 = 7 */
    const char *ev = ckf_last_event(&F, "combat");
    char want[64];
    snprintf(want, sizeof want, "\"attackers\":[%d,%d]", c + 1, helper + 1);
    cr_assert(strstr(ev, want), "%s", ev);
    cr_assert(strstr(ev, "\"att_factors\":{\"base\":4,\"obstacle\":-1,\"supporters\":1},\"att_factor\":4"), "%s", ev);
    cr_assert(strstr(ev, "\"def_factors\":{\"base\":3},\"def_factor\":3"), "%s", ev);
    cr_assert(strstr(ev, "others in contact D1 +1"), "the log line says it in words: %s", ev);
}

/* The combat event comes first, then what follows from it (the capture),
 * and Charles's or Wilmot's second die is part of it. */
Test(ck_combat_outcomes, combat_event_before_its_consequences)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), x = ckf_fig(&F, F_CHARLES, 20, 21.25f);
    ckf_dice(&F, 3, 6, 1, 5); /* 4+6=10 against 4+1=5: half or less; 5: wounded, and taken */
    ckf_charge(&F, c, x, true);
    ckf_assert_dice(&F, 3);
    int combat = captured_index(&F.ev, "combat", true), capture = captured_index(&F.ev, "capture", true);
    cr_assert(combat >= 0 && capture > combat, "combat %d, then capture %d", combat, capture);
    cr_assert(strstr(F.ev.json[combat], "\"wound_roll\":5,\"result\":\"captured\""), "%s", F.ev.json[combat]);
    cr_assert_eq(ckf_f(&F, x)->status, FS_PRISONER);
    cr_assert(ckf_f(&F, x)->wounded);
    /* the line says the wound too (a referee saw it only in the roster; the wounded move at half rate) */
    cr_assert(strstr(F.ev.text[combat], ": Charles X is wounded and taken prisoner"), "%s", F.ev.text[combat]);
}

/* Does the text of the odds of a at the table hold `part` (or not)? */
static void odds_say(Action a, const char *part, bool said)
{
    Diag d = {{0}};
    char *text = table_odds(a, &d);
    cr_assert_not_null(text, "%s", d.msg);
    if (said)
        cr_assert(strstr(text, part), "'%s' not in: %s", part, text);
    else
        cr_assert_null(strstr(text, part), "'%s' in: %s", part, text);
    free(text);
}

/* A Royalist charger beaten not by half recoils only where Parliament lets
 * him go: the odds say so (a tester read his recoil as certain beside the
 * chance of his capture), and say nothing of it where Parliament takes
 * every beaten charger (defender_takes=yes). */
Test(ck_combat_outcomes, the_odds_of_a_royalist_charge_say_his_recoil_waits_on_parliament)
{
    int c = ckf_fig(&F, F_CAVALRY, 30, 45.5f);
    ckf_side(&F, CK_ROY);
    int h = ckf_fig(&F, F_HORSE, 30, 47.2f); /* the north edge behind him */
    Action charge = ckf_act(CKV_CHARGE, h, c, 0, 0, 0);
    odds_say(charge, "  if the attacker is beaten and not by half and Parliament lets him go: ", true);
    F.s.defender_takes = CK_TAKE_YES;
    odds_say(charge, "if the attacker is beaten", false);
    F.s.defender_takes = CK_TAKE_NO;
    odds_say(charge, "  if the attacker is beaten and not by half: ", true);
}

/* The odds of a fight at a man who could not go his full recoil say where
 * a recoil would leave him, and what option blocked_recoil=dies makes of
 * it (a play-tester read "recoils 0.64" at a trooper boxed in by his men). */
Test(ck_combat_outcomes, the_odds_say_a_recoil_is_cut_short)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25);
    ckf_fig(&F, F_DRAGOON, 20.85f, 25.85f); /* touching him on the side he would go */
    Action charge = ckf_act(CKV_CHARGE, c, s, 0, 0, 0), capture = ckf_act(CKV_CHARGE, c, s, CK_CHARGE_CAPTURE, 0, 0);
    odds_say(charge, "  if the target is beaten and not by half: shot S1 cannot recoil: dragoon D1's base stands in his "
                     "way\n",
             true);
    F.s.blocked_dies = 1;
    odds_say(charge, "his way; with blocked_recoil=dies he dies instead, as the chances above count it\n", true);
    odds_say(charge, "  target (shot) dead", true); /* the recoil counted as death */
    odds_say(charge, "target (shot) recoils", false);
    odds_say(capture, "if the target is beaten", false); /* taken, not driven back */
    ckf_f(&F, 2)->status = FS_DEAD; /* the way clear: where he would go said all the same (a play-tester's) */
    odds_say(charge, "  if the target is beaten and not by half: shot S1 recoils to (20.0, 28.", true);
    odds_say(charge, "cannot recoil", false);
    /* the charger's own recoil, cut short by the table's edge behind him */
    int c2 = ckf_fig(&F, F_CAVALRY, 30, 0.8f), h = ckf_fig(&F, F_SHOT, 30, 2.05f);
    odds_say(ckf_act(CKV_CHARGE, c2, h, 0, 0, 0),
             "  if the attacker is beaten and not by half: cavalry C2 cannot recoil: the table's edge is behind him; "
             "with blocked_recoil=dies he dies instead, as the chances above count it\n",
             true);
    /* a guard who sets off to charge has left his prisoner: the note does not send his recoil by the man's way
     * (a play-tester read both "escapes as he charges" and "stands in his prisoner's way") */
    int g = ckf_fig(&F, F_CAVALRY, 10, 30), k = ckf_fig(&F, F_CLUBMAN, 40, 40), t = ckf_fig(&F, F_SHOT, 10, 33);
    ckf_prisoner(&F, k, g);
    ckf_f(&F, k)->x = 10, ckf_f(&F, k)->y = 28.75f; /* behind him */
    ckf_fig(&F, F_DRAGOON, 10, 27.2f);               /* a friend beyond the prisoner */
    odds_say(ckf_act(CKV_CHARGE, g, t, 0, 0, 0), "escapes as he charges", true);
    odds_say(ckf_act(CKV_CHARGE, g, t, 0, 0, 0), "his prisoner", false);
}

/* The odds of a fight may be asked while arrivals wait to come on (a
 * play-tester's were refused, "first bring on the arrivals"): as the table
 * stands, the figures fresh. */
Test(ck_hand_to_hand_combat, odds_while_arrivals_wait)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25);
    F.s.phase = CP_ARRIVE, F.s.to_act = CK_PAR;
    F.s.arrive_side = CK_PAR, F.s.arrive_type = F_CAVALRY, F.s.arrive_count = 1, F.s.arrive_edge = 3;
    odds_say(ckf_act(CKV_CHARGE, c, s, 0, 0, 0), "(if Parliament moved now, every figure of theirs fresh)", true);
    odds_say(ckf_act(CKV_CHARGE, c, s, 0, 0, 0), "target (shot) recoils", true);
}

/* [CK Combat Outcomes] the odds at the table of a Royalist charge at a
 * trooper with room to guard him name the game's option, not `ecw odds`'s
 * flag --lets-go, which means nothing at the prompt (a newcomer's). */
Test(ck_combat_outcomes, table_odds_name_the_option_defender_takes)
{
    int h = ckf_fig(&F, F_HORSE, 20, 25), c = ckf_fig(&F, F_CAVALRY, 20, 20);
    ckf_side(&F, CK_ROY);
    odds_say(ckf_act(CKV_CHARGE, h, c, 0, 0, 0), "charger (option defender_takes): shown taken", true);
    odds_say(ckf_act(CKV_CHARGE, h, c, 0, 0, 0), "--lets-go", false);
}

/* [CK Hand to hand Combat] by default (uphill=contact) a beaten Royalist charger who set
 * off on a hill leaves the waiting fight's state as before the option
 * came: pend_inside holds only CK_OFF_WALLS, so the state hash of games
 * recorded before uphill=set_off is unchanged and their records replay. */
Test(ck_combat_outcomes, a_charge_from_a_hill_by_default_keeps_the_old_state)
{
    ckf_side(&F, CK_ROY);
    ckf_ground(&F, CKP_HILL, 20, 26);
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), h = ckf_fig(&F, F_HORSE, 20, 26);
    ckf_dice(&F, 2, 2, 5); /* horse 4+2=6 against 4+5=9 */
    ckf_charge(&F, h, c, false);
    cr_assert_eq(F.s.phase, CP_DEFEND, "the fight waits for Parliament");
    cr_assert_eq(F.s.pend_inside, 0, "default option: no hill bit in the hashed state (got %d)", F.s.pend_inside);
}
