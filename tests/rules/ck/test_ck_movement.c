/* test_ck_movement.c - To Catch a King [CK Movement and Ranges]: the rates
 * and ranges of every figure, half moves in marsh, woods and fields (not
 * for clubmen), shooting before moving, dragoons mounting and dismounting,
 * line of sight, and Royalists leaving by the far edge. Each from a
 * hand-made position on open ground unless a piece is placed; the pieces
 * used as ground here are already searched, so moving onto them searches
 * nothing. */
#include "ck_fixture.h"

static Ckf F;

CKF_SUITE(ck_movement_and_ranges);

/* The rulebook's rates and ranges, with ecw's where it is silent (Charles
 * 6", a dragoon on foot 6"; Royalist horse as cavalry). */
static const struct {
    int   type;
    float move, range;
} book_rates[] = {
    {F_CLUBMAN, 6, 12}, {F_SHOT, 6, 12}, {F_DRAGOON, 8, 12}, {F_CAVALRY, 8, 6},
    {F_YOU, 8, 6},      {F_WILMOT, 8, 0}, {F_CHARLES, 6, 0}, {F_HORSE, 8, 6},
};

Test(ck_movement_and_ranges, table_values)
{
    for (size_t k = 0; k < 8; k++) {
        int t = book_rates[k].type;
        cr_expect_float_eq(ck_figs[t].move, book_rates[k].move, 1e-6, "%s moves %.0f\"", ck_figs[t].name,
                           (double)book_rates[k].move);
        cr_expect_float_eq(ck_figs[t].range, book_rates[k].range, 1e-6, "%s shoots %.0f\"", ck_figs[t].name,
                           (double)book_rates[k].range);
    }
}

/* A figure of `type` at (20, 20) on open ground moves exactly `rate` and
 * not 0.1" more (past the 0.075" grace), in any direction. */
static void check_rate(int type, bool on_foot, float rate)
{
    ckf_init(&F);
    ckf_side(&F, ck_figs[type].side);
    ckf_fig(&F, F_YOU, 40, 2); /* Parliament stays on the table: the game goes on */
    int i = ckf_fig(&F, type, 20, 20);
    if (on_foot)
        ckf_f(&F, i)->mounted = 0;
    const char *name = ck_figs[type].name;
    cr_expect(!ckf_ok(&F, ckf_act(CKV_MOVE, i, 0, 0, 20, 20 + rate + 0.1f)), "%s: %.2f\" is too far", name,
              (double)rate + 0.1);
    cr_expect(!ckf_ok(&F, ckf_act(CKV_MOVE, i, 0, 0, 20 - (rate + 0.1f) * 0.6f, 20 - (rate + 0.1f) * 0.8f)),
              "%s: too far on a slant", name);
    cr_expect(ckf_ok(&F, ckf_act(CKV_MOVE, i, 0, 0, 20 - rate * 0.6f, 20 - rate * 0.8f)), "%s: %.0f\" on a slant",
              name, (double)rate);
    ckf_move(&F, i, 20, 20 + rate);
    ckf_assert_at(&F, i, 20, 20 + rate);
    cr_expect(ckf_f(&F, i)->moved);
}

Test(ck_movement_and_ranges, rates)
{
    check_rate(F_CLUBMAN, false, 6);
    check_rate(F_SHOT, false, 6);
    check_rate(F_DRAGOON, false, 8);
    check_rate(F_DRAGOON, true, 6);
    check_rate(F_CAVALRY, false, 8);
    check_rate(F_YOU, false, 8);
    check_rate(F_WILMOT, false, 8);
    check_rate(F_CHARLES, false, 6);
    check_rate(F_HORSE, false, 8);
}

Test(ck_movement_and_ranges, wounded_limp_at_half_rate)
{
    ckf_side(&F, CK_ROY);
    int x = ckf_fig(&F, F_CHARLES, 10, 10), w = ckf_fig(&F, F_WILMOT, 30, 10);
    ckf_f(&F, x)->wounded = ckf_f(&F, w)->wounded = 1;
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, x, 0, 0, 10, 13)));
    cr_assert(!ckf_ok(&F, ckf_act(CKV_MOVE, x, 0, 0, 10, 13.1f)));
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, w, 0, 0, 30, 14)));
    cr_assert(!ckf_ok(&F, ckf_act(CKV_MOVE, w, 0, 0, 30, 14.1f)));
}

/* Shooter at (10, 10), target straight north at `range` and 0.1" beyond. */
static void check_range(int type, int target_type, float range)
{
    ckf_init(&F);
    ckf_side(&F, ck_figs[type].side);
    int i = ckf_fig(&F, type, 10, 10), t = ckf_fig(&F, target_type, 10, 10 + range);
    if (type == F_CLUBMAN)
        ckf_f(&F, i)->musket = 1;
    cr_expect(ckf_ok(&F, ckf_act(CKV_SHOOT, i, t, 0, 0, 0)), "%s reaches %.0f\"", ck_figs[type].name, (double)range);
    ckf_f(&F, t)->y = 10 + range + 0.1f;
    ckf_refused(&F, ckf_act(CKV_SHOOT, i, t, 0, 0, 0), "out of range");
    /* just beyond: the distance in hundredths, not "6.0\" away, range 6\"" (a referee's 6.04") */
    char want[64];
    snprintf(want, sizeof want, "out of range: %.2f\" away, range %.0f\"", (double)(range + 0.04f), (double)range);
    ckf_f(&F, t)->y = 10 + range + 0.04f;
    ckf_refused(&F, ckf_act(CKV_SHOOT, i, t, 0, 0, 0), want);
}

Test(ck_movement_and_ranges, ranges)
{
    check_range(F_CLUBMAN, F_CAVALRY, 12);
    check_range(F_SHOT, F_CAVALRY, 12);
    check_range(F_DRAGOON, F_SHOT, 12);
    check_range(F_CAVALRY, F_SHOT, 6);
    check_range(F_YOU, F_SHOT, 6);
    check_range(F_HORSE, F_CAVALRY, 6);
}

Test(ck_movement_and_ranges, no_shooting_for_charles_wilmot_or_clubmen_without_musket)
{
    ckf_side(&F, CK_ROY);
    int c = ckf_fig(&F, F_CAVALRY, 10, 13);
    int x = ckf_fig(&F, F_CHARLES, 10, 10), w = ckf_fig(&F, F_WILMOT, 12, 10), k = ckf_fig(&F, F_CLUBMAN, 8, 10);
    /* each refusal says why (a play-tester was told only "that figure cannot shoot") */
    ckf_refused(&F, ckf_act(CKV_SHOOT, x, c, 0, 0, 0), "Charles cannot shoot: the rulebook gives him no shooting");
    ckf_refused(&F, ckf_act(CKV_SHOOT, w, c, 0, 0, 0),
                "Wilmot cannot shoot: the rulebook's factor table gives him no shooting");
    ckf_refused(&F, ckf_act(CKV_SHOOT, k, c, 0, 0, 0),
                "clubman K1 carries no musket: ecw arms only the first clubman of each group found or band come on "
                "(the roster says 'with a musket')");
    ckf_f(&F, k)->musket = 1;
    cr_assert(ckf_ok(&F, ckf_act(CKV_SHOOT, k, c, 0, 0, 0)));
}

Test(ck_movement_and_ranges, half_move_in_difficult_ground_not_clubmen)
{
    static const int hard[] = {CKP_WOOD, CKP_FIELD, CKP_MARSH};
    for (int h = 0; h < 3; h++) {
        ckf_init(&F);
        ckf_side(&F, CK_ROY);
        ckf_ground(&F, hard[h], 20, 20);
        const char *gn = ck_terrain[ck_piece_kinds[hard[h]]].name;
        int s = ckf_fig(&F, F_SHOT, 20, 20), k = ckf_fig(&F, F_CLUBMAN, 21, 20), o = ckf_fig(&F, F_SHOT, 20, 26);
        /* starting in it: shot 3", clubmen their full 6" */
        cr_expect(ckf_ok(&F, ckf_act(CKV_MOVE, s, 0, 0, 17, 20)), "shot 3\" in %s", gn);
        cr_expect(!ckf_ok(&F, ckf_act(CKV_MOVE, s, 0, 0, 16.9f, 20)), "shot not 3.1\" in %s", gn);
        cr_expect(ckf_ok(&F, ckf_act(CKV_MOVE, k, 0, 0, 27, 20)), "clubman 6\" out of %s", gn);
        cr_expect(!ckf_ok(&F, ckf_act(CKV_MOVE, k, 0, 0, 27.1f, 20)));
        int k2 = ckf_fig(&F, F_CLUBMAN, 20, 12);
        cr_expect(ckf_ok(&F, ckf_act(CKV_MOVE, k2, 0, 0, 20, 18)), "clubman 6\" into %s", gn);
        /* ending in it: half too */
        cr_expect(ckf_ok(&F, ckf_act(CKV_MOVE, o, 0, 0, 20, 23)), "shot 3\" into %s", gn);
        ckf_f(&F, o)->y = 26.1f;
        cr_expect(!ckf_ok(&F, ckf_act(CKV_MOVE, o, 0, 0, 20, 23)), "shot not 3.1\" into %s", gn);
        cr_expect(ckf_ok(&F, ckf_act(CKV_MOVE, o, 0, 0, 20, 32.1f)), "a full 6\" in the open");
        /* Parliament cavalry starting in it: 4" */
        ckf_side(&F, CK_PAR);
        int c = ckf_fig(&F, F_CAVALRY, 19, 19);
        cr_expect(ckf_ok(&F, ckf_act(CKV_MOVE, c, 0, 0, 19, 15)), "cavalry 4\" out of %s", gn);
        cr_expect(!ckf_ok(&F, ckf_act(CKV_MOVE, c, 0, 0, 19, 14.9f)));
    }
}

/* Whether order a is refused, with the reason in d. */
static int check_why(Action a, Diag *d) { return ck_check(&F.s, &a, d); }

/* A move that crosses marsh, woods or fields without starting or ending
 * there is halved too: the half move holds wherever the figure goes
 * through such ground (clubmen excepted). */
Test(ck_movement_and_ranges, crossing_difficult_ground_halves_the_move)
{
    static const int hard[] = {CKP_WOOD, CKP_FIELD, CKP_MARSH};
    for (int h = 0; h < 3; h++) {
        ckf_init(&F);
        ckf_ground(&F, hard[h], 20, 20); /* searched: only ground here */
        const char *gn = ck_terrain[ck_piece_kinds[hard[h]]].name;
        int c = ckf_fig(&F, F_CAVALRY, 20, 15.5f);
        Diag d = {{0}};
        cr_expect_lt(check_why(ckf_act(CKV_MOVE, c, 0, 0, 20, 23.5f), &d), 0, "8\" through the %s", gn);
        char want[96];
        snprintf(want, sizeof want, "may move 4.0\" (halved: the %s (piece %d) on the way)", gn, hard[h] + 1);
        cr_expect(strstr(d.msg, want), "%s", d.msg);
        cr_expect(ckf_ok(&F, ckf_act(CKV_MOVE, c, 0, 0, 26, 20.5f)), "7.8\" past it in the open");
        ckf_side(&F, CK_ROY);
        int k = ckf_fig(&F, F_CLUBMAN, 21.5f, 14.5f); /* beside the cavalryman's way, not behind him */
        cr_expect(ckf_ok(&F, ckf_act(CKV_MOVE, k, 0, 0, 21.5f, 25.5f)) == false, "not 11\"");
        cr_expect(ckf_ok(&F, ckf_act(CKV_MOVE, k, 0, 0, 21.5f, 20.5f)), "a clubman's 6\" into it");
        int k2 = ckf_fig(&F, F_CLUBMAN, 14.5f, 20.5f);
        cr_expect(ckf_ok(&F, ckf_act(CKV_MOVE, k2, 0, 0, 20.5f, 20.5f)), "clubmen cross at their full rate");
    }
}

/* The refusal of a move or charge halved by difficult ground names the
 * piece: the one the figure starts in, else the one the way ends in. */
Test(ck_movement_and_ranges, halved_refusal_names_the_piece)
{
    ckf_ground(&F, CKP_FIELD3, 20, 20);
    ckf_ground(&F, CKP_WOOD2, 35, 20);
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), c2 = ckf_fig(&F, F_CAVALRY, 35, 12);
    Diag d = {{0}};
    cr_assert_lt(check_why(ckf_act(CKV_MOVE, c, 0, 0, 20, 27), &d), 0);
    cr_assert(strstr(d.msg, "may move 4.0\" (halved: he starts in the field (piece 11))"), "%s", d.msg);
    d = (Diag){{0}};
    cr_assert_lt(check_why(ckf_act(CKV_MOVE, c2, 0, 0, 35, 18.5f), &d), 0);
    cr_assert(strstr(d.msg, "may move 4.0\" (halved: the way ends in the wood (piece 4))"), "%s", d.msg);
    /* a charge's reach says it too */
    ckf_side(&F, CK_PAR);
    int s = ckf_fig(&F, F_SHOT, 20, 27);
    d = (Diag){{0}};
    cr_assert_lt(check_why(ckf_act(CKV_CHARGE, c, s, 0, 0, 0), &d), 0);
    cr_assert(strstr(d.msg, "to contact, this figure may move 4.0\" (halved: he starts in the field (piece 11))"), "%s",
              d.msg);
}

