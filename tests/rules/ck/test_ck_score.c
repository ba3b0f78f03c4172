/* test_ck_score.c - To Catch a King [CK Aim of the game]: both points
 * tables line by line, the undiscovered fugitives rolled for at the end,
 * and the three ways the game ends, with docs/rules/to-catch-a-king.md's
 * readings ("captured" includes prisoners still under guard; "undiscovered"
 * includes those who left by the far edge; "at liberty" includes a Charles
 * or Wilmot still hidden under an unsearched piece, and "not present" when
 * his card was never dealt). */
#include "ck_fixture.h"

static Ckf F;

CKF_SUITE(ck_aim_of_the_game);

/* The points one figure of `type` in `status` is worth to each side. */
static bool exit_scores; /* the option exit_scores for one_figure */

static void one_figure(int type, int status, int want_roy, int want_par)
{
    ckf_init(&F);
    F.s.exit_scores = exit_scores;
    int i = ckf_fig(&F, type, 20, 20);
    ckf_f(&F, i)->status = (uint8_t)status;
    if (status == FS_PRISONER) {
        int g = ckf_fig(&F, F_CAVALRY, 30, 30);
        ckf_f(&F, i)->guard = (uint8_t)g;
    }
    int roy, par;
    ckf_points(&F, &roy, &par);
    static const char *const st[] = {"active", "dead", "prisoner", "escorted", "exited"};
    cr_expect_eq(par, want_par, "%s %s: Parliament %d, the table %d", ck_figs[type].name, st[status], par, want_par);
    cr_expect_eq(roy, want_roy, "%s %s: Royalists %d, the table %d", ck_figs[type].name, st[status], roy, want_roy);
}

Test(ck_aim_of_the_game, points_table_to_the_letter)
{
    /* Parliament Troops win points for */
    /* Every Terrain piece searched = 1 Point */
    ckf_all_pieces(&F);
    for (int i = 0; i < 5; i++)
        F.s.pieces[i].searched = 1;
    int roy, par;
    ckf_points(&F, &roy, &par);
    cr_expect_eq(par, 5, "5 pieces searched");
    cr_expect_eq(roy, 0);
    /* Every Clubman Killed = 1 point; captured = 2 points */
    one_figure(F_CLUBMAN, FS_DEAD, 0, 1);
    one_figure(F_CLUBMAN, FS_PRISONER, 0, 2);
    one_figure(F_CLUBMAN, FS_ESCORTED, 0, 2);
    /* Every Royalist Killed = 2 points; Captured = 3 points */
    one_figure(F_SHOT, FS_DEAD, 0, 2);
    one_figure(F_SHOT, FS_PRISONER, 0, 3);
    one_figure(F_SHOT, FS_ESCORTED, 0, 3);
    one_figure(F_HORSE, FS_DEAD, 0, 2);
    one_figure(F_HORSE, FS_PRISONER, 0, 3);
    one_figure(F_HORSE, FS_ESCORTED, 0, 3);
    /* Lord Wilmot Killed = 4 points; Captured = 6 points */
    one_figure(F_WILMOT, FS_DEAD, 0, 4);
    one_figure(F_WILMOT, FS_PRISONER, 0, 6);
    one_figure(F_WILMOT, FS_ESCORTED, 0, 6);
    /* Charles Stuart Killed = 6 points; Captured = 8 pts */
    one_figure(F_CHARLES, FS_DEAD, 0, 6);
    one_figure(F_CHARLES, FS_PRISONER, 0, 8);
    one_figure(F_CHARLES, FS_ESCORTED, 0, 8);

    /* Royalists Win Points for */
    /* Every Roundhead Dragoon / Cavalry man Killed = 4 points; You Killed! = 6 */
    one_figure(F_DRAGOON, FS_DEAD, 4, 0);
    one_figure(F_CAVALRY, FS_DEAD, 4, 0);
    one_figure(F_YOU, FS_DEAD, 6, 0);
    one_figure(F_DRAGOON, FS_ACTIVE, 0, 0);
    one_figure(F_CAVALRY, FS_EXITED, 0, 0);
    one_figure(F_YOU, FS_ACTIVE, 0, 0);
    /* Every Clubman / Royalist undiscovered at the end = 2 / 3 points */
    ckf_init(&F);
    F.s.hidden_club = 3;
    ckf_points(&F, &roy, &par);
    cr_expect_eq(roy, 6, "3 clubmen undiscovered");
    F.s.hidden_club = 0;
    F.s.hidden_roy = 2;
    ckf_points(&F, &roy, &par);
    cr_expect_eq(roy, 6, "2 Royalists undiscovered");
    /* those who got away by the far edge were discovered: nothing, unless
     * the option exit_scores counts them as undiscovered (an ecw reading) */
    one_figure(F_CLUBMAN, FS_EXITED, 0, 0);
    one_figure(F_SHOT, FS_EXITED, 0, 0);
    one_figure(F_HORSE, FS_EXITED, 0, 0);
    exit_scores = true;
    one_figure(F_CLUBMAN, FS_EXITED, 2, 0);
    one_figure(F_SHOT, FS_EXITED, 3, 0);
    one_figure(F_HORSE, FS_EXITED, 3, 0);
    exit_scores = false;
    /* found and still on the table: nothing for either side */
    one_figure(F_CLUBMAN, FS_ACTIVE, 0, 0);
    one_figure(F_SHOT, FS_ACTIVE, 0, 0);
    /* Lord Wilmot remains at liberty = 6 points; Charles Stuart at liberty = 12 */
    one_figure(F_WILMOT, FS_ACTIVE, 6, 0);
    one_figure(F_WILMOT, FS_EXITED, 6, 0);
    one_figure(F_CHARLES, FS_ACTIVE, 12, 0);
    one_figure(F_CHARLES, FS_EXITED, 12, 0);
}

