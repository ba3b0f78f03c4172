/* test_ck_input.c - To Catch a King input from outside (GUIDE 2 and 6):
 * every verb refused by ck_check with a non-empty reason when it breaks a
 * rule (out of reach, no line of sight, already moved, wrong side, not a
 * dragoon, ...), text commands refused with a reason when malformed, and
 * ck_parse(ck_describe(a)) giving back every legal action of random
 * playouts. */
#include "ck_fixture.h"

static Ckf F;

CKF_SUITE(ck_illegal_input);
CKF_SUITE(ck_text);

#define REFUSED(verb, piece, target, arg, x, y, part) \
    ckf_refused(&F, ckf_act((verb), (piece), (target), (arg), (x), (y)), (part))

Test(ck_illegal_input, unknown_verbs)
{
    ckf_fig(&F, F_CAVALRY, 10, 10);
    REFUSED(CKV_COUNT, 0, 0, 0, 0, 0, "unknown verb");
    REFUSED(-1, 0, 0, 0, 0, 0, "unknown verb");
}

Test(ck_illegal_input, place)
{
    ckf_fig(&F, F_CAVALRY, 10, 10);
    REFUSED(CKV_PLACE, 0, 0, 0, 20, 20, NULL); /* not the terrain phase */
    F.s.phase = CP_TERRAIN;
    F.s.to_act = CK_ROY;
    REFUSED(CKV_PLACE, 0, 0, 0, 5, 20, "8\"");
    REFUSED(CKV_PLACE, 12, 0, 0, 20, 20, NULL);
    REFUSED(CKV_PLACE, -1, 0, 0, 20, 20, NULL);
    REFUSED(CKV_MOVE, 0, 0, 0, 12, 12, "place");
    REFUSED(CKV_END, 0, 0, 0, 0, 0, "place");
    ckf_piece(&F, 0, 20, 20, CK_NONE, CK_NONE);
    /* a play-tester's "place 3" after 3 was down: where it is, and which is next */
    REFUSED(CKV_PLACE, 0, 0, 0, 30, 30, "piece 1 (village) is already placed, at (20.0, 20.0); the next to place is "
                                       "piece 2 (manor)");
    Diag d = {{0}};
    cr_assert_lt(ck_check_place(&F.s, 12, 20, 20, &d), 0);
    cr_assert_str_eq(d.msg, "there is no terrain piece 13: they are numbered 1 to 12");
    REFUSED(CKV_PLACE, 1, 0, 0, 22, 22, "too close");
    REFUSED(CKV_PLACE, 2, 0, 0, 30, 30, "place piece 2 (manor) first: the pieces go down in their order");
}

Test(ck_illegal_input, move)
{
    int c = ckf_fig(&F, F_CAVALRY, 10, 10), s = ckf_fig(&F, F_SHOT, 10, 20);
    int dead = ckf_fig(&F, F_DRAGOON, 30, 10), p = ckf_fig(&F, F_SHOT, 30, 30);
    ckf_f(&F, dead)->status = FS_DEAD;
    ckf_prisoner(&F, p, ckf_fig(&F, F_CAVALRY, 40, 20));
    REFUSED(CKV_MOVE, 99, 0, 0, 10, 12, "no such figure");
    REFUSED(CKV_MOVE, -1, 0, 0, 10, 12, "no such figure");
    REFUSED(CKV_MOVE, s, 0, 0, 10, 22, "not yours");
    REFUSED(CKV_MOVE, dead, 0, 0, 30, 12, "dead");
    REFUSED(CKV_MOVE, c, 0, 0, 10, 18.1f, "out of reach");
    ckf_fig(&F, F_SHOT, 14, 14);
    REFUSED(CKV_MOVE, c, 0, 0, 14, 12.8f, "charge"); /* would touch the shot at (14, 14) */
    ckf_f(&F, c)->x = 1;
    REFUSED(CKV_MOVE, c, 0, 0, -0.5f, 10, "off the table");
    REFUSED(CKV_MOVE, c, 0, 0, 10, -1e-9f, "(10.0, 0.0) is off the table (y is below 0)"); /* no "-0.0" */
    ckf_move(&F, c, 2, 10);
    REFUSED(CKV_MOVE, c, 0, 0, 3, 10, "already moved");
    ckf_side(&F, CK_ROY);
    REFUSED(CKV_MOVE, p, 0, 0, 30, 32, "prisoner");
    REFUSED(CKV_MOVE, c, 0, 0, 3, 10, "not yours");
}

Test(ck_illegal_input, shoot)
{
    int d = ckf_fig(&F, F_DRAGOON, 10, 10), d2 = ckf_fig(&F, F_DRAGOON, 12, 10);
    int s = ckf_fig(&F, F_SHOT, 10, 20), far = ckf_fig(&F, F_SHOT, 40, 40);
    int gone = ckf_fig(&F, F_SHOT, 12, 20);
    ckf_f(&F, gone)->status = FS_DEAD;
    ckf_ground(&F, CKP_WOOD, 20, 15);
    int hid = ckf_fig(&F, F_SHOT, 20, 15);
    REFUSED(CKV_SHOOT, 99, s, 0, 0, 0, "no such figure");
    REFUSED(CKV_SHOOT, s, d, 0, 0, 0, "that figure is not yours: S1 is a Royalist, and Parliament is moving now");
    REFUSED(CKV_SHOOT, d, 99, 0, 0, 0, "no such target");
    REFUSED(CKV_SHOOT, d, d2, 0, 0, 0, "your side");
    REFUSED(CKV_SHOOT, d, gone, 0, 0, 0, "the target, shot S3, is dead"); /* named: "that figure" read as the shooter */
    REFUSED(CKV_SHOOT, d, far, 0, 0, 0, "out of range");
    REFUSED(CKV_SHOOT, d, hid, 0, 0, 0, "line of sight");
    ckf_dice(&F, 2, 1, 6);
    ckf_shoot(&F, d, s);
    REFUSED(CKV_SHOOT, d, s, 0, 0, 0, "already shot");
    int c = ckf_fig(&F, F_CAVALRY, 30, 10);
    ckf_f(&F, c)->status = FS_DEAD;
    REFUSED(CKV_SHOOT, c, s, 0, 0, 0, "that figure is dead"); /* (a play-tester's odds of a dead man's shot said "cannot act") */
    ckf_side(&F, CK_ROY);
    int x = ckf_fig(&F, F_CHARLES, 10, 14);
    REFUSED(CKV_SHOOT, x, d, 0, 0, 0, "cannot shoot");
}

