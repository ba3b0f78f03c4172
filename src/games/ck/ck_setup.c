/* ck_setup.c - To Catch a King set-up [CK Game set up]: the Royalist
 * player places the twelve terrain pieces (or ecw places them at random),
 * then one discovery card and one prominent-person card go face down under
 * each piece, unseen by both players. Parliament's troop stands at its
 * entry point on the south edge [CK Equipment needed]. */
#include "ck.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const known_options[] = {"terrain",           "spread",        "recoil_frees", "exit_scores",
                                            "late_capture",      "pass_enemies",  "share_ground", "ride_round",
                                            "cover_from_inside", "absent_scores", "held_scores",  "defender_takes",
                                            "together",          "blocked_recoil", "shoot_then_charge", "uphill",
                                            "shot_and_change",   "wood_fight",   "wood_cover",   "dragoons_on_foot", NULL};

const char *const ck_square_names[9] = {"south-west", "south",  "south-east", "west", "centre",
                                        "east",       "north-west", "north",    "north-east"};

/* [CK Game set up] the square holding (x, y) of the nine, three by three,
 * that the ground inside the 8" margin is cut into: 0 the south-west, 8
 * the north-east (ck_square_names). */
int ck_spread_square(float x, float y)
{
    const float side = (CK_TABLE - 2 * CK_EDGE_GAP) / 3;
    int col = (int)((x - CK_EDGE_GAP) / side), row = (int)((y - CK_EDGE_GAP) / side);
    col = col < 0 ? 0 : col > 2 ? 2 : col;
    row = row < 0 ? 0 : row > 2 ? 2 : row;
    return row * 3 + col;
}

/* The squares (bit k: square k) where no piece stands yet. */
unsigned ck_empty_squares(const CkState *s)
{
    unsigned empty = 0x1FF;
    for (int i = 0; i < CK_PIECES; i++)
        if (s->pieces[i].placed)
            empty &= ~(1u << ck_spread_square(s->pieces[i].x, s->pieces[i].y));
    return empty;
}

/* The names of the squares set in `squares`, comma-separated, into buf. */
static const char *square_list(unsigned squares, char *buf, size_t size)
{
    buf[0] = '\0';
    for (int k = 0, len = 0; k < 9; k++)
        if (squares >> k & 1)
            len += snprintf(buf + len, size - (size_t)len, "%s%s", len ? ", " : "", ck_square_names[k]);
    return buf;
}

/* The largest radius of any piece: what the middle of a square keeps room for. */
static float largest_piece(void)
{
    float r = 0;
    for (int k = 0; k < T_KIND_COUNT; k++)
        r = fmaxf(r, ck_terrain[k].r);
    return r;
}

/* [CK Game set up] the terrain spread as widely as the table allows,
 * read by ecw as: every one of the nine squares gets a piece. A piece may
 * not go where the squares left empty would outnumber the pieces still to
 * place, nor crowd the middle of a square still empty, so that the squares
 * left can always be filled. The option spread=free leaves the Royalist
 * player the margin and the gaps alone (a referee copying a table laid out
 * by hand). */
static int check_spread(const CkState *s, float x, float y, float r, Diag *d)
{
    if (s->spread_free)
        return 0;
    int left = -1; /* the pieces to place after this one */
    for (int i = 0; i < CK_PIECES; i++)
        left += !s->pieces[i].placed;
    unsigned empty = ck_empty_squares(s) & ~(1u << ck_spread_square(x, y));
    char names[96];
    if (__builtin_popcount(empty) > left)
        return diag_set(d,
                        "spread the terrain: every square of the table (three by three inside the 8\" margin) needs "
                        "a piece, and here %d would stay empty (%s) with %d piece%s left",
                        __builtin_popcount(empty), square_list(empty, names, sizeof names), left,
                        left == 1 ? "" : "s");
    const float side = (CK_TABLE - 2 * CK_EDGE_GAP) / 3, room = r + largest_piece() + 0.5f;
    for (int k = 0; k < 9; k++) {
        float mx = CK_EDGE_GAP + side * ((float)(k % 3) + 0.5f), my = CK_EDGE_GAP + side * ((float)(k / 3) + 0.5f);
        if (empty >> k & 1 && ck_dist(x, y, mx, my) < room)
            return diag_set(d, "spread the terrain: leave room for a piece in the middle of the empty %s square (%.1f, %.1f)",
                            ck_square_names[k], mx, my);
    }
    return 0;
}

