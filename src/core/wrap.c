/* wrap.c - word wrap to a FILE* with a hanging indent (wrap.h). */
#include "core/wrap.h"
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

void wrap_fputs(FILE *f, size_t hang, const char *text)
{
    if (hang >= WRAP_COLS / 2) /* (a deep indent would leave a word or two a line) */
        hang = WRAP_COLS / 2;
    size_t col = 0;
    bool fresh = true; /* nothing but the indent on this line yet: its leading spaces are the text's own */
    for (const char *c = text; *c;) {
        if (*c == '\n') {
            fprintf(f, "\n%*s", (int)hang, "");
            col = hang, fresh = true, c++;
            continue;
        }
        size_t sp = strspn(c, " "), w = strcspn(c + sp, " \n");
        if (w == 0) { /* spaces at the end of a line: nobody sees them, and they could break it */
            c += sp;
            continue;
        }
        if (!fresh && col + sp + w > WRAP_COLS) {
            fprintf(f, "\n%*s", (int)hang, "");
            col = hang, sp = 0, c += strspn(c, " ");
        }
        fprintf(f, "%*s%.*s", (int)sp, "", (int)w, c + sp);
        col += sp + w;
        c += sp + w;
        fresh = false;
    }
    fputc('\n', f);
}

void wrap_printf(FILE *f, size_t hang, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char small[1024];
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    char *text = (size_t)n < sizeof small ? small : malloc((size_t)n + 1);
    if (!text) { /* (out of memory: the text as it is, unwrapped, rather than nothing) */
        fputs(small, f);
        fputc('\n', f);
        return;
    }
    if (text != small) {
        va_start(ap, fmt);
        vsnprintf(text, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    wrap_fputs(f, hang, text);
    if (text != small)
        free(text);
}
