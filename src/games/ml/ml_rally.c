/* ml_rally.c - Marston Less rallying [ML Rallying] and reforming
 * [ML Reforming], the last phase of the turn. */
#include "ml.h"
#include <stddef.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static int pending_line(const MlState *s)
{
    const MlSide *sd = &s->side[s->to_act];
    for (int li = 0; li < sd->nlines; li++)
        if (sd->lines[li].status == LS_PURSUING && !sd->lines[li].rally_done)
            return li;
    return -1;
}

int ml_rally_legal(const MlState *s, Action *out, int cap)
{
    int n = 0, li = pending_line(s);
    n = ml_push(out, cap, n, MLV_RALLY, li, 0, 0, 0);
    n = ml_push(out, cap, n, MLV_PRESS, li, 0, 0, 0);
    return n;
}

int ml_rally_check(const MlState *s, const Action *a, Diag *d)
{
    int li = pending_line(s);
    if (a->verb != MLV_RALLY && a->verb != MLV_PRESS)
        return diag_set(d, "now is the time to rally or press on with pursuing lines");
    if (a->piece != li)
        return diag_set(d, "the pursuing line to decide for is %c%d", s->to_act == ML_ROY ? 'R' : 'P',
                        li + 1);
    return 0;
}

/* [ML Rallying] foot rally on 4-6, horse on 6; +1/+2 for a general. */
void ml_rally_apply(MlState *s, const Action *a, GameIO *io)
{
    int side = s->to_act;
    MlLine *l = &s->side[side].lines[a->piece];
    l->rally_done = 1;
    if (a->verb == MLV_PRESS)
        return;
    int mod = ml_gen_bonus(s, side, a->piece), need = l->arm == ML_FOOT ? 4 : 6;
    bool rallied;
    if (ml_dice_unwatched(io)) {
        rallied = ml_die_test_unwatched(s, mod, need, false);
    } else {
        char id[8];
        ml_line_id(side, a->piece, id);
        MlTest t = {"rally", "rally", side, side, id, mod, need, false, "rallied", "pursuing"};
        rallied = ml_die_test(s, io, &t);
    }
    if (rallied) {
        l->status = LS_FORMED;
        ml_occ_update(s, side, a->piece);
    }
}

/* [ML Reforming] the lines of `side` that are formed and have DPs, bit
 * li for line li: whether a line has DPs is as good as random, so a
 * branch a line mispredicts often. With SSE2 the eight lines' first eight
 * bytes are gathered four lines a vector, a 32-bit word a line (arm,
 * status, sector, zone; then dp, str, nunits, general), and tested at
 * once. The slots past nlines are zero: no DPs. */
static inline unsigned reform_candidates(const MlState *s, int side)
{
    const MlLine *lines = s->side[side].lines;
#if defined(__SSE2__)
    _Static_assert(sizeof(MlLine) == 16 && offsetof(MlLine, status) == 1 && offsetof(MlLine, dp) == 4 &&
                   LS_FORMED == 0 && ML_MAX_LINES == 8, "a line: 16 bytes, status in its first word, dp its second");
    __m128i zero = _mm_setzero_si128(), low = _mm_set1_epi32(0xFF), half[2];
    for (int h = 0; h < 2; h++) {
        const MlLine *l = lines + 4 * h;
        __m128i a = _mm_unpacklo_epi32(_mm_loadu_si128((const __m128i *)&l[0]), _mm_loadu_si128((const __m128i *)&l[1]));
        __m128i b = _mm_unpacklo_epi32(_mm_loadu_si128((const __m128i *)&l[2]), _mm_loadu_si128((const __m128i *)&l[3]));
        __m128i first = _mm_unpacklo_epi64(a, b), second = _mm_unpackhi_epi64(a, b); /* a word a line */
        __m128i formed = _mm_srli_epi32(_mm_cmpeq_epi8(first, zero), 8);              /* status 0 into byte 0 */
        half[h] = _mm_and_si128(_mm_andnot_si128(_mm_cmpeq_epi8(second, zero), formed), low); /* and dp not 0 */
    }
    __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(half[0], half[1]), zero);
    return (unsigned)_mm_movemask_epi8(bytes);
#else
    unsigned cand = 0;
    for (int li = 0; li < ML_MAX_LINES; li++)
        cand |= (unsigned)((lines[li].dp != 0) & (lines[li].status == LS_FORMED)) << li;
    return cand;
#endif
}

/* [ML Reforming] line li, formed with DPs, tries to shed one if it has a
 * general or friends in the zone behind: 5-6, +1 Superior general, -1 in
 * the same zone as an enemy. */
static void reform_line(MlState *s, int side, int li, GameIO *io)
{
    MlLine *l = &s->side[side].lines[li];
    /* friends behind, one zone down the board for the Royalists, up for
     * Parliament: the side's cells shifted one zone up (down) hold the
     * cells with friends behind, zone 7 of each sector (off the board)
     * being empty; read without a branch, as good as random */
    uint32_t any = s->occ.any[side], behind = side == ML_ROY ? any << 1 : any >> 1;
    if ((l->general == ML_NONE) & !(behind >> ml_cell(l->sector, l->zone) & 1))
        return;
    int mod = (ml_gen_bonus(s, side, li) == 2) - ml_cell_has_enemy_of(s, side, l->sector, l->zone);
    bool reformed;
    if (ml_dice_unwatched(io)) {
        reformed = ml_die_test_unwatched(s, mod, 5, false);
    } else {
        char id[8];
        ml_line_id(side, li, id);
        MlTest t = {"reform", "reforming", side, side, id, mod, 5, false, "removes 1 DP", "no change"};
        reformed = ml_die_test(s, io, &t);
    }
    l->dp = (uint8_t)(l->dp - reformed);
}

/* [ML Reforming] the candidates of both sides (cand: player A's in the
 * low byte, B's in the next), each side's in the order of its lines. A
 * line's try changes only its own DPs, so the candidates are found before
 * any roll. */
static void reform_candidates_try(MlState *s, unsigned cand, GameIO *io)
{
    for (; cand; cand &= cand - 1) {
        int bit = __builtin_ctz(cand), side = bit < 8 ? s->player_a : ml_enemy(s->player_a);
        reform_line(s, side, bit % 8, io);
    }
}

/* [ML Reforming] player A's lines, then player B's. In most turns no
 * formed line has DPs: then this is two tests of eight lines at once. */
void ml_reform_all(MlState *s, GameIO *io)
{
    unsigned cand = reform_candidates(s, s->player_a) | reform_candidates(s, ml_enemy(s->player_a)) << 8;
    if (cand)
        reform_candidates_try(s, cand, io);
}
