/* ck_text.c - To Catch a King actions as text (describe and parse agree:
 * "move D1 21.5 30", "shoot C2 S4", "charge C1 W capture"; a terrain piece
 * may be named by its kind, "place wood 20 30"). The table drawn in text
 * is ck_render, in ck_view.c. */
#include "ck.h"
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A figure by its name as the roster shows it, in any case: "D3", "Y",
 * "X"; or "R4", the fourth Royalist figure. A bare "D" (which of them?),
 * "D03" or "Y1" names nobody: a slip must not move a figure the player
 * did not mean. */
int ck_fig_find(const CkState *s, const char *name)
{
    char up = (char)toupper((unsigned char)name[0]);
    const char *num = name + 1;
    bool numbered = *num >= '1' && *num <= '9' && strspn(num, "0123456789") == strlen(num) && strlen(num) <= 3;
    if (up == 'R') {
        long want = numbered ? strtol(num, NULL, 10) : 0;
        for (int i = 0, seen = 0; i < s->nfigs && want > 0; i++)
            if (s->figs[i].side == CK_ROY && ++seen == want)
                return i;
        return -1;
    }
    for (int i = 0; i < s->nfigs; i++) {
        char id[8];
        ck_fig_id(s, i, id);
        if (strcasecmp(id, name) == 0)
            return i;
    }
    return -1;
}

/* An inch measure in words: to 0.1", or to 0.01" where it was typed so
 * (a referee's "22.35" read back as "22.4"; a computer's point, at no
 * hundredth, keeps its tenth). */
CkInch ck_inch(float v)
{
    CkInch i;
    double h = (double)v * 100, t = (double)v * 10;
    bool hundredths = fabs(h - round(h)) < 1e-3 && fabs(t - round(t)) > 1e-3;
    snprintf(i.s, sizeof i.s, hundredths ? "%.2f" : "%.1f", (double)v);
    return i;
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
    case CKV_PLACE: return snprintf(buf, n, "place %d %s %s", a->piece + 1, ck_inch(a->x).s, ck_inch(a->y).s);
    case CKV_MOVE:
        if (a->arg == CK_MOVE_BENT)
            return snprintf(buf, n, "move %s %s %s via %s %s", f, ck_inch(a->x).s, ck_inch(a->y).s, ck_inch(a->bx).s,
                            ck_inch(a->by).s);
        return snprintf(buf, n, "move %s %s %s", f, ck_inch(a->x).s, ck_inch(a->y).s);
    case CKV_ESCORT:
        if (a->arg == CK_MOVE_BENT)
            return snprintf(buf, n, "escort %s via %s %s", f, ck_inch(a->bx).s, ck_inch(a->by).s);
        return snprintf(buf, n, "escort %s", f);
    case CKV_SHOOT: return snprintf(buf, n, "shoot %s %s", f, t);
    case CKV_AIM: return snprintf(buf, n, "aim %s %s", f, t);
    case CKV_JOIN:
    case CKV_CHARGE: {
        char via[40] = "";
        if (a->arg & CK_CHARGE_BENT)
            snprintf(via, sizeof via, " via %s %s", ck_inch(a->bx).s, ck_inch(a->by).s);
        return snprintf(buf, n, "%s %s %s%s%s", ck_verb_words[a->verb], f, t, via,
                        a->verb == CKV_CHARGE && (a->arg & CK_CHARGE_CAPTURE) ? " capture" : "");
    }
    case CKV_CAPTURE:
    case CKV_GUARD: return snprintf(buf, n, "%s %s %s", ck_verb_words[a->verb], f, t);
    case CKV_ARRIVE: return snprintf(buf, n, "arrive %s %s", ck_inch(a->x).s, ck_inch(a->y).s); /* (as a move: legal points lie on the half inch) */
    case CKV_END: return snprintf(buf, n, "end");
    default: return snprintf(buf, n, "%s %s", a->verb >= 0 && a->verb < CKV_COUNT ? ck_verb_words[a->verb] : "?", f);
    }
}

