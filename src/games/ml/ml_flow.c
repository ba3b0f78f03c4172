/* ml_flow.c - Marston Less: the sequence of play [ML The Game Sequence],
 * [ML Initiative], the end of the battle (an ecw rule: the rulebook gives
 * none, see docs/rules/marston-less.md "Victory"), and the contract glue:
 * legal/check/apply dispatch by phase. Procedures run inside ml_advance
 * until a player has a decision to make. */
#include "ml.h"
#include <assert.h>
#include <string.h>

const char *const ml_verb_words[MLV_COUNT] = {
#define X(e, w, h) w,
    ML_VERBS(X)
#undef X
};
const char *const ml_verb_help[MLV_COUNT] = {
#define X(e, w, h) h,
    ML_VERBS(X)
#undef X
};

static const char *const sector_names[ML_SECTORS] = {"left", "centre", "right"};
static const char *const side_names[ML_SIDES] = {"royalist", "parliament"};
const char *ml_sector_name(int sector) { return sector >= 0 && sector < ML_SECTORS ? sector_names[sector] : "?"; }
const char *ml_side_name(int side) { return side_names[side]; }

bool ml_die_test(MlState *s, GameIO *io, const MlTest *t)
{
    int roll = ml_roll(s, io, 6, t->roller, "%s, %s", t->what, t->piece);
    bool ok = t->at_most ? roll + t->mod <= t->need : roll + t->mod >= t->need;
    EventLog *log = io ? io->log : NULL;
    if (evlog_begin(log, t->type, VIS_PUBLIC)) {
        evlog_str(log, "side", side_names[t->side]);
        evlog_str(log, "piece", t->piece);
        evlog_int(log, "roll", roll);
        evlog_int(log, "modifier", t->mod);
        evlog_int(log, "need", t->need);
        evlog_str(log, "result", ok ? t->pass : t->fail);
        evlog_end(log, "%s %s, %s: %d%+d against %s%d: %s", ml_side_title(t->side), t->piece, t->what, roll,
                  t->mod, t->at_most ? "at most " : "", t->need, ok ? t->pass : t->fail);
    }
    return ok;
}

/* Seven bytes as seven bits, bit i set if byte i is not zero: on a
 * little-endian machine each byte is made 0 or 1 and the bytes gathered by
 * one multiplication (byte i lands in bit 56 + i). */
static uint32_t nonzero_bits7(uint64_t x)
{
    uint64_t low7 = 0x7F7F7F7F7F7F7F7Full;
    x &= 0x00FFFFFFFFFFFFFFull;
    x = (((x & low7) + low7) | x) >> 7 & 0x0101010101010101ull;
    return (uint32_t)((x * 0x0102040810204080ull) >> 56);
}

uint32_t ml_rough_cells(const MlState *s)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint8_t *r = &s->rough[0][0]; /* 21 bytes: read as words at 0, 7 and 13 (>> 8) */
    uint64_t a, b, c;
    memcpy(&a, r, 8);
    memcpy(&b, r + ML_ZONES, 8);
    memcpy(&c, r + 2 * ML_ZONES - 1, 8);
    return nonzero_bits7(a) | nonzero_bits7(b) << 8 | nonzero_bits7(c >> 8) << 16;
#else
    uint32_t m = 0;
    for (int sec = 0; sec < ML_SECTORS; sec++)
        for (int z = 0; z < ML_ZONES; z++)
            m |= (uint32_t)(s->rough[sec][z] != 0) << ml_cell(sec, z);
    return m;
#endif
}

/* The table of ml_nth_bit8, worked out by the compiler: bit i of m is
 * entry k when it is set and k bits of m lie below it. Entries past the
 * bits of m are 0 (never read). */
#define NTH_BELOW(m, i) __builtin_popcount((unsigned)(m) & ((1u << (i)) - 1))
#define NTH_AT(m, k, i) ((i) * (((m) >> (i) & 1) && NTH_BELOW(m, i) == (k)))
#define NTH(m, k)                                                                                              \
    (NTH_AT(m, k, 0) + NTH_AT(m, k, 1) + NTH_AT(m, k, 2) + NTH_AT(m, k, 3) + NTH_AT(m, k, 4) + NTH_AT(m, k, 5) + \
     NTH_AT(m, k, 6) + NTH_AT(m, k, 7))
