/* test_ck_turn.c - To Catch a King [CK Playing the Game] (the turn,
 * searching, twelve turns), [CK Cards Used] (the three decks) and
 * [CK Chance Cards] (rain, clearing, a band of Royalists, reinforcements,
 * the drover). Chance cards are forced by putting them on top of the deck
 * (the last card of s.chance); the fixture starts with the deck empty, so
 * a turn that begins draws nothing unless a test stacks it. */
#include "ck_fixture.h"

static Ckf F;

CKF_SUITE(ck_playing_the_game);
CKF_SUITE(ck_cards_used);
CKF_SUITE(ck_chance_cards);

/* Stack the chance deck: the first card given is drawn first. */
static void stack_chance(int n, const int *cards)
{
    for (int i = 0; i < n; i++)
        F.s.chance[n - 1 - i] = (uint8_t)cards[i];
    F.s.nchance = (uint8_t)n;
}

static int count_type(int type)
{
    int n = 0;
    for (int i = 0; i < F.s.nfigs; i++)
        n += F.s.figs[i].type == type;
    return n;
}

/* ------------------------------------------------------------------ */
/* [CK Playing the Game]                                               */
/* ------------------------------------------------------------------ */

/* GameOps.hidden_shown: a search and a chance card drawn turn over what
 * was hidden (the CLI then refuses to withdraw the order that did it); a
 * move that searches nothing does not. */
Test(ck_playing_the_game, hidden_shown_by_a_search_or_a_chance_card)
{
    ckf_piece(&F, CKP_WOOD, 20, 20, DISC_BLANK, PROM_BLANK);
    int c = ckf_fig(&F, F_CAVALRY, 20, 10);
    int cards[] = {CH_NOTHING, CH_NOTHING, CH_NOTHING};
    stack_chance(3, cards);
    CkState before = F.s;
    ckf_move(&F, c, 20, 13.5f);
    cr_assert_eq(ck_hidden_shown(&before, &F.s), 0, "a plain move shows nothing");
    before = F.s;
    ckf_end(&F); /* no Royalist on the table: the next turn's card is drawn */
    cr_assert_eq(F.s.turn, 2);
    cr_assert_eq(ck_hidden_shown(&before, &F.s), 1, "a chance card drawn");
    before = F.s;
    ckf_move(&F, c, 20, 17.4f);
    cr_assert(F.s.pieces[CKP_WOOD].searched);
    cr_assert_eq(ck_hidden_shown(&before, &F.s), 1, "a search turns the piece's cards");
}

Test(ck_playing_the_game, search_reveals_both_cards_and_ends_turn)
{
    ckf_piece(&F, CKP_WOOD, 20, 20, DISC_INFANTRY, PROM_CHARLES);
    int c = ckf_fig(&F, F_CAVALRY, 20, 14), c2 = ckf_fig(&F, F_CAVALRY, 30, 5);
    ckf_dice(&F, 1, 3);
    ckf_move(&F, c, 20, 17.5f);
    ckf_assert_dice(&F, 1);
    cr_assert_eq(F.dice.sides[0], 6, "the number found is 1d6");
    cr_assert(F.s.pieces[CKP_WOOD].searched);
    cr_assert_eq(F.s.nfigs, 2 + 3 + 1);
    for (int i = 2; i < 5; i++) {
        const CkFig *s = ckf_f(&F, i);
        cr_assert_eq(s->type, F_SHOT);
        cr_assert_eq(s->side, CK_ROY);
        cr_assert_eq(s->status, FS_ACTIVE);
        cr_assert_eq(ck_piece_at(&F.s, s->x, s->y), CKP_WOOD, "found figures are placed on the piece");
    }
    ckf_assert_at(&F, 2, 20, 20);
    cr_assert_eq(ckf_f(&F, 5)->type, F_CHARLES);
    cr_assert_eq(ck_piece_at(&F.s, ckf_f(&F, 5)->x, ckf_f(&F, 5)->y), CKP_WOOD);
    /* the end of Parliament's turn: the Royalists move now */
    cr_assert_eq(F.s.phase, CP_ROYALIST);
    cr_assert_eq(F.s.to_act, CK_ROY);
    cr_assert_eq(F.s.turn, 1);
    ckf_refused(&F, ckf_act(CKV_MOVE, c2, 0, 0, 30, 8), "not yours");
    const char *ev = ckf_last_event(&F, "reveal");
    cr_assert_not_null(ev);
    cr_assert(strstr(ev, "\"discovery\":\"infantry\"") && strstr(ev, "\"count\":3") &&
                  strstr(ev, "\"person\":\"charles\""), "%s", ev);
    cr_assert(strstr(ev, "\"ids\":[3,4,5,6]"), "the figures placed, as ids (figures 2 to 5): %s", ev);
    cr_assert(strstr(ev, "is searched: 3 shot, and Charles Stuart!"), "the log says what was found: %s", ev);
    cr_assert_null(strstr(ev, "person_shown_before"), "%s", ev);
}

/* [CK Playing the Game] a search ends Parliament's turn at once, so a
 * move onto an unsearched piece while others have not moved is cautioned,
 * naming them (a newcomer's search in turn 2 left nine troopers standing);
 * not once they have all moved, nor a move onto a searched piece. */
Test(ck_playing_the_game, a_search_before_the_others_moved_is_cautioned)
{
    ckf_piece(&F, CKP_WOOD, 20, 20, DISC_INFANTRY, PROM_CHARLES);
    int c = ckf_fig(&F, F_CAVALRY, 20, 14), c2 = ckf_fig(&F, F_CAVALRY, 30, 5), d = ckf_fig(&F, F_DRAGOON, 10, 5);
    char why[400];
    Action onto = ckf_act(CKV_MOVE, c, 0, 0, 20, 17.5f);
    cr_assert_eq(ck_caution(&F.s, &onto, why, sizeof why), 1);
    cr_assert_str_eq(why, "ending on the unsearched wood (piece 3) searches it, and Parliament's turn ends at once: "
                          "C2 D1 have not moved yet and would stay where they stand");
    ckf_move(&F, c2, 30, 8);
    cr_assert_eq(ck_caution(&F.s, &onto, why, sizeof why), 1);
    cr_assert(strstr(why, ": D1 has not moved yet and would stay where he stands"), "%s", why);
    ckf_move(&F, d, 10, 8);
    cr_assert_eq(ck_caution(&F.s, &onto, why, sizeof why), 0, "all the others moved: %s", why);
    F.s.pieces[CKP_WOOD].searched = 1;
    ckf_f(&F, d)->moved = 0;
    cr_assert_eq(ck_caution(&F.s, &onto, why, sizeof why), 0, "a searched piece: %s", why);
    F.s.pieces[CKP_WOOD].searched = 0; /* a guard's search: both cautions said */
    ckf_prisoner(&F, ckf_fig(&F, F_CLUBMAN, 40, 40), c);
    cr_assert_eq(ck_caution(&F.s, &onto, why, sizeof why), 1);
    cr_assert(strstr(why, "would stay where he stands; and cavalry C1 leaves his prisoner clubman K1, who escapes"), "%s",
              why);
    /* another's search while a guard has not moved: the guard named as one, who keeps his prisoner */
    ckf_f(&F, c2)->moved = 0;
    Action other = ckf_act(CKV_MOVE, c2, 0, 0, 20, 22.5f);
    cr_assert_eq(ck_caution(&F.s, &other, why, sizeof why), 1);
    cr_assert(strstr(why, ": D1 and the guard C1 have not moved yet and would stay where they stand (a guard who "
                          "stays keeps his prisoners, but does not lead them towards the entry point)"), "%s", why);
}

