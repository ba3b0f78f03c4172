/* ck_flow.c - To Catch a King: the turn [CK Playing the Game] (a chance
 * card, Parliament's move, then the Royalists' if any have been found),
 * the chance cards [CK Chance Cards], arrivals of bands and reinforcements,
 * the three ways the game ends [CK Aim of the game], and the contract. */
#include "ck.h"
#include <math.h>
#include <string.h>

const char *const ck_verb_words[CKV_COUNT] = {
#define X(e, w, h) w,
    CK_VERBS(X)
#undef X
};
const char *const ck_verb_help[CKV_COUNT] = {
#define X(e, w, h) h,
    CK_VERBS(X)
#undef X
};

static const char *const side_names[CK_SIDES] = {"royalist", "parliament"};

static bool royalists_on_table(const CkState *s)
{
    for (int i = 0; i < s->nfigs; i++)
        if (s->figs[i].side == CK_ROY && s->figs[i].status == FS_ACTIVE)
            return true;
    return false;
}

void ck_reset_flags(CkState *s, int side)
{
    for (int i = 0; i < s->nfigs; i++) {
        CkFig *f = &s->figs[i];
        if (f->side == side || f->status == FS_PRISONER) { /* (a prisoner's: he may be handed over again) */
            f->moved = f->shot = f->half = f->changed_mount = f->half_moved = f->aimed = 0;
            f->shot_at = CK_NONE;
        }
        f->beaten = 0;
    }
}

/* ---------------- the end ---------------- */

/* [CK Aim of the game] the two cards under piece i, never searched, turned
 * over at the end for all to see, blank ones too (a referee turning every
 * card at the table wanted each named). */
static void log_unturned(const CkState *s, int i, GameIO *io)
{
    EventLog *log = io ? io->log : NULL;
    const CkPiece *p = &s->pieces[i];
    if (!evlog_begin(log, "unturned", VIS_PUBLIC))
        return;
    int prom = p->prom_seen ? PROM_BLANK : p->prom; /* one the drover showed is on the table already */
    const char *person = prom == PROM_CHARLES ? "charles" : prom == PROM_WILMOT ? "wilmot" : "none";
    evlog_str(log, "terrain", ck_terrain[p->kind].name);
    evlog_int(log, "piece", i + 1);
    evlog_str(log, "discovery", ck_disc_names[p->disc]);
    evlog_str(log, "person", person);
    evlog_end(log, "Never searched, the %s (piece %d): %s", ck_terrain[p->kind].name, i + 1,
              ck_cards_said(p->disc == DISC_BLANK ? "a blank discovery card" : ck_disc_names[p->disc],
                            p->prom_seen ? -1 : p->prom).s);
}

/* Turn over what was never found [CK Aim of the game]: the numbers on the
 * unturned discovery cards are rolled now, publicly (ecw). */
static void count_hidden(CkState *s, GameIO *io)
{
    for (int i = 0; i < CK_PIECES; i++) {
        const CkPiece *p = &s->pieces[i];
        if (!p->placed || p->searched || p->disc == CK_NONE)
            continue;
        log_unturned(s, i, io);
        if (p->disc == DISC_BLANK)
            continue;
        int n = game_roll(&s->rng, io, 6, VIS_PUBLIC, "undiscovered %s at the %s (piece %d)", ck_disc_names[p->disc],
                          ck_terrain[p->kind].name, i + 1);
        if (p->disc == DISC_CLUBMEN)
            s->hidden_club = (uint8_t)(s->hidden_club + n);
        else
            s->hidden_roy = (uint8_t)(s->hidden_roy + n);
    }
}

/* [CK Aim of the game] one side's points line by line, after the end:
 * {"type":"points","side":..,"total":..,"lines":[{"event":"searched",
 * "figure":"piece","count":8,"points":8},...]}, and in words. */
static void log_points(const CkState *s, const CkTally *t, int side, EventLog *log)
{
    static const char *const events[PT_EVENT_COUNT] = {"searched", "killed", "captured", "undiscovered",
                                                       "at_liberty"};
    if (!evlog_begin(log, "points", VIS_PUBLIC))
        return;
    Jw *w = evlog_jw(log);
    evlog_str(log, "side", side_names[side]);
    evlog_int(log, "total", s->points[side]);
    jw_key(w, "lines");
    jw_arr(w);
    for (int e = 0; e < PT_EVENT_COUNT; e++)
        for (int c = 0; c <= F_TYPE_COUNT; c++) {
            int n = t->n[side][e][c];
            if (!n)
                continue;
            bool royalists = e == PT_UNDISCOVERED && c == F_SHOT; /* shot and horse: one line of the table */
            jw_obj(w);
            jw_kstr(w, "event", events[e]);
            jw_kstr(w, "figure", c == PT_PIECE ? "piece" : royalists ? "royalist" : ck_figs[c].name);
            jw_kint(w, "count", n);
            jw_kint(w, "points", ck_tally_points(t, side, e, c));
            jw_obj_end(w);
        }
    jw_arr_end(w);
    char words[512];
    ck_points_words(t, side, words, sizeof words);
    evlog_end(log, "%s %d points: %s", side == CK_PAR ? "Parliament" : "Royalists", s->points[side],
              words[0] ? words : "none");
}

