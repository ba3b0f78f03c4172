/* jw.h - a small streaming JSON writer into a growable buffer.
 * Used for views, events and records, where speed matters more than a DOM.
 * Commas are placed automatically; keys and values are escaped. */
#ifndef ECW_JW_H
#define ECW_JW_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { JW_MAX_DEPTH = 32 };

typedef struct Jw {
    char  *buf;
    size_t len, cap;
    int    depth;
    bool   first[JW_MAX_DEPTH]; /* no value written yet at this depth */
    bool   after_key;
} Jw;

void jw_init(Jw *w);
void jw_fini(Jw *w);
void jw_reset(Jw *w);           /* empty the buffer, keep the memory */
const char *jw_str_of(Jw *w);    /* NUL-terminated contents */

void jw_obj(Jw *w);
void jw_obj_end(Jw *w);
void jw_arr(Jw *w);
void jw_arr_end(Jw *w);
void jw_key(Jw *w, const char *k);
void jw_str(Jw *w, const char *s);
void jw_int(Jw *w, int64_t v);
void jw_u64(Jw *w, uint64_t v);
void jw_num(Jw *w, double v);   /* %.9g: exact for every float */
void jw_bool(Jw *w, bool v);
void jw_null(Jw *w);

/* key/value shorthands */
void jw_kstr(Jw *w, const char *k, const char *s);
void jw_kint(Jw *w, const char *k, int64_t v);
void jw_knum(Jw *w, const char *k, double v);
void jw_kbool(Jw *w, const char *k, bool v);

#endif