/* ... and said whole however many have not moved: a tester's turn 10,
 * with five guards among nine, was cut off at "towards the entry po". */
Test(ck_playing_the_game, a_search_caution_names_every_figure_left_whole)
{
    ckf_piece(&F, CKP_WOOD, 20, 20, DISC_INFANTRY, PROM_CHARLES);
    int c = ckf_fig(&F, F_CAVALRY, 20, 14);
    for (int k = 0; k < 30; k++) { /* a trooper for each of the reinforcements there could be, half of them guards */
        int t = ckf_fig(&F, k % 2 ? F_CAVALRY : F_DRAGOON, 2 + (float)k, 3);
        if (k % 2)
            ckf_prisoner(&F, ckf_fig(&F, F_CLUBMAN, 2 + (float)k, 46), t);
    }
    char why[1024];
    Action onto = ckf_act(CKV_MOVE, c, 0, 0, 20, 17.5f);
    cr_assert_eq(ck_caution(&F.s, &onto, why, sizeof why), 1);
    cr_assert(strstr(why, " D15 and the guards C2 ") && strstr(why, " C16 have not moved yet and would stay where they "
                                                                    "stand (a guard who stays keeps his prisoners, but does "
                                                                    "not lead them towards the entry point)"),
              "%s", why);
}

/* ... and so is an escort whose 3" towards the entry point end on one (a
 * retester could not find an escort cautioned: its end is worked out, not
 * typed). */
Test(ck_playing_the_game, an_escort_that_searches_before_the_others_moved_is_cautioned)
{
    ckf_piece(&F, CKP_VILLAGE, 24, 11, DISC_HORSE, PROM_BLANK);
    int c = ckf_fig(&F, F_CAVALRY, 24, 16); /* 3" due south takes him to (24, 13), inside the village */
    ckf_prisoner(&F, ckf_fig(&F, F_SHOT, 40, 40), c);
    ckf_fig(&F, F_DRAGOON, 10, 5);
    char why[400];
    Action escort = ckf_act(CKV_ESCORT, c, 0, 0, 0, 0);
    cr_assert_eq(ck_caution(&F.s, &escort, why, sizeof why), 1);
    cr_assert(strstr(why, "ending on the unsearched village (piece 1) searches it") && strstr(why, "D1 has not moved"),
              "%s", why);
}

/* A charger reaches the piece where he makes contact, so he searches it,
 * though the fight then drives him back off it. */
Test(ck_playing_the_game, a_charger_searches_the_piece_he_reached_though_driven_off)
{
    ckf_piece(&F, CKP_MARSH, 24, 22, DISC_BLANK, PROM_BLANK);
    int c = ckf_fig(&F, F_CAVALRY, 24, 17), r = ckf_fig(&F, F_SHOT, 24, 21.5f);
    ckf_dice(&F, 2, 2, 5); /* the charger beaten, not by half: he recoils */
    ckf_charge(&F, c, r, false);
    cr_assert(strstr(ckf_last_event(&F, "combat"), "\"result\":\"recoil\""), "%s", ckf_last_event(&F, "combat"));
    cr_assert_lt(ck_piece_at(&F.s, ckf_f(&F, c)->x, ckf_f(&F, c)->y), 0, "driven off the marsh");
    cr_assert(F.s.pieces[CKP_MARSH].searched, "he reached it: searched");
    cr_assert_eq(F.s.phase, CP_ROYALIST, "and the search ends Parliament's turn");
}

Test(ck_playing_the_game, search_finds_horse_and_clubmen)
{
    ckf_piece(&F, CKP_VILLAGE, 20, 20, DISC_HORSE, PROM_WILMOT);
    ckf_piece(&F, CKP_MANOR, 35, 20, DISC_CLUBMEN, PROM_BLANK);
    int c = ckf_fig(&F, F_CAVALRY, 20, 13), c2 = ckf_fig(&F, F_CAVALRY, 35, 13);
    ckf_dice(&F, 1, 2);
    ckf_move(&F, c, 20, 18);
    cr_assert_eq(count_type(F_HORSE), 2);
    cr_assert_eq(count_type(F_WILMOT), 1);
    cr_assert(strstr(ckf_last_event(&F, "reveal"), "is searched: 2 horse, and Lord Wilmot!"), "%s",
              ckf_last_event(&F, "reveal"));
    for (int i = 0; i < F.s.nfigs; i++)
        if (F.s.figs[i].type == F_HORSE || F.s.figs[i].type == F_WILMOT)
            cr_assert(F.s.figs[i].mounted, "horse and Wilmot come mounted");
    ckf_end(&F); /* the Royalists' move over: turn 2 */
    cr_assert_eq(F.s.turn, 2);
    ckf_dice(&F, 1, 4);
    ckf_move(&F, c2, 35, 18);
    ckf_assert_dice(&F, 2);
    cr_assert_eq(count_type(F_CLUBMAN), 4);
    cr_assert(strstr(ckf_last_event(&F, "reveal"), "is searched: 4 clubmen, and a blank prominent-person card\""), "%s", ckf_last_event(&F, "reveal"));
    cr_assert_eq(count_type(F_CHARLES), 0, "a blank prominent-person card");
    /* the first clubman found carries a musket, which both players see on the table */
    for (int pl = 0; pl < 2; pl++) {
        Jw w;
        const char *v = ckf_view(&F.s, pl, &w);
        const char *m = strstr(v, "\"musket\":true");
        cr_assert(m && !strstr(m + 1, "\"musket\":true"), "one musket in the view of player %d", pl);
        jw_fini(&w);
    }
}

Test(ck_playing_the_game, first_clubman_found_has_a_musket)
{
    ckf_piece(&F, CKP_VILLAGE, 20, 20, DISC_CLUBMEN, PROM_BLANK);
    int c = ckf_fig(&F, F_CAVALRY, 20, 13);
    ckf_dice(&F, 1, 3);
    ckf_move(&F, c, 20, 18);
    ckf_assert_dice(&F, 1);
    cr_assert_eq(F.s.nfigs, 4);
    cr_assert_eq(ckf_f(&F, 1)->musket, 1, "ecw: the first of the group carries a musket");
    cr_assert_eq(ckf_f(&F, 2)->musket, 0);
    cr_assert_eq(ckf_f(&F, 3)->musket, 0);
}

/* Regression test for a bug fixed in (src/games/ck/ck_setup.c, ck_add_figs, called by ck_reveal): the
 * rulebook says "any troops found placed on the Terrain piece", but the
 * ring ck_add_figs lays them in grows 1.6" + 0.35" a figure, so a sixth
 * man found in a wood (radius 3") stands 3.35" from its centre, and the
 * fourth, fifth and sixth found in the manor (radius 2.5") stand outside
 * it, in the open, without its cover or obstacle. */
static const int six_pieces[] = {CKP_VILLAGE, CKP_MANOR, CKP_WOOD, CKP_HILL, CKP_FIELD, CKP_MARSH};

/* A fresh table with piece `kind` at (20, 20) hiding six shot and
 * Charles, searched by a dragoon riding from (fx, fy) to (tx, ty). */