/* An inch measure within [lo, hi], in decimal (a tape measure's, not
 * strtof's hexadecimal, "inf" or "nan"); else -1, saying which word was
 * wrong. */
static int parse_float(const char *t, float lo, float hi, Diag *why, float *out)
{
    char *end;
    float v = strtof(t, &end);
    if (*t == '\0' || *end || strspn(t, "+-0123456789.eE") != strlen(t) || strpbrk(t, "0123456789") == NULL)
        return diag_set(why, "'%s' is not a number of inches", t);
    if (!isfinite(v) || v < lo || v > hi)
        return diag_set(why, "'%s' is off the table (0 to %d inches)", t, (int)CK_TABLE);
    *out = v;
    return 0;
}

/* An offset of "by DX DY": a distance, east or north, that the table could
 * hold (a fuzzer's "by 1e309" was told it was off the table, as a point). */
static int parse_offset(const char *t, Diag *why, float *out)
{
    if (parse_float(t, -CK_TABLE, CK_TABLE, why, out) == 0)
        return 0;
    if (strstr(why->msg, "off the table"))
        diag_set(why, "'%s' is farther than the table is wide (-%d to %d inches)", t, (int)CK_TABLE, (int)CK_TABLE);
    return -1;
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
    if (i < 0 && t[1] == '\0' && ck_fig_find(s, (char[]){t[0], '1', '\0'}) >= 0)
        return diag_set(d, "no figure called '%s': say which, %c1, %c2, ... as the roster shows them", t,
                        toupper((unsigned char)t[0]), toupper((unsigned char)t[0]));
    if (i < 0 && (strcasecmp(t, "X") == 0 || strcasecmp(t, "W") == 0)) /* (a referee's order for Charles before
                                                                          * anyone found him) */
        return diag_set(d, "no figure called '%s': %s has not been found, and is not on the table", t,
                        toupper((unsigned char)t[0]) == 'X' ? "Charles" : "Lord Wilmot");
    if (i < 0)
        return diag_set(d, "no figure called '%s'", t);
    *out = (int16_t)i;
    return 0;
}

/* [CK Equipment needed] the kind a word names, the same way whatever its
 * length: the letter the map's key gives it ("m" manor, "~" marsh: one
 * character is always that letter), its name, or the start of one name
 * only ("wo", "fi"); -1 if none, -2 if the start of several ("ma"). */
static int kind_named(const char *w)
{
    const char *mark = w[0] && !w[1] ? strchr(ck_terrain_marks, tolower((unsigned char)w[0])) : NULL;
    if (mark)
        return (int)(mark - ck_terrain_marks);
    int found = -1;
    size_t n = strlen(w);
    for (int k = 0; k < T_KIND_COUNT; k++) {
        if (strcasecmp(ck_terrain[k].name, w) == 0)
            return k;
        if (n > 1 && strncasecmp(ck_terrain[k].name, w, n) == 0)
            found = found == -1 ? k : -2;
    }
    return found;
}

/* The kinds whose names start with w, as "manor or marsh", and their
 * letters, "m manor, ~ marsh", for the refusal of an ambiguous word. */
static void kinds_starting(const char *w, char *names, char *letters, size_t n)
{
    int match[T_KIND_COUNT], m = 0;
    for (int k = 0; k < T_KIND_COUNT; k++)
        if (strncasecmp(ck_terrain[k].name, w, strlen(w)) == 0)
            match[m++] = k;
    names[0] = letters[0] = '\0';
    for (int i = 0; i < m; i++) {
        size_t ln = strlen(names), ll = strlen(letters);
        snprintf(names + ln, n - ln, "%s%s", i == 0 ? "" : i == m - 1 ? " or " : ", ", ck_terrain[match[i]].name);
        snprintf(letters + ll, n - ll, "%s%c %s", i ? ", " : "", ck_terrain_marks[match[i]], ck_terrain[match[i]].name);
    }
}

