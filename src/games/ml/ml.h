/* ml.h - Marston Less: state, verbs and the functions shared between the
 * files of this game. One file per phase of the sequence of play:
 *   ml_setup.c     [ML Set Up] [ML The Deck] [ML The Armies]
 *   ml_deploy.c    placing rough terrain, dragoons, lines, guns, generals
 *   ml_artillery.c [ML Artillery]
 *   ml_move.c      [ML Movement] [ML Rough Terrain] [ML Flanking] [ML Generals]
 *   ml_combat.c    [ML Combat] [ML Modifiers] [ML Push Backs] [ML Routers] [ML Pursuit]
 *   ml_rally.c     [ML Rallying] [ML Reforming]
 *   ml_flow.c      [ML The Game Sequence] [ML Initiative]: the phase machine, legal/check/apply
 *   ml_tables.c    the combat table, deck and armies from data/marston-less/
 *   ml_view.c, ml_text.c, ml_ai.c, ml_odds.c
 * The board: sectors 0..2 are left wing, centre, right wing as the Royalist
 * player sees them; zones 0..6 run from the Royalist base line (0) to the
 * Parliament base line (6). Royalists face +zone, Parliament faces -zone. */
#ifndef ECW_ML_H
#define ECW_ML_H
#include "core/game.h"
#include <string.h>
#include <stdatomic.h>

enum {
    ML_SECTORS = 3, ML_ZONES = 7, ML_SIDES = 2,
    ML_ROY = 0, ML_PAR = 1,
    ML_LEFT = 0, ML_CENTRE = 1, ML_RIGHT = 2,
    ML_MAX_UNITS = 24, ML_MAX_LINES = 8, ML_MAX_GENS = 6, ML_MAX_GUNS = 6,
    ML_MAX_DRAGOONS = 4, ML_DECK_MAX = 48, ML_HAND = 5,
    ML_FOOT_LINES = 3, ML_FOOT_PER_LINE = 5, ML_HORSE_LINES_PER_WING = 2, ML_HORSE_PER_LINE = 4,
    ML_ROUT_DP = 4, ML_NONE = 255, ML_MAX_FACTOR = 15, ML_DEFAULT_TURNS = 12,
};

typedef enum { ML_FOOT = 0, ML_HORSE = 1 } MlArm;
typedef enum { LS_FORMED = 0, LS_PURSUING, LS_ROUTED, LS_GONE } MlLineStatus;
typedef enum { APP_FRONT = 0, APP_FLANK, APP_REAR } MlApproach;

/* Verbs: C enum, JSON/CLI word and help text from one list. */
#define ML_VERBS(X) \
    X(ROUGH,    "rough",    "place rough terrain: rough SECTOR ZONE") \
    X(DRAGOONS, "dragoons", "place dragoons on a flank: dragoons left|right ZONE") \
    X(FORM,     "form",     "form a line: form SECTOR ZONE UNIT...") \
    X(GUN,      "gun",      "place a gun: gun N left|right ZONE") \
    X(GENERAL,  "general",  "attach a general at the start: general N LINE") \
    X(LIGHT,    "light",    "attach a light gun: light LINE") \
    X(FIRE,     "fire",     "fire a gun: fire N LINE") \
    X(HOLD,     "hold",     "hold a gun's fire: hold N") \
    X(MOVE,     "move",     "move a line: move LINE ZONE") \
    X(TURNIN,   "turnin",   "turn horse in on the centre: turnin LINE") \
    X(GENMOVE,  "genmove",  "move a general: genmove N SECTOR ZONE") \
    X(END,      "end",      "end your moves") \
    X(SPLIT,    "split",    "split the factor of an outnumbered line: split LINE N") \
    X(RALLY,    "rally",    "try to rally a pursuing line: rally LINE") \
    X(PRESS,    "press",    "let a pursuing line go on: press LINE")

typedef enum {
#define X(e, w, h) MLV_##e,
    ML_VERBS(X)
#undef X
    MLV_COUNT
} MlVerb;

extern const char *const ml_verb_words[MLV_COUNT];
extern const char *const ml_verb_help[MLV_COUNT];

typedef enum {
    PH_PLACE = 0, /* rough terrain and dragoons from the cards */
    PH_FORM,      /* forming lines */
    PH_ATTACH,    /* guns, generals, light guns */
    PH_ARTILLERY,
    PH_MOVE,
    PH_SPLIT,     /* an outnumbered line splits its factor */
    PH_RALLY,
    PH_OVER,
} MlPhase;

typedef struct MlUnit {
    uint8_t arm, str, line; /* line = ML_NONE until deployed */
    uint8_t alive;
} MlUnit;

