/* ml_view.c - what one Marston Less player may see, and re-dealing what he
 * may not. Everything on the table is open; the undrawn deck and the
 * generator are not, and the opponent's hand shows as a count of cards. */
#include "ml.h"

static const char *const arm_names[] = {"foot", "horse"};
static const char *const status_names[] = {"formed", "pursuing", "routed", "gone"};
static const char *const phase_names[] = {"place", "form", "attach", "artillery",
                                          "move", "split", "rally", "over"};

static void view_line(const MlState *s, int side, int li, Jw *w)
{
    const MlSide *sd = &s->side[side];
    const MlLine *l = &sd->lines[li];
    char id[8];
    ml_line_id(side, li, id);
    jw_obj(w);
    jw_kstr(w, "id", id);
    jw_kstr(w, "arm", arm_names[l->arm]);
    jw_kstr(w, "status", status_names[l->status]);
    jw_kstr(w, "sector", ml_sector_name(l->sector));
    jw_kint(w, "zone", l->zone + 1);
    jw_kint(w, "strength", l->str);
    jw_kint(w, "dp", l->dp);
    jw_key(w, "units");
    jw_arr(w);
    for (int u = 0; u < sd->nunits; u++)
        if (sd->units[u].alive && sd->units[u].line == li)
            jw_int(w, sd->units[u].str);
    jw_arr_end(w);
    jw_key(w, "general");
    if (l->general == ML_NONE)
        jw_null(w);
    else
        jw_int(w, l->general + 1);
    jw_kint(w, "light_guns", l->light);
    jw_kbool(w, "turned_in", l->turned_in);
    jw_obj_end(w);
}

static void view_pieces(const MlSide *sd, Jw *w)
{
    jw_key(w, "generals");
    jw_arr(w);
    for (int g = 0; g < sd->ngens; g++) {
        jw_obj(w);
        jw_kint(w, "id", g + 1);
        jw_kstr(w, "rank", sd->gens[g].superior ? "superior" : "ordinary");
        jw_kbool(w, "alive", sd->gens[g].alive);
        jw_kstr(w, "sector", ml_sector_name(sd->gens[g].sector));
        jw_kint(w, "zone", sd->gens[g].zone + 1);
        jw_obj_end(w);
    }
    jw_arr_end(w);
    jw_key(w, "guns");
    jw_arr(w);
    for (int g = 0; g < sd->nguns; g++) {
        jw_obj(w);
        jw_kint(w, "id", g + 1);
        jw_kint(w, "factor", sd->guns[g].factor);
        jw_kbool(w, "placed", sd->guns[g].placed);
        jw_kbool(w, "alive", sd->guns[g].alive);
        jw_kstr(w, "between", sd->guns[g].divide ? "centre-right" : "left-centre");
        jw_kint(w, "zone", sd->guns[g].zone + 1);
        jw_obj_end(w);
    }
    jw_arr_end(w);
    jw_key(w, "dragoons");
    jw_arr(w);
    for (int i = 0; i < sd->ndrag; i++) {
        jw_obj(w);
        jw_kbool(w, "placed", sd->drag[i].placed);
        jw_kstr(w, "flank", sd->drag[i].flank ? "right" : "left");
        jw_kint(w, "zone", sd->drag[i].zone + 1);
        jw_obj_end(w);
    }
    jw_arr_end(w);
}

static void view_side(const MlState *s, int side, int viewer, Jw *w)
{
    const MlSide *sd = &s->side[side];
    jw_obj(w);
    jw_kint(w, "start_strength", sd->start_str);
    jw_kint(w, "lost_strength", sd->lost_str);
    jw_kint(w, "rough_to_place", sd->rough_pending);
    jw_kint(w, "light_guns_to_place", sd->light_pending);
    jw_key(w, "hand");
    if (side == viewer) {
        jw_arr(w);
        for (int k = 0; k < ML_HAND; k++)
            jw_str(w, ml_tables()->cards[sd->hand[k]].name);
        jw_arr_end(w);
    } else {
        jw_int(w, ML_HAND);
    }
    jw_key(w, "units");
    jw_arr(w);
    for (int u = 0; u < sd->nunits; u++) {
        if (!sd->units[u].alive)
            continue;
        jw_obj(w);
        jw_kint(w, "id", u + 1);
        jw_kstr(w, "arm", arm_names[sd->units[u].arm]);
        jw_kint(w, "strength", sd->units[u].str);
        jw_kbool(w, "deployed", sd->units[u].line != ML_NONE);
        jw_obj_end(w);
    }
    jw_arr_end(w);
    jw_key(w, "lines");
    jw_arr(w);
    for (int li = 0; li < sd->nlines; li++)
        view_line(s, side, li, w);
    jw_arr_end(w);
    view_pieces(sd, w);
    jw_obj_end(w);
}

void ml_view(const void *st, int player, Jw *w)
{
    const MlState *s = st;
    jw_obj(w);
    jw_kstr(w, "game", "marston-less");
    jw_kint(w, "turn", s->turn);
    jw_kint(w, "max_turns", s->max_turns);
    jw_kstr(w, "phase", phase_names[s->phase]);
    jw_kstr(w, "viewer", player >= 0 && player < ML_SIDES ? ml_side_name(player) : "spectator");
    jw_kstr(w, "to_act", s->phase == PH_OVER ? "none" : ml_side_name(s->to_act));
    jw_kstr(w, "player_a", ml_side_name(s->player_a));
    jw_kint(w, "deck_count", s->ndeck);
    jw_key(w, "rough");
    jw_arr(w);
    for (int c = 0; c < ML_SECTORS * ML_ZONES; c++)
        if (s->rough[c / ML_ZONES][c % ML_ZONES]) {
            jw_obj(w);
            jw_kstr(w, "sector", ml_sector_name(c / ML_ZONES));
            jw_kint(w, "zone", c % ML_ZONES + 1);
            jw_obj_end(w);
        }
    jw_arr_end(w);
    jw_key(w, "sides");
    jw_obj(w);
    for (int side = 0; side < ML_SIDES; side++) {
        jw_key(w, ml_side_name(side));
        view_side(s, side, player, w);
    }
    jw_obj_end(w);
    if (s->phase == PH_OVER)
        jw_kstr(w, "winner", s->winner == 2 ? "draw" : ml_side_name(s->winner));
    jw_obj_end(w);
}

/* The only unseen things are the undrawn cards' order (and the other
 * player's hand, whose effects are already on the table): shuffle the
 * undrawn deck. */
void ml_redeal(void *st, int player, Rng *rng)
{
    MlState *s = st;
    (void)player;
    rng_shuffle_u8(rng, s->deck, s->ndeck);
}
