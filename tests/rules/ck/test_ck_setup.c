/* test_ck_setup.c - To Catch a King [CK Game set up]: the Royalist player
 * places the twelve pieces no nearer than 8" to an edge (ecw: 0.5" apart),
 * places no troops, and the cards go face down under the pieces, seen by
 * neither player: the views of both players never show a card under an
 * unsearched piece, and re-dealing what they cannot see never changes a
 * byte of either view (GUIDE 4). */
#include "ck_fixture.h"

static Ckf F;

CKF_SUITE(ck_game_set_up);

static const char *const card_words[] = {"infantry", "clubmen", "horse", "charles", "wilmot",
                                         "blank", "discovery", "person"};

Test(ck_game_set_up, terrain_8_inches_from_edges)
{
    /* fixture: nothing placed yet; piece 0 is the village (radius 3") */
    F.s.phase = CP_TERRAIN;
    cr_assert_eq(ck_check_place(&F.s, 0, 11, 24, NULL), 0);
    cr_assert_eq(ck_check_place(&F.s, 0, 37, 24, NULL), 0);
    cr_assert_eq(ck_check_place(&F.s, 0, 24, 11, NULL), 0);
    cr_assert_eq(ck_check_place(&F.s, 0, 24, 37, NULL), 0);
    static const float bad[4][2] = {{10.99f, 24}, {37.01f, 24}, {24, 10.99f}, {24, 37.01f}};
    for (int k = 0; k < 4; k++) {
        Diag d = {{0}};
        cr_assert_lt(ck_check_place(&F.s, 0, bad[k][0], bad[k][1], &d), 0, "(%.2f, %.2f)", (double)bad[k][0],
                     (double)bad[k][1]);
        cr_assert(strstr(d.msg, "8\""), "%s", d.msg);
    }
    /* the manor is smaller (2.5") */
    cr_assert_eq(ck_check_place(&F.s, 1, 10.5f, 24, NULL), 0);
    cr_assert_lt(ck_check_place(&F.s, 1, 10.49f, 24, NULL), 0);
    /* 0.5" of open ground between pieces */
    ckf_piece(&F, 0, 11, 11, CK_NONE, CK_NONE);
    cr_assert_eq(ck_check_place(&F.s, 1, 17, 11, NULL), 0);
    Diag d = {{0}};
    cr_assert_lt(ck_check_place(&F.s, 1, 16.99f, 11, &d), 0);
    cr_assert(strstr(d.msg, "too close"), "%s", d.msg);
    cr_assert_lt(ck_check_place(&F.s, 0, 30, 30, &d), 0, "a piece is placed once");
}

Test(ck_game_set_up, royalist_places_terrain_and_no_troops)
{
    CkState s;
    Diag d = {{0}};
    cr_assert_eq(ck_setup(&s, NULL, 11, &d), 0, "%s", d.msg);
    ck_begin(&s, NULL);
    cr_assert_eq(s.phase, CP_TERRAIN);
    cr_assert_eq(ck_ops.current_player(&s), CK_ROY, "the Royalist player places the terrain");
    /* Parliament's troop waits on the south edge: You, 5 dragoons, 5 cavalry */
    int n[F_TYPE_COUNT] = {0};
    for (int i = 0; i < s.nfigs; i++) {
        n[s.figs[i].type]++;
        cr_assert_eq(s.figs[i].side, CK_PAR, "no Royalist troops at set-up");
        cr_assert_float_eq(s.figs[i].y, 0.8f, 1e-4);
        cr_assert_float_eq(s.figs[i].x, 14.0f + 2.0f * (float)i, 1e-4);
    }
    cr_assert_eq(s.nfigs, 11);
    cr_assert_eq(n[F_YOU], 1);
    cr_assert_eq(n[F_DRAGOON], 5);
    cr_assert_eq(n[F_CAVALRY], 5);
    cr_assert_float_eq(s.entry_x, 24.0f, 1e-6);
    for (int i = 0; i < CK_PIECES; i++)
        cr_assert_eq(s.pieces[i].disc, CK_NONE, "no card is dealt before the terrain is down");
    /* one at a time, in order */
    Action a = {.verb = CKV_PLACE, .piece = 1, .x = 30, .y = 30};
    cr_assert_lt(ck_check(&s, &a, &d), 0);
    cr_assert(strstr(d.msg, "place piece 1 (village) first"), "%s", d.msg);
    Action e = {.verb = CKV_END};
    cr_assert_lt(ck_check(&s, &e, &d), 0);
    cr_assert(strstr(d.msg, "place"), "%s", d.msg);
    Action acts[MAX_ACTIONS];
    for (int p = 0; p < CK_PIECES; p++) {
        cr_assert_eq(s.phase, CP_TERRAIN);
        int k = ck_legal(&s, acts, MAX_ACTIONS);
        cr_assert_gt(k, 0);
        cr_assert_eq(acts[k / 2].verb, CKV_PLACE);
        cr_assert_eq(acts[k / 2].piece, p);
        cr_assert_eq(ck_check(&s, &acts[k / 2], NULL), 0);
        ck_apply(&s, &acts[k / 2], NULL);
    }
    /* the twelfth piece down: cards dealt, the first turn begins */
    cr_assert_neq(s.phase, CP_TERRAIN);
    cr_assert_eq(s.turn, 1);
    for (int i = 0; i < CK_PIECES; i++) {
        cr_assert_neq(s.pieces[i].disc, CK_NONE);
        cr_assert_neq(s.pieces[i].prom, CK_NONE);
        cr_assert(!s.pieces[i].searched);
    }
}

/* A village, a manor house, 3 woods, 3 hills, 3 enclosed fields and a
 * marsh, counted by kind. */
static void assert_the_twelve(const int kinds[T_KIND_COUNT])
{
    cr_assert_eq(kinds[T_VILLAGE], 1);
    cr_assert_eq(kinds[T_MANOR], 1);
    cr_assert_eq(kinds[T_WOOD], 3);
    cr_assert_eq(kinds[T_HILL], 3);
    cr_assert_eq(kinds[T_FIELD], 3);
    cr_assert_eq(kinds[T_MARSH], 1);
}

CKF_SUITE(ck_equipment_needed);

/* Twelve pieces (a village, a manor house, three woods, three hills,
 * three fields, a marsh); 5 dragoons, 5 cavalry and You, the cavalry and
 * You mounted, the dragoons mounted to begin with. */
Test(ck_equipment_needed, twelve_pieces_and_eleven_troopers)
{
    int kinds[T_KIND_COUNT] = {0};
    for (int i = 0; i < CK_PIECES; i++)
        kinds[ck_piece_kinds[i]]++;
    assert_the_twelve(kinds);
    CkState s;
    cr_assert_eq(ck_setup(&s, NULL, 5, NULL), 0);
    int n[F_TYPE_COUNT] = {0};
    for (int i = 0; i < s.nfigs; i++) {
        n[s.figs[i].type]++;
        cr_assert(s.figs[i].mounted, "%s starts mounted", ck_figs[s.figs[i].type].name);
    }
    cr_assert_eq(n[F_DRAGOON], 5);
    cr_assert_eq(n[F_CAVALRY], 5);
    cr_assert_eq(n[F_YOU], 1);
    cr_assert_eq(s.nfigs, 11);
}