Test(ck_illegal_input, charge)
{
    int c = ckf_fig(&F, F_CAVALRY, 10, 10), c2 = ckf_fig(&F, F_CAVALRY, 20, 10);
    int s = ckf_fig(&F, F_SHOT, 10, 20), near = ckf_fig(&F, F_SHOT, 20, 14);
    REFUSED(CKV_CHARGE, c, s, 0, 0, 0, "out of reach");
    REFUSED(CKV_CHARGE, c, c2, 0, 0, 0, "your side");
    REFUSED(CKV_CHARGE, s, c, 0, 0, 0, "that figure is not yours");
    ckf_move(&F, c2, 20, 11);
    REFUSED(CKV_CHARGE, c2, near, 0, 0, 0, "whole turn");
    REFUSED(CKV_CHARGE, c2, c, 0, 0, 0, "your side"); /* what was typed wrong first, before what he did */
    ckf_f(&F, near)->x = 10, ckf_f(&F, near)->y = 13;
    ckf_side(&F, CK_ROY);
    REFUSED(CKV_CHARGE, near, c, 1, 0, 0, "only Parliament");
}

Test(ck_illegal_input, capture)
{
    int c = ckf_fig(&F, F_CAVALRY, 10, 10), s = ckf_fig(&F, F_SHOT, 10, 11.25f);
    int far = ckf_fig(&F, F_SHOT, 10, 20);
    REFUSED(CKV_CAPTURE, c, s, 0, 0, 0, "beaten");
    ckf_f(&F, far)->beaten = 1;
    REFUSED(CKV_CAPTURE, c, far, 0, 0, 0, "base contact");
    ckf_f(&F, s)->beaten = 1;
    for (int k = 0; k < 4; k++)
        ckf_prisoner(&F, ckf_fig(&F, F_CLUBMAN, 40, 40), c);
    REFUSED(CKV_CAPTURE, c, s, 0, 0, 0, "cannot guard");
    ckf_side(&F, CK_ROY);
    REFUSED(CKV_CAPTURE, s, c, 0, 0, 0, "Parliament");
}

Test(ck_illegal_input, dismount_and_mount)
{
    int c = ckf_fig(&F, F_CAVALRY, 10, 10), d = ckf_fig(&F, F_DRAGOON, 20, 10), s = ckf_fig(&F, F_SHOT, 20, 20);
    REFUSED(CKV_DISMOUNT, c, 0, 0, 0, 0, "only dragoons");
    REFUSED(CKV_MOUNT, c, 0, 0, 0, 0, "only dragoons");
    REFUSED(CKV_MOUNT, d, 0, 0, 0, 0, "already mounted");
    REFUSED(CKV_DISMOUNT, s, 0, 0, 0, 0, "not yours");
    ckf_dice(&F, 2, 1, 6);
    ckf_shoot(&F, d, s); /* shooting first and changing spend the same half */
    ckf_do(&F, ckf_act(CKV_DISMOUNT, d, 0, 0, 0, 0));
    REFUSED(CKV_MOUNT, d, 0, 0, 0, 0, "already dismounted this turn");
    ckf_side(&F, CK_ROY);
    REFUSED(CKV_DISMOUNT, d, 0, 0, 0, 0, "not yours");
}

Test(ck_illegal_input, escort)
{
    int c = ckf_fig(&F, F_CAVALRY, 10, 10), s = ckf_fig(&F, F_SHOT, 10, 20);
    REFUSED(CKV_ESCORT, c, 0, 0, 0, 0, "no prisoners");
    REFUSED(CKV_ESCORT, s, 0, 0, 0, 0, "not yours");
    ckf_side(&F, CK_ROY);
    REFUSED(CKV_ESCORT, s, 0, 0, 0, 0, "only Parliament");
}

Test(ck_illegal_input, arrive_and_end)
{
    ckf_fig(&F, F_CAVALRY, 10, 10);
    REFUSED(CKV_ARRIVE, 0, 0, 0, 0.25f, 20, NULL); /* nobody is arriving */
    ckf_arrivals(&F, CK_ROY, F_SHOT, 2, 2); /* north */
    REFUSED(CKV_ARRIVE, 0, 0, 0, 24, 0.25f, "north");
    REFUSED(CKV_ARRIVE, 0, 0, 0, 24, 46, "north");
    REFUSED(CKV_ARRIVE, 0, 0, 0, 0.25f, 46, "north");
    cr_assert(ckf_ok(&F, ckf_act(CKV_ARRIVE, 0, 0, 0, 0.25f, 47.75f)), "a corner lies on both its edges");
    REFUSED(CKV_END, 0, 0, 0, 0, 0, "arrive");
    REFUSED(CKV_MOVE, 0, 0, 0, 10, 12, "arrive");
    cr_assert(ckf_ok(&F, ckf_act(CKV_ARRIVE, 0, 0, 0, 24, 47.75f)));
    F.s.phase = CP_OVER;
    REFUSED(CKV_END, 0, 0, 0, 0, 0, "over");
    REFUSED(CKV_MOVE, 0, 0, 0, 10, 12, "over");
}

/* Found by fuzzing records: an action with a field its verb does not take
 * ('end' with piece 32767, a shot with a point of 1e30, a move with a
 * target or a set, a charge whose capture flag is 9) was accepted and
 * replayed as if fine. No player nor computer makes one (legal() and
 * parse() leave such fields 0); an edited or corrupt record does. */