typedef struct MlLine {
    uint8_t arm, status, sector, zone;
    uint8_t dp, str, nunits, general;   /* general index or ML_NONE */
    uint8_t light;                      /* light guns attached */
    uint8_t turned_in;                  /* horse that turned in on the centre */
    uint8_t approach;                   /* MlApproach of its last entry into an enemy's zone */
    uint8_t attacking;                  /* moved into contact (for the rough terrain modifier) */
    uint8_t split;                      /* factor given to the first opponent, or ML_NONE */
    uint8_t moved;                      /* times moved this phase (display only) */
    uint8_t rally_done;                 /* decided in this rally phase */
    uint8_t pad;
} MlLine;

typedef struct MlGeneral {
    uint8_t superior, alive, line, sector, zone; /* line ML_NONE = independent */
    uint8_t pad[3];
} MlGeneral;

typedef struct MlGun {
    uint8_t factor, alive, placed, divide, zone; /* divide 0 = left/centre, 1 = centre/right */
    uint8_t pad[3];
} MlGun;

typedef struct MlDragoons {
    uint8_t placed, flank, zone; /* flank 0 = left edge, 1 = right edge */
    uint8_t pad;
} MlDragoons;

typedef struct MlSide {
    MlUnit     units[ML_MAX_UNITS];
    MlLine     lines[ML_MAX_LINES];
    MlGeneral  gens[ML_MAX_GENS];
    MlGun      guns[ML_MAX_GUNS];
    MlDragoons drag[ML_MAX_DRAGOONS];
    uint8_t    nunits, nlines, ngens, nguns, ndrag;
    uint8_t    light_pending;   /* light guns still to attach */
    uint8_t    rough_pending;   /* rough terrain pieces still to place */
    uint8_t    hand[ML_HAND];   /* the cards drawn at set-up (card index) */
    uint8_t    start_str;       /* strength of the army when deployed */
    uint8_t    lost_str;        /* strength of routed lines */
    uint8_t    pad[3];
} MlSide;

/* Who stands where: an index of the lines on the table (formed or
 * pursuing) by cell, kept in the state so that a cell look-up is a bit
 * test instead of a scan of the lines; with it, the units waiting to
 * deploy and the rough cells. Cell c = sector * 8 + zone (see
 * ml_cell_bit). It is derived from the lines, units and board: whatever
 * changes a line's cell, status, general or turn-in calls ml_occ_remove
 * before a change of cell and ml_occ_update after any change (or
 * ml_occ_move for a change of cell), forming a line calls ml_occ_formed,
 * placing rough terrain sets its bit; code that sets these fields by hand
 * (tests, AI clones) calls ml_occ_rebuild. A cell never holds more than
 * two lines of a side: deployment, moves, pursuit and push backs all need
 * room first [ML Movement]. */
typedef struct MlOcc {
    uint8_t  at[ML_SIDES][ML_SECTORS * 8]; /* bit i: line i of the side stands there */
    uint32_t any[ML_SIDES];                /* cells with a line of the side */
    uint32_t two[ML_SIDES];                /* cells with two lines of the side */
    uint32_t foot[ML_SIDES];               /* cells with a foot line of the side */
    uint32_t turned[ML_SIDES];             /* cells with a line of the side that turned in */
    uint32_t no_gen[ML_SIDES];             /* cells with a line of the side without a general */
    uint32_t pursuing[ML_SIDES];           /* cells with a pursuing line of the side */
    /* Units of the side waiting to deploy (alive, in no line), by arm (0
     * foot, 1 horse) and strength 1..4 ([0]: any other strength); bit i =
     * unit i. Units change only at set-up and when a line forms. */
    uint32_t waiting[ML_SIDES][2][5];
    uint32_t rough;                        /* cells with rough terrain (ml_rough_cells) */
    /* Where the side's guns stand (alive and placed), each at the bit of
     * the left of the two sectors it borders: ml_cell_bit(divide, zone),
     * as ml_overrun_cells marks the cells that overrun a gun. Set when a
     * gun is placed, made again when guns are lost. */
    uint32_t guns[ML_SIDES];
    /* Where the side's alive generals stand: the cells with one or more,
     * with two or more, and with one not with a line. Set whenever a
     * general moves, attaches, leaves a line or is lost (ml_occ_generals,
     * or ml_occ_general_moved for a general who changed cell). */
    uint32_t generals[ML_SIDES], generals_two[ML_SIDES], lone_generals[ML_SIDES];
    /* The cells where a line of the side has its dragoons beside it (the
     * wing's zone next to them or either side of it): set when dragoons are
     * placed (ml_dragoon_cells). */
    uint32_t dragoons[ML_SIDES];
} MlOcc;
_Static_assert(ML_MAX_UNITS <= 32, "MlOcc.waiting holds one unit per bit of 32");
/* The mask of MlOcc.waiting (of one side) that holds unit u while it waits. */
static inline uint32_t *ml_waiting_mask(uint32_t waiting[2][5], const MlUnit *u)
{
    return &waiting[u->arm != ML_FOOT][u->str >= 1 && u->str <= 4 ? u->str : 0];
}
_Static_assert(ML_MAX_LINES <= 8, "MlOcc.at holds one line per bit of a byte");
/* Has the side units waiting to deploy? The index's masks read as 64-bit
 * words. */
