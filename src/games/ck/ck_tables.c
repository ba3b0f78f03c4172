/* ck_tables.c - To Catch a King tables as data, from data/catch-a-king/
 * (compiled into the binary): the figures [CK Movement and Ranges]
 * [CK Figure combat Factors], the terrain pieces of [CK Equipment needed]
 * with ecw's shapes, the three decks of [CK Cards Used] and the points
 * table of [CK Aim of the game]. Each file documents its columns. */
#include "ck.h"
#include "core/datafile.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const char embed_data_catch_a_king_figures_txt[];
extern const char embed_data_catch_a_king_terrain_txt[];
extern const char embed_data_catch_a_king_decks_txt[];
extern const char embed_data_catch_a_king_points_txt[];

static const char *const fig_names[F_TYPE_COUNT] = {"dragoon", "cavalry", "you", "shot",
                                                    "horse", "clubman", "wilmot", "charles"};
static const char *const kind_names[T_KIND_COUNT] = {"village", "manor", "wood", "hill", "field", "marsh"};
static const char *const event_names[PT_EVENT_COUNT] = {"searched", "killed", "captured", "undiscovered",
                                                        "at_liberty"};
const char *const ck_chance_names[CH_KIND_COUNT] = {"nothing", "rain", "clear", "band", "reinforcements", "drover"};
const char *const ck_disc_names[4] = {"blank", "infantry", "horse", "clubmen"};
static const char *const prom_names[3] = {"blank", "charles", "wilmot"};

static int find(const char *const *names, int n, const char *w)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], w) == 0)
            return i;
    return -1;
}

static int side_of(const char *w) { return !strcmp(w, "royalist") ? CK_ROY : !strcmp(w, "parliament") ? CK_PAR : -1; }

static int parse_figures(CkTables *t, const char *text, Diag *d)
{
    char buf[160], name[16], side[16], letter;
    int lineno = 0, mounted, vf, vm, seen = 0;
    float move, range;
    for (const char *pos = text; df_next_line(&pos, buf, sizeof buf, &lineno);) {
        int k;
        if (sscanf(buf, "%15s %c %15s %d %d %d %f %f", name, &letter, side, &mounted, &vf, &vm, &move, &range) != 8 ||
            (k = find(fig_names, F_TYPE_COUNT, name)) < 0 || side_of(side) < 0 || vf < 0 || vm < 0 || move <= 0 ||
            range < 0)
            return diag_set(d, "figures.txt:%d: expected 'TYPE LETTER SIDE MOUNTED VS_FOOT VS_MOUNTED MOVE RANGE'",
                            lineno);
        CkFigSpec *f = &t->figs[k];
        snprintf(f->name, sizeof f->name, "%s", name);
        f->letter = letter;
        f->side = (uint8_t)side_of(side);
        f->mounted = mounted != 0;
        f->vs_foot = (uint8_t)vf;
        f->vs_mounted = (uint8_t)vm;
        f->move = move;
        f->range = range;
        seen |= 1 << k;
    }
    return seen == (1 << F_TYPE_COUNT) - 1 ? 0 : diag_set(d, "figures.txt: every figure type needs a line");
}

static int parse_terrain(CkTables *t, const char *text, Diag *d)
{
    char buf[160], name[16];
    int lineno = 0, count, c, o, df, h, b, n = 0;
    float r;
    for (const char *pos = text; df_next_line(&pos, buf, sizeof buf, &lineno);) {
        int k;
        if (sscanf(buf, "%15s %d %f %d %d %d %d %d", name, &count, &r, &c, &o, &df, &h, &b) != 8 ||
            (k = find(kind_names, T_KIND_COUNT, name)) < 0 || count < 1 || r <= 0 || r > 8 || c < 0 || c > 2)
            return diag_set(d, "terrain.txt:%d: expected 'KIND COUNT RADIUS COVER OBSTACLE HALF HILL BLOCKS' (COVER 0, 1 or 2, the others 0 or 1)", lineno);
        if (n + count > CK_PIECES)
            return diag_set(d, "terrain.txt:%d: more than %d pieces", lineno, CK_PIECES);
        CkTerrainSpec *s = &t->terrain[k];
        snprintf(s->name, sizeof s->name, "%s", name);
        s->r = r;
        s->cover = c != 0, s->cover_edge = c == 2, s->obstacle = o != 0, s->difficult = df != 0, s->hill = h != 0, s->blocks_sight = b != 0;
        for (int i = 0; i < count; i++)
            t->piece_kinds[n++] = (uint8_t)k;
    }
    return n == CK_PIECES ? 0 : diag_set(d, "terrain.txt: %d pieces, the rulebook has %d", n, CK_PIECES);
}

