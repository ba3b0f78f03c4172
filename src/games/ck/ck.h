/* ck.h - To Catch a King: the skirmish after Worcester, 1651.
 * Parliament's troopers search twelve terrain pieces on a 48" x 48" table;
 * face-down cards under each piece hide Royalist fugitives, Clubmen,
 * Charles Stuart and Lord Wilmot. Files, in the order of play:
 *   ck_tables.c  figure factors, moves and ranges, the three decks, points
 *   ck_setup.c   [CK Game set up] terrain placement, dealing the cards
 *   ck_geom.c    distances, terrain under a point, line of sight, base contact
 *   ck_flow.c    [CK Playing the Game] turns, [CK Chance Cards], the end, contract glue
 *   ck_move.c    [CK Movement and Ranges] moves, searching, dragoons, prisoners' escort
 *   ck_combat.c  [CK Figure combat Factors] [CK Shooting factors]
 *                [CK Hand to hand Combat] [CK Combat Outcomes] [CK Captured Persons]
 *   ck_score.c   [CK Aim of the game] the points table
 *   ck_view.c, ck_text.c, ck_ai.c, ck_odds.c
 * Coordinates are inches: x from the west edge, y from the south edge.
 * Parliament enters by the south edge; Royalists leave by the north edge. */
#ifndef ECW_CK_H
#define ECW_CK_H
#include "core/game.h"
#include <math.h>
#include <stdatomic.h>

enum {
    CK_ROY = 0, CK_PAR = 1, CK_SIDES = 2,
    CK_PIECES = 12, CK_MAX_FIGS = 120, CK_TURNS = 12,
    CK_CHANCE_CARDS = 30, CK_DISC_CARDS = 24, CK_PROM_CARDS = 18,
    CK_NONE = 255,
};
#define CK_TABLE 48.0f
/* [CK Movement and Ranges] ecw: how far past his allowance a move or a
 * dragoon's half move may go and still count as within it (not a charge,
 * whose point nobody types): positions are shown (and a tape is read) to
 * 0.1", so each coordinate may be 0.05" off and the point 0.05 x sqrt 2 =
 * 0.071" (a play-tester's Wilmot, shown at (0.8, 0.8), stood at 0.75 and
 * was refused a move typed 8.0" from there at 0.05"); a point typed from
 * the shown coordinates is never refused for their rounding. */
#define CK_REACH_GRACE 0.075f
#define CK_DRAGOON_FOOT 6.0f /* a dragoon's move on foot (ecw; option dragoons_on_foot=8) */
/* A charge's reach has no grace: nobody types its point of contact, ecw
 * works it out; what measures a charge (measure, threats) uses this too,
 * or it says "within it" of a man the charge then finds 8.06" off. */
#define CK_CONTACT_SLACK 1e-3f
#define CK_EDGE_GAP 8.0f   /* no terrain nearer an edge [CK Game set up] */

typedef enum { T_VILLAGE, T_MANOR, T_WOOD, T_HILL, T_FIELD, T_MARSH, T_KIND_COUNT } CkTerrainKind;

typedef enum {
    F_DRAGOON, F_CAVALRY, F_YOU,                    /* Parliament */
    F_SHOT, F_HORSE, F_CLUBMAN, F_WILMOT, F_CHARLES, /* Royalists */
    F_TYPE_COUNT
} CkFigType;

typedef enum {
    FS_ACTIVE = 0, FS_DEAD, FS_PRISONER, FS_ESCORTED, /* prisoner led off the table */
    FS_EXITED,                                        /* Royalist gone by the far edge */
} CkFigStatus;

/* Discovery and prominent-person cards. */
typedef enum { DISC_BLANK = 0, DISC_INFANTRY, DISC_HORSE, DISC_CLUBMEN } CkDiscovery;
typedef enum { PROM_BLANK = 0, PROM_CHARLES, PROM_WILMOT } CkProminent;
typedef enum {
    CH_NOTHING = 0, CH_RAIN, CH_CLEAR, CH_BAND, CH_REINFORCE, CH_DROVER, CH_KIND_COUNT
} CkChance;

