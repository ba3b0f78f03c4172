/* ml_text.c - Marston Less actions as text (describe and parse agree, so a
 * described action parses back to itself) and the board drawn in the
 * terminal from what the viewing player may see. */
#include "ml.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* ---------------- describe ---------------- */

static int describe_form(const MlState *s, const Action *a, char *buf, size_t n)
{
    int len = snprintf(buf, n, "form %s %d", ml_sector_name(a->piece), a->target + 1);
    for (int u = 0; u < s->side[s->to_act].nunits && len < (int)n; u++)
        if (a->set >> u & 1)
            len += snprintf(buf + len, n - (size_t)len, " %d", u + 1);
    return len;
}

int ml_describe(const void *st, const Action *a, char *buf, size_t n)
{
    const MlState *s = st;
    int me = s->to_act, foe = ml_enemy(me);
    char id[8] = "", tid[8] = "";
    const char *w = a->verb >= 0 && a->verb < MLV_COUNT ? ml_verb_words[a->verb] : "?";
    ml_line_id(me, a->piece, id);
    switch (a->verb) {
    case MLV_ROUGH:
        return snprintf(buf, n, "rough %s %d", ml_sector_name(a->target / ML_ZONES), a->target % ML_ZONES + 1);
    case MLV_DRAGOONS: return snprintf(buf, n, "dragoons %s %d", a->arg ? "right" : "left", a->target + 1);
    case MLV_FORM: return describe_form(s, a, buf, n);
    case MLV_GUN: return snprintf(buf, n, "gun %d %s %d", a->piece + 1, a->arg ? "right" : "left", a->target + 1);
    case MLV_GENERAL:
        ml_line_id(me, a->target, tid);
        return snprintf(buf, n, "general %d %s", a->piece + 1, tid);
    case MLV_LIGHT:
        ml_line_id(me, a->target, tid);
        return snprintf(buf, n, "light %s", tid);
    case MLV_FIRE:
        ml_line_id(foe, a->target, tid);
        return snprintf(buf, n, "fire %d %s", a->piece + 1, tid);
    case MLV_HOLD: return snprintf(buf, n, "hold %d", a->piece + 1);
    case MLV_MOVE: return snprintf(buf, n, "move %s %d", id, a->target + 1);
    case MLV_GENMOVE:
        return snprintf(buf, n, "genmove %d %s %d", a->piece + 1, ml_sector_name(a->target / ML_ZONES),
                        a->target % ML_ZONES + 1);
    case MLV_SPLIT: return snprintf(buf, n, "split %s %d", id, a->arg);
    case MLV_END: return snprintf(buf, n, "end");
    default: return snprintf(buf, n, "%s %s", w, id);
    }
}

/* ---------------- parse ---------------- */

enum { MAX_TOK = 12 };

static int split_words(char *line, char *tok[MAX_TOK])
{
    int n = 0;
    for (char *p = strtok(line, " \t\r\n"); p && n < MAX_TOK; p = strtok(NULL, " \t\r\n"))
        tok[n++] = p;
    return n;
}

