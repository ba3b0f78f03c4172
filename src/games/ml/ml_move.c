/* ml_move.c - Marston Less movement [ML Movement]: one free move, then
 * further moves each needing a 1d6; foot move 1 zone, horse 2 zones, and
 * generals 2 zones or sectors [ML Generals]; rough terrain stops horse
 * [ML Rough Terrain]; horse turning in on the centre [ML Flanking];
 * pursuing lines moving on [ML Pursuit]. */
#include "ml.h"
#include <assert.h>
#include <stdlib.h>

static bool engaged(const MlState *s, int side, const MlLine *l)
{
    return ml_cell_has_enemy_of(s, side, l->sector, l->zone);
}

/* The board as the moves of the side to act see it, worked out once per
 * legal() or check() call. */
typedef struct MoveCtx {
    const MlOcc *o;        /* the state's index */
    int          side, foe;
    uint32_t     held;     /* cells holding a line of either side */
    uint32_t     stand[2]; /* cells a moving line may stand in: [1] if it is horse that turned in */
    uint32_t     led;      /* cells where every friendly line already has a general */
    uint32_t     blocked;  /* cells a horse may not pass through: troops or rough terrain */
} MoveCtx;

/* [ML Movement] one line per side in a zone, unless one of two friendly
 * lines is horse that turned in on a lone enemy foot line [ML Flanking]:
 * the cells horse that turned in may stand in, then (stand_cells) those
 * for any line ([0]) and for horse that turned in ([1]). */
static inline uint32_t stand_turned(const MlOcc *o, int side)
{
    int foe = ml_enemy(side);
    return ~(o->two[foe] | o->two[side]) & (~o->any[side] | o->foot[foe]);
}

static void stand_cells(const MlOcc *o, int side, uint32_t stand[2])
{
    int foe = ml_enemy(side);
    uint32_t roomy = ~(o->two[foe] | o->two[side]); /* so an enemy there stands alone */
    stand[0] = roomy & (~o->any[side] | (o->foot[foe] & o->turned[side]));
    stand[1] = stand_turned(o, side);
}

static inline void move_ctx(const MlState *s, MoveCtx *c)
{
    c->o = &s->occ;
    c->side = s->to_act;
    c->foe = ml_enemy(c->side);
    c->held = c->o->any[0] | c->o->any[1];
    stand_cells(c->o, c->side, c->stand);
    c->led = c->o->any[c->side] & ~c->o->no_gen[c->side];
    c->blocked = c->held | s->occ.rough;
}

/* ---------------- lines ---------------- */

/* Why a line may not move where asked (LM_OK: it may): the rules as
 * check() tests them, one reason at a time, so that it can put the reason
 * into words. legal() tests the same rules as masks (below). */
typedef enum {
    LM_OK = 0, LM_NO_LINE, LM_NOT_FORMED, LM_ENGAGED, /* the line */
    LM_REACH, LM_IN_THE_WAY, LM_ROUGH, LM_NO_ROOM,    /* the zone it goes to */
} LineMoveWhy;

/* [ML Movement] only a formed line out of contact moves (ecw: a line in
 * combat may not move away). */
static inline LineMoveWhy line_mover_why(const MlState *s, const MoveCtx *c, int li)
{
    const MlSide *sd = &s->side[c->side];
    if (li < 0 || li >= sd->nlines)
        return LM_NO_LINE;
    const MlLine *l = &sd->lines[li];
    if (l->status != LS_FORMED)
        return LM_NOT_FORMED;
    if (c->o->any[c->foe] & ml_cell_bit(l->sector, l->zone))
        return LM_ENGAGED;
    return LM_OK;
}

/* [ML Movement] foot move 1 zone along their sector, horse 2. */
static inline int line_reach(const MlLine *l) { return l->arm == ML_HORSE ? 2 : 1; }

/* [ML Movement] not through a line nor through rough terrain [ML Rough
 * Terrain], into a zone with room; target is on the board, within reach. */
static inline LineMoveWhy line_path_why(const MlState *s, const MoveCtx *c, const MlLine *l, int target)
{
    if (target == l->zone + 2 || target == l->zone - 2) {
        int mid = (target + l->zone) / 2;
        if (c->held & ml_cell_bit(l->sector, mid))
            return LM_IN_THE_WAY;
        if (s->rough[l->sector][mid])
            return LM_ROUGH;
    }
    if (!(c->stand[l->turned_in != 0] & ml_cell_bit(l->sector, target)))
        return LM_NO_ROOM;
    return LM_OK;
}

static LineMoveWhy line_target_why(const MlState *s, const MoveCtx *c, const MlLine *l, int target)
{
    int dz = abs(target - l->zone);
    if (!ml_on_board(target) || dz < 1 || dz > line_reach(l))
        return LM_REACH;
    return line_path_why(s, c, l, target);
}

static int explain_line_move(const MlState *s, const Action *a, LineMoveWhy why, Diag *d)
{
    if (why == LM_NO_LINE)
        return diag_set(d, "no such line");
    const MlLine *l = &s->side[s->to_act].lines[a->piece];
    int reach = line_reach(l), mid = (a->target + l->zone) / 2;
    switch (why) {
    case LM_NOT_FORMED: return diag_set(d, "that line is %s", l->status == LS_PURSUING ? "pursuing" : "gone");
    case LM_ENGAGED: return diag_set(d, "that line is in combat and may not move away (ecw rule)");
    case LM_REACH:
        return diag_set(d, "%s move %d zone%s along their sector", l->arm == ML_HORSE ? "horse" : "foot", reach,
                        reach > 1 ? "s" : "");
    case LM_IN_THE_WAY: return diag_set(d, "a line stands in the way (zone %d)", mid + 1);
    case LM_ROUGH: return diag_set(d, "rough terrain in zone %d stops horse there", mid + 1);
    default: return diag_set(d, "no room in that zone: one line per side");
    }
}