/* Verbs: C enum, typed word and usage from one list. */
#define CK_VERBS(X) \
    X(PLACE,    "place",    "place the next terrain piece by its number or kind: place N X Y, place wood X Y") \
    X(MOVE,     "move",     "move a figure: move F X Y, or move F X Y via BX BY to go round something with one bend, move F towards X Y (or towards a figure; 'via BX BY' after it goes round by a bend, 'to N' last stops N inches short) as far as he may go, or move F by DX DY (inches east and north)") \
    X(SHOOT,    "shoot",    "shoot at a figure: shoot F T (before moving halves the move)") \
    X(CHARGE,   "charge",   "charge into hand to hand: charge F T, or charge F T capture (Parliament: if T loses he is taken, not driven back; beaten by half or less he still dies); charge F T via BX BY to come round something with one bend") \
    X(CAPTURE,  "capture",  "take a wounded Charles or Wilmot (F rides up if he has not acted), or a man beaten hand to hand this turn touching F: capture F T") \
    X(DISMOUNT, "dismount", "dragoon dismounts (half a move): dismount F") \
    X(MOUNT,    "mount",    "dragoon mounts (half a move): mount F") \
    X(ESCORT,   "escort",   "lead prisoners 3\" towards the entry point: escort F, or escort F via BX BY to go round something") \
    X(ARRIVE,   "arrive",   "bring arrivals on at a point of their edge: arrive X Y") \
    X(END,      "end",      "end your turn: end (or end turn)") \
    X(AIM,      "aim",      "take aim to join the next shot at a figure (option together=yes): aim F T; whoever then shoots at T adds +1 for each who aimed (aiming before moving halves the move)") \
    X(JOIN,     "join",     "close in on a figure to join the next charge at him (option together=yes): join F T (or join F T via BX BY), his whole turn; whoever then charges T adds +1 for each friend touching T") \
    X(GUARD,    "guard",    "take over a prisoner touching F from his guard, to group prisoners four to a guard: guard F P (it costs neither trooper his turn; each prisoner once a turn)")

typedef enum {
#define X(e, w, h) CKV_##e,
    CK_VERBS(X)
#undef X
    CKV_COUNT
} CkVerb;

/* The verbs ck_combat.c checks and carries out: fights, and taking or
 * handing over prisoners. */
static inline bool ck_combat_verb(int v)
{
    return v == CKV_SHOOT || v == CKV_CHARGE || v == CKV_CAPTURE || v == CKV_AIM || v == CKV_JOIN || v == CKV_GUARD;
}

extern const char *const ck_verb_words[CKV_COUNT];
extern const char *const ck_verb_help[CKV_COUNT];

typedef enum { CP_TERRAIN = 0, CP_ARRIVE, CP_PARLIAMENT, CP_ROYALIST, CP_OVER, CP_DEFEND } CkPhase;
/* Whether a Parliament defender takes a beaten Royalist charger [CK Combat Outcomes]. */
enum { CK_TAKE_ASK = 0, CK_TAKE_YES, CK_TAKE_NO };

typedef struct CkPiece {
    float   x, y, r;          /* a circle */
    uint8_t kind, placed, searched;
    uint8_t disc, prom;       /* cards under it: hidden until searched */
    uint8_t prom_seen;        /* the drover showed its prominent-person card */
    uint8_t pad[2];
} CkPiece;

typedef struct CkFig {
    float   x, y;
    uint8_t type, side, status;
    uint8_t mounted;          /* dragoons; captured horse are dismounted */
    uint8_t musket;           /* clubmen with a musket may shoot */
    uint8_t wounded;          /* Charles or Wilmot, wounded: may be captured */
    uint8_t guard;            /* prisoner: index of its guard */
    uint8_t beaten;           /* lost a melee this phase: may be captured */
    uint8_t moved, shot, half;/* this phase: has moved, has shot, move halved; a prisoner
                               * moved: handed over to another guard this turn (ecw) */
    uint8_t piece;            /* the terrain piece it was found on, or CK_NONE */
    uint8_t shot_at;          /* whom it shot at this phase, or CK_NONE */
    uint8_t changed_mount;    /* a dragoon who mounted or dismounted this phase */
    uint8_t half_moved;       /* this phase: moved no more than half his rate */
    uint8_t aimed;            /* option together: aims at shot_at, to join the next shot at him */
} CkFig;