/* Moving onto a piece searches it and ends Parliament's turn, so in that
 * turn a trooper's way may enter no unsearched piece but the one it ends
 * on; the piece it stands on it leaves freely, and Royalists (who never
 * search) cross pieces as they like. */
Test(ck_movement_and_ranges, parliament_may_not_cross_an_unsearched_piece)
{
    ckf_piece(&F, CKP_HILL, 20, 20, DISC_BLANK, PROM_BLANK);
    int c = ckf_fig(&F, F_CAVALRY, 20, 15.5f);
    Diag d = {{0}};
    cr_assert_lt(check_why(ckf_act(CKV_MOVE, c, 0, 0, 20, 23.5f), &d), 0);
    cr_assert(strstr(d.msg, "the way crosses the unsearched hill (piece 6)") && strstr(d.msg, "go round"), "%s", d.msg);
    cr_assert_lt(check_why(ckf_act(CKV_MOVE, c, 0, 0, 20, 25.5f), &d), 0); /* 10" away, and across it */
    cr_assert(strstr(d.msg, "out of reach: 10.0\" away") && strstr(d.msg, "; and the way crosses the unsearched hill (piece 6)"),
              "both reasons: %s", d.msg);
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, c, 0, 0, 20, 19)), "ending on it: a search");
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, c, 0, 0, 26, 17)), "round it");
    int r = ckf_fig(&F, F_SHOT, 24, 23.6f); /* contact off the hill, the way across it */
    cr_assert_lt(check_why(ckf_act(CKV_CHARGE, c, r, 0, 0, 0), &d), 0, "nor charge across it");
    cr_assert(strstr(d.msg, "crosses the unsearched hill"), "%s", d.msg);
    /* a trooper recoiled onto it steps off without searching it */
    int c2 = ckf_fig(&F, F_CAVALRY, 18.5f, 20);
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, c2, 0, 0, 12, 20)));
    ckf_side(&F, CK_ROY);
    int h = ckf_fig(&F, F_HORSE, 20, 28);
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, h, 0, 0, 20, 13)) == false, "out of reach anyway");
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, h, 0, 0, 20, 21.5f)), "a Royalist comes onto it");
}

/* A move with one bend at (bx, by) (ecw). */
static Action bent(int i, float x, float y, float bx, float by)
{
    Action a = ckf_act(CKV_MOVE, i, 0, CK_MOVE_BENT, x, y);
    a.bx = bx, a.by = by;
    return a;
}

/* A figure may go round something in one move, as on the table: a move
 * with one bend, its two legs measured together, each held to the rules
 * of a straight way (ecw, Movement and Ranges, "A way with one bend"). */
Test(ck_movement_and_ranges, a_move_may_bend_once_to_go_round)
{
    ckf_piece(&F, CKP_HILL, 20, 20, DISC_BLANK, PROM_BLANK);
    int c = ckf_fig(&F, F_CAVALRY, 16, 17.2f);
    ckf_refused(&F, ckf_act(CKV_MOVE, c, 0, 0, 23.5f, 17.2f), "the way crosses the unsearched hill (piece 6)");
    ckf_worked_bend(&F, ckf_act(CKV_MOVE, c, 0, 0, 23.5f, 17.2f), "move C1 23.5 17.2 via 20 16.8");
    cr_assert(ckf_ok(&F, bent(c, 23.5f, 17.2f, 19.75f, 16.6f)), "round the hill's edge: 7.6\" in all");
    ckf_refused(&F, bent(c, 23.5f, 17.2f, 19.75f, 15.5f), "out of reach: 8.2\" by way of the bend, this figure may move 8.0\"");
    ckf_refused(&F, bent(c, 23.5f, 17.2f, 20, 18), "the bend (20.0, 18.0) is on the unsearched hill (piece 6)");
    ckf_refused(&F, bent(c, 23.5f, 17.2f, 19, 18.2f), "the bend (19.0, 18.2) is on the unsearched hill (piece 6)");
    /* out of reach and across the piece: both reasons, as for a straight move */
    ckf_refused(&F, bent(c, 24.5f, 17.2f, 20, 18),
                "out of reach: 8.6\" by way of the bend, this figure may move 8.0\"; and the bend (20.0, 18.0) is on the "
                "unsearched hill (piece 6)");
    ckf_refused(&F, bent(c, 23.5f, 17.2f, 0.5f, 17.2f), "the bend (0.5, 17.2) is too near the west edge: his base would hang over it there (keep the bend 0.75\" or more in: his base is 1.5\" across)");
    ckf_refused(&F, bent(c, 23.5f, 17.2f, -1, 17.2f), "the bend (-1, 17.2) is off the table");
    /* the second leg may not cross the piece either, and the end is any move's end */
    ckf_refused(&F, bent(c, 19, 23.3f, 17, 21), "after the bend, the way crosses the unsearched hill (piece 6)");
    ckf_refused(&F, bent(c, 16, 17.2f, 18, 16), "that is where the figure stands");
    /* an enemy's base bars either leg */
    ckf_side(&F, CK_ROY);
    int s = ckf_fig(&F, F_SHOT, 18, 16.7f);
    ckf_side(&F, CK_PAR);
    ckf_refused(&F, bent(c, 23.5f, 17.2f, 19.75f, 16.6f), "before the bend, the way passes over the base of S1");
    ckf_f(&F, s)->x = 22, ckf_f(&F, s)->y = 16.7f;
    ckf_refused(&F, bent(c, 23.5f, 17.2f, 19.75f, 16.6f), "after the bend, the way passes over the base of S1");
    ckf_f(&F, s)->x = 30, ckf_f(&F, s)->y = 30;
    ckf_do(&F, bent(c, 23.5f, 17.2f, 19.75f, 16.6f));
    ckf_assert_at(&F, c, 23.5f, 17.2f);
    cr_assert(F.s.pieces[CKP_HILL].searched == 0, "gone round, not searched");
    const char *ev = ckf_last_event(&F, "move");
    cr_assert(ev && strstr(ev, "moves by way of (19.8, 16.6) from (16.0, 17.2) to (23.5, 17.2)"), "%s", ev);
    ckf_refused(&F, bent(c, 25, 17.2f, 24, 16), "already moved");
}

/* A straight way refused for what bars it names a bend the rules accept,
 * the shortest way round among those tried (ecw, "A way with one bend"):
 * round an enemy's base as round a piece, and on the side where the
 * rules allow it; where no bend tried is accepted, the order's form. */
Test(ck_movement_and_ranges, a_barred_way_is_refused_with_a_worked_bend)
{
    int c = ckf_fig(&F, F_CAVALRY, 10, 10);
    ckf_side(&F, CK_ROY);
    int s = ckf_fig(&F, F_SHOT, 14, 10.2f);
    ckf_side(&F, CK_PAR);
    /* round the shot, north of him: his base lies a little south of the way */
    ckf_refused(&F, ckf_act(CKV_MOVE, c, 0, 0, 17, 10), "the way passes over the base of S1 at (14.0, 10.2), an "
                                                        "enemy: go round him (a bend goes round: ");
    ckf_worked_bend(&F, ckf_act(CKV_MOVE, c, 0, 0, 17, 10), "move C1 17 10 via 13.6 8.8");
    /* a wood south of him, where the bend would halve his move: it goes north */
    ckf_ground(&F, CKP_WOOD, 14, 6);
    ckf_worked_bend(&F, ckf_act(CKV_MOVE, c, 0, 0, 17, 10), "move C1 17 10 via 14.1 11.6");
    /* a point typed to more decimals is given back as typed */
    ckf_worked_bend(&F, ckf_act(CKV_MOVE, c, 0, 0, 17.25f, 10), "move C1 17.25 10 via 14.1 11.6");
    /* no bend within his 8": the form of the order, as before */
    ckf_refused(&F, ckf_act(CKV_MOVE, c, 0, 0, 17.95f, 10), "go round him (a bend goes round: move F X Y via BX BY)");
    /* the players' trial checks (no reason asked) are refused as before */
    cr_assert(!ckf_ok(&F, ckf_act(CKV_MOVE, c, 0, 0, 17, 10)));
    (void)s;
}

/* A bend may lie on the unsearched piece the figure stands on (he may
 * leave it without searching it) or on the one he ends on (he searches
 * it there), as a straight way may enter those. */
Test(ck_movement_and_ranges, a_bend_on_the_piece_he_leaves_or_ends_on)
{
    ckf_piece(&F, CKP_HILL, 20, 20, DISC_BLANK, PROM_BLANK);
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), c2 = ckf_fig(&F, F_CAVALRY, 16, 17.2f);
    cr_assert(ckf_ok(&F, bent(c, 20, 26, 22, 21.5f)), "off the hill he stands on, by a bend on it");
    ckf_refused(&F, bent(c2, 23.5f, 17.2f, 19, 18.2f), "the bend (19.0, 18.2) is on the unsearched hill (piece 6)");
    ckf_do(&F, bent(c2, 21, 18.4f, 19, 18.2f));
    cr_assert(F.s.pieces[CKP_HILL].searched, "ending on it, he searched it");
}

/* A Royalist may leave by the north edge with a bend on his way. */
Test(ck_movement_and_ranges, a_royalist_leaves_north_by_a_bend)
{
    ckf_fig(&F, F_CAVALRY, 40, 10); /* Parliament stays on the table */
    ckf_side(&F, CK_ROY);
    int h = ckf_fig(&F, F_HORSE, 20, 44);
    ckf_do(&F, bent(h, 24, 48.5f, 23, 45));
    cr_assert_eq(ckf_f(&F, h)->status, FS_EXITED);
    const char *ev = ckf_last_event(&F, "move");
    cr_assert(ev && strstr(ev, "slips away off the far edge by way of (23.0, 45.0) from (20.0, 44.0)"), "%s", ev);
}

/* Difficult ground on either leg, or at the bend, halves the whole move,
 * and the refusal names the piece that halves it. */
Test(ck_movement_and_ranges, a_bent_move_is_halved_by_either_leg)
{
    ckf_ground(&F, CKP_WOOD, 20, 30);
    int c = ckf_fig(&F, F_CAVALRY, 20, 24.5f), c2 = ckf_fig(&F, F_CAVALRY, 25, 24.5f);
    ckf_refused(&F, bent(c, 21, 27.5f, 22, 25),
                "out of reach: 4.8\" by way of the bend, this figure may move 4.0\" (halved: the way ends in the wood (piece 3))");
    cr_assert(ckf_ok(&F, bent(c, 21, 27.5f, 21, 25)), "3.6\" into the wood: within 4\"");
    ckf_refused(&F, bent(c2, 27, 29, 22.5f, 28.5f), "may move 4.0\" (halved: the bend is in the wood (piece 3))");
    cr_assert(ckf_ok(&F, bent(c2, 25, 31, 27, 28)), "7.6\" round the wood");
}

/* A dragoon's bent move counts both legs towards the half he may move
 * before changing. */
Test(ck_movement_and_ranges, a_dragoons_bent_move_counts_both_legs)
{
    int d = ckf_fig(&F, F_DRAGOON, 20, 20), d2 = ckf_fig(&F, F_DRAGOON, 30, 20);
    ckf_do(&F, bent(d, 20, 23.5f, 21.5f, 21.75f)); /* 2.3 + 2.3" */
    ckf_refused(&F, ckf_act(CKV_DISMOUNT, d, 0, 0, 0, 0), "more than half his move");
    ckf_do(&F, bent(d2, 30, 23, 31, 21.5f)); /* 1.8 + 1.8" */
    ckf_do(&F, ckf_act(CKV_DISMOUNT, d2, 0, 0, 0, 0));
    cr_assert_eq(ckf_f(&F, d2)->mounted, 0);
}

Test(ck_movement_and_ranges, full_move_in_buildings_and_on_hills)
{
    static const int easy[] = {CKP_VILLAGE, CKP_MANOR, CKP_HILL};
    for (int h = 0; h < 3; h++) {
        ckf_init(&F);
        ckf_side(&F, CK_ROY);
        ckf_ground(&F, easy[h], 20, 20);
        int s = ckf_fig(&F, F_SHOT, 20, 20), o = ckf_fig(&F, F_SHOT, 20, 27);
        cr_expect(ckf_ok(&F, ckf_act(CKV_MOVE, s, 0, 0, 14, 20)), "6\" out of a %s",
                  ck_terrain[ck_piece_kinds[easy[h]]].name);
        cr_expect(ckf_ok(&F, ckf_act(CKV_MOVE, o, 0, 0, 20, 21)), "6\" into a %s",
                  ck_terrain[ck_piece_kinds[easy[h]]].name);
    }
}