Test(ck_illegal_input, fields_a_verb_does_not_take)
{
    int c = ckf_fig(&F, F_CAVALRY, 10, 10), s = ckf_fig(&F, F_SHOT, 12, 10);
    REFUSED(CKV_END, 32767, 0, 0, 0, 0, "end takes no piece (got piece 32767)");
    REFUSED(CKV_END, 0, -1, 0, 0, 0, "end takes no target (got target -1)");
    REFUSED(CKV_END, 0, 0, 0, 0, 1e30f, "end takes no point");
    REFUSED(CKV_SHOOT, c, s, 0, 5, 5, "shoot takes no point");
    REFUSED(CKV_MOVE, c, 3, 0, 10, 12, "move takes no target");
    REFUSED(CKV_MOVE, c, 0, 2, 10, 12, "a move's arg is 1 for a way with a bend, else 0 (got 2)");
    Action straight = ckf_act(CKV_MOVE, c, 0, 0, 10, 12);
    straight.bx = 11;
    ckf_refused(&F, straight, "a straight move takes no bend (got 11, 0)");
    Action shot = ckf_act(CKV_SHOOT, c, s, 0, 0, 0);
    shot.by = 3;
    ckf_refused(&F, shot, "shoot takes no bend (got 0, 3)");
    REFUSED(CKV_ESCORT, c, 0, 0, 5, 5, "escort takes no point");
    Action a = ckf_act(CKV_MOVE, c, 0, 0, 10, 12);
    a.set = 4;
    ckf_refused(&F, a, "move takes no set (got set 4)");
    REFUSED(CKV_CHARGE, c, s, 9, 0, 0, "a charge's arg is 1 (capture) plus 2 for a bend, or 0, not 9");
    cr_assert(ckf_ok(&F, ckf_act(CKV_MOVE, c, 0, 0, 10, 12)), "the same move without them is legal");
    cr_assert(ckf_ok(&F, ckf_act(CKV_CHARGE, c, s, 1, 0, 0)), "and a charge to capture");
}

static void parse_refused(const char *text, const char *part)
{
    Action a;
    Diag d = {{0}};
    cr_assert_lt(ck_parse(&F.s, text, &a, &d), 0, "'%s' should not parse", text);
    cr_assert_gt(strlen(d.msg), 0, "'%s': a refusal must give a reason", text);
    if (part)
        cr_assert(strstr(d.msg, part), "'%s': reason '%s' should mention '%s'", text, d.msg, part);
}

Test(ck_text, malformed_commands_refused)
{
    ckf_fig(&F, F_DRAGOON, 10, 10);
    ckf_fig(&F, F_SHOT, 10, 20);
    parse_refused("", "empty");
    parse_refused("fly D1", "unknown command");
    parse_refused("move D1 10", "usage");
    parse_refused("move D2 10 12", "no figure called 'D2'");
    parse_refused("move D1 ten 12", "'ten' is not a number of inches");
    parse_refused("move D1 12 1e9", "'1e9' is off the table");
    parse_refused("move D1 12 inf", "'inf' is not a number of inches");
    parse_refused("shoot D1", "usage");
    parse_refused("charge D1 S1 kill", "usage");
    parse_refused("shoot D1 S1 capture", "usage");
    parse_refused("place 13 20 20", "no terrain piece '13': 1 to 12");
    parse_refused("place 0 20 20", "no terrain piece '0'");
    parse_refused("place 1 20 x", "'x' is not a number of inches");
    parse_refused("end now", "usage");
    parse_refused("dismount", "usage");
    parse_refused("arrive 1", "usage");
    /* a play-tester's bend with one coordinate was given only the usage */
    parse_refused("move D1 10 12 via 11", "via needs two numbers, the bend's X and Y: move F X Y via BX BY");
    parse_refused("move D1 10 12 VIA 11 12 13", "via needs two numbers, the bend's X and Y: move F X Y via BX BY");
    parse_refused("move D1 10 12 via", "via needs two numbers");
    parse_refused("move D1 10 12 11 12 13", "usage: move a figure");
    parse_refused("move D1 10 12 by 11 11", "usage");
    parse_refused("move D1 10 12 via 11 x", "'x' is not a number of inches");
}

/* "move F X Y via BX BY" is a move with one bend at (BX, BY) (ecw,
 * Movement and Ranges, "A way with one bend"), "escort F via BX BY" an
 * escort with one, and both are told back as typed. */
Test(ck_text, a_move_via_a_bend_parses_and_is_told_back)
{
    int d = ckf_fig(&F, F_DRAGOON, 10, 10);
    Action a;
    cr_assert_eq(ck_parse(&F.s, "move D1 14 12.5 VIA 12 13", &a, NULL), 0);
    cr_assert(a.verb == CKV_MOVE && a.piece == d && a.arg == CK_MOVE_BENT);
    cr_assert(a.x == 14.0f && a.y == 12.5f && a.bx == 12.0f && a.by == 13.0f);
    char text[64];
    ck_describe(&F.s, &a, text, sizeof text);
    cr_assert_str_eq(text, "move D1 14.0 12.5 via 12.0 13.0");
    cr_assert_eq(ck_parse(&F.s, "escort D1 via 11 9.5", &a, NULL), 0);
    cr_assert(a.verb == CKV_ESCORT && a.piece == d && a.arg == CK_MOVE_BENT && a.bx == 11.0f && a.by == 9.5f);
    ck_describe(&F.s, &a, text, sizeof text);
    cr_assert_str_eq(text, "escort D1 via 11.0 9.5");
    parse_refused("escort D1 via 11", "via needs two numbers, the bend's X and Y: escort F via BX BY");
    /* found by a play-tester: a bend where the guard stands, or where the straight escort ends, is no bend */
    cr_assert_eq(ck_parse(&F.s, "escort D1 via 10 10", &a, NULL), 0);
    cr_assert(a.arg == CK_MOVE_STRAIGHT && a.bx == 0 && a.by == 0, "a bend where he stands");
    float ex, ey;
    Action straight = {.verb = CKV_ESCORT, .piece = (int16_t)d};
    cr_assert(ck_escort_end(&F.s, &straight, &ex, &ey));
    char at[64];
    snprintf(at, sizeof at, "escort D1 via %.3f %.3f", (double)ex, (double)ey);
    cr_assert_eq(ck_parse(&F.s, at, &a, NULL), 0);
    cr_assert(a.arg == CK_MOVE_STRAIGHT, "a bend where the straight escort ends (%s)", at);
    parse_refused("escort D1 11 9.5", "usage");
    cr_assert_eq(ck_parse(&F.s, "move D1 14 12.5", &a, NULL), 0);
    cr_assert(a.arg == CK_MOVE_STRAIGHT && a.bx == 0 && a.by == 0, "a straight move has no bend");
    /* found by a play-tester: a bend where the figure stands or ends is no bend */
    cr_assert_eq(ck_parse(&F.s, "move D1 14 12.5 via 10 10.02", &a, NULL), 0);
    cr_assert(a.arg == CK_MOVE_STRAIGHT && a.bx == 0 && a.by == 0, "a bend where he stands");
    cr_assert_eq(ck_parse(&F.s, "move D1 14 12.5 via 14 12.5", &a, NULL), 0);
    cr_assert(a.arg == CK_MOVE_STRAIGHT && a.bx == 0 && a.by == 0, "a bend where he ends");
}