static int check_line_move(const MlState *s, const MoveCtx *c, const Action *a, Diag *d)
{
    LineMoveWhy why = line_mover_why(s, c, a->piece);
    if (why == LM_OK)
        why = line_target_why(s, c, &s->side[c->side].lines[a->piece], a->target);
    return why == LM_OK ? 0 : explain_line_move(s, a, why, d);
}

/* ---------------- turning in ---------------- */

typedef enum { TI_OK = 0, TI_NO_LINE, TI_NOT_WING_HORSE, TI_ENEMY_IN_THE_WAY, TI_NO_ROOM } TurnInWhy;

/* Centre zones further up the board than `zone` for `side`. */
static uint32_t centre_beyond(int side, int zone)
{
    uint32_t below = (1u << zone) - 1, above = 0x7Fu & ~((2u << zone) - 1);
    return (side == ML_ROY ? above : below) << (ML_CENTRE * 8);
}

/* [ML Flanking] horse on a wing cleared of enemy lines may turn in on the
 * centre zone beside it, on or behind the enemy's rearmost foot line. */
static TurnInWhy turnin_why(const MlState *s, const MoveCtx *c, int li)
{
    const MlSide *sd = &s->side[c->side];
    if (li < 0 || li >= sd->nlines)
        return TI_NO_LINE;
    const MlLine *l = &sd->lines[li];
    if (l->arm != ML_HORSE || l->status != LS_FORMED || l->sector == ML_CENTRE)
        return TI_NOT_WING_HORSE;
    if ((c->o->any[c->foe] & ml_sector_bits(l->sector)) || (c->o->foot[c->foe] & centre_beyond(c->side, l->zone)))
        return TI_ENEMY_IN_THE_WAY;
    if (!(c->stand[1] & ml_cell_bit(ML_CENTRE, l->zone)))
        return TI_NO_ROOM;
    return TI_OK;
}

/* The first enemy line, in the order of the lines, that keeps the horse
 * from turning in, in words. */
static int explain_enemy_in_the_way(const MlState *s, const MlLine *l, Diag *d)
{
    int foe = ml_enemy(s->to_act), f = ml_fwd(s->to_act);
    for (int i = 0; i < s->side[foe].nlines; i++) {
        const MlLine *e = &s->side[foe].lines[i];
        if (!ml_line_on_table(e))
            continue;
        if (e->sector == l->sector)
            return diag_set(d, "the wing is not cleared of enemy lines");
        if (e->sector == ML_CENTRE && e->arm == ML_FOOT && e->zone * f > l->zone * f)
            return diag_set(d, "enemy foot stands further up the board (zone %d)", e->zone + 1);
    }
    return diag_set(d, "an enemy line is in the way");
}

static int check_turnin(const MlState *s, const MoveCtx *c, const Action *a, Diag *d)
{
    switch (turnin_why(s, c, a->piece)) {
    case TI_OK: return 0;
    case TI_NO_LINE: return diag_set(d, "no such line");
    case TI_NOT_WING_HORSE: return diag_set(d, "only formed horse on a wing may turn in");
    case TI_ENEMY_IN_THE_WAY: return explain_enemy_in_the_way(s, &s->side[s->to_act].lines[a->piece], d);
    default: return diag_set(d, "no room in the centre zone");
    }
}

/* ---------------- generals ---------------- */

typedef enum {
    GM_OK = 0, GM_NO_GENERAL, GM_WITH_PURSUER,              /* the general */
    GM_NO_ZONE, GM_NOT_STRAIGHT, GM_BLOCKED, GM_INTO_ENEMY, /* the zone he goes to */
    GM_LINE_HAS_GENERAL,
} GenMoveWhy;

static inline GenMoveWhy general_mover_why(const MlState *s, int side, int gi)
{
    const MlSide *sd = &s->side[side];
    if (gi < 0 || gi >= sd->ngens || !sd->gens[gi].alive)
        return GM_NO_GENERAL;
    const MlGeneral *g = &sd->gens[gi];
    if (g->line != ML_NONE && sd->lines[g->line].status == LS_PURSUING)
        return GM_WITH_PURSUER;
    return GM_OK;
}

/* [ML Generals] not through nor into the enemy, and onto friends only
 * where a line has no general; ds, dz: a straight move of 1 or 2 onto the
 * board. */
static inline GenMoveWhy general_path_why(const MoveCtx *c, const MlGeneral *g, int ds, int dz)
{
    uint32_t foe = c->o->any[c->foe], cell = ml_cell_bit(g->sector + ds, g->zone + dz);
    if ((ds == 2 || ds == -2 || dz == 2 || dz == -2) && (foe & ml_cell_bit(g->sector + ds / 2, g->zone + dz / 2)))
        return GM_BLOCKED;
    if (foe & cell)
        return GM_INTO_ENEMY;
    if (c->led & cell)
        return GM_LINE_HAS_GENERAL;
    return GM_OK;
}

/* [ML Generals] a general moves up to 2 zones or 2 sectors in a straight line. */
static GenMoveWhy general_target_why(const MoveCtx *c, const MlGeneral *g, int target)
{
    int ts = target / ML_ZONES, tz = target % ML_ZONES;
    if (target < 0 || ts >= ML_SECTORS)
        return GM_NO_ZONE;
    int ds = ts - g->sector, dz = tz - g->zone;
    if ((ds && dz) || (!ds && !dz) || abs(ds) > 2 || abs(dz) > 2)
        return GM_NOT_STRAIGHT;
    return general_path_why(c, g, ds, dz);
}

static int check_genmove(const MlState *s, const MoveCtx *c, const Action *a, Diag *d)
{
    GenMoveWhy why = general_mover_why(s, c->side, a->piece);
    if (why == GM_OK)
        why = general_target_why(c, &s->side[c->side].gens[a->piece], a->target);
    switch (why) {
    case GM_OK: return 0;
    case GM_NO_GENERAL: return diag_set(d, "no such general");
    case GM_WITH_PURSUER: return diag_set(d, "a general may not leave a pursuing line");
    case GM_NO_ZONE: return diag_set(d, "no such zone");
    case GM_NOT_STRAIGHT: return diag_set(d, "generals move up to 2 zones or sectors, not diagonally");
    case GM_BLOCKED: return diag_set(d, "the enemy blocks the way");
    case GM_INTO_ENEMY: return diag_set(d, "a general may not ride into the enemy");
    default: return diag_set(d, "the line there already has a general");
    }
}