Test(ck_movement_and_ranges, shoot_first_halves_move)
{
    int d = ckf_fig(&F, F_DRAGOON, 10, 10), s = ckf_fig(&F, F_SHOT, 10, 20);
    ckf_dice(&F, 2, 1, 6); /* 4 against 9: nothing */
    ckf_shoot(&F, d, s);
    ckf_assert_dice(&F, 2);
    cr_assert(ckf_f(&F, d)->half);
    cr_assert(!ckf_ok(&F, ckf_act(CKV_MOVE, d, 0, 0, 14.1f, 10)));
    ckf_move(&F, d, 14, 10);
    ckf_assert_at(&F, d, 14, 10);
    ckf_refused(&F, ckf_act(CKV_MOVE, d, 0, 0, 15, 10), "already moved");
    ckf_refused(&F, ckf_act(CKV_SHOOT, d, s, 0, 0, 0), "already shot");
}

Test(ck_movement_and_ranges, shoot_after_a_full_move)
{
    int d = ckf_fig(&F, F_DRAGOON, 10, 10), s = ckf_fig(&F, F_SHOT, 10, 20);
    ckf_move(&F, d, 10, 18);
    ckf_dice(&F, 2, 1, 6);
    ckf_shoot(&F, d, s);
    ckf_assert_dice(&F, 2);
    cr_assert(ckf_f(&F, d)->shot);
    ckf_assert_at(&F, d, 10, 18);
}

Test(ck_movement_and_ranges, out_of_reach_refused_with_reason)
{
    int c = ckf_fig(&F, F_CAVALRY, 10, 10);
    ckf_refused(&F, ckf_act(CKV_MOVE, c, 0, 0, 10, 18.1f), "out of reach");
    int s = ckf_fig(&F, F_SHOT, 10, 20.5f); /* 10.5" away: 9.25" to contact */
    ckf_refused(&F, ckf_act(CKV_CHARGE, c, s, 0, 0, 0), "out of reach");
    ckf_f(&F, s)->y = 20.0f; /* 8.75" to contact: still too far */
    ckf_refused(&F, ckf_act(CKV_CHARGE, c, s, 0, 0, 0), "out of reach");
    ckf_f(&F, s)->y = 19.25f; /* 8" to contact */
    cr_assert(ckf_ok(&F, ckf_act(CKV_CHARGE, c, s, 0, 0, 0)));
}

Test(ck_movement_and_ranges, charge_from_difficult_ground_is_half)
{
    ckf_ground(&F, CKP_MARSH, 20, 20);
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25.4f); /* 4.15" to contact */
    ckf_refused(&F, ckf_act(CKV_CHARGE, c, s, 0, 0, 0), "out of reach");
    ckf_f(&F, s)->y = 25.2f; /* 3.95" */
    cr_assert(ckf_ok(&F, ckf_act(CKV_CHARGE, c, s, 0, 0, 0)));
}

/* Regression test for a bug fixed in (src/games/ck/ck_combat.c, check_charge): the doc halves a move
 * "when the figure starts in such ground or ends its move in it", and a
 * charge "moves into base contact (the gap between bases must be within
 * its move)"; check_charge measures the gap against ck_move_allowance,
 * which looks only at the starting ground, so a cavalryman in the open
 * charges 6.75" into a wood where a move may go only 4". */
Test(ck_movement_and_ranges, charge_into_a_wood_is_half)
{
    ckf_ground(&F, CKP_WOOD, 20, 20);
    int s = ckf_fig(&F, F_SHOT, 20, 20), c = ckf_fig(&F, F_CAVALRY, 20, 28);
    cr_assert(!ckf_ok(&F, ckf_act(CKV_MOVE, c, 0, 0, 20, 21.5f)), "a move that far into the wood is refused");
    ckf_refused(&F, ckf_act(CKV_CHARGE, c, s, 0, 0, 0), "out of reach");
}

/* A charge is the charger's move [CK Hand to hand Combat]: a move after it
 * is refused saying that he charged, where "has already moved" left the
 * player wondering which move; a figure that only moved is told so. */
Test(ck_movement_and_ranges, charger_cannot_move_after_charge)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25), m = ckf_fig(&F, F_CAVALRY, 30, 20);
    ckf_dice(&F, 2, 3, 4); /* 7 against 7: a tie, both stay */
    ckf_charge(&F, c, s, false);
    ckf_assert_dice(&F, 2);
    ckf_assert_at(&F, c, 20, 23.75f);
    ckf_refused(&F, ckf_act(CKV_MOVE, c, 0, 0, 17, 23.75f), "that figure charged this turn: a charge is its whole turn");
    ckf_move(&F, m, 30, 22);
    ckf_refused(&F, ckf_act(CKV_MOVE, m, 0, 0, 30, 24), "that figure has already moved");
}

/* A charger who took the man he beat, and a trooper who took a beaten man
 * without a charge, guard a prisoner: moved and shot at nobody either way,
 * the refusal names both [CK Captured Persons]. */
Test(ck_movement_and_ranges, no_move_after_a_charge_or_a_capture)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), h = ckf_fig(&F, F_HORSE, 20, 23);
    ckf_dice(&F, 2, 5, 1); /* 4+5=9 against 4+1=5: beaten, not by half */
    ckf_charge(&F, c, h, true);
    ckf_assert_dice(&F, 2);
    cr_assert_eq(ckf_f(&F, h)->status, FS_PRISONER);
    ckf_refused(&F, ckf_act(CKV_MOVE, c, 0, 0, 17, 20), "that figure charged or took a prisoner this turn");
    int t = ckf_fig(&F, F_CAVALRY, 30, 20), s = ckf_fig(&F, F_SHOT, 30, 21.25f);
    ckf_f(&F, s)->beaten = 1;
    ckf_do(&F, ckf_act(CKV_CAPTURE, t, s, 0, 0, 0));
    ckf_refused(&F, ckf_act(CKV_MOVE, t, 0, 0, 33, 20), "that figure charged or took a prisoner this turn");
}

/* Regression test for a bug fixed in (src/games/ck/ck_move.c, check_move): any point at y >= 47.5 counts
 * as leaving by the north edge, even one beyond the west or east edge, so
 * a Royalist near a corner leaves the table sideways off it. The doc:
 * "by moving onto the north edge (within 0.5\" of it)". */
Test(ck_movement_and_ranges, leaving_only_over_the_north_edge)
{
    ckf_side(&F, CK_ROY);
    ckf_fig(&F, F_YOU, 24, 2);
    int s = ckf_fig(&F, F_SHOT, 1, 44);
    ckf_refused(&F, ckf_act(CKV_MOVE, s, 0, 0, -2, 47.6f), "off the table");
}

Test(ck_movement_and_ranges, no_move_into_contact)
{
    int c = ckf_fig(&F, F_CAVALRY, 10, 10), s = ckf_fig(&F, F_SHOT, 10, 16);
    ckf_refused(&F, ckf_act(CKV_MOVE, c, 0, 0, 10, 14.7f), "charge");
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, c, 0, 0, 10, 14.6f)), "1.4\" apart: bases do not touch");
    (void)s;
}

Test(ck_movement_and_ranges, dragoon_dismount_costs_half)
{
    int d = ckf_fig(&F, F_DRAGOON, 20, 20);
    ckf_do(&F, ckf_act(CKV_DISMOUNT, d, 0, 0, 0, 0));
    cr_assert_eq(ckf_f(&F, d)->mounted, 0);
    cr_assert(ckf_f(&F, d)->half);
    cr_assert(!ckf_ok(&F, ckf_act(CKV_MOVE, d, 0, 0, 20, 26)), "not a whole move on foot after dismounting");
    cr_assert(!ckf_ok(&F, ckf_act(CKV_MOVE, d, 0, 0, 20, 24.1f)), "no more than half of 8\"");
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, d, 0, 0, 20, 23)));
    ckf_refused(&F, ckf_act(CKV_MOUNT, d, 0, 0, 0, 0), "already");
    /* the next turn he is on foot: 6" */
    ckf_end(&F);
    cr_assert_eq(F.s.turn, 2);
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, d, 0, 0, 20, 26)));
    cr_assert(!ckf_ok(&F, ckf_act(CKV_MOVE, d, 0, 0, 20, 26.1f)));
    /* mounting costs half too */
    ckf_do(&F, ckf_act(CKV_MOUNT, d, 0, 0, 0, 0));
    cr_assert_eq(ckf_f(&F, d)->mounted, 1);
    cr_assert(!ckf_ok(&F, ckf_act(CKV_MOVE, d, 0, 0, 20, 24.1f)), "no more than half of 8\"");
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, d, 0, 0, 20, 23)));
}

/* Option dragoons_on_foot=8: the rulebook's one 8" for dragoons, on foot
 * too (an auditor asked why ecw's 6" had no option); his change still
 * costs half of 8". Set up through the option's words. */
Test(ck_movement_and_ranges, dragoons_on_foot_8_keeps_the_rulebooks_rate)
{
    Options o = {0};
    opt_set(&o, "dragoons_on_foot", "8", NULL);
    cr_assert_eq(ck_setup(&F.s, &o, 1, NULL), 0);
    cr_assert_eq(F.s.foot_dragoons_full, 1);
    ckf_init(&F); /* (the set-up's table cleared) */
    F.s.foot_dragoons_full = 1;
    int d = ckf_fig(&F, F_DRAGOON, 20, 20);
    ckf_f(&F, d)->mounted = 0;
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, d, 0, 0, 20, 28)), "8\" on foot");
    cr_assert(!ckf_ok(&F, ckf_act(CKV_MOVE, d, 0, 0, 20, 28.1f)));
    F.s.foot_dragoons_full = 0;
    cr_assert(!ckf_ok(&F, ckf_act(CKV_MOVE, d, 0, 0, 20, 26.2f)), "6\" on foot by default");
    Options bad = {0};
    opt_set(&bad, "dragoons_on_foot", "7", NULL);
    Diag why = {""};
    cr_assert_eq(ck_setup(&F.s, &bad, 1, &why), -1);
    cr_assert(strstr(why.msg, "dragoons_on_foot") != NULL, "%s", why.msg);
}

/* Regression test for a bug fixed in (src/games/ck/ck_geom.c, ck_move_allowance, with ck_move.c
 * ck_move_apply): the rulebook gives dragoons 8" and lets them change
 * mount for half of it, and the docs leave them the other half. A mounted
 * dragoon (8") who dismounts has 4" left; ecw leaves him half of his
 * on-foot 6", 3". */
Test(ck_movement_and_ranges, dragoon_dismount_leaves_the_other_half_of_eight)
{
    int d = ckf_fig(&F, F_DRAGOON, 20, 20);
    ckf_do(&F, ckf_act(CKV_DISMOUNT, d, 0, 0, 0, 0));
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, d, 0, 0, 20, 24)), "the other half of 8\": 4\"");
}

Test(ck_movement_and_ranges, dragoon_orders_refused)
{
    int c = ckf_fig(&F, F_CAVALRY, 10, 10), d = ckf_fig(&F, F_DRAGOON, 20, 10), d2 = ckf_fig(&F, F_DRAGOON, 30, 10);
    ckf_refused(&F, ckf_act(CKV_DISMOUNT, c, 0, 0, 0, 0), "only dragoons");
    ckf_refused(&F, ckf_act(CKV_MOUNT, d, 0, 0, 0, 0), "already mounted");
    ckf_f(&F, d2)->mounted = 0;
    ckf_refused(&F, ckf_act(CKV_DISMOUNT, d2, 0, 0, 0, 0), "on foot");
    ckf_move(&F, d, 20, 14.5f);
    ckf_refused(&F, ckf_act(CKV_DISMOUNT, d, 0, 0, 0, 0),
                "moved more than half his move this turn: he may change only after half of it or less (4.0\" of "
                "his 8.0\"; half that again if marsh, woods or fields were on his way)");
}

/* The refusal of a change after more than half a move gives the numbers
 * and what halved them, as far as the table still shows it: a shot first,
 * the wood he ended in. */
Test(ck_movement_and_ranges, dragoon_change_refused_with_the_numbers)
{
    ckf_ground(&F, CKP_WOOD, 20, 20);
    int d = ckf_fig(&F, F_DRAGOON, 20, 14), d2 = ckf_fig(&F, F_DRAGOON, 30, 20), s = ckf_fig(&F, F_SHOT, 30, 30);
    ckf_move(&F, d, 20, 17.5f);
    ckf_refused(&F, ckf_act(CKV_DISMOUNT, d, 0, 0, 0, 0),
                "(2.0\" of his 4.0\", halved as he ends in the wood (piece 3))");
    ckf_dice(&F, 2, 1, 6); /* a miss */
    ckf_shoot(&F, d2, s);
    ckf_move(&F, d2, 30, 22.5f);
    ckf_refused(&F, ckf_act(CKV_DISMOUNT, d2, 0, 0, 0, 0),
                "(2.0\" of his 4.0\", halved for shooting first; half that again if marsh");
}

