/* ml_tables.c - the Marston Less tables as data: the combat table
 * [ML Combat Table], the deck [ML The Deck] and the armies [ML Set Up],
 * parsed from the files in data/marston-less/ (compiled into the binary) with
 * line numbers in every error. */
#include "ml.h"
#include "core/datafile.h"
#include <ctype.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const char embed_data_marston_less_combat_txt[];
extern const char embed_data_marston_less_deck_txt[];
extern const char embed_data_marston_less_armies_txt[];

/* "LO-HI", "N" or "-" into a roll range; lo=0 means none. */
static int parse_range(const char *tok, int *lo, int *hi)
{
    if (strcmp(tok, "-") == 0) {
        *lo = *hi = 0;
        return 0;
    }
    char extra;
    if (sscanf(tok, "%d-%d%c", lo, hi, &extra) == 2)
        return (*lo >= 1 && *hi <= 20 && *lo <= *hi) ? 0 : -1;
    if (sscanf(tok, "%d%c", lo, &extra) == 1) {
        *hi = *lo;
        return (*lo >= 1 && *lo <= 20) ? 0 : -1;
    }
    return -1;
}

/* The chance of 0..3 DPs from one roll at each factor, counted over the
 * twenty rolls in order (the computer player reads them in its inner
 * loops). */
static void combat_odds(MlTables *t)
{
    for (int f = 1; f <= ML_MAX_FACTOR; f++)
        for (int roll = 1; roll <= 20; roll++)
            t->odds[f][t->dp[f][roll]] += 1.0 / 20;
}

static int parse_combat(MlTables *t, const char *text, Diag *d)
{
    char buf[256], r[3][32];
    int lineno = 0, rows = 0, f;
    unsigned seen = 0;
    const char *pos = text;
    while (df_next_line(&pos, buf, sizeof buf, &lineno)) {
        if (sscanf(buf, "%d %31s %31s %31s", &f, r[0], r[1], r[2]) != 4 || f < 1 ||
            f > ML_MAX_FACTOR)
            return diag_set(d, "combat.txt:%d: expected 'FACTOR 1DP 2DP 3DP' with factor 1..15",
                            lineno);
        if (seen >> f & 1)
            return diag_set(d, "combat.txt:%d: factor %d appears twice", lineno, f);
        seen |= 1u << f;
        memset(t->dp[f], 0, sizeof t->dp[f]);
        for (int k = 0; k < 3; k++) {
            int lo, hi;
            if (parse_range(r[k], &lo, &hi) < 0)
                return diag_set(d, "combat.txt:%d: bad roll range '%s'", lineno, r[k]);
            for (int roll = lo; lo && roll <= hi; roll++) {
                if (t->dp[f][roll])
                    return diag_set(d, "combat.txt:%d: roll %d appears twice", lineno, roll);
                t->dp[f][roll] = (uint8_t)(k + 1);
            }
        }
        rows++;
    }
    if (rows != ML_MAX_FACTOR)
        return diag_set(d, "combat.txt: expected 15 factor rows, found %d", rows);
    return 0;
}

static const char *const card_kinds[CARD_KIND_COUNT] = {
    "gun", "light", "dragoons", "rough", "general", "superior",
    "veterans", "recruitfoot", "recruithorse", "sickness", "desertion",
};

static int parse_deck(MlTables *t, const char *text, Diag *d)
{
    char buf[256], kind[32];
    int lineno = 0, count, arg, used;
    const char *pos = text;
    t->ncards = 0;
    while (df_next_line(&pos, buf, sizeof buf, &lineno)) {
        if (sscanf(buf, "%d %31s %d %n", &count, kind, &arg, &used) != 3 || count < 1)
            return diag_set(d, "deck.txt:%d: expected 'COUNT KIND ARG NAME'", lineno);
        int k = 0;
        while (k < CARD_KIND_COUNT && strcmp(card_kinds[k], kind) != 0)
            k++;
        if (k == CARD_KIND_COUNT)
            return diag_set(d, "deck.txt:%d: unknown card kind '%s'", lineno, kind);
        if (arg < 0 || arg > ML_MAX_FACTOR)
            return diag_set(d, "deck.txt:%d: argument %d out of range 0..15", lineno, arg);
        for (int i = 0; i < count; i++) {
            if (t->ncards >= ML_DECK_MAX)
                return diag_set(d, "deck.txt:%d: more than %d cards", lineno, ML_DECK_MAX);
            MlCard *c = &t->cards[t->ncards++];
            c->kind = (uint8_t)k;
            c->arg = (uint8_t)arg;
            snprintf(c->name, sizeof c->name, "%s", buf + used);
            size_t nl = strlen(c->name);
            while (nl && isspace((unsigned char)c->name[nl - 1]))
                c->name[--nl] = '\0';
        }
    }
    if (t->ncards < 2 * ML_HAND)
        return diag_set(d, "deck.txt: %d cards, but both players draw %d", t->ncards, ML_HAND);
    return 0;
}