/* The refusal of a word that names no kind, or several. */
static int bad_kind(const char *w, int why, Diag *d)
{
    if (why == -2) {
        char names[96], letters[96];
        kinds_starting(w, names, letters, sizeof names);
        return diag_set(d, "'%s' starts more than one kind, %s: type more of the name, or its letter on the map "
                           "(%s)", w, names, letters);
    }
    return diag_set(d, "'%s' is no terrain piece: give its number (1 to %d), its kind (village, manor, wood, hill, "
                       "field, marsh) or the kind's letter on the map (v m w h f ~)", w, CK_PIECES);
}

/* [CK Game set up] the piece a word names: its number (1 to 12), or a
 * kind, which means the first piece of that kind still waiting (pieces go
 * down in their order, so the next wood is the first wood not placed). */
static int piece_arg(const CkState *s, const char *w, Diag *d)
{
    char *end;
    long p = strtol(w, &end, 10);
    if (*w && !*end)
        return p >= 1 && p <= CK_PIECES ? (int)p - 1
                                       : diag_set(d, "there is no terrain piece '%s': 1 to %d, or a kind such as "
                                                     "'wood'; usage: %s", w, CK_PIECES, ck_verb_help[CKV_PLACE]);
    int kind = kind_named(w);
    if (kind < 0)
        return bad_kind(w, kind, d);
    int next = ck_next_piece(s);
    for (int i = next; i < CK_PIECES; i++)
        if (ck_piece_kinds[i] == kind)
            return i == next ? i
                             : diag_set(d, "pieces go down in their order: the next is %d, a %s, not a %s", next + 1,
                                        ck_terrain[ck_piece_kinds[next]].name, ck_terrain[kind].name);
    return diag_set(d, "every %s is placed already", ck_terrain[kind].name);
}

/* A verb said in a phase that has none of it (the game would otherwise
 * look for a figure and answer about the wrong thing). */
static int out_of_phase(const CkState *s, int verb, Diag *d)
{
    if (verb == CKV_ARRIVE && s->phase != CP_ARRIVE)
        return diag_set(d, "no arrivals are waiting: arrive is for a band or reinforcements a chance card has "
                           "just brought");
    if (verb == CKV_PLACE && s->phase != CP_TERRAIN)
        return diag_set(d, "the terrain is placed already");
    return 0;
}

/* "via BX BY" at tok (n words left): a way with one bend at (BX, BY)
 * [CK Movement and Ranges], or none when n is 0. A "via" with one number
 * (or three) is told what it lacks, not only the usage (a play-tester's
 * "move Y 14 8.5 via 14"). */
static int parse_bend(char **tok, int n, int verb, const char *form, Action *a, Diag *d);

static int parse_via(char **tok, int n, int verb, Action *a, Diag *d)
{
    if (n == 0)
        return 0;
    const char *form = verb == CKV_ESCORT ? "escort F via BX BY" : "move F X Y via BX BY";
    if (parse_bend(tok, n == 3 ? 3 : 0, verb, form, a, d) < 0) /* (words past the two numbers: as too few) */
        return -1;
    a->arg = CK_MOVE_BENT;
    return 0;
}

/* "via BX BY" at tok[0], n words on: the bend into (a->bx, a->by), or -1
 * saying what was wrong (`form`, the order's form with a bend). */
static int parse_bend(char **tok, int n, int verb, const char *form, Action *a, Diag *d)
{
    if (strcasecmp(tok[0], "via") != 0)
        return diag_set(d, "usage: %s", ck_verb_help[verb]);
    if (n < 3)
        return diag_set(d, "via needs two numbers, the bend's X and Y: %s", form);
    Action bend = {0};
    if (parse_point(tok + 1, verb, &bend, d) < 0)
        return -1;
    a->bx = bend.x, a->by = bend.y;
    return 0;
}