static void search_six(int kind, float fx, float fy, float tx, float ty)
{
    ckf_init(&F);
    ckf_piece(&F, kind, 20, 20, DISC_INFANTRY, PROM_CHARLES);
    int c = ckf_fig(&F, F_DRAGOON, fx, fy);
    ckf_dice(&F, 1, 6);
    ckf_move(&F, c, tx, ty);
    cr_assert_eq(F.s.nfigs, 1 + 6 + 1);
}

/* Every two bases on the table stand apart, bases touching at most. */
static void expect_no_base_on_another(const char *where)
{
    for (int i = 0; i < F.s.nfigs; i++)
        for (int j = i + 1; j < F.s.nfigs; j++) {
            const CkFig *a = ckf_f(&F, i), *b = ckf_f(&F, j);
            cr_expect_geq(ck_dist(a->x, a->y, b->x, b->y), ck_fig_radius(a) + ck_fig_radius(b) - CK_BASE_GRACE,
                          "%s: %s %d at (%.2f, %.2f) on %s %d at (%.2f, %.2f)", where, ck_figs[a->type].name, i,
                          (double)a->x, (double)a->y, ck_figs[b->type].name, j, (double)b->x, (double)b->y);
        }
}

Test(ck_playing_the_game, six_found_all_stand_on_the_piece)
{
    const int *pieces = six_pieces;
    for (int k = 0; k < 6; k++) {
        search_six(pieces[k], 20, 15.5f, 20, 17.6f);
        for (int i = 1; i < F.s.nfigs; i++)
            cr_expect_eq(ck_piece_at(&F.s, ckf_f(&F, i)->x, ckf_f(&F, i)->y), pieces[k],
                         "%s found in the %s stands at (%.2f, %.2f), off the piece", ck_figs[ckf_f(&F, i)->type].name,
                         ck_terrain[ck_piece_kinds[pieces[k]]].name, (double)ckf_f(&F, i)->x,
                         (double)ckf_f(&F, i)->y);
    }
}

/* [CK Playing the Game] [CK Movement and Ranges] The men found stand on
 * the piece clear of every base there, the searcher's included (ecw:
 * bases never overlap): a dragoon 2.3" east of the piece's centre, where
 * the ring of the found would put the second man on him, and six shot
 * and Charles found. */
Test(ck_playing_the_game, the_found_stand_clear_of_the_searcher)
{
    for (int k = 0; k < 6; k++) {
        search_six(six_pieces[k], 26, 20, 22.3f, 20);
        expect_no_base_on_another(ck_terrain[ck_piece_kinds[six_pieces[k]]].name);
    }
}

/* ... and on a piece too full for them (a manor, 2.5" in radius, four
 * Royalist horsemen already on it), the men found who find no room on it
 * stand just outside its edge, still on nobody's base. */
Test(ck_playing_the_game, the_found_stand_outside_a_full_piece)
{
    ckf_piece(&F, CKP_MANOR, 20, 20, DISC_HORSE, PROM_CHARLES);
    for (int k = 0; k < 4; k++)
        ckf_fig(&F, F_HORSE, 20 + 1.6f * cosf(1.5707963f * (float)k), 20 + 1.6f * sinf(1.5707963f * (float)k));
    int c = ckf_fig(&F, F_DRAGOON, 15, 15);
    ckf_dice(&F, 1, 6);
    ckf_move(&F, c, 18.3f, 18.3f); /* 2.4" south-west of the centre, between two of them */
    cr_assert_eq(F.s.nfigs, 4 + 1 + 6 + 1);
    expect_no_base_on_another("the full manor");
    int outside = 0;
    for (int i = c + 1; i < F.s.nfigs; i++)
        outside += ck_piece_at(&F.s, ckf_f(&F, i)->x, ckf_f(&F, i)->y) != CKP_MANOR;
    cr_assert_gt(outside, 0, "the manor held them all: no one had to stand outside");
}

Test(ck_playing_the_game, search_of_blanks_ends_the_turn_too)
{
    ckf_piece(&F, CKP_VILLAGE, 20, 20, DISC_BLANK, PROM_BLANK);
    int c = ckf_fig(&F, F_CAVALRY, 20, 13), c2 = ckf_fig(&F, F_CAVALRY, 30, 5);
    ckf_move(&F, c, 20, 18);
    ckf_assert_dice(&F, 0);
    cr_assert(F.s.pieces[CKP_VILLAGE].searched);
    cr_assert_eq(F.s.nfigs, 2);
    cr_assert(strstr(ckf_last_event(&F, "reveal"), "is searched: a blank discovery card, and a blank prominent-person card: nobody there"), "%s", ckf_last_event(&F, "reveal"));
    /* nobody found: Parliament moves again, in turn 2 */
    cr_assert_eq(F.s.phase, CP_PARLIAMENT);
    cr_assert_eq(F.s.turn, 2);
    cr_assert(!ckf_f(&F, c)->moved);
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, c2, 0, 0, 30, 8)));
}

Test(ck_playing_the_game, royalists_move_only_when_found)
{
    int c = ckf_fig(&F, F_CAVALRY, 10, 10);
    ckf_end(&F);
    cr_assert_eq(F.s.phase, CP_PARLIAMENT, "no Royalist on the table: Parliament moves again");
    cr_assert_eq(F.s.turn, 2);
    /* a prisoner is no Royalist free to move */
    int s = ckf_fig(&F, F_SHOT, 30, 30);
    ckf_prisoner(&F, s, c);
    ckf_end(&F);
    cr_assert_eq(F.s.phase, CP_PARLIAMENT);
    cr_assert_eq(F.s.turn, 3);
    /* one free Royalist: his side moves */
    ckf_fig(&F, F_CLUBMAN, 40, 40);
    ckf_end(&F);
    cr_assert_eq(F.s.phase, CP_ROYALIST);
    cr_assert_eq(F.s.to_act, CK_ROY);
    cr_assert_eq(F.s.turn, 3);
    ckf_end(&F);
    cr_assert_eq(F.s.phase, CP_PARLIAMENT);
    cr_assert_eq(F.s.turn, 4);
}

Test(ck_playing_the_game, royalists_never_search)
{
    ckf_piece(&F, CKP_VILLAGE, 20, 20, DISC_INFANTRY, PROM_BLANK);
    ckf_side(&F, CK_ROY);
    ckf_fig(&F, F_YOU, 24, 2);
    int s = ckf_fig(&F, F_SHOT, 20, 26);
    ckf_move(&F, s, 20, 21);
    ckf_assert_dice(&F, 0);
    cr_assert(!F.s.pieces[CKP_VILLAGE].searched);
    cr_assert_eq(F.s.phase, CP_ROYALIST);
    cr_assert_eq(F.s.nfigs, 2);
}

Test(ck_playing_the_game, one_move_and_one_shot_each)
{
    int d = ckf_fig(&F, F_DRAGOON, 10, 10), d2 = ckf_fig(&F, F_DRAGOON, 14, 10), s = ckf_fig(&F, F_SHOT, 10, 21);
    ckf_move(&F, d, 10, 12);
    ckf_refused(&F, ckf_act(CKV_MOVE, d, 0, 0, 10, 13), "already moved");
    ckf_dice(&F, 2, 1, 6);
    ckf_shoot(&F, d, s);
    ckf_refused(&F, ckf_act(CKV_SHOOT, d, s, 0, 0, 0), "already shot");
    ckf_refused(&F, ckf_act(CKV_CHARGE, d2, s, 0, 0, 0), "out of reach"); /* 10.45" to contact */
    ckf_move(&F, d2, 14, 14);
    ckf_refused(&F, ckf_act(CKV_CHARGE, d2, s, 0, 0, 0), "whole turn");
    ckf_assert_dice(&F, 2);
}