/* ---------------- check and legal ---------------- */

int ml_move_check(const MlState *s, const Action *a, Diag *d)
{
    MoveCtx c;
    move_ctx(s, &c);
    switch (a->verb) {
    case MLV_MOVE: return check_line_move(s, &c, a, d);
    case MLV_TURNIN: return check_turnin(s, &c, a, d);
    case MLV_GENMOVE: return check_genmove(s, &c, a, d);
    case MLV_END: return 0;
    default: return diag_set(d, "now is the time to move lines or generals, or end");
    }
}

/* The legal moves below test the same rules as the *_why functions above
 * (which check() uses to explain a refusal), but as bit masks over the
 * cells with few branches: in a random game each test goes one way or the
 * other at random, and mispredicted branches cost more than the tests.
 * tests/rules/ml checks that legal() lists exactly the moves check() accepts. */

_Static_assert(ML_MAX_LINES <= 8 && ML_MAX_GENS <= 8, "legal() gathers a byte per line or general in 64 bits");

/* [ML Flanking] as turnin_why, on masks: the wing cells from which formed
 * horse may turn in on the centre zone beside it. The wing holds no enemy,
 * the centre zone has room for horse that turned in, and no enemy foot
 * stands further up the board in the centre. */
static uint32_t turn_in_cells(const MlOcc *o, int side, uint32_t stand_turned)
{
    uint32_t foe = o->any[ml_enemy(side)], foot = o->foot[ml_enemy(side)] >> (ML_CENTRE * 8) & 0x7Fu;
    uint32_t zones = stand_turned >> (ML_CENTRE * 8) & 0x7Fu;
    if (foot) /* the zones below the highest enemy foot (Royalists), above the lowest (Parliament) */
        zones &= side == ML_ROY ? ~((1u << (31 - __builtin_clz(foot))) - 1) : (2u << __builtin_ctz(foot)) - 1;
    uint32_t left = zones & ml_ones_if(!(foe & ml_sector_bits(ML_LEFT)));
    uint32_t right = zones & ml_ones_if(!(foe & ml_sector_bits(ML_RIGHT)));
    return left << (ML_LEFT * 8) | right << (ML_RIGHT * 8);
}

/* The masks the line moves are read from, worked out once per call: the
 * cells a line may stand in ([1]: horse that turned in) with zone 7 of
 * each sector (off the board) cleared, the cells a 2-zone move up (down)
 * may end in (the cell passed clear and on the board: zone 7 counts as
 * blocked), the cells free of the enemy, the cells horse may turn in from
 * (left 0 here, worked out by the one that reads it, line_move_set: the
 * move decision looks for turn-ins only where horse stands on a clear
 * wing). */
typedef struct LineMasks {
    uint32_t stand[2], far_up, far_down, free, turn_in;
} LineMasks;

static inline void line_masks(const MoveCtx *c, LineMasks *m)
{
    uint32_t stops = c->blocked | 0x808080u;
    m->stand[0] = c->stand[0] & 0x7F7F7Fu;
    m->stand[1] = c->stand[1] & 0x7F7F7Fu;
    m->far_up = ~(stops << 1);
    m->far_down = ~(stops >> 1);
    m->free = ~c->o->any[c->foe];
    m->turn_in = 0;
}

/* [ML Movement] the moves of formed line l as a byte: bits 0-6 the zones
 * of its sector it may move to, bit 7 its turn-in [ML Flanking]. As
 * line_mover_why and line_path_why: none for a line in combat, else 1
 * zone for foot, 2 for horse, not through a line nor rough terrain, into
 * a zone with room. No target leaves the sector (see LineMasks). */
static inline uint32_t line_move_byte(const LineMasks *m, const MlLine *l)
{
    int first = l->sector * 8, zone = l->zone;
    uint32_t here = 1u << (first + zone), horse = ml_ones_if(l->arm == ML_HORSE);
    uint32_t far = (here << 2 & m->far_up) | (here >> 2 & m->far_down);
    uint32_t cells = (here << 1 | here >> 1 | (far & horse)) & m->stand[l->turned_in != 0];
    cells &= ml_ones_if(m->free & here);
    cells |= (m->turn_in & here & horse) << (7 - zone); /* the turn-in: zone 7 of its sector, never a target */
    return cells >> first;
}

/* Every line move and turn-in as one set, byte li for line li (see
 * line_move_byte), so that they come out line by line, each line's moves
 * from the Royalist base line up, then its turn-in. */
static uint64_t line_move_set(const MlState *s, const MoveCtx *c)
{
    const MlSide *sd = &s->side[c->side];
    LineMasks m;
    line_masks(c, &m);
    m.turn_in = turn_in_cells(c->o, c->side, c->stand[1]);
    uint64_t moves = 0;
    for (int li = 0; li < sd->nlines; li++) {
        const MlLine *l = &sd->lines[li];
        if (l->status == LS_FORMED)
            moves |= (uint64_t)line_move_byte(&m, l) << (li * 8);
    }
    return moves;
}

/* The line move or turn-in of bit `bit` of a line move set. */
static inline uint64_t line_move_head(int bit)
{
    int li = bit / 8, zone = bit % 8; /* zone 7: the turn-in */
    return zone == 7 ? ml_head(MLV_TURNIN, li, 0, 0) : ml_head(MLV_MOVE, li, zone, 0);
}

/* How many bits n masks of cells hold together (n a constant, each mask
 * within 24 bits, under 256 in all) without a popcount instruction: two
 * masks a 64-bit word, the words summed as they are counted, three at a
 * time in nibbles, then in bytes. */