/* [CK Aim of the game] where a prominent person never found was, told
 * once the game is over (every card is turned then): the unsearched piece
 * his card lay under, or -1 when it was never dealt (he was not in the
 * area); -2 when he was found (he stands on the table, or did). */
static int hiding_place(const CkState *s, int type, int prom)
{
    for (int i = 0; i < s->nfigs; i++)
        if (s->figs[i].type == type)
            return -2;
    for (int i = 0; i < CK_PIECES; i++)
        if (s->pieces[i].placed && s->pieces[i].prom == prom)
            return i;
    return -1;
}

/* ... as a field of the end event ("charles_piece": 3, or null: not in the
 * area) and in its words ("; Charles lay hidden in the wood (piece 3)"). */
static size_t say_hiding(const CkState *s, EventLog *log, int type, int prom, char *out, size_t len, size_t n)
{
    const char *who = type == F_CHARLES ? "Charles" : "Wilmot";
    int p = hiding_place(s, type, prom);
    if (p == -2 || len >= n)
        return len;
    if (p >= 0) {
        evlog_int(log, type == F_CHARLES ? "charles_piece" : "wilmot_piece", p + 1);
        return len + (size_t)snprintf(out + len, n - len, "; %s lay hidden in the %s (piece %d)", who,
                                      ck_terrain[s->pieces[p].kind].name, p + 1);
    }
    evlog_null(log, type == F_CHARLES ? "charles_piece" : "wilmot_piece");
    return len + (size_t)snprintf(out + len, n - len, "; %s was never in the area", who);
}

/* [CK Aim of the game] the end: both sides total their points and the
 * higher wins, equal points a draw. */
static void finish(CkState *s, int reason, GameIO *io)
{
    static const char *const why[] = {"", "all searched and taken", "Parliament destroyed", "twelve turns"};
    count_hidden(s, io);
    int pts[CK_SIDES];
    ck_score_points(s, pts);
    s->points[0] = (int16_t)pts[0];
    s->points[1] = (int16_t)pts[1];
    s->winner = (uint8_t)(pts[0] > pts[1] ? CK_ROY : pts[1] > pts[0] ? CK_PAR : 2);
    s->end_reason = (uint8_t)reason;
    s->phase = CP_OVER;
    EventLog *log = io ? io->log : NULL;
    if (evlog_begin(log, "end", VIS_PUBLIC)) {
        evlog_str(log, "winner", s->winner == 2 ? "draw" : side_names[s->winner]);
        evlog_str(log, "reason", why[reason]);
        evlog_int(log, "royalist_points", pts[0]);
        evlog_int(log, "parliament_points", pts[1]);
        char hidden[160] = "";
        size_t len = say_hiding(s, log, F_CHARLES, PROM_CHARLES, hidden, 0, sizeof hidden);
        say_hiding(s, log, F_WILMOT, PROM_WILMOT, hidden, len, sizeof hidden);
        evlog_end(log, "The game ends (%s): Royalists %d, Parliament %d points%s", why[reason], pts[0], pts[1],
                  hidden);
    }
    if (log) {
        CkTally t;
        ck_score_tally(s, &t);
        log_points(s, &t, CK_PAR, log);
        log_points(s, &t, CK_ROY, log);
    }
}

/* Has Parliament a figure not killed (free, or off the table)? */
static bool parliament_alive(const CkState *s)
{
    for (int i = 0; i < s->nfigs; i++)
        if (s->figs[i].side == CK_PAR && s->figs[i].status != FS_DEAD)
            return true;
    return false;
}

/* Is Charles killed or taken? */
static bool charles_taken(const CkState *s)
{
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *f = &s->figs[i];
        if (f->type == F_CHARLES && (f->status == FS_DEAD || f->status == FS_PRISONER || f->status == FS_ESCORTED))
            return true;
    }
    return false;
}

/* [CK Aim of the game] all pieces searched and no Royalist left free on the
 * table; or every Parliament figure killed while Charles is still free. */
void ck_check_end(CkState *s, GameIO *io)
{
    if (s->phase == CP_OVER || s->phase == CP_TERRAIN || s->phase == CP_DEFEND)
        return;
    bool all_searched = true;
    for (int i = 0; i < CK_PIECES; i++)
        all_searched &= s->pieces[i].searched;
    if (all_searched && !royalists_on_table(s))
        finish(s, 1, io);
    else if (!parliament_alive(s) && !charles_taken(s))
        finish(s, 2, io);
}

/* ---------------- chance cards ---------------- */

