/* diag.c - one-line diagnostics. */
#include "diag.h"
#include <stdarg.h>
#include <stdio.h>

int diag_set(Diag *d, const char *fmt, ...)
{
    if (!d)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    va_end(ap);
    return -1;
}
