/* ml_deploy.c - Marston Less deployment [ML Set Up]: rough terrain and
 * dragoons from the cards [ML The Deck], lines of foot in the centre and
 * horse on the wings, then guns on the wing/centre dividing lines
 * [ML Artillery], generals attached to lines [ML Generals] and light guns.
 * Players alternate one placement at a time (an ecw rule). */
#include "ml.h"
#include <assert.h>
#include <string.h>

/* ---------------- rough terrain and dragoons ---------------- */

static int first_unplaced_dragoons(const MlSide *sd)
{
    for (int i = 0; i < sd->ndrag; i++)
        if (!sd->drag[i].placed)
            return i;
    return -1;
}

/* [ML Rough Terrain] a piece may go in any zone of the three main sectors. */
static int check_rough(const MlState *s, const Action *a, Diag *d)
{
    if (!s->side[s->to_act].rough_pending)
        return diag_set(d, "you have no rough terrain to place");
    int sec = a->target / ML_ZONES, zone = a->target % ML_ZONES;
    if (a->target < 0 || sec >= ML_SECTORS)
        return diag_set(d, "no such zone on the board");
    if (s->rough[sec][zone])
        return diag_set(d, "the %s sector, zone %d is already rough", ml_sector_name(sec), zone + 1);
    return 0;
}

/* Dragoons go in an extreme flank sector, in one of their own three zones. */
static int check_dragoons(const MlState *s, const Action *a, Diag *d)
{
    const MlSide *sd = &s->side[s->to_act];
    if (a->piece != first_unplaced_dragoons(sd))
        return diag_set(d, "you have no dragoons to place");
    if (a->arg < 0 || a->arg > 1)
        return diag_set(d, "dragoons go on the left or right flank");
    if (!ml_home_zone(s->to_act, a->target))
        return diag_set(d, "dragoons deploy in your own three zones");
    for (int i = 0; i < sd->ndrag; i++)
        if (sd->drag[i].placed && sd->drag[i].flank == a->arg && sd->drag[i].zone == a->target)
            return diag_set(d, "dragoons are already there");
    return 0;
}

/* [ML Set Up] the zones (bit z) where the side's next dragoons may go on
 * a flank: as check_dragoons, its own three zones not already holding
 * dragoons there. */
static uint32_t dragoon_zones(const MlState *s, int flank)
{
    const MlSide *sd = &s->side[s->to_act];
    uint32_t zones = s->to_act == ML_ROY ? 0x07u : 0x70u; /* as ml_home_zone */
    for (int i = 0; i < sd->ndrag; i++)
        zones &= ~((uint32_t)(sd->drag[i].placed && sd->drag[i].flank == flank) << sd->drag[i].zone);
    return zones;
}

/* Rough terrain on every zone not yet rough (sector by sector, as the
 * cells of the index run), then the first dragoons waiting on each flank. */
static int legal_place(const MlState *s, Action *out, int cap)
{
    int n = 0;
    const MlSide *sd = &s->side[s->to_act];
    uint32_t smooth = ~s->occ.rough & 0x7F7F7Fu & ml_ones_if(sd->rough_pending != 0);
    for (; smooth; smooth &= smooth - 1) {
        int cell = __builtin_ctz(smooth);
        n = ml_push(out, cap, n, MLV_ROUGH, 0, cell / 8 * ML_ZONES + cell % 8, 0, 0);
    }
    int di = first_unplaced_dragoons(sd);
    for (int f = 0; di >= 0 && f < 2; f++)
        for (uint32_t zones = dragoon_zones(s, f); zones; zones &= zones - 1)
            n = ml_push(out, cap, n, MLV_DRAGOONS, di, __builtin_ctz(zones), f, 0);
    return n;
}

/* [ML Rough Terrain] [ML Set Up] the rough terrain or dragoons
 * legal_place lists at the index chosen, without writing the list: the
 * smooth cells in board order, then the zones of the first dragoons
 * waiting, left flank first. */