#define NTH_ROW(m) {NTH(m, 0), NTH(m, 1), NTH(m, 2), NTH(m, 3), NTH(m, 4), NTH(m, 5), NTH(m, 6), NTH(m, 7)}
#define NTH_ROW4(m) NTH_ROW(m), NTH_ROW((m) + 1), NTH_ROW((m) + 2), NTH_ROW((m) + 3)
#define NTH_ROW16(m) NTH_ROW4(m), NTH_ROW4((m) + 4), NTH_ROW4((m) + 8), NTH_ROW4((m) + 12)
#define NTH_ROW64(m) NTH_ROW16(m), NTH_ROW16((m) + 16), NTH_ROW16((m) + 32), NTH_ROW16((m) + 48)
const uint8_t ml_nth_bit_table[256][8] = {NTH_ROW64(0), NTH_ROW64(64), NTH_ROW64(128), NTH_ROW64(192)};
#undef NTH_BELOW
#undef NTH_AT
#undef NTH
#undef NTH_ROW
#undef NTH_ROW4
#undef NTH_ROW16
#undef NTH_ROW64

/* ------------------------------------------------------------------ */
/* The occupancy index (MlOcc)                                         */
/* ------------------------------------------------------------------ */

/* The masks of one cell of `side`, worked out again from its lines. */
static void occ_refresh_cell(MlState *s, int side, int cell)
{
    MlOcc *o = &s->occ;
    unsigned m = o->at[side][cell];
    bool foot = false, turned = false, no_gen = false, pursuing = false;
    for (unsigned k = m; k; k &= k - 1) {
        const MlLine *l = &s->side[side].lines[__builtin_ctz(k)];
        foot |= l->arm == ML_FOOT;
        turned |= l->turned_in != 0;
        no_gen |= l->general == ML_NONE;
        pursuing |= l->status == LS_PURSUING;
    }
    uint32_t b = 1u << cell, keep = ~b;
    o->any[side] = (o->any[side] & keep) | (b & ml_ones_if(m != 0));
    o->two[side] = (o->two[side] & keep) | (b & ml_ones_if((m & (m - 1)) != 0));
    o->foot[side] = (o->foot[side] & keep) | (b & ml_ones_if(foot));
    o->turned[side] = (o->turned[side] & keep) | (b & ml_ones_if(turned));
    o->no_gen[side] = (o->no_gen[side] & keep) | (b & ml_ones_if(no_gen));
    o->pursuing[side] = (o->pursuing[side] & keep) | (b & ml_ones_if(pursuing));
}

/* The masks of a cell holding line l alone, or nothing (l NULL). */
static void occ_set_cell(MlOcc *o, int side, int cell, const MlLine *l)
{
    uint32_t keep = ~(1u << cell), b = (1u << cell) & ml_ones_if(l != NULL);
    o->any[side] = (o->any[side] & keep) | b;
    o->two[side] &= keep;
    o->foot[side] = (o->foot[side] & keep) | (b & ml_ones_if(l && l->arm == ML_FOOT));
    o->turned[side] = (o->turned[side] & keep) | (b & ml_ones_if(l && l->turned_in != 0));
    o->no_gen[side] = (o->no_gen[side] & keep) | (b & ml_ones_if(l && l->general == ML_NONE));
    o->pursuing[side] = (o->pursuing[side] & keep) | (b & ml_ones_if(l && l->status == LS_PURSUING));
}

void ml_occ_remove(MlState *s, int side, int li)
{
    const MlLine *l = &s->side[side].lines[li];
    int cell = ml_cell(l->sector, l->zone);
    s->occ.at[side][cell] &= (uint8_t)~(1u << li);
    if (s->occ.at[side][cell])
        occ_refresh_cell(s, side, cell);
    else
        occ_set_cell(&s->occ, side, cell, NULL);
}

void ml_occ_update(MlState *s, int side, int li)
{
    const MlLine *l = &s->side[side].lines[li];
    int cell = ml_cell(l->sector, l->zone);
    unsigned others = s->occ.at[side][cell] & ~(1u << li), here = (unsigned)ml_line_on_table(l) << li;
    s->occ.at[side][cell] = (uint8_t)(others | here);
    if (others) /* a friend shares the cell: its marks count too */
        occ_refresh_cell(s, side, cell);
    else
        occ_set_cell(&s->occ, side, cell, here ? l : NULL);
}