typedef struct CkState {
    Rng     rng;
    CkPiece pieces[CK_PIECES];
    CkFig   figs[CK_MAX_FIGS];
    uint8_t nfigs;
    uint8_t chance[CK_CHANCE_CARDS], nchance;  /* undrawn, top = last: hidden */
    uint8_t disc[CK_DISC_CARDS], ndisc;        /* undealt: hidden */
    uint8_t prom[CK_PROM_CARDS], nprom;        /* undealt: hidden */
    uint8_t phase, to_act, turn, raining;
    uint8_t last_chance;      /* the card drawn this turn (public) */
    uint8_t rain_went_on;     /* that card was rain, drawn in the rain (public) */
    uint8_t arrive_side, arrive_type, arrive_count, arrive_edge; /* pending arrivals */
    uint8_t winner, end_reason;
    uint8_t terrain_random;   /* option: terrain placed at random */
    uint8_t hidden_roy, hidden_club; /* undiscovered at the end (cards turned then) */
    uint8_t recoil_frees;     /* option: a guard driven back by a recoil loses his prisoners */
    uint8_t exit_scores;      /* option: Royalists gone by the far edge score as undiscovered */
    uint8_t spread_free;      /* option: terrain anywhere past the margin, not over every square */
    uint8_t no_late_capture;  /* option late_capture=no: a beaten man is taken only by the charge's choice */
    uint8_t pass_enemies;     /* option pass_enemies=yes: a way may pass over enemies' bases */
    uint8_t share_ground;     /* option share_ground=yes: a move may end on a friend's base */
    uint8_t no_ride_round;    /* option ride_round=no: a charge's way has no bend */
    uint8_t absent_scores;    /* option absent_scores=yes: Charles or Wilmot never in the area is at liberty */
    uint8_t only_led_off;     /* option held_scores=no: only prisoners led off the table count as captured */
    uint8_t defender_takes;   /* option defender_takes: CK_TAKE_ASK, CK_TAKE_YES or CK_TAKE_NO */
    /* CP_DEFEND: a Royalist charger beaten by defender pend_def, who may
     * take him; the fight's dice and result wait for the choice */
    uint8_t pend_att, pend_def, pend_ar, pend_dr, pend_wound, pend_result;
    uint8_t pend_inside;      /* CP_DEFEND: where that charger set off (CK_OFF_* bits) */
    uint8_t cover_inside;     /* option cover_from_inside=yes: a piece's hedges and walls shelter its men from
                               * an enemy inside it too */
    uint8_t blocked_dies;     /* option blocked_recoil=dies: a loser whose recoil an enemy or the table's edge cuts
                               * short is destroyed, as in DBA */
    float   entry_x;          /* Parliament's entry point on the south edge */
    int16_t points[CK_SIDES]; /* filled when the game ends */
    uint8_t together;         /* option together=yes: those who aim at a man join the next shot at him, one roll */
    uint8_t shoot_charge;     /* option shoot_then_charge=yes: one who shot first may charge with the half move left */
    uint8_t change_whole;     /* option shot_and_change=whole: a dragoon who shoots first and changes has used the two
                               * halves of his move, and moves no more */
    uint8_t uphill_set_off;   /* option uphill=set_off: a charger is uphill, or below the man he charges, as where he
                               * set off, not at his point of contact */
    uint8_t wood_shared;      /* option wood_fight=shared: where either fighter stands in a wood or marsh, both fight
                               * in it (in the struct's padding: the layout, and old records' hashes, unchanged) */
    uint8_t wood_edge;        /* option wood_cover=edge: a wood covers its men at its edge only, not from a shooter
                               * within it (as a field's hedges; in the padding too) */
    uint8_t foot_dragoons_full; /* option dragoons_on_foot=8: a dragoon on foot keeps his 8" (in the padding too) */
} CkState;

/* ---- tables (ck_tables.c, from data/catch-a-king/) ---- */
typedef struct CkFigSpec {
    char    name[16];
    char    letter;
    uint8_t side, mounted, vs_foot, vs_mounted;
    float   move, range;  /* range 0: cannot shoot */
} CkFigSpec;
typedef struct CkTerrainSpec {
    char    name[16];
    float   r;
    uint8_t cover, obstacle, difficult, hill, blocks_sight;
    uint8_t cover_edge; /* its cover is at its edge (hedges): none from a shooter inside it */
} CkTerrainSpec;
typedef enum { PT_SEARCHED, PT_KILLED, PT_CAPTURED, PT_UNDISCOVERED, PT_AT_LIBERTY, PT_EVENT_COUNT } CkPointEvent;
enum { PT_PIECE = F_TYPE_COUNT }; /* the points table's column for a terrain piece */
typedef struct CkTables {
    CkFigSpec     figs[F_TYPE_COUNT];
    CkTerrainSpec terrain[T_KIND_COUNT];
    uint8_t       piece_kinds[CK_PIECES];
    uint8_t       chance[CK_CHANCE_CARDS], disc[CK_DISC_CARDS], prom[CK_PROM_CARDS];
    int16_t       points[CK_SIDES][PT_EVENT_COUNT][F_TYPE_COUNT + 1];
} CkTables;

/* The tables compiled into the binary, parsed once (a broken embedded file
 * is a bug and aborts); ck_tables_parse reads user files with line numbers
 * in its errors. */
/* The tables once parsed (NULL before): read by ck_tables, set by ck_tables_load. */
extern _Atomic(const CkTables *) ck_tables_ready;
const CkTables *ck_tables_load(void);
/* Inline: the rules and players read the tables in their inner loops (one
 * atomic load once they are parsed). */
static inline const CkTables *ck_tables(void)
{
    const CkTables *t = atomic_load_explicit(&ck_tables_ready, memory_order_acquire);
    return t ? t : ck_tables_load();
}
int ck_tables_parse(CkTables *t, const char *figures, const char *terrain, const char *decks,
                    const char *points, Diag *d);