/* A bend within 0.05" of where figure f stands or of where his straight
 * way ends, (x, y), is no bend: a's way made straight. */
static void drop_idle_bend(Action *a, const CkFig *f, float x, float y)
{
    if (a->arg == CK_MOVE_BENT &&
        (ck_dist(f->x, f->y, a->bx, a->by) < 0.05f || ck_dist(x, y, a->bx, a->by) < 0.05f))
        a->arg = CK_MOVE_STRAIGHT, a->bx = a->by = 0;
}

/* A coordinate on the 0.1" grid the orders are shown on, so that the
 * words of a move found here replay as the move. */
static float tenth(float v) { return roundf(v * 10) / 10; }

/* [CK Movement and Ranges] "move F towards X Y": the farthest point of the
 * straight way to (X, Y) that the rules let figure a->piece reach, on the
 * 0.1" grid, into a->x, a->y; (X, Y) itself if he may reach it (searching a
 * piece there as any move would). A solo player rides "at that wood"
 * without working out what a half move in rough ground leaves him. Where
 * he stops short, `note` says why the next 0.1" is refused (a play-tester
 * stopped behind a prisoner, unwarned), and why the point asked is, where
 * that differs (a tester was told of a friend's base beside the way, not
 * of the enemy across it). Where not even 0.1" is allowed, the point is
 * kept for the check to refuse. 1 where something in the way stops him
 * with more than an inch of his move unused, more than 2" short of the
 * point (not merely by a base, as at the man he went towards), for the
 * prompt to have the order given twice (a tester's horseman went 1.0" of
 * 8" and the move stood), else 0. */
static int go_towards(const CkState *s, Action *a, Diag *note)
{
    const CkFig *f = &s->figs[a->piece];
    bool bent = a->arg == CK_MOVE_BENT; /* "towards X Y via BX BY": the way on from the bend */
    float ox = bent ? a->bx : f->x, oy = bent ? a->by : f->y;
    Diag d = {""}, asked = {""}; /* asked: why the point asked is refused */
    float dist = ck_dist(ox, oy, a->x, a->y);
    if (dist < 0.05f || ck_check(s, a, &asked) >= 0)
        return 0;
    int from = ck_piece_at(s, f->x, f->y);
    float most = ck_move_allowance_on(s, f, from) + 0.1f; /* no move is longer */
    Action t = *a, beyond = *a;
    for (int tenths = (int)lroundf(fminf(dist, most) * 10); tenths >= 1; tenths--) { /* (whole tenths: no drift) */
        float r = (float)tenths / 10;
        t.x = tenth(ox + (a->x - ox) * r / dist);
        t.y = tenth(oy + (a->y - oy) * r / dist);
        if (ck_dist(ox, oy, t.x, t.y) >= 0.05f && ck_check(s, &t, &d) >= 0) {
            Diag why = {""};
            float went = (bent ? ck_dist(f->x, f->y, ox, oy) : 0) + ck_dist(ox, oy, t.x, t.y);
            float allow = ck_move_allowance_from(s, f, from, t.x, t.y);
            bool blocked = ck_check(s, &beyond, &why) < 0 && strncmp(why.msg, "out of reach", 12) != 0;
            if (why.msg[0] && note) {
                bool differs = strcmp(asked.msg, why.msg) != 0 && strncmp(asked.msg, "out of reach", 12) != 0;
                char gone[64] = "as far as he may go that way";
                if (blocked)
                    snprintf(gone, sizeof gone, "he stops after %s\" of his %s\"", ck_inch(went).s, ck_inch(allow).s);
                diag_set(note, "%s; at (%s, %s) beyond it: %s%s%s", gone, ck_inch(beyond.x).s, ck_inch(beyond.y).s,
                         why.msg, differs ? "; at the point asked: " : "", differs ? asked.msg : "");
            }
            float left = ck_dist(t.x, t.y, a->x, a->y); /* (short of a man he went towards, only by his base: meant) */
            a->x = t.x, a->y = t.y;
            return blocked && allow - went > 1.0f && left > 2.0f;
        }
        beyond = t;
    }
    return 0;
}

