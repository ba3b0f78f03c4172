/* wrap.h - word wrap for text meant for an 80-column terminal: help
 * lines built from tables (verbs, options) that a hand-broken string
 * cannot keep under the width. */
#ifndef ECW_WRAP_H
#define ECW_WRAP_H
#include <stddef.h>
#include <stdio.h>

enum { WRAP_COLS = 79 }; /* (not 80: a line filling the last column makes some terminals add a blank one) */

/* Write text to f and a newline, broken at spaces so that no line is
 * longer than WRAP_COLS; each line after the first starts with `hang`
 * spaces. A '\n' in text starts a new line (indented too); the text's
 * own spaces are kept within a line, and dropped where it breaks. A word
 * longer than a line stands alone on one, uncut. */
void wrap_fputs(FILE *f, size_t hang, const char *text);
/* The same for a printf-style message. */
void wrap_printf(FILE *f, size_t hang, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
