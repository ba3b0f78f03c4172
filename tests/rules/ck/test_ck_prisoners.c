/* test_ck_prisoners.c - To Catch a King [CK Captured Persons]: four
 * prisoners to a guard, Charles and Wilmot alone; leading prisoners off at
 * 3" a turn to Parliament's entry point (24, 0); escapes when the guard is
 * killed, ordered away or (ecw) driven back; captured horsemen on foot. */
#include "ck_fixture.h"

static Ckf F;

CKF_SUITE(ck_captured_persons);

/* A beaten Royalist of `type` touching the guard g, around it at an angle
 * that changes with each figure added. */
static int beaten_next_to(int type, int g)
{
    const CkFig *gf = ckf_f(&F, g);
    float a = 0.7f * (float)F.s.nfigs, r = 0.75f + (ck_figs[type].mounted ? 0.75f : 0.5f);
    int t = ckf_fig(&F, type, gf->x + r * cosf(a), gf->y + r * sinf(a));
    ckf_f(&F, t)->beaten = 1;
    cr_assert(ck_in_contact(ckf_f(&F, t), ckf_f(&F, g)));
    return t;
}

/* A full guard may charge with the capture word: his prisoners escape as
 * he sets off, so he has room for the man he beats. */
Test(ck_captured_persons, a_full_guard_who_charges_has_room_for_the_man_he_beats)
{
    int g = ckf_fig(&F, F_CAVALRY, 5, 40), h = ckf_fig(&F, F_HORSE, 5, 43);
    int held[4];
    for (int k = 0; k < 4; k++)
        ckf_prisoner(&F, held[k] = ckf_fig(&F, F_CLUBMAN, 5.5f, 39.2f), g);
    ckf_dice(&F, 2, 5, 1); /* 4+5=9 against 4+1=5: beaten, not by half */
    ckf_charge(&F, g, h, true);
    ckf_assert_dice(&F, 2);
    for (int k = 0; k < 4; k++)
        cr_assert_eq(ckf_f(&F, held[k])->status, FS_ACTIVE, "his prisoners escaped as he charged");
    cr_assert_eq(ckf_f(&F, h)->status, FS_PRISONER);
    cr_assert_eq(ckf_f(&F, h)->guard, g);
}

Test(ck_captured_persons, four_per_guard)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20);
    for (int k = 0; k < 3; k++)
        ckf_prisoner(&F, ckf_fig(&F, k == 0 ? F_CLUBMAN : F_SHOT, 30, 30), c);
    int s = beaten_next_to(F_SHOT, c);
    ckf_do(&F, ckf_act(CKV_CAPTURE, c, s, 0, 0, 0));
    cr_assert_eq(ckf_f(&F, s)->status, FS_PRISONER);
    cr_assert_eq(ckf_f(&F, s)->guard, c);
    int s2 = beaten_next_to(F_SHOT, c);
    ckf_refused(&F, ckf_act(CKV_CAPTURE, c, s2, 0, 0, 0), "cannot guard");
    /* another trooper can take him */
    int c2 = ckf_fig(&F, F_CAVALRY, ckf_f(&F, s2)->x + 1.25f, ckf_f(&F, s2)->y);
    ckf_do(&F, ckf_act(CKV_CAPTURE, c2, s2, 0, 0, 0));
    cr_assert_eq(ckf_f(&F, s2)->guard, c2);
}

Test(ck_captured_persons, charles_alone)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20);
    ckf_prisoner(&F, ckf_fig(&F, F_SHOT, 30, 30), c);
    int x = ckf_fig(&F, F_CHARLES, 20, 21.25f);
    ckf_f(&F, x)->wounded = 1;
    ckf_refused(&F, ckf_act(CKV_CAPTURE, c, x, 0, 0, 0), "cannot guard");
    /* a guard with no other charge takes him, and then nobody else */
    int c2 = ckf_fig(&F, F_CAVALRY, 21.25f, 21.25f);
    ckf_do(&F, ckf_act(CKV_CAPTURE, c2, x, 0, 0, 0));
    cr_assert_eq(ckf_f(&F, x)->status, FS_PRISONER);
    cr_assert_eq(ckf_f(&F, x)->guard, c2);
    int s = beaten_next_to(F_CLUBMAN, c2);
    ckf_refused(&F, ckf_act(CKV_CAPTURE, c2, s, 0, 0, 0), "cannot guard");
    int w = ckf_fig(&F, F_WILMOT, 21.25f, 19.75f);
    ckf_f(&F, w)->wounded = 1;
    ckf_refused(&F, ckf_act(CKV_CAPTURE, c2, w, 0, 0, 0), "cannot guard");
    /* Wilmot too needs a guard of his own */
    int c3 = ckf_fig(&F, F_CAVALRY, 21.25f, 18.5f);
    ckf_do(&F, ckf_act(CKV_CAPTURE, c3, w, 0, 0, 0));
    cr_assert_eq(ckf_f(&F, w)->mounted, 0, "Wilmot taken is on foot");
    int k = beaten_next_to(F_CLUBMAN, c3);
    ckf_refused(&F, ckf_act(CKV_CAPTURE, c3, k, 0, 0, 0), "cannot guard");
}

Test(ck_captured_persons, only_the_beaten_or_wounded_are_taken)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20);
    int s = ckf_fig(&F, F_SHOT, 20, 21.25f);
    ckf_refused(&F, ckf_act(CKV_CAPTURE, c, s, 0, 0, 0), "beaten");
    int x = ckf_fig(&F, F_CHARLES, 18.75f, 20);
    ckf_refused(&F, ckf_act(CKV_CAPTURE, c, x, 0, 0, 0), "wounded");
    ckf_f(&F, s)->beaten = 1;
    ckf_f(&F, s)->y = 22.0f; /* 2" apart: no base contact */
    ckf_refused(&F, ckf_act(CKV_CAPTURE, c, s, 0, 0, 0), "base contact");
}

Test(ck_captured_persons, beaten_only_this_turn)
{
    ckf_fig(&F, F_YOU, 40, 2);
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25);
    ckf_dice(&F, 2, 3, 1);
    ckf_charge(&F, c, s, false);
    cr_assert(ckf_f(&F, s)->beaten);
    ckf_end(&F); /* Royalists */
    cr_assert(!ckf_f(&F, s)->beaten, "no longer beaten in the next phase");
    ckf_end(&F); /* turn 2 */
    int c2 = ckf_fig(&F, F_CAVALRY, 20, 29.25f);
    ckf_refused(&F, ckf_act(CKV_CAPTURE, c2, s, 0, 0, 0), "beaten");
}