/* Each piece's "terrain" event says where it went, and its number and
 * kind, whoever laid it: the referee's record of the table (the later
 * events name pieces by number). */
static void assert_terrain_logged(const CkState *s, const CapturedEvents *ev)
{
    cr_assert_eq(captured_count(ev, "terrain"), CK_PIECES);
    for (int i = 0, k = 0; i < ev->n; i++) {
        if (!strstr(ev->json[i], "\"type\":\"terrain\""))
            continue;
        const CkPiece *p = &s->pieces[k];
        char want[128];
        snprintf(want, sizeof want, "\"piece\":%d,\"kind\":\"%s\",\"x\":%.9g,\"y\":%.9g,\"r\":%.9g", k + 1,
                 ck_terrain[p->kind].name, (double)p->x, (double)p->y, (double)p->r);
        cr_assert(strstr(ev->json[i], want), "piece %d: %s lacks %s", k + 1, ev->json[i], want);
        snprintf(want, sizeof want, "(piece %d) is laid at (%.1f, %.1f)", k + 1, (double)p->x, (double)p->y);
        cr_assert(strstr(ev->text[i], want), "%s", ev->text[i]);
        k++;
    }
}

Test(ck_game_set_up, every_piece_laid_is_logged_with_its_place)
{
    static CapturedEvents ev;
    EventLog log;
    evlog_init(&log, captured_sink, &ev);
    GameIO io = {&log, NULL, NULL};
    CkState s;
    cr_assert_eq(ck_setup(&s, NULL, 11, NULL), 0);
    ck_begin(&s, &io);
    Action acts[MAX_ACTIONS];
    for (int p = 0; p < CK_PIECES; p++) {
        int k = ck_legal(&s, acts, MAX_ACTIONS);
        ck_apply(&s, &acts[k / 2], &io);
    }
    assert_terrain_logged(&s, &ev);
    evlog_fini(&log);

    memset(&ev, 0, sizeof ev); /* random terrain: logged as the game opens */
    evlog_init(&log, captured_sink, &ev);
    Options o = {0};
    opt_set(&o, "terrain", "random", NULL);
    cr_assert_eq(ck_setup(&s, &o, 11, NULL), 0);
    cr_assert_eq(captured_count(&ev, "terrain"), 0);
    ck_begin(&s, &io);
    assert_terrain_logged(&s, &ev);
    evlog_fini(&log);
}

Test(ck_game_set_up, random_terrain_follows_the_same_rules)
{
    for (uint64_t seed = 1; seed <= 100; seed++) {
        Options o = {0};
        opt_set(&o, "terrain", "random", NULL);
        CkState s;
        cr_assert_eq(ck_setup(&s, &o, seed, NULL), 0);
        ck_begin(&s, NULL);
        int kinds[T_KIND_COUNT] = {0};
        for (int i = 0; i < CK_PIECES; i++) {
            const CkPiece *p = &s.pieces[i];
            cr_assert(p->placed, "seed %llu piece %d", (unsigned long long)seed, i);
            kinds[p->kind]++;
            cr_assert(p->x - p->r >= 8 - 1e-4f && p->y - p->r >= 8 - 1e-4f && p->x + p->r <= 40 + 1e-4f &&
                          p->y + p->r <= 40 + 1e-4f, "seed %llu piece %d at (%.2f, %.2f)", (unsigned long long)seed,
                      i, (double)p->x, (double)p->y);
            for (int j = 0; j < i; j++)
                cr_assert_geq(ck_dist(p->x, p->y, s.pieces[j].x, s.pieces[j].y),
                              p->r + s.pieces[j].r + 0.5f - 1e-4f, "seed %llu: pieces %d and %d",
                              (unsigned long long)seed, i, j);
        }
        assert_the_twelve(kinds);
        for (int i = 0; i < s.nfigs; i++)
            cr_assert_eq(s.figs[i].side, CK_PAR);
    }
}

/* [CK Game set up] the widest spread (ecw: every
 * square of the table, three by three inside the 8" margin, gets a piece):
 * a piece may not leave more squares empty than pieces are left. */
Test(ck_game_set_up, terrain_spread_every_square_gets_a_piece)
{
    F.s.phase = CP_TERRAIN;
    cr_assert_eq(ck_spread_square(13.3f, 13.3f), 0, "the south-west square");
    cr_assert_eq(ck_spread_square(24, 24), 4, "the centre");
    cr_assert_eq(ck_spread_square(36.9f, 36.9f), 8, "the north-east square");
    /* six pieces in the three northern squares: six squares empty, six pieces left */
    static const float north[6][2] = {{11, 36.5f}, {18, 36.5f}, {25, 36.5f}, {33, 36.5f}, {21, 30.5f}, {36.5f, 30.5f}};
    for (int i = 0; i < 6; i++)
        ckf_piece(&F, i, north[i][0], north[i][1], CK_NONE, CK_NONE);
    cr_assert_eq(ck_empty_squares(&F.s), 0x3Fu, "the southern and middle rows empty");
    Diag d = {{0}};
    cr_assert_lt(ck_check_place(&F.s, 6, 29.5f, 30.5f, &d), 0, "a seventh piece in the north leaves 6 squares for 5");
    cr_assert(strstr(d.msg, "spread the terrain") && strstr(d.msg, "6 would stay empty") &&
                  strstr(d.msg, "south-west, south, south-east, west, centre, east") && strstr(d.msg, "5 pieces left"),
              "%s", d.msg);
    cr_assert_eq(ck_check_place(&F.s, 6, 24, 24, NULL), 0, "into an empty square: allowed");
    cr_assert_eq(ck_check_place(&F.s, 6, 13.5f, 13.5f, NULL), 0);
}

/* [CK Game set up] a piece may not crowd the middle of a square still empty,
 * so that every empty square can still take a piece. */
Test(ck_game_set_up, terrain_spread_leaves_room_in_empty_squares)
{
    F.s.phase = CP_TERRAIN;
    /* the village (3") in the north square, 6.5" from the centre square's middle (24, 24): room kept */
    cr_assert_eq(ck_check_place(&F.s, 0, 24, 30.5f, NULL), 0);
    Diag d = {{0}};
    cr_assert_lt(ck_check_place(&F.s, 0, 24, 30.3f, &d), 0);
    cr_assert(strstr(d.msg, "leave room for a piece in the middle of the empty centre square"), "%s", d.msg);
    /* once the centre square holds a piece, its middle is free to crowd */
    ckf_piece(&F, 1, 20, 22, CK_NONE, CK_NONE);
    cr_assert_eq(ck_check_place(&F.s, 0, 24, 30.3f, NULL), 0);
}

/* The option spread=free keeps only the margin and the gaps (a table laid
 * out by hand); anything but squares or free is refused. */