static inline bool ml_units_waiting(const MlOcc *o, int side)
{
    uint64_t w[5], any = 0;
    _Static_assert(sizeof o->waiting[side] == sizeof w, "waiting: ten 32-bit masks");
    memcpy(w, o->waiting[side], sizeof w);
    for (int k = 0; k < 5; k++)
        any |= w[k];
    return any != 0;
}

typedef struct MlState {
    Rng     rng;
    MlSide  side[ML_SIDES];
    uint8_t rough[ML_SECTORS][ML_ZONES];
    uint8_t deck[ML_DECK_MAX];   /* undrawn cards: hidden from both views */
    uint8_t ndeck;
    uint8_t phase, to_act, player_a; /* player_a: initiative winner this turn */
    uint8_t turn, max_turns;
    uint8_t mover;               /* in PH_MOVE/PH_SPLIT: 0 = player A's phase, 1 = B's */
    uint8_t moves_made;          /* moves made in the current move phase */
    uint8_t gun_cursor;          /* next gun of to_act to consider */
    uint8_t winner;              /* 0, 1, 2 = draw, ML_NONE = not over */
    uint8_t foot_str4;           /* option: read the foot list as 4 x str4 */
    uint8_t end_reason;          /* 0 none, 1 army broke, 2 turn limit */
    uint8_t dragoons_wing;       /* option: dragoons flank their whole wing, not a zone either way */
    uint8_t pad[3];
    MlOcc   occ;                 /* derived from side[].lines: see MlOcc */
} MlState;

/* ---- tables (ml_tables.c) ---- */
typedef enum {
    CARD_GUN, CARD_LIGHT, CARD_DRAGOONS, CARD_ROUGH, CARD_GENERAL, CARD_SUPERIOR,
    CARD_VETERANS, CARD_RECRUIT_FOOT, CARD_RECRUIT_HORSE, CARD_SICKNESS, CARD_DESERTION,
    CARD_KIND_COUNT
} MlCardKind;

typedef struct MlCard {
    char    name[32];
    uint8_t kind, arg;     /* arg: gun factor or recruit strength */
} MlCard;

typedef struct MlTables {
    uint8_t dp[ML_MAX_FACTOR + 1][21]; /* dp[factor][roll] for factor 1..15, roll 1..20 */
    MlCard  cards[ML_DECK_MAX];
    uint8_t ncards;
    uint8_t foot[2][16], nfoot[2];     /* [0] default reading, [1] the str4 reading */
    uint8_t horse[16], nhorse;
    uint8_t generals, superiors;       /* generals each side starts with */
    double  odds[ML_MAX_FACTOR + 1][4];/* odds[factor][k]: chance of k DPs from one roll (ml_odds_dp) */
    MlSide  army[2];                   /* a side as it starts, before the cards, by reading of the foot list (ml_armies) */
    uint32_t army_waiting[2][2][5];    /* its units waiting to deploy, as MlOcc.waiting holds them */
    uint8_t gun_reach[ML_ZONES][128];  /* [zone][the zones of a sector troops hold]: the zones a gun reaches there (ml_gun_reach_zones) */
} MlTables;

/* The army each side starts with, before the cards [ML Set Up], made
 * into t->army (and its waiting units into t->army_waiting) once, when
 * the tables are parsed (ml_setup.c). */
void ml_armies(MlTables *t);

/* The tables once parsed (NULL before): read by ml_tables, set by ml_tables_load. */
extern _Atomic(const MlTables *) ml_tables_ready;
/* Parse the tables compiled into the binary once and return them. */
const MlTables *ml_tables_load(void);
/* The tables compiled into the binary, parsed once. Aborts on a broken
 * embedded file (a bug); use ml_tables_parse for user files. The rules
 * read them in their inner loops: after the first call one atomic load
 * answers, inline. */
static inline const MlTables *ml_tables(void)
{
    const MlTables *t = atomic_load_explicit(&ml_tables_ready, memory_order_acquire);
    return t ? t : ml_tables_load();
}
int  ml_tables_parse(MlTables *t, const char *combat, const char *deck, const char *armies,
                     Diag *d);
/* DPs inflicted by one roll at a factor (clamped to 1..15). Inline: a
 * combat reads it for every roll. */
