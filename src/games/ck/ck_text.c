/* ck_text.c - To Catch a King actions as text (describe and parse agree:
 * "move D1 21.5 30", "shoot C2 S4", "charge C1 W capture"), and the table
 * drawn in text, 2" to a character, with the figures by letter. */
#include "ck.h"
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int ck_fig_find(const CkState *s, const char *name)
{
    char up = (char)toupper((unsigned char)name[0]);
    long want = name[1] ? strtol(name + 1, NULL, 10) : 1;
    if (name[1] && !isdigit((unsigned char)name[1]))
        return -1;
    int seen = 0;
    for (int i = 0; i < s->nfigs; i++) {
        bool match = up == 'R' ? s->figs[i].side == CK_ROY : ck_figs[s->figs[i].type].letter == up;
        if (match && ++seen == want)
            return i;
    }
    return -1;
}

int ck_describe(const void *st, const Action *a, char *buf, size_t n)
{
    const CkState *s = st;
    char f[8] = "?", t[8] = "?";
    if (a->piece >= 0 && a->piece < s->nfigs)
        ck_fig_id(s, a->piece, f);
    if (a->target >= 0 && a->target < s->nfigs)
        ck_fig_id(s, a->target, t);
    switch (a->verb) {
    case CKV_PLACE: return snprintf(buf, n, "place %d %.1f %.1f", a->piece + 1, a->x, a->y);
    case CKV_MOVE: return snprintf(buf, n, "move %s %.1f %.1f", f, a->x, a->y);
    case CKV_SHOOT: return snprintf(buf, n, "shoot %s %s", f, t);
    case CKV_CHARGE: return snprintf(buf, n, "charge %s %s%s", f, t, a->arg ? " capture" : "");
    case CKV_CAPTURE: return snprintf(buf, n, "capture %s %s", f, t);
    case CKV_ARRIVE: return snprintf(buf, n, "arrive %.2f %.2f", a->x, a->y);
    case CKV_END: return snprintf(buf, n, "end");
    default: return snprintf(buf, n, "%s %s", ck_verb_words[a->verb], f);
    }
}

/* An inch measure within [lo, hi]; else -1, saying which word was wrong. */
static int parse_float(const char *t, float lo, float hi, Diag *why, float *out)
{
    char *end;
    float v = strtof(t, &end);
    if (*t == '\0' || *end || !isfinite(v))
        return diag_set(why, "'%s' is not a number of inches", t);
    if (v < lo || v > hi)
        return diag_set(why, "'%s' is off the table (0 to %d inches)", t, (int)CK_TABLE);
    *out = v;
    return 0;
}

/* A point X Y in inches (off the table but near it: check() says where). */
static int parse_point(char **tok, int verb, Action *a, Diag *d)
{
    Diag why = {""};
    if (parse_float(tok[0], -100, 100, &why, &a->x) < 0 || parse_float(tok[1], -100, 100, &why, &a->y) < 0)
        return diag_set(d, "%s; usage: %s", why.msg, ck_verb_help[verb]);
    return 0;
}

static int want(int nt, int need, int verb, Diag *d)
{
    return nt - 1 == need ? 0 : diag_set(d, "usage: %s", ck_verb_help[verb]);
}

static int fig_arg(const CkState *s, const char *t, int16_t *out, Diag *d)
{
    int i = ck_fig_find(s, t);
    if (i < 0)
        return diag_set(d, "no figure called '%s'", t);
    *out = (int16_t)i;
    return 0;
}

static int parse_args(const CkState *s, int verb, char **tok, int nt, Action *a, Diag *d)
{
    switch (verb) {
    case CKV_PLACE: {
        char *end;
        if (want(nt, 3, verb, d) < 0)
            return -1;
        long p = strtol(tok[1], &end, 10);
        if (*end || p < 1 || p > CK_PIECES)
            return diag_set(d, "there is no terrain piece '%s': 1 to %d; usage: %s", tok[1], CK_PIECES,
                            ck_verb_help[verb]);
        a->piece = (int16_t)(p - 1);
        return parse_point(tok + 2, verb, a, d);
    }
    case CKV_MOVE:
        if (want(nt, 3, verb, d) < 0 || fig_arg(s, tok[1], &a->piece, d) < 0)
            return -1;
        return parse_point(tok + 2, verb, a, d);
    case CKV_ARRIVE:
        return want(nt, 2, verb, d) < 0 ? -1 : parse_point(tok + 1, verb, a, d);
    case CKV_SHOOT:
    case CKV_CAPTURE:
    case CKV_CHARGE:
        if (nt < 3 || nt > 4 || (nt == 4 && (verb != CKV_CHARGE || strcmp(tok[3], "capture") != 0)))
            return diag_set(d, "usage: %s", ck_verb_help[verb]);
        a->arg = nt == 4;
        return fig_arg(s, tok[1], &a->piece, d) < 0 || fig_arg(s, tok[2], &a->target, d) < 0 ? -1 : 0;
    case CKV_END: return want(nt, 0, verb, d);
    default:
        return want(nt, 1, verb, d) < 0 ? -1 : fig_arg(s, tok[1], &a->piece, d);
    }
}