/* Shorthands for the tables, read everywhere in the rules. */
#define ck_figs (ck_tables()->figs)
#define ck_terrain (ck_tables()->terrain)
#define ck_piece_kinds (ck_tables()->piece_kinds)
extern const char *const ck_chance_names[CH_KIND_COUNT];
extern const char *const ck_disc_names[4];
/* The decks as the rulebook makes them, in the data file's order. */
void ck_deck_chance(uint8_t out[CK_CHANCE_CARDS]);
void ck_deck_discovery(uint8_t out[CK_DISC_CARDS]);
void ck_deck_prominent(uint8_t out[CK_PROM_CARDS]);

/* ---- geometry (ck_geom.c; the smallest here, inline, as every check
 * and every AI look measures with them) ---- */
static inline float ck_dist(float ax, float ay, float bx, float by)
{
    float dx = ax - bx, dy = ay - by;
    return sqrtf(dx * dx + dy * dy); /* hypotf is slow and its care is not needed here */
}
/* Two bases stand one on the other when their centres are closer than the
 * two radii by more than this: the 0.1" contact grace, and a thousandth
 * more so that bases set exactly touching at the grace's edge (typed
 * points, rows of arrivals) are not refused for a float's rounding. */
#define CK_BASE_GRACE 0.101f
/* Figures stand on round bases: 1" across on foot, 1.5" mounted. */
/* [CK Movement and Ranges] (option shot_and_change=whole) has dragoon f
 * spent both halves of his move, one on a shot first and one on a change? */
static inline bool ck_halves_spent(const CkState *s, const CkFig *f)
{
    return s->change_whole && f->changed_mount && f->shot;
}
static inline float ck_fig_radius(const CkFig *f) { return f->mounted ? 0.75f : 0.5f; }
/* [CK Shooting factors] does f carry something to shoot with (a shooting
 * figure; a clubman only with a musket)? */
static inline bool ck_armed(const CkFig *f)
{
    return ck_figs[f->type].range > 0 && !(f->type == F_CLUBMAN && !f->musket);
}
/* Could two bases dx, dy apart touch (bases 1.5" across at most, 0.1"
 * grace)? A quick look before measuring: false only when they cannot. */
static inline bool ck_near_box(float dx, float dy) { return fabsf(dx) < 1.7f && fabsf(dy) < 1.7f; }
/* Touching bases, with 0.1" grace; squared distances, without a root. */
static inline bool ck_in_contact(const CkFig *a, const CkFig *b)
{
    float dx = a->x - b->x, dy = a->y - b->y, reach = ck_fig_radius(a) + ck_fig_radius(b) + 0.1f;
    return dx * dx + dy * dy <= reach * reach;
}
static inline bool ck_on_table(float x, float y) { return x >= 0 && x <= CK_TABLE && y >= 0 && y <= CK_TABLE; }
/* [CK Playing the Game] does figure f search any unsearched piece he comes
 * onto? Parliament's, in its own turn (which the search then ends). */
static inline bool ck_searches(const CkState *s, const CkFig *f) { return f->side == CK_PAR && s->phase == CP_PARLIAMENT; }
/* [CK Movement and Ranges] a base of radius r centred at (x, y) wholly on the table (ecw). */
static inline bool ck_base_on_table(float x, float y, float r)
{
    return x >= r && x <= CK_TABLE - r && y >= r && y <= CK_TABLE - r;
}
int   ck_piece_at(const CkState *s, float x, float y); /* -1 if open ground */
bool  ck_line_of_sight(const CkState *s, const CkFig *a, const CkFig *b);
int   ck_sight_blocker(const CkState *s, const CkFig *a, const CkFig *b, const CkFig **deep);
float ck_move_allowance(const CkState *s, const CkFig *f);
/* ck_move_allowance for f standing on piece `from` (ck_piece_at of its place). */
float ck_move_allowance_on(const CkState *s, const CkFig *f, int from);

/* ---- rules ---- */
int  ck_setup(void *st, const Options *opt, uint64_t seed, Diag *d);
void ck_begin(void *st, GameIO *io); /* after ck_setup: random terrain opens turn 1 */
int  ck_check_place(const CkState *s, int piece, float x, float y, Diag *d);
void ck_place_terrain_random(CkState *s);
int  ck_spread_square(float x, float y);
unsigned ck_empty_squares(const CkState *s);
extern const char *const ck_square_names[9];
void ck_deal_cards(CkState *s);
void ck_log_terrain(const CkState *s, int i, GameIO *io); /* a "terrain" event: where piece i was laid */
void ck_beside_guard(CkState *s, int i); /* prisoner i's base touching his guard's */
/* One side's factor in a fight, part by part, as the combat event lists it
 * (the parts are the rulebook's factor and modifiers; `helpers` are the
 * other figures whose +1 is counted: earlier shooters, friends touching). */