static inline int ml_dp_for(int factor, int roll)
{
    factor = factor < 1 ? 1 : factor > ML_MAX_FACTOR ? ML_MAX_FACTOR : factor;
    return ml_tables()->dp[factor][roll];
}

/* ---- board helpers (ml_flow.c) ---- */
static inline int ml_fwd(int side) { return side == ML_ROY ? 1 : -1; }
static inline int ml_enemy(int side) { return 1 - side; }
static inline bool ml_on_board(int zone) { return zone >= 0 && zone < ML_ZONES; }
static inline bool ml_line_on_table(const MlLine *l)
{
    return l->status == LS_FORMED || l->status == LS_PURSUING;
}
/* Is zone one of `side`'s three deployment zones? */
static inline bool ml_home_zone(int side, int zone)
{
    return side == ML_ROY ? (zone >= 0 && zone <= 2) : (zone >= 4 && zone <= 6);
}
/* All ones if c, else zero: for masks built without branches, where a
 * random game would mispredict the branches. */
static inline uint32_t ml_ones_if(bool c) { return 0u - (uint32_t)c; }
/* The bit of a cell in the masks of MlOcc: 8 bits per sector, zone 0
 * lowest, so that the cells taken in bit order run sector by sector,
 * zone by zone. */
static inline int      ml_cell(int sector, int zone) { return sector * 8 + zone; }
static inline uint32_t ml_cell_bit(int sector, int zone) { return 1u << ml_cell(sector, zone); }
/* Every zone of a sector. */
static inline uint32_t ml_sector_bits(int sector) { return 0x7Fu << (sector * 8); }
/* The cells with rough terrain, as a mask of cells like those of MlOcc. */
uint32_t ml_rough_cells(const MlState *s);
/* Lines of `side` in a cell, up to 2: returns how many, indices in out
 * (inline: the rules and the computer player ask it in their inner loops). */
static inline int ml_lines_at(const MlState *s, int side, int sector, int zone, int out[2])
{
    if (sector < 0 || sector >= ML_SECTORS || !ml_on_board(zone))
        return 0;
    int n = 0;
    for (unsigned m = s->occ.at[side][ml_cell(sector, zone)]; m; m &= m - 1) {
        if (n < 2)
            out[n] = __builtin_ctz(m);
        n++;
    }
    return n;
}
/* Has `side` a line on the table in this cell? */
static inline bool ml_line_at(const MlState *s, int side, int sector, int zone)
{
    return s->occ.any[side] & ml_cell_bit(sector, zone);
}
static inline bool ml_cell_has_enemy_of(const MlState *s, int side, int sector, int zone)
{
    return ml_line_at(s, ml_enemy(side), sector, zone);
}
/* Keeping the index (MlOcc) in step with the lines: ml_occ_remove before
 * line li changes cell, ml_occ_update after anything of it changed;
 * ml_occ_formed after line li formed from the units of `set`, alone in
 * its cell (one line to a zone in deployment: a few operations). */
void ml_occ_remove(MlState *s, int side, int li);
void ml_occ_update(MlState *s, int side, int li);
void ml_occ_formed(MlState *s, int side, int li, uint32_t set);
/* The mark of lines without a general for a cell two lines of the side
 * share, worked out from both (ml_flow.c). */
void ml_occ_general_shared(MlState *s, int side, int cell);
/* Line li's general alone changed (it stays in its cell and status): the
 * one mask that follows generals, for its cell; inline for the usual
 * line alone in its cell, whose mark is its own (a general who moves
 * joins a line about half the time). */
static inline void ml_occ_general(MlState *s, int side, int li)
{
    const MlLine *l = &s->side[side].lines[li];
    int cell = ml_cell(l->sector, l->zone);
    uint32_t b = 1u << cell;
    if (s->occ.two[side] & b) {
        ml_occ_general_shared(s, side, cell);
        return;
    }
    s->occ.no_gen[side] = (s->occ.no_gen[side] & ~b) | (b & ml_ones_if(l->general == ML_NONE));
}

/* Line li of side goes to another cell: its sector and zone set, with
 * ml_occ_remove and ml_occ_update around, in a few operations when the
 * line was alone and goes where the side has no line (inline: the
 * computer player moves lines on its copies many times a decision). */
