/* evlog.c - JSON-lines event log. */
#include "evlog.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void evlog_init(EventLog *log, EvSink sink, void *ud)
{
    memset(log, 0, sizeof *log);
    log->sink = sink;
    log->ud = ud;
    log->game = -1;
    jw_init(&log->jw);
}

void evlog_fini(EventLog *log) { jw_fini(&log->jw); }

bool evlog_begin(EventLog *log, const char *type, int vis)
{
    if (!log)
        return false;
    jw_reset(&log->jw);
    log->vis = vis;
    jw_obj(&log->jw);
    jw_kint(&log->jw, "seq", (int64_t)log->seq++);
    if (log->game >= 0)
        jw_kint(&log->jw, "game", log->game);
    jw_kint(&log->jw, "turn", log->turn);
    jw_kstr(&log->jw, "type", type);
    if (vis != VIS_PUBLIC)
        jw_kint(&log->jw, "vis", vis);
    return true;
}

void evlog_int(EventLog *log, const char *key, int64_t v)
{
    if (log)
        jw_kint(&log->jw, key, v);
}

void evlog_str(EventLog *log, const char *key, const char *s)
{
    if (log)
        jw_kstr(&log->jw, key, s);
}

void evlog_null(EventLog *log, const char *key)
{
    if (log) {
        jw_key(&log->jw, key);
        jw_null(&log->jw);
    }
}

Jw *evlog_jw(EventLog *log) { return log ? &log->jw : NULL; }

void evlog_end(EventLog *log, const char *fmt, ...)
{
    if (!log)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(log->text, sizeof log->text, fmt, ap);
    va_end(ap);
    jw_kstr(&log->jw, "text", log->text);
    jw_obj_end(&log->jw);
    if (log->sink)
        log->sink(log->ud, jw_str_of(&log->jw), log->text, log->vis);
}

void evlog_sink_jsonl(void *ud, const char *json, const char *text, int vis)
{
    (void)text;
    (void)vis;
    FILE *f = ud;
    fputs(json, f);
    fputc('\n', f);
}