/* A list of unit strengths after a keyword. */
static int parse_strengths(const char *s, uint8_t *out, uint8_t *n, int lineno, Diag *d)
{
    int v, used;
    *n = 0;
    while (sscanf(s, "%d%n", &v, &used) == 1) {
        if (v < 1 || v > 4 || *n >= 16)
            return diag_set(d, "armies.txt:%d: unit strength %d out of range 1..4", lineno, v);
        out[(*n)++] = (uint8_t)v;
        s += used;
    }
    return *n ? 0 : diag_set(d, "armies.txt:%d: no unit strengths", lineno);
}

static int parse_armies(MlTables *t, const char *text, Diag *d)
{
    char buf[256], key[32];
    int lineno = 0, used, rc = 0;
    const char *pos = text;
    while (rc == 0 && df_next_line(&pos, buf, sizeof buf, &lineno)) {
        if (sscanf(buf, "%31s %n", key, &used) != 1)
            continue;
        const char *rest = buf + used;
        if (strcmp(key, "foot") == 0)
            rc = parse_strengths(rest, t->foot[0], &t->nfoot[0], lineno, d);
        else if (strcmp(key, "foot.str4") == 0)
            rc = parse_strengths(rest, t->foot[1], &t->nfoot[1], lineno, d);
        else if (strcmp(key, "horse") == 0)
            rc = parse_strengths(rest, t->horse, &t->nhorse, lineno, d);
        else if (strcmp(key, "generals") == 0)
            t->generals = (uint8_t)atoi(rest);
        else if (strcmp(key, "superiors") == 0)
            t->superiors = (uint8_t)atoi(rest);
        else
            rc = diag_set(d, "armies.txt:%d: unknown key '%s'", lineno, key);
    }
    if (rc == 0 && (!t->nfoot[0] || !t->nfoot[1] || !t->nhorse))
        rc = diag_set(d, "armies.txt: needs foot, foot.str4 and horse lines");
    if (rc == 0 && t->generals + t->superiors < 1)
        rc = diag_set(d, "armies.txt: each side needs at least one general");
    return rc;
}

int ml_tables_parse(MlTables *t, const char *combat, const char *deck, const char *armies,
                    Diag *d)
{
    memset(t, 0, sizeof *t);
    if (parse_combat(t, combat, d) < 0 || parse_deck(t, deck, d) < 0 ||
        parse_armies(t, armies, d) < 0)
        return -1;
    combat_odds(t);
    ml_armies(t);
    for (int zone = 0; zone < ML_ZONES; zone++)
        for (unsigned held = 0; held < 128; held++)
            t->gun_reach[zone][held] = ml_gun_reach_zones(zone, held);
    return 0;
}

static MlTables builtin;
static pthread_once_t builtin_once = PTHREAD_ONCE_INIT;

/* The embedded files are part of the program: failing to parse them is a bug. */
static void load_builtin(void)
{
    Diag d;
    if (ml_tables_parse(&builtin, embed_data_marston_less_combat_txt,
                        embed_data_marston_less_deck_txt,
                        embed_data_marston_less_armies_txt, &d) < 0) {
        fprintf(stderr, "ecw: built-in Marston Less data: %s\n", d.msg);
        abort();
    }
}

_Atomic(const MlTables *) ml_tables_ready;

const MlTables *ml_tables_load(void)
{
    const MlTables *t = atomic_load_explicit(&ml_tables_ready, memory_order_acquire);
    if (!t) {
        pthread_once(&builtin_once, load_builtin);
        t = &builtin;
        atomic_store_explicit(&ml_tables_ready, t, memory_order_release);
    }
    return t;
}