static inline int place_choose(const MlState *s, GameChoose choose, void *ud, Action *out)
{
    const MlSide *sd = &s->side[s->to_act];
    uint32_t smooth = ~s->occ.rough & 0x7F7F7Fu & ml_ones_if(sd->rough_pending != 0);
    int di = first_unplaced_dragoons(sd);
    uint32_t zones[2] = {0, 0};
    if (di >= 0)
        zones[0] = dragoon_zones(s, 0), zones[1] = dragoon_zones(s, 1);
    int nrough = ml_count_bits64(smooth), nleft = ml_count_bits64(zones[0]);
    int n = nrough + nleft + ml_count_bits64(zones[1]);
    if (n == 0)
        return 0;
    int k = choose(ud, n);
    uint64_t head;
    if (k < nrough) {
        int cell = ml_nth_bit(smooth, k);
        head = ml_head(MLV_ROUGH, 0, cell / 8 * ML_ZONES + cell % 8, 0);
    } else {
        int f = (k -= nrough) >= nleft;
        head = ml_head(MLV_DRAGOONS, di, ml_nth_bit8(zones[f], k - f * nleft), f);
    }
    ml_put(out, head, 0);
    return n;
}

/* ---------------- forming lines ---------------- */

/* The side to act's army as forming a line sees it, counted once per
 * legal() or check() call. */
typedef struct FormCtx {
    int      side;
    const uint32_t (*waiting)[5]; /* by arm: units waiting to deploy, by strength 1..4 (MlOcc.waiting) */
    int      ranked[2];        /* by arm: how many of those */
    int      undeployed[2];    /* by arm: units waiting to deploy, whatever their strength */
    int      foot_lines;       /* foot lines formed */
    int      horse_lines[ML_SECTORS];
    uint32_t own;              /* cells holding one of the side's lines */
    bool     popcnt;           /* the machine has a popcount instruction (ml_has_popcnt) */
} FormCtx;

/* How many bits are set, without a popcount instruction. */
static inline int count_bits_swar(uint32_t m)
{
    m = m - (m >> 1 & 0x55555555u);
    m = (m & 0x33333333u) + (m >> 2 & 0x33333333u);
    return (int)(((m + (m >> 4)) & 0x0F0F0F0Fu) * 0x01010101u >> 24);
}

/* How many bits are set: with the instruction when popcnt (see
 * ml_has_popcnt), which debug builds check against count_bits_swar. */
static inline int count_bits(uint32_t m, bool popcnt)
{
    if (!popcnt)
        return count_bits_swar(m);
    int n = ml_popcnt(m);
    assert(n == count_bits_swar(m));
    return n;
}

#ifndef NDEBUG
/* form_ctx's line counts, counted from the lines (asserted against). */
static bool form_counts_agree(const MlSide *sd, const FormCtx *c)
{
    int foot = 0, horse[ML_SECTORS] = {0, 0, 0};
    for (int i = 0; i < sd->nlines; i++) {
        foot += sd->lines[i].arm == ML_FOOT;
        horse[sd->lines[i].sector] += sd->lines[i].arm == ML_HORSE;
    }
    return foot == c->foot_lines && memcmp(horse, c->horse_lines, sizeof horse) == 0;
}
#endif

/* The waiting units and the lines come from the state's index: lines
 * deploy one to a cell, so the lines of an arm are the cells it holds. */
static inline void form_ctx(const MlState *s, FormCtx *c)
{
    const MlOcc *o = &s->occ;
    c->side = s->to_act;
    c->popcnt = ml_has_popcnt();
    c->waiting = o->waiting[c->side];
    for (int arm = 0; arm < 2; arm++) {
        const uint32_t *by = c->waiting[arm];
        uint32_t ranked = by[1] | by[2] | by[3] | by[4];
        c->undeployed[arm] = count_bits(ranked | by[0], c->popcnt);
        c->ranked[arm] = count_bits(ranked, c->popcnt);
    }
    c->own = o->any[c->side];
    uint32_t horse = c->own & ~o->foot[c->side];
    c->foot_lines = count_bits(o->foot[c->side], c->popcnt);
    for (int sec = 0; sec < ML_SECTORS; sec++)
        c->horse_lines[sec] = count_bits(horse & 0x7Fu << (sec * 8), c->popcnt);
    assert(form_counts_agree(&s->side[c->side], c));
}