/* A charge is the figure's whole turn: after it a shot or a second charge
 * by the same figure is refused saying that he charged, not that he shot. */
Test(ck_playing_the_game, no_shot_or_second_charge_after_a_charge)
{
    int d = ckf_fig(&F, F_DRAGOON, 20, 20), s = ckf_fig(&F, F_SHOT, 20, 25), s2 = ckf_fig(&F, F_SHOT, 24, 22);
    ckf_dice(&F, 2, 3, 3); /* 3+3 against 3+3: a tie, both stay */
    ckf_charge(&F, d, s, false);
    ckf_assert_dice(&F, 2);
    ckf_refused(&F, ckf_act(CKV_SHOOT, d, s2, 0, 0, 0), "that figure charged this turn: a charge is its whole turn");
    ckf_refused(&F, ckf_act(CKV_CHARGE, d, s2, 0, 0, 0), "that figure charged this turn: a charge is its whole turn");
    ckf_refused(&F, ckf_act(CKV_CHARGE, d, s, 0, 0, 0), "that figure charged this turn: a charge is its whole turn");
    ckf_assert_dice(&F, 2);
}

Test(ck_playing_the_game, chance_card_first)
{
    int cards[] = {CH_RAIN};
    stack_chance(1, cards);
    ckf_fig(&F, F_YOU, 24, 2);
    ckf_end(&F);
    cr_assert_eq(F.s.turn, 2);
    cr_assert_eq(F.s.nchance, 0);
    cr_assert_eq(F.s.last_chance, CH_RAIN);
    cr_assert(F.s.raining);
    cr_assert_eq(F.s.phase, CP_PARLIAMENT);
    cr_assert(strstr(ckf_last_event(&F, "chance"), "\"card\":\"rain\""));
}

Test(ck_playing_the_game, a_game_opens_with_a_chance_card_for_parliament)
{
    for (uint64_t seed = 1; seed <= 40; seed++) {
        Options o = {0};
        opt_set(&o, "terrain", "random", NULL);
        CkState s;
        Diag d = {{0}};
        cr_assert_eq(ck_setup(&s, &o, seed, &d), 0, "%s", d.msg);
        ck_begin(&s, NULL);
        cr_assert_eq(s.turn, 1);
        cr_assert_eq(s.nchance, CK_CHANCE_CARDS - 1, "one card drawn");
        int c = s.last_chance;
        if (c == CH_BAND) {
            cr_assert_eq(s.phase, CP_ARRIVE);
            cr_assert_eq(s.to_act, CK_ROY);
        } else {
            cr_assert_eq(s.phase, c == CH_REINFORCE ? CP_ARRIVE : CP_PARLIAMENT);
            cr_assert_eq(s.to_act, CK_PAR);
        }
        cr_assert_eq(s.raining, c == CH_RAIN);
    }
}

/* Turn 1's chance card is drawn in the open like every other: logged, and
 * a band's dice asked of the roll hook (typed in with --dice manual),
 * whether the terrain was laid at random (ck_begin) or piece by piece (the
 * last place). Both ways are tried over seeds until a band comes first. */
static void assert_band_through_io(bool random_terrain)
{
    Options o = {0};
    if (random_terrain)
        opt_set(&o, "terrain", "random", NULL);
    for (uint64_t seed = 1; seed <= 200; seed++) {
        cr_assert_eq(ck_setup(&F.s, &o, seed, NULL), 0);
        if (F.s.chance[F.s.nchance - 1] != CH_BAND)
            continue;
        ckf_dice(&F, 3, 5, 2, 6); /* clubmen, two of them, the north edge */
        Rng ai;
        rng_seed(&ai, seed);
        if (random_terrain)
            ck_begin(&F.s, &F.io);
        else
            while (F.s.phase == CP_TERRAIN) {
                Action a;
                cr_assert_eq(ck_heuristic(&F.s, &ai, &a), 0);
                ckf_do(&F, a);
            }
        cr_assert_eq(F.s.turn, 1);
        cr_assert_eq(ckf_events(&F, "chance"), 1, "turn 1's card is logged");
        cr_assert(strstr(ckf_last_event(&F, "chance"), "\"card\":\"band\""));
        ckf_assert_dice(&F, 3);
        cr_assert_eq(F.s.arrive_type, F_CLUBMAN);
        cr_assert_eq(F.s.arrive_count, 2);
        cr_assert_eq(F.s.arrive_edge, 2, "north");
        return;
    }
    cr_assert_fail("no seed up to 200 opens with a band");
}

Test(ck_playing_the_game, turn_one_chance_card_in_the_open_on_random_terrain)
{
    assert_band_through_io(true);
}

Test(ck_playing_the_game, turn_one_chance_card_in_the_open_on_placed_terrain)
{
    assert_band_through_io(false);
}

Test(ck_playing_the_game, twelve_turns)
{
    F.s.turn = 11;
    ckf_fig(&F, F_CAVALRY, 10, 10);
    ckf_end(&F);
    cr_assert_eq(F.s.turn, 12);
    cr_assert_eq(F.s.phase, CP_PARLIAMENT);
    ckf_fig(&F, F_SHOT, 30, 30);
    ckf_end(&F);
    cr_assert_eq(F.s.phase, CP_ROYALIST, "the Royalists still have the last move");
    ckf_end(&F);
    cr_assert_eq(F.s.phase, CP_OVER);
    cr_assert_eq(F.s.end_reason, 3);
    cr_assert_eq(ck_ops.current_player(&F.s), GAME_OVER);
    cr_assert(ck_ops.terminal(&F.s));
    cr_assert(strstr(ckf_last_event(&F, "end"), "twelve turns"));
    ckf_refused(&F, ckf_act(CKV_END, 0, 0, 0, 0, 0), "over");
}

Test(ck_playing_the_game, twelve_turns_counted_from_setup)
{
    /* play a whole game of only "end": it lasts exactly twelve turns */
    Options o = {0};
    opt_set(&o, "terrain", "random", NULL);
    CkState s;
    cr_assert_eq(ck_setup(&s, &o, 7, NULL), 0);
    ck_begin(&s, NULL);
    int ends = 0, maxturn = 0;
    while (s.phase != CP_OVER) {
        Action a = {.verb = CKV_END};
        if (s.phase == CP_ARRIVE) {
            Action acts[64];
            cr_assert_gt(ck_legal(&s, acts, 64), 0);
            a = acts[0];
        } else {
            ends++;
        }
        cr_assert_eq(ck_check(&s, &a, NULL), 0);
        ck_apply(&s, &a, NULL);
        maxturn = s.turn > maxturn ? s.turn : maxturn;
        cr_assert_lt(ends, 100);
    }
    cr_assert_eq(maxturn, 12);
    cr_assert_eq(s.end_reason, 3);
    cr_assert_eq(s.nchance, CK_CHANCE_CARDS - 12, "one chance card a turn");
}

/* ------------------------------------------------------------------ */
/* [CK Cards Used]                                                     */
/* ------------------------------------------------------------------ */

static void count(const uint8_t *cards, int n, int out[8])
{
    memset(out, 0, 8 * sizeof *out);
    for (int i = 0; i < n; i++) {
        cr_assert_lt(cards[i], 8, "card value %d", cards[i]);
        out[cards[i]]++;
    }
}