/* Dragoons may change after half a move: a move of up to half the
 * dragoon's 8", then the change (and no more moving), as well as the
 * change first and then the other half. */
Test(ck_movement_and_ranges, dragoon_may_half_move_then_dismount)
{
    int d = ckf_fig(&F, F_DRAGOON, 20, 20);
    ckf_move(&F, d, 20, 24);
    ckf_do(&F, ckf_act(CKV_DISMOUNT, d, 0, 0, 0, 0));
    cr_assert_eq(ckf_f(&F, d)->mounted, 0);
    ckf_refused(&F, ckf_act(CKV_MOVE, d, 0, 0, 20, 25), "that dragoon has moved and dismounted this turn: he moves no more");
    ckf_refused(&F, ckf_act(CKV_MOUNT, d, 0, 0, 0, 0), "already");
}

/* Shooting first and changing both halve the move, and they are the same
 * half: a dragoon may shoot and then dismount (or the other way round) and
 * still move 4". Until 2026-12-01 ecw refused the change after a shot. */
Test(ck_movement_and_ranges, dragoon_may_shoot_first_then_change_and_move_half)
{
    int d = ckf_fig(&F, F_DRAGOON, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 30);
    ckf_dice(&F, 2, 1, 6); /* a miss */
    ckf_shoot(&F, d, s);
    ckf_do(&F, ckf_act(CKV_DISMOUNT, d, 0, 0, 0, 0));
    cr_assert_eq(ckf_f(&F, d)->mounted, 0);
    ckf_refused(&F, ckf_act(CKV_MOVE, d, 0, 0, 20, 15.9f), "may move 4.0");
    ckf_move(&F, d, 20, 16);
    ckf_assert_at(&F, d, 20, 16);
}

/* ... or, under option shot_and_change=whole, the shot first and the
 * change take half each, and he moves no more (an auditor's reading: two
 * halves make the whole move), in either order. */
Test(ck_movement_and_ranges, shot_and_change_whole_leaves_no_move)
{
    F.s.change_whole = 1;
    int d = ckf_fig(&F, F_DRAGOON, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 30);
    ckf_dice(&F, 2, 1, 6); /* a miss */
    ckf_shoot(&F, d, s);
    ckf_refused(&F, ckf_act(CKV_MOVE, d, 0, 0, 20, 15.5f), "may move 4.0"); /* the shot alone: half */
    ckf_do(&F, ckf_act(CKV_DISMOUNT, d, 0, 0, 0, 0));
    ckf_refused(&F, ckf_act(CKV_MOVE, d, 0, 0, 20, 19), "may move 0.0\" (halved: a shot first and a change, half each)");
    int d2 = ckf_fig(&F, F_DRAGOON, 26, 24); /* the change first, then the shot */
    ckf_do(&F, ckf_act(CKV_DISMOUNT, d2, 0, 0, 0, 0));
    ckf_dice(&F, 2, 1, 6);
    ckf_shoot(&F, d2, s);
    cr_assert(ckf_f(&F, d2)->shot);
    ckf_refused(&F, ckf_act(CKV_MOVE, d2, 0, 0, 27, 23), "may move 0.0");
}

/* Half a move is half of what this turn allows him: in a wood a mounted
 * dragoon has 4", so he may change after 2" there, not after 2.5". */
Test(ck_movement_and_ranges, dragoon_changes_after_half_of_a_halved_move)
{
    ckf_ground(&F, CKP_WOOD, 20, 20);
    int d = ckf_fig(&F, F_DRAGOON, 19, 19), d2 = ckf_fig(&F, F_DRAGOON, 21, 19);
    ckf_move(&F, d, 19, 21.5f);
    ckf_refused(&F, ckf_act(CKV_DISMOUNT, d, 0, 0, 0, 0), "only after half of it or less (2.0\" of his 4.0\"");
    ckf_move(&F, d2, 21, 21);
    ckf_do(&F, ckf_act(CKV_DISMOUNT, d2, 0, 0, 0, 0));
    cr_assert_eq(ckf_f(&F, d2)->mounted, 0);
}

/* A second change in one turn is refused as such, not as a move. */
Test(ck_movement_and_ranges, dragoon_changes_once_a_turn)
{
    int d = ckf_fig(&F, F_DRAGOON, 20, 20);
    ckf_do(&F, ckf_act(CKV_DISMOUNT, d, 0, 0, 0, 0));
    ckf_refused(&F, ckf_act(CKV_MOUNT, d, 0, 0, 0, 0), "already dismounted this turn");
    ckf_refused(&F, ckf_act(CKV_DISMOUNT, d, 0, 0, 0, 0), "already on foot");
}

/* A dragoon who escorted or charged is not told he went more than half
 * his move (a play-tester's): the refusal names the escort or the charge,
 * and the change is refused as before [CK Captured Persons] [CK Hand to
 * hand Combat]. */
Test(ck_movement_and_ranges, dragoon_change_after_an_escort_or_a_charge_names_it)
{
    int d = ckf_fig(&F, F_DRAGOON, 20, 20), p = ckf_fig(&F, F_SHOT, 20, 21);
    ckf_prisoner(&F, p, d);
    ckf_do(&F, ckf_act(CKV_ESCORT, d, 0, 0, 0, 0));
    const char *escorted = "that dragoon has moved with his prisoners this turn, escorting them or going more than "
                           "half his move: he may no longer mount or dismount (a dragoon may change before an "
                           "escort, or after half a move, not after either)";
    ckf_refused(&F, ckf_act(CKV_DISMOUNT, d, 0, 0, 0, 0), escorted);
    ckf_f(&F, d)->mounted = 0;
    ckf_refused(&F, ckf_act(CKV_MOUNT, d, 0, 0, 0, 0), escorted);
    int d2 = ckf_fig(&F, F_DRAGOON, 40, 20), s = ckf_fig(&F, F_SHOT, 40, 23);
    ckf_dice(&F, 2, 3, 3); /* 3+3=6 against 3+3=6: a tie, both stay */
    ckf_charge(&F, d2, s, false);
    ckf_assert_dice(&F, 2);
    ckf_refused(&F, ckf_act(CKV_DISMOUNT, d2, 0, 0, 0, 0), "that figure charged this turn: a charge is its whole turn");
    int d3 = ckf_fig(&F, F_DRAGOON, 30, 30), h = ckf_fig(&F, F_SHOT, 30, 33);
    ckf_dice(&F, 2, 6, 3); /* 3+6=9 against 3+3=6: beaten, not by half, and taken */
    ckf_charge(&F, d3, h, true);
    cr_assert_eq(ckf_f(&F, h)->status, FS_PRISONER);
    ckf_refused(&F, ckf_act(CKV_DISMOUNT, d3, 0, 0, 0, 0), "that figure charged or took a prisoner this turn");
}

Test(ck_movement_and_ranges, royalists_leave_by_the_north_edge_only)
{
    ckf_side(&F, CK_ROY);
    ckf_fig(&F, F_YOU, 24, 2);
    int s = ckf_fig(&F, F_SHOT, 20, 44), s2 = ckf_fig(&F, F_SHOT, 2, 20);
    ckf_refused(&F, ckf_act(CKV_MOVE, s2, 0, 0, -0.5f, 20), "off the table");
    ckf_move(&F, s, 20, 47.6f);
    cr_assert_eq(ckf_f(&F, s)->status, FS_EXITED);
    ckf_refused(&F, ckf_act(CKV_MOVE, s, 0, 0, 20, 44), "off the table");
    /* Parliament cannot leave that way */
    ckf_side(&F, CK_PAR);
    int c = ckf_fig(&F, F_CAVALRY, 20, 44);
    ckf_refused(&F, ckf_act(CKV_MOVE, c, 0, 0, 20, 48.5f), "off the table");
    ckf_refused(&F, ckf_act(CKV_MOVE, c, 0, 0, 20, 47.6f), "his base would hang over the north edge");
    ckf_move(&F, c, 20, 47.25f); /* his 1.5" base just on the table */
    cr_assert_eq(ckf_f(&F, c)->status, FS_ACTIVE);
    /* a Royalist horseman stopped short of leaving is told how to leave (a play-tester fleeing with Wilmot) */
    ckf_side(&F, CK_ROY);
    int w = ckf_fig(&F, F_WILMOT, 28.5f, 42);
    ckf_refused(&F, ckf_act(CKV_MOVE, w, 0, 0, 28.5f, 47.4f),
                "his base would hang over the north edge there: keep him 0.75\" or more in (his base is 1.5\" across); "
                "to leave the table, end within 0.5\" of the north edge (y 47.5 or more)");
    ckf_move(&F, w, 28.5f, 47.5f);
    cr_assert_eq(ckf_f(&F, w)->status, FS_EXITED);
}

/* Only the north edge takes a Royalist off the table, and only a move
 * ending within 0.5" of it: one to the west, east or south edge (his base
 * touching it), or short of that half inch, leaves him on the table. */
/* ecw: no base hangs over the table's edge. A move may not end with the
 * figure's base over it, nor may a dragoon mount where his horse's larger
 * base would; the refusal names the edge. */
Test(ck_movement_and_ranges, no_base_hangs_over_the_edge)
{
    int c = ckf_fig(&F, F_CAVALRY, 5, 20), d = ckf_fig(&F, F_DRAGOON, 5, 30);
    ckf_refused(&F, ckf_act(CKV_MOVE, c, 0, 0, 0.7f, 20), "his base would hang over the west edge there: keep him 0.75\"");
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, c, 0, 0, 0.75f, 20)), "his base touching the edge");
    ckf_f(&F, d)->mounted = 0;
    ckf_f(&F, d)->x = 0.6f; /* on foot, his 1" base on the table */
    ckf_refused(&F, ckf_act(CKV_MOUNT, d, 0, 0, 0, 0), "his base would hang over the west edge");
}

Test(ck_movement_and_ranges, royalists_near_other_edges_stay_on_the_table)
{
    ckf_side(&F, CK_ROY);
    ckf_fig(&F, F_YOU, 24, 24);
    static const struct {
        float fx, fy, tx, ty;
        int   off;
    } m[] = {
        {3, 20, 0.5f, 20, 0},     /* west edge */
        {45, 20, 47.5f, 20, 0},   /* east edge */
        {20, 3, 20, 0.5f, 0},     /* south edge */
        {10, 42, 10, 45, 0},      /* 3" short of the north edge */
        {30, 44, 30, 47.4f, 0},   /* 0.6" short of it */
        {36, 44, 36, 47.55f, 1},  /* within 0.5" of it: gone */
    };
    int n = (int)(sizeof m / sizeof m[0]), first = F.s.nfigs;
    for (int k = 0; k < n; k++)
        ckf_fig(&F, F_SHOT, m[k].fx, m[k].fy);
    for (int k = 0; k < n; k++) {
        ckf_move(&F, first + k, m[k].tx, m[k].ty);
        cr_assert_eq(ckf_f(&F, first + k)->status, m[k].off ? FS_EXITED : FS_ACTIVE,
                     "a move to (%.2f, %.2f) %s the table", (double)m[k].tx, (double)m[k].ty,
                     m[k].off ? "leaves" : "stays on");
        if (!m[k].off)
            ckf_assert_at(&F, first + k, m[k].tx, m[k].ty);
    }
    cr_assert_eq(F.s.phase, CP_ROYALIST);
}

Test(ck_movement_and_ranges, line_of_sight)
{
    ckf_ground(&F, CKP_WOOD, 20, 20);
    int d = ckf_fig(&F, F_DRAGOON, 14, 20), s = ckf_fig(&F, F_SHOT, 26, 20);
    ckf_refused(&F, ckf_act(CKV_SHOOT, d, s, 0, 0, 0), "no line of sight: the wood (piece 3) stands between them");
    /* a field does not block sight */
    ckf_init(&F);
    ckf_ground(&F, CKP_FIELD, 20, 20);
    d = ckf_fig(&F, F_DRAGOON, 14, 20);
    s = ckf_fig(&F, F_SHOT, 26, 20);
    cr_assert(ckf_ok(&F, ckf_act(CKV_SHOOT, d, s, 0, 0, 0)));
    /* a hill between blocks; a figure on the hill sees out and is seen */
    ckf_init(&F);
    ckf_ground(&F, CKP_HILL, 20, 20);
    d = ckf_fig(&F, F_DRAGOON, 14, 20);
    s = ckf_fig(&F, F_SHOT, 26, 20);
    ckf_refused(&F, ckf_act(CKV_SHOOT, d, s, 0, 0, 0), "line of sight");
    ckf_f(&F, d)->x = 20;
    cr_assert(ckf_ok(&F, ckf_act(CKV_SHOOT, d, s, 0, 0, 0)), "from the top of the hill");
}