Test(ck_captured_persons, escort_3_inches_and_off)
{
    int c = ckf_fig(&F, F_CAVALRY, 27, 7);
    int p1 = ckf_fig(&F, F_SHOT, 40, 40), p2 = ckf_fig(&F, F_HORSE, 40, 40);
    ckf_prisoner(&F, p1, c);
    ckf_prisoner(&F, p2, c);
    ckf_do(&F, ckf_act(CKV_ESCORT, c, 0, 0, 0, 0));
    /* (27, 7) is 7.62" from (24, 0): 3" along that line */
    float len = sqrtf(9.0f + 49.0f);
    ckf_assert_at(&F, c, 27 - 3 * 3 / len, 7 - 3 * 7 / len);
    cr_assert(ckf_f(&F, c)->moved);
    for (int p = p1; p <= p2; p++) {
        cr_assert_eq(ckf_f(&F, p)->status, FS_PRISONER);
        cr_assert(ck_in_contact(ckf_f(&F, p), ckf_f(&F, c)), "prisoners kept in base contact");
    }
    ckf_refused(&F, ckf_act(CKV_ESCORT, c, 0, 0, 0, 0), "already");
    /* next turn: 4.62" left, another 3" */
    ckf_end(&F);
    cr_assert_eq(F.s.turn, 2);
    ckf_do(&F, ckf_act(CKV_ESCORT, c, 0, 0, 0, 0));
    ckf_assert_at(&F, c, 27 - 6 * 3 / len, 7 - 6 * 7 / len);
    cr_assert_eq(ckf_f(&F, c)->status, FS_ACTIVE);
    /* turn 3: 1.62" left, within reach: off the table for good */
    ckf_fig(&F, F_YOU, 40, 2); /* someone must stay, or Parliament is gone */
    ckf_end(&F);
    ckf_do(&F, ckf_act(CKV_ESCORT, c, 0, 0, 0, 0));
    cr_assert_eq(ckf_f(&F, c)->status, FS_EXITED);
    cr_assert_eq(ckf_f(&F, p1)->status, FS_ESCORTED);
    cr_assert_eq(ckf_f(&F, p2)->status, FS_ESCORTED);
    ckf_end(&F);
    ckf_refused(&F, ckf_act(CKV_MOVE, c, 0, 0, 24, 3), "off the table");
    ckf_refused(&F, ckf_act(CKV_ESCORT, c, 0, 0, 0, 0), NULL);
    /* led off, they count as captured: 3 + 3 */
    int roy, par;
    ckf_points(&F, &roy, &par);
    cr_assert_eq(par, 6);
    cr_assert_eq(roy, 0);
}

Test(ck_captured_persons, escort_leaves_within_reach_of_the_entry_point)
{
    /* 3" from (24, 0): within this turn's 3", off the table */
    int c = ckf_fig(&F, F_CAVALRY, 24, 3), g = ckf_fig(&F, F_CAVALRY, 30, 4);
    int p = ckf_fig(&F, F_CLUBMAN, 40, 40), q = ckf_fig(&F, F_CLUBMAN, 40, 40);
    ckf_prisoner(&F, p, c);
    ckf_prisoner(&F, q, g);
    ckf_do(&F, ckf_act(CKV_ESCORT, c, 0, 0, 0, 0));
    cr_assert_eq(ckf_f(&F, c)->status, FS_EXITED);
    cr_assert_eq(ckf_f(&F, p)->status, FS_ESCORTED);
    /* 7.21" away: 3" nearer, still on the table */
    ckf_do(&F, ckf_act(CKV_ESCORT, g, 0, 0, 0, 0));
    float len = sqrtf(36.0f + 16.0f);
    ckf_assert_at(&F, g, 30 - 3 * 6 / len, 4 - 3 * 4 / len);
    cr_assert_eq(ckf_f(&F, g)->status, FS_ACTIVE);
    cr_assert_eq(ckf_f(&F, q)->status, FS_PRISONER);
}

Test(ck_captured_persons, escort_refused)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20);
    ckf_refused(&F, ckf_act(CKV_ESCORT, c, 0, 0, 0, 0), "no prisoners");
    int c2 = ckf_fig(&F, F_CAVALRY, 30, 20);
    ckf_prisoner(&F, ckf_fig(&F, F_SHOT, 30, 30), c2);
    int s = ckf_fig(&F, F_SHOT, 30, 25);
    ckf_do(&F, ckf_act(CKV_ESCORT, c2, 0, 0, 0, 0)); /* one escort a turn: it is his move */
    ckf_refused(&F, ckf_act(CKV_ESCORT, c2, 0, 0, 0, 0), "that figure has already moved");
    ckf_side(&F, CK_ROY);
    ckf_refused(&F, ckf_act(CKV_ESCORT, s, 0, 0, 0, 0), NULL);
}

/* [CK Playing the Game] (ecw) a guard may shoot first and then lead his
 * prisoners off: shooting first leaves half his move, and the escort's 3"
 * is within it (a play-tester found a shot then an escort refused, an
 * escort then a shot allowed). */
Test(ck_captured_persons, a_guard_may_shoot_then_escort)
{
    int c = ckf_fig(&F, F_CAVALRY, 30, 20);
    ckf_prisoner(&F, ckf_fig(&F, F_SHOT, 30, 30), c);
    int s = ckf_fig(&F, F_SHOT, 30, 24);
    ckf_dice(&F, 2, 1, 6);
    ckf_shoot(&F, c, s);
    ckf_do(&F, ckf_act(CKV_ESCORT, c, 0, 0, 0, 0));
    ckf_assert_at(&F, c, 30 - 3 * 6 / sqrtf(36 + 400), 20 - 3 * 20 / sqrtf(36 + 400));
}

/* An escort is a move: it may not cross an unsearched piece without
 * ending on it, any more than a plain move along the same line. */
Test(ck_captured_persons, escort_may_not_cross_an_unsearched_piece)
{
    int c = ckf_fig(&F, F_CAVALRY, 24, 10); /* 3" due south takes him to (24, 7) */
    ckf_prisoner(&F, ckf_fig(&F, F_SHOT, 40, 40), c);
    CkPiece *m = ckf_piece(&F, 1, 21.9f, 8.5f, DISC_BLANK, PROM_BLANK); /* the manor, r 2.5: the line passes 2.1" from it */
    ckf_refused(&F, ckf_act(CKV_MOVE, c, 0, 0, 24, 7), "piece");
    ckf_refused(&F, ckf_act(CKV_ESCORT, c, 0, 0, 0, 0), "piece");
    cr_assert_eq(ckf_f(&F, c)->y, 10, "he stays where he was");
    m->searched = 1; /* searched ground may be crossed */
    ckf_do(&F, ckf_act(CKV_ESCORT, c, 0, 0, 0, 0));
    ckf_assert_at(&F, c, 24, 7);
}

Test(ck_captured_persons, escort_may_not_end_touching_an_enemy)
{
    int c = ckf_fig(&F, F_CAVALRY, 24, 10);
    ckf_prisoner(&F, ckf_fig(&F, F_SHOT, 40, 40), c);
    int s = ckf_fig(&F, F_SHOT, 24, 5.9f); /* 1.1" from (24, 7): bases 0.75 + 0.5 touch */
    ckf_refused(&F, ckf_act(CKV_ESCORT, c, 0, 0, 0, 0), "touching an enemy");
    ckf_f(&F, s)->x = 30; /* moved out of the way, the escort goes */
    ckf_do(&F, ckf_act(CKV_ESCORT, c, 0, 0, 0, 0));
    ckf_assert_at(&F, c, 24, 7);
}

