/* test_datafiles.c - the rulebook tables in data/<game>/: the embedded files
 * parse, and a broken file is refused with its name, line and what is wrong
 * (never a crash). */
#include "games/ck/ck.h"
#include "games/ml/ml.h"
#include <criterion/criterion.h>
#include <string.h>

extern const char embed_data_marston_less_combat_txt[];
extern const char embed_data_marston_less_deck_txt[];
extern const char embed_data_marston_less_armies_txt[];
extern const char embed_data_catch_a_king_figures_txt[];
extern const char embed_data_catch_a_king_terrain_txt[];
extern const char embed_data_catch_a_king_decks_txt[];
extern const char embed_data_catch_a_king_points_txt[];

static void ml_refused(const char *combat, const char *deck, const char *armies, const char *want)
{
    static MlTables t;
    Diag d = {{0}};
    cr_assert_eq(ml_tables_parse(&t, combat, deck, armies, &d), -1);
    cr_assert(strstr(d.msg, want), "message '%s' should contain '%s'", d.msg, want);
}

static void ck_refused(const char *fig, const char *ter, const char *decks, const char *pts, const char *want)
{
    static CkTables t;
    Diag d = {{0}};
    cr_assert_eq(ck_tables_parse(&t, fig, ter, decks, pts, &d), -1);
    cr_assert(strstr(d.msg, want), "message '%s' should contain '%s'", d.msg, want);
}

Test(datafiles, embedded_marston_less_tables_parse)
{
    static MlTables t;
    Diag d = {{0}};
    cr_assert_eq(ml_tables_parse(&t, embed_data_marston_less_combat_txt, embed_data_marston_less_deck_txt,
                                 embed_data_marston_less_armies_txt, &d), 0, "%s", d.msg);
    cr_assert_eq(t.ncards, 29);
    cr_assert_eq(t.dp[7][20], 2);
}

Test(datafiles, marston_less_errors_name_file_and_line)
{
    const char *deck = embed_data_marston_less_deck_txt, *armies = embed_data_marston_less_armies_txt;
    ml_refused("# header\n1 20 - -\n2 19-21 - -\n", deck, armies, "combat.txt:3: bad roll range '19-21'");
    ml_refused("1 20 - -\n1 20 - -\n", deck, armies, "combat.txt:2: factor 1 appears twice");
    ml_refused("7 12-20 20 -\n", deck, armies, "combat.txt:1: roll 20 appears twice");
    ml_refused("1 20 -\n", deck, armies, "combat.txt:1: expected");
    ml_refused(embed_data_marston_less_combat_txt, "3 cannon 6 Big gun\n", armies, "unknown card kind 'cannon'");
    ml_refused(embed_data_marston_less_combat_txt, deck, "foot 3 9\n", "armies.txt:1: unit strength 9");
}

Test(datafiles, embedded_catch_a_king_tables_parse)
{
    static CkTables t;
    Diag d = {{0}};
    cr_assert_eq(ck_tables_parse(&t, embed_data_catch_a_king_figures_txt, embed_data_catch_a_king_terrain_txt,
                                 embed_data_catch_a_king_decks_txt, embed_data_catch_a_king_points_txt, &d),
                 0, "%s", d.msg);
    cr_assert_eq(t.figs[F_SHOT].vs_mounted, 3);
    cr_assert_eq(t.points[CK_ROY][PT_AT_LIBERTY][F_CHARLES], 12);
    cr_assert_eq(t.points[CK_PAR][PT_CAPTURED][F_HORSE], 3, "'royalist' stands for shot and horse");
    cr_assert_eq(t.piece_kinds[CK_PIECES - 1], T_MARSH);
    cr_assert(t.terrain[T_FIELD].cover && t.terrain[T_FIELD].cover_edge, "a field's cover is its hedges (2)");
    cr_assert(t.terrain[T_VILLAGE].cover && !t.terrain[T_VILLAGE].cover_edge, "a village's, its buildings (1)");
}

Test(datafiles, catch_a_king_errors_name_file_and_line)
{
    const char *f = embed_data_catch_a_king_figures_txt, *te = embed_data_catch_a_king_terrain_txt;
    const char *de = embed_data_catch_a_king_decks_txt, *p = embed_data_catch_a_king_points_txt;
    ck_refused("dragoon D parliament 1 3 2 8\n", te, de, p, "figures.txt:1: expected");
    ck_refused("dragoon D parliament 1 3 2 8 12\n", te, de, p, "every figure type");
    ck_refused(f, "village 1 3.0 1 1 0 0 1\ncastle 1 3.0 1 1 0 0 1\n", de, p, "terrain.txt:2: expected");
    ck_refused(f, "wood 13 3.0 1 0 1 0 1\n", de, p, "terrain.txt:1: more than 12 pieces");
    ck_refused(f, "field 3 3.0 3 1 1 0 0\n", de, p, "terrain.txt:1: expected 'KIND COUNT RADIUS COVER OBSTACLE HALF HILL "
                                                   "BLOCKS' (COVER 0, 1 or 2");
    ck_refused(f, te, "chance rain 31\n", p, "decks.txt:1: the chance deck holds 30 cards");
    ck_refused(f, te, "chance king 1\n", p, "decks.txt:1: no card 'king'");
    ck_refused(f, te, "chance rain 3\n", p, "the rulebook has 30, 24, 18");
    ck_refused(f, te, de, "royalist killed bishop 4\n", "points.txt:1: expected");
}