void ml_occ_general_shared(MlState *s, int side, int cell)
{
    bool no_gen = false;
    for (unsigned m = s->occ.at[side][cell]; m; m &= m - 1)
        no_gen |= s->side[side].lines[__builtin_ctz(m)].general == ML_NONE;
    uint32_t b = 1u << cell;
    s->occ.no_gen[side] = (s->occ.no_gen[side] & ~b) | (b & ml_ones_if(no_gen));
}

void ml_occ_formed(MlState *s, int side, int li, uint32_t set)
{
    const MlLine *l = &s->side[side].lines[li];
    MlOcc *o = &s->occ;
    int cell = ml_cell(l->sector, l->zone);
    uint32_t b = 1u << cell;
    /* one line to a zone in deployment [ML Set Up], and a new line has no
     * general, turn-in nor pursuit: the cell's marks are those of the line */
    assert(o->at[side][cell] == 0 && l->status == LS_FORMED && l->general == ML_NONE && !l->turned_in);
    o->at[side][cell] = (uint8_t)(1u << li);
    o->any[side] |= b;
    o->foot[side] |= b & ml_ones_if(l->arm == ML_FOOT);
    o->no_gen[side] |= b;
    uint32_t *w = &o->waiting[side][0][0];
    for (int k = 0; k < 2 * 5; k++)
        w[k] &= ~set;
}

uint32_t ml_gun_cells(const MlSide *sd)
{
    uint32_t cells = 0;
    for (int g = 0; g < sd->nguns; g++)
        cells |= ml_cell_bit(sd->guns[g].divide, sd->guns[g].zone) & ml_ones_if(sd->guns[g].alive & sd->guns[g].placed);
    return cells;
}

/* [ML Modifiers] a line on a wing within a zone of its dragoons on that
 * flank (flank 0 = the left edge, beside the left wing; 1 = the right),
 * or anywhere on that wing with the option dragoons=wing. */
uint32_t ml_dragoon_cells(const MlSide *sd, bool whole_wing)
{
    uint32_t cells = 0;
    for (int i = 0; i < sd->ndrag; i++) {
        const MlDragoons *dr = &sd->drag[i];
        uint32_t zones = whole_wing ? 0x7Fu : (0x7u << dr->zone >> 1) & 0x7Fu; /* zone - 1 .. zone + 1 */
        cells |= zones << (dr->flank ? ML_RIGHT * 8 : ML_LEFT * 8) & ml_ones_if(dr->placed);
    }
    return cells;
}

/* The generals' marks of side into o (see MlOcc.generals). */
static void occ_build_generals(const MlSide *sd, MlOcc *o, int side)
{
    uint32_t any = 0, two = 0, lone = 0;
    for (int g = 0; g < sd->ngens; g++) {
        const MlGeneral *gen = &sd->gens[g];
        uint32_t b = ml_cell_bit(gen->sector, gen->zone) & ml_ones_if(gen->alive);
        two |= any & b;
        any |= b;
        lone |= b & ml_ones_if(gen->line == ML_NONE);
    }
    o->generals[side] = any;
    o->generals_two[side] = two;
    o->lone_generals[side] = lone;
}

void ml_occ_generals(MlState *s, int side) { occ_build_generals(&s->side[side], &s->occ, side); }

/* The units waiting to deploy, into o (see MlOcc.waiting). Gathered in
 * a local array and then copied: the compiler need not read the index
 * again after each unit's bytes. */
static void occ_build_waiting(const MlState *s, MlOcc *o)
{
    for (int side = 0; side < ML_SIDES; side++) {
        const MlSide *sd = &s->side[side];
        uint32_t waiting[2][5] = {{0}};
        for (int i = 0; i < sd->nunits; i++) {
            const MlUnit *u = &sd->units[i];
            *ml_waiting_mask(waiting, u) |= (1u << i) & ml_ones_if(u->alive & (u->line == ML_NONE));
        }
        memcpy(o->waiting[side], waiting, sizeof waiting);
    }
}