Test(ck_game_set_up, option_spread_free_places_anywhere_past_the_margin)
{
    Options o = {0};
    opt_set(&o, "spread", "free", NULL);
    CkState s;
    Diag d = {{0}};
    cr_assert_eq(ck_setup(&s, &o, 1, &d), 0, "%s", d.msg);
    ck_begin(&s, NULL);
    cr_assert_eq(s.spread_free, 1);
    static const float north[6][2] = {{11, 36.5f}, {18, 36.5f}, {25, 36.5f}, {33, 36.5f}, {21, 30.5f}, {36.5f, 30.5f}};
    for (int i = 0; i < 6; i++) {
        Action a = {.verb = CKV_PLACE, .piece = (int16_t)i, .x = north[i][0], .y = north[i][1]};
        cr_assert_eq(ck_check(&s, &a, &d), 0, "%s", d.msg);
        ck_apply(&s, &a, NULL);
    }
    Action a = {.verb = CKV_PLACE, .piece = 6, .x = 29.5f, .y = 30.5f};
    cr_assert_eq(ck_check(&s, &a, &d), 0, "%s", d.msg);
    Options bad = {0};
    opt_set(&bad, "spread", "wide", NULL);
    cr_assert_lt(ck_setup(&s, &bad, 1, &d), 0);
    cr_assert(strstr(d.msg, "spread") && strstr(d.msg, "expected free or squares, not 'wide'"), "%s", d.msg);
}

/* Whoever places the terrain (the computer, a random player, or ecw at
 * random) ends with a piece in every square, and never runs out of places. */
Test(ck_game_set_up, terrain_spread_holds_for_every_way_of_placing)
{
    for (uint64_t seed = 1; seed <= 300; seed++) {
        int how = (int)(seed % 3); /* 0 the computer, 1 a random player, 2 terrain=random */
        Options o = {0};
        if (how == 2)
            opt_set(&o, "terrain", "random", NULL);
        CkState s;
        cr_assert_eq(ck_setup(&s, &o, seed, NULL), 0);
        ck_begin(&s, NULL);
        Rng r;
        rng_seed(&r, seed);
        while (s.phase == CP_TERRAIN) {
            Action a, acts[MAX_ACTIONS];
            if (how == 0) {
                cr_assert_geq(ck_heuristic(&s, &r, &a), 0, "seed %llu", (unsigned long long)seed);
            } else {
                int n = ck_legal(&s, acts, MAX_ACTIONS);
                cr_assert_gt(n, 0, "seed %llu: no place left for piece", (unsigned long long)seed);
                a = acts[rng_below(&r, (uint32_t)n)];
            }
            cr_assert_eq(ck_check(&s, &a, NULL), 0, "seed %llu", (unsigned long long)seed);
            ck_apply(&s, &a, NULL);
        }
        cr_assert_eq(ck_empty_squares(&s), 0u, "seed %llu (%d): squares left empty: %#x", (unsigned long long)seed,
                     how, ck_empty_squares(&s));
    }
}

/* The computer Royalist lays a new table each game: every piece in its
 * row of the plan (the open pieces north, woods and marsh across the
 * middle, the fields south), at a place of that row drawn from the
 * player's generator, so that a human Parliament cannot learn the table. */
Test(ck_game_set_up, computer_terrain_varies_within_its_rows)
{
    static const float row_y[CK_PIECES] = {36.5f, 36.5f, 25, 25, 25, 36.5f, 36.5f, 36.5f, 14, 14, 14, 25};
    float first_x[CK_PIECES];
    int differ = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        CkState s;
        cr_assert_eq(ck_setup(&s, &(Options){0}, 1, NULL), 0);
        ck_begin(&s, NULL);
        Rng r;
        rng_seed(&r, seed);
        while (s.phase == CP_TERRAIN) {
            Action a;
            cr_assert_eq(ck_heuristic(&s, &r, &a), 0);
            cr_assert_eq(ck_check(&s, &a, NULL), 0);
            ck_apply(&s, &a, NULL);
        }
        bool same = true;
        for (int p = 0; p < CK_PIECES; p++) {
            cr_assert_float_eq(s.pieces[p].y, row_y[p], 1e-6, "seed %llu: piece %d off its row", (unsigned long long)seed, p + 1);
            if (seed == 1)
                first_x[p] = s.pieces[p].x;
            same &= s.pieces[p].x == first_x[p];
        }
        differ += !same;
    }
    cr_assert_geq(differ, 15, "only %d of 19 tables differ from the first", differ);
}

/* The JSON object of piece i (1-based id) in a view, copied into buf. */
static void piece_json(const char *view, int id, char *buf, size_t n)
{
    char key[32];
    snprintf(key, sizeof key, "{\"id\":%d,", id);
    const char *o = strstr(view, key);
    cr_assert_not_null(o, "piece %d not in the view", id);
    const char *e = strchr(o, '}');
    cr_assert_not_null(e);
    snprintf(buf, n, "%.*s", (int)(e - o + 1), o);
}

/* Neither player's view shows a card under an unsearched piece; returns
 * how many pieces show a discovery card (searched ones). */
static int assert_cards_hidden(const CkState *s)
{
    int shown = 0;
    for (int pl = 0; pl < 2; pl++) {
        Jw w;
        const char *v = ckf_view(s, pl, &w);
        for (int i = 0; i < CK_PIECES; i++) {
            char buf[512];
            piece_json(v, i + 1, buf, sizeof buf);
            const CkPiece *p = &s->pieces[i];
            if (!p->searched)
                cr_assert_null(strstr(buf, "discovery"), "player %d sees an unturned card: %s", pl, buf);
            else
                shown += strstr(buf, "\"discovery\"") != NULL;
            if (!p->searched && !p->prom_seen)
                cr_assert_null(strstr(buf, "person"), "player %d sees an unturned card: %s", pl, buf);
        }
        jw_fini(&w);
    }
    return shown;
}

static bool views_equal(const CkState *a, const CkState *b, int pl)
{
    Jw wa, wb;
    const char *va = ckf_view(a, pl, &wa), *vb = ckf_view(b, pl, &wb);
    bool eq = strcmp(va, vb) == 0;
    jw_fini(&wa);
    jw_fini(&wb);
    return eq;
}

static void render_of(const CkState *s, int pl, char *buf, size_t n)
{
    FILE *f = fmemopen(buf, n, "w");
    cr_assert_not_null(f);
    ck_render(s, pl, f);
    fclose(f);
}

/* [CK Game set up] the refusal near an edge gives the limit for the
 * piece's centre: its radius and the 8" gap (it said "must stay 8\"",
 * and a centre 8" in was refused). */
Test(ck_game_set_up, edge_refusal_gives_the_centres_limit)
{
    F.s.phase = CP_TERRAIN;
    Diag d = {{0}};
    cr_assert_lt(ck_check_place(&F.s, CKP_VILLAGE, 8, 20, &d), 0);
    cr_assert(strstr(d.msg, "centre must be at least 11\" from every edge"), "%s", d.msg);
    cr_assert(strstr(d.msg, "x and y from 11 to 37"), "%s", d.msg);
    cr_assert_lt(ck_check_place(&F.s, CKP_MANOR, 20, 40, &d), 0);
    cr_assert(strstr(d.msg, "at least 10.5\""), "%s", d.msg);
    cr_assert(strstr(d.msg, "10.5 to 37.5"), "%s", d.msg);
}