/* [CK Game set up] the refusal of piece `piece`, which is no piece or is
 * down already: where it lies, and which piece is next (a play-tester's
 * "place 3" after 3 was down was told only that 3 was not waiting). */
static int not_waiting(const CkState *s, int piece, Diag *d)
{
    if (!d)
        return -1; /* (random terrain tries many points, asking no reason) */
    if (piece < 0 || piece >= CK_PIECES)
        return diag_set(d, "there is no terrain piece %d: they are numbered 1 to %d", piece + 1, CK_PIECES);
    const CkPiece *p = &s->pieces[piece];
    int next = ck_next_piece(s);
    char then[64] = "every piece is down";
    if (next < CK_PIECES)
        snprintf(then, sizeof then, "the next to place is piece %d (%s)", next + 1,
                 ck_terrain[ck_piece_kinds[next]].name);
    return diag_set(d, "piece %d (%s) is already placed, at (%.1f, %.1f); %s", piece + 1, ck_terrain[p->kind].name,
                    (double)p->x, (double)p->y, then);
}

/* [CK Game set up] no piece nearer than 8" to an edge; ecw keeps 0.5" of open
 * ground between pieces so that they are spread and passable, and every
 * square of the table gets a piece (check_spread). */
int ck_check_place(const CkState *s, int piece, float x, float y, Diag *d)
{
    if (piece < 0 || piece >= CK_PIECES || s->pieces[piece].placed)
        return not_waiting(s, piece, d);
    float r = ck_terrain[ck_piece_kinds[piece]].r;
    if (x - r < CK_EDGE_GAP || y - r < CK_EDGE_GAP || x + r > CK_TABLE - CK_EDGE_GAP ||
        y + r > CK_TABLE - CK_EDGE_GAP) /* (as measured since the start: the same answer to the last bit) */
        return diag_set(d, "a %s's centre must be at least %g\" from every edge (its %g\" radius and the %g\" "
                           "gap): x and y from %g to %g", ck_terrain[ck_piece_kinds[piece]].name, r + CK_EDGE_GAP, r,
                        CK_EDGE_GAP, r + CK_EDGE_GAP, CK_TABLE - r - CK_EDGE_GAP);
    for (int i = 0; i < CK_PIECES; i++) {
        const CkPiece *p = &s->pieces[i];
        if (p->placed && ck_dist(x, y, p->x, p->y) < p->r + r + 0.5f)
            return diag_set(d, "too close to the %s at (%.1f, %.1f): keep 0.5\" between pieces",
                            ck_terrain[p->kind].name, p->x, p->y);
    }
    return check_spread(s, x, y, r, d);
}

static void place(CkState *s, int piece, float x, float y)
{
    CkPiece *p = &s->pieces[piece];
    p->x = x;
    p->y = y;
    p->kind = ck_piece_kinds[piece];
    p->r = ck_terrain[p->kind].r;
    p->placed = 1;
    p->disc = p->prom = CK_NONE;
}

/* ecw's --terrain random: uniform points, rejected until they fit. */
void ck_place_terrain_random(CkState *s)
{
    for (int i = 0; i < CK_PIECES; i++) {
        if (s->pieces[i].placed)
            continue;
        for (int tries = 0; tries < 10000; tries++) {
            float x = 12 + (float)rng_below(&s->rng, 2401) / 100.0f; /* 12..36 */
            float y = 12 + (float)rng_below(&s->rng, 2401) / 100.0f;
            if (ck_check_place(s, i, x, y, NULL) == 0) {
                place(s, i, x, y);
                break;
            }
        }
        for (float y = 8; !s->pieces[i].placed && y <= 40; y += 0.5f) /* a free spot by scan */
            for (float x = 8; !s->pieces[i].placed && x <= 40; x += 0.5f)
                if (ck_check_place(s, i, x, y, NULL) == 0)
                    place(s, i, x, y);
    }
}

/* [CK Game set up] shuffle both decks and put one card of each under every
 * piece; the cards left over stay face down and unused. */
void ck_deal_cards(CkState *s)
{
    ck_deck_discovery(s->disc);
    ck_deck_prominent(s->prom);
    rng_shuffle_u8(&s->rng, s->disc, CK_DISC_CARDS);
    rng_shuffle_u8(&s->rng, s->prom, CK_PROM_CARDS);
    s->ndisc = CK_DISC_CARDS;
    s->nprom = CK_PROM_CARDS;
    for (int i = 0; i < CK_PIECES; i++) {
        s->pieces[i].disc = s->disc[--s->ndisc];
        s->pieces[i].prom = s->prom[--s->nprom];
    }
}

