/* evlog.h - the event log: one JSON object per line (GUIDE 4).
 * Every event carries seq, turn, type and text; in a simulation also the
 * game index. Events have a visibility: public, or one side only.
 * A NULL log makes every call a no-op, so simulations pay nothing. */
#ifndef ECW_EVLOG_H
#define ECW_EVLOG_H
#include "jw.h"
#include <stdbool.h>
#include <stdint.h>

enum { VIS_PUBLIC = -1 };

/* Called once per finished event: the JSON line (no newline), the human
 * sentence, and who may see it. */
typedef void (*EvSink)(void *ud, const char *json, const char *text, int vis);

typedef struct EventLog {
    EvSink   sink;
    void    *ud;
    uint64_t seq;
    int      turn;
    int64_t  game;   /* game index in a simulation, or -1 */
    int      vis;
    Jw       jw;
    char     text[512];
} EventLog;

void evlog_init(EventLog *log, EvSink sink, void *ud);
void evlog_fini(EventLog *log);

/* Start an event; returns false (and writes nothing) when log is NULL. */
bool evlog_begin(EventLog *log, const char *type, int vis);
void evlog_int(EventLog *log, const char *key, int64_t v);
void evlog_str(EventLog *log, const char *key, const char *s);
void evlog_null(EventLog *log, const char *key);
/* Raw access for arrays and nested objects. */
Jw  *evlog_jw(EventLog *log);
/* Finish with the human sentence and hand the line to the sink. */
void evlog_end(EventLog *log, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A sink that writes JSON lines to a FILE* given as ud. */
void evlog_sink_jsonl(void *ud, const char *json, const char *text, int vis);

#endif