Test(ck_aim_of_the_game, wounded_but_free_is_at_liberty)
{
    int x = ckf_fig(&F, F_CHARLES, 20, 20), w = ckf_fig(&F, F_WILMOT, 25, 20);
    ckf_f(&F, x)->wounded = ckf_f(&F, w)->wounded = 1;
    int roy, par;
    ckf_points(&F, &roy, &par);
    cr_assert_eq(roy, 18);
    cr_assert_eq(par, 0);
}

Test(ck_aim_of_the_game, hidden_person_is_at_liberty_and_absent_one_is_not)
{
    ckf_all_pieces(&F);
    F.s.pieces[CKP_MARSH].prom = PROM_CHARLES;
    F.s.pieces[CKP_HILL].prom = PROM_WILMOT;
    int roy, par;
    ckf_points(&F, &roy, &par);
    cr_assert_eq(roy, 18, "both still hidden under unsearched pieces");
    /* the drover showed Wilmot: he is on the table now, counted once */
    F.s.pieces[CKP_HILL].prom_seen = 1;
    ckf_fig(&F, F_WILMOT, F.s.pieces[CKP_HILL].x, F.s.pieces[CKP_HILL].y);
    ckf_points(&F, &roy, &par);
    cr_assert_eq(roy, 18);
    /* Charles's card never dealt (it is among the six left over): not present */
    ckf_init(&F);
    ckf_all_pieces(&F);
    F.s.prom[0] = PROM_CHARLES;
    F.s.nprom = 1;
    ckf_points(&F, &roy, &par);
    cr_assert_eq(roy, 0);
    cr_assert_eq(par, 0);
}

/* With absent_scores=yes, Charles or Wilmot whose card was never dealt
 * under a piece counts as at liberty (a player's reading of "at liberty";
 * by default he was never in the area and scores nothing). */
Test(ck_aim_of_the_game, absent_scores_counts_a_person_never_in_the_area_at_liberty)
{
    ckf_all_pieces(&F);
    F.s.prom[0] = PROM_CHARLES, F.s.prom[1] = PROM_WILMOT;
    F.s.nprom = 2;
    F.s.absent_scores = 1;
    int roy, par;
    ckf_points(&F, &roy, &par);
    cr_assert_eq(roy, 12 + 6, "both never in the area, at liberty");
    int w = ckf_fig(&F, F_WILMOT, 20, 20); /* Wilmot found after all, and killed */
    ckf_f(&F, w)->status = FS_DEAD;
    ckf_points(&F, &roy, &par);
    cr_assert_eq(roy, 12, "only Charles is at liberty now");
    cr_assert_eq(par, 4, "Wilmot killed");
}

/* With held_scores=no only prisoners led off the table count as captured
 * (the rulebook's "Those taken alive escort off the game board"); by
 * default one still under guard at the end counts too. */