/* [CK Playing the Game] The k-th place round (x, y) for figures found or arriving: the point
 * itself, then a ring of eight 1.9" out (inside every piece: the smallest
 * has a 2.5" radius), then sixteen 3.6" out; kept on the table. */
static void place_round(float x, float y, int k, float *fx, float *fy)
{
    int ring = k == 0 ? 0 : k <= 8 ? 1 : 2, slots = ring == 1 ? 8 : 16;
    float ang = 6.2831853f * (float)(k - (ring == 2 ? 9 : 1)) / (float)slots;
    float rad = ring == 0 ? 0 : ring == 1 ? 1.9f : 3.6f;
    *fx = fminf(fmaxf(x + rad * cosf(ang), 0.5f), CK_TABLE - 0.5f);
    *fy = fminf(fmaxf(y + rad * sinf(ang), 0.5f), CK_TABLE - 0.5f);
}

/* [CK Playing the Game] [CK Movement and Ranges] where figure i, found on
 * piece p, stands when the place it was given (x, y) is on another's base
 * (the searcher's, say: ecw, bases never overlap): the first of the
 * piece's places round its centre (place_round), then of finer rings
 * (0.45" apart, every 20 degrees), on the piece where his base stands on
 * nobody's; else (a piece full of men) the first clear place just outside
 * its edge; else the place given. */
static void room_on_piece(CkState *s, int i, int p, float *x, float *y)
{
    float r = ck_fig_radius(&s->figs[i]);
    if (ck_base_under(s, i, -1, r, *x, *y) < 0)
        return;
    const CkPiece *pc = &s->pieces[p];
    for (int k = 0; k < 25 + 7 * 18; k++) { /* the places round the centre, then a finer ring every 0.45" */
        float fx, fy;
        if (k < 25)
            place_round(pc->x, pc->y, k, &fx, &fy);
        else {
            float rad = 0.45f * (float)((k - 25) / 18), ang = 0.3490659f * (float)((k - 25) % 18);
            fx = pc->x + rad * cosf(ang), fy = pc->y + rad * sinf(ang);
        }
        if (ck_piece_at(s, fx, fy) == p && ck_base_under(s, i, -1, r, fx, fy) < 0) {
            *x = fx, *y = fy;
            return;
        }
    }
    for (int k = 0; k < 2 * 24; k++) { /* a piece full of men: just outside its edge, as on a table */
        float rad = pc->r + 0.8f * (float)(k / 24 + 1), ang = 0.2617994f * (float)(k % 24);
        float fx = pc->x + rad * cosf(ang), fy = pc->y + rad * sinf(ang);
        if (ck_on_table(fx, fy) && ck_base_under(s, i, -1, r, fx, fy) < 0) {
            *x = fx, *y = fy;
            return;
        }
    }
}

/* [CK Playing the Game] figures found or arriving stand around the point
 * (place_round); those found on a piece clear of others' bases there
 * (room_on_piece). */
void ck_add_figs(CkState *s, int type, int count, float x, float y, int piece)
{
    for (int k = 0; k < count && s->nfigs < CK_MAX_FIGS; k++) {
        int i = s->nfigs++;
        CkFig *f = &s->figs[i];
        memset(f, 0, sizeof *f);
        f->type = (uint8_t)type;
        f->side = ck_figs[type].side;
        f->mounted = ck_figs[type].mounted;
        f->guard = CK_NONE;
        f->shot_at = CK_NONE;
        f->piece = (uint8_t)(piece < 0 ? CK_NONE : piece);
        place_round(x, y, k, &f->x, &f->y);
        if (piece >= 0)
            room_on_piece(s, i, piece, &f->x, &f->y);
    }
}

/* [CK Equipment needed] Parliament's detachment: 5 dragoons, 5 cavalry and
 * You, in a line along
 * the south edge at the entry point. */
static void muster_parliament(CkState *s)
{
    static const uint8_t types[11] = {F_YOU, F_DRAGOON, F_DRAGOON, F_DRAGOON, F_DRAGOON, F_DRAGOON,
                                      F_CAVALRY, F_CAVALRY, F_CAVALRY, F_CAVALRY, F_CAVALRY};
    for (int i = 0; i < 11; i++) {
        ck_add_figs(s, types[i], 1, s->entry_x + (float)(i - 5) * 2.0f, 0.8f, -1);
    }
}

