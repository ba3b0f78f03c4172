/* datafile.c - line records of the data files. */
#include "datafile.h"
#include <ctype.h>
#include <string.h>

bool df_next_line(const char **pos, char *buf, size_t n, int *lineno)
{
    while (**pos) {
        const char *end = strchr(*pos, '\n');
        size_t len = end ? (size_t)(end - *pos) : strlen(*pos);
        (*lineno)++;
        size_t cp = len < n - 1 ? len : n - 1;
        memcpy(buf, *pos, cp);
        buf[cp] = '\0';
        *pos += len + (end ? 1 : 0);
        char *h = strchr(buf, '#');
        if (h)
            *h = '\0';
        const char *p = buf;
        while (isspace((unsigned char)*p))
            p++;
        if (*p)
            return true;
    }
    return false;
}