Test(ck_movement_and_ranges, inside_a_wood_seen_only_at_its_edge)
{
    ckf_ground(&F, CKP_WOOD, 20, 20);
    int d = ckf_fig(&F, F_DRAGOON, 20, 10), s = ckf_fig(&F, F_SHOT, 20, 20);
    ckf_refused(&F, ckf_act(CKV_SHOOT, d, s, 0, 0, 0), "line of sight");
    ckf_f(&F, s)->y = 18.1f; /* 1.9" from the centre: deeper than 1" inside */
    ckf_refused(&F, ckf_act(CKV_SHOOT, d, s, 0, 0, 0), "no line of sight: S1 stands more than 1\" inside the wood (piece 3)");
    ckf_f(&F, s)->y = 17.5f; /* 0.5" inside the edge */
    cr_assert(ckf_ok(&F, ckf_act(CKV_SHOOT, d, s, 0, 0, 0)));
    /* two figures in the same wood see each other */
    ckf_f(&F, d)->x = 20, ckf_f(&F, d)->y = 21.5f;
    ckf_f(&F, s)->y = 19.0f;
    cr_assert(ckf_ok(&F, ckf_act(CKV_SHOOT, d, s, 0, 0, 0)));
}

Test(ck_movement_and_ranges, base_contact)
{
    /* bases 1" across on foot, 1.5" mounted; touching with 0.1" of grace */
    int s = ckf_fig(&F, F_SHOT, 10, 10), k = ckf_fig(&F, F_CLUBMAN, 11.09f, 10);
    int c = ckf_fig(&F, F_CAVALRY, 10, 11.34f), h = ckf_fig(&F, F_HORSE, 10, 12.93f);
    cr_assert(ck_in_contact(ckf_f(&F, s), ckf_f(&F, k)), "foot and foot 1.09\" apart");
    cr_assert(ck_in_contact(ckf_f(&F, s), ckf_f(&F, c)), "foot and mounted 1.34\" apart");
    cr_assert(ck_in_contact(ckf_f(&F, c), ckf_f(&F, h)), "mounted and mounted 1.59\" apart");
    ckf_f(&F, k)->x = 11.12f;
    ckf_f(&F, c)->y = 11.37f;
    ckf_f(&F, h)->y = 11.37f + 1.62f;
    cr_assert(!ck_in_contact(ckf_f(&F, s), ckf_f(&F, k)));
    cr_assert(!ck_in_contact(ckf_f(&F, s), ckf_f(&F, c)));
    cr_assert(!ck_in_contact(ckf_f(&F, c), ckf_f(&F, h)));
    /* a dragoon on foot has a foot base */
    int d = ckf_fig(&F, F_DRAGOON, 30, 10), t = ckf_fig(&F, F_SHOT, 31.2f, 10);
    cr_assert(ck_in_contact(ckf_f(&F, d), ckf_f(&F, t)));
    ckf_f(&F, d)->mounted = 0;
    cr_assert(!ck_in_contact(ckf_f(&F, d), ckf_f(&F, t)));
}

/* A move may not end touching an enemy, at the widest contact too: mounted
 * against mounted, 1.59" apart on a diagonal (check_move looks only at
 * enemies within 1.7" on each axis before measuring). */
Test(ck_movement_and_ranges, move_refused_at_the_widest_contact)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), h = ckf_fig(&F, F_HORSE, 24, 24);
    float diag = 1.59f / sqrtf(2.0f), clear = 1.62f / sqrtf(2.0f);
    ckf_refused(&F, ckf_act(CKV_MOVE, c, 0, 0, 24 - diag, 24 - diag), "touch an enemy");
    ckf_refused(&F, ckf_act(CKV_MOVE, c, 0, 0, 24 - 1.59f, 24), "touch an enemy");
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, c, 0, 0, 24 - clear, 24 - clear)));
    ckf_f(&F, h)->mounted = 0; /* a foot base: 1.34" */
    ckf_refused(&F, ckf_act(CKV_MOVE, c, 0, 0, 24 - 0.94f, 24 - 0.94f), "touch an enemy");
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, c, 0, 0, 24 - 0.97f, 24 - 0.97f)));
}

Test(ck_movement_and_ranges, buildings_block_sight_marsh_does_not)
{
    static const struct { int piece, blocks; } k[] = {
        {CKP_VILLAGE, 1}, {CKP_MANOR, 1}, {CKP_WOOD, 1}, {CKP_HILL, 1}, {CKP_FIELD, 0}, {CKP_MARSH, 0},
    };
    for (int n = 0; n < 6; n++) {
        ckf_init(&F);
        ckf_ground(&F, k[n].piece, 20, 20);
        int d = ckf_fig(&F, F_DRAGOON, 14.5f, 20), s = ckf_fig(&F, F_SHOT, 25.5f, 20);
        cr_expect_eq(ckf_ok(&F, ckf_act(CKV_SHOOT, d, s, 0, 0, 0)), !k[n].blocks, "across a %s",
                     ck_terrain[ck_piece_kinds[k[n].piece]].name);
        /* sight passing more than 1" inside the edge is blocked; a grazing line is not */
        ckf_f(&F, d)->y = ckf_f(&F, s)->y = 22.1f; /* 2.1" from the centre: within 1" of the edge */
        cr_expect(ckf_ok(&F, ckf_act(CKV_SHOOT, d, s, 0, 0, 0)), "grazing a %s",
                  ck_terrain[ck_piece_kinds[k[n].piece]].name);
    }
}

/* ------------------------------------------------------------------ */
/* legal() puts each figure's orders to check with the piece under it   */
/* and the foes found once (ck_check_known): the same answers           */
/* ------------------------------------------------------------------ */

/* ck_check and ck_check_known, told k, agree on a (accepted or refused,
 * and why). */
static void same_answer(const CkState *s, const Action *a, const CkKnown *k)
{
    Diag d1 = {{0}}, d2 = {{0}};
    int r1 = ck_check(s, a, &d1), r2 = ck_check_known(s, a, k, &d2);
    cr_assert_eq(r1, r2, "verb %d figure %d to (%.2f, %.2f) target %d: check %d, check_known %d (%s)", a->verb,
                 a->piece, (double)a->x, (double)a->y, a->target, r1, r2, r1 ? d1.msg : d2.msg);
    cr_assert_str_eq(d1.msg, d2.msg);
}

/* same_answer for move a, told k and again told also the piece under its
 * end and the first unsearched piece on its way (CkKnown.to, .way), as
 * the computer player tells them. */
static void same_move_answer(const CkState *s, const Action *a, const CkKnown *k)
{
    same_answer(s, a, k);
    const CkFig *f = &s->figs[a->piece];
    CkKnown end = *k;
    end.from = ck_piece_at(s, f->x, f->y);
    end.to = ck_piece_at(s, a->x, a->y);
    end.way = ck_way_unsearched(s, f->x, f->y, a->x, a->y, end.from, NULL);
    same_answer(s, a, &end);
}

/* Every order of figure i told k: moves in sixteen ways at lengths about
 * its allowance (short, half, full, just beyond) and onto each piece,
 * shots, charges and captures at every figure, the dragoon and escort
 * orders. */
static void probe_figure(const CkState *s, int i, const CkKnown *k)
{
    const CkFig *f = &s->figs[i];
    float m = ck_move_allowance(s, f);
    static const float len[] = {0.3f, 0.5f, 0.999f, 1.0f, 1.02f};
    for (int j = 0; j < 16 * 5; j++) {
        float ang = (float)(j % 16) * 0.392699f, go = m * len[j / 16];
        Action a = {.verb = CKV_MOVE, .piece = (int16_t)i, .x = f->x + go * cosf(ang), .y = f->y + go * sinf(ang)};
        same_move_answer(s, &a, k);
    }
    for (int p = 0; p < CK_PIECES; p++) {
        Action a = {.verb = CKV_MOVE, .piece = (int16_t)i, .x = s->pieces[p].x, .y = s->pieces[p].y};
        same_move_answer(s, &a, k);
    }
    for (int t = 0; t < s->nfigs; t++) { /* beside each figure, touching it or nearly */
        const CkFig *e = &s->figs[t];
        float d = ck_dist(f->x, f->y, e->x, e->y), gap = d > 1e-3f ? (d - 1.3f) / d : 0;
        for (float more = 0; d > 1e-3f && more < 0.5f; more += 0.2f) {
            float go = gap + more / d;
            Action a = {.verb = CKV_MOVE, .piece = (int16_t)i, .x = f->x + (e->x - f->x) * go, .y = f->y + (e->y - f->y) * go};
            same_move_answer(s, &a, k);
        }
    }
    for (int t = 0; t < s->nfigs; t++)
        for (int v = CKV_SHOOT; v <= CKV_CAPTURE; v++)
            for (int arg = 0; arg < 2; arg++) {
                Action a = {.verb = (int16_t)v, .piece = (int16_t)i, .target = (int16_t)t, .arg = (int16_t)arg};
                same_answer(s, &a, k);
            }
    for (int v = CKV_DISMOUNT; v <= CKV_ESCORT; v++) {
        Action a = {.verb = (int16_t)v, .piece = (int16_t)i};
        same_answer(s, &a, k);
    }
}

/* Every figure of the side to act, told the piece under it; told the
 * piece and the active figures of the other side; told the piece and
 * only those within its move and 2" (all a move's check needs); and told
 * the piece, the foes and the others with where they stand (the arrays
 * the computer players give); the last three told the others too (the
 * side's active figures and the prisoners). */
static void probe_orders(const CkState *s)
{
    uint8_t foes[CK_MAX_FIGS], near[CK_MAX_FIGS], others[CK_MAX_FIGS];
    float fx[CK_MAX_FIGS], fy[CK_MAX_FIGS], ox[CK_MAX_FIGS], oy[CK_MAX_FIGS], orad[CK_MAX_FIGS];
    int nfoes = 0, nothers = 0;
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *e = &s->figs[i];
        if (e->side != s->to_act && e->status == FS_ACTIVE)
            fx[nfoes] = e->x, fy[nfoes] = e->y, foes[nfoes++] = (uint8_t)i;
        else if (e->status == FS_ACTIVE || e->status == FS_PRISONER) {
            ox[nothers] = e->x, oy[nothers] = e->y, orad[nothers] = ck_fig_radius(e);
            others[nothers++] = (uint8_t)i;
        }
    }
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *f = &s->figs[i];
        if (f->side != s->to_act)
            continue;
        CkKnown piece = {ck_piece_at(s, f->x, f->y), -1, NULL, CK_FROM_UNKNOWN, CK_FROM_UNKNOWN, -1, NULL,
                         NULL, NULL, NULL, NULL, NULL};
        CkKnown all = {piece.from, nfoes, foes, CK_FROM_UNKNOWN, CK_FROM_UNKNOWN, nothers, others,
                       NULL, NULL, NULL, NULL, NULL};
        CkKnown within = {piece.from, 0, near, CK_FROM_UNKNOWN, CK_FROM_UNKNOWN, nothers, others,
                          NULL, NULL, NULL, NULL, NULL};
        CkKnown placed = {piece.from, nfoes, foes, CK_FROM_UNKNOWN, CK_FROM_UNKNOWN, nothers, others,
                          fx, fy, ox, oy, orad};
        float touch = ck_move_allowance(s, f) + 2.0f;
        for (int j = 0; j < nfoes; j++)
            if (ck_dist(f->x, f->y, s->figs[foes[j]].x, s->figs[foes[j]].y) <= touch)
                near[within.nfoes++] = foes[j];
        probe_figure(s, i, &piece);
        probe_figure(s, i, &all);
        probe_figure(s, i, &within);
        probe_figure(s, i, &placed);
    }
}

/* A game set up from `seed` and begun, with a players' generator seeded
 * from `play`. */
static void new_game(CkState *s, Rng *r, const Options *o, uint64_t seed, uint64_t play)
{
    rng_seed(r, play);
    cr_assert_eq(ck_setup(s, o, seed, NULL), 0);
    ck_begin(s, NULL);
}

/* Games set up from seeds 1 to `seeds` on random terrain, played by the
 * heuristic players (else at random) with the players' generator seeded
 * from seed * mult; `at` looks at the state before every action. */
static void play_on_random_terrain(int seeds, uint64_t mult, bool heuristic, void (*at)(const CkState *, void *),
                                   void *ud)
{
    Options o = {0};
    opt_set(&o, "terrain", "random", NULL);
    for (uint64_t seed = 1; seed <= (uint64_t)seeds; seed++) {
        CkState s;
        Rng r;
        new_game(&s, &r, &o, seed, seed * mult);
        static Action list[512];
        for (int step = 0; step < 4000 && s.phase != CP_OVER; step++) {
            at(&s, ud);
            Action a;
            if (!heuristic || ck_heuristic(&s, &r, &a) < 0) {
                int n = ck_legal(&s, list, 512);
                cr_assert_gt(n, 0);
                a = list[rng_below(&r, (uint32_t)n)];
            }
            ck_apply(&s, &a, NULL);
        }
    }
}