Test(ck_aim_of_the_game, held_scores_no_counts_only_prisoners_led_off)
{
    int p = ckf_fig(&F, F_SHOT, 20, 20), g = ckf_fig(&F, F_CAVALRY, 21.25f, 20);
    ckf_prisoner(&F, p, g);
    int e = ckf_fig(&F, F_CHARLES, 30, 30);
    ckf_f(&F, e)->status = FS_ESCORTED;
    int roy, par;
    ckf_points(&F, &roy, &par);
    cr_assert_eq(par, 3 + 8, "the held shot and Charles led off");
    F.s.only_led_off = 1;
    ckf_points(&F, &roy, &par);
    cr_assert_eq(par, 8, "Charles led off only");
}

Test(ck_aim_of_the_game, a_whole_tally)
{
    ckf_all_pieces(&F);
    for (int i = 0; i < 7; i++)
        F.s.pieces[i].searched = 1; /* 7 */
    int c = ckf_fig(&F, F_CAVALRY, 20, 20);
    static const struct { int type, status; } figs[] = {
        {F_CLUBMAN, FS_DEAD},     /* P 1 */
        {F_CLUBMAN, FS_ESCORTED}, /* P 2 */
        {F_SHOT, FS_PRISONER},    /* P 3 */
        {F_HORSE, FS_DEAD},       /* P 2 */
        {F_WILMOT, FS_EXITED},    /* R 6 */
        {F_CHARLES, FS_DEAD},     /* P 6 */
        {F_DRAGOON, FS_DEAD},     /* R 4 */
        {F_YOU, FS_DEAD},         /* R 6 */
        {F_SHOT, FS_EXITED},      /* nothing: found, then gone */
    };
    for (size_t k = 0; k < sizeof figs / sizeof figs[0]; k++) {
        int i = ckf_fig(&F, figs[k].type, 30, 30);
        ckf_f(&F, i)->status = (uint8_t)figs[k].status;
        ckf_f(&F, i)->guard = (uint8_t)c;
    }
    F.s.hidden_club = 4; /* R 8 */
    F.s.hidden_roy = 1;  /* R 3 */
    int roy, par;
    ckf_points(&F, &roy, &par);
    cr_assert_eq(par, 7 + 1 + 2 + 3 + 2 + 6);
    cr_assert_eq(roy, 6 + 4 + 6 + 8 + 3);
}

Test(ck_aim_of_the_game, undiscovered_counts_unturned_cards)
{
    ckf_all_pieces(&F);
    F.s.pieces[0].disc = DISC_INFANTRY;
    F.s.pieces[1].disc = DISC_CLUBMEN;
    F.s.pieces[2].disc = DISC_HORSE;
    F.s.pieces[3].disc = DISC_BLANK;
    F.s.pieces[4].disc = DISC_INFANTRY; /* searched: its men were found */
    F.s.pieces[4].searched = 1;
    F.s.disc[0] = DISC_CLUBMEN; /* a card never dealt counts for nothing */
    F.s.ndisc = 1;
    F.s.turn = 12;
    ckf_fig(&F, F_YOU, 24, 2);
    ckf_dice(&F, 3, 4, 5, 2); /* infantry 4, clubmen 5, horse 2 */
    ckf_end(&F);
    ckf_assert_dice(&F, 3);
    for (int k = 0; k < 3; k++) {
        cr_assert_eq(F.dice.sides[k], 6);
        cr_assert_eq(F.dice.player[k], VIS_PUBLIC, "rolled in the open");
    }
    cr_assert_eq(F.s.phase, CP_OVER);
    cr_assert_eq(F.s.hidden_roy, 6);
    cr_assert_eq(F.s.hidden_club, 5);
    cr_assert_eq(F.s.points[CK_ROY], 3 * 6 + 2 * 5);
    cr_assert_eq(F.s.points[CK_PAR], 1);
    cr_assert_eq(F.s.winner, CK_ROY);
    double out[2];
    ck_ops.score(&F.s, out);
    cr_assert_eq(out[CK_ROY], 1);
    cr_assert_eq(out[CK_PAR], -1);
    const char *ev = ckf_last_event(&F, "end");
    cr_assert(strstr(ev, "\"royalist_points\":28") && strstr(ev, "\"parliament_points\":1") &&
                  strstr(ev, "\"winner\":\"royalist\""), "%s", ev);
    /* every piece never searched has its cards turned over in the log, blank ones too (a referee's) */
    cr_assert_eq(ckf_events(&F, "unturned"), 11, "11 pieces never searched");
    bool blank = false, clubmen = false;
    for (int i = 0; i < F.ev.n; i++) {
        blank |= strcmp(F.ev.text[i], "Never searched, the wood (piece 4): a blank discovery card, and a blank "
                                          "prominent-person card: nobody there") == 0;
        clubmen |= strcmp(F.ev.text[i], "Never searched, the manor (piece 2): clubmen, and a blank prominent-person card") == 0;
    }
    cr_assert(blank && clubmen, "the blank card under piece 4 or the clubmen under piece 2 not told");
}