typedef struct CkFactors {
    int     base, cover, shooters, half_range, rain;   /* shooting */
    int     ground, uphill, obstacle, supporters;      /* hand to hand */
    int     nhelpers;
    bool    aimed;                                     /* option together: the other shooters aimed with him */
    uint8_t helpers[CK_MAX_FIGS];
} CkFactors;
int  ck_factors_sum(const CkFactors *p);
/* "base 3, cover -1, other shooters D1 D2 +2": s names the helpers (NULL: unnamed). */
void ck_factors_words(const CkState *s, const CkFactors *p, char *words, size_t n);
/* {"base":3,"cover":-1}: the base and every part that counts, keys as the combat event's. */
void ck_factors_json(const CkFactors *p, char *buf, size_t n);
/* A fight as ck_odds_print_fight takes it: types, dragoons on foot, a
 * shot or a charge, the capture word, the Parliament defender's prisoners
 * (4 with Charles or Wilmot), and the two factors in position. */
typedef struct CkFightArgs {
    int  att, def;
    bool att_foot, def_foot, shoot, capture;
    bool lets_go; /* a Parliament defender lets a beaten charger go (defender_takes=no) */
    bool att_cut, def_cut; /* option blocked_recoil=dies: his recoil cut short, a beaten man dies */
    int  guarding, af, df;
} CkFightArgs;
void ck_odds_print_fight(const CkFightArgs *f, FILE *out); /* ck_odds.c */
/* GameOps.action_odds: the odds of a legal shot or charge where the figures
 * stand (ck_combat.c). */
int  ck_action_odds(const void *st, const Action *a, FILE *out, Diag *d);
/* The prompt's `measure A B` or `measure A X Y` (ck_measure.c): distances,
 * sight, ranges and moves, as a tape on the table finds them; -1 with d
 * saying what was wrong. Reads only the open table. */
int  ck_measure(const void *st, const char *what, FILE *out, Diag *d);
/* The prompt's `threats` (ck_measure.c): where the enemies of `player`
 * could charge or shoot a figure when their side next moves, drawn on
 * the map (ck_render_marked, ck_view.c: marks by cell, row 0 the south). */
enum { CK_MAP = 24 }; /* the map's cells a side, 2" square */
int  ck_threats(const void *st, int player, FILE *out);
void ck_render_marked(const CkState *s, const char marks[CK_MAP][CK_MAP], const char *const *key, FILE *out);
/* The words of a typed line into tok (at most max, copied into line of n
 * bytes), a point's brackets and comma read as spaces, "(16.5, 8.5)";
 * their count, or -1 with d saying what was wrong (too long, brackets or
 * commas that write no point). */
int  ck_tokens(const char *text, char *line, size_t n, char **tok, int max, Diag *d);
/* [CK Combat Outcomes] CP_DEFEND: Parliament takes the beaten charger
 * (take) or lets him go; the fight is finished and the Royalist turn goes on. */
void ck_defender_chooses(CkState *s, bool take, GameIO *io);
/* A "move" event: figure i went from (fx, fy) to where he stands ("Parliament
 * dragoon D1 <what> (fx, fy) to (x, y)"). */
void ck_log_move(CkState *s, int i, float fx, float fy, GameIO *io, const char *what);
void ck_reveal(CkState *s, int piece, GameIO *io);           /* searching */
const char *ck_charged_refusal(const CkState *s, int i);      /* no more after a charge or capture */
void ck_place_person(CkState *s, int piece);
/* [CK Movement and Ranges] the enemy whose base f's straight way to (x, y)
 * passes over (not `except`: a charger's target), or -1 (always -1 with
 * pass_enemies=yes); ck_way_blocked refuses such a way, naming him. */
int ck_way_blocker(const CkState *s, const CkFig *f, float x, float y, const CkFig *except);
int ck_way_blocked(const CkState *s, int blocker, Diag *d);
/* [CK Movement and Ranges] a refusal for reach (d) lengthened with the
 * unsearched piece that the straight way to (x, y) also crosses, if any:
 * always -1 (the player would otherwise shorten it and be refused again). */
int ck_also_crosses(const CkState *s, const CkFig *f, int from, float x, float y, Diag *d);                 /* Charles or Wilmot found or shown */
/* [CK Movement and Ranges] the figure on the table (not figure `self`, nor
 * the prisoners guarded by `group`, who go with him) whose base a base of
 * radius r at (x, y) would stand on, closer than the two radii less the
 * contact grace (CK_BASE_GRACE: touching is allowed), or -1 (always -1
 * with share_ground=yes); ck_base_taken refuses such a point, naming him.
 * self, group: -1 for none. */