/* The line of the map labelled `label` (" 12 " at its start), or NULL. */
static const char *map_row(const char *text, const char *label)
{
    for (const char *line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
        if (strncmp(line, label, strlen(label)) == 0)
            return line;
    return NULL;
}

/* The character at column c of map row `label`. */
static char map_cell(const char *text, const char *label, int c)
{
    const char *row = map_row(text, label);
    cr_assert_not_null(row, "no row '%s' in\n%s", label, text);
    return row[3 + c];
}

/* A cell of the map and the mark expected there, with why. */
typedef struct MapCell {
    const char *row;
    int         col;
    char        mark;
    const char *why;
} MapCell;

static void expect_cells(const char *text, const MapCell *cells, size_t n)
{
    for (size_t k = 0; k < n; k++)
        cr_assert_eq(map_cell(text, cells[k].row, cells[k].col), cells[k].mark, "%s:\n%s", cells[k].why, text);
}

/* A piece's number stays on the row of its centre: where a figure stands
 * on the centre's cell it slides along the row to the nearest cell still
 * on the piece (the west one of two as near), not up or down a row,
 * which read as another y; a two-digit number may reach one cell past
 * the piece's edge. */
Test(ck_game_set_up, a_piece_number_keeps_its_row_beside_a_figure)
{
    static char text[16384];
    ckf_piece(&F, CKP_VILLAGE, 15, 14, CK_NONE, CK_NONE); /* centre in the middle of column 7 */
    ckf_piece(&F, CKP_MARSH, 30, 30, CK_NONE, CK_NONE);   /* "12" over columns 14 and 15 */
    render_of(&F.s, CK_PAR, text, sizeof text);
    expect_cells(text, (MapCell[]){{"14", 7, '1', "the number at the centre"},
                                   {"30", 14, '1', "a two-digit number over the two cells nearest the centre"},
                                   {"30", 15, '2', "... its second digit"}}, 3);
    int c = ckf_fig(&F, F_CAVALRY, 15, 14.5f), c2 = ckf_fig(&F, F_CAVALRY, 30.5f, 30.5f);
    render_of(&F.s, CK_PAR, text, sizeof text);
    expect_cells(text, (MapCell[]){{"14", 7, 'C', "the figure on the centre"},
                                   {"14", 6, '1', "slid west (east is as near), on its row"},
                                   {"16", 7, 'v', "not moved up a row"},
                                   {"12", 7, 'v', "nor down one"},
                                   {"30", 15, 'C', "the figure on the two-digit number's second cell"},
                                   {"30", 13, '1', "slid west, its first digit past the edge"},
                                   {"30", 14, '2', "... its second on the marsh"}}, 7);
    ckf_fig(&F, F_CAVALRY, 13, 14.5f); /* the west cell taken too: east */
    render_of(&F.s, CK_PAR, text, sizeof text);
    expect_cells(text, (MapCell[]){{"14", 6, 'C', "the second figure"}, {"14", 8, '1', "slid east"}}, 2);
    ckf_fig(&F, F_CAVALRY, 17, 14.5f); /* the row full: left out, and never on another row */
    render_of(&F.s, CK_PAR, text, sizeof text);
    for (int col = 0; col < 12; col++) /* (west of the marsh's number) */
        for (int r = 12; r <= 16; r += 2) {
            char label[4];
            snprintf(label, sizeof label, "%d ", r);
            cr_assert_neq(map_cell(text, label, col), '1', "piece 1's number at row %d, column %d:\n%s", r, col, text);
        }
    (void)c, (void)c2;
}

/* While the terrain goes down the pieces are listed by number, kind and
 * radius, with the next to place marked (they were known only as 1-12). */
Test(ck_game_set_up, render_lists_the_pieces_and_the_next_to_place)
{
    static char text[8192];
    F.s.phase = CP_TERRAIN;
    F.s.to_act = CK_ROY;
    ckf_piece(&F, CKP_VILLAGE, 14, 14, CK_NONE, CK_NONE);
    render_of(&F.s, CK_ROY, text, sizeof text);
    cr_assert(strstr(text, " 1 village r3   (14.0, 14.0)"), "%s", text);
    cr_assert(strstr(text, " 2 manor   r2.5 <- next to place"), "%s", text);
    cr_assert(strstr(text, " 3 wood    r3   waiting"), "%s", text);
    cr_assert(strstr(text, "place KIND X Y"), "%s", text);
}

/* [CK Movement and Ranges] the roster tells the side moving what each of
 * its figures may still move from where he stands (halved in a wood, after
 * a shot first), or that he has moved; the other side's figures carry no
 * such note. */
Test(ck_game_set_up, render_roster_tells_each_figure_its_move)
{
    static char text[8192];
    ckf_ground(&F, CKP_WOOD, 30, 30);
    int c = ckf_fig(&F, F_CAVALRY, 30, 30), c2 = ckf_fig(&F, F_CAVALRY, 10, 10), c3 = ckf_fig(&F, F_CAVALRY, 14, 10);
    int s = ckf_fig(&F, F_SHOT, 10, 14);
    (void)c;
    ckf_dice(&F, 2, 1, 6); /* C2 shoots first and misses */
    ckf_shoot(&F, c2, s);
    ckf_move(&F, c3, 14, 6);
    render_of(&F.s, CK_PAR, text, sizeof text);
    cr_assert(strstr(text, " C1   cavalry trooper (30.0, 30.0)    in the wood (3)  move 4.0\"\n"), "%s", text);
    cr_assert(strstr(text, " C2   cavalry trooper (10.0, 10.0)    shot, move 4.0\"\n"), "%s", text);
    cr_assert(strstr(text, " C3   cavalry trooper (14.0,  6.0)    moved\n"), "%s", text);
    cr_assert(strstr(text, " S1   shot            (10.0, 14.0)\n"), "%s", text);
    /* a prisoner names his guard; a trooper who came on later is listed with his side */
    ckf_prisoner(&F, ckf_fig(&F, F_CLUBMAN, 40, 40), c3);
    ckf_fig(&F, F_DRAGOON, 2, 2);
    render_of(&F.s, CK_PAR, text, sizeof text);
    cr_assert(strstr(text, " K1   clubman         (14.8,  6.0)    prisoner of C3\n"), "%s", text);
    const char *d1 = strstr(text, " D1 "), *s1 = strstr(text, " S1 ");
    cr_assert(d1 && s1 && d1 < s1, "Parliament's figures first: %s", text);
}

/* A clubman's musket is his own: the roster puts it before his guard (a
 * play-tester read "prisoner of C1 musket" as the trooper's). */
Test(ck_game_set_up, render_roster_puts_a_musket_with_its_man)
{
    static char text[8192];
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), k = ckf_fig(&F, F_CLUBMAN, 30, 30);
    ckf_f(&F, k)->musket = 1;
    render_of(&F.s, CK_PAR, text, sizeof text);
    cr_assert(strstr(text, " K1   clubman         (30.0, 30.0)    with a musket\n"), "%s", text);
    ckf_prisoner(&F, k, c);
    render_of(&F.s, CK_PAR, text, sizeof text);
    cr_assert(strstr(text, " K1   clubman         (20.8, 20.0)    with a musket, prisoner of C1\n"), "%s", text);
}