static void assert_chance(const int c[8])
{
    cr_assert_eq(c[CH_RAIN], 3, "3 rain cards");
    cr_assert_eq(c[CH_CLEAR], 3, "3 x Weather's cleared!");
    cr_assert_eq(c[CH_BAND], 5, "5 bands of Royalists");
    cr_assert_eq(c[CH_REINFORCE], 5, "5 reinforcements");
    cr_assert_eq(c[CH_DROVER], 1, "1 drover");
    cr_assert_eq(c[CH_NOTHING], 13, "13 blank chance cards");
}

static void assert_disc(const int c[8])
{
    cr_assert_eq(c[DISC_INFANTRY], 4);
    cr_assert_eq(c[DISC_HORSE], 4);
    cr_assert_eq(c[DISC_CLUBMEN], 4);
    cr_assert_eq(c[DISC_BLANK], 12);
}

static void assert_prom(const int c[8])
{
    cr_assert_eq(c[PROM_CHARLES], 1);
    cr_assert_eq(c[PROM_WILMOT], 1);
    cr_assert_eq(c[PROM_BLANK], 16);
}

Test(ck_chance_cards, thirty_cards_as_the_rulebook_makes_them)
{
    cr_assert_eq(CK_CHANCE_CARDS, 30);
    uint8_t ch[CK_CHANCE_CARDS];
    int c[8];
    ck_deck_chance(ch);
    count(ch, CK_CHANCE_CARDS, c);
    assert_chance(c);
}

CKF_SUITE(ck_discovery_cards);

Test(ck_discovery_cards, twenty_four_cards_four_infantry_four_horse_four_clubmen)
{
    cr_assert_eq(CK_DISC_CARDS, 24);
    uint8_t di[CK_DISC_CARDS];
    int c[8];
    ck_deck_discovery(di);
    count(di, CK_DISC_CARDS, c);
    assert_disc(c);
}

CKF_SUITE(ck_prominent_persons_cards);

Test(ck_prominent_persons_cards, eighteen_cards_charles_wilmot_and_sixteen_blank)
{
    cr_assert_eq(CK_PROM_CARDS, 18);
    uint8_t pr[CK_PROM_CARDS];
    int c[8];
    ck_deck_prominent(pr);
    count(pr, CK_PROM_CARDS, c);
    assert_prom(c);
}

Test(ck_cards_used, dealt_game_holds_the_whole_decks)
{
    for (uint64_t seed = 1; seed <= 30; seed++) {
        Options o = {0};
        opt_set(&o, "terrain", "random", NULL);
        CkState s;
        cr_assert_eq(ck_setup(&s, &o, seed, NULL), 0);
        ck_begin(&s, NULL);
        /* every chance card: the undrawn ones and the one drawn for turn 1 */
        uint8_t ch[CK_CHANCE_CARDS];
        memcpy(ch, s.chance, s.nchance);
        ch[s.nchance] = s.last_chance;
        int c[8];
        count(ch, s.nchance + 1, c);
        assert_chance(c);
        /* one discovery and one person card under each piece, the rest face down */
        cr_assert_eq(s.ndisc, CK_DISC_CARDS - CK_PIECES);
        cr_assert_eq(s.nprom, CK_PROM_CARDS - CK_PIECES);
        uint8_t di[CK_DISC_CARDS], pr[CK_PROM_CARDS];
        memcpy(di, s.disc, s.ndisc);
        memcpy(pr, s.prom, s.nprom);
        for (int i = 0; i < CK_PIECES; i++) {
            di[s.ndisc + i] = s.pieces[i].disc;
            pr[s.nprom + i] = s.pieces[i].prom;
        }
        count(di, CK_DISC_CARDS, c);
        assert_disc(c);
        count(pr, CK_PROM_CARDS, c);
        assert_prom(c);
    }
}

Test(ck_cards_used, shuffled)
{
    /* over 60 deals Charles's card lands under a piece sometimes and stays
     * in the unused six sometimes, and the top chance card varies */
    int under = 0, top[CH_KIND_COUNT] = {0};
    for (uint64_t seed = 1; seed <= 60; seed++) {
        Options o = {0};
        opt_set(&o, "terrain", "random", NULL);
        CkState s;
        cr_assert_eq(ck_setup(&s, &o, seed, NULL), 0);
        ck_begin(&s, NULL);
        for (int i = 0; i < CK_PIECES; i++)
            under += s.pieces[i].prom == PROM_CHARLES;
        top[s.last_chance]++;
    }
    cr_assert_gt(under, 0);
    cr_assert_lt(under, 60);
    cr_assert_gt(top[CH_NOTHING], 0);
    cr_assert_lt(top[CH_NOTHING], 60);
}

/* ------------------------------------------------------------------ */
/* [CK Chance Cards]                                                   */
/* ------------------------------------------------------------------ */

Test(ck_chance_cards, rain_and_clearing)
{
    int cards[] = {CH_RAIN, CH_RAIN, CH_NOTHING, CH_CLEAR, CH_CLEAR};
    stack_chance(5, cards);
    int d = ckf_fig(&F, F_DRAGOON, 10, 10), s = ckf_fig(&F, F_SHOT, 10, 20);
    cr_assert_eq(ck_shoot_factor(&F.s, d, s, NULL), 3);
    F.s.figs[s].status = FS_PRISONER; /* keep the Royalists off the table */
    F.s.figs[s].guard = (uint8_t)d;
    static const int raining[] = {1, 1, 1, 0, 0};
    for (int t = 0; t < 5; t++) {
        ckf_end(&F);
        cr_assert_eq(F.s.turn, 2 + t);
        cr_assert_eq(F.s.last_chance, cards[t]);
        cr_assert_eq(F.s.raining, raining[t], "turn %d", 2 + t);
        if (t < 2) { /* the second rain card finds it raining: the log and the board say it goes on (a referee's) */
            const char *said = t == 0 ? "rain sets in" : "rain (it goes on raining)";
            char want[80], board[16384];
            snprintf(want, sizeof want, "Chance card: %s", said);
            cr_assert_str_eq(captured_last_text(&F.ev, "chance"), want);
            FILE *f = fmemopen(board, sizeof board, "w");
            cr_assert_not_null(f);
            ck_render(&F.s, CK_PAR, f);
            fclose(f);
            snprintf(want, sizeof want, "  raining  chance: %s\n", said);
            cr_assert(strstr(board, want), "the board's header: %.80s", board);
        }
        F.s.figs[s].status = FS_ACTIVE;
        cr_assert_eq(ck_shoot_factor(&F.s, d, s, NULL), 3 - raining[t]);
        F.s.figs[s].status = FS_PRISONER;
    }
    ckf_assert_dice(&F, 0);
}