/* The index worked out afresh from the lines and units, into o. */
static void occ_build(const MlState *s, MlOcc *o)
{
    memset(o, 0, sizeof *o);
    occ_build_waiting(s, o);
    o->rough = ml_rough_cells(s);
    for (int side = 0; side < ML_SIDES; side++) {
        o->guns[side] = ml_gun_cells(&s->side[side]);
        o->dragoons[side] = ml_dragoon_cells(&s->side[side], s->dragoons_wing);
        occ_build_generals(&s->side[side], o, side);
    }
    for (int side = 0; side < ML_SIDES; side++)
        for (int li = 0; li < s->side[side].nlines; li++) {
            const MlLine *l = &s->side[side].lines[li];
            if (!ml_line_on_table(l))
                continue;
            int cell = ml_cell(l->sector, l->zone);
            uint32_t b = 1u << cell;
            o->at[side][cell] |= (uint8_t)(1u << li);
            o->two[side] |= o->any[side] & b;
            o->any[side] |= b;
            o->foot[side] |= l->arm == ML_FOOT ? b : 0;
            o->turned[side] |= l->turned_in ? b : 0;
            o->no_gen[side] |= l->general == ML_NONE ? b : 0;
            o->pursuing[side] |= l->status == LS_PURSUING ? b : 0;
        }
}

void ml_occ_rebuild(MlState *s) { occ_build(s, &s->occ); }

void ml_occ_setup(MlState *s)
{
    for (int side = 0; side < ML_SIDES; side++)
        ml_occ_generals(s, side);
    assert(ml_occ_agrees(s)); /* nothing on the table yet: no lines, guns nor rough; the units waiting kept */
}

bool ml_occ_agrees(const MlState *s)
{
    MlOcc fresh;
    occ_build(s, &fresh);
    return memcmp(&fresh, &s->occ, sizeof fresh) == 0;
}

/* ------------------------------------------------------------------ */
/* Victory (ecw rule: the rulebook says nothing about it)              */
/* ------------------------------------------------------------------ */

static inline bool army_broken(const MlSide *sd)
{
    return (2 * sd->lost_str >= sd->start_str) & (sd->start_str != 0); /* no branch: asked at every step */
}

/* Compare lost fractions lost_a/start_a and lost_b/start_b exactly. */
static int less_loss_wins(const MlState *s)
{
    long a = (long)s->side[0].lost_str * s->side[1].start_str;
    long b = (long)s->side[1].lost_str * s->side[0].start_str;
    return a < b ? 0 : a > b ? 1 : 2;
}

static void finish(MlState *s, int winner, int reason, GameIO *io)
{
    EventLog *log = io ? io->log : NULL;
    s->phase = PH_OVER;
    s->winner = (uint8_t)winner;
    s->end_reason = (uint8_t)reason;
    if (evlog_begin(log, "end", VIS_PUBLIC)) {
        evlog_str(log, "winner", winner == 2 ? "draw" : side_names[winner]);
        evlog_str(log, "reason", reason == 1 ? "army broken" : "turn limit");
        evlog_int(log, "royalist_lost", s->side[0].lost_str);
        evlog_int(log, "parliament_lost", s->side[1].lost_str);
        evlog_end(log, "The battle ends (%s): %s", reason == 1 ? "an army broke" : "turn limit",
                  winner == 2 ? "a draw" : winner == 0 ? "Royalist victory" : "Parliament victory");
    }
}

/* [ML Victory] an army whose routed strength reaches half its deployed
 * strength breaks; if both break together, the smaller loss wins. Asked
 * at every step of ml_advance, so it is inline. */
static inline void check_victory(MlState *s, GameIO *io)
{
    if (s->phase == PH_OVER || s->phase < PH_ARTILLERY)
        return;
    bool b0 = army_broken(&s->side[0]), b1 = army_broken(&s->side[1]);
    if (b0 | b1)
        finish(s, b0 && b1 ? less_loss_wins(s) : b0 ? 1 : 0, 1, io);
}

/* Both sides' lost strengths in one word: victory changes only with them. */
static inline unsigned lost_strengths(const MlState *s)
{
    return s->side[0].lost_str | (unsigned)s->side[1].lost_str << 8;
}

/* ------------------------------------------------------------------ */
/* Turn sequence                                                      */
/* ------------------------------------------------------------------ */