static int parse_decks(CkTables *t, const char *text, Diag *d)
{
    char buf[160], deck[16], card[24];
    int lineno = 0, count, nc = 0, nd = 0, np = 0;
    for (const char *pos = text; df_next_line(&pos, buf, sizeof buf, &lineno);) {
        if (sscanf(buf, "%15s %23s %d", deck, card, &count) != 3 || count < 0)
            return diag_set(d, "decks.txt:%d: expected 'DECK CARD COUNT'", lineno);
        bool ch = !strcmp(deck, "chance"), di = !strcmp(deck, "discovery"), pr = !strcmp(deck, "prominent");
        int k = ch ? find(ck_chance_names, CH_KIND_COUNT, card) : di ? find(ck_disc_names, 4, card)
              : pr ? find(prom_names, 3, card) : -1;
        int *n = ch ? &nc : di ? &nd : &np, cap = ch ? CK_CHANCE_CARDS : di ? CK_DISC_CARDS : CK_PROM_CARDS;
        uint8_t *out = ch ? t->chance : di ? t->disc : t->prom;
        if (k < 0)
            return diag_set(d, "decks.txt:%d: no card '%s' in a deck '%s'", lineno, card, deck);
        if (*n + count > cap)
            return diag_set(d, "decks.txt:%d: the %s deck holds %d cards", lineno, deck, cap);
        memset(out + *n, k, (size_t)count);
        *n += count;
    }
    if (nc != CK_CHANCE_CARDS || nd != CK_DISC_CARDS || np != CK_PROM_CARDS)
        return diag_set(d, "decks.txt: %d chance, %d discovery, %d prominent cards; the rulebook has 30, 24, 18",
                        nc, nd, np);
    return 0;
}

/* The columns a points line's target stands for ("royalist": shot and horse). */
static int target_columns(const char *w, int cols[2])
{
    if (!strcmp(w, "piece"))
        return cols[0] = PT_PIECE, 1;
    if (!strcmp(w, "royalist"))
        return cols[0] = F_SHOT, cols[1] = F_HORSE, 2;
    return (cols[0] = find(fig_names, F_TYPE_COUNT, w)) >= 0 ? 1 : 0;
}

static int parse_points(CkTables *t, const char *text, Diag *d)
{
    char buf[160], side[16], ev[16], target[16];
    int lineno = 0, pts, cols[2];
    for (const char *pos = text; df_next_line(&pos, buf, sizeof buf, &lineno);) {
        int e, sd, nc;
        if (sscanf(buf, "%15s %15s %15s %d", side, ev, target, &pts) != 4 || (sd = side_of(side)) < 0 ||
            (e = find(event_names, PT_EVENT_COUNT, ev)) < 0 || (nc = target_columns(target, cols)) == 0 || pts < 0 ||
            pts > 100)
            return diag_set(d, "points.txt:%d: expected 'SIDE EVENT TARGET POINTS'", lineno);
        for (int k = 0; k < nc; k++)
            t->points[sd][e][cols[k]] = (int16_t)pts;
    }
    return 0;
}

int ck_tables_parse(CkTables *t, const char *figures, const char *terrain, const char *decks, const char *points,
                    Diag *d)
{
    memset(t, 0, sizeof *t);
    if (parse_figures(t, figures, d) < 0 || parse_terrain(t, terrain, d) < 0 || parse_decks(t, decks, d) < 0 ||
        parse_points(t, points, d) < 0)
        return -1;
    return 0;
}

static CkTables builtin;
static pthread_once_t builtin_once = PTHREAD_ONCE_INIT;

static void load_builtin(void)
{
    Diag d;
    if (ck_tables_parse(&builtin, embed_data_catch_a_king_figures_txt, embed_data_catch_a_king_terrain_txt,
                        embed_data_catch_a_king_decks_txt, embed_data_catch_a_king_points_txt, &d) < 0) {
        fprintf(stderr, "ecw: built-in To Catch a King data: %s\n", d.msg);
        abort();
    }
}

_Atomic(const CkTables *) ck_tables_ready;

/* The rules read the tables in their inner loops: after the first call a
 * plain atomic load (ck_tables, inline), not a pthread_once, answers. */
const CkTables *ck_tables_load(void)
{
    const CkTables *t = atomic_load_explicit(&ck_tables_ready, memory_order_acquire);
    if (!t) {
        pthread_once(&builtin_once, load_builtin);
        t = &builtin;
        atomic_store_explicit(&ck_tables_ready, t, memory_order_release);
    }
    return t;
}

void ck_deck_chance(uint8_t out[CK_CHANCE_CARDS]) { memcpy(out, ck_tables()->chance, CK_CHANCE_CARDS); }
void ck_deck_discovery(uint8_t out[CK_DISC_CARDS]) { memcpy(out, ck_tables()->disc, CK_DISC_CARDS); }
void ck_deck_prominent(uint8_t out[CK_PROM_CARDS]) { memcpy(out, ck_tables()->prom, CK_PROM_CARDS); }