int ck_parse(const void *st, const char *text, Action *out, Diag *d)
{
    char line[160], *tok[8];
    int nt = 0;
    snprintf(line, sizeof line, "%s", text);
    for (char *p = strtok(line, " \t\r\n"); p && nt < 8; p = strtok(NULL, " \t\r\n"))
        tok[nt++] = p;
    if (nt == 0)
        return diag_set(d, "empty command");
    for (char *p = tok[0]; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    int verb = 0;
    while (verb < CKV_COUNT && strcmp(ck_verb_words[verb], tok[0]) != 0)
        verb++;
    if (verb == CKV_COUNT)
        return diag_set(d, "unknown command '%s' (type 'help' for the list)", tok[0]);
    memset(out, 0, sizeof *out);
    out->verb = (int16_t)verb;
    return parse_args(st, verb, tok, nt, out, d);
}

/* ---------------- render ---------------- */

enum { MAP = 24 }; /* 2" per character */

static void draw_pieces(const CkState *s, char map[MAP][MAP + 1])
{
    static const char marks[T_KIND_COUNT] = {'v', 'm', 'w', 'h', 'f', '~'};
    for (int i = 0; i < CK_PIECES; i++) {
        const CkPiece *p = &s->pieces[i];
        if (!p->placed)
            continue;
        for (int r = 0; r < MAP; r++)
            for (int c = 0; c < MAP; c++) {
                float x = (float)c * 2 + 1, y = (float)r * 2 + 1;
                if (ck_dist(x, y, p->x, p->y) <= p->r)
                    map[MAP - 1 - r][c] = p->searched ? ',' : marks[p->kind];
            }
    }
}

/* [CK Game set up] while the terrain goes down: the squares still to get
 * a piece (ecw's reading of the spread, check_spread in ck_setup.c). */
static void render_spread(const CkState *s, FILE *out)
{
    unsigned empty = ck_empty_squares(s);
    fprintf(out, "   spread: every square (x and y cut at 8, 18.7, 29.3, 40) needs a piece; empty:");
    for (int k = 0; k < 9; k++)
        if (empty >> k & 1)
            fprintf(out, " %s", ck_square_names[k]);
    fprintf(out, "%s\n", empty ? "" : " none");
}

void ck_render(const void *st, int player, FILE *out)
{
    const CkState *s = st;
    char map[MAP][MAP + 1];
    (void)player; /* the table is open; cards under pieces are never drawn */
    for (int r = 0; r < MAP; r++) {
        memset(map[r], '.', MAP);
        map[r][MAP] = '\0';
    }
    draw_pieces(s, map);
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *f = &s->figs[i];
        int c = (int)(f->x / 2), r = (int)(f->y / 2);
        if (f->status == FS_ACTIVE || f->status == FS_PRISONER)
            map[MAP - 1 - (r < MAP ? r : MAP - 1)][c < MAP ? c : MAP - 1] =
                f->status == FS_PRISONER ? 'p' : ck_figs[f->type].letter;
    }
    if (s->phase == CP_TERRAIN)
        fprintf(out, "Before turn 1: the Royalist side places the terrain\n");
    else
        fprintf(out, "Turn %d/%d%s  chance: %s\n", s->turn, CK_TURNS, s->raining ? "  raining" : "",
                ck_chance_names[s->last_chance]);
    fprintf(out, "   north edge: Royalists leave here\n");
    for (int r = 0; r < MAP; r++)
        fprintf(out, "%2d %s\n", (MAP - r) * 2, map[r]);
    fprintf(out, "   south edge: Parliament enters at x=%.0f\n", s->entry_x);
    fprintf(out, "   terrain: v village, m manor, w wood, h hill, f field, ~ marsh; ',' searched\n");
    if (s->phase == CP_TERRAIN && !s->spread_free)
        render_spread(s, out);
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *f = &s->figs[i];
        if (f->status != FS_ACTIVE && f->status != FS_PRISONER)
            continue;
        char id[8];
        ck_fig_id(s, i, id);
        fprintf(out, " %-4s %-8s (%4.1f, %4.1f)%s%s%s%s\n", id, ck_figs[f->type].name, f->x, f->y,
                f->status == FS_PRISONER ? " prisoner" : "", f->wounded ? " wounded" : "",
                f->type == F_DRAGOON && !f->mounted ? " on foot" : "",
                f->type == F_CLUBMAN && f->musket ? " musket" : "");
    }
}
