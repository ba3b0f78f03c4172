/* diag.h - a diagnostic: what went wrong, where and why, in one line. */
#ifndef ECW_DIAG_H
#define ECW_DIAG_H

typedef struct Diag {
    char msg[512];
} Diag;

/* Fill d (if not NULL) with a printf-style message; returns -1 so callers
 * can write `return diag_set(d, ...)`. */
int diag_set(Diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