/* [CK Chance Cards] while arrivals wait to come on, the board says what
 * they are and where (after --load a play-tester could not see his band:
 * the arrivals line was only in the log of the earlier sitting). */
Test(ck_game_set_up, render_tells_the_arrivals_waiting)
{
    static char text[8192];
    ckf_fig(&F, F_CAVALRY, 20, 20);
    F.s.phase = CP_ARRIVE, F.s.to_act = CK_ROY;
    F.s.arrive_side = CK_ROY, F.s.arrive_type = F_SHOT, F.s.arrive_count = 4, F.s.arrive_edge = 0;
    render_of(&F.s, CK_ROY, text, sizeof text);
    cr_assert(strstr(text, "\nA Royalist band: 4 shot, to come on at the west edge where the Royalist player chooses "
                           "('arrive X Y' sets them down in a row from that point)\n"),
              "%s", text);
    F.s.phase = CP_ROYALIST;
    render_of(&F.s, CK_ROY, text, sizeof text);
    cr_assert_null(strstr(text, "to come on"), "%s", text);
}

/* ... and with option together=yes a figure who took aim says at whom. */
Test(ck_game_set_up, render_roster_tells_whom_a_figure_aims_at)
{
    static char text[8192];
    F.s.together = 1;
    int c = ckf_fig(&F, F_CAVALRY, 10, 10), s = ckf_fig(&F, F_SHOT, 10, 14);
    ckf_do(&F, ckf_act(CKV_AIM, c, s, 0, 0, 0));
    render_of(&F.s, CK_PAR, text, sizeof text);
    cr_assert(strstr(text, " C1   cavalry trooper (10.0, 10.0)    aiming at S1, move 4.0\"\n"), "%s", text);
    ckf_f(&F, s)->status = FS_DEAD; /* shot by another: an aim at a man gone is no aim (a play-tester's) */
    render_of(&F.s, CK_PAR, text, sizeof text);
    cr_assert(strstr(text, " C1   cavalry trooper (10.0, 10.0)    shot, move 4.0\"\n"), "%s", text);
    /* one who aims after moving says so too (he was shown "moved" alone: a play-tester's) */
    int d = ckf_fig(&F, F_DRAGOON, 20, 10), s2 = ckf_fig(&F, F_SHOT, 20, 16);
    ckf_move(&F, d, 20, 12);
    ckf_do(&F, ckf_act(CKV_AIM, d, s2, 0, 0, 0));
    render_of(&F.s, CK_PAR, text, sizeof text);
    cr_assert(strstr(text, " D1   dragoon         (20.0, 12.0)    moved, aiming at S2\n"), "%s", text);
}

/* [CK Playing the Game] one who moved and then shot says both (a referee
 * could not tell from the roster who had fired). */
Test(ck_game_set_up, render_roster_tells_who_shot_after_moving)
{
    static char text[8192];
    int d = ckf_fig(&F, F_DRAGOON, 20, 10), s = ckf_fig(&F, F_SHOT, 20, 16);
    ckf_move(&F, d, 20, 12);
    render_of(&F.s, CK_PAR, text, sizeof text);
    cr_assert(strstr(text, " D1   dragoon         (20.0, 12.0)    moved\n"), "%s", text);
    ckf_dice(&F, 2, 1, 1);
    ckf_shoot(&F, d, s);
    render_of(&F.s, CK_PAR, text, sizeof text);
    cr_assert(strstr(text, " D1   dragoon         (20.0, 12.0)    moved, shot\n"), "%s", text);
}

/* [CK Hand to hand Combat] a charge is the charger's whole turn, and the
 * roster says he is done rather than "moved, shot" (a play-tester read
 * that of a horseman who had only charged). */
Test(ck_game_set_up, render_roster_tells_a_charger_is_done)
{
    static char text[8192];
    int c = ckf_fig(&F, F_CAVALRY, 20, 20);
    ckf_fig(&F, F_SHOT, 20, 23);
    ckf_dice(&F, 2, 3, 3);
    ckf_charge(&F, c, c + 1, false);
    render_of(&F.s, CK_PAR, text, sizeof text);
    cr_assert(strstr(text, " C1   cavalry trooper (20.0, 21.75)   done (charged or took a man)\n"), "%s", text);
    cr_assert_null(strstr(text, "moved, shot"), "%s", text);
}

/* [CK Captured Persons] a horseman taken goes on foot, and the roster says
 * so (a play-tester read "horseman" as mounted); once he escapes he rides
 * again, and the note goes. */
Test(ck_game_set_up, render_roster_shows_a_horseman_taken_on_foot)
{
    static char text[8192];
    int c = ckf_fig(&F, F_CAVALRY, 20, 20), h = ckf_fig(&F, F_HORSE, 20, 23);
    ckf_dice(&F, 2, 5, 1); /* 4+5=9 against 4+1=5: beaten, not by half, and taken */
    ckf_charge(&F, c, h, true);
    cr_assert_eq(ckf_f(&F, h)->status, FS_PRISONER);
    render_of(&F.s, CK_PAR, text, sizeof text);
    /* told to 0.01" where it lies on a hundredth, as the log tells it */
    cr_assert(strstr(text, " H1   horseman        (20.0, 22.75)   on foot, prisoner of C1\n"), "%s", text);
    ck_prisoners_escape(&F.s, c, NULL);
    render_of(&F.s, CK_PAR, text, sizeof text);
    char line[96] = "";
    const char *at = strstr(text, " H1   horseman        (");
    cr_assert(at, "%s", text);
    snprintf(line, sizeof line, "%.*s", (int)strcspn(at, "\n"), at);
    cr_assert(!strstr(line, "foot") && !strstr(line, "prisoner"), "he rides again: %s", line);
}

/* The map: a figure at y = 12 stands in the row labelled 12 (rows were
 * labelled by their top, 14), columns are labelled under the map, each
 * piece's number stands at its centre, a shared cell shows '*' for
 * Royalists, '+' for Parliament's men and '#' for both sides (a
 * play-tester could not tell a trooper among clubmen), the key names 'p'
 * and the three, and the pieces are listed with centre and search. */