/* Room left for units of an arm if one more line of it stands in `sector`. */
static int room_after(const FormCtx *c, int arm, int sector)
{
    if (arm == ML_FOOT)
        return (ML_FOOT_LINES - c->foot_lines - 1) * ML_FOOT_PER_LINE;
    int room = 0;
    for (int w = ML_LEFT; w <= ML_RIGHT; w += 2) {
        int used = c->horse_lines[w] + (w == sector);
        room += (ML_HORSE_LINES_PER_WING - used) * ML_HORSE_PER_LINE;
    }
    return room;
}

/* Why a new line may not stand in a sector and zone, whatever its units. */
typedef enum { FP_OK = 0, FP_NOT_HOME, FP_TAKEN, FP_NO_MORE_LINES } FormPlaceWhy;

/* [ML Set Up] lines deploy in the player's three nearest zones, one line
 * to a zone, up to 3 lines of foot and 2 of horse on each wing. */
static FormPlaceWhy form_place_why(const FormCtx *c, int arm, int sec, int zone)
{
    if (!ml_home_zone(c->side, zone))
        return FP_NOT_HOME;
    if (c->own & ml_cell_bit(sec, zone))
        return FP_TAKEN;
    if (arm == ML_FOOT ? c->foot_lines >= ML_FOOT_LINES : c->horse_lines[sec] >= ML_HORSE_LINES_PER_WING)
        return FP_NO_MORE_LINES;
    return FP_OK;
}

static int explain_form_place(FormPlaceWhy why, int arm, Diag *d)
{
    switch (why) {
    case FP_NOT_HOME: return diag_set(d, "lines deploy in your own three zones");
    case FP_TAKEN: return diag_set(d, "you already have a line in that zone");
    default: return diag_set(d, "no more %s lines allowed there", arm == ML_FOOT ? "foot" : "horse");
    }
}

/* [ML Set Up] foot: up to 3 lines of up to 5 units in the centre; horse:
 * up to 2 lines per wing of up to 4 units; lines in the player's three
 * nearest zones; every unit must still find a place. */
static int check_form(const MlState *s, const Action *a, Diag *d)
{
    int arm = -1, count = 0;
    const MlSide *sd = &s->side[s->to_act];
    if (a->set == 0 || a->set >> sd->nunits)
        return diag_set(d, "name the units to form the line from");
    for (int i = 0; i < sd->nunits; i++) {
        if (!(a->set >> i & 1))
            continue;
        const MlUnit *u = &sd->units[i];
        if (!u->alive || u->line != ML_NONE)
            return diag_set(d, "unit %d is not waiting to deploy", i + 1);
        if (arm >= 0 && u->arm != arm)
            return diag_set(d, "a line is all foot or all horse");
        arm = u->arm;
        count++;
    }
    if (a->piece < 0 || a->piece >= ML_SECTORS)
        return diag_set(d, "no such sector");
    if ((arm == ML_FOOT) != (a->piece == ML_CENTRE))
        return diag_set(d, "foot deploy in the centre, horse on the wings");
    if (count > (arm == ML_FOOT ? ML_FOOT_PER_LINE : ML_HORSE_PER_LINE))
        return diag_set(d, "a %s line holds at most %d units", arm == ML_FOOT ? "foot" : "horse",
                        arm == ML_FOOT ? ML_FOOT_PER_LINE : ML_HORSE_PER_LINE);
    FormCtx c;
    form_ctx(s, &c);
    FormPlaceWhy why = form_place_why(&c, arm, a->piece, a->target);
    if (why != FP_OK)
        return explain_form_place(why, arm, d);
    if (c.undeployed[arm != ML_FOOT] - count > room_after(&c, arm, a->piece))
        return diag_set(d, "the remaining %s would not fit in the lines left",
                        arm == ML_FOOT ? "foot" : "horse");
    return 0;
}