int ck_setup(void *st, const Options *opt, uint64_t seed, Diag *d)
{
    CkState *s = st;
    memset(s, 0, sizeof *s);
    if (opt_check(opt, known_options, d) < 0)
        return -1;
    if (opt_two_way(opt, "terrain", "placed", "random", &s->terrain_random, d) < 0 ||
        opt_two_way(opt, "spread", "squares", "free", &s->spread_free, d) < 0 ||
        opt_two_way(opt, "recoil_frees", "no", "yes", &s->recoil_frees, d) < 0 ||
        opt_two_way(opt, "exit_scores", "no", "yes", &s->exit_scores, d) < 0 ||
        opt_two_way(opt, "late_capture", "yes", "no", &s->no_late_capture, d) < 0 ||
        opt_two_way(opt, "pass_enemies", "no", "yes", &s->pass_enemies, d) < 0 ||
        opt_two_way(opt, "share_ground", "no", "yes", &s->share_ground, d) < 0 ||
        opt_two_way(opt, "ride_round", "yes", "no", &s->no_ride_round, d) < 0 ||
        opt_two_way(opt, "cover_from_inside", "no", "yes", &s->cover_inside, d) < 0 ||
        opt_two_way(opt, "together", "no", "yes", &s->together, d) < 0 ||
        opt_two_way(opt, "blocked_recoil", "stops", "dies", &s->blocked_dies, d) < 0 ||
        opt_two_way(opt, "shoot_then_charge", "no", "yes", &s->shoot_charge, d) < 0 ||
        opt_two_way(opt, "uphill", "contact", "set_off", &s->uphill_set_off, d) < 0 ||
        opt_two_way(opt, "shot_and_change", "half", "whole", &s->change_whole, d) < 0 ||
        opt_two_way(opt, "wood_fight", "own", "shared", &s->wood_shared, d) < 0 ||
        opt_two_way(opt, "wood_cover", "within", "edge", &s->wood_edge, d) < 0 ||
        opt_two_way(opt, "dragoons_on_foot", "6", "8", &s->foot_dragoons_full, d) < 0 ||
        opt_two_way(opt, "absent_scores", "no", "yes", &s->absent_scores, d) < 0 ||
        opt_two_way(opt, "held_scores", "yes", "no", &s->only_led_off, d) < 0 ||
        opt_one_of(opt, "defender_takes", (const char *const[]){"ask", "yes", "no", NULL}, &s->defender_takes, d) < 0)
        return -1;
    rng_seed(&s->rng, seed);
    s->entry_x = CK_TABLE / 2;
    s->winner = CK_NONE;
    for (int i = 0; i < CK_PIECES; i++) {
        s->pieces[i].kind = ck_piece_kinds[i];
        s->pieces[i].r = ck_terrain[ck_piece_kinds[i]].r;
        s->pieces[i].disc = s->pieces[i].prom = CK_NONE;
    }
    muster_parliament(s);
    ck_deck_chance(s->chance);
    s->nchance = CK_CHANCE_CARDS;
    rng_shuffle_u8(&s->rng, s->chance, CK_CHANCE_CARDS);
    s->phase = CP_TERRAIN;
    s->to_act = CK_ROY;
    if (s->terrain_random)
        ck_place_terrain_random(s); /* the cards and turn 1 follow in ck_begin */
    return 0;
}

/* [CK Game set up] where piece i was laid, for the log (the referee's
 * record of the table): its number, kind, centre and radius. */
void ck_log_terrain(const CkState *s, int i, GameIO *io)
{
    EventLog *log = io ? io->log : NULL;
    const CkPiece *p = &s->pieces[i];
    if (!evlog_begin(log, "terrain", VIS_PUBLIC))
        return;
    evlog_int(log, "piece", i + 1);
    evlog_str(log, "kind", ck_terrain[p->kind].name);
    jw_knum(evlog_jw(log), "x", p->x);
    jw_knum(evlog_jw(log), "y", p->y);
    jw_knum(evlog_jw(log), "r", p->r);
    evlog_end(log, "The %s (piece %d) is laid at (%.1f, %.1f), %g\" across", ck_terrain[p->kind].name, i + 1,
              (double)p->x, (double)p->y, 2 * (double)p->r);
}

/* [CK Game set up] on random terrain the game opens at once: the cards
 * are dealt under the pieces and turn 1 starts with its chance card, whose
 * dice and events go through io (typed in with --dice manual). */
void ck_begin(void *st, GameIO *io)
{
    CkState *s = st;
    if (s->phase != CP_TERRAIN || !s->terrain_random)
        return;
    for (int i = 0; i < CK_PIECES; i++)
        ck_log_terrain(s, i, io);
    ck_deal_cards(s);
    ck_end_phase(s, io);
}