Test(ck_game_set_up, render_labels_rows_and_columns_by_what_they_hold)
{
    static char text[8192];
    ckf_ground(&F, CKP_WOOD, 30, 30);
    ckf_piece(&F, CKP_FIELD3, 20, 36, CK_NONE, CK_NONE);
    ckf_fig(&F, F_CAVALRY, 8.5f, 12.0f);
    ckf_fig(&F, F_SHOT, 40.2f, 40.1f);
    ckf_fig(&F, F_SHOT, 41.0f, 41.5f); /* the same 2" cell */
    ckf_fig(&F, F_DRAGOON, 20.2f, 20.2f), ckf_fig(&F, F_CAVALRY, 21.4f, 21.4f);  /* two troopers in one cell */
    ckf_fig(&F, F_CLUBMAN, 10.2f, 30.2f), ckf_fig(&F, F_CAVALRY, 11.4f, 31.4f); /* a trooper among clubmen */
    ckf_prisoner(&F, ckf_fig(&F, F_CLUBMAN, 44, 4), ckf_fig(&F, F_DRAGOON, 45.5f, 8)); /* beside him, at x 46.3 */
    ckf_prisoner(&F, ckf_fig(&F, F_SHOT, 44, 4), ckf_fig(&F, F_CAVALRY, 2, 2)); /* at x 2.8: his cell */
    render_of(&F.s, CK_PAR, text, sizeof text);
    static const MapCell cells[] = {
        {"12 ", 4, 'C', "the cavalry trooper at y = 12"},
        {"40 ", 20, '*', "two shot in one cell"},
        {"20 ", 10, '+', "two troopers in one cell"},
        {"30 ", 5, '#', "a trooper and a clubman in one cell"},
        {"30 ", 15, '3', "the wood's number at its centre"},
        {"36 ", 9, '1', "piece 11 over the two cells nearest x 20"},
        {"36 ", 10, '1', "piece 11 over the two cells nearest x 20"},
        {" 8 ", 22, 'D', "the guard"},
        {" 8 ", 23, 'p', "his prisoner beside him"},
        {" 2 ", 1, 'C', "a guard hides his prisoner, no '*'"},
    };
    expect_cells(text, cells, sizeof cells / sizeof *cells);
    cr_assert(strstr(text, "\n   0   8   16  24  32  40  48\n"), "%s", text);
    cr_assert(strstr(text, " 3 wood    r3   (30.0, 30.0) searched"), "%s", text);
    cr_assert(strstr(text, "11 field   r3   (20.0, 36.0)\n"), "%s", text);
    cr_assert(strstr(text, "p prisoner, where no free figure stands"), "%s", text);
    cr_assert(strstr(text, "+ 2+ Parliament  * 2+ Royalists") && strstr(text, "# both sides"), "%s", text);
    cr_assert(strstr(text, "row 12 holds\n") && strstr(text, "12 <= y < 14, column 8 (below) 8 <= x < 10"), "%s", text);
}

/* Charles ringed by his guards shares their cells: the map shows him, X,
 * not '*' (Wilmot's W likewise, Charles first), and the roster names the
 * enemy commander as such, not "you", on either side. */
Test(ck_game_set_up, render_shows_charles_and_wilmot_in_a_crowd)
{
    static char text[8192];
    ckf_fig(&F, F_SHOT, 20.2f, 20.2f);
    ckf_fig(&F, F_CHARLES, 21.0f, 21.0f); /* the same 2" cell */
    ckf_fig(&F, F_HORSE, 21.6f, 20.4f);
    ckf_fig(&F, F_WILMOT, 30.2f, 30.2f);
    ckf_fig(&F, F_CLUBMAN, 31.0f, 31.0f);
    ckf_fig(&F, F_WILMOT, 40.2f, 40.2f); /* a cell with both: Charles shows */
    ckf_fig(&F, F_CHARLES, 41.0f, 41.0f);
    ckf_fig(&F, F_SHOT, 10.2f, 10.2f);
    ckf_fig(&F, F_SHOT, 11.0f, 11.0f);
    ckf_fig(&F, F_YOU, 3.0f, 3.0f);
    ckf_prisoner(&F, ckf_fig(&F, F_WILMOT, 44, 4), ckf_fig(&F, F_CAVALRY, 45.5f, 8)); /* beside him, at x 46.3 */
    ckf_prisoner(&F, ckf_fig(&F, F_CHARLES, 4, 40), ckf_fig(&F, F_CAVALRY, 2.3f, 40)); /* his guard in his cell */
    for (int side = 0; side < 2; side++) {
        render_of(&F.s, side, text, sizeof text);
        static const MapCell cells[] = {
            {"20 ", 10, 'X', "Charles among a shot and a horseman"},
            {"30 ", 15, 'W', "Wilmot beside a clubman"},
            {"40 ", 20, 'X', "Charles and Wilmot together"},
            {"10 ", 5, '*', "two shot"},
            {" 8 ", 23, 'W', "Wilmot taken, beside his guard"},
            {"40 ", 1, 'X', "Charles taken, his guard in the same cell"},
        };
        expect_cells(text, cells, sizeof cells / sizeof *cells);
        cr_assert(strstr(text, "commander       ( 3.0,  3.0)"), "%s", text);
        cr_assert_null(strstr(text, " you "), "%s", text);
        cr_assert(strstr(text, "(X, W shown among them)\n"), "the key whole:\n%s", text);
        cr_assert(strstr(text, "(X, W taken too)\n"), "the key whole:\n%s", text);
    }
}

Test(ck_game_set_up, cards_hidden_from_both_views)
{
    /* at the start nothing about any card is in either view */
    for (uint64_t seed = 1; seed <= 30; seed++) {
        Options o = {0};
        opt_set(&o, "terrain", "random", NULL);
        CkState s;
        cr_assert_eq(ck_setup(&s, &o, seed, NULL), 0);
        ck_begin(&s, NULL);
        for (int pl = 0; pl < 2; pl++) {
            Jw w;
            const char *v = ckf_view(&s, pl, &w);
            for (size_t k = 0; k < sizeof card_words / sizeof card_words[0]; k++)
                cr_assert_null(strstr(v, card_words[k]), "seed %llu, player %d: '%s' in %s",
                               (unsigned long long)seed, pl, card_words[k], v);
            jw_fini(&w);
        }
        assert_cards_hidden(&s);
    }
}

/* One random legal action, checked and applied (the playouts below). */
static void random_step(CkState *s, Rng *pick)
{
    static Action acts[MAX_ACTIONS]; /* large: kept off the stack */
    int n = ck_legal(s, acts, MAX_ACTIONS);
    cr_assert_gt(n, 0);
    Action a = acts[rng_below(pick, (uint32_t)n)];
    cr_assert_eq(ck_check(s, &a, NULL), 0);
    ck_apply(s, &a, NULL);
}