int ck_base_under(const CkState *s, int self, int group, float r, float x, float y);
int ck_base_taken(const CkState *s, int under, Diag *d);
/* [CK Chance Cards] where the k-th of `count` figures arriving at (x, y)
 * on edge `edge` (0 west, 1 east, 2 north, 3 south) stands. */
void ck_arrival_spot(int edge, float x, float y, int k, int count, float *fx, float *fy);
/* [CK Chance Cards] the arrivals' points along their edge, every `step` inches, on the 0.1"
 * grid ck_describe prints: the i-th into *a (false past the last). */
bool ck_arrive_point(const CkState *s, float step, int i, Action *a);
/* [CK Chance Cards] (ecw) is there room for the arrivals' row anywhere on
 * their edge (a point every half inch)? If not, they do not come: `end`. */
bool ck_arrivals_fit(const CkState *s);
void ck_search_if_on_piece(CkState *s, int fig, GameIO *io);
void ck_search_if_reached(CkState *s, int fig, float x, float y, GameIO *io);
void ck_add_figs(CkState *s, int type, int count, float x, float y, int piece);
/* The piece a figure stands on, not looked up yet. */
enum { CK_FROM_UNKNOWN = -2 };
/* What a caller checking many orders of one figure (ck_legal) finds once
 * and hands to the checks: the piece the figure stands on (as ck_piece_at
 * gives it, or CK_FROM_UNKNOWN) and the active figures of the side not
 * acting that a move of it could touch: all of them, or at least those
 * within its move (ck_move_allowance) and 2" (a move further is refused
 * before contact is looked at); nfoes -1: not listed. For one move
 * (CKV_MOVE) a caller may know more: the piece under its end point (`to`,
 * as ck_piece_at gives it) and the first unsearched piece its way enters
 * (`way`, as ck_way_unsearched gives it leaving out `from`; -1 none);
 * CK_FROM_UNKNOWN where not known. Where the foes and others are listed,
 * the caller may give where they stand too, copied into arrays that the
 * checks read without a figure's stride. A NULL CkKnown: nothing known. The
 * answers are those of the checks without it. */
typedef struct CkKnown {
    int            from;
    int            nfoes;
    const uint8_t *foes;
    int            to, way;
    int            nothers;  /* ... and the others whose base a move's end could stand on: */
    const uint8_t *others;   /* every active figure of the acting side and every prisoner (-1: not listed) */
    const float   *fx, *fy;  /* where each foe listed stands, in their order (NULL: not given) */
    const float   *ox, *oy, *orad; /* where each other listed stands and its base's radius (NULL: not given) */
} CkKnown;
int  ck_move_check_known(const CkState *s, const Action *a, const CkKnown *k, Diag *d);
/* The move allowed to (x, y) for f standing on piece `from` (or
 * CK_FROM_UNKNOWN): ck_move_allowance, halved again for entering
 * difficult ground. */
float ck_move_allowance_from(const CkState *s, const CkFig *f, int from, float x, float y);
/* Why f, on piece `from`, may move only `allow` (less than his rate) on his
 * way to (x, y) (a bend's where to_bend): " (halved: the way ends in the
 * field (piece 10))", or "" (ck_move.c). */
void  ck_halved_because(const CkState *s, const CkFig *f, int from, float x, float y, bool to_bend, float allow,
                        char *out, size_t n);
bool  ck_way_difficult(const CkState *s, float ax, float ay, float bx, float by);
int   ck_way_difficult_piece(const CkState *s, float ax, float ay, float bx, float by); /* which, or -1 */
int   ck_way_unsearched(const CkState *s, float ax, float ay, float bx, float by, int skip, float *at);

/* [CK Playing the Game] one piece against the way from (ax, ay) along
 * (dx, dy), len2 its squared length: if the way starts inside piece q it
 * is entered at once (*first 0, *hit q); else if it meets q's edge before
 * *first (a fraction of the way), that is where it now first enters an
 * unsearched piece. Shared by the rules' ck_way_unsearched and the
 * players' look over the pieces near a trooper, so both find the same. */
static inline void ck_way_meets(const CkPiece *p, int q, float ax, float ay, float dx, float dy, float len2,
                                float *first, int *hit)
{
    float fx = ax - p->x, fy = ay - p->y, c = fx * fx + fy * fy - p->r * p->r;
    if (c <= 0) { /* starts inside it: entered at once */
        *first = 0, *hit = q;
        return;
    }
    float b = fx * dx + fy * dy, disc = b * b - len2 * c;
    if (len2 <= 0 || disc < 0)
        return;
    float t = (-b - sqrtf(disc)) / len2; /* where the way first meets its edge */
    if (t >= 0 && t <= 1 && t < *first)
        *first = t, *hit = q;
}
int   ck_way_check(const CkState *s, const CkFig *f, int from, float x, float y, Diag *d);
/* [CK Movement and Ranges] (ecw) a way with one bend: what f standing on
 * piece `from` may move to (x, y) by way of (bx, by), the less of its two
 * legs' allowances (each halved for difficult ground at or on it); and
 * whether the bend and both legs are open to him, as a straight way must
 * be (the bend's base on the table and, in Parliament's turn, on no
 * unsearched piece but `from`; neither leg across an unsearched piece nor
 * over an enemy's base, `except` apart on the second: a charger's
 * target). 0, or -1 with why. */
