/* ck_score.c - To Catch a King points [CK Aim of the game], to the letter
 * of the table in data/catch-a-king/points.txt:
 * Parliament for pieces searched and Royalists killed or captured;
 * Royalists for troopers killed, for fugitives never discovered, and for
 * Charles and Wilmot at liberty. "Captured" counts prisoners still under
 * guard at the end as well as those led off; "undiscovered" counts the
 * figures on cards never turned over, and, with the option exit_scores,
 * those who slipped off the far edge (ecw readings). */
#include "ck.h"
#include <stdio.h>

static bool taken(const CkFig *f) { return f->status == FS_PRISONER || f->status == FS_ESCORTED; }

/* [CK Parliament Troops win points for] a Royalist that counts as
 * captured: led off the table, or (unless held_scores=no) still under
 * guard at the end. */
static bool counts_captured(const CkState *s, const CkFig *f)
{
    return f->status == FS_ESCORTED || (f->status == FS_PRISONER && !s->only_led_off);
}

/* A line of the points table (data/catch-a-king/points.txt). */
static int pts(int side, int event, int column) { return ck_tables()->points[side][event][column]; }

/* [CK Parliament Troops win points for] pieces searched, Royalists killed
 * or captured, counted into the lines of the table. */
static void parliament_lines(const CkState *s, CkTally *t)
{
    for (int i = 0; i < CK_PIECES; i++)
        t->n[CK_PAR][PT_SEARCHED][PT_PIECE] += s->pieces[i].searched;
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *f = &s->figs[i];
        if (f->side == CK_ROY && f->status == FS_DEAD)
            t->n[CK_PAR][PT_KILLED][f->type]++;
        else if (f->side == CK_ROY && counts_captured(s, f))
            t->n[CK_PAR][PT_CAPTURED][f->type]++;
    }
}

/* [CK Royalists Win Points for] is a prominent person under a piece nobody
 * searched (nor the drover saw)? He is at liberty. */
static bool hidden_person(const CkState *s, int prom)
{
    for (int i = 0; i < CK_PIECES; i++)
        if (!s->pieces[i].searched && !s->pieces[i].prom_seen && s->pieces[i].prom == prom)
            return true;
    return false;
}

static bool is_person(int type) { return type == F_CHARLES || type == F_WILMOT; }

/* [CK Royalists Win Points for] was the prominent person `prom` (figure
 * type `type`) never in the area: no figure of him, and his card under no
 * piece? With absent_scores=yes he counts as at liberty. */
static bool never_present(const CkState *s, int type, int prom)
{
    for (int i = 0; i < s->nfigs; i++)
        if (s->figs[i].type == type)
            return false;
    for (int i = 0; i < CK_PIECES; i++)
        if (s->pieces[i].prom == prom)
            return false;
    return true;
}

/* [CK Royalists Win Points for] what the figures found score: troopers
 * killed, Charles and Wilmot free (on the table or off it), and with
 * exit_scores those who slipped off the far edge; all in plain sight. */
static void royalist_figure_lines(const CkState *s, CkTally *t)
{
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *f = &s->figs[i];
        bool free_ = f->status == FS_ACTIVE || f->status == FS_EXITED;
        if (f->side == CK_PAR && f->status == FS_DEAD)
            t->n[CK_ROY][PT_KILLED][f->type]++;
        else if (f->side == CK_ROY && is_person(f->type) && free_)
            t->n[CK_ROY][PT_AT_LIBERTY][f->type]++;
        else if (f->side == CK_ROY && f->status == FS_EXITED && s->exit_scores) /* found, but got away */
            t->n[CK_ROY][PT_UNDISCOVERED][f->type == F_HORSE ? F_SHOT : f->type]++; /* one line for shot and horse */
    }
}

/* [CK Royalists Win Points for] troopers killed, fugitives undiscovered,
 * Charles and Wilmot at liberty, counted into the lines of the table. */
static void royalist_lines(const CkState *s, CkTally *t)
{
    t->n[CK_ROY][PT_UNDISCOVERED][F_CLUBMAN] += s->hidden_club;
    t->n[CK_ROY][PT_UNDISCOVERED][F_SHOT] += s->hidden_roy; /* shot and horse score alike */
    t->n[CK_ROY][PT_AT_LIBERTY][F_WILMOT] += hidden_person(s, PROM_WILMOT) ||
                                             (s->absent_scores && never_present(s, F_WILMOT, PROM_WILMOT));
    t->n[CK_ROY][PT_AT_LIBERTY][F_CHARLES] += hidden_person(s, PROM_CHARLES) ||
                                              (s->absent_scores && never_present(s, F_CHARLES, PROM_CHARLES));
    royalist_figure_lines(s, t);
}

void ck_score_tally(const CkState *s, CkTally *t)
{
    *t = (CkTally){0};
    parliament_lines(s, t);
    royalist_lines(s, t);
}

/* [CK Aim of the game] the lines both sides may see before the end: all
 * of Parliament's, and the Royalists' but for the cards never turned over
 * (the men under them, and Charles or Wilmot if never found), which only
 * the end shows. Never reads a card nobody has seen. */