/* [CK Chance Cards] the card drawn, as the log says it (ck_chance_words);
 * the rain card drawn in the rain says the rain goes on (a referee read
 * "rain sets in" three turns running). */
static void log_chance(GameIO *io, int card, bool raining)
{
    EventLog *log = io ? io->log : NULL;
    if (evlog_begin(log, "chance", VIS_PUBLIC)) {
        evlog_str(log, "card", ck_chance_names[card]);
        evlog_end(log, "Chance card: %s", ck_chance_said(card, card == CH_RAIN && raining));
    }
}

static const char *const edge_names[] = {"west", "east", "north", "south"};

/* [CK Chance Cards] what the dice of a band or of reinforcements decided,
 * said before anyone is placed: {"type":"arrivals","side":..,"figures":..,
 * "count":..,"edge":..}, "Reinforcements: 2 cavalry troopers, to come on at
 * the south edge where Parliament chooses". */
void ck_arrivals_said(const CkState *s, char *buf, size_t n)
{
    snprintf(buf, n, "%s: %d %s, to come on at the %s edge where %s chooses",
             s->arrive_side == CK_ROY ? "A Royalist band" : "Reinforcements", s->arrive_count,
             ck_fig_noun(s->arrive_type, s->arrive_count), edge_names[s->arrive_edge],
             s->arrive_side == CK_ROY ? "the Royalist player" : "Parliament");
}

static void log_arrivals(const CkState *s, GameIO *io)
{
    EventLog *log = io ? io->log : NULL;
    if (!evlog_begin(log, "arrivals", VIS_PUBLIC))
        return;
    evlog_str(log, "side", side_names[s->arrive_side]);
    evlog_str(log, "figures", ck_figs[s->arrive_type].name);
    evlog_int(log, "count", s->arrive_count);
    evlog_str(log, "edge", edge_names[s->arrive_edge]);
    char said[160];
    ck_arrivals_said(s, said, sizeof said);
    evlog_end(log, "%s", said);
}

/* [CK Chance Cards] a band: 1d6 for its type (1-2 shot, 3-4 horse, 5-6
 * clubmen), 1d6 for its number, 1d6 for its edge (1-2 west, 3-4 east,
 * 5-6 north); the Royalist player then chooses the point (ecw dice). */
static void band(CkState *s, GameIO *io)
{
    static const uint8_t types[3] = {F_SHOT, F_HORSE, F_CLUBMAN};
    s->arrive_type = types[(game_roll(&s->rng, io, 6, CK_ROY, "band type: 1-2 shot, 3-4 horse, 5-6 clubmen") - 1) / 2];
    s->arrive_count = (uint8_t)game_roll(&s->rng, io, 6, CK_ROY, "band size");
    s->arrive_edge = (uint8_t)((game_roll(&s->rng, io, 6, CK_ROY, "band edge: 1-2 west, 3-4 east, 5-6 north") - 1) / 2); /* 0 W 1 E 2 N */
    s->arrive_side = CK_ROY;
    s->phase = CP_ARRIVE;
    s->to_act = CK_ROY;
    log_arrivals(s, io);
}

/* [CK Chance Cards] reinforcements: 1d6 for type (1-3 dragoons, 4-6
 * cavalry) and 1d6 for number (1-3: one, 4-5: two, 6: three), on the south
 * edge where Parliament chooses (ecw dice). */
static void reinforce(CkState *s, GameIO *io)
{
    s->arrive_type = game_roll(&s->rng, io, 6, CK_PAR, "reinforcement type: 1-3 dragoons, 4-6 cavalry") <= 3 ? F_DRAGOON : F_CAVALRY;
    int n = game_roll(&s->rng, io, 6, CK_PAR, "reinforcement number: 1-3 one, 4-5 two, 6 three");
    s->arrive_count = (uint8_t)(n <= 3 ? 1 : n <= 5 ? 2 : 3);
    s->arrive_edge = 3; /* south */
    s->arrive_side = CK_PAR;
    s->phase = CP_ARRIVE;
    s->to_act = CK_PAR;
    log_arrivals(s, io);
}

/* [CK Chance Cards] the drover points at a random unsearched piece: a d12
 * names it by its number, rolled again for one searched or shown before,
 * so that a referee rolls it at the table (it was ecw's own draw, even
 * with the dice typed in); its prominent-person card is shown and anyone
 * found is placed there. */