static inline void ml_occ_move(MlState *s, int side, int li, int sector, int zone)
{
    MlLine *l = &s->side[side].lines[li];
    MlOcc *o = &s->occ;
    int from = ml_cell(l->sector, l->zone), to = ml_cell(sector, zone);
    unsigned bit = 1u << li;
    if (!(o->at[side][from] == bit && o->at[side][to] == 0 && ml_line_on_table(l))) {
        ml_occ_remove(s, side, li);
        l->sector = (uint8_t)sector;
        l->zone = (uint8_t)zone;
        ml_occ_update(s, side, li);
        return;
    }
    /* Every mask loses the cell left and gains the one entered as the
     * line is now (a turn-in is marked on the line before it moves). */
    l->sector = (uint8_t)sector;
    l->zone = (uint8_t)zone;
    o->at[side][from] = 0;
    o->at[side][to] = (uint8_t)bit;
    uint32_t keep = ~(1u << from), t = 1u << to;
    o->any[side] = (o->any[side] & keep) | t;
    o->foot[side] = (o->foot[side] & keep) | (t & ml_ones_if(l->arm == ML_FOOT));
    o->turned[side] = (o->turned[side] & keep) | (t & ml_ones_if(l->turned_in != 0));
    o->no_gen[side] = (o->no_gen[side] & keep) | (t & ml_ones_if(l->general == ML_NONE));
    o->pursuing[side] = (o->pursuing[side] & keep) | (t & ml_ones_if(l->status == LS_PURSUING));
}
/* The generals' marks of the index for `side` made afresh from its
 * generals (see MlOcc.generals). */
void ml_occ_generals(MlState *s, int side);
/* General g of side left cell `from` (a bit of the index) for the cell he
 * stands in now: the generals' marks in a few operations when he was
 * alone there (inline: a line moving with its general calls it). */
static inline void ml_occ_general_moved(MlState *s, int side, uint32_t from, const MlGeneral *g)
{
    MlOcc *o = &s->occ;
    if (o->generals_two[side] & from) { /* another general stays behind: seldom */
        ml_occ_generals(s, side);
        return;
    }
    uint32_t to = ml_cell_bit(g->sector, g->zone);
    o->generals[side] &= ~from;
    o->lone_generals[side] &= ~from;
    o->generals_two[side] |= o->generals[side] & to;
    o->generals[side] |= to;
    o->lone_generals[side] |= to & ml_ones_if(g->line == ML_NONE);
}
/* The cells beside the side's placed dragoons (see MlOcc.dragoons). */
uint32_t ml_dragoon_cells(const MlSide *sd, bool whole_wing);
/* The cells of the guns of a side on the table (see MlOcc.guns). */
uint32_t ml_gun_cells(const MlSide *sd);
/* The index made afresh from the lines, and whether it agrees with them. */
void ml_occ_rebuild(MlState *s);
bool ml_occ_agrees(const MlState *s);
/* The index of a state just set up, which has nothing on the table: the
 * generals' marks (the set-up keeps the units waiting itself, the rest
 * of a fresh index being zero). */
void ml_occ_setup(MlState *s);

const char *ml_sector_name(int sector);
/* "R3" / "P1": a line's id in text and events (1-based). */
static inline void ml_line_id(int side, int li, char buf[8])
{
    int n = li + 1; /* at most ML_MAX_LINES: no printf in the hot path */
    buf[0] = side == ML_ROY ? 'R' : 'P';
    buf[1] = (char)('0' + n / 10 % 10);
    buf[2] = (char)('0' + n % 10);
    buf[3] = '\0';
    if (n < 10)
        buf[1] = buf[2], buf[2] = '\0';
}
/* "G2": a general's id in text and events (1-based), without printf. */
static inline void ml_general_id(int gi, char buf[8])
{
    int n = gi + 1; /* at most ML_MAX_GENS */
    buf[0] = 'G';
    buf[1] = (char)('0' + n / 10 % 10);
    buf[2] = (char)('0' + n % 10);
    buf[3] = '\0';
    if (n < 10)
        buf[1] = buf[2], buf[2] = '\0';
}
const char *ml_side_name(int side);
static inline const char *ml_side_title(int side) { return side == ML_ROY ? "Royalist" : "Parliament"; }

/* Roll one die as game_roll does. When nobody reads the dice nor supplies
 * them (no log, no outside roller: a simulation), game_roll is exactly one
 * rng_die on the state's generator, so that is all this does then: no
 * reason formatted, no event begun. */
static inline bool ml_dice_unwatched(const GameIO *io) { return !io || (!io->log && !io->roll); }
#define ml_roll(s, io, sides, player, ...)                                                        \
    (ml_dice_unwatched(io) ? rng_die(&(s)->rng, (sides))                                          \
                           : game_roll(&(s)->rng, (io), (sides), (player), __VA_ARGS__))

/* A die test of the rules: 1d6 plus a modifier against a number, passed
 * at `need` or more (or, with `at_most`, at `need` or less). The roll and
 * its result go to the log as one event of `type`. */