void ck_standing_tally(const CkState *s, CkTally *t)
{
    *t = (CkTally){0};
    parliament_lines(s, t);
    royalist_figure_lines(s, t);
}

/* [CK Aim of the game] one side's lines of tally t in words, "8 pieces
 * searched (8), 2 shot killed (4), Charles at liberty (20)", into buf;
 * its points total. */
int ck_points_words(const CkTally *t, int side, char *buf, size_t n)
{
    static const char *const events[PT_EVENT_COUNT] = {"searched", "killed", "captured", "undiscovered",
                                                       "at liberty"};
    size_t len = 0;
    int total = 0;
    buf[0] = '\0';
    for (int e = 0; e < PT_EVENT_COUNT; e++)
        for (int c = 0; c <= F_TYPE_COUNT; c++) {
            int k = t->n[side][e][c];
            if (!k)
                continue;
            int p = ck_tally_points(t, side, e, c);
            total += p;
            bool royalists = e == PT_UNDISCOVERED && c == F_SHOT; /* shot and horse: one line of the table */
            const char *what = c == PT_PIECE ? (k == 1 ? "piece" : "pieces")
                               : royalists   ? (k == 1 ? "Royalist" : "Royalists")
                                             : ck_fig_noun(c, k);
            char count[16] = ""; /* Charles and Wilmot are not counted */
            if (c != F_CHARLES && c != F_WILMOT)
                snprintf(count, sizeof count, "%d ", k);
            if (len < n)
                len += (size_t)snprintf(buf + len, n - len, "%s%s%s %s (%d)", len ? ", " : "", count, what,
                                        events[e], p);
        }
    return total;
}

int ck_tally_points(const CkTally *t, int side, int event, int column)
{
    return t->n[side][event][column] * pts(side, event, column);
}

/* [CK Aim of the game] each side's total: every line of the table that
 * scored, times its points. */
void ck_score_points(const CkState *s, int out[CK_SIDES])
{
    CkTally t;
    ck_score_tally(s, &t);
    for (int side = 0; side < CK_SIDES; side++) {
        out[side] = 0;
        for (int e = 0; e < PT_EVENT_COUNT; e++)
            for (int c = 0; c <= F_TYPE_COUNT; c++)
                out[side] += ck_tally_points(&t, side, e, c);
    }
}

/* Unsearched pieces on the table: their cards are still face down. */
static int unsearched(const CkState *s)
{
    int n = 0;
    for (int i = 0; i < CK_PIECES; i++)
        n += s->pieces[i].placed && !s->pieces[i].searched;
    return n;
}

/* [CK Aim of the game] the prompt's `score`: each side's points were the
 * game to end now, line by line, from what both may see; what only the end
 * can show (the cards never turned) said, not guessed. Once the game is
 * over, the points it ended with. (A play-tester playing Parliament wanted
 * the score as the game went.) */
int ck_standing(const void *st, FILE *out)
{
    const CkState *s = st;
    bool over = s->phase == CP_OVER;
    CkTally t;
    (over ? ck_score_tally : ck_standing_tally)(s, &t);
    fprintf(out, over ? "the points at the end:\n" : "the points so far, were the game to end now:\n");
    static const int order[] = {CK_PAR, CK_ROY};
    for (int k = 0; k < 2; k++) {
        char words[512];
        int total = ck_points_words(&t, order[k], words, sizeof words);
        fprintf(out, "  %-10s %3d  %s\n", order[k] == CK_PAR ? "Parliament" : "Royalists", total,
                words[0] ? words : over ? "none" : "none yet"); /* (a tester read "yet" of a game over) */
    }
    int left = unsearched(s);
    if (!over && left)
        fprintf(out, "  still face down, counted only at the end: the cards of %d unsearched piece%s\n"
                     "  (the Royalists score the men on them, and Charles or Wilmot if never found)\n",
                left, left == 1 ? "" : "s");
    return 0;
}

/* ---------------- measures for ecw sim ---------------- */

const char *const ck_metric_names[CK_NMETRICS] = {
    "points.royalist.mean", "points.parliament.mean",
    "persons.charles.captured", "persons.charles.killed", "persons.charles.at_liberty",
    "persons.charles.not_present",
    "persons.wilmot.captured", "persons.wilmot.killed", "persons.wilmot.at_liberty",
    "persons.wilmot.not_present",
};

/* What became of a prominent person: 0 captured, 1 killed, 2 at liberty,
 * 3 not present (his card was never dealt under a piece). */
static int person_fate(const CkState *s, int type, int prom)
{
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *f = &s->figs[i];
        if (f->type == type)
            return taken(f) ? 0 : f->status == FS_DEAD ? 1 : 2;
    }
    for (int i = 0; i < CK_PIECES; i++)
        if (s->pieces[i].prom == prom)
            return 2; /* still under an unsearched piece */
    return 3;
}

void ck_metrics(const void *st, double out[])
{
    const CkState *s = st;
    out[0] = s->points[CK_ROY];
    out[1] = s->points[CK_PAR];
    int fc = person_fate(s, F_CHARLES, PROM_CHARLES), fw = person_fate(s, F_WILMOT, PROM_WILMOT);
    for (int k = 0; k < 4; k++) {
        out[2 + k] = fc == k;
        out[6 + k] = fw == k;
    }
}