/* An escort is a move: the guard may not end on another figure's base
 * (Movement and Ranges, bases never overlap); his own prisoners go with
 * him and are no hindrance. */
Test(ck_captured_persons, escort_may_not_end_on_a_base)
{
    int c = ckf_fig(&F, F_CAVALRY, 24, 10);
    ckf_prisoner(&F, ckf_fig(&F, F_SHOT, 24, 8.75f), c); /* his own, in the way: no hindrance */
    int d = ckf_fig(&F, F_DRAGOON, 24.5f, 7); /* a friend where the escort ends, (24, 7) */
    ckf_refused(&F, ckf_act(CKV_ESCORT, c, 0, 0, 0, 0), "no room for his base there: D1 stands at (24.5, 7.0)");
    /* the refusal works out a bend round him, as for a barred way (guards jammed at the entry point, and a
     * play-tester worked the bends out himself), and the bend it gives is accepted */
    Diag why = {{0}};
    Action esc = ckf_act(CKV_ESCORT, c, 0, 0, 0, 0);
    cr_assert_lt(ck_check(&F.s, &esc, &why), 0);
    const char *hint = strstr(why.msg, " (a bend goes round: escort C1 via ");
    cr_assert(hint, "%s", why.msg);
    Action bent = esc;
    bent.arg = CK_MOVE_BENT;
    cr_assert_eq(sscanf(hint, " (a bend goes round: escort C1 via %f %f)", &bent.bx, &bent.by), 2, "%s", why.msg);
    cr_assert(ckf_ok(&F, bent), "%s", why.msg);
    ckf_f(&F, d)->x = 25.5f; /* bases touching: the escort goes */
    ckf_do(&F, ckf_act(CKV_ESCORT, c, 0, 0, 0, 0));
    ckf_assert_at(&F, c, 24, 7);
}

/* After an escort the prisoners stand round their guard, bases touching
 * his, each clear of every other base (Movement and Ranges, no base on
 * another base): here the first place round him is a dragoon's. */
Test(ck_captured_persons, escorted_prisoners_stand_clear_of_other_bases)
{
    int c = ckf_fig(&F, F_CAVALRY, 24, 10);
    int p = ckf_fig(&F, F_SHOT, 40, 40);
    ckf_prisoner(&F, p, c);
    int d = ckf_fig(&F, F_DRAGOON, 25.5f, 7); /* touching the guard's end (24, 7), on its east side */
    ckf_do(&F, ckf_act(CKV_ESCORT, c, 0, 0, 0, 0));
    ckf_assert_at(&F, c, 24, 7);
    const CkFig *g = ckf_f(&F, c), *q = ckf_f(&F, p), *e = ckf_f(&F, d);
    cr_assert(ck_in_contact(q, g), "the prisoner at (%.2f, %.2f) touches his guard", (double)q->x, (double)q->y);
    cr_assert_geq(ck_dist(q->x, q->y, e->x, e->y), 0.5f + 0.75f - CK_BASE_GRACE, "the prisoner at (%.2f, %.2f) stands on "
                  "D1's base", (double)q->x, (double)q->y);
}

/* No base on another base (Movement and Ranges): an escort that would
 * leave no room round the guard for his prisoners' bases is refused, as a
 * move onto a base is; found by the property test, where an escort along
 * the south edge seated a man on another guard's prisoner. */
Test(ck_captured_persons, an_escort_needs_room_for_the_prisoners_bases)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 1);
    for (int k = 0; k < 4; k++)
        ckf_prisoner(&F, ckf_fig(&F, F_SHOT, 40, 10 + 2 * (float)k), c);
    ckf_fig(&F, F_DRAGOON, 22.9f, 2.6f), ckf_fig(&F, F_DRAGOON, 21.3f, 2.0f), ckf_fig(&F, F_DRAGOON, 24.5f, 2.0f);
    ckf_refused(&F, ckf_act(CKV_ESCORT, c, 0, 0, 0, 0), "no room there for his prisoners' bases round him");
    ckf_f(&F, 5)->x = 30, ckf_f(&F, 6)->x = 34, ckf_f(&F, 7)->x = 38; /* the dragoons ride off: room for them */
    ckf_do(&F, ckf_act(CKV_ESCORT, c, 0, 0, 0, 0));
    int i, j;
    for (i = 0; i < F.s.nfigs; i++)
        for (j = i + 1; j < F.s.nfigs; j++)
            cr_assert_geq(ck_dist(ckf_f(&F, i)->x, ckf_f(&F, i)->y, ckf_f(&F, j)->x, ckf_f(&F, j)->y),
                          ck_fig_radius(ckf_f(&F, i)) + ck_fig_radius(ckf_f(&F, j)) - CK_BASE_GRACE - 1e-3f,
                          "figures %d and %d stand one on the other", i, j);
}

/* A dragoon who mounts needs room round his horse's larger base for his
 * prisoners' bases too: ringed by friends 2" off, his man has room
 * beside him on foot but none once he is mounted. */
Test(ck_captured_persons, a_guard_mounts_only_where_his_prisoners_have_room)
{
    int d = ckf_fig(&F, F_DRAGOON, 20, 20);
    ckf_f(&F, d)->mounted = 0;
    int p = ckf_fig(&F, F_SHOT, 40, 40);
    ckf_prisoner(&F, p, d);
    ckf_f(&F, p)->x = 20.866f, ckf_f(&F, p)->y = 20.5f; /* touching him, between two of the ring */
    for (int k = 0; k < 6; k++)
        ckf_fig(&F, F_CAVALRY, 20 + 2 * cosf(1.0471976f * (float)k), 20 + 2 * sinf(1.0471976f * (float)k));
    ckf_refused(&F, ckf_act(CKV_MOUNT, d, 0, 0, 0, 0), "no room to mount there: his prisoners' bases would find no room");
    ckf_f(&F, 2)->x = 30; /* the man east of him rides off */
    ckf_do(&F, ckf_act(CKV_MOUNT, d, 0, 0, 0, 0));
    cr_assert(ck_in_contact(ckf_f(&F, p), ckf_f(&F, d)), "his man touches his horse's base");
}

/* An escort with a bend (ecw, "A way with one bend"). */
static Action escort_via(int g, float bx, float by)
{
    Action a = ckf_act(CKV_ESCORT, g, 0, CK_MOVE_BENT, 0, 0);
    a.bx = bx, a.by = by;
    return a;
}

/* A guard whose straight way to the entry point is barred leads his
 * prisoners round with one bend, within 3" of him, and on towards the
 * entry point for the rest of his 3"; each leg is held to a move's rules
 * (ecw, Movement and Ranges, "A way with one bend"). */