static inline int count_cells_swar(const uint32_t *m, int n)
{
    const uint64_t m1 = 0x5555555555555555ull, m2 = 0x3333333333333333ull, m4 = 0x0F0F0F0F0F0F0F0Full;
    uint64_t bytes = 0;
    for (int i = 0; i < n; i += 6) {
        uint64_t nibbles = 0; /* <= 12 a nibble */
        for (int j = i; j < n && j < i + 6; j += 2) {
            uint64_t w = m[j] | (j + 1 < n ? (uint64_t)m[j + 1] << 32 : 0);
            w -= w >> 1 & m1;
            nibbles += (w & m2) + (w >> 2 & m2);
        }
        bytes += (nibbles & m4) + (nibbles >> 4 & m4);
    }
    return (int)(bytes * 0x0101010101010101ull >> 56);
}

/* How many bits n masks of cells hold together: with the popcount
 * instruction when the machine has one (popcnt, see ml_has_popcnt), else
 * count_cells_swar, which debug builds check the instruction against. */
static inline int count_cells(const uint32_t *m, int n, bool popcnt)
{
    if (!popcnt)
        return count_cells_swar(m, n);
    int bits = 0;
    for (int i = 0; i < n; i++)
        bits += ml_popcnt(m[i]);
    assert(bits == count_cells_swar(m, n));
    return bits;
}

/* The line moves of a side as masks of the cells they start from, one
 * mask a way of moving, in the order a line's moves are listed: 2 zones
 * down, 1 down, 1 up, 2 up, turn-in. */
typedef struct LineWays {
    uint32_t way[5];
} LineWays;

/* How a line's moves are listed for each way of LineWays: the change of
 * zone (the turn-in: none, see line_way_head). */
static const int8_t line_way_dz[5] = {-2, -1, 1, 2, 0};

/* [ML Movement] [ML Flanking] the moves of every line at once, read off the
 * index, for a side none of whose lines shares a cell or turned in (see
 * plain_moves): a formed line out of combat (not one pursuing, alone in
 * its cell) moves into a cell
 * without friends where the enemy, if any, stands alone; horse also 2
 * zones through a cell clear of troops and rough terrain, or turns in
 * from a wing free of the enemy. Lines in different cells reach different
 * cells in any one direction, so each direction's cells, read where they
 * were reached from, are the lines that move that way. */
static inline void plain_line_ways(const MlOcc *o, int side, LineWays *w)
{
    int foe = ml_enemy(side);
    uint32_t board = 0x7F7F7Fu; /* zone 7 of each sector, off the board, is neither stood in nor passed */
    uint32_t stand = ~(o->two[foe] | o->any[side]) & board;
    uint32_t clear = ~(o->any[0] | o->any[1] | o->rough) & board;
    uint32_t movers = o->any[side] & ~(o->any[foe] | o->pursuing[side]), horse = movers & ~o->foot[side];
    w->way[0] = horse & stand << 2 & clear << 1;
    w->way[1] = movers & stand << 1;
    w->way[2] = movers & stand >> 1;
    w->way[3] = horse & stand >> 2 & clear >> 1;
    /* the turn-ins only when formed horse stands on a wing free of the
     * enemy: adding 0x7F to a sector's 7 zones carries into its bit 7
     * exactly when the enemy stands there */
    uint32_t held = ((o->any[foe] & 0x7F7F7Fu) + 0x7F7F7Fu) >> 7 & 0x010101u;
    uint32_t wings = ~(held * 0x7Fu) & (ml_sector_bits(ML_LEFT) | ml_sector_bits(ML_RIGHT));
    uint32_t turners = horse & wings;
    w->way[4] = turners ? turners & turn_in_cells(o, side, stand_turned(o, side)) : 0;
}

/* Entry k (below the count) of line_move_set, found line by line: a
 * formed line's moves are the ways of LineWays set at its cell. The
 * lines before the one chosen are passed over by their count of ways,
 * read off three masks that hold each cell's count in binary, 0 for a
 * line that does not move: it is passed over without a test of its own
 * (whether a line moves is as good as random, and the test mispredicted
 * more than the count costs). */
static inline uint64_t nth_line_way(const MlSide *sd, const LineWays *w, int k)
{
    const uint32_t *way = w->way;
    uint32_t half = way[0] ^ way[1] ^ way[2], carry = (way[0] & way[1]) | (way[2] & (way[0] ^ way[1]));
    uint32_t ones = half ^ way[3] ^ way[4], carry2 = (half & way[3]) | (way[4] & (half ^ way[3]));
    uint32_t twos = carry ^ carry2, fours = carry & carry2; /* a cell's count: ones + 2 twos + 4 fours */
    for (int li = 0;; li++) {
        const MlLine *l = &sd->lines[li];
        int cell = ml_cell(l->sector, l->zone);
        int n = (int)((ones >> cell & 1) | (twos >> cell & 1) << 1 | (fours >> cell & 1) << 2);
        n &= (int)ml_ones_if(l->status == LS_FORMED); /* a line off the table keeps the cell it left */
        if (k < n) {
            unsigned ways = (way[0] >> cell & 1) | (way[1] >> cell & 1) << 1 | (way[2] >> cell & 1) << 2 |
                            (way[3] >> cell & 1) << 3 | (way[4] >> cell & 1) << 4;
            int wy = ml_nth_bit8(ways, k);
            return wy == 4 ? ml_head(MLV_TURNIN, li, 0, 0) : ml_head(MLV_MOVE, li, l->zone + line_way_dz[wy], 0);
        }
        k -= n;
    }
}

/* The moves of a general, in the order legal() lists them: the change of
 * his cell number (sector * 7 + zone) for 1 or 2 zones up, down, then 1
 * or 2 sectors right, left. */
static const int8_t general_steps[8] = {1, 2, -1, -2, ML_ZONES, 2 * ML_ZONES, -ML_ZONES, -2 * ML_ZONES};

/* [ML Generals] as general_mover_why, for a general of the side's own,
 * without branches: alive, and not with a pursuing line. */
static bool general_may_move(const MlSide *sd, int gi)
{
    const MlGeneral *g = &sd->gens[gi];
    bool with_line = g->line != ML_NONE;
    return g->alive & !(with_line & (sd->lines[with_line ? g->line : 0].status == LS_PURSUING));
}

