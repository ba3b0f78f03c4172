/* ml_rally.c - Marston Less rallying [ML Rallying] and reforming
 * [ML Reforming], the last phase of the turn. */
#include "ml.h"

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

/* [ML Reforming] a formed line with DPs may try to shed one if it has a
 * general or friends in the zone behind: 5-6, +1 Superior general, -1 in
 * the same zone as an enemy. */
static void reform_line(MlState *s, int side, int li, GameIO *io)
{
    MlLine *l = &s->side[side].lines[li];
    if (l->dp == 0 || l->status != LS_FORMED) /* DPs first: most lines have none */
        return;
    int rz = l->zone - ml_fwd(side);
    bool behind = ml_on_board(rz) && ml_line_at(s, side, l->sector, rz);
    if (l->general == ML_NONE && !behind)
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
    if (reformed)
        l->dp--;
}

/* Both loops unrolled: most slots hold no DPs, and the test of each is
 * then a load and a branch, where the loop's own counting cost as much. */
void ml_reform_all(MlState *s, GameIO *io)
{
#pragma GCC unroll 2
    for (int k = 0; k < ML_SIDES; k++) {
        int side = k == 0 ? s->player_a : ml_enemy(s->player_a);
#pragma GCC unroll 8
        for (int li = 0; li < ML_MAX_LINES; li++) /* the slots past nlines are zero: no DPs */
            reform_line(s, side, li, io);
    }
}