Test(ck_captured_persons, an_escort_may_bend_round_what_bars_its_way)
{
    int c = ckf_fig(&F, F_CAVALRY, 24, 10), p = ckf_fig(&F, F_SHOT, 40, 40);
    ckf_prisoner(&F, p, c);
    ckf_side(&F, CK_ROY);
    int s = ckf_fig(&F, F_SHOT, 24, 8.5f);
    ckf_side(&F, CK_PAR);
    ckf_refused(&F, ckf_act(CKV_ESCORT, c, 0, 0, 0, 0), "the way passes over the base of S2");
    ckf_worked_bend(&F, ckf_act(CKV_ESCORT, c, 0, 0, 0, 0), "escort C1 via 25.4 8.9");
    ckf_refused(&F, escort_via(c, 28, 10), "the bend (28.0, 10.0) is 4.0\" away: an escort goes 3\" a turn");
    ckf_refused(&F, escort_via(c, 23, 8), "before the bend, the way passes over the base of S2");
    ckf_f(&F, s)->x = 27.1f, ckf_f(&F, s)->y = 8.3f;
    ckf_refused(&F, escort_via(c, 26, 9), "the escort would end touching an enemy (S2 at (27.1, 8.3))");
    ckf_f(&F, s)->x = 24, ckf_f(&F, s)->y = 8.5f;
    ckf_do(&F, escort_via(c, 26, 9));
    float rest = 3 - sqrtf(5.0f), len = sqrtf(4.0f + 81.0f);
    ckf_assert_at(&F, c, 26 - 2 * rest / len, 9 - 9 * rest / len);
    cr_assert(ck_in_contact(ckf_f(&F, p), ckf_f(&F, c)), "his prisoner goes with him");
    const char *ev = ckf_last_event(&F, "move");
    cr_assert(ev && strstr(ev, "escorts his prisoner shot S1 by way of (26.0, 9.0) from (24.0, 10.0) to (25.8, 8.3)"), "%s", ev);
}

/* An escort that leaves the table goes to the entry point, and its way
 * there, straight or bent, may not pass over an enemy's base either; a
 * bend within reach of the entry point takes them off from there. */
Test(ck_captured_persons, an_escort_leaving_the_table_goes_round_an_enemy)
{
    int c = ckf_fig(&F, F_CAVALRY, 24, 2.6f), p = ckf_fig(&F, F_SHOT, 40, 40);
    ckf_prisoner(&F, p, c);
    ckf_fig(&F, F_YOU, 40, 2); /* someone stays, or Parliament is gone */
    ckf_side(&F, CK_ROY);
    ckf_fig(&F, F_SHOT, 23.2f, 1.3f);
    ckf_side(&F, CK_PAR);
    ckf_refused(&F, ckf_act(CKV_ESCORT, c, 0, 0, 0, 0), "the way passes over the base of S2");
    ckf_f(&F, 3)->x = 24.3f, ckf_f(&F, 3)->y = 0.6f; /* over the entry point itself: no way off */
    ckf_refused(&F, escort_via(c, 24.9f, 1.6f), "S2 at (24.3, 0.6) stands at the entry point (24.0, 0.0), an enemy: no way "
                                                "off the table is open to the prisoners until he moves or is beaten");
    ckf_f(&F, 3)->x = 23.2f, ckf_f(&F, 3)->y = 1.3f;
    ckf_do(&F, escort_via(c, 24.9f, 1.6f));
    cr_assert_eq(ckf_f(&F, c)->status, FS_EXITED);
    cr_assert_eq(ckf_f(&F, p)->status, FS_ESCORTED);
    const char *ev = ckf_last_event(&F, "move");
    cr_assert(ev && strstr(ev, "leads his prisoner shot S1 off the table by way of (24.9, 1.6) from (24.0, 2.6)"), "%s", ev);
}

/* A bend a little over 3" off (within the reach's grace) leaves nothing
 * of the escort after it: the guard stops at the bend, and never goes
 * back from it (found by review: he walked back over the edge). */
Test(ck_captured_persons, an_escort_stops_at_a_bend_3_inches_off)
{
    int c = ckf_fig(&F, F_CAVALRY, 24, 44.2f), p = ckf_fig(&F, F_SHOT, 40, 40);
    ckf_prisoner(&F, p, c);
    ckf_do(&F, escort_via(c, 24, 47.24f));
    const CkFig *g = ckf_f(&F, c);
    cr_assert(ck_base_on_table(g->x, g->y, 0.75f), "the guard at (%.2f, %.2f)", (double)g->x, (double)g->y);
    ckf_assert_at(&F, c, 24, 47.24f);
}

/* No base hangs over the table's edge (Movement and Ranges): a guard led
 * along the south edge stops short of 3" rather than put half his horse
 * off the table, and his four prisoners are seated round him where their
 * bases stay on it (the fourth's first place, south-west of him, would
 * not). */
Test(ck_captured_persons, an_escort_along_the_edge_keeps_every_base_on_the_table)
{
    int c = ckf_fig(&F, F_CAVALRY, 10, 0.8f);
    for (int k = 0; k < 4; k++)
        ckf_prisoner(&F, ckf_fig(&F, F_SHOT, 40, 10 + 2 * (float)k), c);
    ckf_do(&F, ckf_act(CKV_ESCORT, c, 0, 0, 0, 0));
    const CkFig *g = ckf_f(&F, c);
    cr_assert(ck_base_on_table(g->x, g->y, 0.75f), "the guard at (%.3f, %.3f)", (double)g->x, (double)g->y);
    cr_assert_gt(g->x, 12.8f, "he still went most of 3\" towards the entry point: x %.2f", (double)g->x);
    for (int i = 1; i <= 4; i++) {
        const CkFig *q = ckf_f(&F, i);
        cr_assert_eq(q->status, FS_PRISONER);
        cr_assert(ck_base_on_table(q->x, q->y, 0.5f), "prisoner %d at (%.3f, %.3f) hangs over the edge", i, (double)q->x,
                  (double)q->y);
        cr_assert(ck_in_contact(q, g), "prisoner %d touches his guard", i);
    }
}

/* An escort is a move: one that ends on an unsearched piece searches it,
 * and the search ends Parliament's turn. */