Test(ck_text, commands_parse_to_the_action)
{
    int d = ckf_fig(&F, F_DRAGOON, 10, 10), c = ckf_fig(&F, F_CAVALRY, 12, 10), y = ckf_fig(&F, F_YOU, 14, 10);
    ckf_fig(&F, F_DRAGOON, 16, 10);
    int s = ckf_fig(&F, F_SHOT, 10, 20), x = ckf_fig(&F, F_CHARLES, 10, 22);
    Action a;
    cr_assert_eq(ck_parse(&F.s, "MOVE d2 21.5 30", &a, NULL), 0);
    cr_assert_eq(a.verb, CKV_MOVE);
    cr_assert_eq(a.piece, 3);
    cr_assert_float_eq(a.x, 21.5f, 1e-6);
    cr_assert_float_eq(a.y, 30.0f, 1e-6);
    cr_assert_eq(ck_parse(&F.s, "charge C1 X capture", &a, NULL), 0);
    cr_assert(a.verb == CKV_CHARGE && a.piece == c && a.target == x && a.arg == 1);
    cr_assert_eq(ck_parse(&F.s, "shoot Y R1", &a, NULL), 0);
    cr_assert(a.verb == CKV_SHOOT && a.piece == y && a.target == s, "R1 is the first Royalist");
    cr_assert_eq(ck_parse(&F.s, "aim Y R1", &a, NULL), 0);
    cr_assert(a.verb == CKV_AIM && a.piece == y && a.target == s);
    char told[64];
    ck_describe(&F.s, &a, told, sizeof told);
    cr_assert_str_eq(told, "aim Y S1");
    /* a point typed to the hundredth is told so, one at the tenth or none keeps its tenth (a referee's
     * "move Y 21.4 22.35" read back as "22.4") */
    cr_assert_eq(ck_parse(&F.s, "move Y 21.4 22.35", &a, NULL), 0);
    ck_describe(&F.s, &a, told, sizeof told);
    cr_assert_str_eq(told, "move Y 21.4 22.35");
    a.x = 21.4321f, a.y = 20;
    ck_describe(&F.s, &a, told, sizeof told);
    cr_assert_str_eq(told, "move Y 21.4 20.0");
    cr_assert_eq(ck_parse(&F.s, "dismount D1", &a, NULL), 0);
    cr_assert(a.verb == CKV_DISMOUNT && a.piece == d);
    cr_assert_eq(ck_parse(&F.s, "end", &a, NULL), 0);
    cr_assert_eq(a.verb, CKV_END);
    a.verb = CKV_MOVE;
    cr_assert_eq(ck_parse(&F.s, "END Turn", &a, NULL), 0, "a referee typed 'end turn'");
    cr_assert_eq(a.verb, CKV_END);
    Diag why = {{0}};
    cr_assert_lt(ck_parse(&F.s, "end now", &a, &why), 0);
    cr_assert(strstr(why.msg, "usage: end your turn: end (or end turn)"), "%s", why.msg);
}

/* Found by fuzzing the prompt: a command longer than the parser's buffer
 * lost its end without a word ('move C1 27 6', many spaces, 'extra' was
 * taken as the move; 'charge C1 X', spaces, 'capture' charged without the
 * capture), and a name with junk after its number ('C1x', 'C1.5') was
 * taken for C1. Both are refused, saying why. */
Test(ck_text, what_the_parser_would_drop_is_refused)
{
    ckf_fig(&F, F_CAVALRY, 10, 10);
    ckf_fig(&F, F_CHARLES, 10, 12);
    char line[400];
    snprintf(line, sizeof line, "charge C1 X%*s capture", 200, "");
    parse_refused(line, "too long: at most 159 characters");
    parse_refused("move C1x 10 11", "no figure called 'C1x'");
    parse_refused("move C1.5 10 11", "no figure called 'C1.5'");
    parse_refused("shoot C1 X9", "no figure called 'X9'");
}

/* A figure is named as the roster shows it (any case): a bare "D" is
 * none of the dragoons and says so, "D01" and "Y1" name nobody (a
 * referee's slip moved D1 unasked); "R2" is the second Royalist. */
Test(ck_text, figures_are_named_as_the_roster_shows_them)
{
    int d1 = ckf_fig(&F, F_DRAGOON, 10, 10), y = ckf_fig(&F, F_YOU, 12, 10);
    ckf_fig(&F, F_SHOT, 10, 30);
    int s2 = ckf_fig(&F, F_SHOT, 12, 30);
    parse_refused("move D 10 12", "no figure called 'D': say which, D1, D2, ... as the roster shows them");
    parse_refused("move D01 10 12", "no figure called 'D01'");
    parse_refused("move Y1 10 12", "no figure called 'Y1'");
    parse_refused("shoot D1 R0", "no figure called 'R0'");
    /* Charles or Wilmot named before anyone found them: said so (a referee was told only "no figure") */
    parse_refused("shoot D1 X", "no figure called 'X': Charles has not been found, and is not on the table");
    parse_refused("charge D1 w", "no figure called 'w': Lord Wilmot has not been found, and is not on the table");
    parse_refused("shoot D1 R", "no figure called 'R'");
    Action a;
    Diag d = {{0}};
    cr_assert_eq(ck_parse(&F.s, "move d1 10 12", &a, &d), 0, "%s", d.msg);
    cr_assert_eq(a.piece, d1);
    cr_assert_eq(ck_parse(&F.s, "move y 12 12", &a, &d), 0, "%s", d.msg);
    cr_assert_eq(a.piece, y);
    cr_assert_eq(ck_parse(&F.s, "shoot D1 r2", &a, &d), 0, "%s", d.msg);
    cr_assert_eq(a.target, s2);
}

