/* jw.c - streaming JSON writer. */
#include "jw.h"
#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void jw_init(Jw *w)
{
    memset(w, 0, sizeof *w);
    w->first[0] = true;
}

void jw_fini(Jw *w)
{
    free(w->buf);
    memset(w, 0, sizeof *w);
}

void jw_reset(Jw *w)
{
    w->len = 0;
    w->depth = 0;
    w->first[0] = true;
    w->after_key = false;
    if (w->buf)
        w->buf[0] = '\0';
}

static void reserve(Jw *w, size_t extra)
{
    if (w->len + extra + 1 <= w->cap)
        return;
    size_t cap = w->cap ? w->cap : 256;
    while (cap < w->len + extra + 1)
        cap *= 2;
    char *nb = realloc(w->buf, cap);
    if (!nb) {
        fprintf(stderr, "ecw: out of memory\n");
        abort();
    }
    w->buf = nb;
    w->cap = cap;
}

static void put(Jw *w, const char *s, size_t n)
{
    reserve(w, n);
    memcpy(w->buf + w->len, s, n);
    w->len += n;
    w->buf[w->len] = '\0';
}

const char *jw_str_of(Jw *w)
{
    reserve(w, 0);
    w->buf[w->len] = '\0';
    return w->buf;
}

/* Comma before a value unless it is the first at its depth or follows a key. */
static void sep(Jw *w)
{
    if (w->after_key) {
        w->after_key = false;
        return;
    }
    if (!w->first[w->depth])
        put(w, ",", 1);
    w->first[w->depth] = false;
}

static void open(Jw *w, char c)
{
    sep(w);
    put(w, &c, 1);
    assert(w->depth + 1 < JW_MAX_DEPTH);
    w->first[++w->depth] = true;
}

static void close_(Jw *w, char c)
{
    assert(w->depth > 0);
    w->depth--;
    put(w, &c, 1);
}

void jw_obj(Jw *w) { open(w, '{'); }
void jw_obj_end(Jw *w) { close_(w, '}'); }
void jw_arr(Jw *w) { open(w, '['); }
void jw_arr_end(Jw *w) { close_(w, ']'); }

static void quoted(Jw *w, const char *s)
{
    put(w, "\"", 1);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        char esc[8];
        switch (*p) {
        case '"': put(w, "\\\"", 2); break;
        case '\\': put(w, "\\\\", 2); break;
        case '\n': put(w, "\\n", 2); break;
        case '\t': put(w, "\\t", 2); break;
        case '\r': put(w, "\\r", 2); break;
        default:
            if (*p < 0x20) {
                snprintf(esc, sizeof esc, "\\u%04x", *p);
                put(w, esc, 6);
            } else {
                put(w, (const char *)p, 1);
            }
        }
    }
    put(w, "\"", 1);
}

void jw_key(Jw *w, const char *k)
{
    sep(w);
    quoted(w, k);
    put(w, ":", 1);
    w->after_key = true;
}

void jw_str(Jw *w, const char *s)
{
    sep(w);
    quoted(w, s ? s : "");
}

void jw_int(Jw *w, int64_t v)
{
    char b[32];
    int n = snprintf(b, sizeof b, "%" PRId64, v);
    sep(w);
    put(w, b, (size_t)n);
}

void jw_u64(Jw *w, uint64_t v)
{
    char b[32];
    int n = snprintf(b, sizeof b, "%" PRIu64, v);
    sep(w);
    put(w, b, (size_t)n);
}

void jw_num(Jw *w, double v)
{
    char b[40];
    int n = snprintf(b, sizeof b, "%.9g", v);
    sep(w);
    put(w, b, (size_t)n);
}

void jw_bool(Jw *w, bool v)
{
    sep(w);
    put(w, v ? "true" : "false", v ? 4 : 5);
}

void jw_null(Jw *w)
{
    sep(w);
    put(w, "null", 4);
}

void jw_kstr(Jw *w, const char *k, const char *s) { jw_key(w, k); jw_str(w, s); }
void jw_kint(Jw *w, const char *k, int64_t v) { jw_key(w, k); jw_int(w, v); }
void jw_knum(Jw *w, const char *k, double v) { jw_key(w, k); jw_num(w, v); }
void jw_kbool(Jw *w, const char *k, bool v) { jw_key(w, k); jw_bool(w, v); }