/* The end says where Charles and Wilmot were when they were never found:
 * under which unsearched piece, or not in the area at all (his card never
 * dealt); one found says nothing. Nothing of it is told before the end. */
Test(ck_aim_of_the_game, the_end_says_where_the_persons_never_found_were)
{
    ckf_all_pieces(&F);
    F.s.pieces[CKP_WOOD2].prom = PROM_CHARLES;
    F.s.turn = CK_TURNS - 1;
    ckf_fig(&F, F_YOU, 24, 2);
    ckf_end(&F);
    cr_assert_eq(F.s.turn, CK_TURNS);
    for (int i = 0; i < F.ev.n; i++)
        cr_assert(!strstr(F.ev.json[i], "hidden") && !strstr(F.ev.json[i], "_piece"), "told early: %s", F.ev.json[i]);
    ckf_end(&F);
    cr_assert_eq(F.s.phase, CP_OVER);
    const char *ev = ckf_last_event(&F, "end");
    cr_assert(strstr(ev, "\"charles_piece\":4,\"wilmot_piece\":null"), "%s", ev);
    cr_assert(strstr(ev, "points; Charles lay hidden in the wood (piece 4); Wilmot was never in the area\""), "%s", ev);
}

/* ... and of one found, nothing (he stands on the table). */
Test(ck_aim_of_the_game, the_end_says_nothing_of_a_person_found)
{
    ckf_all_pieces(&F);
    F.s.pieces[CKP_MARSH].prom = PROM_WILMOT;
    F.s.turn = CK_TURNS;
    ckf_fig(&F, F_YOU, 24, 2);
    ckf_fig(&F, F_CHARLES, 40, 45);
    ckf_end(&F);
    ckf_end(&F);
    cr_assert_eq(F.s.phase, CP_OVER);
    const char *ev = ckf_last_event(&F, "end");
    cr_assert(!strstr(ev, "charles_piece") && !strstr(ev, "Charles"), "%s", ev);
    cr_assert(strstr(ev, "points; Wilmot lay hidden in the marsh (piece 12)\""), "%s", ev);
}

Test(ck_aim_of_the_game, equal_points_is_a_draw)
{
    F.s.turn = 12;
    ckf_fig(&F, F_YOU, 24, 2);
    ckf_end(&F);
    cr_assert_eq(F.s.phase, CP_OVER);
    cr_assert_eq(F.s.points[CK_ROY], 0);
    cr_assert_eq(F.s.points[CK_PAR], 0);
    double out[2] = {9, 9};
    ck_ops.score(&F.s, out);
    cr_assert_eq(out[0], 0);
    cr_assert_eq(out[1], 0);
    cr_assert(strstr(ckf_last_event(&F, "end"), "\"winner\":\"draw\""));
}

Test(ck_aim_of_the_game, game_ends_when_all_parliament_dead)
{
    ckf_side(&F, CK_ROY);
    int c = ckf_fig(&F, F_CAVALRY, 10, 25), s = ckf_fig(&F, F_SHOT, 10, 30);
    ckf_dice(&F, 2, 6, 1); /* 3+1+6=10 against 4+1=5 */
    ckf_shoot(&F, s, c);
    ckf_assert_dice(&F, 2);
    cr_assert_eq(ckf_f(&F, c)->status, FS_DEAD);
    cr_assert_eq(F.s.phase, CP_OVER);
    cr_assert_eq(F.s.end_reason, 2);
    cr_assert_eq(F.s.points[CK_ROY], 4);
    cr_assert_eq(F.s.points[CK_PAR], 0);
    cr_assert(strstr(ckf_last_event(&F, "end"), "Parliament destroyed"));
}

Test(ck_aim_of_the_game, parliament_dead_after_charles_dead_plays_on)
{
    ckf_side(&F, CK_ROY);
    int c = ckf_fig(&F, F_CAVALRY, 10, 25), s = ckf_fig(&F, F_SHOT, 10, 30);
    int x = ckf_fig(&F, F_CHARLES, 40, 40);
    ckf_f(&F, x)->status = FS_DEAD;
    ckf_dice(&F, 2, 6, 1);
    ckf_shoot(&F, s, c);
    cr_assert_eq(ckf_f(&F, c)->status, FS_DEAD);
    cr_assert_eq(F.s.phase, CP_ROYALIST, "Charles died first: the game goes on");
}