static void drover(CkState *s, GameIO *io)
{
    int n = 0;
    for (int i = 0; i < CK_PIECES; i++)
        n += !s->pieces[i].searched && !s->pieces[i].prom_seen;
    if (n == 0) { /* nothing left to point at: the rulebook has him flogged, and the players are told so */
        EventLog *log = io ? io->log : NULL;
        if (evlog_begin(log, "drover", VIS_PUBLIC)) {
            evlog_int(log, "flogged", 1);
            evlog_str(log, "person", "none");
            evlog_end(log, "The drover has no piece left to point at (every one is searched or shown already): "
                           "he is flogged and sent on his way");
        }
        return;
    }
    int i = game_roll(&s->rng, io, CK_PIECES, CK_PAR,
                      "the drover's piece, by its number; one searched or shown before is rolled again") - 1;
    while (s->pieces[i].searched || s->pieces[i].prom_seen) /* each roll again says why (a referee's was asked
                                                             * again without a word), of the roll before
                                                             * (an auditor read it of the new one) */
        i = game_roll(&s->rng, io, CK_PIECES, CK_PAR, "the drover's piece, rolled again since piece %d is %s", i + 1,
                      s->pieces[i].searched ? "searched already" : "shown by a drover already") - 1;
    CkPiece *p = &s->pieces[i];
    p->prom_seen = 1;
    ck_place_person(s, i);
    EventLog *log = io ? io->log : NULL;
    if (evlog_begin(log, "drover", VIS_PUBLIC)) {
        evlog_str(log, "terrain", ck_terrain[p->kind].name);
        evlog_int(log, "piece", i + 1);
        evlog_str(log, "person", p->prom == PROM_CHARLES ? "charles" : p->prom == PROM_WILMOT ? "wilmot" : "none");
        evlog_end(log, "The drover points at the %s (piece %d): %s", ck_terrain[p->kind].name, i + 1,
                  p->prom == PROM_CHARLES ? "Charles Stuart is there!" : p->prom == PROM_WILMOT
                  ? "Lord Wilmot is there!" : "neither Charles nor Wilmot is there: the drover's tale was worthless");
    }
}

/* [CK Aim of the game] Parliament's turn opens with none of its figures
 * left on the table (killed, or led off with their prisoners), yet the
 * game goes on: the rulebook ends it for Parliament's losses only when all
 * are killed before Charles is killed or taken. A public line says so,
 * each such turn, or the players see its 'end' turn after turn with no
 * word why (a play-tester's). Nothing in the state changes. */
static void say_none_on_table(const CkState *s, GameIO *io)
{
    EventLog *log = io ? io->log : NULL;
    if (!log || s->phase != CP_PARLIAMENT)
        return;
    int killed = 0, led_off = 0;
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *f = &s->figs[i];
        if (f->side == CK_PAR && f->status == FS_ACTIVE)
            return;
        killed += f->side == CK_PAR && f->status == FS_DEAD;
        led_off += f->side == CK_PAR && f->status == FS_EXITED;
    }
    if (!evlog_begin(log, "no_troops", VIS_PUBLIC))
        return;
    evlog_str(log, "side", side_names[CK_PAR]);
    evlog_int(log, "killed", killed);
    evlog_int(log, "led_off", led_off);
    char gone[64] = "";
    int len = led_off ? snprintf(gone, sizeof gone, "%d led off with prisoners", led_off) : 0;
    if (killed)
        snprintf(gone + len, sizeof gone - (size_t)len, "%s%d killed", len ? ", " : "", killed);
    evlog_end(log, "Parliament has no figure left on the table (%s): its turns pass until the game ends (the "
                   "rulebook ends it for Parliament's losses only when all its troops are killed before Charles is "
                   "killed or taken)", gone);
}

static void start_parliament(CkState *s)
{
    s->phase = CP_PARLIAMENT;
    s->to_act = CK_PAR;
    ck_reset_flags(s, CK_PAR);
}

/* [CK Chance Cards] Parliament draws the top card and carries it out. */
static void draw_chance(CkState *s, GameIO *io)
{
    int card = s->chance[--s->nchance];
    s->last_chance = (uint8_t)card;
    s->rain_went_on = card == CH_RAIN && s->raining;
    log_chance(io, card, s->raining);
    switch (card) {
    case CH_RAIN: s->raining = 1; break;
    case CH_CLEAR: s->raining = 0; break;
    case CH_BAND: band(s, io); break;
    case CH_REINFORCE: reinforce(s, io); break;
    case CH_DROVER: drover(s, io); break;
    default: break;
    }
}

/* [CK Playing the Game] a turn opens: Parliament draws a chance card and
 * carries it out [CK Chance Cards] (rain, clearing, a band, reinforcements,
 * the drover), then moves. */
static void start_turn(CkState *s, GameIO *io)
{
    s->turn++;
    if (io && io->log)
        io->log->turn = s->turn;
    start_parliament(s);
    if (s->nchance > 0) /* (30 cards, 12 turns: cannot run out but in a test's hand-made position) */
        draw_chance(s, io);
    say_none_on_table(s, io); /* (after a band or reinforcements, once they are on: apply_arrive) */
}

/* [CK Playing the Game] the end of a player's turn: the Royalists move if
 * any are on the table, else Parliament again; after twelve turns the game
 * ends [CK Aim of the game]. */