Test(ck_game_set_up, redeal_never_changes_either_view)
{
    /* random playouts; after every action, for each player: a re-deal keeps
     * the view and the drawn table byte for byte, keeps the decks whole, and
     * does change the hidden cards now and then */
    int changed = 0, shown = 0, steps = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        Options o = {0};
        opt_set(&o, "terrain", "random", NULL);
        CkState s;
        cr_assert_eq(ck_setup(&s, &o, seed, NULL), 0);
        ck_begin(&s, NULL);
        Rng pick;
        rng_seed(&pick, seed * 977);
        for (int step = 0; step < 4000 && s.phase != CP_OVER; step++, steps++) {
            shown += assert_cards_hidden(&s);
            for (int pl = 0; pl < 2; pl++) {
                CkState c = s;
                Rng r;
                rng_seed(&r, seed * 100000 + (uint64_t)step * 2 + (uint64_t)pl);
                ck_redeal(&c, pl, &r);
                cr_assert(views_equal(&s, &c, pl), "seed %llu step %d: re-deal changed player %d's view",
                          (unsigned long long)seed, step, pl);
                static char ra[8192], rb[8192];
                render_of(&s, pl, ra, sizeof ra);
                render_of(&c, pl, rb, sizeof rb);
                cr_assert_str_eq(ra, rb);
                for (int i = 0; i < CK_PIECES; i++) {
                    if (s.pieces[i].searched) {
                        cr_assert_eq(c.pieces[i].disc, s.pieces[i].disc, "a turned card never moves");
                        cr_assert_eq(c.pieces[i].prom, s.pieces[i].prom);
                    }
                    if (s.pieces[i].prom_seen)
                        cr_assert_eq(c.pieces[i].prom, s.pieces[i].prom, "the drover's card never moves");
                    changed += c.pieces[i].disc != s.pieces[i].disc || c.pieces[i].prom != s.pieces[i].prom;
                }
                int di[8] = {0}, pr[8] = {0};
                for (int i = 0; i < CK_PIECES; i++)
                    di[c.pieces[i].disc]++, pr[c.pieces[i].prom]++;
                for (int k = 0; k < c.ndisc; k++)
                    di[c.disc[k]]++;
                for (int k = 0; k < c.nprom; k++)
                    pr[c.prom[k]]++;
                cr_assert(di[DISC_INFANTRY] == 4 && di[DISC_HORSE] == 4 && di[DISC_CLUBMEN] == 4 &&
                          di[DISC_BLANK] == 12, "the discovery deck stays whole");
                cr_assert(pr[PROM_CHARLES] == 1 && pr[PROM_WILMOT] == 1 && pr[PROM_BLANK] == 16,
                          "the person deck stays whole");
            }
            random_step(&s, &pick);
        }
    }
    cr_assert_gt(changed, 0, "re-dealing never changed a hidden card");
    cr_assert_gt(shown, 0, "no playout searched a piece: the check saw nothing");
    cr_assert_gt(steps, 100);
}

Test(ck_game_set_up, computer_players_never_read_the_cards)
{
    /* "the computer Royalist never reads them": neither computer player's
     * choice changes when the cards nobody has seen are dealt anew */
    int steps = 0;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        Options o = {0};
        opt_set(&o, "terrain", "random", NULL);
        CkState s;
        cr_assert_eq(ck_setup(&s, &o, seed, NULL), 0);
        ck_begin(&s, NULL);
        for (int step = 0; step < 3000 && s.phase != CP_OVER; step++, steps++) {
            Rng r1, r2, rd;
            rng_seed(&r1, seed * 7 + (uint64_t)step);
            r2 = r1;
            rng_seed(&rd, seed * 1000003 + (uint64_t)step);
            CkState c = s;
            ck_redeal(&c, s.to_act, &rd);
            Action a, b;
            cr_assert_eq(ck_heuristic(&s, &r1, &a), 0);
            cr_assert_eq(ck_heuristic(&c, &r2, &b), 0);
            cr_assert(a.verb == b.verb && a.piece == b.piece && a.target == b.target && a.arg == b.arg &&
                          a.x == b.x && a.y == b.y,
                      "seed %llu step %d: the computer's choice changed with the hidden cards",
                      (unsigned long long)seed, step);
            cr_assert_eq(ck_check(&s, &a, NULL), 0);
            ck_apply(&s, &a, NULL);
        }
    }
    cr_assert_gt(steps, 100);
}

Test(ck_game_set_up, redeal_shuffles_evenly)
{
    /* a re-deal is a fair shuffle of what nobody has seen: dealt anew many
     * times from one fresh table, Charles lies under each piece (or among
     * the six person cards left over) about as often, so does each piece
     * hide horse, and the next chance card is a band as often as bands are
     * left in the deck */
    Options o = {0};
    opt_set(&o, "terrain", "random", NULL);
    CkState s;
    cr_assert_eq(ck_setup(&s, &o, 5, NULL), 0);
    ck_begin(&s, NULL);
    enum { DEALS = 18000 };
    int charles[CK_PIECES + 1] = {0}, horse[CK_PIECES] = {0}, band = 0;
    Rng r;
    rng_seed(&r, 99);
    for (int k = 0; k < DEALS; k++) {
        CkState c = s;
        ck_redeal(&c, CK_PAR, &r);
        int at = CK_PIECES; /* among the cards left over */
        for (int i = 0; i < CK_PIECES; i++) {
            at = c.pieces[i].prom == PROM_CHARLES ? i : at;
            horse[i] += c.pieces[i].disc == DISC_HORSE;
        }
        charles[at]++;
        band += c.chance[c.nchance - 1] == CH_BAND;
    }
    for (int i = 0; i < CK_PIECES; i++) { /* 1 in 18: 1000 +- 31; 4 in 24: 3000 +- 50 */
        cr_assert(charles[i] > 850 && charles[i] < 1150, "Charles under piece %d %d times", i + 1, charles[i]);
        cr_assert(horse[i] > 2750 && horse[i] < 3250, "horse under piece %d %d times", i + 1, horse[i]);
    }
    cr_assert(charles[CK_PIECES] > 5500 && charles[CK_PIECES] < 6500, "Charles left over %d times",
              charles[CK_PIECES]);
    int bands = 0;
    for (int k = 0; k < s.nchance; k++)
        bands += s.chance[k] == CH_BAND;
    double expect = (double)DEALS * bands / s.nchance; /* +- 50 */
    cr_assert(band > expect - 300 && band < expect + 300, "a band next %d times in %d (%.0f expected)", band,
              DEALS, expect);
}

/* The options that choose between two readings of the rulebook
 * (recoil_frees, exit_scores): yes or no, no by default, anything else
 * refused with a reason naming the option and the value. */
Test(ck_game_set_up, reading_options_are_yes_or_no)
{
    static const char *const keys[] = {"recoil_frees", "exit_scores"};
    for (int k = 0; k < 2; k++) {
        CkState s;
        Diag d = {{0}};
        Options o = {0};
        cr_assert_eq(ck_setup(&s, &o, 1, &d), 0, "%s", d.msg);
        ck_begin(&s, NULL);
        cr_assert_eq(k == 0 ? s.recoil_frees : s.exit_scores, 0, "%s by default", keys[k]);
        opt_set(&o, keys[k], "yes", NULL);
        cr_assert_eq(ck_setup(&s, &o, 1, &d), 0, "%s", d.msg);
        ck_begin(&s, NULL);
        cr_assert_eq(k == 0 ? s.recoil_frees : s.exit_scores, 1, "%s=yes", keys[k]);
        Options bad = {0};
        opt_set(&bad, keys[k], "sometimes", NULL);
        cr_assert_lt(ck_setup(&s, &bad, 1, &d), 0);
        cr_assert(strstr(d.msg, keys[k]) && strstr(d.msg, "expected yes or no, not 'sometimes'"), "%s", d.msg);
    }
}

/* The unseen discovery cards (under unsearched pieces in piece order, then
 * the undealt) or the unseen person cards (also not shown by the drover),
 * in the order conceal lays them out. */
static int unseen_cards(const CkState *s, bool persons, uint8_t *out)
{
    int n = 0;
    for (int i = 0; i < CK_PIECES; i++) {
        const CkPiece *p = &s->pieces[i];
        uint8_t card = persons ? p->prom : p->disc;
        if (p->placed && !p->searched && card != CK_NONE && !(persons && p->prom_seen))
            out[n++] = card;
    }
    for (int k = 0, m = persons ? s->nprom : s->ndisc; k < m; k++)
        out[n++] = persons ? s->prom[k] : s->disc[k];
    return n;
}