/* "towards X Y" or "towards T" (a figure: where he stands) at tok, n words:
 * the point into a->x, a->y; "via BX BY" after it, a bend he goes to
 * first (a solo player's way round a wood, "towards T via" since
 * 2026-12-02), and "to N" last. */
static int parse_towards(const CkState *s, char **tok, int n, Action *a, Diag *d)
{
    const char *form = "move F towards X Y, or move F towards T (a figure), each with 'via BX BY' after it to go "
                       "round by a bend and 'to N' last to stop N inches short (move S1 towards D2 to 6: half range)";
    float stop = 0;
    if (strcasecmp(tok[n - 1], "to") == 0)
        return diag_set(d, "'to' takes the inches to stop short by: %s", form);
    if (n >= 4 && strcasecmp(tok[n - 2], "to") == 0) { /* "... to N": N inches short of the point */
        Diag why = {""};
        if (parse_float(tok[n - 1], 0, CK_TABLE, &why, &stop) < 0)
            return diag_set(d, "'to' takes the inches to stop short by: %s", form);
        n -= 2;
    }
    if (n >= 5 && strcasecmp(tok[n - 3], "via") == 0) { /* "... via BX BY": the bend, as a move's */
        if (parse_bend(tok + n - 3, 3, CKV_MOVE, form, a, d) < 0)
            return -1;
        a->arg = CK_MOVE_BENT;
        n -= 3;
    }
    Diag why = {""};
    if (n == 2) {
        int16_t t;
        if (fig_arg(s, tok[1], &t, d) < 0)
            return -1;
        a->x = s->figs[t].x, a->y = s->figs[t].y;
    } else if (n != 3)
        return diag_set(d, "usage: %s", form);
    else if (parse_point(tok + 1, CKV_MOVE, a, &why) < 0)
        return diag_set(d, "%s", why.msg);
    const CkFig *f = &s->figs[a->piece];
    drop_idle_bend(a, f, a->x, a->y);
    float ox = a->arg == CK_MOVE_BENT ? a->bx : f->x, oy = a->arg == CK_MOVE_BENT ? a->by : f->y; /* the last leg's start */
    float dist = ck_dist(ox, oy, a->x, a->y);
    if (stop > 0 && dist <= stop)
        return diag_set(d, "%s %s\" from it already, within the %s\" to stop short by",
                        a->arg == CK_MOVE_BENT ? "the bend is" : "he stands", ck_inch(dist).s, ck_inch(stop).s);
    float go = dist - stop + (stop > 0.1f ? 0.1f : 0); /* (0.1" more: within `stop` once go_towards rounds to it) */
    if (stop > 0) /* the point `stop` inches short, on the way, on the grid the orders are shown on */
        a->x = tenth(ox + (a->x - ox) * go / dist), a->y = tenth(oy + (a->y - oy) * go / dist);
    return 0;
}

/* "by DX DY" at tok, n words: the point DX, DY inches from where figure
 * a->piece stands as the screen tells it (north and east positive), to the
 * hundredth, into a->x, a->y: several figures moved by one offset keep
 * their places (the prompt's "move D1,D2,D3 by 0 6"). From the point as
 * told, not as he stands: a tester's D5, told at 26.5 after a recoil left
 * him at 26.54, went "by 0.5" to 27.04 (the reach's grace covers the
 * rounding). */