void ck_end_phase(CkState *s, GameIO *io)
{
    if (s->phase == CP_TERRAIN) {
        start_turn(s, io);
        return;
    }
    if (s->phase == CP_PARLIAMENT && royalists_on_table(s)) {
        s->phase = CP_ROYALIST;
        s->to_act = CK_ROY;
        ck_reset_flags(s, CK_ROY);
        return;
    }
    if (s->turn >= CK_TURNS)
        finish(s, 3, io);
    else
        start_turn(s, io);
}

/* ---------------- arrivals ---------------- */

/* [CK Chance Cards] Is (x, y) on the table within 1" of edge `edge` (0
 * west, 1 east, 2 north, 3 south)? A corner lies on both its edges. The
 * arrivals stand 0.8" in (ck_arrival_spot), and a player who types where
 * they will stand is on the edge too (a play-tester's `arrive 24 0.8` was
 * refused when the edge was 0.5" deep). */
static bool on_edge(float x, float y, int edge)
{
    if (!ck_on_table(x, y))
        return false;
    switch (edge) {
    case 0: return x <= 1.0f;
    case 1: return x >= CK_TABLE - 1.0f;
    case 2: return y >= CK_TABLE - 1.0f;
    default: return y <= 1.0f;
    }
}

/* [CK Chance Cards] arrivals stand in a row along their edge, their bases
 * on the table (0.8" in) and 1.6" apart, so that none stands on another
 * (ecw): the first at the point, the others either side of him in turn,
 * the row slid along the edge where it would run off the table. */
void ck_arrival_spot(int edge, float x, float y, int k, int count, float *fx, float *fy)
{
    const float in = 0.8f, gap = 1.6f;
    int before = (count - 1) / 2, after = count / 2; /* gaps the row reaches either side of the first */
    float along = edge <= 1 ? y : x, lo = in + (float)before * gap, hi = CK_TABLE - in - (float)after * gap;
    along = along < lo ? lo : along > hi ? hi : along;
    along += (float)((k + 1) / 2) * (k % 2 ? gap : -gap);
    float across = edge == 0 || edge == 3 ? in : CK_TABLE - in;
    *fx = edge <= 1 ? across : along;
    *fy = edge <= 1 ? along : across;
}

bool ck_arrive_point(const CkState *s, float step, int i, Action *a)
{
    float t = step * (float)(i + 1);
    if (t > CK_TABLE - step)
        return false;
    *a = (Action){.verb = CKV_ARRIVE, .x = s->arrive_edge == 0 ? 0.2f : s->arrive_edge == 1 ? 47.8f : t,
                  .y = s->arrive_edge == 2 ? 47.8f : s->arrive_edge == 3 ? 0.2f : t};
    return true;
}

static int check_arrive(const CkState *s, const Action *a, Diag *d);

bool ck_arrivals_fit(const CkState *s)
{
    Action a;
    for (int i = 0; ck_arrive_point(s, 0.5f, i, &a); i++)
        if (check_arrive(s, &a, NULL) == 0)
            return true;
    return false;
}

/* [CK Chance Cards] a band comes on where the Royalist player chooses on
 * its rolled edge, reinforcements on Parliament's edge, with room for
 * every base of the row (ck_arrival_spot, ck_base_under); where figures
 * leave no room for the row anywhere on the edge, they do not come
 * (`end`, ecw: men waiting along an edge left a band no room, and a
 * simulated game stopped with no legal action). */
static int check_arrive(const CkState *s, const Action *a, Diag *d)
{
    if (a->verb == CKV_END && !ck_arrivals_fit(s))
        return 0;
    if (a->verb != CKV_ARRIVE)
        return diag_set(d, "first bring on the arrivals: arrive X Y on the %s edge%s", edge_names[s->arrive_edge],
                        a->verb == CKV_END ? " (end would leave them off the table, which only an edge too "
                                             "crowded for them allows: there is room for their row)"
                                           : "");
    if (!on_edge(a->x, a->y, s->arrive_edge))
        return diag_set(d, "the point must be on the table, within 1\" of the %s edge (they stand 0.8\" in)",
                        edge_names[s->arrive_edge]);
    float r = ck_figs[s->arrive_type].mounted ? 0.75f : 0.5f;
    for (int k = 0; k < s->arrive_count; k++) {
        float x, y;
        ck_arrival_spot(s->arrive_edge, a->x, a->y, k, s->arrive_count, &x, &y);
        int under = ck_base_under(s, -1, -1, r, x, y);
        if (under >= 0) {
            if (!d)
                return -1; /* nobody reads the reason (the legal list's points) */
            char id[8];
            ck_fig_id(s, under, id);
            return diag_set(d, "no room for the arrivals there: %s stands at (%s, %s), where one of them would "
                               "(bases may touch, not overlap); choose another point on the %s edge",
                            id, ck_inch(s->figs[under].x).s, ck_inch(s->figs[under].y).s, edge_names[s->arrive_edge]);
        }
    }
    return 0;
}

/* Where figure i stands along the arrivals' edge: y on the west or east
 * edge, x on the north or south. */