/* [ML Initiative] both roll 1d6, the higher is player A; ties roll again. */
static void roll_initiative(MlState *s, GameIO *io)
{
    int r, p;
    do {
        r = ml_roll(s, io, 6, ML_ROY, "initiative, royalist");
        p = ml_roll(s, io, 6, ML_PAR, "initiative, parliament");
    } while (r == p);
    s->player_a = r > p ? ML_ROY : ML_PAR;
    EventLog *log = io ? io->log : NULL;
    if (log && evlog_begin(log, "initiative", VIS_PUBLIC)) { /* no call when nobody reads the log */
        evlog_str(log, "player_a", side_names[s->player_a]);
        evlog_end(log, "%s has the initiative", s->player_a == ML_ROY ? "Royalist" : "Parliament");
    }
}

static void start_turn(MlState *s, GameIO *io)
{
    s->turn++;
    if (io && io->log)
        io->log->turn = s->turn;
    roll_initiative(s, io);
    s->phase = PH_ARTILLERY;
    s->to_act = s->player_a;
    s->gun_cursor = 0;
}

static void start_move_phase(MlState *s, int mover, GameIO *io)
{
    int side = mover == 0 ? s->player_a : ml_enemy(s->player_a); /* a local: the stores below could alias to_act */
    s->phase = PH_MOVE;
    s->mover = (uint8_t)mover;
    s->to_act = (uint8_t)side;
    s->moves_made = 0;
    /* every slot, not only the first nlines: the slots past them are all
     * zero and stay so, and eight stores cost less than a loop on nlines */
    MlLine *lines = s->side[side].lines;
    for (int i = 0; i < ML_MAX_LINES; i++)
        lines[i].moved = 0;
    if (s->occ.pursuing[side]) { /* a pursuer's crash may rout a line: victory is tested after it */
        ml_pursuers_advance(s, side, io);
        check_victory(s, io);
    }
}

static void end_turn(MlState *s, GameIO *io)
{
    ml_reform_all(s, io);
    if (s->turn >= s->max_turns)
        finish(s, less_loss_wins(s), 2, io);
    else
        start_turn(s, io);
}

#ifndef NDEBUG
/* Has the side a line without a general? (Asserted against the index.) */
static bool free_line(const MlSide *sd)
{
    for (int i = 0; i < sd->nlines; i++)
        if (sd->lines[i].general == ML_NONE)
            return true;
    return false;
}
#endif

/* Generals beyond one per line stay with the baggage (an ecw rule);
 * then each army's deployed strength is recorded [ML Set Up]. */
static void close_deployment(MlState *s)
{
    for (int sd = 0; sd < ML_SIDES; sd++) {
        MlSide *side = &s->side[sd];
        for (int i = 0; i < side->ngens; i++)
            if (side->gens[i].line == ML_NONE)
                side->gens[i].alive = 0;
        ml_occ_generals(s, sd);
        for (int i = 0; i < side->nlines; i++)
            side->start_str = (uint8_t)(side->start_str + side->lines[i].str);
    }
}

/* Deployment: does `side` still have something to place in this phase? */
static bool deploy_pending(const MlState *s, int side)
{
    const MlSide *sd = &s->side[side];
    switch (s->phase) {
    case PH_PLACE:
        if (sd->rough_pending)
            return true;
        for (int i = 0; i < sd->ndrag; i++)
            if (!sd->drag[i].placed)
                return true;
        return false;
    case PH_FORM: return ml_units_waiting(&s->occ, side); /* units alive in no line */
    default:
        for (int i = 0; i < sd->nguns; i++)
            if (!sd->guns[i].placed)
                return true;
        /* a line without a general: every line deployed stands on the
         * table, alone in its zone, so the index shows one as free_line */
        assert((s->occ.no_gen[side] != 0) == free_line(sd));
        if (s->occ.no_gen[side])
            for (int i = 0; i < sd->ngens; i++)
                if (sd->gens[i].alive && sd->gens[i].line == ML_NONE)
                    return true;
        return sd->light_pending > 0;
    }
}

/* Deployment alternates between the players, Royalists first in each
 * step; a player with nothing left to place is skipped. */
static bool deploy_step(MlState *s, GameIO *io)
{
    if (deploy_pending(s, s->to_act))
        return true;
    if (deploy_pending(s, ml_enemy(s->to_act))) {
        s->to_act = (uint8_t)ml_enemy(s->to_act);
        return true;
    }
    if (s->phase == PH_ATTACH) {
        close_deployment(s);
        start_turn(s, io);
        return false;
    }
    s->phase++;
    s->to_act = ML_ROY;
    return false;
}