static int parse_by(const CkState *s, char **tok, int n, Action *a, Diag *d)
{
    if (n != 3)
        return diag_set(d, "usage: move F by DX DY (inches east and north; west and south negative)");
    Diag why = {""};
    float dx, dy;
    if (parse_offset(tok[1], &why, &dx) < 0 || parse_offset(tok[2], &why, &dy) < 0)
        return diag_set(d, "%s; usage: move F by DX DY", why.msg);
    const CkFig *f = &s->figs[a->piece];
    float x = strtof(ck_inch(f->x).s, NULL), y = strtof(ck_inch(f->y).s, NULL);
    if (dx == 0 && dy == 0) /* "by 0 0" is where he stands, refused so, not the 0.07" to the point as told */
        x = f->x, y = f->y;
    a->x = roundf((x + dx) * 100) / 100, a->y = roundf((y + dy) * 100) / 100;
    return 0;
}

/* "move F X Y", or "move F X Y via BX BY"; a bend where the figure stands
 * or where he is going (within 0.05") is no bend: a straight move. "move F
 * towards X Y" (or "towards T") goes as far as he may (go_towards), "move
 * F by DX DY" as far from where he stands (parse_by). */
static int parse_move(const CkState *s, char **tok, int nt, Action *a, Diag *d)
{
    if (nt >= 3 && strcasecmp(tok[2], "by") == 0)
        return fig_arg(s, tok[1], &a->piece, d) < 0 ? -1 : parse_by(s, tok + 2, nt - 2, a, d);
    if (nt >= 3 && (strcasecmp(tok[2], "towards") == 0 || strcasecmp(tok[2], "toward") == 0)) {
        if (fig_arg(s, tok[1], &a->piece, d) < 0 || parse_towards(s, tok + 2, nt - 2, a, d) < 0)
            return -1;
        return go_towards(s, a, d); /* (1: stopped short by something in the way, said in d) */
    }
    if (nt < 4) /* (what follows the point is parse_via's) */
        return diag_set(d, "usage: %s", ck_verb_help[CKV_MOVE]);
    if (fig_arg(s, tok[1], &a->piece, d) < 0 || parse_point(tok + 2, CKV_MOVE, a, d) < 0 ||
        parse_via(tok + 4, nt - 4, CKV_MOVE, a, d) < 0)
        return -1;
    drop_idle_bend(a, &s->figs[a->piece], a->x, a->y);
    return 0;
}

/* "escort F", or "escort F via BX BY"; a bend where the guard stands or
 * where the straight escort would take him (within 0.05") is no bend. */
static int parse_escort(const CkState *s, char **tok, int nt, Action *a, Diag *d)
{
    if (nt < 2)
        return diag_set(d, "usage: %s", ck_verb_help[CKV_ESCORT]);
    if (fig_arg(s, tok[1], &a->piece, d) < 0 || parse_via(tok + 2, nt - 2, CKV_ESCORT, a, d) < 0)
        return -1;
    Action straight = {.verb = CKV_ESCORT, .piece = a->piece};
    float x = s->entry_x, y = 0;
    ck_escort_end(s, &straight, &x, &y);
    drop_idle_bend(a, &s->figs[a->piece], x, y);
    return 0;
}

/* "charge F T", with "capture" (a charge only) and "via BX BY" after it
 * in either order, or "join F T [via BX BY]"; a bend within 0.05" of the
 * figure is no bend. */
static int parse_attack(const CkState *s, int verb, char **tok, int nt, Action *a, Diag *d)
{
    if (nt < 3 || fig_arg(s, tok[1], &a->piece, d) < 0 || fig_arg(s, tok[2], &a->target, d) < 0)
        return nt < 3 ? diag_set(d, "usage: %s", ck_verb_help[verb]) : -1;
    for (int k = 3; k < nt;) {
        if (verb == CKV_CHARGE && strcasecmp(tok[k], "capture") == 0 && !(a->arg & CK_CHARGE_CAPTURE)) {
            a->arg |= CK_CHARGE_CAPTURE, k++;
            continue;
        }
        if (a->arg & CK_CHARGE_BENT) /* (one bend) */
            return diag_set(d, "usage: %s", ck_verb_help[verb]);
        if (parse_bend(tok + k, nt - k, verb, verb == CKV_CHARGE ? "charge F T via BX BY" : "join F T via BX BY", a, d) < 0)
            return -1;
        a->arg |= CK_CHARGE_BENT, k += 3;
    }
    const CkFig *f = &s->figs[a->piece];
    if ((a->arg & CK_CHARGE_BENT) && ck_dist(f->x, f->y, a->bx, a->by) < 0.05f)
        a->arg &= ~CK_CHARGE_BENT, a->bx = a->by = 0;
    return 0;
}