Test(ck_aim_of_the_game, killing_charles_guard_frees_him_and_ends_it)
{
    ckf_side(&F, CK_ROY);
    int c = ckf_fig(&F, F_CAVALRY, 10, 25), s = ckf_fig(&F, F_SHOT, 10, 30);
    int x = ckf_fig(&F, F_CHARLES, 40, 40);
    ckf_prisoner(&F, x, c);
    ckf_dice(&F, 2, 6, 1);
    ckf_shoot(&F, s, c);
    cr_assert_eq(ckf_f(&F, x)->status, FS_ACTIVE);
    cr_assert_eq(F.s.phase, CP_OVER);
    cr_assert_eq(F.s.end_reason, 2);
    cr_assert_eq(F.s.points[CK_ROY], 4 + 12);
}

/* A guard who led his prisoners off the table is gone but not killed: when
 * the last trooper left on the table dies, Parliament is not destroyed and
 * the game goes on; each Parliament turn with nobody on the table says why
 * it passes (a play-tester saw only 'end', turn after turn), in the open. */
Test(ck_aim_of_the_game, a_guard_led_off_is_not_killed)
{
    int g = ckf_fig(&F, F_CAVALRY, 24, 3), p = ckf_fig(&F, F_CLUBMAN, 40, 40);
    ckf_prisoner(&F, p, g);
    int c = ckf_fig(&F, F_CAVALRY, 10, 25), s = ckf_fig(&F, F_SHOT, 10, 30);
    ckf_do(&F, ckf_act(CKV_ESCORT, g, 0, 0, 0, 0)); /* 3" from the entry point: off the table */
    cr_assert_eq(ckf_f(&F, g)->status, FS_EXITED);
    cr_assert_eq(ckf_f(&F, p)->status, FS_ESCORTED);
    ckf_end(&F);
    cr_assert_eq(F.s.phase, CP_ROYALIST);
    ckf_dice(&F, 2, 6, 1); /* 3+1+6=10 against 4+1=5: the last trooper on the table dies */
    ckf_shoot(&F, s, c);
    ckf_assert_dice(&F, 2);
    cr_assert_eq(ckf_f(&F, c)->status, FS_DEAD);
    cr_assert_eq(F.s.phase, CP_ROYALIST, "not all Parliament is killed: the game goes on");
    cr_assert_eq(F.s.end_reason, 0);
    cr_assert_eq(ckf_events(&F, "end"), 0);
    cr_assert_eq(ckf_events(&F, "no_troops"), 0, "a trooper was on the table in turn 1");
    ckf_end(&F);
    cr_assert_eq(F.s.phase, CP_PARLIAMENT);
    cr_assert_eq(F.s.turn, 2);
    cr_assert_eq(ckf_events(&F, "no_troops"), 1);
    cr_assert_eq(captured_last_vis(&F.ev, "no_troops"), VIS_PUBLIC, "both sides see it");
    cr_assert(strstr(ckf_last_event(&F, "no_troops"), "\"side\":\"parliament\",\"killed\":1,\"led_off\":1"), "%s",
              ckf_last_event(&F, "no_troops"));
    cr_assert_str_eq(captured_last_text(&F.ev, "no_troops"),
                     "Parliament has no figure left on the table (1 led off with prisoners, 1 killed): its turns pass "
                     "until the game ends (the rulebook ends it for Parliament's losses only when all its troops are "
                     "killed before Charles is killed or taken)");
    ckf_end(&F); /* Parliament's, then the Royalists' */
    ckf_end(&F);
    cr_assert_eq(F.s.turn, 3);
    cr_assert_eq(ckf_events(&F, "no_troops"), 2, "said again at the start of each such turn");
}

/* Reinforcements drawn at the start of such a turn put Parliament back on
 * the table: nothing is said, before they come on nor after; a band's
 * arrival leaves it with nobody still, and the line follows the band. */