/* Artillery: skip guns that cannot fire; then the other player; then moves. */
static bool artillery_step(MlState *s, GameIO *io)
{
    /* the cursor in a local: the state's bytes are not reloaded per gun */
    int side = s->to_act, gun = s->gun_cursor, nguns = s->side[side].nguns;
    while (gun < nguns && !ml_gun_targets(s, side, gun))
        gun++;
    s->gun_cursor = (uint8_t)gun;
    if (gun < nguns)
        return true;
    if (s->to_act == s->player_a) {
        s->to_act = (uint8_t)ml_enemy(s->player_a);
        s->gun_cursor = 0;
    } else {
        start_move_phase(s, 0, io);
    }
    return false;
}

/* Combat after a move phase: first any split decisions, then the fights. */
static bool combat_step(MlState *s, GameIO *io)
{
    int side, line;
    if (ml_splits_possible(&s->occ) && ml_split_needed(s, &side, &line)) {
        s->to_act = (uint8_t)side;
        return true;
    }
    if (s->occ.any[0] & s->occ.any[1]) { /* a melee somewhere (else combat does nothing): lines may rout */
        unsigned lost = lost_strengths(s);
        ml_combat_all(s, io);
        if (lost_strengths(s) != lost) { /* else victory stands as tested before */
            check_victory(s, io);
            if (s->phase == PH_OVER)
                return true;
        }
    }
    if (s->mover == 0) {
        start_move_phase(s, 1, io);
    } else {
        s->phase = PH_RALLY;
        s->to_act = s->player_a;
    }
    return false;
}

static bool rally_pending(const MlState *s, int side)
{
    const MlSide *sd = &s->side[side];
    if (!s->occ.pursuing[side]) /* the usual case: no line of the side pursues */
        return false;
    for (int i = 0; i < sd->nlines; i++)
        if (sd->lines[i].status == LS_PURSUING && !sd->lines[i].rally_done)
            return true;
    return false;
}

static bool rally_step(MlState *s, GameIO *io)
{
    if (rally_pending(s, s->to_act))
        return true;
    if (s->to_act == s->player_a && rally_pending(s, ml_enemy(s->player_a))) {
        s->to_act = (uint8_t)ml_enemy(s->player_a);
        return true;
    }
    for (int sd = 0; sd < ML_SIDES; sd++) /* every slot, as start_move_phase clears moved */
        for (int i = 0; i < ML_MAX_LINES; i++)
            s->side[sd].lines[i].rally_done = 0;
    end_turn(s, io);
    return false;
}

#ifndef NDEBUG
/* Would check_victory end the battle now? (Asserted against in debug builds.) */
static bool victory_due(const MlState *s)
{
    return s->phase != PH_OVER && s->phase >= PH_ARTILLERY && (army_broken(&s->side[0]) | army_broken(&s->side[1]));
}
#endif

/* The phase dispatcher: run procedures until someone must decide. Victory
 * is tested on entry when `test` (the action just applied may have routed
 * a line), and by the steps that may rout one, right after it: combat and
 * the pursuers' advance at the start of a move phase (only ml_rout adds to
 * the lost strengths, and the battle begins with none lost). */
static void advance(MlState *s, GameIO *io, bool test)
{
    if (test)
        check_victory(s, io);
    for (;;) {
        assert(!victory_due(s));
        if (s->phase == PH_MOVE) /* most steps: a decision to make */
            return;
        bool wait;
        switch (s->phase) {
        case PH_OVER: return;
        case PH_PLACE:
        case PH_FORM:
        case PH_ATTACH: wait = deploy_step(s, io); break;
        case PH_ARTILLERY: wait = artillery_step(s, io); break;
        case PH_MOVE: wait = true; break;
        case PH_SPLIT: wait = combat_step(s, io); break;
        default: wait = rally_step(s, io); break;
        }
        if (wait)
            return;
    }
}

void ml_advance(MlState *s, GameIO *io) { advance(s, io, true); }

void ml_advance_after(MlState *s, GameIO *io, bool test) { advance(s, io, test); }

/* ------------------------------------------------------------------ */
/* Contract                                                           */
/* ------------------------------------------------------------------ */

int ml_current_player(const void *st)
{
    const MlState *s = st;
    return s->phase == PH_OVER ? GAME_OVER : s->to_act;
}