float ck_bent_allowance(const CkState *s, const CkFig *f, int from, float bx, float by, float x, float y);
int   ck_bent_way_check(const CkState *s, const CkFig *f, int from, float bx, float by, float x, float y,
                        const CkFig *except, Diag *d);
/* [CK Playing the Game] a new phase of `side`: its figures have done
 * nothing yet (moved, shot, ...), and nobody is beaten any more. */
void  ck_reset_flags(CkState *s, int side);
/* [CK Captured Persons] where escort a takes its guard, 3" towards the
 * entry point (by its bend, if it has one): true with (x, y), or false
 * when he leaves the table. */
bool  ck_escort_end(const CkState *s, const Action *a, float *x, float *y);
/* CKV_MOVE's and CKV_ESCORT's arg: a straight way, or one with a bend at (bx, by). */
enum { CK_MOVE_STRAIGHT = 0, CK_MOVE_BENT = 1 };
/* CKV_CHARGE's arg: bits, take the beaten man prisoner, and a way with a
 * bend at (bx, by) (CKV_JOIN's: the bend only). */
enum { CK_CHARGE_CAPTURE = 1, CK_CHARGE_BENT = 2 };
/* Where a charger set off, as much as his fight asks: within the walls of
 * his target's piece (no obstacle against him), on a hill (option
 * uphill=set_off). */
enum { CK_OFF_WALLS = 1, CK_OFF_HILL = 2 };
/* [CK Game set up] the next terrain piece waiting to be placed (pieces go
 * down in their order), or CK_PIECES when all are down. */
static inline int ck_next_piece(const CkState *s)
{
    int next = 0;
    while (next < CK_PIECES && s->pieces[next].placed)
        next++;
    return next;
}
/* The map's letter for each kind of terrain (ck_view.c). */
extern const char ck_terrain_marks[T_KIND_COUNT + 1];
/* The refusal of a move or charge to (x, y) out of reach, saying why the move is short (-1). */
int   ck_bent_out_of_reach(const CkState *s, const CkFig *f, int from, float bx, float by, float x, float y,
                           float dist, float allow, const char *what, Diag *d);
int   ck_out_of_reach(const CkState *s, const CkFig *f, int from, float x, float y, float dist, float allow,
                      const char *what, Diag *d);
/* A figure's full move in its present state (a dragoon on foot: 6"). */
/* [CK Movement and Ranges] a figure's move: a dragoon on foot 6" (ecw),
 * or his 8" under option dragoons_on_foot=8. */
static inline float ck_fig_rate(const CkState *s, const CkFig *f) /* inline: the players ask it in their loops */
{
    return f->type == F_DRAGOON && !f->mounted && !s->foot_dragoons_full ? CK_DRAGOON_FOOT : ck_figs[f->type].move;
}
void ck_move_apply(CkState *s, const Action *a, GameIO *io);
int  ck_combat_check_known(const CkState *s, const Action *a, const CkKnown *k, Diag *d);
void ck_combat_apply(CkState *s, const Action *a, GameIO *io);
/* Combat totals without dice, for odds and the AI. */
int  ck_shoot_factor(const CkState *s, int shooter, int target, int *mods_out);
int  ck_melee_factor(const CkState *s, int fig, int opp, bool attacker);
/* [CK Hand to hand Combat] where a charger from piece `from` (-1: open
 * ground) at t set off, as CK_OFF_* bits (ck_combat.c). */
unsigned ck_set_off(const CkState *s, int from, const CkFig *t);
int  ck_target_factor(const CkState *s, int target, int shooter);
/* [CK Combat Outcomes] where `loser` would recoil, beaten by `from` as they
 * stand, in (*x, *y) (ck_combat.c, as the fight would drive him: half his
 * move straight away, stopped as the rules stop him); true when, under
 * option blocked_recoil=dies, that recoil is cut short and he would die
 * rather than recoil. For the computer players, who weigh a shot by where
 * it would drive its man. */
bool ck_recoil_end(const CkState *s, int loser, int from, float *x, float *y);
void ck_prisoners_escape(CkState *s, int guard, GameIO *io);
void ck_prisoners_left(CkState *s, int guard, GameIO *io);
bool ck_attack_sets_off(const CkState *s, const Action *a);
/* [CK Hand to hand Combat] where charge, join or capture a (accepted)
 * brings its figure: his point of contact (ck_combat.c); false if none. */