/* The waiting units of an arm in order, strongest first and the first
 * listed first among equals: the sets of the first k of them (strong[k],
 * the strongest) and of the last k (weak[k], the weakest), for k =
 * 0..kmax (kmax at most how many there are). The strongest are taken
 * from the strength groups from 4 down, each from its lowest unit; the
 * weakest from the groups from 1 up, each from its highest unit. */
static void strongest_and_weakest(const FormCtx *c, int arm, int kmax, uint32_t strong[], uint32_t weak[])
{
    const uint32_t *by_str = c->waiting[arm != ML_FOOT];
    strong[0] = weak[0] = 0;
    int k = 1;
    for (int str = 4; str >= 1 && k <= kmax; str--)
        for (uint32_t m = by_str[str]; m && k <= kmax; m &= m - 1, k++)
            strong[k] = strong[k - 1] | (m & (0u - m));
    k = 1;
    for (int str = 1; str <= 4 && k <= kmax; str++)
        for (uint32_t m = by_str[str]; m && k <= kmax; k++) {
            uint32_t last = 1u << (31 - __builtin_clz(m));
            weak[k] = weak[k - 1] | last;
            m &= ~last;
        }
}

/* The zones of a sector where a new line of `arm` may stand (bit z): as
 * form_place_why, on masks. */
static uint32_t form_zones(const FormCtx *c, int arm, int sec)
{
    uint32_t home = c->side == ML_ROY ? 0x07u : 0x70u; /* zones 0-2 or 4-6 */
    bool room = arm == ML_FOOT ? c->foot_lines < ML_FOOT_LINES : c->horse_lines[sec] < ML_HORSE_LINES_PER_WING;
    return home & ~(c->own >> (sec * 8)) & ml_ones_if(room);
}

/* The lines legal() offers to form, sector by sector: each zone of
 * `zones` with each of the unit sets of `sets`. */
typedef struct FormMenu {
    uint32_t zones[ML_SECTORS];
    int      nsets[ML_SECTORS];
    uint32_t sets[ML_SECTORS][2 * ML_FOOT_PER_LINE];
} FormMenu;

/* Representative choices: each sector and zone, each size, the strongest
 * or the weakest units. A person may type any other selection. Only the
 * size limits vary with the size, so each zone is checked once. */
static void form_menu(const MlState *s, FormMenu *m)
{
    FormCtx c;
    form_ctx(s, &c);
    uint32_t strong[2][ML_FOOT_PER_LINE + 1], weak[2][ML_FOOT_PER_LINE + 1]; /* by arm: both wings share */
    bool ordered[2] = {false, false};
    for (int sec = 0; sec < ML_SECTORS; sec++) {
        int arm = sec == ML_CENTRE ? ML_FOOT : ML_HORSE, a = arm != ML_FOOT, avail = c.ranked[a];
        int maxn = arm == ML_FOOT ? ML_FOOT_PER_LINE : ML_HORSE_PER_LINE;
        int minn = avail - room_after(&c, arm, sec);
        int k0 = minn > 1 ? minn : 1, k1 = maxn < avail ? maxn : avail; /* k1: the same for both wings */
        uint32_t zones = form_zones(&c, arm, sec);
        m->zones[sec] = 0;
        m->nsets[sec] = 0;
        if (k0 > k1 || !zones)
            continue;
        if (!ordered[a])
            strongest_and_weakest(&c, arm, k1, strong[a], weak[a]);
        ordered[a] = true;
        /* sizes k0..k1 already meet check_form's size and room limits */
        uint32_t *sets = m->sets[sec];
        int nsets = 0;
        for (int k = k0; k <= k1; k++) {
            sets[nsets++] = strong[a][k];
            sets[nsets] = weak[a][k];
            nsets += weak[a][k] != strong[a][k];
        }
        m->zones[sec] = zones;
        m->nsets[sec] = nsets;
    }
}