typedef struct MlTest {
    const char *type;       /* event type: "rally", "pursuit_test"... */
    const char *what;       /* what the test is, in the sentence */
    int         side;       /* whose test */
    int         roller;     /* who throws the die (the opponent for a turn-in) */
    const char *piece;      /* "R3", "G1" */
    int         mod, need;
    bool        at_most;
    const char *pass, *fail;/* the result in words */
} MlTest;
bool ml_die_test(MlState *s, GameIO *io, const MlTest *t);
/* The same test when nobody watches the dice (ml_dice_unwatched): the roll
 * alone decides, so callers skip making the test's words and ids. */
static inline bool ml_die_test_unwatched(MlState *s, int mod, int need, bool at_most)
{
    int roll = rng_die(&s->rng, 6);
    return at_most ? roll + mod <= need : roll + mod >= need;
}

/* An action's verb, piece, target and arg as one 64-bit word, laid out as
 * the first four fields of an Action are on a little-endian machine, so
 * that ml_put writes a listed action with three stores. */
static inline uint64_t ml_head(int verb, int piece, int target, int arg)
{
    return (uint64_t)(uint16_t)verb | (uint64_t)(uint16_t)piece << 16 | (uint64_t)(uint16_t)target << 32 |
           (uint64_t)(uint16_t)arg << 48;
}

/* Write the action of `head` (from ml_head) with `set`, no point and no bend. */
static inline void ml_put(Action *o, uint64_t head, uint32_t set)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    _Static_assert(offsetof(Action, verb) == 0 && offsetof(Action, piece) == 2 && offsetof(Action, target) == 4 &&
                   offsetof(Action, arg) == 6 && offsetof(Action, set) == 8, "ml_head is an Action's first 8 bytes");
    memcpy(o, &head, sizeof head);
    o->set = set;
    o->x = o->y = o->bx = o->by = 0;
#else
    *o = (Action){.verb = (int16_t)head, .piece = (int16_t)(head >> 16), .target = (int16_t)(head >> 32), .arg = (int16_t)(head >> 48), .set = set};
#endif
}

/* Append an action to a legal list of n actions; returns the new count. A
 * full list drops the rest (MAX_ACTIONS is far above what any Marston Less
 * position offers). The count goes by value so that it stays in a register. */
static inline int ml_push(Action *out, int cap, int n, int verb, int piece, int target, int arg, uint32_t set)
{
    if (n >= cap)
        return n;
    ml_put(&out[n], ml_head(verb, piece, target, arg), set);
    return n + 1;
}

/* How many bits are set (the machine may lack a popcount instruction). */
static inline int ml_count_bits64(uint64_t m)
{
    m = m - (m >> 1 & 0x5555555555555555ull);
    m = (m & 0x3333333333333333ull) + (m >> 2 & 0x3333333333333333ull);
    return (int)(((m + (m >> 4)) & 0x0F0F0F0F0F0F0F0Full) * 0x0101010101010101ull >> 56);
}
/* Whether the machine has a popcount instruction (x86 machines since
 * 2008; the build does not assume one): asked once by a decision that
 * counts many masks, which then counts each with ml_popcnt. */
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
static inline bool ml_has_popcnt(void) { return __builtin_cpu_supports("popcnt"); }
static inline int ml_popcnt(uint32_t m)
{
    uint32_t bits;
    __asm__("popcntl %1, %0" : "=r"(bits) : "rm"(m) : "cc");
    return (int)bits;
}
static inline int ml_popcnt64(uint64_t m)
{
#if defined(__x86_64__)
    uint64_t bits;
    __asm__("popcntq %1, %0" : "=r"(bits) : "rm"(m) : "cc");
    return (int)bits;
#else
    return ml_popcnt((uint32_t)m) + ml_popcnt((uint32_t)(m >> 32));
#endif
}
#else
static inline bool ml_has_popcnt(void) { return false; }
static inline int ml_popcnt(uint32_t m) { return ml_count_bits64(m); }
static inline int ml_popcnt64(uint64_t m) { return ml_count_bits64(m); }
#endif
/* The position of the set bit of m that has k set bits below it (k is
 * less than the bits of m): the k-th entry of a list kept as a mask. */
static inline int ml_nth_bit(uint64_t m, int k)
{
    for (; k > 0; k--)
        m &= m - 1;
    return __builtin_ctzll(m);
}
/* ml_nth_bit for a mask of one byte (k below its bits), read off a
 * table: the loop's k steps end where the random player's draw fell, a
 * branch that mispredicts often. ml_nth_bit_table[m][k] (ml_flow.c). */
extern const uint8_t ml_nth_bit_table[256][8];
static inline int ml_nth_bit8(unsigned m, int k) { return ml_nth_bit_table[m & 0xFF][k & 7]; }

