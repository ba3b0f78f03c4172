/* datafile.h - reading the plain-text tables in data/<game>/: one record a
 * line, '#' starts a comment, blank lines are skipped, and the line number
 * travels with every record so that an error can name it. */
#ifndef ECW_DATAFILE_H
#define ECW_DATAFILE_H
#include <stdbool.h>
#include <stddef.h>

/* Copy the next record of the text at *pos into buf (comment removed) and
 * advance; *lineno counts lines. False at the end of the text. */
bool df_next_line(const char **pos, char *buf, size_t n, int *lineno);

#endif