static int parse_args(const CkState *s, int verb, char **tok, int nt, Action *a, Diag *d)
{
    switch (verb) {
    case CKV_PLACE: {
        int p;
        if (want(nt, 3, verb, d) < 0 || (p = piece_arg(s, tok[1], d)) < 0)
            return -1;
        a->piece = (int16_t)p;
        return parse_point(tok + 2, verb, a, d);
    }
    case CKV_MOVE:
        return parse_move(s, tok, nt, a, d);
    case CKV_ESCORT:
        return parse_escort(s, tok, nt, a, d);
    case CKV_ARRIVE:
        return want(nt, 2, verb, d) < 0 ? -1 : parse_point(tok + 1, verb, a, d);
    case CKV_CHARGE:
    case CKV_JOIN:
        return parse_attack(s, verb, tok, nt, a, d);
    case CKV_SHOOT:
    case CKV_AIM:
    case CKV_CAPTURE:
    case CKV_GUARD:
        if (nt != 3)
            return diag_set(d, "usage: %s", ck_verb_help[verb]);
        return fig_arg(s, tok[1], &a->piece, d) < 0 || fig_arg(s, tok[2], &a->target, d) < 0 ? -1 : 0;
    case CKV_END: return nt == 2 && strcasecmp(tok[1], "turn") == 0 ? 0 : want(nt, 0, verb, d); /* "end turn" too */
    default:
        return want(nt, 1, verb, d) < 0 ? -1 : fig_arg(s, tok[1], &a->piece, d);
    }
}

/* Are the brackets and commas of a typed line those of points as the
 * screen shows them, "(16.5, 8.5)" or "16.5,8.5"? Brackets in pairs, one
 * deep, a comma between two numbers (a tester's "(16,,4)", "16)(4" and
 * "((16, 4))" all played as 16 4). */
static bool points_well_written(const char *t)
{
    bool open = false;
    for (const char *p = t; *p; p++) {
        if (*p == '(' && open)
            return false;
        if (*p == ')' && !open)
            return false;
        if (*p == '(' || *p == ')')
            open = *p == '(';
        if (*p != ',')
            continue;
        const char *b = p, *a = p + 1 + strspn(p + 1, " \t");
        while (b > t && (b[-1] == ' ' || b[-1] == '\t'))
            b--;
        if (b == t || !strchr("0123456789.", b[-1]) || !*a || !strchr("0123456789.+-", *a))
            return false;
        const char *num = b; /* the word before the comma is a number, not "D1" (a tester's "D1 ,16 4") */
        while (num > t && strchr("0123456789.+-", num[-1]))
            num--;
        if (num > t && num[-1] != ' ' && num[-1] != '\t' && num[-1] != '(')
            return false;
    }
    return !open;
}

int ck_tokens(const char *text, char *line, size_t n, char **tok, int max, Diag *d)
{
    int nt = 0;
    if (strlen(text) >= n) /* the copy would lose the end of the line, and its words */
        return diag_set(d, "too long: at most %zu characters", n - 1);
    if (!points_well_written(text))
        return diag_set(d, "a point is written X Y, or (X, Y) as the screen shows it: '%s' is neither", text);
    snprintf(line, n, "%s", text);
    for (char *p = line; (p = strpbrk(p, ",()")) != NULL;)
        *p++ = ' '; /* a point as the screen shows it, "(16.5, 8.5)" or "16.5,8.5", is two numbers */
    for (char *p = strtok(line, " \t\r\n"); p; p = strtok(NULL, " \t\r\n")) {
        if (nt == max) /* (words past the last were once dropped unsaid: a tester's "via ... to 20" lost its "to 20") */
            return diag_set(d, "too many words: '%s' has more than %d", text, max);
        tok[nt++] = p;
    }
    return nt;
}