static void band_case(int type_die, int size, int edge_die)
{
    static const int types[] = {F_SHOT, F_SHOT, F_HORSE, F_HORSE, F_CLUBMAN, F_CLUBMAN};
    static const char *const edge_names[] = {"west", "west", "east", "east", "north", "north"};
    /* a point on each edge: west, east, north, south */
    static const float pts[4][2] = {{0.25f, 30}, {47.75f, 30}, {30, 47.75f}, {30, 0.25f}};
    int edge = (edge_die - 1) / 2;
    ckf_init(&F);
    int cards[] = {CH_BAND};
    stack_chance(1, cards);
    ckf_fig(&F, F_CAVALRY, 24, 2);
    ckf_dice(&F, 3, type_die, size, edge_die);
    ckf_end(&F);
    ckf_assert_dice(&F, 3);
    cr_assert_eq(F.s.phase, CP_ARRIVE);
    cr_assert_eq(F.s.to_act, CK_ROY, "the Royalist player chooses where");
    static const char *const nouns[3][2] = {{"shot", "shot"}, {"horseman", "horse"},
                                             {"clubman", "clubmen"}};
    char told[160];
    snprintf(told, sizeof told, "A Royalist band: %d %s, to come on at the %s edge where the Royalist player chooses",
             size, nouns[(type_die - 1) / 2][size > 1], edge_names[edge_die - 1]);
    const char *ev = ckf_last_event(&F, "arrivals");
    cr_assert(ev && strstr(ev, told), "said before they are placed: %s in %s", told, ev ? ev : "(none)");
    for (int e = 0; e < 4; e++)
        if (e != edge)
            ckf_refused(&F, ckf_act(CKV_ARRIVE, 0, 0, 0, pts[e][0], pts[e][1]), edge_names[edge_die - 1]);
    ckf_refused(&F, ckf_act(CKV_MOVE, 0, 0, 0, 24, 4), "arrive");
    ckf_do(&F, ckf_act(CKV_ARRIVE, 0, 0, 0, pts[edge][0], pts[edge][1]));
    cr_assert_eq(F.s.nfigs, 1 + size);
    for (int i = 1; i <= size; i++) {
        cr_assert_eq(ckf_f(&F, i)->type, types[type_die - 1], "type die %d", type_die);
        cr_assert_eq(ckf_f(&F, i)->status, FS_ACTIVE);
    }
    /* the first stands at the chosen point, his base on the table (0.8"
     * in), the others in a row along the edge, 1.6" apart either side */
    static const float at[3][2] = {{0.8f, 30}, {47.2f, 30}, {30, 47.2f}};
    ckf_assert_at(&F, 1, at[edge][0], at[edge][1]);
    for (int i = 2; i <= size; i++) {
        float off = (float)(i / 2) * (i % 2 ? -1.6f : 1.6f);
        ckf_assert_at(&F, i, at[edge][0] + (edge == 2 ? off : 0), at[edge][1] + (edge == 2 ? 0 : off));
    }
    /* Parliament moves, then the band */
    cr_assert_eq(F.s.phase, CP_PARLIAMENT);
    cr_assert_eq(F.s.to_act, CK_PAR);
    ckf_end(&F);
    cr_assert_eq(F.s.phase, CP_ROYALIST);
}

/* Arrivals stand in a row along their edge (ecw): a point where the row
 * would stand on a figure already there is refused, naming him, and the
 * list of legal actions still offers points with room. */
Test(ck_chance_cards, arrivals_need_room_for_their_row)
{
    int cards[] = {CH_REINFORCE};
    stack_chance(1, cards);
    int y = ckf_fig(&F, F_YOU, 31.6f, 0.8f); /* where the second of two would stand from (30, 0.25) */
    ckf_dice(&F, 2, 1, 4); /* two dragoons */
    ckf_end(&F);
    cr_assert_eq(F.s.phase, CP_ARRIVE);
    ckf_refused(&F, ckf_act(CKV_ARRIVE, 0, 0, 0, 30, 0.25f),
                "no room for the arrivals there: Y stands at (31.6, 0.8), where one of them would");
    Action acts[MAX_ACTIONS];
    int n = ck_ops.legal(&F.s, acts, MAX_ACTIONS);
    cr_assert_gt(n, 0, "points with room are offered");
    for (int k = 0; k < n; k++)
        cr_assert_eq(ck_check(&F.s, &acts[k], NULL), 0);
    cr_assert(ckf_ok(&F, ckf_act(CKV_ARRIVE, 0, 0, 0, 0.4f, 0.1f)), "a corner of the south edge is on it");
    cr_assert(ckf_ok(&F, ckf_act(CKV_ARRIVE, 0, 0, 0, 47.5f, 0.1f)), "the other corner too");
    ckf_f(&F, y)->x = 33.1f; /* touching the row's end: room enough */
    ckf_do(&F, ckf_act(CKV_ARRIVE, 0, 0, 0, 30, 0.25f));
    ckf_assert_at(&F, y + 1, 30, 0.8f);
    ckf_assert_at(&F, y + 2, 31.6f, 0.8f);
}

/* ... and where figures along the edge leave no room for the row
 * anywhere, the arrivals do not come: `end` is then the one legal action,
 * said in the log, and the computer player takes it (ecw: a simulated game
 * stopped with no legal action where men waited along the north edge). */
Test(ck_chance_cards, arrivals_with_no_room_anywhere_do_not_come)
{
    ckf_fig(&F, F_CAVALRY, 24, 10);
    ckf_side(&F, CK_ROY);
    for (int k = 0; k < 48; k++) /* clubmen base to base along the north edge */
        ckf_fig(&F, F_CLUBMAN, 0.5f + (float)k, 47.5f);
    int before = F.s.nfigs;
    ckf_arrivals(&F, CK_ROY, F_HORSE, 2, 2);
    ckf_refused(&F, ckf_act(CKV_ARRIVE, 0, 0, 0, 24, 47.8f), "no room for the arrivals there");
    Action acts[MAX_ACTIONS];
    int n = ck_ops.legal(&F.s, acts, MAX_ACTIONS);
    cr_assert_eq(n, 1);
    cr_assert_eq(acts[0].verb, CKV_END, "verb %d", acts[0].verb);
    Action a;
    cr_assert_eq(ck_heuristic(&F.s, NULL, &a), 0, "the computer finds the one action");
    cr_assert_eq(a.verb, CKV_END);
    ckf_do(&F, a);
    cr_assert_eq(F.s.nfigs, before, "nobody came");
    cr_assert_eq(F.s.phase, CP_PARLIAMENT);
    const char *ev = captured_last_text(&F.ev, "arrival");
    cr_assert(ev && strstr(ev, "Royalist band: no room along the north edge for a row of 2 horse: they do not come"),
              "%s", ev ? ev : "(none)");
    /* with room somewhere, `end` is refused, and says why */
    ckf_f(&F, before - 1)->status = FS_DEAD;
    ckf_f(&F, before - 2)->status = FS_DEAD;
    ckf_f(&F, before - 3)->status = FS_DEAD;
    ckf_f(&F, before - 4)->status = FS_DEAD;
    ckf_arrivals(&F, CK_ROY, F_HORSE, 2, 2);
    ckf_refused(&F, ckf_act(CKV_END, 0, 0, 0, 0, 0), "there is room for their row");
}

Test(ck_chance_cards, band_arrives_on_rolled_edge)
{
    for (int t = 1; t <= 6; t++)
        for (int e = 1; e <= 6; e++)
            band_case(t, 1 + (t + e) % 6, e);
}