/* [ML Generals] the moves general gi may make, bit k for general_steps[k]:
 * as general_mover_why and general_path_why, not through nor into the
 * enemy, onto friends only where a line has no general. The cells around
 * him are read from masks shifted so that his own cell is bit 16: zone
 * steps are bits 16 +- 1, 2 and sector steps bits 16 +- 8, 16. Zone 7 of
 * each sector (off the board) is neither open nor passable, so no zone
 * step leaves the sector. */
static inline unsigned general_moves(const MlGeneral *g, uint32_t pass, uint32_t open_cells)
{
    int cell = ml_cell(g->sector, g->zone);
    uint64_t open = (uint64_t)open_cells << 16 >> cell, way = (uint64_t)pass << 16 >> cell;
    /* a 2-step ends in an open cell past a passable one: marked at the cell passed */
    uint64_t far = (open >> 1 & way & 1ull << 17) | (open << 1 & way & 1ull << 15) | (open >> 8 & way & 1ull << 24) |
                   (open << 8 & way & 1ull << 8);
    /* each direction as two bits side by side: the 1-step, then the 2-step */
    uint64_t pairs = (open & (1ull << 17 | 1ull << 15 | 1ull << 24 | 1ull << 8)) | far << 1;
    return (unsigned)(pairs >> 17 & 3) | (unsigned)(pairs >> 15 & 3) << 2 | (unsigned)(pairs >> 24 & 3) << 4 |
           (unsigned)(pairs >> 8 & 3) << 6;
}

/* Every move of every general as one set, byte gi for general gi. The
 * generals lost or left with the baggage are passed over at once: after
 * deployment they stay so for the rest of the game. */
static inline uint64_t general_move_set(const MlState *s, const MoveCtx *c)
{
    const MlSide *sd = &s->side[c->side];
    uint32_t pass = ~c->o->any[c->foe] & 0x7F7F7Fu, open = pass & ~c->led;
    bool pursuers = c->o->pursuing[c->side] != 0; /* else no general is with a pursuing line */
    uint64_t moves = 0;
    for (int gi = 0; gi < sd->ngens; gi++) {
        if (!sd->gens[gi].alive)
            continue;
        unsigned ok = general_moves(&sd->gens[gi], pass, open);
        if (pursuers)
            ok &= ml_ones_if(general_may_move(sd, gi));
        moves |= (uint64_t)ok << (gi * 8);
    }
    return moves;
}

/* The move of general gi of the side to act, step k of general_steps. */
static inline uint64_t general_move_head(const MlState *s, int gi, int k)
{
    const MlGeneral *g = &s->side[s->to_act].gens[gi];
    return ml_head(MLV_GENMOVE, gi, g->sector * ML_ZONES + g->zone + general_steps[k], 0);
}

/* [ML Generals] how many moves the generals of a side may make when no
 * two of them share a cell and none is with a pursuing line (see
 * plain_moves): as general_moves, the cells each step of general_steps
 * reaches from the cells of the generals; generals in different cells
 * reach different cells with any one step. Zone 7 of each sector is
 * neither open nor passable, and sector steps past the board leave the 24
 * bits. Each step up the board or to the right is counted with the step
 * opposite, in the high half of a 64-bit word: a cell moved by -d there is
 * the cell shifted by 32 - d (the bits that fall into the low half's top
 * lie outside its 24 cells, and the open cells drop them). */
static inline int count_general_moves(const MlOcc *o, int side, uint32_t pass, uint32_t open, bool popcnt)
{
    uint64_t g = o->generals[side], p = pass, both = open | (uint64_t)open << 32;
    uint64_t steps[4] = {
        (g << 1 | g << 31) & both,                                /* 1 zone up, 1 down */
        (g << 2 | g << 30) & (p << 1 | p << 31) & both,           /* 2 zones up, 2 down, over a passable cell */
        (g << 8 | g << 24) & both,                                /* 1 sector right, 1 left */
        g << 16 & (p << 8 | p << 24) & both,                      /* 2 sectors right (low), 2 left (high) */
    };
    if (!popcnt)
        return ml_count_bits64(steps[0]) + ml_count_bits64(steps[1]) + ml_count_bits64(steps[2]) +
               ml_count_bits64(steps[3]);
    int bits = ml_popcnt64(steps[0]) + ml_popcnt64(steps[1]) + ml_popcnt64(steps[2]) + ml_popcnt64(steps[3]);
    assert(bits == ml_count_bits64(steps[0]) + ml_count_bits64(steps[1]) + ml_count_bits64(steps[2]) +
                       ml_count_bits64(steps[3]));
    return bits;
}

/* The move general_moves' entry k of the generals of the side to act
 * (k below their count): found general by general. */
static inline uint64_t nth_general_move(const MlState *s, uint32_t pass, uint32_t open, int k, bool popcnt)
{
    const MlGeneral *g = s->side[s->to_act].gens;
    for (int gi = 0;; gi++) {
        if (!g[gi].alive)
            continue;
        unsigned m = general_moves(&g[gi], pass, open);
        int n = count_cells(&m, 1, popcnt);
        if (k < n)
            return general_move_head(s, gi, ml_nth_bit8(m, k));
        k -= n;
    }
}

/* The most moves legal() may list: every line and general in every way. */
enum { ML_MOVES_MAX = 8 * ML_MAX_LINES + 8 * ML_MAX_GENS + 1 };

/* The line moves, general moves and end into out, which has room for
 * ML_MOVES_MAX; returns how many. Stores without a count check each. */
static int emit_moves(const MlState *s, uint64_t lines, uint64_t gens, Action *out)
{
    Action *o = out;
    for (; lines; lines &= lines - 1)
        ml_put(o++, line_move_head(__builtin_ctzll(lines)), 0);
    const MlGeneral *g = s->side[s->to_act].gens;
    for (int gi = 0; gens; gi++, gens >>= 8) { /* general by general: his cell is read once */
        uint64_t head = ml_head(MLV_GENMOVE, gi, g[gi].sector * ML_ZONES + g[gi].zone, 0);
        for (unsigned m = gens & 0xFF; m; m &= m - 1)
            ml_put(o++, head + ((uint64_t)general_steps[__builtin_ctz(m)] << 32), 0); /* a target >= 0: no borrow */
    }
    ml_put(o++, ml_head(MLV_END, 0, 0, 0), 0);
    return (int)(o - out);
}