static float along_edge(const CkState *s, int i) { return s->arrive_edge <= 1 ? s->figs[i].y : s->figs[i].x; }

/* [CK Chance Cards] (ecw) no room on the edge for the arrivals' row
 * (check_arrive): they do not come, and the log says why. */
static void no_room_to_arrive(CkState *s, GameIO *io)
{
    EventLog *log = io ? io->log : NULL;
    if (evlog_begin(log, "arrival", VIS_PUBLIC)) {
        evlog_str(log, "side", side_names[s->arrive_side]);
        evlog_str(log, "figures", ck_figs[s->arrive_type].name);
        evlog_int(log, "count", 0);
        evlog_int(log, "no_room", s->arrive_count);
        evlog_end(log, "%s: no room along the %s edge for a row of %d %s: they do not come",
                  s->arrive_side == CK_ROY ? "Royalist band" : "Parliament reinforcements", edge_names[s->arrive_edge],
                  s->arrive_count, ck_fig_noun(s->arrive_type, s->arrive_count));
    }
    start_parliament(s);
    say_none_on_table(s, io);
}

/* [CK Chance Cards] the band or the reinforcements come on at the point,
 * in a row along the edge (ck_arrival_spot); the log says where the
 * first stands. */
static void apply_arrive(CkState *s, const Action *a, GameIO *io)
{
    if (a->verb == CKV_END) {
        no_room_to_arrive(s, io);
        return;
    }
    int first = s->nfigs;
    for (int k = 0; k < s->arrive_count; k++) {
        float x, y;
        ck_arrival_spot(s->arrive_edge, a->x, a->y, k, s->arrive_count, &x, &y);
        ck_add_figs(s, s->arrive_type, 1, x, y, -1);
    }
    if (s->arrive_type == F_CLUBMAN && first < s->nfigs)
        s->figs[first].musket = 1; /* as with clubmen found on a piece */
    EventLog *log = io ? io->log : NULL;
    if (evlog_begin(log, "arrival", VIS_PUBLIC)) {
        evlog_str(log, "side", side_names[s->arrive_side]);
        evlog_str(log, "figures", ck_figs[s->arrive_type].name);
        evlog_int(log, "count", s->arrive_count);
        const char *who = s->arrive_side == CK_ROY ? "Royalist band" : "Parliament reinforcements";
        const char *noun = ck_fig_noun(s->arrive_type, s->arrive_count);
        int order[CK_MAX_FIGS], n = 0; /* along the edge, each by name where he stands (a player took C6 for the
                                        * westmost and was refused a move measured from there) */
        for (int i = first; i < s->nfigs; i++) {
            int k = n++;
            for (; k > 0 && along_edge(s, order[k - 1]) > along_edge(s, i); k--)
                order[k] = order[k - 1];
            order[k] = i;
        }
        Jw *w = evlog_jw(log);
        jw_key(w, "ids");
        jw_arr(w);
        char where[CK_MAX_FIGS * 24] = "";
        for (int k = 0; k < n; k++) {
            char id[8];
            ck_fig_id(s, order[k], id);
            jw_int(w, order[k] + 1);
            size_t len = strlen(where);
            snprintf(where + len, sizeof where - len, "%s%s at (%s, %s)", k ? ", " : "", id,
                     ck_inch(s->figs[order[k]].x).s, ck_inch(s->figs[order[k]].y).s);
        }
        jw_arr_end(w);
        if (n <= 1)
            evlog_end(log, "%s: %d %s arrives, %s", who, s->arrive_count, noun,
                      n ? where : "but no more fit the game (120 figures at most)");
        else
            evlog_end(log, "%s: %d %s arrive along the %s edge: %s", who, s->arrive_count, noun,
                      edge_names[s->arrive_edge], where);
    }
    start_parliament(s);
    say_none_on_table(s, io);
}

/* ---------------- contract ---------------- */

static int ck_current_player(const void *st)
{
    const CkState *s = st;
    return s->phase == CP_OVER ? GAME_OVER : s->to_act;
}

int ck_check(const void *st, const Action *a, Diag *d) { return ck_check_known(st, a, NULL, d); }

/* The fields each verb takes (game_check_fields refuses the others). */
static const uint8_t verb_fields[CKV_COUNT] = {
    [CKV_PLACE] = ACT_PIECE | ACT_POINT,     [CKV_MOVE] = ACT_PIECE | ACT_POINT | ACT_ARG | ACT_BEND,
    [CKV_SHOOT] = ACT_PIECE | ACT_TARGET,    [CKV_CHARGE] = ACT_PIECE | ACT_TARGET | ACT_ARG | ACT_BEND,
    [CKV_CAPTURE] = ACT_PIECE | ACT_TARGET,  [CKV_DISMOUNT] = ACT_PIECE,
    [CKV_MOUNT] = ACT_PIECE,                 [CKV_ESCORT] = ACT_PIECE | ACT_ARG | ACT_BEND,
    [CKV_ARRIVE] = ACT_POINT,                [CKV_END] = 0,
    [CKV_AIM] = ACT_PIECE | ACT_TARGET,      [CKV_JOIN] = ACT_PIECE | ACT_TARGET | ACT_ARG | ACT_BEND,
    [CKV_GUARD] = ACT_PIECE | ACT_TARGET,
};