static int legal_form(const MlState *s, Action *out, int cap)
{
    int n = 0;
    FormMenu m;
    form_menu(s, &m);
    for (int sec = 0; sec < ML_SECTORS; sec++) {
        int nsets = m.nsets[sec];
        for (uint32_t zones = m.zones[sec]; zones; zones &= zones - 1) {
            uint64_t head = ml_head(MLV_FORM, sec, __builtin_ctz(zones), 0);
            if (n + nsets > cap) { /* a full list keeps what fits */
                for (int k = 0; k < nsets; k++)
                    n = ml_push(out, cap, n, MLV_FORM, sec, __builtin_ctz(zones), 0, m.sets[sec][k]);
                continue;
            }
            for (int k = 0; k < nsets; k++)
                ml_put(&out[n++], head, m.sets[sec][k]);
        }
    }
    return n;
}

/* The k units of an arm waiting that strongest_and_weakest puts first
 * (weakest false) or last (weakest true): whole strength groups while
 * they fit, then units from the next group, from its lowest unit (the
 * strongest) or its highest (the weakest). */
static uint32_t units_at_end(const FormCtx *c, int arm, int k, bool weakest)
{
    const uint32_t *by_str = c->waiting[arm != ML_FOOT];
    uint32_t set = 0;
    for (int g = 0; g < 4 && k > 0; g++) {
        uint32_t m = by_str[weakest ? 1 + g : 4 - g];
        int n = count_bits(m, c->popcnt);
        if (n <= k) {
            set |= m, k -= n;
            continue;
        }
        for (; k > 0; k--) {
            uint32_t unit = weakest ? 1u << (31 - __builtin_clz(m)) : m & (0u - m);
            set |= unit, m &= ~unit;
        }
    }
    return set;
}

/* [ML Set Up] the line form_menu lists at the index chosen, without
 * working out every set: each sector offers each of its zones with the strongest and the
 * weakest units of each size k0..k1, but one set for the size taking all
 * the units (the strongest k are then the weakest k); only the chosen set
 * is made. */
static inline int form_choose(const MlState *s, GameChoose choose, void *ud, Action *out)
{
    FormCtx c;
    form_ctx(s, &c);
    /* the sizes lo..hi of form_menu, by arm: the room left after one more
     * horse line is the same on either wing (room_after sums both) */
    int k0[2], sets[2];
    for (int a = 0; a < 2; a++) {
        int arm = a == 0 ? ML_FOOT : ML_HORSE, avail = c.ranked[a];
        int maxn = arm == ML_FOOT ? ML_FOOT_PER_LINE : ML_HORSE_PER_LINE;
        int minn = avail - room_after(&c, arm, arm == ML_FOOT ? ML_CENTRE : ML_LEFT);
        int lo = minn > 1 ? minn : 1, hi = maxn < avail ? maxn : avail; /* as form_menu */
        k0[a] = lo;
        sets[a] = lo > hi ? 0 : 2 * (hi - lo + 1) - (hi == avail);
    }
    int nsets[ML_SECTORS], per_sector[ML_SECTORS], n = 0;
    uint32_t zones[ML_SECTORS];
    for (int sec = 0; sec < ML_SECTORS; sec++) {
        int a = sec != ML_CENTRE;
        zones[sec] = form_zones(&c, a ? ML_HORSE : ML_FOOT, sec);
        nsets[sec] = zones[sec] ? sets[a] : 0;
        per_sector[sec] = count_bits(zones[sec], c.popcnt) * nsets[sec];
        n += per_sector[sec];
    }
    if (n == 0)
        return 0;
    /* the sector of entry k, found without a loop: which of the three
     * the draw falls in is as good as random (a sector without entries
     * is passed over, its bound being the one before) */
    int k = choose(ud, n), past0 = k >= per_sector[0], past1 = k >= per_sector[0] + per_sector[1];
    int sec = past0 + past1;
    k -= per_sector[0] * past0 + per_sector[1] * past1;
    int zone = ml_nth_bit8(zones[sec], k / nsets[sec]), set = k % nsets[sec];
    uint32_t units = units_at_end(&c, sec == ML_CENTRE ? ML_FOOT : ML_HORSE, k0[sec != ML_CENTRE] + set / 2, set % 2);
    ml_put(out, ml_head(MLV_FORM, sec, zone, 0), units);
    return n;
}

