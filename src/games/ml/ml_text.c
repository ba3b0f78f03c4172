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

/* The words of line into tok; MAX_TOK + 1 when there are more than it
 * holds (they would be dropped without a word). */
static int split_words(char *line, char *tok[MAX_TOK])
{
    int n = 0;
    for (char *p = strtok(line, " \t\r\n"); p; p = strtok(NULL, " \t\r\n")) {
        if (n == MAX_TOK)
            return MAX_TOK + 1;
        tok[n++] = p;
    }
    return n;
}

/* The word parsers below say what was wrong with a word in *why (NULL:
 * don't say); parse_args adds the verb's usage. */

static int parse_int(const char *t, int lo, int hi, const char *what, Diag *why, int *out)
{
    char *end;
    long v = strtol(t, &end, 10);
    if (*t == '\0' || *end)
        return diag_set(why, "'%s' is not a %s number", t, what);
    if (v < lo || v > hi) /* named as typed: strtol makes 10^20 LONG_MAX */
        return diag_set(why, "there is no %s %s: %d to %d", what, t, lo, hi);
    *out = (int)v;
    return 0;
}

static int parse_sector(const char *t, Diag *why, int *out)
{
    if (!strcmp(t, "left") || !strcmp(t, "l"))
        return *out = ML_LEFT, 0;
    if (!strcmp(t, "centre") || !strcmp(t, "center") || !strcmp(t, "c"))
        return *out = ML_CENTRE, 0;
    if (!strcmp(t, "right") || !strcmp(t, "r"))
        return *out = ML_RIGHT, 0;
    return diag_set(why, "'%s' is not a sector (left, centre or right)", t);
}

/* A flank sector, where guns and dragoons stand. */
static int parse_wing(const char *t, Diag *why, int *out)
{
    if (parse_sector(t, why, out) < 0)
        return -1;
    return *out == ML_CENTRE ? diag_set(why, "guns and dragoons stand on a wing (left or right), not the centre") : 0;
}

/* A line of `side`: "R3", "P1" or a bare "3". */
static int parse_line(const char *t, int side, Diag *why, int *out)
{
    char want = side == ML_ROY ? 'r' : 'p';
    const char *num = tolower((unsigned char)t[0]) == want ? t + 1 : t;
    int v = 0;
    if (!isdigit((unsigned char)num[0]) || parse_int(num, 1, ML_MAX_LINES, "line", NULL, &v) < 0)
        return diag_set(why, "'%s' is not a %s line (%c1 to %c%d)", t, ml_side_name(side), toupper(want),
                        toupper(want), ML_MAX_LINES);
    *out = v - 1;
    return 0;
}

static int parse_zone(const char *t, Diag *why, int *out)
{
    int v = 0;
    if (parse_int(t, 1, ML_ZONES, "zone", why, &v) < 0)
        return -1;
    *out = v - 1;
    return 0;
}

/* A cell: SECTOR ZONE, as one number sector * ML_ZONES + zone. */
static int parse_cell(char **tok, Diag *why, int *out)
{
    int sec, zone;
    if (parse_sector(tok[0], why, &sec) < 0 || parse_zone(tok[1], why, &zone) < 0)
        return -1;
    *out = sec * ML_ZONES + zone;
    return 0;
}