int ml_legal(const void *st, Action *out, int cap)
{
    const MlState *s = st;
    assert(ml_occ_agrees(s)); /* a hand-made state must call ml_occ_rebuild */
    if (s->phase == PH_MOVE) /* most decisions: tested first, not through a jump table */
        return ml_move_legal(s, out, cap);
    switch (s->phase) {
    case PH_PLACE:
    case PH_FORM:
    case PH_ATTACH: return ml_deploy_legal(s, out, cap);
    case PH_ARTILLERY: return ml_art_legal(s, out, cap);
    case PH_MOVE: return ml_move_legal(s, out, cap);
    case PH_SPLIT: return ml_split_legal(s, out, cap);
    case PH_RALLY: return ml_rally_legal(s, out, cap);
    default: return 0;
    }
}

/* The phases with few decisions a game pick from the list itself. */
static int choose_from_list(const MlState *s, GameChoose choose, void *ud, Action *out)
{
    Action acts[MAX_ACTIONS];
    int n = ml_legal(s, acts, MAX_ACTIONS);
    if (n > 0)
        *out = acts[choose(ud, n)];
    return n;
}

int ml_legal_choose(const void *st, GameChoose choose, void *ud, Action *out)
{
    const MlState *s = st;
    assert(ml_occ_agrees(s));
    if (s->phase == PH_MOVE)
        return ml_move_choose(s, choose, ud, out);
    if (s->phase == PH_FORM)
        return ml_form_choose(s, choose, ud, out);
    if (s->phase == PH_ATTACH)
        return ml_attach_choose(s, choose, ud, out);
    if (s->phase == PH_ARTILLERY)
        return ml_art_choose(s, choose, ud, out);
    if (s->phase == PH_PLACE)
        return ml_place_choose(s, choose, ud, out);
    return choose_from_list(s, choose, ud, out);
}

/* The fields each verb takes (game_check_fields refuses the others; no
 * verb takes a point: the battlefield is a grid). */
static const uint8_t verb_fields[MLV_COUNT] = {
    [MLV_ROUGH] = ACT_TARGET,
    [MLV_DRAGOONS] = ACT_PIECE | ACT_TARGET | ACT_ARG,
    [MLV_FORM] = ACT_PIECE | ACT_TARGET | ACT_SET,
    [MLV_GUN] = ACT_PIECE | ACT_TARGET | ACT_ARG,
    [MLV_GENERAL] = ACT_PIECE | ACT_TARGET,
    [MLV_LIGHT] = ACT_TARGET,
    [MLV_FIRE] = ACT_PIECE | ACT_TARGET,
    [MLV_HOLD] = ACT_PIECE,
    [MLV_MOVE] = ACT_PIECE | ACT_TARGET,
    [MLV_TURNIN] = ACT_PIECE,
    [MLV_GENMOVE] = ACT_PIECE | ACT_TARGET,
    [MLV_END] = 0,
    [MLV_SPLIT] = ACT_PIECE | ACT_ARG,
    [MLV_RALLY] = ACT_PIECE,
    [MLV_PRESS] = ACT_PIECE,
};

int ml_check(const void *st, const Action *a, Diag *d)
{
    const MlState *s = st;
    assert(ml_occ_agrees(s));
    if (a->verb < 0 || a->verb >= MLV_COUNT)
        return diag_set(d, "unknown verb %d", a->verb);
    if (game_check_fields(a, verb_fields[a->verb], ml_verb_words[a->verb], d) < 0)
        return -1;
    switch (s->phase) {
    case PH_PLACE:
    case PH_FORM:
    case PH_ATTACH: return ml_deploy_check(s, a, d);
    case PH_ARTILLERY: return ml_art_check(s, a, d);
    case PH_MOVE: return ml_move_check(s, a, d);
    case PH_SPLIT: return ml_split_check(s, a, d);
    case PH_RALLY: return ml_rally_check(s, a, d);
    default: return diag_set(d, "the battle is over");
    }
}