int ck_parse(const void *st, const char *text, Action *out, Diag *d)
{
    char line[160], *tok[12]; /* the longest order, "move F towards X Y via BX BY to N", has 10 words */
    int nt = ck_tokens(text, line, sizeof line, tok, 12, d);
    if (nt < 0)
        return -1;
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
    int rc = parse_args(st, verb, tok, nt, out, d);
    return rc < 0 || out_of_phase(st, verb, d) < 0 ? -1 : rc; /* (1: a towards stopped short, to give twice) */
}

/* Is t a number (a word of a point), not a figure's name? */
static bool is_number(const char *t)
{
    Diag why = {""};
    float v;
    return parse_float(t, -100, 100, &why, &v) == 0;
}

/* Where figure i stands as the screen tells it (the point "by" counts from). */
static void told_at(const CkState *s, int i, float *x, float *y)
{
    *x = strtof(ck_inch(s->figs[i].x).s, NULL), *y = strtof(ck_inch(s->figs[i].y).s, NULL);
}

/* One order of a group named together ("move
 * C1-C5 towards 30 20", "move D1,D2 12 30 via 10 20"), `order`, rewritten
 * into buf so that the group keeps its shape: its point (and bend) moved
 * by where its figure stands from the first's, whose order is `lead`; a
 * point shifted off the table is brought to its edge. A solo player's five
 * troopers sent "towards" one point crowded onto it. 1 if rewritten, 0 for
 * any other order (a charge, "by", "towards" a figure: all go at him). */
int ck_group_order(const void *st, const char *lead, const char *order, char *buf, size_t n)
{
    const CkState *s = st;
    char l1[160], l2[160], *t1[12], *t2[12];
    Diag d = {""};
    int n1 = ck_tokens(lead, l1, sizeof l1, t1, 12, &d), n2 = ck_tokens(order, l2, sizeof l2, t2, 12, &d);
    if (n1 < 4 || n1 != n2 || strcasecmp(t1[0], "move") != 0 || strcasecmp(t2[0], "move") != 0)
        return 0;
    int lf = ck_fig_find(s, t1[1]), of = ck_fig_find(s, t2[1]);
    bool towards = strcasecmp(t2[2], "towards") == 0 || strcasecmp(t2[2], "toward") == 0;
    int at = towards ? 3 : 2; /* the point's first word */
    if (lf < 0 || of < 0 || lf == of || at + 1 >= n2 || !is_number(t2[at]) || !is_number(t2[at + 1]))
        return 0;
    float lx, ly, ox, oy;
    told_at(s, lf, &lx, &ly), told_at(s, of, &ox, &oy);
    int via = -1; /* the bend's first word */
    for (int k = at + 2; k + 2 < n2; k++)
        if (strcasecmp(t2[k], "via") == 0 && is_number(t2[k + 1]) && is_number(t2[k + 2]))
            via = k + 1;
    size_t len = 0;
    for (int k = 0; k < n2; k++) {
        char word[24];
        snprintf(word, sizeof word, "%s", t2[k]);
        bool bend = via >= 0 && (k == via || k == via + 1);
        if (k == at || k == at + 1 || bend) { /* shifted, kept on the table, to the hundredth */
            bool y = k == at + 1 || (bend && k == via + 1);
            float v = fminf(fmaxf(strtof(t2[k], NULL) + (y ? oy - ly : ox - lx), 0), CK_TABLE);
            snprintf(word, sizeof word, "%s", ck_inch(roundf(v * 100) / 100).s);
        }
        len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%s%s", k ? " " : "", word);
    }
    return len < n;
}