/* ---------------- guns, generals, light guns ---------------- */

/* [ML Artillery] guns stand on a wing/centre dividing line; ecw lets the
 * player choose any of his three zones (the rulebook's "normally"). */
static int check_gun(const MlState *s, const Action *a, Diag *d)
{
    const MlSide *sd = &s->side[s->to_act];
    if (a->piece < 0 || a->piece >= sd->nguns || sd->guns[a->piece].placed)
        return diag_set(d, "gun %d is not waiting to deploy", a->piece + 1);
    if (a->arg < 0 || a->arg > 1)
        return diag_set(d, "guns go on the left or right dividing line");
    if (!ml_home_zone(s->to_act, a->target))
        return diag_set(d, "guns deploy in your own three zones");
    return 0;
}

typedef enum { GA_OK = 0, GA_NOT_WAITING, GA_NO_LINE, GA_LINE_HAS_ONE } GeneralAttachWhy;

/* [ML Generals] every general starts attached to a line, one per line. */
static GeneralAttachWhy general_attach_why(const MlSide *sd, int g, int li)
{
    if (g < 0 || g >= sd->ngens || !sd->gens[g].alive || sd->gens[g].line != ML_NONE)
        return GA_NOT_WAITING;
    if (li < 0 || li >= sd->nlines)
        return GA_NO_LINE;
    if (sd->lines[li].general != ML_NONE)
        return GA_LINE_HAS_ONE;
    return GA_OK;
}

static int check_general(const MlState *s, const Action *a, Diag *d)
{
    switch (general_attach_why(&s->side[s->to_act], a->piece, a->target)) {
    case GA_OK: return 0;
    case GA_NOT_WAITING: return diag_set(d, "general %d is not waiting to deploy", a->piece + 1);
    case GA_NO_LINE: return diag_set(d, "no such line");
    default: return diag_set(d, "that line already has a general");
    }
}

/* Light guns support foot lines (an ecw reading). */
static int check_light(const MlState *s, const Action *a, Diag *d)
{
    const MlSide *sd = &s->side[s->to_act];
    if (!sd->light_pending)
        return diag_set(d, "you have no light gun to attach");
    if (a->target < 0 || a->target >= sd->nlines || sd->lines[a->target].arm != ML_FOOT)
        return diag_set(d, "light guns support a foot line");
    return 0;
}

/* [ML Artillery] [ML Generals] what legal_attach offers, as masks: guns
 * waiting (bit = gun), generals waiting (bit = general), lines without a
 * general and foot lines (bit = line; the foot lines only while a light
 * gun waits), as check_gun, general_attach_why and check_light. */
typedef struct AttachMenu {
    unsigned guns, gens, free_lines, foot_lines;
} AttachMenu;

static void attach_menu(const MlState *s, AttachMenu *m)
{
    const MlSide *sd = &s->side[s->to_act];
    *m = (AttachMenu){0, 0, 0, 0};
    for (int g = 0; g < sd->nguns; g++)
        m->guns |= (unsigned)!sd->guns[g].placed << g;
    for (int g = 0; g < sd->ngens; g++)
        m->gens |= (unsigned)(sd->gens[g].alive && sd->gens[g].line == ML_NONE) << g;
    for (int l = 0; l < sd->nlines; l++) { /* as general_attach_why and check_light */
        m->free_lines |= (unsigned)(sd->lines[l].general == ML_NONE) << l;
        m->foot_lines |= (unsigned)(sd->lines[l].arm == ML_FOOT) << l;
    }
    m->foot_lines &= ml_ones_if(sd->light_pending != 0);
    m->gens &= ml_ones_if(m->free_lines != 0);
}

/* Each gun waiting on each dividing line in each home zone, each general
 * waiting with each line without one, a light gun with each foot line. */