/* ---- phases ---- */
int  ml_deploy_legal(const MlState *s, Action *out, int cap);   /* ml_deploy.c */
/* In PH_PLACE, legal_choose for rough terrain and dragoons. */
int  ml_place_choose(const MlState *s, GameChoose choose, void *ud, Action *out);
/* In PH_FORM, legal_choose for the lines to form (see ml_legal_choose). */
int  ml_form_choose(const MlState *s, GameChoose choose, void *ud, Action *out);
/* In PH_ATTACH, legal_choose for guns, generals and light guns. */
int  ml_attach_choose(const MlState *s, GameChoose choose, void *ud, Action *out);
int  ml_deploy_check(const MlState *s, const Action *a, Diag *d);
void ml_deploy_apply(MlState *s, const Action *a, GameIO *io);
/* Deployment played by the random player, side p drawing from rngs[p],
 * up to `bound` actions: the choices of ml_place_choose, ml_form_choose
 * and ml_attach_choose and ml_deploy_apply, without ml_legal_choose's and
 * ml_apply's dispatch on the phase. Returns the actions made; 0 if the
 * side to act has none. */
long ml_deploy_random(MlState *s, Rng *const rngs[], GameIO *io, long bound);
/* After a placement (the turn passed to the other player, as ml_apply
 * does): the next player to place, found as ml_advance would, or the next
 * step of the game when nobody has anything left to place in this one
 * (victory is not tested before the battle). */
void ml_deploy_next(MlState *s, GameIO *io);
int  ml_art_legal(const MlState *s, Action *out, int cap);      /* ml_artillery.c */
/* In PH_ARTILLERY, legal_choose for the gun to fire (see ml_legal_choose). */
int  ml_art_choose(const MlState *s, GameChoose choose, void *ud, Action *out);
int  ml_art_check(const MlState *s, const Action *a, Diag *d);
void ml_art_apply(MlState *s, const Action *a, GameIO *io);
/* The artillery steps played by the random player, side p drawing from
 * rngs[p], up to `bound` actions: ml_art_choose and ml_art_apply without
 * ml_legal_choose's and ml_apply's dispatch. Returns the actions made. */
long ml_art_random(MlState *s, Rng *const rngs[], GameIO *io, long bound);
/* [ML Artillery] the zones (bit z) of one of the two sectors a gun at
 * `zone` borders that it reaches, `held` being the zones of that sector
 * troops of either side hold: up to 3 zones up or down, not past a zone
 * holding troops. Made into MlTables.gun_reach once, for every zone and
 * held set of a sector. */
uint8_t ml_gun_reach_zones(int zone, unsigned held);
/* [ML Artillery] the cells a gun on dividing line `divide` (0: left and
 * centre, 1: centre and right) at `zone` reaches: the zones of each of the
 * two sectors it borders read off MlTables.gun_reach. Inline, as are the
 * two below: the rules and the computer player ask them often. */
static inline uint32_t ml_gun_reach(const MlState *s, int divide, int zone)
{
    const uint8_t *reach = ml_tables()->gun_reach[zone];
    uint32_t held = (s->occ.any[0] | s->occ.any[1]) >> (divide * 8);
    return ((uint32_t)reach[held & 0x7F] | (uint32_t)reach[held >> 8 & 0x7F] << 8) << (divide * 8);
}
/* The cells `side`'s gun could fire into now (enemy there, no friends), 0
 * if it cannot fire: one mask for all the targets of a gun. */
static inline uint32_t ml_gun_targets(const MlState *s, int side, int gun)
{
    if (gun < 0 || gun >= s->side[side].nguns)
        return 0;
    const MlGun *g = &s->side[side].guns[gun];
    uint32_t ready = ml_ones_if((g->alive != 0) & (g->placed != 0)); /* no branch: asked gun by gun */
    return s->occ.any[ml_enemy(side)] & ~s->occ.any[side] & ml_gun_reach(s, g->divide, g->zone) & ready;
}
/* [ML Artillery] guns whose two bordering zones hold enemy lines and no
 * friends are lost. The test on the masks comes first, inline: a gun is
 * seldom lost, and the rules ask after every line that moves or routs. */
void ml_guns_overrun(MlState *s, GameIO *io);
static inline uint32_t ml_overrun_cells(const MlState *s, int side)
{
    uint32_t enemy_only = s->occ.any[ml_enemy(side)] & ~s->occ.any[side];
    return enemy_only & enemy_only >> 8; /* bit of the left sector of two such cells side by side */
}
static inline void ml_guns_check_lost(MlState *s, GameIO *io)
{
    if ((ml_overrun_cells(s, ML_ROY) & s->occ.guns[ML_ROY]) | (ml_overrun_cells(s, ML_PAR) & s->occ.guns[ML_PAR]))
        ml_guns_overrun(s, io);
}
int  ml_move_legal(const MlState *s, Action *out, int cap);     /* ml_move.c */
/* In PH_MOVE, legal_choose for the moves (see ml_legal_choose). */
int  ml_move_choose(const MlState *s, GameChoose choose, void *ud, Action *out);
/* The move phase of the side to act played by the random player drawing
 * from rng (ml_move_choose and ml_move_apply in turn) until the phase
 * ends or `bound` (> 0) moves are made; returns the moves made. */
