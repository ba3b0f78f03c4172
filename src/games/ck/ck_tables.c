/* ck_tables.c - To Catch a King tables: [CK Movement and Ranges],
 * [CK Figure combat Factors], the terrain pieces of [CK Equipment needed]
 * with ecw's shapes, and the three decks of [CK Cards Used]. */
#include "ck.h"
#include <string.h>

/* name, letter, side, mounted, vs foot, vs mounted, move, shooting range.
 * Royalist horse are not in the factor table: ecw gives them the
 * Parliament cavalry's figures. Charles on foot moves 6" (ecw). */
const CkFigSpec ck_figs[F_TYPE_COUNT] = {
    [F_DRAGOON] = {"dragoon", 'D', CK_PAR, 1, 3, 2, 8, 12},
    [F_CAVALRY] = {"cavalry", 'C', CK_PAR, 1, 4, 4, 8, 6},
    [F_YOU]     = {"you", 'Y', CK_PAR, 1, 4, 4, 8, 6},
    [F_SHOT]    = {"shot", 'S', CK_ROY, 0, 4, 3, 6, 12},
    [F_HORSE]   = {"horse", 'H', CK_ROY, 1, 4, 4, 8, 6},
    [F_CLUBMAN] = {"clubman", 'K', CK_ROY, 0, 2, 2, 6, 12},
    [F_WILMOT]  = {"wilmot", 'W', CK_ROY, 1, 4, 4, 8, 0},
    [F_CHARLES] = {"charles", 'X', CK_ROY, 0, 4, 4, 6, 0},
};

/* name, radius, cover from shooting, obstacle to defend, half move,
 * hill, blocks line of sight. */
const CkTerrainSpec ck_terrain[T_KIND_COUNT] = {
    [T_VILLAGE] = {"village", 3.0f, 1, 1, 0, 0, 1},
    [T_MANOR]   = {"manor", 2.5f, 1, 1, 0, 0, 1},
    [T_WOOD]    = {"wood", 3.0f, 1, 0, 1, 0, 1},
    [T_HILL]    = {"hill", 3.0f, 0, 0, 0, 1, 1},
    [T_FIELD]   = {"field", 3.0f, 1, 1, 1, 0, 0},
    [T_MARSH]   = {"marsh", 3.0f, 0, 0, 1, 0, 0},
};

/* A village, a manor house, 3 woods, 3 hills, 3 enclosed fields, a marsh. */
const uint8_t ck_piece_kinds[CK_PIECES] = {
    T_VILLAGE, T_MANOR, T_WOOD, T_WOOD, T_WOOD, T_HILL,
    T_HILL, T_HILL, T_FIELD, T_FIELD, T_FIELD, T_MARSH,
};

const char *const ck_chance_names[CH_KIND_COUNT] = {
    "nothing", "rain", "clear", "band", "reinforcements", "drover",
};
const char *const ck_disc_names[4] = {"blank", "infantry", "horse", "clubmen"};

static int fill(uint8_t *out, int at, int card, int count)
{
    memset(out + at, card, (size_t)count);
    return at + count;
}

/* 3 rain, 3 clearing, 5 bands, 5 reinforcements, 1 drover, 13 nothing. */
void ck_deck_chance(uint8_t out[CK_CHANCE_CARDS])
{
    int n = fill(out, 0, CH_RAIN, 3);
    n = fill(out, n, CH_CLEAR, 3);
    n = fill(out, n, CH_BAND, 5);
    n = fill(out, n, CH_REINFORCE, 5);
    n = fill(out, n, CH_DROVER, 1);
    fill(out, n, CH_NOTHING, 13);
}

/* 4 infantry, 4 horse, 4 clubmen (each 1d6 strong), 12 blank. */
void ck_deck_discovery(uint8_t out[CK_DISC_CARDS])
{
    int n = fill(out, 0, DISC_INFANTRY, 4);
    n = fill(out, n, DISC_HORSE, 4);
    n = fill(out, n, DISC_CLUBMEN, 4);
    fill(out, n, DISC_BLANK, 12);
}

/* Charles Stuart, Lord Wilmot and 16 blank. */
void ck_deck_prominent(uint8_t out[CK_PROM_CARDS])
{
    int n = fill(out, 0, PROM_CHARLES, 1);
    n = fill(out, n, PROM_WILMOT, 1);
    fill(out, n, PROM_BLANK, 16);
}

float ck_fig_rate(const CkFig *f)
{
    return f->type == F_DRAGOON && !f->mounted ? 6.0f : ck_figs[f->type].move;
}