static int legal_attach(const MlState *s, Action *out, int cap)
{
    int n = 0;
    AttachMenu m;
    attach_menu(s, &m);
    uint32_t home = s->to_act == ML_ROY ? 0x07u : 0x70u; /* as ml_home_zone */
    for (unsigned g = m.guns; g; g &= g - 1)
        for (int side = 0; side < 2; side++)
            for (uint32_t zones = home; zones; zones &= zones - 1)
                n = ml_push(out, cap, n, MLV_GUN, __builtin_ctz(g), __builtin_ctz(zones), side, 0);
    for (unsigned g = m.gens; g; g &= g - 1)
        for (unsigned l = m.free_lines; l; l &= l - 1)
            n = ml_push(out, cap, n, MLV_GENERAL, __builtin_ctz(g), __builtin_ctz(l), 0, 0);
    for (unsigned l = m.foot_lines; l; l &= l - 1)
        n = ml_push(out, cap, n, MLV_LIGHT, 0, __builtin_ctz(l), 0, 0);
    return n;
}

static inline int attach_choose(const MlState *s, GameChoose choose, void *ud, Action *out)
{
    AttachMenu m;
    attach_menu(s, &m);
    bool popcnt = ml_has_popcnt();
    int guns = 6 * count_bits(m.guns, popcnt), nfree = count_bits(m.free_lines, popcnt);
    int gens = count_bits(m.gens, popcnt) * nfree, n = guns + gens + count_bits(m.foot_lines, popcnt);
    if (n == 0)
        return 0;
    int k = choose(ud, n);
    uint64_t head;
    if (k < guns) { /* gun k / 6, on dividing line k % 6 / 3, in home zone k % 3 */
        int home = s->to_act == ML_ROY ? 0 : 4;
        head = ml_head(MLV_GUN, ml_nth_bit8(m.guns, k / 6), home + k % 3, k % 6 / 3);
    } else if ((k -= guns) < gens) {
        head = ml_head(MLV_GENERAL, ml_nth_bit8(m.gens, k / nfree), ml_nth_bit8(m.free_lines, k % nfree), 0);
    } else {
        head = ml_head(MLV_LIGHT, 0, ml_nth_bit8(m.foot_lines, k - gens), 0);
    }
    ml_put(out, head, 0);
    return n;
}

int ml_place_choose(const MlState *s, GameChoose choose, void *ud, Action *out)
{
    return place_choose(s, choose, ud, out);
}

int ml_form_choose(const MlState *s, GameChoose choose, void *ud, Action *out)
{
    return form_choose(s, choose, ud, out);
}

int ml_attach_choose(const MlState *s, GameChoose choose, void *ud, Action *out)
{
    return attach_choose(s, choose, ud, out);
}

/* ---------------- dispatch ---------------- */

int ml_deploy_legal(const MlState *s, Action *out, int cap)
{
    return s->phase == PH_PLACE ? legal_place(s, out, cap)
         : s->phase == PH_FORM  ? legal_form(s, out, cap)
                                : legal_attach(s, out, cap);
}

int ml_deploy_check(const MlState *s, const Action *a, Diag *d)
{
    static const char *const what[] = {"place rough terrain or dragoons", "form lines",
                                       "place guns, generals and light guns"};
    int ph = s->phase;
    bool ok = ph == PH_PLACE ? (a->verb == MLV_ROUGH || a->verb == MLV_DRAGOONS)
            : ph == PH_FORM  ? a->verb == MLV_FORM
                             : (a->verb == MLV_GUN || a->verb == MLV_GENERAL || a->verb == MLV_LIGHT);
    if (!ok)
        return diag_set(d, "now is the time to %s", what[ph - PH_PLACE]);
    switch (a->verb) {
    case MLV_ROUGH: return check_rough(s, a, d);
    case MLV_DRAGOONS: return check_dragoons(s, a, d);
    case MLV_FORM: return check_form(s, a, d);
    case MLV_GUN: return check_gun(s, a, d);
    case MLV_GENERAL: return check_general(s, a, d);
    default: return check_light(s, a, d);
    }
}

