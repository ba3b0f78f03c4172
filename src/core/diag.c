/* diag.c - one-line diagnostics. */
#include "diag.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The length a UTF-8 sequence starting with byte c has (1 for ASCII or a
 * stray byte: nothing to keep whole). */
static size_t utf8_len(unsigned char c)
{
    return c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
}

/* A message cut to fit ends at a whole character, with "..." to say so (a
 * fuzzer's action text of 200 accented letters came back with half of the
 * last one, an invalid byte, on the screen). */
static void end_cut(char *msg, size_t size)
{
    size_t len = size - 1 > 3 ? size - 1 - 3 : 0; /* room for "..." */
    size_t i = len;
    while (i > 0 && ((unsigned char)msg[i - 1] & 0xc0) == 0x80)
        i--; /* back over continuation bytes to the last lead byte's end */
    if (i > 0 && utf8_len((unsigned char)msg[i - 1]) > len - (i - 1))
        len = i - 1; /* that character would be cut: leave it out */
    memcpy(msg + len, "...", 4);
}

int diag_set(Diag *d, const char *fmt, ...)
{
    if (!d)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof d->msg)
        end_cut(d->msg, sizeof d->msg);
    return -1;
}