/* At a decision: each order of the side to act answered alike by
 * ck_check_known and ck_check (probe_orders), and every listed order
 * accepted; *(int *)ud counts the decisions of the two sides' phases. */
static void known_and_listed_agree(const CkState *s, void *ud)
{
    if (s->phase == CP_PARLIAMENT || s->phase == CP_ROYALIST) {
        probe_orders(s);
        ++*(int *)ud;
    }
    static Action list[512];
    int n = ck_legal(s, list, 512);
    for (int k = 0; k < n; k++)
        cr_assert_eq(ck_check(s, &list[k], NULL), 0, "turn %d: listed but refused", s->turn);
}

Test(ck_movement_and_ranges, check_known_answers_as_check_and_legal_lists_only_accepted_orders)
{
    /* random games on random terrain: at every decision each figure's
     * orders get the same answer from ck_check_known (told the piece under
     * the figure and the foes) as from ck_check, and every order ck_legal
     * lists is accepted by ck_check */
    int decisions = 0;
    play_on_random_terrain(4, 7919, false, known_and_listed_agree, &decisions);
    cr_assert_gt(decisions, 300);
}

/* A move to where the figure stands is no move: refused, pointing at `end`. */
Test(ck_movement_and_ranges, a_move_must_go_somewhere)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20);
    ckf_refused(&F, ckf_act(CKV_MOVE, c, 0, 0, 20, 20), "where the figure stands");
    cr_assert(!ckf_f(&F, c)->moved, "and it keeps its move");
}

/* Out of reach says why the move is short. */
Test(ck_movement_and_ranges, out_of_reach_says_why_and_never_looks_equal)
{
    int d = ckf_fig(&F, F_DRAGOON, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 30);
    ckf_dice(&F, 2, 1, 6);
    ckf_shoot(&F, d, s);
    ckf_refused(&F, ckf_act(CKV_MOVE, d, 0, 0, 20, 15.9f), "4.1\" away, this figure may move 4.0\" (halved: shooting first)");
}

/* The refusal shows two decimals, three or four where fewer would make the
 * distance and the allowance look equal (8.004" against 8.000" read "8.00"
 * against "8.00"); past the 0.075" grace a move rarely needs them, so the
 * refusal is asked for directly. */
Test(ck_movement_and_ranges, out_of_reach_never_looks_equal_at_two_decimals)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20);
    Diag dg = {{0}};
    cr_assert_lt(ck_out_of_reach(&F.s, ckf_f(&F, c), CK_FROM_UNKNOWN, 20, 28.004f, 8.004f, 8.0f, "away", &dg), 0);
    cr_assert(strstr(dg.msg, "8.004\" away, this figure may move 8.000\""), "%s", dg.msg);
    dg = (Diag){{0}};
    cr_assert_lt(ck_out_of_reach(&F.s, ckf_f(&F, c), CK_FROM_UNKNOWN, 20, 24.03f, 4.03f, 4.0f, "away", &dg), 0);
    cr_assert(strstr(dg.msg, "4.03\" away, this figure may move 4.00\""), "%s", dg.msg);
}

/* Positions are shown to 0.1", so a point typed from them may be up to
 * 0.05" off in each coordinate, 0.071" in all: a move and a dragoon's half
 * move forgive 0.075" over the allowance, not more; a charge, whose point of contact nobody types,
 * forgives nothing. Charles listed at (25.0, 14.0) while he stands at
 * 13.999 reaches (25, 17) on his wounded 3". */
Test(ck_movement_and_ranges, reach_forgives_the_shown_rounding)
{
    ckf_side(&F, CK_ROY);
    ckf_fig(&F, F_YOU, 40, 2);
    int x = ckf_fig(&F, F_CHARLES, 25, 13.999f);
    ckf_f(&F, x)->wounded = 1;
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, x, 0, 0, 25, 17)), "3.001\" on a 3\" move");
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, x, 0, 0, 25, 17.04f)), "3.04\": within the grace");
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, x, 0, 0, 25, 17.07f)), "3.07\": both coordinates 0.05\" off");
    ckf_refused(&F, ckf_act(CKV_MOVE, x, 0, 0, 25, 17.08f), "3.1\" away, this figure may move 3.0\"");
    /* a play-tester's Wilmot, shown at (0.8, 0.8), stood at (0.8, 0.75): 8.0" typed from the shown point */
    int w = ckf_fig(&F, F_WILMOT, 0.8f, 0.75f);
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, w, 0, 0, 0.8f, 8.8f)), "8.05\" from where he stands");
    /* a charge 8.0" to contact goes; 8.04" does not */
    ckf_side(&F, CK_PAR);
    int c = ckf_fig(&F, F_CAVALRY, 10, 20), s = ckf_fig(&F, F_SHOT, 10, 29.25f);
    cr_assert(ckf_ok(&F, ckf_act(CKV_CHARGE, c, s, 0, 0, 0)), "8.0\" to contact");
    ckf_f(&F, s)->y = 29.29f;
    ckf_refused(&F, ckf_act(CKV_CHARGE, c, s, 0, 0, 0), "to contact, this figure may move 8.0");
    /* a dragoon's half move of 4.03" still lets him change */
    int d = ckf_fig(&F, F_DRAGOON, 30, 20);
    ckf_move(&F, d, 30, 24.03f);
    ckf_do(&F, ckf_act(CKV_DISMOUNT, d, 0, 0, 0, 0));
}

/* ... and the map draws a figure in the 2" square of its coordinates as
 * shown (rounded to 0.1"), not cut: Charles at 13.999, listed at 14.0, is
 * drawn in the row from 14", not the row below. */
Test(ck_movement_and_ranges, the_map_draws_figures_where_their_shown_coordinates_put_them)
{
    int x = ckf_fig(&F, F_CHARLES, 25, 13.999f);
    static char board[16384];
    FILE *f = fmemopen(board, sizeof board, "w");
    cr_assert_not_null(f);
    ck_render(&F.s, CK_PAR, f);
    fclose(f);
    char letter = ck_figs[ckf_f(&F, x)->type].letter;
    const char *row14 = strstr(board, "\n14 "), *row12 = strstr(board, "\n12 ");
    cr_assert(row14 && row12, "%s", board);
    cr_assert_eq(row14[4 + 12], letter, "not in the row from 14\": %.40s", row14 + 1); /* column of x 24-26 */
    cr_assert_neq(row12[4 + 12], letter, "drawn a row low: %.40s", row12 + 1);
}

/* A prisoner is not charged as if he were gone from the table. */
Test(ck_movement_and_ranges, a_prisoner_is_no_target)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), g = ckf_fig(&F, F_CAVALRY, 30, 30);
    int p = ckf_fig(&F, F_SHOT, 20, 23);
    ckf_prisoner(&F, p, g);
    ckf_refused(&F, ckf_act(CKV_CHARGE, c, p, 0, 0, 0), "already a prisoner");
}

/* [CK Movement and Ranges] a figure may not move through an enemy (ecw's
 * reading, option pass_enemies): a way over an enemy's base is refused,
 * naming him; a way that passes beside him (bases apart), or leads away
 * from an enemy the figure touches, is not; with pass_enemies=yes it may. */
Test(ck_movement_and_ranges, no_way_through_an_enemy)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 10);
    ckf_fig(&F, F_SHOT, 20, 14);
    Diag d = {{0}};
    cr_assert_lt(check_why(ckf_act(CKV_MOVE, c, 0, 0, 20, 18), &d), 0, "straight over S1");
    cr_assert(strstr(d.msg, "the way passes over the base of S1 at (20.0, 14.0), an enemy: go round him"), "%s", d.msg);
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, c, 0, 0, 23, 17.4f)), "1.5\" beside him at the nearest: clear");
    cr_assert(!ckf_ok(&F, ckf_act(CKV_MOVE, c, 0, 0, 21.5f, 17.8f)), "0.76\" beside: over his base");
    F.s.pass_enemies = 1;
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, c, 0, 0, 20, 18)), "pass_enemies=yes: over him");
    F.s.pass_enemies = 0;
    /* touching him, a figure may move off, not through */
    int t = ckf_fig(&F, F_CAVALRY, 30, 12.75f);
    ckf_fig(&F, F_HORSE, 30, 14);
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, t, 0, 0, 30, 6)), "away from the horseman he touches");
    cr_assert(!ckf_ok(&F, ckf_act(CKV_MOVE, t, 0, 0, 30, 18)), "through him");
    /* the Royalists no more than Parliament */
    ckf_side(&F, CK_ROY);
    int h = ckf_fig(&F, F_HORSE, 40, 10);
    ckf_fig(&F, F_DRAGOON, 40, 14);
    cr_assert(!ckf_ok(&F, ckf_act(CKV_MOVE, h, 0, 0, 40, 18)), "a Royalist horseman over a dragoon");
}

/* [CK Movement and Ranges] bases never overlap (ecw's reading, option
 * share_ground): a move may not end with the figure's base on a friend's,
 * nor on a prisoner's; touching is allowed (0.1" grace the other way);
 * with share_ground=yes friends may share ground. */
Test(ck_movement_and_ranges, no_base_on_another_base)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 10);
    ckf_fig(&F, F_DRAGOON, 20, 16); /* mounted: bases 0.75" + 0.75" */
    Diag d = {{0}};
    cr_assert_lt(check_why(ckf_act(CKV_MOVE, c, 0, 0, 20.5f, 16), &d), 0, "0.5\" from D1's centre");
    cr_assert(strstr(d.msg, "no room for his base there: D1 stands at (20.0, 16.0) (bases may touch, not overlap)"),
              "%s", d.msg);
    cr_assert(!ckf_ok(&F, ckf_act(CKV_MOVE, c, 0, 0, 21.35f, 16)), "1.35\": over the grace");
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, c, 0, 0, 21.45f, 16)), "1.45\": touching, within the grace");
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, c, 0, 0, 21.5f, 16)), "1.5\": bases touching");
    int y = ckf_fig(&F, F_YOU, 14, 0.8f), d1 = ckf_fig(&F, F_DRAGOON, 16, 3);
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, d1, 0, 0, 15.4f, 0.8f)), "1.4\" from You, as typed: at the grace's edge");
    cr_assert(!ckf_ok(&F, ckf_act(CKV_MOVE, d1, 0, 0, 15.38f, 0.8f)), "1.38\": on his base");
    (void)y;
    /* a dragoon on foot touching a friend has no room to mount there: his base would grow onto him */
    int foot = ckf_fig(&F, F_DRAGOON, 40, 10), near = ckf_fig(&F, F_CAVALRY, 41.25f, 10);
    ckf_f(&F, foot)->mounted = 0;
    Diag dm = {{0}};
    cr_assert_lt(check_why(ckf_act(CKV_MOUNT, foot, 0, 0, 0, 0), &dm), 0, "1.25\" from a horseman: 0.75\" and 0.75\"");
    cr_assert(strstr(dm.msg, "no room to mount there: his horse's base would stand on C"), "%s", dm.msg);
    ckf_f(&F, near)->x = 41.5f;
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOUNT, foot, 0, 0, 0, 0)), "1.5\" off: room to mount");
    cr_assert(ckf_ok(&F, ckf_act(CKV_DISMOUNT, d1, 0, 0, 0, 0)), "dismounting makes his base smaller");
    F.s.share_ground = 1;
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, c, 0, 0, 20, 16)), "share_ground=yes: on D1's spot");
    F.s.share_ground = 0;
    /* a prisoner's base, whoever guards him */
    int g = ckf_fig(&F, F_CAVALRY, 30, 30), p = ckf_fig(&F, F_SHOT, 30, 31.25f);
    ckf_prisoner(&F, p, g);
    ckf_f(&F, p)->x = 30, ckf_f(&F, p)->y = 31.25f; /* bases touching, as the rules leave them */
    int e = ckf_fig(&F, F_CAVALRY, 30, 24);
    cr_assert_lt(check_why(ckf_act(CKV_MOVE, e, 0, 0, 30.3f, 31.5f), &d), 0, "on the prisoner's base");
    cr_assert(strstr(d.msg, "S1 stands at (30.0, 31.25)"), "%s", d.msg);
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, e, 0, 0, 31.2f, 31.0f)), "touching the prisoner and his guard");
    /* the Royalists no more than Parliament */
    ckf_side(&F, CK_ROY);
    int h = ckf_fig(&F, F_HORSE, 40, 30);
    ckf_fig(&F, F_SHOT, 40, 35);
    cr_assert(!ckf_ok(&F, ckf_act(CKV_MOVE, h, 0, 0, 40, 35.5f)), "a horseman on a shot's base");
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, h, 0, 0, 40, 33.75f)), "touching him");
}