static void form_line(MlState *s, int side, const Action *a)
{
    MlSide *sd = &s->side[side];
    int li = sd->nlines++;
    MlLine *l = &sd->lines[li];
    memset(l, 0, sizeof *l);
    l->sector = (uint8_t)a->piece;
    l->zone = (uint8_t)a->target;
    l->general = ML_NONE;
    l->split = ML_NONE;
    for (uint32_t set = a->set & ((1u << sd->nunits) - 1); set; set &= set - 1) { /* the units named */
        int i = __builtin_ctz(set);
        sd->units[i].line = (uint8_t)li;
        l->arm = sd->units[i].arm;
        l->str = (uint8_t)(l->str + sd->units[i].str);
        l->nunits++;
    }
    ml_occ_formed(s, side, li, a->set & ((1u << sd->nunits) - 1));
}

static inline void deploy_apply(MlState *s, const Action *a, GameIO *io)
{
    int side = s->to_act;
    MlSide *sd = &s->side[side];
    char text[96];
    EventLog *log = io ? io->log : NULL;
    if (log) /* described before the action changes the state */
        ml_describe(s, a, text, sizeof text);
    if (a->verb == MLV_FORM) /* half the placements: a test, not the jump table, whose target is as good as random */
        form_line(s, side, a);
    else switch (a->verb) {
    case MLV_ROUGH:
        s->rough[a->target / ML_ZONES][a->target % ML_ZONES] = 1;
        s->occ.rough |= ml_cell_bit(a->target / ML_ZONES, a->target % ML_ZONES);
        sd->rough_pending--;
        break;
    case MLV_DRAGOONS:
        sd->drag[a->piece].placed = 1;
        sd->drag[a->piece].flank = (uint8_t)a->arg;
        sd->drag[a->piece].zone = (uint8_t)a->target;
        s->occ.dragoons[side] = ml_dragoon_cells(sd, s->dragoons_wing);
        break;
    case MLV_GUN:
        sd->guns[a->piece].placed = 1;
        sd->guns[a->piece].divide = (uint8_t)a->arg;
        sd->guns[a->piece].zone = (uint8_t)a->target;
        s->occ.guns[side] |= ml_cell_bit(a->arg, a->target);
        break;
    case MLV_GENERAL:
        sd->gens[a->piece].line = (uint8_t)a->target;
        sd->gens[a->piece].sector = sd->lines[a->target].sector;
        sd->gens[a->piece].zone = sd->lines[a->target].zone;
        sd->lines[a->target].general = (uint8_t)a->piece;
        ml_occ_general(s, side, a->target);
        ml_occ_generals(s, side);
        break;
    default:
        sd->lines[a->target].light++;
        sd->light_pending--;
        break;
    }
    if (log && evlog_begin(log, "deploy", VIS_PUBLIC)) { /* no call when nobody reads the log */
        evlog_str(log, "side", ml_side_name(side));
        evlog_str(log, "action", text);
        evlog_end(log, "%s: %s", side == ML_ROY ? "Royalist" : "Parliament", text);
    }
}

void ml_deploy_apply(MlState *s, const Action *a, GameIO *io) { deploy_apply(s, a, io); }

/* The random player's draw (as src/ai draws it): a constant callback, so
 * that the inline choices call rng_below directly. */
static int draw_rng(void *ud, int n) { return (int)rng_below(ud, (uint32_t)n); }

long ml_deploy_random(MlState *s, Rng *const rngs[], GameIO *io, long bound)
{
    long n = 0;
    while (s->phase <= PH_ATTACH && n < bound) {
        assert(ml_occ_agrees(s));
        Action a;
        Rng *rng = rngs[s->to_act];
        int k = s->phase == PH_FORM     ? form_choose(s, draw_rng, rng, &a)
              : s->phase == PH_ATTACH ? attach_choose(s, draw_rng, rng, &a)
                                      : place_choose(s, draw_rng, rng, &a);
        if (k <= 0)
            break;
        deploy_apply(s, &a, io);
        s->to_act = (uint8_t)ml_enemy(s->to_act); /* alternate, as ml_apply */
        n++;
        /* the usual step while lines form, inline: the player now to act
         * has units left to form (as deploy_pending in ml_flow.c) */
        if (!(s->phase == PH_FORM && ml_units_waiting(&s->occ, s->to_act)))
            ml_deploy_next(s, io);
    }
    return n;
}