int ml_move_legal(const MlState *s, Action *out, int cap)
{
    MoveCtx c;
    move_ctx(s, &c);
    uint64_t lines = line_move_set(s, &c), gens = general_move_set(s, &c);
    if (cap >= ML_MOVES_MAX)
        return emit_moves(s, lines, gens, out);
    Action all[ML_MOVES_MAX]; /* a short list keeps the first cap */
    int n = emit_moves(s, lines, gens, all);
    n = n < cap ? n : cap > 0 ? cap : 0;
    memcpy(out, all, sizeof all[0] * (size_t)n);
    return n;
}

/* Whether the moves of the side to act may be counted off the index
 * alone: none of its lines shares a cell or turned in, none of its
 * generals shares a cell, and none is with a pursuing line (nearly every
 * move decision; a pursuing line without a general, alone in its cell,
 * only does not move). */
static inline bool plain_moves(const MlOcc *o, int side)
{
    return !(o->two[side] | o->turned[side] | o->generals_two[side] | (o->pursuing[side] & ~o->no_gen[side]));
}

/* ml_move_choose for the rest: the sets of every general's moves, as
 * legal() lists them, and of every line's, or the lines' moves counted
 * off the index when none of the side's lines shares a cell or turned in
 * (the generals sharing a cell or with a pursuer, most of the rest). */
static int choose_from_move_sets(const MlState *s, GameChoose choose, void *ud, Action *out)
{
    MoveCtx c;
    move_ctx(s, &c);
    bool plain_lines = !(c.o->two[c.side] | c.o->turned[c.side]);
    LineWays w;
    uint64_t lines = 0, gens = general_move_set(s, &c);
    int nl;
    if (plain_lines) {
        plain_line_ways(c.o, c.side, &w);
        nl = count_cells(w.way, 5, ml_has_popcnt());
    } else {
        lines = line_move_set(s, &c);
        nl = ml_count_bits64(lines);
    }
    int ng = ml_count_bits64(gens);
    int n = nl + ng + 1, k = choose(ud, n);
    uint64_t head = ml_head(MLV_END, 0, 0, 0);
    if (k < nl) {
        head = plain_lines ? nth_line_way(&s->side[c.side], &w, k) : line_move_head(ml_nth_bit(lines, k));
    } else if (k - nl < ng) {
        int bit = ml_nth_bit(gens, k - nl);
        head = general_move_head(s, bit / 8, bit % 8);
    }
    ml_put(out, head, 0);
    return n;
}

/* The move ml_move_legal would list at the index chosen, without writing
 * the list: entry k is the k-th of the line moves (counted off the index,
 * then found line by line), then of the general moves (the same), then
 * end. */
static inline int move_choose(const MlState *s, GameChoose choose, void *ud, Action *out)
{
    const MlOcc *o = &s->occ;
    int side = s->to_act;
    if (!plain_moves(o, side))
        return choose_from_move_sets(s, choose, ud, out);
    bool popcnt = ml_has_popcnt();
    LineWays w;
    plain_line_ways(o, side, &w);
    int nl = count_cells(w.way, 5, popcnt);
    /* [ML Generals] passing no enemy, onto friends only where a line has no general */
    uint32_t pass = ~o->any[ml_enemy(side)] & 0x7F7F7Fu, open = pass & ~(o->any[side] & ~o->no_gen[side]);
    int ng = count_general_moves(o, side, pass, open, popcnt);
    int n = nl + ng + 1, k = choose(ud, n);
    uint64_t head = ml_head(MLV_END, 0, 0, 0);
    if (k < nl)
        head = nth_line_way(&s->side[side], &w, k);
    else if (k - nl < ng)
        head = nth_general_move(s, pass, open, k - nl, popcnt);
    ml_put(out, head, 0);
    return n;
}

int ml_move_choose(const MlState *s, GameChoose choose, void *ud, Action *out)
{
    return move_choose(s, choose, ud, out);
}

/* ---------------- entering a zone ---------------- */

/* Enemy generals standing alone where a line arrives are lost [ML
 * Generals]: take_lone_generals when the index shows one there. */
static void take_lone_generals_at(MlState *s, int side, int sector, int zone, GameIO *io)
{
    MlSide *foe = &s->side[ml_enemy(side)];
    unsigned caught = 0;
    for (int g = 0; g < foe->ngens; g++) {
        const MlGeneral *gen = &foe->gens[g];
        caught |= (unsigned)(gen->alive & (gen->line == ML_NONE) & (gen->sector == sector) & (gen->zone == zone)) << g;
    }
    for (; caught; caught &= caught - 1) {
        int g = __builtin_ctz(caught);
        foe->gens[g].alive = 0;
        ml_occ_generals(s, ml_enemy(side));
        EventLog *log = io ? io->log : NULL;
        if (evlog_begin(log, "general_lost", VIS_PUBLIC)) {
            evlog_str(log, "side", ml_side_name(ml_enemy(side)));
            evlog_int(log, "general", g + 1);
            evlog_end(log, "%s general %d is caught by the enemy and lost",
                      ml_side_title(ml_enemy(side)), g + 1);
        }
    }
}

/* [ML Generals] the test on the index inline, as a line seldom meets one. */
static inline void take_lone_generals(MlState *s, int side, int sector, int zone, GameIO *io)
{
    if (s->occ.lone_generals[ml_enemy(side)] & ml_cell_bit(sector, zone))
        take_lone_generals_at(s, side, sector, zone, io);
}

/* Put line li of side into a cell, noting whether it attacks and from
 * where: the flank after a turn-in, the rear if it comes from behind. */
/* [ML Generals] a line without a general that comes to a friendly general
 * standing alone takes him: as a general who rides to a line joins it, so
 * a line that comes to him (ecw: the rulebook loses only generals with no
 * line when the enemy comes). */