Test(ck_aim_of_the_game, no_troops_said_only_once_arrivals_are_on)
{
    int g = ckf_fig(&F, F_CAVALRY, 24, 3), p = ckf_fig(&F, F_CLUBMAN, 40, 40);
    ckf_prisoner(&F, p, g);
    ckf_fig(&F, F_SHOT, 10, 30);
    ckf_do(&F, ckf_act(CKV_ESCORT, g, 0, 0, 0, 0));
    F.s.chance[0] = CH_BAND, F.s.chance[1] = CH_REINFORCE, F.s.nchance = 2; /* reinforcements first */
    ckf_dice(&F, 2, 1, 1); /* one dragoon */
    ckf_end(&F);
    ckf_end(&F);
    cr_assert_eq(F.s.phase, CP_ARRIVE);
    ckf_do(&F, ckf_act(CKV_ARRIVE, 0, 0, 0, 30, 0.5f));
    cr_assert_eq(F.s.phase, CP_PARLIAMENT);
    cr_assert_eq(ckf_events(&F, "no_troops"), 0, "the dragoon is on the table");
    ckf_f(&F, F.s.nfigs - 1)->status = FS_DEAD; /* (as if shot) */
    ckf_dice(&F, 3, 1, 1, 1); /* a band of one shot, from the west */
    ckf_end(&F);
    ckf_end(&F);
    cr_assert_eq(F.s.phase, CP_ARRIVE);
    cr_assert_eq(ckf_events(&F, "no_troops"), 0, "not before the band is on");
    ckf_do(&F, ckf_act(CKV_ARRIVE, 0, 0, 0, 0.5f, 30));
    cr_assert_eq(F.s.phase, CP_PARLIAMENT);
    cr_assert_eq(ckf_events(&F, "no_troops"), 1);
    cr_assert(strstr(captured_last_text(&F.ev, "no_troops"), "(1 led off with prisoners, 1 killed)"));
}

/* Charles led off the table as a prisoner is taken, as much as one still
 * under guard: Parliament's troopers all dying after that does not end
 * the game, which runs its twelve turns with Charles scored as captured.
 * (The position leaves out the guard who led him off: in play that guard,
 * gone but alive, keeps Parliament alive by himself, so only a position
 * without him shows the "Charles taken" half of the ending's condition.) */
Test(ck_aim_of_the_game, parliament_dead_after_charles_led_off_plays_on)
{
    ckf_side(&F, CK_ROY);
    int x = ckf_fig(&F, F_CHARLES, 24, 0.5f);
    ckf_f(&F, x)->status = FS_ESCORTED;
    ckf_f(&F, x)->mounted = 0;
    int c = ckf_fig(&F, F_CAVALRY, 10, 25), s = ckf_fig(&F, F_SHOT, 10, 30);
    ckf_dice(&F, 2, 6, 1); /* 3+1+6=10 against 4+1=5 */
    ckf_shoot(&F, s, c);
    ckf_assert_dice(&F, 2);
    cr_assert_eq(ckf_f(&F, c)->status, FS_DEAD);
    cr_assert_eq(F.s.phase, CP_ROYALIST, "Charles was taken first: the game goes on");
    cr_assert_eq(F.s.end_reason, 0);
    F.s.turn = CK_TURNS;
    ckf_end(&F);
    cr_assert_eq(F.s.phase, CP_OVER);
    cr_assert_eq(F.s.end_reason, 3, "it ends after twelve turns");
    cr_assert_eq(F.s.points[CK_PAR], 8, "Charles captured");
    cr_assert_eq(F.s.points[CK_ROY], 4, "a trooper killed");
}

Test(ck_aim_of_the_game, game_ends_all_searched_and_none_free)
{
    /* the last piece searched and nobody found: over at once */
    ckf_all_pieces(&F);
    for (int i = 1; i < CK_PIECES; i++)
        F.s.pieces[i].searched = 1;
    int c = ckf_fig(&F, F_CAVALRY, 11, 16);
    ckf_move(&F, c, 11, 12);
    ckf_assert_dice(&F, 0);
    cr_assert_eq(F.s.phase, CP_OVER);
    cr_assert_eq(F.s.end_reason, 1);
    cr_assert_eq(F.s.points[CK_PAR], 12);
    cr_assert_eq(F.s.points[CK_ROY], 0);
    cr_assert_eq(F.s.winner, CK_PAR);
    cr_assert(strstr(ckf_last_event(&F, "end"), "all searched"));
}

/* Regression test for a bug fixed in (src/games/ck/ck_move.c, apply_move, with ck_flow.c ck_end_phase and
 * ck_apply): a search that finds nobody on the last unsearched piece ends
 * Parliament's turn first, which starts the next turn (turn + 1, a chance
 * card drawn and carried out: a band rolls its three dice, reinforcements
 * their two), and only then does ck_check_end see that the game was over.
 * The rulebook: the game ends when all pieces have been searched and every
 * Royalist is killed or captured; no further turn begins. (On turn 12 the
 * same search ends the game as "twelve turns" instead.) */