long ml_move_phase_random(MlState *s, Rng *rng, GameIO *io, long bound);
int  ml_move_check(const MlState *s, const Action *a, Diag *d);
void ml_move_apply(MlState *s, const Action *a, GameIO *io);
void ml_pursuers_advance(MlState *s, int side, GameIO *io);
void ml_pursue_step(MlState *s, int side, int li, GameIO *io);
void ml_enter_cell(MlState *s, int side, int li, int sector, int zone, int approach_hint, GameIO *io);
/* Does a line face two enemy lines? Only such a line splits its factor
 * (ml_split_needed), in the split phase just before combat. */
static inline bool ml_splits_possible(const MlOcc *o) { return (o->two[0] & o->any[1]) | (o->two[1] & o->any[0]); }
bool ml_split_needed(const MlState *s, int *side, int *line);   /* ml_combat.c */
int  ml_split_legal(const MlState *s, Action *out, int cap);
int  ml_split_check(const MlState *s, const Action *a, Diag *d);
void ml_split_apply(MlState *s, const Action *a);
void ml_combat_all(MlState *s, GameIO *io);
/* A line's combat factor with every modifier [ML Modifiers]; the
 * modifiers that applied are listed in mods (if not NULL). */
typedef struct MlMods { int n; const char *why[8]; int8_t v[8]; } MlMods;
int  ml_factor(const MlState *s, int side, int li, MlMods *mods);
void ml_rout(MlState *s, int side, int li, GameIO *io);
void ml_add_dp(MlState *s, int side, int li, int dp, GameIO *io);
int  ml_rally_legal(const MlState *s, Action *out, int cap);    /* ml_rally.c */
int  ml_rally_check(const MlState *s, const Action *a, Diag *d);
void ml_rally_apply(MlState *s, const Action *a, GameIO *io);
void ml_reform_all(MlState *s, GameIO *io);
/* The bonus of line li's general: +1 ordinary, +2 superior, 0 without. */
static inline int ml_gen_bonus(const MlState *s, int side, int li)
{
    int g = s->side[side].lines[li].general, has = g != ML_NONE; /* no branch: a die test follows */
    return has * (1 + (s->side[side].gens[has ? g : 0].superior != 0));
}

/* flow (ml_flow.c) */
void ml_advance(MlState *s, GameIO *io);  /* run procedures until a decision is needed */
/* The same after an action outside the move phases, victory tested first
 * only if `test` (the action changed the lost strengths). */
void ml_advance_after(MlState *s, GameIO *io, bool test);

/* ---- contract ---- */
extern const GameOps ml_ops;
int  ml_setup(void *st, const Options *opt, uint64_t seed, Diag *d);
int  ml_current_player(const void *st);
int  ml_legal(const void *st, Action *out, int cap);
/* The contract's legal_choose: the action ml_legal lists at the index
 * choose(ud, n) returns, n = how many it lists; the moves, the placing
 * of rough terrain and dragoons, the forming of lines, the attaching of
 * guns and generals and the guns' fire (all but the splits and rallies)
 * without writing the list. */
int  ml_legal_choose(const void *st, GameChoose choose, void *ud, Action *out);
int  ml_check(const void *st, const Action *a, Diag *d);
void ml_apply(void *st, const Action *a, GameIO *io);
/* The contract's random_playout. */
long ml_random_playout(void *st, Rng *const rngs[], GameIO *io, long bound);
bool ml_terminal(const void *st);
void ml_score(const void *st, double out[]);
int  ml_turn(const void *st);
void ml_view(const void *st, int player, Jw *out);            /* ml_view.c */
void ml_redeal(void *st, int player, Rng *rng);
double ml_additional_move_chance(const MlState *s, const Action *a); /* ml_move.c */
int  ml_describe(const void *st, const Action *a, char *buf, size_t n); /* ml_text.c */
int  ml_parse(const void *st, const char *text, Action *out, Diag *d);
void ml_render(const void *st, int player, FILE *out);
int  ml_heuristic(const void *st, Rng *rng, Action *out);     /* ml_ai.c */
int  ml_odds_cli(int argc, char **argv, FILE *out, Diag *d);   /* ml_odds.c */
/* Exact chances of 0..3 DPs from one roll at factor f (clamped to
 * 1..15), read from the table worked out when the tables were parsed. */
void ml_odds_dp(int factor, double p[4]);

#endif
