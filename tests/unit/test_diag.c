/* test_diag.c - one-line diagnostics: a message too long for its room is
 * cut at a whole UTF-8 character and says it was cut. */
#include "core/diag.h"
#include <criterion/criterion.h>
#include <string.h>

/* Is s valid UTF-8 (no sequence cut short)? */
static bool whole_utf8(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        size_t n = *p < 0x80 ? 1 : *p >= 0xf0 ? 4 : *p >= 0xe0 ? 3 : *p >= 0xc0 ? 2 : 0;
        if (n == 0)
            return false;
        for (size_t k = 1; k < n; k++)
            if ((p[k] & 0xc0) != 0x80)
                return false;
        p += n;
    }
    return true;
}

Test(diag, a_short_message_is_kept_whole)
{
    Diag d;
    cr_assert_eq(diag_set(&d, "no figure called '%s'", "\xc3\xa9"), -1);
    cr_assert_str_eq(d.msg, "no figure called '\xc3\xa9'");
}

/* A fuzzer's action text of 200 accented letters came back with half of
 * the last one. Every offset of the cut is tried: 1 to 4 bytes of prefix
 * put the cut inside a 2-, 3- or 4-byte character. */
Test(diag, a_cut_message_ends_at_a_whole_character_and_says_so)
{
    static const char *const chars[] = {"\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x8e\xb2"};
    char text[1200];
    for (size_t c = 0; c < 3; c++)
        for (size_t pre = 0; pre < 4; pre++) {
            memset(text, 'x', pre);
            text[pre] = '\0';
            while (strlen(text) + 4 < sizeof text - 1)
                strcat(text, chars[c]);
            Diag d;
            diag_set(&d, "%s", text);
            size_t len = strlen(d.msg);
            cr_assert(whole_utf8(d.msg), "cut inside a character (char %zu, prefix %zu): ...%s", c, pre,
                      d.msg + len - 8);
            cr_assert(len >= sizeof d.msg - 1 - 3 - 3 && strcmp(d.msg + len - 3, "...") == 0, "%zu: %s", len,
                      d.msg + len - 8);
        }
}