/* A charger's way to his point of contact may not pass over another
 * enemy's base either: he swings round the target to a point he can reach
 * by a clear way, or the charge is refused naming the man in the way. */
Test(ck_movement_and_ranges, a_charge_goes_round_an_enemy_in_the_way)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 10);
    ckf_fig(&F, F_SHOT, 21, 13); /* 1" off his straight way: over it */
    int s2 = ckf_fig(&F, F_SHOT, 20, 16.5f);
    ckf_dice(&F, 1, 1); /* 4+1 against 3+1: a recoil, not by half */
    ckf_charge(&F, c, s2, false);
    const CkFig *cf = ckf_f(&F, c);
    cr_assert_lt(cf->x, 19.8f, "he swung round to the side away from S1 (at %.2f, %.2f)", cf->x, cf->y);
    ckf_init(&F);
    c = ckf_fig(&F, F_CAVALRY, 20, 10);
    ckf_fig(&F, F_SHOT, 19, 13), ckf_fig(&F, F_SHOT, 21, 13), ckf_fig(&F, F_SHOT, 20, 12.9f);
    s2 = ckf_fig(&F, F_SHOT, 20, 17.5f);
    Diag d = {{0}};
    cr_assert_lt(check_why(ckf_act(CKV_CHARGE, c, s2, 0, 0, 0), &d), 0, "a wall of shot in the way");
    cr_assert(strstr(d.msg, "an enemy: go round him"), "%s", d.msg);
}

/* The first two figures on the table (active or held) whose bases stand
 * one on the other, or false. */
static bool bases_overlap(const CkState *s, int *a, int *b)
{
    for (int i = 0; i < s->nfigs; i++)
        for (int j = i + 1; j < s->nfigs; j++) {
            const CkFig *e = &s->figs[i], *f = &s->figs[j];
            bool on_i = e->status == FS_ACTIVE || e->status == FS_PRISONER;
            bool on_j = f->status == FS_ACTIVE || f->status == FS_PRISONER;
            if (on_i && on_j && ck_on_table(e->x, e->y) && ck_on_table(f->x, f->y) &&
                ck_dist(e->x, e->y, f->x, f->y) < ck_fig_radius(e) + ck_fig_radius(f) - CK_BASE_GRACE - 1e-3f) {
                *a = i, *b = j;
                return true;
            }
        }
    return false;
}

/* [CK Movement and Ranges] no base on another base, as a property: in
 * whole games of the computer players, of random players, and of the two
 * against each other (debug builds check every answer told the others
 * against the rules' own), no two
 * bases on the table stand one on the other after any action, whoever
 * placed them (moves, charges, recoils, escorts, searches, arrivals,
 * escapes). */
Test(ck_movement_and_ranges, no_base_ever_stands_on_another)
{
    Options o = {0};
    static Action list[512];
    int actions = 0;
    static const char *const modes[3] = {"random", "heuristic", "heuristic Parliament, random Royalists"};
    for (int mode = 0; mode < 3; mode++)
        for (uint64_t seed = 1; seed <= 30; seed++) {
            CkState s;
            Rng r;
            new_game(&s, &r, &o, seed, seed * 104729);
            for (int step = 0; step < 4000 && s.phase != CP_OVER; step++, actions++) {
                Action a;
                bool heuristic = mode == 1 || (mode == 2 && s.to_act == CK_PAR);
                if (!heuristic || ck_heuristic(&s, &r, &a) < 0) {
                    int n = ck_legal(&s, list, 512);
                    cr_assert_gt(n, 0);
                    a = list[rng_below(&r, (uint32_t)n)];
                }
                ck_apply(&s, &a, NULL);
                int i, j;
                if (bases_overlap(&s, &i, &j))
                    cr_assert_fail("%s seed %llu step %d (verb %d, figure %d): figure %d at (%.2f, %.2f) on figure %d at "
                                   "(%.2f, %.2f)", modes[mode], (unsigned long long)seed, step,
                                   a.verb, a.piece, i, (double)s.figs[i].x, (double)s.figs[i].y, j,
                                   (double)s.figs[j].x, (double)s.figs[j].y);
            }
        }
    cr_assert_gt(actions, 2000);
}

/* The worked bend at the end of refusal d, if it names one (not the bare
 * form "move F X Y via BX BY"), copied to order. */
static bool worked_bend_in(const Diag *d, char *order, size_t n)
{
    const char *at = strstr(d->msg, " (a bend goes round: ");
    if (!at || strstr(at, " F ") || strstr(at, "via BX BY"))
        return false;
    snprintf(order, n, "%s", at + strlen(" (a bend goes round: "));
    order[strcspn(order, ")")] = '\0';
    return true;
}

/* Figure i's straight moves in eight directions (half and all of his
 * move) and his escort: each refused one whose refusal offers a worked
 * bend has that order, typed back, accepted. The number checked. */
static int check_bends_offered(const CkState *s, int i)
{
    const CkFig *f = &s->figs[i];
    float m = ck_move_allowance(s, f);
    int checked = 0;
    for (int k = 0; k < 17; k++) {
        float ang = 0.7853982f * (float)(k % 8), go = k < 8 ? m : m / 2;
        Action a = k < 16 ? (Action){.verb = CKV_MOVE, .piece = (int16_t)i, .x = f->x + go * cosf(ang),
                                     .y = f->y + go * sinf(ang)}
                          : (Action){.verb = CKV_ESCORT, .piece = (int16_t)i};
        Diag d = {{0}}, why = {{0}};
        char order[160];
        Action typed;
        if (ck_check(s, &a, &d) == 0 || !worked_bend_in(&d, order, sizeof order))
            continue;
        cr_assert_eq(ck_parse(s, order, &typed, &why), 0, "'%s' (offered for '%s') does not parse: %s", order, d.msg,
                     why.msg);
        cr_assert_eq(ck_check(s, &typed, &why), 0, "'%s', offered for '%s', is refused: %s", order, d.msg, why.msg);
        checked++;
    }
    return checked;
}

/* [CK Movement and Ranges] (ecw, "A way with one bend") in heuristic
 * games, every bend that a refused straight move or escort offers is an
 * order the rules accept when typed back. */
/* At a decision of the two sides' phases, check_bends_offered for each
 * unmoved figure of the side to act; *(int *)ud counts the bends checked. */
static void bends_offered_accepted(const CkState *s, void *ud)
{
    if (s->phase == CP_PARLIAMENT || s->phase == CP_ROYALIST)
        for (int i = 0; i < s->nfigs; i++)
            if (s->figs[i].side == s->to_act && s->figs[i].status == FS_ACTIVE && !s->figs[i].moved)
                *(int *)ud += check_bends_offered(s, i);
}

Test(ck_movement_and_ranges, every_bend_offered_is_accepted)
{
    int checked = 0;
    play_on_random_terrain(6, 7907, true, bends_offered_accepted, &checked);
    cr_assert_gt(checked, 500, "only %d worked bends were offered: the test sees too little", checked);
}

/* Action a is refused with a worked bend whose order starts `start`; typed
 * back, that order is accepted. */
static void refused_with_worked_bend(Action a, const char *start)
{
    Diag d = {{0}}, why = {{0}};
    char order[160];
    Action typed;
    cr_assert_lt(ck_check(&F.s, &a, &d), 0, "the straight order should be refused");
    cr_assert(worked_bend_in(&d, order, sizeof order), "no worked bend offered: %s", d.msg);
    cr_assert(strncmp(order, start, strlen(start)) == 0, "'%s' should start '%s'", order, start);
    cr_assert_eq(ck_parse(&F.s, order, &typed, &why), 0, "%s", why.msg);
    cr_assert_eq(ck_check(&F.s, &typed, &why), 0, "'%s', typed back, is refused: %s", order, why.msg);
}

/* (ecw, "A way with one bend") a play-tester found no bend offered where
 * it is most wanted: a move that crosses an unsearched field, which
 * halves it out of reach as well as barring it. Going round the field's
 * edge reaches, and the refusal says how. */
Test(ck_movement_and_ranges, a_move_halved_out_of_reach_by_a_piece_is_offered_a_bend)
{
    ckf_piece(&F, CKP_FIELD, 20, 11.5f, DISC_BLANK, PROM_BLANK);
    int d = ckf_fig(&F, F_DRAGOON, 17.5f, 8);
    refused_with_worked_bend(ckf_act(CKV_MOVE, d, 0, 0, 17.5f, 15), "move D1 17.5 15 via ");
    ckf_f(&F, d)->x = 30; /* far from anything: too long a move gets no bend */
    Diag why = {{0}};
    Action far = ckf_act(CKV_MOVE, d, 0, 0, 30, 30);
    cr_assert_lt(ck_check(&F.s, &far, &why), 0);
    cr_assert_null(strstr(why.msg, "a bend goes round"), "%s", why.msg);
}

/* ... and an escort whose 3" would end touching an enemy is offered a
 * bend that ends clear of him. */
Test(ck_movement_and_ranges, an_escort_ending_on_an_enemy_is_offered_a_bend)
{
    int c = ckf_fig(&F, F_CAVALRY, 24, 12);
    ckf_prisoner(&F, ckf_fig(&F, F_SHOT, 30, 30), c);
    ckf_fig(&F, F_SHOT, 24, 8.3f); /* where the escort would end, 3" towards (24, 0) */
    refused_with_worked_bend(ckf_act(CKV_ESCORT, c, 0, 0, 0, 0), "escort C1 via ");
}

/* [CK Playing the Game] a trooper's move that ends just off an unsearched
 * piece says it searched nothing, and how far short it stopped (a
 * play-tester's move ended 3.04" from a hill's centre unremarked); a move
 * well clear of any says nothing more. */
Test(ck_movement_and_ranges, a_move_just_short_of_a_piece_says_so)
{
    ckf_piece(&F, CKP_HILL, 30, 30, DISC_BLANK, PROM_BLANK);
    int c = ckf_fig(&F, F_CAVALRY, 30, 22);
    ckf_move(&F, c, 30, 26.96f);
    cr_assert(!F.s.pieces[CKP_HILL].searched);
    const char *said = captured_last_text(&F.ev, "move");
    cr_assert(said && strstr(said, " (0.04\" short of the unsearched hill (piece 6): nothing searched)"), "%s",
              said ? said : "(none)");
    int d = ckf_fig(&F, F_DRAGOON, 10, 10);
    ckf_move(&F, d, 10, 14);
    said = captured_last_text(&F.ev, "move");
    cr_assert(said && !strstr(said, "short of"), "%s", said ? said : "(none)");
}

/* What the prompt's `measure` says of a and what (figure B, or "X Y"):
 * its text (the caller frees), or NULL with d set. */
static char *measured(const char *what, Diag *d)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    cr_assert_not_null(f);
    int rc = ck_measure(&F.s, what, f, d);
    fclose(f);
    if (rc < 0) {
        free(out);
        return NULL;
    }
    return out;
}

/* The measure tests' table: D1 at (14, 20) and S1 at (26, 20), a wood
 * between them at (20, 20). */
static void d1_and_s1_across_a_wood(void)
{
    ckf_ground(&F, CKP_WOOD, 20, 20);
    ckf_fig(&F, F_DRAGOON, 14, 20);
    ckf_fig(&F, F_SHOT, 26, 20);
}

/* [CK Movement and Ranges] `measure` finds what a tape would: the
 * distance centre to centre and between the bases, the sight the wood
 * blocks (a play-tester wasted a move on a shot it hid), each one's range
 * and half range, and each one's move from where he stands. */
Test(ck_movement_and_ranges, measure_tells_distance_sight_range_and_move)
{
    d1_and_s1_across_a_wood();
    Diag d = {{0}};
    char *t = measured("D1 S1", &d);
    cr_assert_not_null(t, "%s", d.msg);
    cr_assert(strstr(t, "D1 dragoon (14.0, 20.0) and S1 shot (26.0, 20.0):\n"), "%s", t);
    cr_assert(strstr(t, "  12.00\" apart, centre to centre; 10.75\" between their bases\n"), "%s", t);
    cr_assert(strstr(t, "  sight: none, the wood (piece 3) stands between them\n"), "%s", t);
    cr_assert(strstr(t, "  D1 shoots 12\": S1 is in range\n"), "%s", t);
    cr_assert(strstr(t, "  D1 may still move 8.0\" from where he stands: S1's base is 2.75\" beyond it\n"), "%s", t);
    cr_assert(strstr(t, "  S1 moves 6.0\" when his side next moves, from where he stands: D1's base is 4.75\" beyond "
                          "it\n"), "%s", t);
    free(t);
    t = measured("(D1) (19.5, 26)", &d);
    cr_assert_not_null(t, "%s", d.msg);
    cr_assert(strstr(t, "D1 dragoon (14.0, 20.0) to (19.5, 26.0), in the open:\n  8.14\" apart\n"), "%s", t);
    cr_assert(strstr(t, "  D1 shoots 12\": the point is in range\n"), "%s", t);
    cr_assert(strstr(t, "  D1 may still move 8.0\" from where he stands: the point is 0.14\" beyond it\n"), "%s", t);
    free(t);
    ckf_f(&F, 1)->x = 17, ckf_f(&F, 1)->y = 24; /* out of the wood's way, within half range */
    t = measured("S1 D1", &d);
    cr_assert_not_null(t, "%s", d.msg);
    cr_assert(strstr(t, "  sight: clear\n"), "%s", t);
    cr_assert(strstr(t, "  S1 shoots 12\": D1 is in range, within half range (+1)\n"), "%s", t);
    cr_assert(strstr(t, "  S1 moves 6.0\" when his side next moves, from where he stands: D1's base is within it\n"), "%s", t);
    free(t);
}