Test(ck_captured_persons, escort_ending_on_an_unsearched_piece_searches_it)
{
    CkPiece *v = ckf_piece(&F, CKP_VILLAGE, 24, 11, DISC_HORSE, PROM_BLANK);
    int c = ckf_fig(&F, F_CAVALRY, 24, 16); /* 3" due south takes him to (24, 13), 2" inside the village */
    int p = ckf_fig(&F, F_SHOT, 40, 40);
    ckf_prisoner(&F, p, c);
    ckf_dice(&F, 1, 2); /* two horse found */
    ckf_do(&F, ckf_act(CKV_ESCORT, c, 0, 0, 0, 0));
    ckf_assert_dice(&F, 1);
    ckf_assert_at(&F, c, 24, 13);
    cr_assert(v->searched, "the escort searched the village");
    cr_assert_eq(ckf_events(&F, "reveal"), 1);
    cr_assert(strstr(ckf_last_event(&F, "reveal"), "\"piece\":1,\"discovery\":\"horse\",\"count\":2"), "%s",
              ckf_last_event(&F, "reveal"));
    cr_assert_eq(F.s.nfigs, 2 + 2, "the horse found are on the table");
    cr_assert_eq(ckf_f(&F, p)->status, FS_PRISONER, "the prisoner stays with his guard");
    cr_assert_eq(F.s.phase, CP_ROYALIST, "the search ends Parliament's turn");
    cr_assert_eq(F.s.to_act, CK_ROY);
    cr_assert_eq(F.s.turn, 1);
}

/* A trooper who rides up to take a wounded Charles is moving like any
 * other: the unsearched piece he ends on (here the hill where the drover
 * showed Charles) is searched, and Parliament's turn ends. */
Test(ck_captured_persons, riding_up_to_take_charles_searches_the_piece_reached)
{
    CkPiece *h = ckf_piece(&F, CKP_HILL, 20, 20, DISC_INFANTRY, PROM_CHARLES);
    h->prom_seen = 1;
    int x = ckf_fig(&F, F_CHARLES, 20, 22);
    ckf_f(&F, x)->wounded = 1;
    int c = ckf_fig(&F, F_CAVALRY, 20, 14); /* 6.75" to contact, at (20, 20.75) on the hill */
    ckf_dice(&F, 1, 3);                     /* three shot found */
    ckf_do(&F, ckf_act(CKV_CAPTURE, c, x, 0, 0, 0));
    ckf_assert_dice(&F, 1);
    ckf_assert_at(&F, c, 20, 20.75f);
    cr_assert_eq(ckf_f(&F, x)->status, FS_PRISONER);
    cr_assert_eq(ckf_f(&F, x)->guard, c);
    cr_assert(h->searched, "the captor searched the hill he rode onto");
    cr_assert_eq(ckf_events(&F, "reveal"), 1);
    cr_assert(strstr(ckf_last_event(&F, "reveal"), "\"piece\":6,\"discovery\":\"infantry\",\"count\":3"), "%s",
              ckf_last_event(&F, "reveal"));
    int shot = 0, charles = 0;
    for (int i = 0; i < F.s.nfigs; i++) {
        shot += ckf_f(&F, i)->type == F_SHOT;
        charles += ckf_f(&F, i)->type == F_CHARLES;
    }
    cr_assert_eq(shot, 3);
    cr_assert_eq(charles, 1, "the drover already showed him: not found twice");
    cr_assert_eq(F.s.phase, CP_ROYALIST, "the search ends Parliament's turn");
}

static void assert_escaped(int p)
{
    cr_assert_eq(ckf_f(&F, p)->status, FS_ACTIVE, "prisoner %d escapes", p);
    cr_assert_eq(ckf_f(&F, p)->guard, CK_NONE);
}

Test(ck_captured_persons, escape_when_guard_killed)
{
    ckf_fig(&F, F_YOU, 40, 2);
    ckf_side(&F, CK_ROY);
    int c = ckf_fig(&F, F_CAVALRY, 10, 22);
    int p1 = ckf_fig(&F, F_SHOT, 40, 40), p2 = ckf_fig(&F, F_CLUBMAN, 40, 40);
    ckf_prisoner(&F, p1, c);
    ckf_prisoner(&F, p2, c);
    int s = ckf_fig(&F, F_SHOT, 10, 27); /* 5": +1 */
    ckf_dice(&F, 2, 6, 1);               /* 3+1+6=10 against 4+1=5: dead */
    ckf_shoot(&F, s, c);
    ckf_assert_dice(&F, 2);
    cr_assert_eq(ckf_f(&F, c)->status, FS_DEAD);
    assert_escaped(p1);
    assert_escaped(p2);
    cr_assert_eq(ckf_events(&F, "escape"), 2);
    /* back under Royalist control: they may act this phase */
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, p1, 0, 0, ckf_f(&F, p1)->x, ckf_f(&F, p1)->y + 3)));
}

Test(ck_captured_persons, escape_when_guard_moves)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20);
    int p = ckf_fig(&F, F_SHOT, 40, 40);
    ckf_prisoner(&F, p, c);
    ckf_move(&F, c, 20, 18);
    assert_escaped(p);
    ckf_assert_at(&F, c, 20, 18);
}

/* A guard who charges has left his charges: they escape, even when the
 * charge is a short step that keeps him beside them and the fight is a tie. */
Test(ck_captured_persons, escape_when_guard_charges)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20);
    int p = ckf_fig(&F, F_SHOT, 40, 40);
    ckf_prisoner(&F, p, c); /* at (20.8, 20) */
    int s = ckf_fig(&F, F_SHOT, 20, 21.5f); /* 0.25" to contact */
    ckf_dice(&F, 2, 3, 4);                  /* 4+3=7 against 3+4=7: a tie, both stay */
    ckf_charge(&F, c, s, false);
    ckf_assert_dice(&F, 2);
    ckf_assert_at(&F, c, 20, 20.25f);
    cr_assert(strstr(ckf_last_event(&F, "combat"), "\"result\":\"none\""), "%s", ckf_last_event(&F, "combat"));
    cr_assert(ck_in_contact(ckf_f(&F, c), ckf_f(&F, p)), "still beside his prisoner");
    assert_escaped(p);
    cr_assert_eq(ckf_events(&F, "escape"), 1);
}

/* A guard already touching the man he charges does not set off: he is
 * not ordered away from his charges and keeps them, through the fight and
 * with no caution; then the capture word wants room for the man he beats
 * (a referee's guard lost his prisoner so). */
Test(ck_captured_persons, a_guard_who_charges_from_where_he_stands_keeps_his_prisoners)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), p = ckf_fig(&F, F_SHOT, 40, 40);
    ckf_prisoner(&F, p, c); /* at (20.8, 20) */
    int s = ckf_fig(&F, F_SHOT, 20, 21.25f); /* touching him */
    char why[256];
    Action charge = ckf_act(CKV_CHARGE, c, s, CK_CHARGE_CAPTURE, 0, 0);
    cr_assert_eq(ck_caution(&F.s, &charge, why, sizeof why), 0, "%s", why);
    for (int k = 0; k < 3; k++)
        ckf_prisoner(&F, ckf_fig(&F, F_CLUBMAN, 40, 30 + 2 * (float)k), c);
    ckf_refused(&F, charge, "no room for another");
    charge.arg = 0;
    ckf_dice(&F, 2, 3, 4); /* 4+3=7 against 3+4=7: a tie, both stay */
    ckf_charge(&F, c, s, false);
    ckf_assert_dice(&F, 2);
    ckf_assert_at(&F, c, 20, 20);
    cr_assert_eq(ckf_f(&F, p)->status, FS_PRISONER, "he kept his prisoner");
    cr_assert_eq(ckf_f(&F, p)->guard, c);
    cr_assert_eq(ckf_events(&F, "escape"), 0);
}

