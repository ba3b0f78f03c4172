/* forced_io.h - the dice and events side of every rule-test fixture:
 * a queue of forced dice behind GameIO's roll hook, counting every die the
 * rules ask for (its faces, who rolled it and what for), and a sink that
 * captures the events. Shared by tests/rules/<game>/<game>_fixture.h. */
#ifndef ECW_FORCED_IO_H
#define ECW_FORCED_IO_H
#include "core/game.h"
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum { FORCED_MAX_DICE = 64, FORCED_MAX_EVENTS = 256 };

typedef struct ForcedDice {
    int  v[FORCED_MAX_DICE];          /* forced values, in order */
    int  n, pos;                      /* queued, popped */
    int  used;                        /* dice the rules asked for (forced or not) */
    int  underflow;                   /* dice asked for with the queue empty */
    int  sides[FORCED_MAX_DICE];      /* per die asked for: faces, */
    int  player[FORCED_MAX_DICE];     /* who rolled it, */
    char why[FORCED_MAX_DICE][96];    /* and what for */
} ForcedDice;

typedef struct CapturedEvents {
    int  n;
    char json[FORCED_MAX_EVENTS][640];
    char text[FORCED_MAX_EVENTS][256];
    int  vis[FORCED_MAX_EVENTS];      /* VIS_PUBLIC, or the one side that may see it */
} CapturedEvents;

/* The roll hook: the next forced value. With the queue empty it counts an
 * underflow and returns 0 (the generator then rolls), which a fixture's
 * dice assertion catches. */
static inline int forced_roll(void *ud, int sides, int player, const char *why)
{
    ForcedDice *d = ud;
    int k = d->used++;
    if (k < FORCED_MAX_DICE) {
        d->sides[k] = sides;
        d->player[k] = player;
        snprintf(d->why[k], sizeof d->why[k], "%s", why ? why : "");
    }
    if (d->pos >= d->n) {
        d->underflow++;
        return 0;
    }
    return d->v[d->pos++];
}

/* The event sink: keep each event's JSON, sentence and visibility. */
static inline void captured_sink(void *ud, const char *json, const char *text, int vis)
{
    CapturedEvents *e = ud;
    if (e->n >= FORCED_MAX_EVENTS)
        return;
    snprintf(e->json[e->n], sizeof e->json[e->n], "%s", json);
    snprintf(e->text[e->n], sizeof e->text[e->n], "%s", text);
    e->vis[e->n] = vis;
    e->n++;
}

/* How many captured events have this type. */
static inline int captured_count(const CapturedEvents *e, const char *type)
{
    char key[64];
    snprintf(key, sizeof key, "\"type\":\"%s\"", type);
    int n = 0;
    for (int i = 0; i < e->n; i++)
        n += strstr(e->json[i], key) != NULL;
    return n;
}

/* The index of the first (or the last) captured event of a type, -1 if
 * none: for tests of the order events are told in. */
static inline int captured_index(const CapturedEvents *e, const char *type, bool last)
{
    char key[64];
    snprintf(key, sizeof key, "\"type\":\"%s\"", type);
    for (int k = 0; k < e->n; k++) {
        int i = last ? e->n - 1 - k : k;
        if (strstr(e->json[i], key))
            return i;
    }
    return -1;
}

/* The last captured event of a type (its JSON), or NULL. */
static inline const char *captured_last(const CapturedEvents *e, const char *type)
{
    int i = captured_index(e, type, true);
    return i < 0 ? NULL : e->json[i];
}

/* The sentence of the last captured event of a type, or NULL. */
static inline const char *captured_last_text(const CapturedEvents *e, const char *type)
{
    const char *json = captured_last(e, type);
    return json ? e->text[(json - e->json[0]) / (ptrdiff_t)sizeof e->json[0]] : NULL;
}

/* Who may see the last captured event of a type (VIS_PUBLIC: both sides). */
static inline int captured_last_vis(const CapturedEvents *e, const char *type)
{
    const char *json = captured_last(e, type);
    cr_assert(json, "no %s event", type);
    return e->vis[(json - e->json[0]) / (ptrdiff_t)sizeof e->json[0]];
}

/* Wire a fixture's log and GameIO to its dice queue and event capture. */
static inline void forced_io_open(EventLog *log, CapturedEvents *ev, GameIO *io, ForcedDice *dice, bool *open)
{
    evlog_init(log, captured_sink, ev);
    log->turn = 1;
    *open = true;
    io->log = log;
    io->roll = forced_roll;
    io->ud = dice;
}

static inline void forced_io_close(EventLog *log, bool *open)
{
    if (*open)
        evlog_fini(log);
    *open = false;
}

/* Queue forced dice, in the order the rules will ask for them. */
static inline void forced_dice_push(ForcedDice *d, int n, va_list ap)
{
    for (int i = 0; i < n; i++) {
        cr_assert_lt(d->n, FORCED_MAX_DICE, "dice queue full");
        d->v[d->n++] = va_arg(ap, int);
    }
}

/* Exactly `n` dice were asked for, all of them forced, none left over. */
#define FORCED_ASSERT_DICE(d, n_)                                                           \
    do {                                                                                    \
        cr_assert_eq((d)->underflow, 0, "the rules asked for %d unforced dice",             \
                     (d)->underflow);                                                       \
        cr_assert_eq((d)->used, (n_), "expected %d dice, the rules used %d", (int)(n_),     \
                     (d)->used);                                                            \
        cr_assert_eq((d)->pos, (d)->n, "%d forced dice were not used", (d)->n - (d)->pos);  \
    } while (0)

#endif