static void reinforce_case(int type_die, int number_die)
{
    ckf_init(&F);
    int cards[] = {CH_REINFORCE};
    stack_chance(1, cards);
    ckf_fig(&F, F_YOU, 10, 2);
    ckf_dice(&F, 2, type_die, number_die);
    ckf_end(&F);
    ckf_assert_dice(&F, 2);
    cr_assert_eq(F.s.phase, CP_ARRIVE);
    cr_assert_eq(F.s.to_act, CK_PAR, "Parliament chooses where");
    int n = number_die <= 3 ? 1 : number_die <= 5 ? 2 : 3;
    const char *noun = type_die <= 3 ? (n == 1 ? "dragoon" : "dragoons") : (n == 1 ? "cavalry trooper" : "cavalry troopers");
    char told[160];
    snprintf(told, sizeof told, "Reinforcements: %d %s, to come on at the south edge where Parliament chooses\"", n,
             noun);
    const char *ev = ckf_last_event(&F, "arrivals");
    cr_assert(ev && strstr(ev, told), "said before they are placed: %s in %s", told, ev ? ev : "(none)");
    snprintf(told, sizeof told, "\"side\":\"parliament\",\"figures\":\"%s\",\"count\":%d,\"edge\":\"south\"",
             type_die <= 3 ? "dragoon" : "cavalry", n);
    cr_assert(strstr(ev, told), "%s in %s", told, ev);
    ckf_refused(&F, ckf_act(CKV_ARRIVE, 0, 0, 0, 0.25f, 30), "south");
    ckf_refused(&F, ckf_act(CKV_ARRIVE, 0, 0, 0, 30, 47.75f), "south");
    ckf_refused(&F, ckf_act(CKV_ARRIVE, 0, 0, 0, 30, 1.1f), "the point must be on the table, within 1\" of the south edge (they stand 0.8\" in)");
    cr_assert(ckf_ok(&F, ckf_act(CKV_ARRIVE, 0, 0, 0, 30, 0.8f)), "where they will stand (a play-tester's arrive 24 0.8)");
    ckf_do(&F, ckf_act(CKV_ARRIVE, 0, 0, 0, 30, 0.25f));
    int want = number_die <= 3 ? 1 : number_die <= 5 ? 2 : 3;
    cr_assert_eq(F.s.nfigs, 1 + want, "number die %d", number_die);
    char said[200]; /* each by name where he stands, along the edge (1.6" apart, either side of the first) */
    static const char *const rows[2][3] = {
        {"arrives, D1 at (30.0, 0.8)", "arrive along the south edge: D1 at (30.0, 0.8), D2 at (31.6, 0.8)",
         "arrive along the south edge: D3 at (28.4, 0.8), D1 at (30.0, 0.8), D2 at (31.6, 0.8)"},
        {"arrives, C1 at (30.0, 0.8)", "arrive along the south edge: C1 at (30.0, 0.8), C2 at (31.6, 0.8)",
         "arrive along the south edge: C3 at (28.4, 0.8), C1 at (30.0, 0.8), C2 at (31.6, 0.8)"}};
    snprintf(said, sizeof said, "Parliament reinforcements: %d %s %s\"", want,
             type_die <= 3 ? (want == 1 ? "dragoon" : "dragoons") : (want == 1 ? "cavalry trooper" : "cavalry troopers"),
             rows[type_die > 3][want - 1]);
    cr_assert(strstr(ckf_last_event(&F, "arrival"), said), "%s in %s", said, ckf_last_event(&F, "arrival"));
    static const char *const ids[3] = {"\"ids\":[2]", "\"ids\":[2,3]", "\"ids\":[4,2,3]"};
    cr_assert(strstr(ckf_last_event(&F, "arrival"), ids[want - 1]), "%s", ckf_last_event(&F, "arrival"));
    for (int i = 1; i <= want; i++) {
        const CkFig *f = ckf_f(&F, i);
        cr_assert_eq(f->type, type_die <= 3 ? F_DRAGOON : F_CAVALRY, "type die %d", type_die);
        cr_assert_eq(f->side, CK_PAR);
        cr_assert(f->mounted);
        cr_assert_lt(f->y, 4.0f, "on the south edge");
    }
    ckf_assert_at(&F, 1, 30, 0.8f);
    cr_assert_eq(F.s.phase, CP_PARLIAMENT);
    cr_assert_eq(F.s.to_act, CK_PAR);
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, 1, 0, 0, 30, 8.5f)), "they move at once");
}

Test(ck_chance_cards, reinforcements_on_south_edge)
{
    for (int t = 1; t <= 6; t++)
        for (int n = 1; n <= 6; n++)
            reinforce_case(t, n);
}

/* Every piece searched but `piece`, laid at (x, y) over the cards given,
 * a cavalryman at (cx, cy); the drover is the next chance card, and the
 * turn ends: he points at that piece, named by a d12 (a searched piece's
 * number, rolled first, is rolled again: a referee rolls it at the table). */
static CkPiece *drover_at(int piece, float x, float y, int disc, int prom, float cx, float cy, int *c)
{
    ckf_all_pieces(&F);
    for (int i = 0; i < CK_PIECES; i++)
        F.s.pieces[i].searched = 1;
    CkPiece *p = ckf_piece(&F, piece, x, y, disc, prom);
    *c = ckf_fig(&F, F_CAVALRY, cx, cy);
    int cards[] = {CH_DROVER};
    stack_chance(1, cards);
    ckf_dice(&F, 2, piece == 0 ? 2 : 1, piece + 1);
    ckf_end(&F);
    ckf_assert_dice(&F, 2);
    cr_assert(F.dice.sides[0] == 12 && F.dice.sides[1] == 12, "the drover's piece is a d12");
    cr_assert(strstr(F.dice.why[0], "the drover's piece"), "%s", F.dice.why[0]);
    char again[96]; /* the roll again says why (a referee's was asked again without a word) */
    snprintf(again, sizeof again, "the drover's piece, rolled again since piece %d is searched already", piece == 0 ? 2 : 1);
    cr_assert(strstr(F.dice.why[1], again), "%s", F.dice.why[1]);
    cr_assert_eq(F.s.turn, 2);
    return p;
}

Test(ck_chance_cards, drover_reveals_person_only)
{
    int c;
    CkPiece *p = drover_at(CKP_WOOD2, 35, 11, DISC_INFANTRY, PROM_CHARLES, 35, 5, &c);
    cr_assert_eq(count_type(F_CHARLES), 1);
    int x = F.s.nfigs - 1;
    cr_assert_eq(ckf_f(&F, x)->type, F_CHARLES);
    ckf_assert_at(&F, x, 36, 10); /* 1" off the centre, as a search places him */
    cr_assert(!p->searched, "the piece is not searched");
    cr_assert(p->prom_seen);
    cr_assert_eq(p->disc, DISC_INFANTRY, "its discovery card stays face down");
    cr_assert(strstr(ckf_last_event(&F, "drover"), "\"person\":\"charles\""));
    /* both players see the person card, neither the discovery card */
    for (int pl = 0; pl < 2; pl++) {
        Jw w;
        const char *v = ckf_view(&F.s, pl, &w);
        const char *obj = strstr(v, "{\"id\":4,");
        cr_assert_not_null(obj);
        const char *end = strchr(obj, '}');
        cr_assert_not_null(end);
        char buf[256];
        snprintf(buf, sizeof buf, "%.*s", (int)(end - obj), obj);
        cr_assert(strstr(buf, "\"person\":\"charles\""), "%s", buf);
        cr_assert_null(strstr(buf, "discovery"), "%s", buf);
        cr_assert_null(strstr(v, "infantry"), "%s", v);
        jw_fini(&w);
    }
    /* searching it later turns the discovery card and scores the piece */
    int roy, par;
    ckf_points(&F, &roy, &par);
    cr_assert_eq(par, 11);
    cr_assert_eq(roy, 12, "Charles at liberty, counted once");
    ckf_dice(&F, 1, 2);
    ckf_move(&F, c, 35, 8.5f); /* 3.5" into the wood (half of 8") */
    ckf_assert_dice(&F, 3); /* (the drover's two, then the search's) */
    cr_assert(p->searched);
    cr_assert_eq(count_type(F_CHARLES), 1, "Charles is not found twice");
    /* the reveal names his card, and says the drover showed it (a script counted him twice) */
    const char *rev = ckf_last_event(&F, "reveal");
    cr_assert(strstr(rev, "\"person\":\"charles\",\"person_shown_before\":1"), "%s", rev);
    cr_assert_eq(count_type(F_SHOT), 2);
    /* the first man found stands at the centre: not on Charles's base */
    for (int i = 0; i < F.s.nfigs; i++)
        if (ckf_f(&F, i)->type == F_SHOT)
            cr_assert_geq(ck_dist(ckf_f(&F, i)->x, ckf_f(&F, i)->y, ckf_f(&F, x)->x, ckf_f(&F, x)->y),
                          ck_fig_radius(ckf_f(&F, i)) + ck_fig_radius(ckf_f(&F, x)) - 1e-3f,
                          "shot %d stands on Charles's base", i);
    ckf_points(&F, &roy, &par);
    cr_assert_eq(par, 12);
}