/* ... and between two friends it gives no shot or charge (an auditor was
 * told one horseman had the other in his range). */
Test(ck_movement_and_ranges, measure_between_friends_gives_no_shot)
{
    ckf_side(&F, CK_ROY);
    ckf_fig(&F, F_HORSE, 20, 30);
    ckf_fig(&F, F_HORSE, 21.45f, 30);
    Diag d = {{0}};
    char *t = measured("H1 H2", &d);
    cr_assert_not_null(t, "%s", d.msg);
    cr_assert(strstr(t, "  both Royalists: neither shoots at nor charges the other\n"), "%s", t);
    cr_assert_null(strstr(t, "shoots 6\""), "%s", t);
    cr_assert_null(strstr(t, "a charge needs"), "%s", t);
    free(t);
}

/* [CK Movement and Ranges] `measure` judges a base within a move as the
 * charge does, with no grace for a typed point's rounding: a tester was
 * told a clubman 8.06" off was within a cavalryman's 8", whose charge was
 * then refused as out of reach. */
Test(ck_movement_and_ranges, measure_reaches_a_base_only_where_a_charge_would)
{
    int c1 = ckf_fig(&F, F_CAVALRY, 10, 20), k1 = ckf_fig(&F, F_CLUBMAN, 10 + 0.75f + 0.5f + 8.06f, 20);
    Diag d = {{0}};
    char *t = measured("C1 K1", &d);
    cr_assert_not_null(t, "%s", d.msg);
    cr_assert(strstr(t, "  C1 may still move 8.0\" from where he stands: K1's base is 0.06\" beyond it\n"), "%s", t);
    free(t);
    ckf_refused(&F, ckf_act(CKV_CHARGE, c1, k1, 0, 0, 0), "out of reach");
    ckf_f(&F, k1)->x = 10 + 0.75f + 0.5f + 7.99f;
    t = measured("C1 K1", &d);
    cr_assert_not_null(t, "%s", d.msg);
    cr_assert(strstr(t, "  C1 may still move 8.0\" from where he stands: K1's base is within it\n"), "%s", t);
    free(t);
    cr_assert(ckf_ok(&F, ckf_act(CKV_CHARGE, c1, k1, 0, 0, 0)), "the charge measure calls within reach");
}

/* [CK Movement and Ranges] `measure` gives the move to come: none left to
 * a trooper who has moved, but his next; and an enemy's next whole move,
 * not the half his last phase's shot left him (a play-tester was told a
 * trooper who had moved had 8", and a shot who had fired first 1.5"). */
Test(ck_movement_and_ranges, measure_gives_the_move_to_come)
{
    int d1 = ckf_fig(&F, F_DRAGOON, 14, 20), s1 = ckf_fig(&F, F_SHOT, 26, 20);
    ckf_f(&F, d1)->moved = 1;
    ckf_f(&F, s1)->shot = ckf_f(&F, s1)->half = 1; /* as his side's phase left him */
    Diag d = {{0}};
    char *t = measured("D1 S1", &d);
    cr_assert_not_null(t, "%s", d.msg);
    cr_assert(strstr(t, "  D1 has moved; the next time his side moves, 8.0\" from where he stands: S1's base is "
                        "2.75\" beyond it\n"), "%s", t);
    cr_assert(strstr(t, "  S1 moves 6.0\" when his side next moves, from where he stands"), "%s", t);
    free(t);
    ckf_side(&F, CK_ROY); /* his own phase: the half his shot first leaves him */
    t = measured("S1 D1", &d);
    cr_assert_not_null(t, "%s", d.msg);
    cr_assert(strstr(t, "  S1 may still move 3.0\" from where he stands"), "%s", t);
    free(t);
}

/* [CK Movement and Ranges] `measure A X Y` gives the straight way's own
 * move: halved where it ends in a field, and says so (a play-tester lost
 * three searches to the half move into a field, unwarned). */
Test(ck_movement_and_ranges, measure_to_a_point_halves_for_the_ground_it_enters)
{
    ckf_ground(&F, CKP_FIELD, 20, 14);
    ckf_fig(&F, F_DRAGOON, 20, 4);
    Diag d = {{0}};
    char *t = measured("D1 20 12", &d);
    cr_assert_not_null(t, "%s", d.msg);
    cr_assert(strstr(t, "  D1 may still move 4.0\" (halved: the way ends in the field (piece 9)) from where he "
                        "stands: the point is 4.00\" beyond it\n"), "%s", t);
    free(t);
    t = measured("D1 20 10", &d); /* short of the field: the whole move */
    cr_assert_not_null(t, "%s", d.msg);
    cr_assert(strstr(t, "  D1 may still move 8.0\" from where he stands: the point is within it\n"), "%s", t);
    free(t);
}

/* ... and says what was wrong with what it was asked. */
Test(ck_movement_and_ranges, measure_refuses_what_it_cannot_measure)
{
    ckf_fig(&F, F_DRAGOON, 14, 20);
    Diag d = {{0}};
    cr_assert_null(measured("", &d));
    cr_assert(strstr(d.msg, "usage: measure A B"), "%s", d.msg);
    cr_assert_null(measured("D1 1 2 3", &d));
    cr_assert(strstr(d.msg, "usage: measure A B"), "%s", d.msg);
    cr_assert_null(measured("D1 Q7", &d));
    cr_assert(strstr(d.msg, "no figure on the table called 'Q7'"), "%s", d.msg);
    cr_assert_null(measured("D1 D1", &d));
    cr_assert(strstr(d.msg, "are one figure"), "%s", d.msg);
    cr_assert_null(measured("D1 24 nan", &d));
    cr_assert(strstr(d.msg, "is not a point in inches"), "%s", d.msg);
    ckf_f(&F, 0)->status = FS_DEAD;
    cr_assert_null(measured("D1 24 24", &d));
    cr_assert(strstr(d.msg, "no figure on the table called 'D1'"), "%s", d.msg);
}

/* [CK Movement and Ranges] `measure A` alone lists A's nearest enemies, the
 * nearest first, each with the distance, the sight, whether each is in the
 * other's range (half range: +1) and whether his move reaches A (the solo
 * player measured them one by one). */
Test(ck_movement_and_ranges, measure_lists_the_nearest_enemies)
{
    d1_and_s1_across_a_wood();
    ckf_fig(&F, F_HORSE, 14, 24);
    Diag d = {{0}};
    char *t = measured("D1", &d);
    cr_assert_not_null(t, "%s", d.msg);
    cr_assert(strstr(t, "  who  what               apart  sight  D1 shoots   shoots D1  reaches D1\n"),
              "the columns are named by the figure measured, whichever side asks: %s", t);
    const char *h = strstr(t, "  H1   horseman           4.00\"  yes    half        yes        yes\n");
    /* S1 unseen across the wood: neither shoots the other from where he stands, both may after a move
     * (a play-tester's table said "yes" of a man out of sight, and "no" of one who moved and shot) */
    const char *s = strstr(t, "  S1   shot              12.00\"  no     moving      moving     no\n");
    cr_assert(h && s && h < s, "%s", t);
    free(t);
}

/* The character the `threats` map (ck_threats) draws in cell (row r from
 * the south, column c from the west) for `player`. */
static char threat_cell(int player, int r, int c)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    cr_assert_not_null(f);
    cr_assert_eq(ck_threats(&F.s, player, f), 0);
    fclose(f);
    char label[8];
    snprintf(label, sizeof label, "\n%2d ", r * 2);
    const char *row = strstr(out, label);
    cr_assert_not_null(row, "no map row %d in:\n%s", r, out);
    char at = row[strlen(label) + (size_t)c];
    free(out);
    return at;
}

/* [CK Movement and Ranges] [CK Playing the Game] the `threats` map marks
 * '!' where an enemy's next move reaches a figure's base (a cavalryman's,
 * for Parliament: the shot's 6" and both bases), ':' where only his shot
 * does, from where he stands or after his move (6" and 12": a
 * play-tester was shot by a man who moved first), but not deep in a wood
 * where no move outside it shows him; it draws our own figures over it,
 * and lists under the map those the enemy could strike. */
Test(ck_movement_and_ranges, the_threats_map_marks_charges_and_shots)
{
    ckf_fig(&F, F_SHOT, 25, 25);                     /* cell (12, 12) */
    cr_assert_eq(threat_cell(CK_PAR, 12, 15), '!');   /* (31, 25): 6" */
    cr_assert_eq(threat_cell(CK_PAR, 12, 16), ':');   /* (33, 25): 8", more than 6 + 0.5 + 0.75 */
    cr_assert_eq(threat_cell(CK_PAR, 12, 18), ':');   /* (37, 25): 12", his range */
    cr_assert_eq(threat_cell(CK_PAR, 12, 21), ':');   /* (43, 25): 18", his move and his range */
    cr_assert_eq(threat_cell(CK_PAR, 12, 22), '.');   /* (45, 25): 20" */
    ckf_ground(&F, 2, 26, 38);                        /* a wood, searched: (25, 37) deep in it, unseen */
    cr_assert_eq(threat_cell(CK_PAR, 18, 12), ',');
    cr_assert_eq(threat_cell(CK_PAR, 12, 6), ':');    /* (13, 25): 12" west, in the open */
    ckf_fig(&F, F_CAVALRY, 31, 25);
    cr_assert_eq(threat_cell(CK_PAR, 12, 15), 'C', "our own figure is drawn over the mark");
    cr_assert_eq(threat_cell(CK_ROY, 12, 14), '!', "the Royalists are shown the cavalryman's reach");
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    cr_assert_not_null(f);
    ck_threats(&F.s, CK_PAR, f);
    fclose(f);
    const char *list = strstr(out, "\nyours in reach:\n  C1   charge: S1\n");
    free(out);
    cr_assert_not_null(list, "the figures in reach are listed under the map");
}

/* [CK Movement and Ranges] `measure A`'s "reaches" column and the threats
 * map judge a charge into a wood with the move halved, as the charge is:
 * a solo player was told two troopers reached Wilmot 1.6" inside a wood,
 * whose halved moves fell short. */
Test(ck_movement_and_ranges, measure_and_threats_halve_a_charge_into_a_wood)
{
    ckf_ground(&F, CKP_WOOD, 20, 20);
    int c1 = ckf_fig(&F, F_CAVALRY, 13, 20), s1 = ckf_fig(&F, F_SHOT, 20, 20);
    Diag d = {{0}};
    char *t = measured("S1", &d); /* 5.75" between the bases: within 8", not within the 4" the wood leaves */
    cr_assert_not_null(t, "%s", d.msg);
    cr_assert(strstr(t, "  C1   cavalry trooper    7.00\"  no     moving      no         no\n"), "%s", t);
    free(t);
    ckf_refused(&F, ckf_act(CKV_CHARGE, c1, s1, 0, 0, 0), "out of reach");
    cr_assert_neq(threat_cell(CK_ROY, 10, 9), '!', "(19, 21) in the wood: C1's halved move falls short");
    ckf_f(&F, c1)->x = 15.5f; /* 3.25" between the bases: within the halved move */
    t = measured("S1", &d);
    cr_assert_not_null(t, "%s", d.msg);
    cr_assert(strstr(t, "  C1   cavalry trooper    4.50\"  no     moving      no         yes\n"), "%s", t);
    free(t);
    cr_assert(ckf_ok(&F, ckf_act(CKV_CHARGE, c1, s1, 0, 0, 0)), "the charge measure calls within reach");
}

/* [CK Movement and Ranges] [CK Playing the Game] a dragoon who has moved
 * in his side's move shoots an unseen man only after his next move, which
 * his column says (a referee read "moving" as a shot still to come). */
Test(ck_movement_and_ranges, measure_says_next_turn_of_a_shot_after_a_move_made)
{
    d1_and_s1_across_a_wood();
    Diag d = {{0}};
    char *t;
    ckf_f(&F, 0)->moved = 1; /* D1 has moved this turn, and not shot */
    t = measured("D1", &d);
    cr_assert_not_null(t, "%s", d.msg);
    cr_assert(strstr(t, "  S1   shot              12.00\"  no     next turn   moving     no\n"), "%s", t);
    free(t);
}