/* A guard holds up to four men, who touch his base (ecw,
 * `guard F P`): a trooper touching another's prisoner, with room, takes
 * him over; it costs neither trooper his turn, and the old guard may then
 * go without the man escaping (a play-tester's three cavalry each held one
 * horseman and none could hand his man to another). */
Test(ck_captured_persons, a_trooper_touching_a_prisoner_takes_him_into_his_group)
{
    int g[2], p;
    ckf_two_guards(&F, F_HORSE, 1, F_SHOT, g, &p);
    int c1 = g[0], c2 = g[1];
    Action take = ckf_act(CKV_GUARD, c2, p, 0, 0, 0);
    static Action legal[MAX_ACTIONS];
    int n = ck_legal(&F.s, legal, MAX_ACTIONS), listed = 0;
    for (int k = 0; k < n; k++)
        listed += memcmp(&legal[k], &take, sizeof take) == 0;
    cr_assert_eq(listed, 1, "the takeover is on the legal list");
    ckf_do(&F, take);
    cr_assert_eq(ckf_f(&F, p)->status, FS_PRISONER);
    cr_assert_eq(ckf_f(&F, p)->guard, c2);
    cr_assert_eq(ckf_events(&F, "handover"), 1);
    cr_assert(!ckf_f(&F, c1)->moved && !ckf_f(&F, c2)->moved && !ckf_f(&F, c2)->shot, "nobody's turn is spent");
    ckf_refused(&F, ckf_act(CKV_GUARD, c1, p, 0, 0, 0), "has changed guards or been led on once this turn already");
    ckf_move(&F, c1, 20, 14); /* the old guard goes: nobody escapes */
    cr_assert_eq(ckf_events(&F, "escape"), 0);
    cr_assert_eq(ckf_f(&F, p)->guard, c2);
    ck_reset_flags(&F.s, CK_PAR); /* the next turn he may change guards again, to another */
    int c3 = ckf_fig(&F, F_CAVALRY, 20.8f, 21.3f);
    cr_assert(ckf_ok(&F, ckf_act(CKV_GUARD, c3, p, 0, 0, 0)));
    ckf_refused(&F, ckf_act(CKV_GUARD, c2, p, 0, 0, 0), "he guards H1 already");
    ckf_refused(&F, ckf_act(CKV_GUARD, c1, p, 0, 0, 0), "he must touch H1 to take him over");
    /* a gap just over the grace is told to two decimals, beside the grace (a referee read "0.1\"" as touching) */
    int c5 = ckf_fig(&F, F_CAVALRY, ckf_f(&F, p)->x, ckf_f(&F, p)->y - 1.38f);
    ckf_refused(&F, ckf_act(CKV_GUARD, c5, p, 0, 0, 0), "0.13\" between their bases, more than the 0.1\" allowed");
    ckf_refused(&F, ckf_act(CKV_GUARD, c2, c1, 0, 0, 0), "is no prisoner");
    /* led on 3" by an escort, he is not handed to a fresh guard to be led on again (a play-tester's relay
     * took a man 4.9" in a turn) */
    ck_reset_flags(&F.s, CK_PAR);
    ckf_do(&F, ckf_act(CKV_ESCORT, c2, 0, 0, 0, 0));
    int c4 = ckf_fig(&F, F_CAVALRY, ckf_f(&F, p)->x + 1.25f, ckf_f(&F, p)->y);
    cr_assert(ck_in_contact(ckf_f(&F, c4), ckf_f(&F, p)));
    ckf_refused(&F, ckf_act(CKV_GUARD, c4, p, 0, 0, 0), "H1 has changed guards or been led on once this turn already");
}

/* A man taken this turn may be handed over at once: his own move in his
 * last turn is no handing over (a play-tester's clubman, just taken, was
 * refused as "changed guards or been led on"); and a trooper not touching
 * him is told so first. */
Test(ck_captured_persons, a_man_just_taken_may_change_guards)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20);
    int k = beaten_next_to(F_CLUBMAN, c);
    ckf_f(&F, k)->moved = 1; /* he moved in the Royalists' turn */
    ckf_do(&F, ckf_act(CKV_CAPTURE, c, k, 0, 0, 0));
    const CkFig *kf = ckf_f(&F, k);
    int far = ckf_fig(&F, F_DRAGOON, kf->x + 5, kf->y);
    ckf_refused(&F, ckf_act(CKV_GUARD, far, k, 0, 0, 0), "he must touch K1 to take him over");
    float dx = kf->x - 20, dy = kf->y - 20, len = sqrtf(dx * dx + dy * dy);
    int d = ckf_fig(&F, F_DRAGOON, kf->x + dx / len * 1.25f, kf->y + dy / len * 1.25f); /* beyond him, touching */
    ckf_do(&F, ckf_act(CKV_GUARD, d, k, 0, 0, 0));
    cr_assert_eq(ckf_f(&F, k)->guard, d);
}

/* ... with room for him: four to a guard, and Charles or Wilmot alone; in
 * Parliament's turn only. */
Test(ck_captured_persons, a_takeover_wants_room_for_the_prisoner)
{
    int g[2], p;
    ckf_two_guards(&F, F_SHOT, 4, F_CLUBMAN, g, &p);
    int c1 = g[0], c2 = g[1];
    ckf_refused(&F, ckf_act(CKV_GUARD, c2, p, 0, 0, 0), "he guards four, or Charles or Wilmot, already");
    int c3 = ckf_fig(&F, F_CAVALRY, 30, 30), x = ckf_fig(&F, F_CHARLES, 40, 40);
    ckf_prisoner(&F, x, c3); /* at (30.8, 30) */
    int c4 = ckf_fig(&F, F_CAVALRY, 32.05f, 30), q = ckf_fig(&F, F_SHOT, 40, 20);
    ckf_prisoner(&F, q, c4);
    ckf_refused(&F, ckf_act(CKV_GUARD, c4, x, 0, 0, 0), "he needs a guard who guards nobody else");
    ckf_prisoner(&F, q, c1); /* C4 now guards nobody: he may take Charles */
    cr_assert(ckf_ok(&F, ckf_act(CKV_GUARD, c4, x, 0, 0, 0)));
    ckf_side(&F, CK_ROY);
    ckf_refused(&F, ckf_act(CKV_GUARD, c4, x, 0, 0, 0), "that figure is not yours");
}

/* Only a move that takes the guard away from his charges frees them: a
 * step that keeps him in base contact with a prisoner keeps that one. */