Test(ck_aim_of_the_game, last_search_ends_the_game_before_another_turn)
{
    ckf_all_pieces(&F);
    for (int i = 1; i < CK_PIECES; i++)
        F.s.pieces[i].searched = 1;
    F.s.chance[0] = CH_BAND;
    F.s.nchance = 1;
    int c = ckf_fig(&F, F_CAVALRY, 11, 16);
    ckf_move(&F, c, 11, 12);
    cr_assert_eq(F.s.phase, CP_OVER);
    cr_assert_eq(F.s.end_reason, 1);
    cr_assert_eq(F.s.turn, 1, "no new turn begins");
    cr_assert_eq(F.s.nchance, 1, "no chance card is drawn");
    ckf_assert_dice(&F, 0);
}

Test(ck_aim_of_the_game, game_ends_when_the_last_free_royalist_is_taken)
{
    ckf_all_pieces(&F);
    for (int i = 0; i < CK_PIECES; i++)
        F.s.pieces[i].searched = 1;
    int c = ckf_fig(&F, F_CAVALRY, 15, 40), s = ckf_fig(&F, F_SHOT, 15, 45);
    ckf_end(&F);
    cr_assert_eq(F.s.phase, CP_ROYALIST, "a Royalist is free: not over");
    ckf_end(&F);
    cr_assert_eq(F.s.phase, CP_PARLIAMENT);
    ckf_dice(&F, 2, 3, 1); /* 7 against 4: beaten, taken */
    ckf_charge(&F, c, s, true);
    ckf_assert_dice(&F, 2);
    cr_assert_eq(ckf_f(&F, s)->status, FS_PRISONER);
    cr_assert_eq(F.s.phase, CP_OVER);
    cr_assert_eq(F.s.end_reason, 1);
    cr_assert_eq(F.s.points[CK_PAR], 12 + 3);
}

Test(ck_aim_of_the_game, game_ends_when_the_last_free_royalist_slips_away)
{
    ckf_all_pieces(&F);
    for (int i = 0; i < CK_PIECES; i++)
        F.s.pieces[i].searched = 1;
    ckf_fig(&F, F_YOU, 15, 5);
    int s = ckf_fig(&F, F_SHOT, 15, 44);
    ckf_side(&F, CK_ROY);
    ckf_move(&F, s, 15, 47.6f);
    cr_assert_eq(ckf_f(&F, s)->status, FS_EXITED);
    cr_assert_eq(F.s.phase, CP_OVER);
    cr_assert_eq(F.s.end_reason, 1);
    cr_assert_eq(F.s.points[CK_ROY], 0, "a Royalist who got away was found: no points");
    cr_assert_eq(F.s.points[CK_PAR], 12);
}

/* The end of the game tells each side's points line by line, as the table
 * has them: a "points" event per side whose lines add up to its total. */
static void end_with_a_tally(void)
{
    ckf_all_pieces(&F);
    for (int i = 0; i < 3; i++)
        F.s.pieces[i].searched = 1;
    int c = ckf_fig(&F, F_CAVALRY, 20, 2);
    ckf_f(&F, ckf_fig(&F, F_DRAGOON, 22, 2))->status = FS_DEAD;
    for (int k = 0; k < 2; k++)
        ckf_f(&F, ckf_fig(&F, F_SHOT, 30, 40))->status = FS_DEAD;
    ckf_prisoner(&F, ckf_fig(&F, F_CLUBMAN, 21, 2), c);
    ckf_fig(&F, F_CHARLES, 40, 45);
    F.s.turn = CK_TURNS;
    ckf_end(&F); /* Parliament's last turn; Charles is free, so the Royalists move */
    ckf_end(&F);
    cr_assert_eq(F.s.phase, CP_OVER);
}

CKF_SUITE(ck_parliament_troops_win_points_for);

Test(ck_parliament_troops_win_points_for, the_end_lists_every_line_that_scored)
{
    end_with_a_tally();
    const char *ev = NULL;
    for (int i = 0; i < F.ev.n; i++)
        if (strstr(F.ev.json[i], "\"type\":\"points\",\"side\":\"parliament\""))
            ev = F.ev.json[i];
    cr_assert_not_null(ev);
    cr_assert(strstr(ev, "\"total\":9,\"lines\":[{\"event\":\"searched\",\"figure\":\"piece\",\"count\":3,"
                         "\"points\":3},{\"event\":\"killed\",\"figure\":\"shot\",\"count\":2,\"points\":4},"
                         "{\"event\":\"captured\",\"figure\":\"clubman\",\"count\":1,\"points\":2}]"), "%s", ev);
    cr_assert(strstr(ev, "Parliament 9 points: 3 pieces searched (3), 2 shot killed (4), 1 clubman captured (2)"),
              "%s", ev);
}