static int parse_int(const char *t, int lo, int hi, int *out)
{
    char *end;
    long v = strtol(t, &end, 10);
    if (*t == '\0' || *end || v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

static int parse_sector(const char *t)
{
    if (!strcmp(t, "left") || !strcmp(t, "l"))
        return ML_LEFT;
    if (!strcmp(t, "centre") || !strcmp(t, "center") || !strcmp(t, "c"))
        return ML_CENTRE;
    if (!strcmp(t, "right") || !strcmp(t, "r"))
        return ML_RIGHT;
    return -1;
}

/* A line of `side`: "R3", "P1" or a bare "3". */
static int parse_line(const char *t, int side, int *out)
{
    char want = side == ML_ROY ? 'r' : 'p';
    if (tolower((unsigned char)t[0]) == want)
        t++;
    else if (!isdigit((unsigned char)t[0]))
        return -1;
    int v;
    if (parse_int(t, 1, ML_MAX_LINES, &v) < 0)
        return -1;
    *out = v - 1;
    return 0;
}

static int parse_zone(const char *t, int *out)
{
    int v;
    if (parse_int(t, 1, ML_ZONES, &v) < 0)
        return -1;
    *out = v - 1;
    return 0;
}

static int want_args(int ntok, int need, int verb, Diag *d)
{
    return ntok - 1 == need ? 0 : diag_set(d, "usage: %s", ml_verb_help[verb]);
}

/* Each verb's arguments; returns -1 with the usage line when they don't fit. */
static int parse_args(const MlState *s, int verb, char **tok, int nt, Action *a, Diag *d)
{
    int me = s->to_act, foe = ml_enemy(me), v, sec, ok = 0, piece = 0, target = 0;
    switch (verb) {
    case MLV_ROUGH:
        ok = want_args(nt, 2, verb, d) == 0 && (sec = parse_sector(tok[1])) >= 0 && parse_zone(tok[2], &v) == 0;
        target = ok ? sec * ML_ZONES + v : 0;
        break;
    case MLV_DRAGOONS:
    case MLV_GUN: {
        int base = verb == MLV_GUN;
        ok = want_args(nt, 2 + base, verb, d) == 0 && (sec = parse_sector(tok[1 + base])) >= 0 &&
             sec != ML_CENTRE && parse_zone(tok[2 + base], &target) == 0 &&
             (!base || parse_int(tok[1], 1, ML_MAX_GUNS, &piece) == 0);
        a->arg = ok && sec == ML_RIGHT;
        piece = base ? piece - 1 : 0;
        if (ok && !base)
            for (piece = 0; piece < s->side[me].ndrag && s->side[me].drag[piece].placed; piece++) {
            }
        break;
    }
    case MLV_FORM:
        ok = nt >= 4 && (sec = parse_sector(tok[1])) >= 0 && parse_zone(tok[2], &target) == 0;
        piece = ok ? sec : 0;
        for (int k = 3; ok && k < nt; k++) {
            ok = parse_int(tok[k], 1, ML_MAX_UNITS, &v) == 0;
            a->set |= ok ? 1u << (v - 1) : 0;
        }
        break;
    case MLV_GENERAL:
    case MLV_FIRE:
        ok = want_args(nt, 2, verb, d) == 0 && parse_int(tok[1], 1, 9, &piece) == 0 &&
             parse_line(tok[2], verb == MLV_FIRE ? foe : me, &target) == 0;
        piece--;
        break;
    case MLV_HOLD:
        ok = want_args(nt, 1, verb, d) == 0 && parse_int(tok[1], 1, ML_MAX_GUNS, &piece) == 0;
        piece--;
        break;
    case MLV_LIGHT:
        ok = want_args(nt, 1, verb, d) == 0 && parse_line(tok[1], me, &target) == 0;
        break;
    case MLV_MOVE:
        ok = want_args(nt, 2, verb, d) == 0 && parse_line(tok[1], me, &piece) == 0 && parse_zone(tok[2], &target) == 0;
        break;
    case MLV_GENMOVE:
        ok = want_args(nt, 3, verb, d) == 0 && parse_int(tok[1], 1, ML_MAX_GENS, &piece) == 0 &&
             (sec = parse_sector(tok[2])) >= 0 && parse_zone(tok[3], &v) == 0;
        piece--;
        target = ok ? sec * ML_ZONES + v : 0;
        break;
    case MLV_SPLIT:
        ok = want_args(nt, 2, verb, d) == 0 && parse_line(tok[1], me, &piece) == 0 &&
             parse_int(tok[2], 0, 99, &v) == 0;
        a->arg = (int16_t)(ok ? v : 0);
        break;
    case MLV_END: ok = want_args(nt, 0, verb, d) == 0; break;
    default: /* turnin, rally, press */
        ok = want_args(nt, 1, verb, d) == 0 && parse_line(tok[1], me, &piece) == 0;
        break;
    }
    a->piece = (int16_t)piece;
    a->target = (int16_t)target;
    return ok ? 0 : diag_set(d, "usage: %s", ml_verb_help[verb]);
}

int ml_parse(const void *st, const char *text, Action *out, Diag *d)
{
    const MlState *s = st;
    char line[160], *tok[MAX_TOK];
    snprintf(line, sizeof line, "%s", text);
    for (char *p = line; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    int nt = split_words(line, tok);
    if (nt == 0)
        return diag_set(d, "empty command");
    int verb = 0;
    while (verb < MLV_COUNT && strcmp(ml_verb_words[verb], tok[0]) != 0)
        verb++;
    if (verb == MLV_COUNT)
        return diag_set(d, "unknown command '%s' (type 'help' for the list)", tok[0]);
    memset(out, 0, sizeof *out);
    out->verb = (int16_t)verb;
    return parse_args(s, verb, tok, nt, out, d);
}

/* ---------------- render ---------------- */

enum { CELL_W = 22 };

static void line_token(const MlState *s, int side, int li, char *buf, size_t n)
{
    const MlLine *l = &s->side[side].lines[li];
    char id[8];
    ml_line_id(side, li, id);
    const char *gen = l->general == ML_NONE ? "" : s->side[side].gens[l->general].superior ? "G" : "g";
    snprintf(buf, n, "%s:%c%d/%d%s%s%s%s", id, l->arm == ML_FOOT ? 'F' : 'H', l->str, l->dp, gen,
             l->light ? "+" : "", l->status == LS_PURSUING ? ">" : "", l->turned_in ? "t" : "");
}

static void render_cell(const MlState *s, int sec, int zone, char *buf, size_t n)
{
    int len = snprintf(buf, n, "%s", s->rough[sec][zone] ? "~" : "");
    for (int side = 0; side < ML_SIDES; side++) {
        int li[2], k = ml_lines_at(s, side, sec, zone, li);
        for (int i = 0; i < k && i < 2 && len < (int)n; i++) {
            char tok[24];
            line_token(s, side, li[i], tok, sizeof tok);
            len += snprintf(buf + len, n - (size_t)len, "%s%s", len > 1 ? " " : "", tok);
        }
    }
    for (int side = 0; side < ML_SIDES && s->phase >= PH_ARTILLERY; side++)
        for (int g = 0; g < s->side[side].ngens && len < (int)n; g++) {
            const MlGeneral *gen = &s->side[side].gens[g];
            if (gen->alive && gen->line == ML_NONE && gen->sector == sec && gen->zone == zone)
                len += snprintf(buf + len, n - (size_t)len, " %cG%d", side == ML_ROY ? 'R' : 'P', g + 1);
        }
}

static void render_divider(const MlState *s, int divide, int zone, char *buf, size_t n)
{
    int len = 0;
    buf[0] = '\0';
    for (int side = 0; side < ML_SIDES; side++)
        for (int g = 0; g < s->side[side].nguns && len < (int)n; g++) {
            const MlGun *gun = &s->side[side].guns[g];
            if (gun->alive && gun->placed && gun->divide == divide && gun->zone == zone)
                len += snprintf(buf + len, n - (size_t)len, "%c%d", side == ML_ROY ? 'r' : 'p', gun->factor);
        }
}

static char flank_mark(const MlState *s, int flank, int zone)
{
    for (int side = 0; side < ML_SIDES; side++)
        for (int i = 0; i < s->side[side].ndrag; i++) {
            const MlDragoons *d = &s->side[side].drag[i];
            if (d->placed && d->flank == flank && d->zone == zone)
                return side == ML_ROY ? 'D' : 'd';
        }
    return ' ';
}

static void render_roster(const MlState *s, FILE *out)
{
    static const char *const st[] = {"formed", "pursuing", "routed", "gone"};
    for (int side = 0; side < ML_SIDES; side++) {
        const MlSide *sd = &s->side[side];
        fprintf(out, "%s: strength %d, lost %d, guns %d, generals %d\n",
                side == ML_ROY ? "Royalist" : "Parliament", sd->start_str, sd->lost_str, sd->nguns, sd->ngens);
        for (int li = 0; li < sd->nlines; li++) {
            const MlLine *l = &sd->lines[li];
            char id[8];
            ml_line_id(side, li, id);
            fprintf(out, "  %-3s %-5s str %2d  DP %d  %-8s %s zone %d%s\n", id, l->arm ? "horse" : "foot", l->str,
                    l->dp, st[l->status], ml_sector_name(l->sector), l->zone + 1,
                    l->general == ML_NONE ? "" : sd->gens[l->general].superior ? "  Superior general" : "  general");
        }
        int waiting = 0;
        for (int u = 0; u < sd->nunits; u++)
            waiting += sd->units[u].alive && sd->units[u].line == ML_NONE;
        if (waiting) {
            fprintf(out, "  units to deploy:");
            for (int u = 0; u < sd->nunits; u++)
                if (sd->units[u].alive && sd->units[u].line == ML_NONE)
                    fprintf(out, " %d:%s%d", u + 1, sd->units[u].arm ? "H" : "F", sd->units[u].str);
            fputc('\n', out);
        }
    }
}

/* The grid with the Parliament base line at the top; zone 1 is the
 * Royalist base line. Legend: F/H foot/horse, strength/DPs, g/G general,
 * + light gun, > pursuing, t turned in, ~ rough, r6/p4 guns, D/d dragoons. */
void ml_render(const void *st, int player, FILE *out)
{
    const MlState *s = st;
    if (player >= 0 && player < ML_SIDES && s->phase < PH_ARTILLERY) {
        fprintf(out, "Your cards:");
        for (int k = 0; k < ML_HAND; k++)
            fprintf(out, "%s %s", k ? "," : "", ml_tables()->cards[s->side[player].hand[k]].name);
        fputc('\n', out);
    }
    fprintf(out, "Turn %d/%d  %s\n", s->turn, s->max_turns,
            s->phase == PH_OVER ? "battle over" : s->phase < PH_ARTILLERY ? "deployment" : "");
    fprintf(out, "     |%-*s|    |%-*s|    |%-*s|\n", CELL_W, " left wing", CELL_W, " centre", CELL_W,
            " right wing");
    for (int z = ML_ZONES - 1; z >= 0; z--) {
        char cell[3][64], div[2][16];
        for (int sec = 0; sec < ML_SECTORS; sec++)
            render_cell(s, sec, z, cell[sec], sizeof cell[sec]);
        render_divider(s, 0, z, div[0], sizeof div[0]);
        render_divider(s, 1, z, div[1], sizeof div[1]);
        fprintf(out, "z%d %c |%-*.*s|%-4s|%-*.*s|%-4s|%-*.*s| %c\n", z + 1, flank_mark(s, 0, z), CELL_W, CELL_W,
                cell[0], div[0], CELL_W, CELL_W, cell[1], div[1], CELL_W, CELL_W, cell[2], flank_mark(s, 1, z));
    }
    fprintf(out, "(zone 1: Royalist base line; zone 7: Parliament base line)\n");
    render_roster(s, out);
}