Test(ck_captured_persons, a_step_that_keeps_contact_keeps_the_prisoner)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20);
    int p = ckf_fig(&F, F_SHOT, 40, 40);
    ckf_prisoner(&F, p, c); /* at (20.8, 20) */
    ckf_move(&F, c, 20, 19.8f);
    cr_assert_eq(ckf_f(&F, p)->status, FS_PRISONER);
    cr_assert_eq(ckf_f(&F, p)->guard, c);
    cr_assert_eq(ckf_events(&F, "escape"), 0);
}

/* The log tells a guard's move, then the prisoners it left escaping, as
 * at the table (a referee read the escape before the move that caused it);
 * a charge likewise. */
Test(ck_captured_persons, the_escape_is_told_after_the_move_that_leaves_him)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), p = ckf_fig(&F, F_SHOT, 40, 40);
    ckf_prisoner(&F, p, c);
    ckf_move(&F, c, 20, 18);
    assert_escaped(p);
    cr_assert_geq(captured_index(&F.ev, "move", false), 0);
    cr_assert_gt(captured_index(&F.ev, "escape", false), captured_index(&F.ev, "move", false),
                 "the escape is told before the move");
    int c2 = ckf_fig(&F, F_CAVALRY, 30, 20), p2 = ckf_fig(&F, F_SHOT, 40, 30);
    ckf_prisoner(&F, p2, c2);
    int s = ckf_fig(&F, F_SHOT, 30, 22.5f);
    int moves = ckf_events(&F, "move"), escapes = ckf_events(&F, "escape");
    ckf_dice(&F, 2, 3, 4); /* a tie */
    ckf_charge(&F, c2, s, false);
    cr_assert_eq(ckf_events(&F, "escape"), escapes + 1);
    cr_assert_eq(ckf_events(&F, "move"), moves + 1);
    cr_assert_gt(captured_index(&F.ev, "escape", true), captured_index(&F.ev, "move", true),
                 "the charger's escape is told before his charge");
}

/* A guard's legal order that leaves prisoners behind is cautioned, naming
 * them (the CLI has a person give it twice): a move that ends out of
 * contact with them, a charge; not a step that keeps contact, an escort,
 * nor a move of anyone who guards nobody. */
Test(ck_captured_persons, an_order_that_leaves_prisoners_is_cautioned)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), p = ckf_fig(&F, F_SHOT, 40, 40), d = ckf_fig(&F, F_DRAGOON, 10, 10);
    ckf_prisoner(&F, p, c); /* at (20.8, 20) */
    int s = ckf_fig(&F, F_SHOT, 20, 25);
    static const GameIO labels = {NULL, NULL, NULL};
    char want[160], why[256];
    snprintf(want, sizeof want, "%s leaves his prisoner %s, who escapes (a guard who goes from his prisoners loses them)",
             ck_fig_label(&F.s, c, &labels).s, ck_fig_label(&F.s, p, &labels).s);
    Action away = ckf_act(CKV_MOVE, c, 0, 0, 20, 18), step = ckf_act(CKV_MOVE, c, 0, 0, 20, 19.8f);
    Action charge = ckf_act(CKV_CHARGE, c, s, 0, 0, 0), escort = ckf_act(CKV_ESCORT, c, 0, 0, 0, 0);
    Action other = ckf_act(CKV_MOVE, d, 0, 0, 10, 14);
    cr_assert(ckf_ok(&F, away) && ckf_ok(&F, step) && ckf_ok(&F, charge) && ckf_ok(&F, escort) && ckf_ok(&F, other));
    cr_assert_eq(ck_caution(&F.s, &away, why, sizeof why), 1);
    cr_assert_str_eq(why, want);
    cr_assert_eq(ck_caution(&F.s, &charge, why, sizeof why), 1);
    cr_assert_str_eq(why, want);
    cr_assert_eq(ck_caution(&F.s, &step, why, sizeof why), 0);
    cr_assert_eq(ck_caution(&F.s, &escort, why, sizeof why), 0);
    cr_assert_eq(ck_caution(&F.s, &other, why, sizeof why), 0);
    int p2 = beaten_next_to(F_HORSE, c);
    ckf_prisoner(&F, p2, c);
    cr_assert_eq(ck_caution(&F.s, &charge, why, sizeof why), 1);
    cr_assert(strstr(why, "leaves his prisoners ") && strstr(why, ck_fig_label(&F.s, p2, &labels).s) &&
                  strstr(why, ", who escape ("),
              "%s", why);
}

/* A Royalist shot charges cavalry guard *c (at 20, 20) of prisoner *p and
 * loses 9 to 5: the guard recoils half his move, to (20, 16). */
static void drive_back_a_guard(int *c, int *p)
{
    ckf_side(&F, CK_ROY);
    *c = ckf_fig(&F, F_CAVALRY, 20, 20);
    *p = ckf_fig(&F, F_SHOT, 40, 40);
    ckf_prisoner(&F, *p, *c);
    int s = ckf_fig(&F, F_SHOT, 20, 25);
    ckf_dice(&F, 2, 6, 1); /* shot 3+6=9 against 4+1=5: the guard recoils */
    ckf_charge(&F, s, *c, false);
    cr_assert_eq(ckf_f(&F, *c)->status, FS_ACTIVE);
    ckf_assert_at(&F, *c, 20, 16);
}

/* The rulebook frees prisoners only when their guard is killed or ordered
 * away: a guard driven back by a recoil takes them with him, still in base
 * contact. */
Test(ck_captured_persons, a_guard_driven_back_keeps_his_prisoners)
{
    int c, p;
    drive_back_a_guard(&c, &p);
    cr_assert_eq(ckf_f(&F, p)->status, FS_PRISONER);
    cr_assert_eq(ckf_f(&F, p)->guard, c);
    ckf_assert_at(&F, p, 20.8f, 16);
    cr_assert_eq(ckf_events(&F, "escape"), 0);
}

/* A guard driven back goes no further than his prisoners' ways let them:
 * a man in a prisoner's way and not in his own stops them all, and the
 * log says whose way it was (a referee saw nobody in the guard's way). */
Test(ck_captured_persons, a_guard_stopped_by_a_man_in_his_prisoners_way_is_told_so)
{
    ckf_side(&F, CK_ROY);
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), p = ckf_fig(&F, F_SHOT, 40, 40);
    ckf_prisoner(&F, p, c); /* at (20.8, 20) */
    int k = ckf_fig(&F, F_CLUBMAN, 21.6f, 17.5f); /* 0.8" off the prisoner's way south, 1.6" off his own */
    int s = ckf_fig(&F, F_SHOT, 20, 25);
    ckf_dice(&F, 2, 6, 1); /* shot 3+6=9 against 4+1=5: the guard recoils */
    ckf_charge(&F, s, c, false);
    cr_assert_gt(ckf_f(&F, c)->y, 16.5f, "not stopped: at (%.2f, %.2f)", (double)ckf_f(&F, c)->x, (double)ckf_f(&F, c)->y);
    cr_assert_eq(ckf_f(&F, p)->status, FS_PRISONER);
    static const GameIO labels = {NULL, NULL, NULL};
    char want[96];
    snprintf(want, sizeof want, ", his prisoner %s stopped by %s's base", ck_fig_label(&F.s, p, &labels).s,
             ck_fig_label(&F.s, k, &labels).s);
    const char *said = captured_last_text(&F.ev, "combat");
    cr_assert(said && strstr(said, want), "%s lacks '%s'", said ? said : "(none)", want);
}