void ml_apply(void *st, const Action *a, GameIO *io)
{
    MlState *s = st;
    assert(ml_occ_agrees(s));
    if (s->phase == PH_MOVE) { /* most decisions: tested first, not through a jump table */
        ml_move_apply(s, a, io);
        /* A move routs no line: while moves go on, nothing is left to run,
         * and the victory ml_advance tested when it stopped for the move
         * stands (the lost strengths have not changed). */
        assert(!victory_due(s));
        if (s->phase != PH_MOVE)
            advance(s, io, false);
        return;
    }
    unsigned lost = lost_strengths(s);
    switch (s->phase) {
    case PH_PLACE:
    case PH_FORM:
    case PH_ATTACH:
        ml_deploy_apply(s, a, io);
        s->to_act = (uint8_t)ml_enemy(s->to_act); /* alternate */
        break;
    case PH_ARTILLERY: ml_art_apply(s, a, io); break;
    case PH_MOVE: ml_move_apply(s, a, io); break;
    case PH_SPLIT: ml_split_apply(s, a); break;
    case PH_RALLY: ml_rally_apply(s, a, io); break;
    default: return;
    }
    /* victory is tested again only if the action changed the lost
     * strengths (a gun's fire may rout a line): else it stands as tested
     * when advance stopped for the action (before the battle there is
     * none to test) */
    advance(s, io, lost_strengths(s) != lost);
}

/* The random player's draw (as src/ai draws it). */
static int draw_rng(void *ud, int n) { return (int)rng_below(ud, (uint32_t)n); }

void ml_deploy_next(MlState *s, GameIO *io)
{
    if (!deploy_step(s, io))
        advance(s, io, false);
}

/* The move phases, most of the actions, are played in ml_move.c, their
 * choices drawn without a call through a pointer, and deployment in
 * ml_deploy.c; the rest through ml_legal_choose and ml_apply as the
 * random player would. */
long ml_random_playout(void *st, Rng *const rngs[], GameIO *io, long bound)
{
    MlState *s = st;
    long n = 0;
    while (s->phase != PH_OVER && n < bound) {
        if (s->phase <= PH_ATTACH) {
            long made = ml_deploy_random(s, rngs, io, bound - n);
            if (made == 0) /* no legal action */
                break;
            n += made;
            continue;
        }
        if (s->phase == PH_ARTILLERY) {
            n += ml_art_random(s, rngs, io, bound - n);
            continue;
        }
        Rng *rng = rngs[s->to_act];
        if (s->phase == PH_MOVE) {
            n += ml_move_phase_random(s, rng, io, bound - n);
            if (s->phase != PH_MOVE) /* as ml_apply after the last move */
                advance(s, io, false);
            continue;
        }
        Action a;
        if (ml_legal_choose(s, draw_rng, rng, &a) <= 0)
            break;
        ml_apply(s, &a, io);
        n++;
    }
    return n;
}

bool ml_terminal(const void *st) { return ((const MlState *)st)->phase == PH_OVER; }

void ml_score(const void *st, double out[])
{
    const MlState *s = st;
    out[0] = out[1] = 0;
    if (s->phase != PH_OVER || s->winner == 2)
        return;
    out[s->winner] = 1;
    out[1 - s->winner] = -1;
}

int ml_turn(const void *st) { return ((const MlState *)st)->turn; }

static const char *const ml_roles[] = {"royalist", "parliament"};

static const char *const ml_option_help[] = {
    "foot=str2|str4      the foot list's 4 units of strength 2, or 4 as printed (The Armies)",
    "turns=N             the turns before the battle ends, 1-99 (default 12; Victory)",
    "dragoons=zone|wing  dragoons help the wing lines a zone either way, or the whole wing (Modifiers)",
    NULL,
};

const GameOps ml_ops = {
    .id = "marston-less",
    .title = "Marston Less: a fast ECW battle on a 3 x 7 grid",
    .nplayers = 2,
    .roles = ml_roles,
    .state_size = sizeof(MlState),
    .rng_offset = offsetof(MlState, rng),
    .setup = ml_setup,
    .current_player = ml_current_player,
    .legal = ml_legal,
    .legal_choose = ml_legal_choose,
    .check = ml_check,
    .apply = ml_apply,
    .terminal = ml_terminal,
    .score = ml_score,
    .turn = ml_turn,
    .view = ml_view,
    .redeal = ml_redeal,
    .describe = ml_describe,
    .parse = ml_parse,
    .render = ml_render,
    .nverbs = MLV_COUNT,
    .verb_help = ml_verb_help,
    .chance_alone_reveals = true, /* hands are dealt at set-up; cards are never drawn later */
    .heuristic = ml_heuristic,
    .odds = ml_odds_cli,
    .option_help = ml_option_help,
    .random_playout = ml_random_playout,
};