/* [CK Combat Outcomes] CP_DEFEND: only the defender's taking the beaten
 * charger, or `end` to let him go. */
static int check_defender_choice(const CkState *s, const Action *a, Diag *d)
{
    if (a->verb == CKV_END || (a->verb == CKV_CAPTURE && a->piece == s->pend_def && a->target == s->pend_att))
        return 0;
    if (!d)
        return -1;
    char def[8], att[8];
    ck_fig_id(s, s->pend_def, def);
    ck_fig_id(s, s->pend_att, att);
    return diag_set(d, "first say whether %s takes %s, who charged him and was beaten: capture %s %s, or end to let "
                       "him go",
                    def, att, def, att);
}

int ck_check_known(const CkState *s, const Action *a, const CkKnown *k, Diag *d)
{
    if (a->verb < 0 || a->verb >= CKV_COUNT)
        return diag_set(d, "unknown verb %d", a->verb);
    if (!isfinite(a->x) || !isfinite(a->y) || !isfinite(a->bx) || !isfinite(a->by))
        return diag_set(d, "a point needs two numbers in inches");
    if (game_check_fields(a, verb_fields[a->verb], ck_verb_words[a->verb], d) < 0)
        return -1;
    switch (s->phase) {
    case CP_TERRAIN:
        if (a->verb != CKV_PLACE)
            return diag_set(d, "first place the terrain: place N X Y");
        for (int i = 0; i < a->piece && i < CK_PIECES; i++)
            if (!s->pieces[i].placed)
                return diag_set(d, "place piece %d (%s) first: the pieces go down in their order", i + 1,
                                ck_terrain[s->pieces[i].kind].name);
        return ck_check_place(s, a->piece, a->x, a->y, d);
    case CP_ARRIVE: return check_arrive(s, a, d);
    case CP_DEFEND: return check_defender_choice(s, a, d);
    case CP_PARLIAMENT:
    case CP_ROYALIST:
        if (a->verb == CKV_END)
            return 0;
        if (ck_combat_verb(a->verb))
            return ck_combat_check_known(s, a, k, d);
        return ck_move_check_known(s, a, k, d);
    default: return diag_set(d, "the game is over");
    }
}

static void apply_place(CkState *s, const Action *a, GameIO *io)
{
    CkPiece *p = &s->pieces[a->piece];
    p->x = a->x;
    p->y = a->y;
    p->placed = 1;
    ck_log_terrain(s, a->piece, io);
    if (a->piece == CK_PIECES - 1) {
        ck_deal_cards(s);
        ck_end_phase(s, io); /* turn 1's chance card: logged, its dice typed in with --dice manual */
    }
}

void ck_apply(void *st, const Action *a, GameIO *io)
{
    CkState *s = st;
    switch (s->phase) {
    case CP_TERRAIN: apply_place(s, a, io); break;
    case CP_ARRIVE: apply_arrive(s, a, io); break;
    case CP_DEFEND: ck_defender_chooses(s, a->verb == CKV_CAPTURE, io); break;
    default:
        if (a->verb == CKV_END)
            ck_end_phase(s, io);
        else if (ck_combat_verb(a->verb))
            ck_combat_apply(s, a, io);
        else
            ck_move_apply(s, a, io);
    }
    ck_check_end(s, io);
}

/* [CK Game set up] [CK Chance Cards] GameOps.hidden_shown: a piece's
 * cards turned over (searched, or the drover's), a chance card drawn, or
 * the game ended (every card turned) between before and now. */
int ck_hidden_shown(const void *before, const void *now)
{
    const CkState *a = before, *b = now;
    if (a->nchance != b->nchance || (a->phase != CP_OVER && b->phase == CP_OVER))
        return 1;
    for (int i = 0; i < CK_PIECES; i++)
        if (a->pieces[i].searched != b->pieces[i].searched || a->pieces[i].prom_seen != b->pieces[i].prom_seen)
            return 1;
    return 0;
}

static bool ck_terminal(const void *st) { return ((const CkState *)st)->phase == CP_OVER; }

static void ck_score(const void *st, double out[])
{
    const CkState *s = st;
    out[0] = out[1] = 0;
    if (s->phase != CP_OVER || s->winner == 2)
        return;
    out[s->winner] = 1;
    out[1 - s->winner] = -1;
}

static int ck_turn(const void *st) { return ((const CkState *)st)->turn; }

static const char *const ck_roles[] = {"royalist", "parliament"};