CKF_SUITE(ck_royalists_win_points_for);

Test(ck_royalists_win_points_for, the_end_lists_every_line_that_scored)
{
    end_with_a_tally();
    const char *ev = ckf_last_event(&F, "points");
    cr_assert(strstr(ev, "\"side\":\"royalist\",\"total\":16,\"lines\":[{\"event\":\"killed\",\"figure\":\"dragoon\","
                         "\"count\":1,\"points\":4},{\"event\":\"at_liberty\",\"figure\":\"charles\",\"count\":1,"
                         "\"points\":12}]"), "%s", ev);
    cr_assert(strstr(ev, "Royalists 16 points: 1 dragoon killed (4), Charles at liberty (12)"), "%s", ev);
}

/* ck_standing's text into a string (freed by the caller). */
static char *standing_text(const CkState *s)
{
    char *out = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&out, &n);
    cr_assert_not_null(f);
    ck_standing(s, f);
    fclose(f);
    return out;
}

/* [CK Aim of the game] the prompt's `score` gives each side's points were
 * the game to end now, line by line, from what both may see: Wilmot's card
 * under an unsearched piece is not counted (nobody has turned it), only
 * said to come at the end; the game over, the points it ended with (a
 * play-tester playing Parliament wanted the score as the game went). */
Test(ck_aim_of_the_game, score_so_far_counts_only_what_both_may_see)
{
    ckf_all_pieces(&F);
    for (int i = 0; i < 3; i++)
        F.s.pieces[i].searched = 1;
    F.s.pieces[CKP_HILL].prom = PROM_WILMOT; /* face down: the end would count him at liberty */
    ckf_f(&F, ckf_fig(&F, F_DRAGOON, 22, 2))->status = FS_DEAD;
    ckf_f(&F, ckf_fig(&F, F_SHOT, 30, 40))->status = FS_DEAD;
    ckf_fig(&F, F_CHARLES, 40, 45);
    char *t = standing_text(&F.s);
    cr_assert(strstr(t, "the points so far, were the game to end now:\n"), "%s", t);
    cr_assert(strstr(t, "  Parliament   5  3 pieces searched (3), 1 shot killed (2)\n"), "%s", t);
    cr_assert(strstr(t, "  Royalists   16  1 dragoon killed (4), Charles at liberty (12)\n"), "%s", t);
    cr_assert(strstr(t, "the cards of 9 unsearched pieces\n"), "%s", t);
    cr_assert_null(strstr(t, "Wilmot at liberty"), "%s", t);
    free(t);
    int roy, par;
    ckf_points(&F, &roy, &par);
    cr_assert_eq(roy, 22, "the end's count has Wilmot (6) too: the score so far must not");
}

Test(ck_aim_of_the_game, score_after_the_end_is_the_final_points)
{
    end_with_a_tally();
    char *t = standing_text(&F.s);
    cr_assert(strstr(t, "the points at the end:\n"), "%s", t);
    cr_assert(strstr(t, "  Parliament   9  3 pieces searched (3), 2 shot killed (4), 1 clubman captured (2)\n"),
              "%s", t);
    cr_assert(strstr(t, "  Royalists   16  1 dragoon killed (4), Charles at liberty (12)\n"), "%s", t);
    cr_assert_null(strstr(t, "face down"), "%s", t);
    free(t);
}

/* ... and a side that scored nothing is told "none", not "none yet" (an
 * auditor read "yet" of a game over). */
Test(ck_aim_of_the_game, score_after_the_end_says_none_not_none_yet)
{
    ckf_all_pieces(&F);
    for (int i = 0; i < CK_PIECES; i++)
        F.s.pieces[i].searched = 1, F.s.pieces[i].disc = F.s.pieces[i].prom = CK_NONE;
    ckf_fig(&F, F_CAVALRY, 20, 2);
    char *t = standing_text(&F.s);
    cr_assert(strstr(t, "  Royalists    0  none yet\n"), "%s", t);
    free(t);
    F.s.phase = CP_OVER;
    t = standing_text(&F.s);
    cr_assert(strstr(t, "  Royalists    0  none\n"), "%s", t);
    free(t);
}