bool ck_attack_contact(const CkState *s, const Action *a, float *cx, float *cy);
void ck_score_points(const CkState *s, int out[CK_SIDES]);
/* How many times each line of the points table scored at the end:
 * [side][event][figure type, or PT_PIECE]; its points, count times the table's. */
typedef struct CkTally {
    int n[CK_SIDES][PT_EVENT_COUNT][F_TYPE_COUNT + 1];
} CkTally;
void ck_score_tally(const CkState *s, CkTally *t);
void ck_standing_tally(const CkState *s, CkTally *t); /* what both may see before the end */
int  ck_points_words(const CkTally *t, int side, char *buf, size_t n);
/* The prompt's `score` (ck_score.c): the points each side holds so far. */
int  ck_standing(const void *st, FILE *out);
int  ck_tally_points(const CkTally *t, int side, int event, int column);
enum { CK_NMETRICS = 10 };
extern const char *const ck_metric_names[CK_NMETRICS];
void ck_metrics(const void *st, double out[]);
void ck_check_end(CkState *s, GameIO *io);
void ck_end_phase(CkState *s, GameIO *io);

/* "D1", "C3", "S2", "Y", "W", "X": a figure in text (ordinal within its type). */
void ck_fig_id(const CkState *s, int i, char buf[8]);
/* Figure i as the log names it for a person: its id and what it is, as
 * typed and shown on the map ("dragoon D1", "Charles X", "commander Y"); empty when
 * nobody reads the log (io NULL), which costs nothing. */
typedef struct CkLabel { char s[24]; } CkLabel;
CkLabel ck_fig_label(const CkState *s, int i, const GameIO *io);
/* What n figures of a type are called in the log, as a wargamer says it:
 * "dragoons", "cavalry troopers", "shot", "horse", "clubmen" ("clubman" for one). */
const char *ck_fig_noun(int type, int n);
const char *ck_chance_words(int card);
const char *ck_chance_said(int card, bool rain_went_on);
/* [CK Chance Cards] the arrivals waiting to come on, in words: "A Royalist
 * band: 4 shot, to come on at the west edge where the Royalist player
 * chooses" (the arrivals event's line, and the board's while they wait). */
void ck_arrivals_said(const CkState *s, char *buf, size_t n);
typedef struct CkSaid { char s[96]; } CkSaid;
CkSaid ck_cards_said(const char *disc, int prom);
/* The figure named by text ("D1", "y", or "R4": the 4th Royalist), or -1. */
int  ck_fig_find(const CkState *s, const char *name);

/* ---- contract ---- */
extern const GameOps ck_ops;
int  ck_legal(const void *st, Action *out, int cap);
int  ck_check(const void *st, const Action *a, Diag *d);
/* A bend by which the straight charge a would be accepted, the shortest
 * way of those ecw tries round the target (ck_combat.c); false if none. */
bool ck_charge_bend(const CkState *s, const Action *a, float *bx, float *by);
/* ck_check with what the caller knows (CkKnown): the same answer, without
 * looking the piece and the foes up again for every order of one figure. */
int  ck_check_known(const CkState *s, const Action *a, const CkKnown *k, Diag *d);
void ck_apply(void *st, const Action *a, GameIO *io);
void ck_view(const void *st, int player, Jw *out);
void ck_redeal(void *st, int player, Rng *rng);
/* The cards nobody has seen set to one fixed arrangement that depends only
 * on what is seen (the computer players' copy, in place of a re-deal). */
void ck_conceal(void *st, int player);
/* ck_conceal made in a copy (GameOps.conceal_into): dst holds the last view made. */
void ck_conceal_into(void *dst, const void *st, int player);
/* [CK Shooting factors] does ground of kind k cover its men at its edge only? */
bool ck_cover_at_edge(const CkState *s, int k);
/* The prompt's `roster`: the figures without the map. */
void ck_roster(const void *st, int player, FILE *out);
int  ck_describe(const void *st, const Action *a, char *buf, size_t n);
int  ck_caution(const void *st, const Action *a, char *buf, size_t n);
int  ck_own_figure(const CkState *s, int i, Diag *d);
int  ck_hidden_shown(const void *before, const void *now);
/* An inch measure as the orders and the log tell it: to 0.1", or to 0.01"
 * where it lies on a hundredth (as typed). */
typedef struct CkInch { char s[16]; } CkInch;
CkInch ck_inch(float v);
int  ck_parse(const void *st, const char *text, Action *out, Diag *d);
int  ck_group_order(const void *st, const char *lead, const char *order, char *buf, size_t n);
void ck_render(const void *st, int player, FILE *out);
int  ck_heuristic(const void *st, Rng *rng, Action *out);
int  ck_odds_cli(int argc, char **argv, FILE *out, Diag *d);

#endif