/* Each verb's arguments: 0, or -1 with what was wrong and the usage line. */
static int parse_args(const MlState *s, int verb, char **tok, int nt, Action *a, Diag *d)
{
    static const int nargs[MLV_COUNT] = {
        [MLV_ROUGH] = 2, [MLV_DRAGOONS] = 2, [MLV_GUN] = 3, [MLV_GENERAL] = 2, [MLV_FIRE] = 2, [MLV_HOLD] = 1,
        [MLV_LIGHT] = 1, [MLV_MOVE] = 2, [MLV_GENMOVE] = 3, [MLV_SPLIT] = 2, [MLV_END] = 0,
        [MLV_TURNIN] = 1, [MLV_RALLY] = 1, [MLV_PRESS] = 1,
    };
    int me = s->to_act, foe = ml_enemy(me), v = 0, sec = 0, piece = 0, target = 0, bad = 0;
    Diag why = {""};
    if (verb == MLV_FORM ? nt < 4 : nt - 1 != nargs[verb])
        return diag_set(d, "usage: %s", ml_verb_help[verb]);
    switch (verb) {
    case MLV_ROUGH: bad = parse_cell(tok + 1, &why, &target); break;
    case MLV_DRAGOONS:
        bad = parse_wing(tok[1], &why, &sec) < 0 || parse_zone(tok[2], &why, &target) < 0;
        while (piece < s->side[me].ndrag && s->side[me].drag[piece].placed)
            piece++; /* the next dragoons to place */
        a->arg = sec == ML_RIGHT;
        break;
    case MLV_GUN:
        bad = parse_int(tok[1], 1, ML_MAX_GUNS, "gun", &why, &piece) < 0 || parse_wing(tok[2], &why, &sec) < 0 ||
              parse_zone(tok[3], &why, &target) < 0;
        a->arg = sec == ML_RIGHT;
        piece--;
        break;
    case MLV_FORM:
        bad = parse_sector(tok[1], &why, &piece) < 0 || parse_zone(tok[2], &why, &target) < 0;
        for (int k = 3; !bad && k < nt; k++) {
            bad = parse_int(tok[k], 1, ML_MAX_UNITS, "unit", &why, &v) < 0;
            a->set |= bad ? 0 : 1u << (v - 1);
        }
        break;
    case MLV_GENERAL:
    case MLV_FIRE:
        bad = parse_int(tok[1], 1, 9, verb == MLV_FIRE ? "gun" : "general", &why, &piece) < 0 ||
              parse_line(tok[2], verb == MLV_FIRE ? foe : me, &why, &target) < 0;
        piece--;
        break;
    case MLV_HOLD:
        bad = parse_int(tok[1], 1, ML_MAX_GUNS, "gun", &why, &piece) < 0;
        piece--;
        break;
    case MLV_LIGHT: bad = parse_line(tok[1], me, &why, &target); break;
    case MLV_MOVE: bad = parse_line(tok[1], me, &why, &piece) < 0 || parse_zone(tok[2], &why, &target) < 0; break;
    case MLV_GENMOVE:
        bad = parse_int(tok[1], 1, ML_MAX_GENS, "general", &why, &piece) < 0 || parse_cell(tok + 2, &why, &target) < 0;
        piece--;
        break;
    case MLV_SPLIT:
        bad = parse_line(tok[1], me, &why, &piece) < 0 || parse_int(tok[2], 0, 99, "factor", &why, &v) < 0;
        a->arg = (int16_t)(bad ? 0 : v);
        break;
    case MLV_END: break;
    default: bad = parse_line(tok[1], me, &why, &piece); break; /* turnin, rally, press */
    }
    a->piece = (int16_t)piece;
    a->target = (int16_t)target;
    return bad ? diag_set(d, "%s; usage: %s", why.msg, ml_verb_help[verb]) : 0;
}

int ml_parse(const void *st, const char *text, Action *out, Diag *d)
{
    const MlState *s = st;
    char line[160], *tok[MAX_TOK];
    if (strlen(text) >= sizeof line) /* the copy would lose the end of the line, and its words */
        return diag_set(d, "too long: at most %zu characters", sizeof line - 1);
    snprintf(line, sizeof line, "%s", text);
    for (char *p = line; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    int nt = split_words(line, tok);
    if (nt == 0)
        return diag_set(d, "empty command");
    if (nt > MAX_TOK)
        return diag_set(d, "too many words: at most %d", MAX_TOK);
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
    const char *stage = s->phase == PH_OVER ? "  battle over" : s->phase < PH_ARTILLERY ? "  deployment" : "";
    fprintf(out, "Turn %d/%d%s\n", s->turn, s->max_turns, stage);
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