/* The drover shows Lord Wilmot as he shows Charles: when the piece he
 * points at holds Wilmot's card, Wilmot is placed on it, mounted, and the
 * Royalists move; the piece stays unsearched. */
Test(ck_chance_cards, drover_shows_wilmot)
{
    int c;
    CkPiece *p = drover_at(CKP_FIELD3, 27, 33, DISC_CLUBMEN, PROM_WILMOT, 27, 27, &c);
    cr_assert_eq(count_type(F_WILMOT), 1, "Wilmot is placed on the piece");
    int w = F.s.nfigs - 1;
    const CkFig *wf = ckf_f(&F, w);
    cr_assert_eq(wf->type, F_WILMOT);
    cr_assert_eq(wf->side, CK_ROY);
    cr_assert_eq(wf->status, FS_ACTIVE);
    cr_assert(wf->mounted);
    ckf_assert_at(&F, w, 28, 32);
    cr_assert_eq(count_type(F_CHARLES), 0);
    cr_assert(!p->searched, "the piece is not searched");
    cr_assert(p->prom_seen);
    cr_assert(strstr(ckf_last_event(&F, "drover"), "\"person\":\"wilmot\""), "%s", ckf_last_event(&F, "drover"));
    cr_assert(strstr(captured_last_text(&F.ev, "drover"), "Lord Wilmot is there!"), "%s",
              captured_last_text(&F.ev, "drover"));
    /* he is on the table: after Parliament's move the Royalists move him */
    ckf_end(&F);
    cr_assert_eq(F.s.phase, CP_ROYALIST);
    ckf_end(&F);
    /* searching the piece later finds its clubmen, not Wilmot a second time */
    ckf_dice(&F, 1, 2);
    ckf_move(&F, c, 26.5f, 30.9f); /* 3.9" (half of 8" into the field), clear of Wilmot's base */
    ckf_assert_dice(&F, 3); /* (the drover's two, then the search's) */
    cr_assert(p->searched);
    cr_assert_eq(count_type(F_WILMOT), 1, "Wilmot is not found twice");
    cr_assert_eq(count_type(F_CLUBMAN), 2);
}

Test(ck_chance_cards, drover_flogged)
{
    /* a blank person card: nobody placed, the card shown */
    ckf_all_pieces(&F);
    for (int i = 0; i < CK_PIECES; i++)
        F.s.pieces[i].searched = i != CKP_HILL;
    ckf_fig(&F, F_YOU, 24, 2);
    int cards[] = {CH_DROVER, CH_DROVER};
    stack_chance(2, cards);
    ckf_dice(&F, 1, CKP_HILL + 1);
    ckf_end(&F);
    ckf_assert_dice(&F, 1);
    cr_assert_eq(F.s.nfigs, 1);
    cr_assert(F.s.pieces[CKP_HILL].prom_seen);
    cr_assert(!F.s.pieces[CKP_HILL].searched);
    cr_assert(strstr(ckf_last_event(&F, "drover"), "\"person\":\"none\""));
    char which[64]; /* the piece he points at, by number as searches name it: there are three hills */
    snprintf(which, sizeof which, "\"piece\":%d", CKP_HILL + 1);
    cr_assert(strstr(ckf_last_event(&F, "drover"), which), "%s", ckf_last_event(&F, "drover"));
    snprintf(which, sizeof which, "the hill (piece %d): neither Charles nor Wilmot is there", CKP_HILL + 1);
    cr_assert(strstr(captured_last_text(&F.ev, "drover"), which), "%s", captured_last_text(&F.ev, "drover"));
    static char board[16384]; /* the board's list of pieces says which one he showed */
    FILE *f = fmemopen(board, sizeof board, "w");
    cr_assert_not_null(f);
    ck_render(&F.s, CK_PAR, f);
    fclose(f);
    snprintf(which, sizeof which, "%2d hill ", CKP_HILL + 1);
    const char *line = strstr(board, which);
    cr_assert(line && strstr(line, "drover: shown") && strstr(line, "drover: shown") < strchr(line, '\n'), "%s", board);
    cr_assert_eq(F.s.phase, CP_PARLIAMENT);
    /* nothing left to point at: he is flogged, and nothing else happens (an auditor found him silent) */
    int before = ckf_events(&F, "drover");
    ckf_end(&F);
    cr_assert_eq(F.s.turn, 3);
    cr_assert_eq(ckf_events(&F, "drover"), before + 1);
    cr_assert(strstr(ckf_last_event(&F, "drover"), "\"flogged\":1") && !strstr(ckf_last_event(&F, "drover"), "\"piece\""),
              "%s", ckf_last_event(&F, "drover"));
    cr_assert(strstr(captured_last_text(&F.ev, "drover"), "flogged and sent on his way"), "%s",
              captured_last_text(&F.ev, "drover"));
    cr_assert_eq(F.s.nfigs, 1);
    ckf_assert_dice(&F, 1); /* the first drover's only: nothing is rolled for the second */
}

/* A reviewer's worst case, 40 unmoved with 3-character ids beside a guard
 * whose search leaves his four prisoners: both cautions said whole. */
Test(ck_playing_the_game, a_search_caution_is_whole_at_its_longest)
{
    ckf_piece(&F, CKP_WOOD, 20, 20, DISC_INFANTRY, PROM_CHARLES);
    int c = ckf_fig(&F, F_DRAGOON, 20, 14);
    for (int p = 0; p < 4; p++)
        ckf_prisoner(&F, ckf_fig(&F, F_HORSE, 2 + (float)p * 2, 46), c);
    for (int k = 0; k < 40; k++) {
        int t = ckf_fig(&F, F_DRAGOON, 1 + (float)k, 3 + (float)(k % 2) * 2);
        if (k % 2)
            ckf_prisoner(&F, ckf_fig(&F, F_CLUBMAN, 1 + (float)k, 40), t);
    }
    char why[1200];
    Action onto = ckf_act(CKV_MOVE, c, 0, 0, 20, 17.5f);
    cr_assert_eq(ck_caution(&F.s, &onto, why, sizeof why), 1);
    cr_assert(strstr(why, "(a guard who goes from his prisoners loses them)"), "%s", why);
    cr_assert(strstr(why, " D41 have not moved"), "%s", why);
}