static const char *const ck_option_help[] = {
    "terrain=placed|random  the Royalist side places the terrain, or it is placed at random",
    "spread=squares|free    every ninth of the table gets a piece, or any place past the margin (Game set up)",
    "recoil_frees=no|yes    a guard driven back loses his prisoners (Captured Persons)",
    "exit_scores=no|yes     Royalists who leave by the far edge score as undiscovered (Aim of the game)",
    "late_capture=yes|no    a man beaten hand to hand may be taken after his recoil by a trooper touching him (Combat Outcomes)",
    "pass_enemies=no|yes    a move's way may not pass over an enemy's base, or may (Movement and Ranges)",
    "share_ground=no|yes    no move may end on another figure's base, or one may end on a friend's (Movement and Ranges)",
    "ride_round=yes|no      a charger may ride round the men about his target with one bend, or comes straight (Hand to hand Combat)",
    "cover_from_inside=no|yes  hedges and walls shelter a man from enemies outside his piece only, or from those inside it too (Hand to hand Combat, Shooting factors)",
    "together=no|yes        each shot rolls alone, +1 for each friend who shot at the man before it this turn, and a charge +1 for each friend still touching him; or those who aim at him or close in on him join the next shot or charge, one roll with +1 each (Shooting factors, Hand to hand Combat)",
    "absent_scores=no|yes   Charles or Wilmot never in the area scores nothing, or scores as at liberty (Royalists Win Points for)",
    "held_scores=yes|no     a prisoner still guarded at the end counts as captured, or only one led off does (Parliament Troops win points for)",
    "defender_takes=ask|yes|no  a Parliament defender with room is asked whether he takes a beaten Royalist charger, or always does, or never (Combat Outcomes)",
    "blocked_recoil=stops|dies  a loser whose recoil an enemy or the table's edge cuts short stops there, or is destroyed as in DBA (Combat Outcomes)",
    "shoot_then_charge=no|yes  a charge is the figure's whole turn, or one who shot first may charge with the half move left (Playing the Game, Hand to hand Combat)",
    "shot_and_change=half|whole  a dragoon who shoots first and mounts or dismounts has half his move left, or none: each took half (Movement and Ranges)",
    "uphill=contact|set_off  a charger is uphill of his man, or below him, as at his point of contact, or as where he set off: one from below a man on a hill charges up to him (Hand to hand Combat)",
    "wood_fight=own|shared  each fighter is in a wood or marsh (-1 foot, -2 mounted) where he stands, the charger at his point of contact, or both are where either stands in one (Hand to hand Combat)",
    "wood_cover=within|edge  a wood covers a man in it from every shooter, or at its edge only: not from a shooter within the same wood, as a field's hedges (Shooting factors)",
    "dragoons_on_foot=6|8   a dragoon on foot moves 6\", as the shot do, or keeps the 8\" the rulebook gives dragoons (Movement and Ranges)",
    NULL,
};

/* What the prompt recalls under the board after the other side's turn (a
 * play-tester found the fights and searches lost among 15 to 25 moves):
 * fights that did something, searches, captures, escapes, the chance card
 * and who came on. */
static const char *const ck_news_events[] = {"combat", "reveal", "capture", "escape", "chance", "arrivals",
                                             "drover", "no_troops", NULL};

const GameOps ck_ops = {
    .id = "catch-a-king",
    .title = "To Catch a King: the hunt for Charles Stuart after Worcester",
    .nplayers = 2,
    .roles = ck_roles,
    .state_size = sizeof(CkState),
    .rng_offset = offsetof(CkState, rng),
    .play_as = CK_PAR, /* the rulebook's reader is Parliament's commander (a play-tester looked for him first) */
    .open_table = true, /* the cards under the pieces are hidden from both sides alike */
    .setup = ck_setup,
    .begin = ck_begin,
    .current_player = ck_current_player,
    .legal = ck_legal,
    .check = ck_check,
    .apply = ck_apply,
    .terminal = ck_terminal,
    .score = ck_score,
    .turn = ck_turn,
    .view = ck_view,
    .redeal = ck_redeal,
    .conceal = ck_conceal,
    .conceal_into = ck_conceal_into,
    .describe = ck_describe,
    .parse = ck_parse,
    .caution = ck_caution,
    .hidden_shown = ck_hidden_shown,
    .render = ck_render,
    .roster = ck_roster,
    .group_order = ck_group_order,
    .nverbs = CKV_COUNT,
    .verb_help = ck_verb_help,
    .list_shown = 12, /* orders are mostly typed: `move D1 21.5 30` (a play-tester filtered out the rest) */
    .heuristic = ck_heuristic,
    .action_odds = ck_action_odds,
    .measure = ck_measure,
    .standing = ck_standing,
    .threats = ck_threats,
    .news_events = ck_news_events,
    .nmetrics = CK_NMETRICS,
    .metric_names = ck_metric_names,
    .metrics = ck_metrics,
    .odds = ck_odds_cli,
    .option_help = ck_option_help,
};