/* Are a[0..n) and b[0..n) the same cards, b in card order? */
static bool sorted_same_cards(const uint8_t *a, const uint8_t *b, int n)
{
    int count[256] = {0};
    for (int k = 0; k < n; k++)
        count[a[k]]++, count[b[k]]--;
    for (int k = 0; k < 256; k++)
        if (count[k] != 0)
            return false;
    for (int k = 1; k < n; k++)
        if (b[k] < b[k - 1])
            return false;
    return true;
}

/* A random playout's start: game `seed` set up (terrain at random or
 * placed by the computer), the move picker and re-dealer seeded. */
static void playout_start(CkState *s, uint64_t seed, bool random_terrain, Rng *pick, uint64_t pick_seed, Rng *rd,
                          uint64_t rd_seed)
{
    Options o = {0};
    if (random_terrain)
        opt_set(&o, "terrain", "random", NULL);
    cr_assert_eq(ck_setup(s, &o, seed, NULL), 0);
    ck_begin(s, NULL);
    rng_seed(pick, pick_seed);
    rng_seed(rd, rd_seed);
}

Test(ck_game_set_up, conceal_lays_out_the_unseen_cards_by_what_is_seen)
{
    /* random playouts; at every step the computer players' concealed copy
     * keeps both views, holds the same unseen cards laid out in card order
     * (each deck sorted, Charles and Wilmot last), and is byte for byte the
     * same whatever the hidden cards were (a re-deal first changes nothing) */
    int steps = 0, moved = 0;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        CkState s;
        Rng pick, rd;
        playout_start(&s, seed, true, &pick, seed * 31, &rd, seed * 1009);
        for (int step = 0; step < 3000 && s.phase != CP_OVER; step++, steps++) {
            CkState c = s, r = s;
            ck_conceal(&c, s.to_act);
            for (int pl = 0; pl < 2; pl++)
                cr_assert(views_equal(&s, &c, pl), "seed %llu step %d: conceal changed player %d's view",
                          (unsigned long long)seed, step, pl);
            uint8_t a[CK_DISC_CARDS + CK_PIECES], b[CK_DISC_CARDS + CK_PIECES];
            for (int persons = 0; persons < 2; persons++) {
                int n = unseen_cards(&s, persons, a);
                cr_assert_eq(unseen_cards(&c, persons, b), n);
                cr_assert(sorted_same_cards(a, b, n), "seed %llu step %d: %s cards not laid out in order",
                          (unsigned long long)seed, step, persons ? "person" : "discovery");
            }
            cr_assert_eq(c.nchance, s.nchance);
            cr_assert(sorted_same_cards(s.chance, c.chance, s.nchance), "the chance deck laid out in order");
            moved += memcmp(&c, &s, sizeof s) != 0;
            if (step % 2 == 0) { /* on odd steps the concealed states follow each other: the memo is used */
                ck_redeal(&r, s.to_act, &rd);
                ck_conceal(&r, s.to_act);
                cr_assert(memcmp(&r, &c, sizeof c) == 0, "seed %llu step %d: the concealed copy depends on the deal",
                          (unsigned long long)seed, step);
            }
            random_step(&s, &pick);
        }
    }
    cr_assert_gt(moved, 0, "conceal never moved a card");
    cr_assert_gt(steps, 100);
}

Test(ck_game_set_up, conceal_into_makes_the_concealed_copy_but_the_generator)
{
    /* random playouts, two games one after the other in the same view (the
     * second with fewer figures at first) and random players' re-deals in
     * between: at every step ck_conceal_into gives, all but the generator,
     * the bytes of a copy concealed in place */
    _Alignas(CkState) static unsigned char buf[sizeof(CkState)];
    CkState *view = (CkState *)buf;
    int steps = 0;
    for (uint64_t seed = 5; seed <= 7; seed++) {
        CkState s;
        Rng pick, rd;
        playout_start(&s, seed, seed != 6, &pick, seed * 17, &rd, seed * 401);
        for (int step = 0; step < 3000 && s.phase != CP_OVER; step++, steps++) {
            CkState c = s;
            if (step % 7 == 3) { /* the memo made from another state in between */
                CkState r = s;
                ck_redeal(&r, s.to_act, &rd);
                ck_conceal(&r, s.to_act);
            }
            ck_conceal_into(view, &s, s.to_act);
            ck_conceal(&c, s.to_act);
            size_t r1 = offsetof(CkState, rng) + sizeof(Rng);
            cr_assert(memcmp((unsigned char *)view + r1, (unsigned char *)&c + r1, sizeof c - r1) == 0,
                      "seed %llu step %d: the view differs from the concealed copy", (unsigned long long)seed, step);
            random_step(&s, &pick);
        }
    }
    cr_assert_gt(steps, 100);
}

/* Do two choices agree in every field? */
static bool same_choice(const Action *a, const Action *b)
{
    return a->verb == b->verb && a->piece == b->piece && a->target == b->target && a->arg == b->arg &&
           a->x == b->x && a->y == b->y;
}

Test(ck_game_set_up, computer_players_choose_the_same_with_or_without_memory)
{
    /* the players keep what they found of each figure from one decision
     * to the next (a memo per thread): computer against computer, a game
     * played with that memory is the game played again with the memory
     * emptied (by a decision on another table) before every decision */
    enum { STEPS = 3000 };
    static Action played[STEPS];
    Options o = {0};
    opt_set(&o, "terrain", "random", NULL);
    CkState other;
    cr_assert_eq(ck_setup(&other, &o, 99, NULL), 0);
    ck_begin(&other, NULL);
    for (Action a; other.phase != CP_PARLIAMENT; ck_apply(&other, &a, NULL)) /* a table the players look over */
        cr_assert_eq(ck_heuristic(&other, NULL, &a), 0);
    int steps = 0;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        CkState s;
        Rng r;
        rng_seed(&r, seed);
        cr_assert_eq(ck_setup(&s, &o, seed, NULL), 0);
        ck_begin(&s, NULL);
        int n = 0;
        for (; n < STEPS && s.phase != CP_OVER; n++) {
            cr_assert_eq(ck_heuristic(&s, &r, &played[n]), 0);
            cr_assert_eq(ck_check(&s, &played[n], NULL), 0);
            ck_apply(&s, &played[n], NULL);
        }
        cr_assert_eq(ck_setup(&s, &o, seed, NULL), 0);
        ck_begin(&s, NULL);
        for (int k = 0; k < n; k++, steps++) {
            Action a;
            cr_assert_eq(ck_heuristic(&other, &r, &a), 0);
            cr_assert_eq(ck_heuristic(&s, &r, &a), 0);
            cr_assert(same_choice(&a, &played[k]), "seed %llu step %d: the memory changed the choice",
                      (unsigned long long)seed, k);
            ck_apply(&s, &a, NULL);
        }
    }
    cr_assert_gt(steps, 400);
}