static void pick_up_lone_general(MlState *s, int side, int li)
{
    MlSide *sd = &s->side[side];
    MlLine *l = &sd->lines[li];
    for (int g = 0; g < sd->ngens; g++) {
        MlGeneral *gen = &sd->gens[g];
        if (gen->alive && gen->line == ML_NONE && gen->sector == l->sector && gen->zone == l->zone) {
            gen->line = (uint8_t)li;
            l->general = (uint8_t)g;
            ml_occ_general(s, side, li);
            ml_occ_generals(s, side);
            return;
        }
    }
}

void ml_enter_cell(MlState *s, int side, int li, int sector, int zone, int approach_hint, GameIO *io)
{
    MlLine *l = &s->side[side].lines[li];
    int from_zone = l->zone;
    uint32_t from = ml_cell_bit(l->sector, l->zone);
    ml_occ_move(s, side, li, sector, zone);
    if (l->general != ML_NONE) {
        MlGeneral *g = &s->side[side].gens[l->general];
        g->sector = (uint8_t)sector;
        g->zone = (uint8_t)zone;
        ml_occ_general_moved(s, side, from, g);
    } else if (s->occ.lone_generals[side] & ml_cell_bit(sector, zone)) { /* seldom */
        pick_up_lone_general(s, side, li);
    }
    bool contact = ml_cell_has_enemy_of(s, side, sector, zone);
    l->attacking = contact;
    l->approach = APP_FRONT;
    if (contact) { /* the rear: a line that came the way the enemy advances, toward its own base line */
        bool from_behind = side == ML_ROY ? zone < from_zone : zone > from_zone;
        l->approach = approach_hint == APP_FLANK ? APP_FLANK : from_behind ? APP_REAR : APP_FRONT;
    }
    take_lone_generals(s, side, sector, zone, io);
    ml_guns_check_lost(s, io);
}

/* ---------------- apply ---------------- */

/* Does the mover stand in or enter rough terrain? Read off the index's
 * rough cells. */
static int mover_rough(const MlState *s, const Action *a)
{
    const MlSide *sd = &s->side[s->to_act];
    uint32_t cells;
    if (a->verb == MLV_GENMOVE) {
        const MlGeneral *g = &sd->gens[a->piece];
        cells = ml_cell_bit(g->sector, g->zone) | ml_cell_bit(a->target / ML_ZONES, a->target % ML_ZONES);
    } else {
        const MlLine *l = &sd->lines[a->piece];
        int ts = a->verb == MLV_TURNIN ? ML_CENTRE : l->sector;
        int tz = a->verb == MLV_TURNIN ? l->zone : a->target;
        cells = ml_cell_bit(l->sector, l->zone) | ml_cell_bit(ts, tz);
    }
    return (s->occ.rough & cells) != 0;
}

/* [ML Movement] an additional move needs 5-6 for foot, 4-6 for horse or a
 * general; +1/+2 for an Ordinary/Superior general with a line; -1 in or
 * entering rough terrain. */
static void additional_move_need(const MlState *s, const Action *a, int *need, int *mod)
{
    *need = 4;
    *mod = -mover_rough(s, a);
    if (a->verb != MLV_GENMOVE) {
        const MlLine *l = &s->side[s->to_act].lines[a->piece];
        *need = l->arm == ML_FOOT ? 5 : 4;
        *mod += ml_gen_bonus(s, s->to_act, a->piece);
    }
}

/* [ML Movement] The chance the additional-move roll for a succeeds (the
 * computer player weighs moves by it). */
double ml_additional_move_chance(const MlState *s, const Action *a)
{
    int need, mod;
    additional_move_need(s, a, &need, &mod);
    int n = need - mod; /* the d6 must show at least n */
    return n <= 1 ? 1.0 : n > 6 ? 0.0 : (7 - n) / 6.0;
}

static bool additional_move_roll(MlState *s, const Action *a, GameIO *io)
{
    int side = s->to_act, need, mod;
    additional_move_need(s, a, &need, &mod);
    if (ml_dice_unwatched(io))
        return ml_die_test_unwatched(s, mod, need, false);
    char id[8];
    if (a->verb == MLV_GENMOVE)
        ml_general_id(a->piece, id);
    else
        ml_line_id(side, a->piece, id);
    MlTest t = {"additional_move", "additional move", side, side, id, mod, need, false, "moves", "fails"};
    return ml_die_test(s, io, &t);
}

/* The turn-in's die test as the log tells it. */
static bool turn_in_test(MlState *s, int side, int li, int mod, int need, GameIO *io)
{
    char id[8];
    ml_line_id(side, li, id);
    MlTest t = {"turn_in", "turning in on the centre (the opponent rolls)", side, ml_enemy(side), id, mod, need,
                false, "turns in", "fails"};
    return ml_die_test(s, io, &t);
}

/* [ML Flanking] the opposing player rolls; 5-6 onto an occupied zone,
 * 4-6 onto an empty one; +1/+2 for the horse's general. */
/* [ML Flanking] the opposing player rolls for the turn-in; false when it
 * fails and the line stays where it is. */
static bool turn_in(MlState *s, int side, int li, GameIO *io)
{
    MlLine *l = &s->side[side].lines[li];
    bool occupied = ml_cell_has_enemy_of(s, side, ML_CENTRE, l->zone);
    int need = occupied ? 5 : 4, mod = ml_gen_bonus(s, side, li);
    if (!(ml_dice_unwatched(io) ? ml_die_test_unwatched(s, mod, need, false) : turn_in_test(s, side, li, mod, need, io)))
        return false;
    l->turned_in = 1;
    ml_enter_cell(s, side, li, ML_CENTRE, l->zone, APP_FLANK, io);
    return true;
}

/* [ML Generals] general gi rides to `cell` (sector * 7 + zone), leaving
 * his line, and joins the first line there without a general (the index
 * shows whether there is one). */
