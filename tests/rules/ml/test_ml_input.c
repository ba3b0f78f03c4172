/* test_ml_input.c - Marston Less commands typed at the terminal (GUIDE 6):
 * a malformed command is refused with a reason that names the word that
 * was wrong (a sector, a zone, a line, a unit) and the verb's usage, and a
 * well-formed one parses to the action it names. Legality is the checker's
 * business: a command that parses may still be refused by ml_check. */
#include "ml_fixture.h"

static Mlf F;

MLF_SUITE(ml_text);

static void parse_refused(const char *text, const char *part)
{
    Action a;
    Diag d = {{0}};
    cr_assert_lt(ml_parse(&F.s, text, &a, &d), 0, "'%s' should not parse", text);
    cr_assert(strstr(d.msg, part), "'%s': reason '%s' should mention '%s'", text, d.msg, part);
}

Test(ml_text, wrong_word_counts_give_the_usage)
{
    parse_refused("", "empty command");
    parse_refused("march R1 3", "unknown command 'march'");
    parse_refused("rough left", "usage: place rough terrain: rough SECTOR ZONE");
    parse_refused("move R1", "usage: move a line: move LINE ZONE");
    parse_refused("end now", "usage: end your moves");
    parse_refused("form left 2", "usage: form a line");
}

Test(ml_text, the_wrong_word_is_named)
{
    parse_refused("rough middle 3", "'middle' is not a sector (left, centre or right)");
    parse_refused("rough left 9", "there is no zone 9: 1 to 7");
    parse_refused("rough left 0", "there is no zone 0");
    parse_refused("rough left x", "'x' is not a zone number");
    parse_refused("move R9 3", "'r9' is not a royalist line (R1 to R8)");
    parse_refused("move P1 3", "'p1' is not a royalist line"); /* the Royalists are to act */
    parse_refused("fire 1 R2", "not a parliament line");
    parse_refused("form left 1 3 99", "there is no unit 99");
    parse_refused("gun 1 centre 2", "on a wing (left or right), not the centre");
    parse_refused("dragoons centre 2", "not the centre");
    parse_refused("genmove 7 left 2", "there is no general 7: 1 to 6");
    parse_refused("split R1 many", "'many' is not a factor number");
}

Test(ml_text, the_reason_ends_with_the_usage)
{
    parse_refused("genmove 1 left 8", "; usage: move a general: genmove N SECTOR ZONE");
}

Test(ml_text, commands_parse_to_the_action)
{
    Action a;
    cr_assert_eq(ml_parse(&F.s, "ROUGH Right 4", &a, NULL), 0);
    cr_assert_eq(a.verb, MLV_ROUGH);
    cr_assert_eq(a.target, ML_RIGHT * ML_ZONES + 3);
    cr_assert_eq(ml_parse(&F.s, "move 2 5", &a, NULL), 0, "a bare number names a line of the side to act");
    cr_assert_eq(a.verb, MLV_MOVE);
    cr_assert_eq(a.piece, 1);
    cr_assert_eq(a.target, 4);
    cr_assert_eq(ml_parse(&F.s, "gun 2 right 1", &a, NULL), 0);
    cr_assert_eq(a.piece, 1);
    cr_assert_eq(a.arg, 1, "right wing");
    cr_assert_eq(a.target, 0);
    cr_assert_eq(ml_parse(&F.s, "form c 3 1 4", &a, NULL), 0);
    cr_assert_eq(a.piece, ML_CENTRE);
    cr_assert_eq(a.target, 2);
    cr_assert_eq(a.set, 1u << 0 | 1u << 3);
    cr_assert_eq(ml_parse(&F.s, "fire 1 P3", &a, NULL), 0);
    cr_assert_eq(a.target, 2);
}

/* Found by fuzzing the prompt: words the parser had no room for were
 * dropped without a word (past 159 characters, or past 12 words: 'rough
 * left 7', spaces, 'extra' placed the rough), and a number too large for
 * a long was named as 9223372036854775807, not as typed. */
Test(ml_text, what_the_parser_would_drop_is_refused)
{
    char line[400];
    snprintf(line, sizeof line, "rough left 7%*s extra", 200, "");
    parse_refused(line, "too long: at most 159 characters");
    parse_refused("form centre 3 1 1 1 1 1 1 1 1 1 2", "too many words: at most 12");
    parse_refused("rough left 99999999999999999999", "there is no zone 99999999999999999999: 1 to 7");
}

/* Found by fuzzing records: an action with a field its verb does not take
 * ('end' with piece 32767, a move with a point of 1e30, a rough with a
 * set) was accepted and replayed as if fine. No player nor computer makes
 * one (legal() and parse() leave such fields 0); an edited or corrupt
 * record does. */
Test(ml_text, fields_a_verb_does_not_take_are_refused)
{
    Diag d;
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    mlf_refused(&F, mlf_act(MLV_END, 32767, 0, 0), d);
    cr_assert(strstr(d.msg, "end takes no piece (got piece 32767)"), "%s", d.msg);
    Action a = mlf_act(MLV_MOVE, 0, 2, 0);
    a.y = 1e30f;
    mlf_refused(&F, a, d);
    cr_assert(strstr(d.msg, "move takes no point"), "%s", d.msg);
    a = mlf_act(MLV_MOVE, 0, 2, 5);
    mlf_refused(&F, a, d);
    cr_assert(strstr(d.msg, "move takes no arg (got arg 5)"), "%s", d.msg);
    a = mlf_act(MLV_MOVE, 0, 2, 0);
    a.set = 1;
    mlf_refused(&F, a, d);
    cr_assert(strstr(d.msg, "move takes no set"), "%s", d.msg);
    cr_assert_eq(ml_check(&F.s, &(Action){.verb = MLV_MOVE, .target = 2}, &d), 0, "the move without them: %s", d.msg);
}