/* A point may be typed as the screen shows one: "(16.5, 8.5)" or
 * "16.5,8.5" (a play-tester copied it so and got only the usage). */
Test(ck_text, a_point_typed_as_shown_parses)
{
    ckf_fig(&F, F_DRAGOON, 10, 10);
    static const char *forms[] = {"move D1 (16.5, 8.5)", "move D1 16.5,8.5", "move D1 16.5, 8.5", "move D1 16.5 8.5"};
    for (size_t k = 0; k < sizeof forms / sizeof *forms; k++) {
        Action a;
        Diag d = {{0}};
        cr_assert_eq(ck_parse(&F.s, forms[k], &a, &d), 0, "'%s': %s", forms[k], d.msg);
        cr_assert_float_eq(a.x, 16.5f, 1e-6);
        cr_assert_float_eq(a.y, 8.5f, 1e-6);
    }
}

/* ... but brackets and commas that write no point are refused, not read
 * as spaces (a tester's "(16,,4)", "16)(4", "(16, 4" and "((16, 4))" all
 * played as 16 4). */
Test(ck_text, a_point_written_otherwise_is_refused)
{
    ckf_fig(&F, F_DRAGOON, 10, 10);
    static const char *forms[] = {"move D1 (16,,4)", "move D1 16)(4", "move D1 (16, 4", "move D1 ((16, 4))",
                                  "move D1 16 4)", "move D1 16, ", "move D1 (16 4) via (12,, 9)", "move D1 ,16 4"};
    for (size_t k = 0; k < sizeof forms / sizeof *forms; k++)
        parse_refused(forms[k], "a point is written X Y, or (X, Y)");
    Action a;
    cr_assert_eq(ck_parse(&F.s, "move D1 (16 4) via (12, 9)", &a, NULL), 0, "a bend written as shown");
}

/* Inches are typed as a tape measure reads them: strtof's hexadecimal,
 * "inf" and "nan" are no measure, and a number past any float is off the
 * table, not "not a number". */
Test(ck_text, inches_are_decimal_numbers)
{
    ckf_fig(&F, F_CAVALRY, 10, 10);
    parse_refused("move C1 0x10 11", "'0x10' is not a number of inches");
    parse_refused("move C1 10 inf", "'inf' is not a number of inches");
    parse_refused("move C1 nan 11", "'nan' is not a number of inches");
    parse_refused("move C1 1e999 11", "'1e999' is off the table");
    parse_refused("move C1 . 11", "'.' is not a number of inches");
}

/* The player's report: 'arrive 0.25 30' with nobody waiting answered
 * "that figure is not yours" (the action went to the move checks). */
Test(ck_text, arrive_with_no_arrivals_waiting_says_so)
{
    ckf_fig(&F, F_CAVALRY, 10, 10);
    ckf_fig(&F, F_SHOT, 10, 20);
    ckf_side(&F, CK_ROY);
    parse_refused("arrive 0.25 30", "no arrivals are waiting");
    ckf_side(&F, CK_PAR);
    parse_refused("arrive 24 0.25", "no arrivals are waiting");
    parse_refused("place 1 20 20", "the terrain is placed already");
    F.s.phase = CP_ARRIVE;
    Action a;
    cr_assert_eq(ck_parse(&F.s, "arrive 24 0.25", &a, NULL), 0, "arrivals waiting: it parses");
}

/* A number printed to one decimal, as a move's coordinates are ("0.2", "47.8"). */
static bool one_decimal(const char *t)
{
    const char *dot = strchr(t, '.');
    return dot && dot > t && strspn(t, "0123456789") == (size_t)(dot - t) && strlen(dot) == 2 &&
           dot[1] >= '0' && dot[1] <= '9';
}

/* [CK Chance Cards] the arrive points of the legal list are printed as a
 * move's, to 0.1" ("arrive 0.2 4.0", not "arrive 0.25 4.00"), and lie on
 * that grid (0.2" in, on the half inch along the edge), so that each,
 * typed back, is accepted and is the very action listed. */
Test(ck_text, arrive_points_are_listed_as_moves_are)
{
    static const char *const first[4] = {"arrive 0.2 4.0", "arrive 47.8 4.0", "arrive 4.0 47.8", "arrive 4.0 0.2"};
    static Action acts[MAX_ACTIONS];
    for (int edge = 0; edge < 4; edge++) {
        ckf_arrivals(&F, edge == 3 ? CK_PAR : CK_ROY, F_SHOT, 3, edge); /* (the south edge: reinforcements) */
        int n = ck_legal(&F.s, acts, MAX_ACTIONS);
        cr_assert_gt(n, 0);
        for (int i = 0; i < n; i++) {
            char buf[64], x[16], y[16];
            ck_describe(&F.s, &acts[i], buf, sizeof buf);
            if (i == 0)
                cr_assert_str_eq(buf, first[edge], "edge %d", edge);
            cr_assert(sscanf(buf, "arrive %15s %15s", x, y) == 2 && one_decimal(x) && one_decimal(y),
                      "'%s': not to one decimal", buf);
            Action b;
            Diag d = {{0}};
            cr_assert_eq(ck_parse(&F.s, buf, &b, &d), 0, "'%s' does not parse: %s", buf, d.msg);
            cr_assert_eq(ck_check(&F.s, &b, &d), 0, "'%s', typed back, is refused: %s", buf, d.msg);
            cr_assert(b.x == acts[i].x && b.y == acts[i].y, "'%s' typed back is (%.9g, %.9g), listed (%.9g, %.9g)",
                      buf, (double)b.x, (double)b.y, (double)acts[i].x, (double)acts[i].y);
        }
    }
}

/* [CK Game set up] a piece named by its kind, or the kind's letter on the
 * map, is the first of that kind still waiting; pieces go down in order. */