/* Option recoil_frees=yes (an ecw reading): a guard driven back loses his
 * prisoners. */
Test(ck_captured_persons, escape_when_guard_driven_back_with_recoil_frees)
{
    F.s.recoil_frees = 1;
    int c, p;
    drive_back_a_guard(&c, &p);
    assert_escaped(p);
}

/* A Royalist who charged, was beaten and taken, and is freed the same
 * turn (his guard shot dead) has had his whole turn: he may not move or
 * charge again (a play-tester's horseman rode 8" after such an escape).
 * One held from an earlier turn acts once freed (above). */
Test(ck_captured_persons, a_charger_taken_and_freed_the_same_turn_acts_no_more)
{
    ckf_side(&F, CK_ROY);
    ckf_fig(&F, F_YOU, 40, 2);
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), h = ckf_fig(&F, F_HORSE, 20, 21.5f);
    ckf_charger_beaten(&F, h, c);
    ckf_do(&F, ckf_act(CKV_CAPTURE, c, h, 0, 0, 0));
    cr_assert_eq(ckf_f(&F, h)->status, FS_PRISONER);
    int s = ckf_fig(&F, F_SHOT, 20, 25);
    ckf_dice(&F, 2, 6, 1); /* 3+1+6=10 against 4+1=5: the guard dead */
    ckf_shoot(&F, s, c);
    cr_assert_eq(ckf_f(&F, c)->status, FS_DEAD);
    assert_escaped(h);
    CkFig *hf = ckf_f(&F, h);
    ckf_refused(&F, ckf_act(CKV_MOVE, h, 0, 0, hf->x - 3, hf->y), NULL);
    ckf_end(&F); /* Parliament's turn, then his own next turn: he rides again */
    ckf_end(&F);
    cr_assert_eq(F.s.to_act, CK_ROY);
    Diag d = {{0}};
    Action away = ckf_act(CKV_MOVE, h, 0, 0, hf->x - 3, hf->y);
    cr_assert_eq(ck_check(&F.s, &away, &d), 0, "%s", d.msg);
}

Test(ck_captured_persons, charles_escapes_when_his_guard_dies)
{
    ckf_side(&F, CK_ROY);
    ckf_fig(&F, F_YOU, 40, 2);
    int c = ckf_fig(&F, F_CAVALRY, 20, 20);
    int x = ckf_fig(&F, F_CHARLES, 30, 30);
    ckf_f(&F, x)->wounded = 1;
    ckf_prisoner(&F, x, c);
    int s = ckf_fig(&F, F_SHOT, 20, 25);
    ckf_dice(&F, 2, 6, 1); /* 3+1+6=10 against 5 */
    ckf_shoot(&F, s, c);
    cr_assert_eq(ckf_f(&F, c)->status, FS_DEAD);
    assert_escaped(x);
}

/* Regression test for a bug fixed in (src/games/ck/ck_combat.c, ck_prisoners_escape): the rulebook says
 * "Captured mounted troops are dismounted and on foot until released or
 * they escape"; take_prisoner() puts them on foot but an escape never puts
 * Royalist horse (or Wilmot) back on their horses. */
Test(ck_captured_persons, escaped_horsemen_ride_again)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20);
    int h = ckf_fig(&F, F_HORSE, 40, 40), w = ckf_fig(&F, F_WILMOT, 40, 30);
    int c2 = ckf_fig(&F, F_CAVALRY, 10, 10);
    ckf_prisoner(&F, h, c);
    ckf_prisoner(&F, w, c2);
    cr_assert_eq(ckf_f(&F, h)->mounted, 0);
    ckf_move(&F, c, 20, 18);
    ckf_move(&F, c2, 10, 8);
    assert_escaped(h);
    assert_escaped(w);
    cr_assert_eq(ckf_f(&F, h)->mounted, 1, "horse that escape are mounted again");
    cr_assert_eq(ckf_f(&F, w)->mounted, 1, "so is Wilmot");
}

Test(ck_captured_persons, prisoners_do_not_act)
{
    int c = ckf_fig(&F, F_CAVALRY, 20, 20);
    int s = ckf_fig(&F, F_SHOT, 40, 40);
    ckf_prisoner(&F, s, c);
    ckf_side(&F, CK_ROY);
    ckf_refused(&F, ckf_act(CKV_MOVE, s, 0, 0, 21, 22), "prisoner");
    ckf_refused(&F, ckf_act(CKV_CHARGE, s, c, 0, 0, 0), NULL);
    ckf_side(&F, CK_PAR);
    int c2 = ckf_fig(&F, F_CAVALRY, 30, 20);
    ckf_refused(&F, ckf_act(CKV_SHOOT, c2, s, 0, 0, 0), NULL);
}

/* [CK Captured Persons] [CK Combat Outcomes] the board's roster ends with
 * the figures no longer on the map and what became of each (a referee
 * found troopers gone from it without a word): the dead, the prisoners
 * led off and their guard gone with them, a Royalist away by the far
 * edge; nothing while all are on the map. */
Test(ck_captured_persons, the_roster_says_what_became_of_those_gone)
{
    int d = ckf_fig(&F, F_DRAGOON, 10, 10), c = ckf_fig(&F, F_CAVALRY, 12, 10);
    int s = ckf_fig(&F, F_SHOT, 20, 20), h = ckf_fig(&F, F_HORSE, 30, 30);
    static char board[16384];
    FILE *f = fmemopen(board, sizeof board, "w");
    cr_assert_not_null(f);
    ck_render(&F.s, CK_PAR, f);
    fclose(f);
    cr_assert_null(strstr(board, "off the table"), "%s", board);
    ckf_f(&F, d)->status = FS_DEAD;
    ckf_f(&F, c)->status = FS_EXITED;
    ckf_f(&F, s)->status = FS_ESCORTED;
    ckf_f(&F, h)->status = FS_EXITED;
    f = fmemopen(board, sizeof board, "w");
    cr_assert_not_null(f);
    ck_render(&F.s, CK_PAR, f);
    fclose(f);
    const char *gone = strstr(board, "\n off the table: ");
    cr_assert_not_null(gone, "%s", board);
    char said[256]; /* the line as one, its wrapping undone */
    size_t n = 0;
    for (const char *c = gone + 1; *c && n + 1 < sizeof said; c++)
        if (*c == '\n')
            c += strspn(c + 1, " "), said[n++] = ' ';
        else
            said[n++] = *c;
    said[n] = '\0';
    cr_assert(strstr(said, " off the table: D1 dead, C1 left with his prisoners, S1 led off a prisoner, H1 got away "
                           "north "), "%s", said);
}