static void move_general(MlState *s, int side, int gi, int cell)
{
    MlSide *sd = &s->side[side];
    MlGeneral *g = &sd->gens[gi];
    uint32_t from = ml_cell_bit(g->sector, g->zone);
    if (g->line != ML_NONE) { /* the formed line he leaves, in his cell, has no general now */
        assert(sd->lines[g->line].status == LS_FORMED &&
               ml_cell_bit(sd->lines[g->line].sector, sd->lines[g->line].zone) == from);
        sd->lines[g->line].general = ML_NONE;
        s->occ.no_gen[side] |= from;
    }
    g->line = ML_NONE;
    g->sector = (uint8_t)(cell / ML_ZONES);
    g->zone = (uint8_t)(cell % ML_ZONES);
    int to = ml_cell(g->sector, g->zone);
    if (s->occ.no_gen[side] >> to & 1) { /* he joins the first line there without a general */
        for (unsigned own = s->occ.at[side][to]; own; own &= own - 1) {
            int li = __builtin_ctz(own);
            if (sd->lines[li].general == ML_NONE) {
                sd->lines[li].general = (uint8_t)gi;
                g->line = (uint8_t)li;
                ml_occ_general(s, side, li);
                break;
            }
        }
    }
    ml_occ_general_moved(s, side, from, g);
}

static void describe_event(MlState *s, const Action *a, GameIO *io)
{
    EventLog *log = io ? io->log : NULL;
    if (!log)
        return;
    char text[96];
    ml_describe(s, a, text, sizeof text);
    if (evlog_begin(log, "move", VIS_PUBLIC)) {
        evlog_str(log, "side", ml_side_name(s->to_act));
        evlog_str(log, "action", text);
        evlog_end(log, "%s: %s", ml_side_title(s->to_act), text);
    }
}

static inline void move_apply(MlState *s, const Action *a, GameIO *io)
{
    int side = s->to_act;
    if (a->verb == MLV_END || (s->moves_made > 0 && !additional_move_roll(s, a, io))) {
        s->phase = PH_SPLIT; /* the moves are over: fight combats */
        return;
    }
    describe_event(s, a, io);
    s->moves_made++;
    if (a->verb == MLV_MOVE) {
        MlLine *l = &s->side[side].lines[a->piece];
        l->moved++;
        if (a->target == l->zone + 2 || a->target == l->zone - 2) /* [ML Generals] horse riding past a lone general contacts him */
            take_lone_generals(s, side, l->sector, (a->target + l->zone) / 2, io);
        ml_enter_cell(s, side, a->piece, l->sector, a->target, APP_FRONT, io);
    } else if (a->verb == MLV_TURNIN) {
        if (!turn_in(s, side, a->piece, io)) /* [ML Movement] he failed to move a line: no more moves */
            s->phase = PH_SPLIT;
    } else {
        move_general(s, side, a->piece, a->target);
    }
}

/* The random player's draw (as src/ai draws it): a constant callback, so
 * that the inline move_choose calls rng_below directly. */
static int draw_rng(void *ud, int n) { return (int)rng_below(ud, (uint32_t)n); }

long ml_move_phase_random(MlState *s, Rng *rng, GameIO *io, long bound)
{
    long n = 0;
    do {
        assert(ml_occ_agrees(s));
        Action a;
        move_choose(s, draw_rng, rng, &a);
        move_apply(s, &a, io);
        n++;
    } while (s->phase == PH_MOVE && n < bound);
    return n;
}

void ml_move_apply(MlState *s, const Action *a, GameIO *io) { move_apply(s, a, io); }

/* ---------------- pursuit ---------------- */

/* [ML Pursuit] a pursuing line moves one zone up the board in its sector:
 * it leaves the table past the far edge, takes 1 DP on meeting a formed
 * enemy (meeting any enemy stops the pursuit, an ecw reading), or waits
 * behind a friend. */
void ml_pursue_step(MlState *s, int side, int li, GameIO *io)
{
    MlLine *l = &s->side[side].lines[li];
    int z = l->zone + ml_fwd(side);
    EventLog *log = io ? io->log : NULL;
    char id[8];
    if (log) /* the id only for the log */
        ml_line_id(side, li, id);
    if (!ml_on_board(z)) {
        l->status = LS_GONE;
        ml_occ_update(s, side, li);
        if (l->general != ML_NONE) {
            s->side[side].gens[l->general].alive = 0;
            ml_occ_generals(s, side);
        }
        ml_guns_check_lost(s, io);
        if (log && evlog_begin(log, "pursuit_off", VIS_PUBLIC)) {
            evlog_str(log, "side", ml_side_name(side));
            evlog_str(log, "line", id);
            evlog_end(log, "%s %s pursues off the table, lost to the battle", ml_side_title(side), id);
        }
        return;
    }
    if (ml_line_at(s, side, l->sector, z))
        return;
    int foe[2], nf = ml_lines_at(s, ml_enemy(side), l->sector, z, foe);
    bool contact = nf > 0, formed = false;
    for (int k = 0; k < nf && k < 2; k++)
        formed |= s->side[ml_enemy(side)].lines[foe[k]].status == LS_FORMED;
    ml_enter_cell(s, side, li, l->sector, z, APP_FRONT, io);
    if (log && evlog_begin(log, "pursuit", VIS_PUBLIC)) {
        evlog_str(log, "side", ml_side_name(side));
        evlog_str(log, "line", id);
        evlog_int(log, "zone", z + 1);
        evlog_end(log, "%s %s pursues into zone %d%s", ml_side_title(side), id, z + 1,
                  contact ? " and crashes into the enemy" : "");
    }
    if (contact) { /* the DP only for meeting a formed enemy, not other pursuers */
        l->status = LS_FORMED;
        ml_occ_update(s, side, li);
        if (formed)
            ml_add_dp(s, side, li, 1, io);
    }
}

void ml_pursuers_advance(MlState *s, int side, GameIO *io)
{
    if (!s->occ.pursuing[side]) /* the usual case: no line of the side pursues */
        return;
    for (int li = 0; li < s->side[side].nlines; li++) {
        const MlLine *l = &s->side[side].lines[li];
        if (l->status == LS_PURSUING && !engaged(s, side, l))
            ml_pursue_step(s, side, li, io);
    }
}