Test(ck_text, place_takes_a_piece_kind_name)
{
    F.s.phase = CP_TERRAIN;
    F.s.to_act = CK_ROY;
    Action a;
    cr_assert_eq(ck_parse(&F.s, "place village 13 13", &a, NULL), 0);
    cr_assert(a.verb == CKV_PLACE && a.piece == CKP_VILLAGE);
    cr_assert_float_eq(a.x, 13.0f, 1e-6);
    cr_assert_eq(ck_parse(&F.s, "place V 13 13", &a, NULL), 0);
    cr_assert_eq(a.piece, CKP_VILLAGE);
    parse_refused("place wood 20 20", "the next is 1, a village");
    ckf_piece(&F, CKP_VILLAGE, 12, 12, CK_NONE, CK_NONE);
    parse_refused("place village 20 20", "every village is placed already");
    cr_assert_eq(ck_parse(&F.s, "place m 20 20", &a, NULL), 0, "m: the manor, as on the map");
    cr_assert_eq(a.piece, CKP_MANOR);
    ckf_piece(&F, CKP_MANOR, 20, 12, CK_NONE, CK_NONE);
    cr_assert_eq(ck_parse(&F.s, "place wood 30 30", &a, NULL), 0);
    cr_assert_eq(a.piece, CKP_WOOD, "the next wood");
    ckf_piece(&F, CKP_WOOD, 30, 12, CK_NONE, CK_NONE);
    cr_assert_eq(ck_parse(&F.s, "place w 30 30", &a, NULL), 0);
    cr_assert_eq(a.piece, CKP_WOOD2, "the next wood");
    parse_refused("place ma 20 20", "more than one kind");
    parse_refused("place forest 20 20", "kind (village, manor, wood, hill, field, marsh)");
    parse_refused("place 13 20 20", "no terrain piece '13'");
}

/* [CK Chance Cards] the clearing card is drawn dry or wet: the log must
 * not say the rain stops when none fell (it said "the rain stops"). */
Test(ck_text, clearing_chance_card_reads_right_when_dry)
{
    for (int wet = 0; wet < 2; wet++) {
        ckf_init(&F);
        F.s.chance[0] = CH_CLEAR;
        F.s.nchance = 1;
        F.s.raining = (uint8_t)wet;
        ckf_fig(&F, F_YOU, 24, 2);
        ckf_end(&F);
        const char *ev = ckf_last_event(&F, "chance");
        cr_assert_not_null(ev);
        cr_assert_null(strstr(ev, "the rain stops"), "%s", ev);
        cr_assert(strstr(ev, "any rain stops"), "%s", ev);
        cr_assert_eq(F.s.raining, 0);
    }
}

/* The fields of a described-then-parsed action agree with the original
 * (points to the 0.1" the text keeps) and describing it again gives the
 * same text; counts the parsed actions check() refuses. */
static void round_trip(const CkState *s, const Action *a, int *refused, bool warn)
{
    char buf[160], again[160];
    cr_assert_gt(ck_describe(s, a, buf, sizeof buf), 0);
    Action b;
    Diag d = {{0}};
    cr_assert_eq(ck_parse(s, buf, &b, &d), 0, "'%s' does not parse: %s", buf, d.msg);
    cr_assert_eq(b.verb, a->verb, "'%s'", buf);
    if (a->verb != CKV_END && a->verb != CKV_ARRIVE)
        cr_assert_eq(b.piece, a->piece, "'%s'", buf);
    if (a->verb == CKV_SHOOT || a->verb == CKV_CHARGE || a->verb == CKV_CAPTURE)
        cr_assert_eq(b.target, a->target, "'%s'", buf);
    if (a->verb == CKV_CHARGE)
        cr_assert_eq(b.arg != 0, a->arg != 0, "'%s'", buf);
    if (a->verb == CKV_MOVE || a->verb == CKV_PLACE || a->verb == CKV_ARRIVE) {
        cr_assert(fabsf(b.x - a->x) <= 0.051f && fabsf(b.y - a->y) <= 0.051f, "'%s' for (%.4f, %.4f)", buf,
                  (double)a->x, (double)a->y);
    }
    ck_describe(s, &b, again, sizeof again);
    cr_assert_str_eq(again, buf);
    /* (a warning makes Criterion exit non-zero: only the test about it logs) */
    if (ck_check(s, &b, &d) != 0 && (*refused)++ < 5 && warn)
        cr_log_warn("legal, described as '%s', typed back: refused (%s)", buf, d.msg);
}

/* Random playouts (four with random terrain, one placed through the legal
 * list); every legal action of every position goes through round_trip. */
static void playouts(int *total, int *refused, int verbs[CKV_COUNT], bool warn)
{
    static Action acts[MAX_ACTIONS];
    for (uint64_t seed = 1; seed <= 5; seed++) {
        Options o = {0};
        if (seed != 5)
            opt_set(&o, "terrain", "random", NULL);
        CkState s;
        cr_assert_eq(ck_setup(&s, &o, seed, NULL), 0);
        ck_begin(&s, NULL);
        Rng pick;
        rng_seed(&pick, seed * 31);
        for (int step = 0; step < 5000 && s.phase != CP_OVER; step++) {
            int n = ck_legal(&s, acts, MAX_ACTIONS);
            cr_assert_gt(n, 0);
            for (int i = 0; i < n; i++) {
                round_trip(&s, &acts[i], refused, warn);
                verbs[acts[i].verb]++;
                (*total)++;
            }
            Action a = acts[rng_below(&pick, (uint32_t)n)];
            ck_apply(&s, &a, NULL);
        }
    }
}

Test(ck_text, describe_parse_round_trip)
{
    int total = 0, refused = 0, verbs[CKV_COUNT] = {0};
    playouts(&total, &refused, verbs, false);
    cr_assert_gt(total, 1000);
    cr_assert_gt(verbs[CKV_MOVE], 0);
    cr_assert_gt(verbs[CKV_PLACE], 0);
    cr_assert_gt(verbs[CKV_SHOOT], 0);
    cr_assert_gt(verbs[CKV_CHARGE], 0);
    cr_assert_gt(verbs[CKV_ARRIVE], 0);
    cr_assert_gt(verbs[CKV_END], 0);
}

/* Regression test for a bug fixed in (src/games/ck/ck_text.c, ck_describe, with ck_legal.c push_towards):
 * a move is described to 0.1" ("move %s %.1f %.1f") but legal() offers
 * moves 0.01" short of the full allowance, so about one legal action in
 * seven, typed back as shown (CLI menu, play), is refused by check() as
 * "out of reach: 8.0\" away, this figure may move 8.0\"". */
Test(ck_text, described_legal_actions_stay_legal)
{
    int total = 0, refused = 0, verbs[CKV_COUNT] = {0};
    playouts(&total, &refused, verbs, true);
    cr_assert_eq(refused, 0, "%d of %d legal actions, described and parsed back, are refused by check", refused,
                 total);
}

