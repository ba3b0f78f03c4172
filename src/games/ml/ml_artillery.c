/* ml_artillery.c - Marston Less artillery [ML Artillery]: guns on the
 * wing/centre dividing lines fire up to 3 zones into the two sectors they
 * border, never across zones holding troops, rolling 1d20 on the combat
 * table with the gun's factor; a gun whose two bordering zones are held by
 * the enemy alone is lost. The initiative winner fires first. */
#include "ml.h"
#include <assert.h>

uint8_t ml_gun_reach_zones(int zone, unsigned held)
{
    unsigned up = 1u << zone, down = up, zones = up;
    for (int dist = 1; dist <= 3; dist++) {
        up = up << 1 & 0x7Fu, down = down >> 1 & 0x7Fu;
        zones |= up | down;
        up &= ~held, down &= ~held; /* troops there screen the zones beyond */
    }
    return (uint8_t)zones;
}

/* [ML Artillery] the cells a gun reaches (ml_gun_reach). */
static uint32_t gun_reach(const MlState *s, const MlGun *g) { return ml_gun_reach(s, g->divide, g->zone); }

/* Can `side`'s gun, reaching `reach`, hit enemy line li? Not where friends
 * stand (ecw: no firing into a melee with friends in it). */
static bool can_hit(const MlState *s, int side, uint32_t reach, int li)
{
    const MlLine *t = &s->side[ml_enemy(side)].lines[li];
    uint32_t cell = ml_cell_bit(t->sector, t->zone);
    return ml_line_on_table(t) && (reach & cell) && !(s->occ.any[side] & cell);
}

/* [ML Artillery] the enemy lines the gun to fire may hit, bit li for line li: as
 * can_hit, read off the index (the lines on the table of each cell in
 * reach that holds no friends). */
static unsigned targets_of(const MlState *s, int side, int gun)
{
    int foe = ml_enemy(side);
    uint32_t cells = gun_reach(s, &s->side[side].guns[gun]) & s->occ.any[foe] & ~s->occ.any[side];
    unsigned lines = 0;
    for (; cells; cells &= cells - 1)
        lines |= s->occ.at[foe][__builtin_ctz(cells)];
    return lines;
}

int ml_art_legal(const MlState *s, Action *out, int cap)
{
    int n = 0, g = s->gun_cursor;
    for (unsigned lines = targets_of(s, s->to_act, g); lines; lines &= lines - 1)
        n = ml_push(out, cap, n, MLV_FIRE, g, __builtin_ctz(lines), 0, 0);
    n = ml_push(out, cap, n, MLV_HOLD, g, 0, 0, 0);
    return n;
}

/* [ML Artillery] the fire or hold ml_art_legal lists at the index chosen,
 * without writing the list: the targets in line order, then hold. */
static inline int art_choose(const MlState *s, GameChoose choose, void *ud, Action *out)
{
    int g = s->gun_cursor;
    unsigned lines = targets_of(s, s->to_act, g);
    int n = ml_count_bits64(lines) + 1, k = choose(ud, n);
    uint64_t head = k < n - 1 ? ml_head(MLV_FIRE, g, ml_nth_bit8(lines, k), 0) : ml_head(MLV_HOLD, g, 0, 0);
    ml_put(out, head, 0);
    return n;
}

int ml_art_choose(const MlState *s, GameChoose choose, void *ud, Action *out)
{
    return art_choose(s, choose, ud, out);
}

int ml_art_check(const MlState *s, const Action *a, Diag *d)
{
    if (a->verb != MLV_FIRE && a->verb != MLV_HOLD)
        return diag_set(d, "now is the time to fire or hold your guns");
    if (a->piece != s->gun_cursor)
        return diag_set(d, "gun %d is the one to fire now", s->gun_cursor + 1);
    if (a->verb == MLV_FIRE) {
        const MlSide *foe = &s->side[ml_enemy(s->to_act)];
        if (a->target < 0 || a->target >= foe->nlines)
            return diag_set(d, "no such enemy line");
        if (!can_hit(s, s->to_act, gun_reach(s, &s->side[s->to_act].guns[a->piece]), a->target))
            return diag_set(d, "that line is out of range, screened by troops, or in a melee");
    }
    return 0;
}

static inline void art_apply(MlState *s, const Action *a, GameIO *io)
{
    int side = s->to_act;
    s->gun_cursor++;
    if (a->verb == MLV_HOLD)
        return;
    const MlGun *g = &s->side[side].guns[a->piece];
    int foe = ml_enemy(side);
    int roll = ml_roll(s, io, 20, side, "%s gun %d firing", ml_side_name(side), a->piece + 1);
    int dp = ml_dp_for(g->factor, roll);
    EventLog *log = io ? io->log : NULL;
    if (log && evlog_begin(log, "artillery", VIS_PUBLIC)) { /* no call when nobody reads the log */
        char id[8];
        snprintf(id, sizeof id, "%c%d", foe == ML_ROY ? 'R' : 'P', a->target + 1);
        evlog_str(log, "side", ml_side_name(side));
        evlog_int(log, "gun", a->piece + 1);
        evlog_str(log, "line", id);
        evlog_int(log, "factor", g->factor);
        evlog_int(log, "roll", roll);
        evlog_int(log, "dp", dp);
        evlog_end(log, "%s gun %d (factor %d) fires at %s: rolls %d, %d DP",
                  side == ML_ROY ? "Royalist" : "Parliament", a->piece + 1, g->factor, id, roll, dp);
    }
    if (dp)
        ml_add_dp(s, foe, a->target, dp, io);
}

void ml_art_apply(MlState *s, const Action *a, GameIO *io) { art_apply(s, a, io); }

/* The random player's draw (as src/ai draws it): a constant callback, so
 * that the inline choice calls rng_below directly. */
static int draw_rng(void *ud, int n) { return (int)rng_below(ud, (uint32_t)n); }

long ml_art_random(MlState *s, Rng *const rngs[], GameIO *io, long bound)
{
    long n = 0;
    while (s->phase == PH_ARTILLERY && n < bound) {
        assert(ml_occ_agrees(s));
        Action a;
        art_choose(s, draw_rng, rngs[s->to_act], &a);
        uint8_t lost[2] = {s->side[0].lost_str, s->side[1].lost_str};
        art_apply(s, &a, io);
        n++;
        /* as ml_apply: victory tested again if the fire routed a line */
        ml_advance_after(s, io, lost[0] != s->side[0].lost_str || lost[1] != s->side[1].lost_str);
    }
    return n;
}

/* [ML Artillery] lost when both bordering zones hold enemy lines and no
 * friends (ml_guns_check_lost tests the masks first). */
void ml_guns_overrun(MlState *s, GameIO *io)
{
    for (int side = 0; side < ML_SIDES; side++) {
        uint32_t both = ml_overrun_cells(s, side);
        MlSide *sd = &s->side[side];
        if (!(s->occ.guns[side] & both))
            continue;
        for (int g = 0; both && g < sd->nguns; g++) {
            MlGun *gun = &sd->guns[g];
            if (!gun->alive || !gun->placed || !(both & ml_cell_bit(gun->divide, gun->zone)))
                continue;
            gun->alive = 0;
            EventLog *log = io ? io->log : NULL;
            if (evlog_begin(log, "gun_lost", VIS_PUBLIC)) {
                evlog_str(log, "side", ml_side_name(side));
                evlog_int(log, "gun", g + 1);
                evlog_end(log, "%s gun %d is overrun and lost",
                          side == ML_ROY ? "Royalist" : "Parliament", g + 1);
            }
        }
        s->occ.guns[side] = ml_gun_cells(sd);
    }
}
