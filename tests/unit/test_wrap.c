/* test_wrap.c - core word wrap: no line past WRAP_COLS, a hanging indent
 * after the first, the text's own spaces kept within a line, a word too
 * long for any line left whole. */
#include "core/wrap.h"
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

/* What wrap_fputs writes for text (caller frees). */
static char *wrapped(size_t hang, const char *text)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    cr_assert_not_null(f);
    wrap_fputs(f, hang, text);
    fclose(f);
    return buf;
}

/* The longest line of s. */
static size_t longest(const char *s)
{
    size_t max = 0;
    for (const char *c = s; *c;) {
        size_t n = strcspn(c, "\n");
        max = n > max ? n : max;
        c += n + (c[n] == '\n');
    }
    return max;
}

Test(wrap, short_text_is_left_as_it_is)
{
    char *s = wrapped(4, "  move F X Y  (a figure)");
    cr_expect_str_eq(s, "  move F X Y  (a figure)\n");
    free(s);
}

Test(wrap, long_text_breaks_at_spaces_with_a_hanging_indent)
{
    char text[512] = "  ";
    for (int i = 0; i < 40; i++)
        strcat(text, "word56789 ");
    char *s = wrapped(6, text);
    cr_expect_leq(longest(s), WRAP_COLS, "%s", s);
    cr_expect(strncmp(s, "  word56789 word56789", 21) == 0, "%s", s);
    cr_expect_not_null(strstr(s, "\n      word56789"), "no hanging indent: %s", s);
    cr_expect_null(strstr(s, " \n"), "a line ends in a space: %s", s);
    cr_expect_eq(s[strlen(s) - 1], '\n');
    /* nothing lost: every word is there */
    int words = 0;
    for (const char *c = s; (c = strstr(c, "word56789")); c++)
        words++;
    cr_expect_eq(words, 40);
    free(s);
}

Test(wrap, a_line_of_exactly_the_width_stays_whole_one_more_breaks)
{
    char text[WRAP_COLS + 2];
    memset(text, 'a', WRAP_COLS);
    text[WRAP_COLS] = '\0';
    text[10] = ' ';
    char *s = wrapped(2, text);
    cr_expect_eq(strlen(s), (size_t)WRAP_COLS + 1, "%s", s);
    free(s);
    text[WRAP_COLS] = 'a', text[WRAP_COLS + 1] = '\0';
    s = wrapped(2, text);
    cr_expect_eq(strcspn(s, "\n"), 10u, "%s", s);
    cr_expect_eq(longest(s), (size_t)WRAP_COLS + 1 - 11 + 2, "%s", s);
    free(s);
}

Test(wrap, a_word_too_long_for_a_line_is_not_cut)
{
    char text[200] = "x ";
    memset(text + 2, 'b', 120);
    text[122] = '\0';
    char *s = wrapped(2, text);
    cr_expect_eq(strncmp(s, "x\n  bbbb", 8), 0, "%s", s);
    cr_expect_eq(longest(s), 122u);
    free(s);
}

Test(wrap, a_newline_in_the_text_starts_an_indented_line)
{
    char *s = wrapped(3, "one\ntwo");
    cr_expect_str_eq(s, "one\n   two\n");
    free(s);
}