/* A record or a client may send any float: not-a-number is refused. */
Test(ck_illegal_input, non_finite_points_refused)
{
    int c = ckf_fig(&F, F_CAVALRY, 10, 10);
    ckf_refused(&F, ckf_act(CKV_MOVE, c, 0, 0, NAN, 12), "two numbers");
    ckf_refused(&F, ckf_act(CKV_MOVE, c, 0, 0, 10, INFINITY), "two numbers");
}

/* [CK Movement and Ranges] "move F towards X Y" goes as far along the
 * straight way as the rules let him: his whole move in the open, and
 * short of a wood whose edge would halve it (ecw's reading, written under
 * Movement and Ranges: "Towards a point"). */
Test(ck_text, a_move_towards_a_point_goes_as_far_as_the_move_allows)
{
    int d = ckf_fig(&F, F_DRAGOON, 10, 10);
    Action a;
    cr_assert_eq(ck_parse(&F.s, "move D1 towards 10 40", &a, NULL), 0);
    cr_assert(a.verb == CKV_MOVE && a.piece == d && a.arg == CK_MOVE_STRAIGHT);
    cr_assert(a.x == 10.0f && a.y == 18.0f, "a dragoon's 8\" in the open: (%.2f, %.2f)", (double)a.x, (double)a.y);
    Diag note = {{0}};
    cr_assert_eq(ck_parse(&F.s, "move D1 towards 10 40", &a, &note), 0);
    cr_assert(strstr(note.msg, "as far as he may go that way; at (10.0, 18.1) beyond it: out of reach"),
              "he says why he stopped: '%s'", note.msg);
    Diag none = {{0}};
    cr_assert_eq(ck_parse(&F.s, "move D1 towards 10 15", &a, &none), 0);
    cr_assert(a.x == 10.0f && a.y == 15.0f, "a point within reach is the point itself");
    cr_assert_str_empty(none.msg, "nothing to say of a point reached");
    ckf_ground(&F, 2, 10, 24); /* a wood, searched: 3" round, its edge at y 21 */
    cr_assert_eq(ck_parse(&F.s, "move D1 towards 10 40", &a, NULL), 0);
    Diag why = {{0}};
    cr_assert_geq(ck_check(&F.s, &a, &why), 0, "the point found is refused: %s", why.msg);
    cr_assert(a.x == 10.0f && a.y > 14.0f && a.y < 21.0f, "short of the wood: (%.2f, %.2f)", (double)a.x,
              (double)a.y);
    Action further = a;
    further.y += 0.1f;
    cr_assert_lt(ck_check(&F.s, &further, &why), 0, "0.1\" further on is allowed too: (%.1f, %.1f)",
                 (double)further.x, (double)further.y);
    char text[64];
    ck_describe(&F.s, &a, text, sizeof text);
    Action again;
    cr_assert_eq(ck_parse(&F.s, text, &again, NULL), 0);
    cr_assert(again.x == a.x && again.y == a.y, "'%s' does not replay as the move found", text);
    ckf_fig(&F, F_SHOT, 16, 10);
    cr_assert_eq(ck_parse(&F.s, "move D1 towards S1", &a, NULL), 0);
    cr_assert(a.y == 10.0f && a.x > 10.0f && a.x < 16.0f, "towards a figure stops short of him");
    cr_assert_geq(ck_check(&F.s, &a, &why), 0, "%s", why.msg);
    /* the last 0.1" is tried too (a reviewer found it skipped, the steps counted in floats) */
    ckf_fig(&F, F_CAVALRY, 10, 11.5f); /* mounted bases may stand 1.4" apart (1.5" less a 0.1" grace): 0.1" free */
    cr_assert_eq(ck_parse(&F.s, "move D1 towards C1", &a, NULL), 0);
    cr_assert(a.x == 10.0f && fabsf(a.y - 10.1f) < 1e-4f, "(%.2f, %.2f)", (double)a.x, (double)a.y);
    parse_refused("move D1 towards", "usage: move F towards X Y");
    parse_refused("move D1 towards 10", "no figure called '10'");
    parse_refused("move D1 towards 10 x", "'x' is not a number of inches");
    parse_refused("move D1 towards 10 12 13", "usage: move F towards X Y");
}

/* [CK Movement and Ranges] a towards that something in the way stops
 * well short (an enemy across it), with more than an inch of his move
 * unused, comes back 1 with its note: the prompt has it given twice (a
 * tester's horseman went 1.0" of 8" and the move stood); the note says
 * why the point asked is refused too. Short of a man he goes towards only
 * by his base, or out of reach, it is 0. */
Test(ck_text, a_towards_stopped_short_by_something_in_the_way_is_a_caution)
{
    ckf_fig(&F, F_DRAGOON, 10, 10);
    ckf_side(&F, CK_ROY);
    ckf_fig(&F, F_SHOT, 10, 14);
    ckf_side(&F, CK_PAR);
    Action a;
    Diag note = {{0}};
    cr_assert_eq(ck_parse(&F.s, "move D1 towards 10 30", &a, &note), 1, "%s", note.msg);
    cr_assert(a.y > 10.0f && a.y < 13.0f, "short of the shot: (%.2f, %.2f)", (double)a.x, (double)a.y);
    cr_assert(strstr(note.msg, "he stops after ") && strstr(note.msg, " of his 8.0\"; at ("), "%s", note.msg);
    cr_assert_null(strstr(note.msg, "; at the point asked: "), "out of reach, it is not said: %s", note.msg);
    Diag past = {{0}}; /* a point in reach beyond him: why it is refused, which the step beyond does not say */
    cr_assert_eq(ck_parse(&F.s, "move D1 towards 10 17", &a, &past), 1, "%s", past.msg);
    cr_assert(strstr(past.msg, "; at the point asked: "), "%s", past.msg);
    Diag why = {{0}};
    cr_assert_geq(ck_check(&F.s, &a, &why), 0, "%s", why.msg);
    Diag at_him = {{0}};
    cr_assert_eq(ck_parse(&F.s, "move D1 towards S1", &a, &at_him), 0, "towards the man himself: %s", at_him.msg);
    cr_assert_eq(ck_parse(&F.s, "move D1 towards 30 10", &a, NULL), 0, "out of reach in the open");
}

/* [CK Movement and Ranges] "move F by DX DY" moves him DX east and DY
 * north of where he stands, so that several moved by one offset keep
 * their places; the rules then judge the point as any other. */
Test(ck_text, a_move_by_an_offset_goes_that_far_from_where_he_stands)
{
    int d = ckf_fig(&F, F_DRAGOON, 10.25f, 10);
    Action a;
    cr_assert_eq(ck_parse(&F.s, "move D1 by -2 6.5", &a, NULL), 0);
    cr_assert(a.verb == CKV_MOVE && a.piece == d && a.arg == CK_MOVE_STRAIGHT);
    cr_assert(a.x == 8.25f && a.y == 16.5f, "(%.3f, %.3f)", (double)a.x, (double)a.y);
    cr_assert(ckf_ok(&F, a));
    cr_assert_eq(ck_parse(&F.s, "move D1 BY 0 9", &a, NULL), 0);
    ckf_refused(&F, a, "out of reach");
    parse_refused("move D1 by 1", "usage: move F by DX DY");
    parse_refused("move D1 by 1 2 3", "usage: move F by DX DY");
    parse_refused("move D1 by x 2", "'x' is not a number of inches");
    parse_refused("move D1 by 1e309 0", "'1e309' is farther than the table is wide (-48 to 48 inches)");
    parse_refused("move D9 by 1 2", "no figure called 'D9'");
}

/* [CK Movement and Ranges] "move F towards X Y via BX BY" goes to the bend
 * first and then as far as he may towards the point, both legs counted as
 * a bent move's: the order found is the bent move, which the rules accept
 * and whose next 0.1" on they refuse. */
Test(ck_text, a_move_towards_a_point_by_a_bend_goes_round_then_on)
{
    int d = ckf_fig(&F, F_DRAGOON, 16, 0.8f);
    Action a;
    Diag note = {""};
    cr_assert_eq(ck_parse(&F.s, "move D1 towards 16 30 via 14 4", &a, &note), 0);
    cr_assert(a.verb == CKV_MOVE && a.piece == d && a.arg == CK_MOVE_BENT && a.bx == 14.0f && a.by == 4.0f);
    cr_assert(ckf_ok(&F, a), "(%.2f, %.2f)", (double)a.x, (double)a.y);
    float legs = ck_dist(16, 0.8f, 14, 4) + ck_dist(14, 4, a.x, a.y);
    cr_assert(legs <= 8.0f + CK_REACH_GRACE && legs > 7.85f, "both legs %.3f\"", (double)legs);
    cr_assert(strstr(note.msg, "by way of the bend"), "%s", note.msg);
    parse_refused("move D1 towards 16 30 via 14", "usage: move F towards X Y");
    /* with 'to N' last, its ten words all read: the bend 16.1" from the point, within 20 (a tester's went 8") */
    parse_refused("move D1 towards 16 20 via 14 4 to 20", "the bend is 16.1\" from it already, within the 20.0\"");
    parse_refused("move D1 towards 16 20 via 14 4 to 20 one more word", "too many words");
}

/* ... counted from where the screen tells he stands: one a recoil left at
 * (26.5412, 23.8137), told at (26.5, 23.8), goes "by 0.5 0.5" to (27.0,
 * 24.3), not 27.04 (a tester's); a whole move from the point as told is
 * within reach. */
Test(ck_text, a_move_by_an_offset_counts_from_the_point_as_told)
{
    ckf_fig(&F, F_DRAGOON, 26.5412f, 23.8137f);
    Action a;
    cr_assert_eq(ck_parse(&F.s, "move D1 by 0.5 0.5", &a, NULL), 0);
    cr_assert(a.x == 27.0f && a.y == 24.3f, "(%.3f, %.3f)", (double)a.x, (double)a.y);
    cr_assert_eq(ck_parse(&F.s, "move D1 by 8 0", &a, NULL), 0);
    cr_assert(ckf_ok(&F, a), "8\" east of (26.5, 23.8) is 8.04\" from where he stands, within the grace");
}

/* [CK Shooting factors] "move F towards T to N" stops within N inches of
 * T (a play-tester massing fire worked out every shooter's half-range
 * spot by hand): a shot 10" from a dragoon goes to 6" or a little less,
 * half his range; already within N he is told so. */
Test(ck_text, a_move_towards_a_figure_to_n_stops_within_n_of_him)
{
    ckf_fig(&F, F_DRAGOON, 20, 10);
    F.s.to_act = CK_ROY;
    F.s.phase = CP_ROYALIST;
    ckf_fig(&F, F_SHOT, 23, 19.54f); /* 10" from D1 */
    Action a;
    cr_assert_eq(ck_parse(&F.s, "move S1 towards D1 to 6", &a, NULL), 0);
    float d = ck_dist(a.x, a.y, 20, 10);
    cr_assert(d <= 6.0f && d > 5.8f, "%.2f\" from D1 at (%.2f, %.2f)", (double)d, (double)a.x, (double)a.y);
    cr_assert(fabsf(a.x * 10 - roundf(a.x * 10)) < 1e-3f && fabsf(a.y * 10 - roundf(a.y * 10)) < 1e-3f,
              "a point on the 0.1\" grid, as the order's words say it: (%.4f, %.4f)", (double)a.x, (double)a.y);
    cr_assert(ckf_ok(&F, a));
    parse_refused("move S1 towards D1 to 12", "he stands 10.0\" from it already, within the 12.0\"");
    parse_refused("move S1 towards D1 to", "'to' takes the inches to stop short by");
    parse_refused("move S1 towards 20 10 to x", "'to' takes the inches to stop short by");
}

/* [CK Movement and Ranges] "by 0 0" names no move; counted from the point as told it moves
 * a man left off the 0.1" grid by up to 0.07", spending his move. */
Test(ck_text, a_move_by_nothing_is_refused_as_where_he_stands)
{
    ckf_fig(&F, F_DRAGOON, 26.549f, 23.849f);
    Action a;
    cr_assert_eq(ck_parse(&F.s, "move D1 by 0 0", &a, NULL), 0);
    cr_assert(!ckf_ok(&F, a), "by 0 0 went to (%.2f, %.2f)", (double)a.x, (double)a.y);
}
