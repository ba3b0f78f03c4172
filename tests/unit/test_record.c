/* test_record.c - game records: malformed files give one clear line naming
 * the field (never a crash); save/load round-trips; a replay reaches the
 * same hashes and a tampered record is caught at the right action. Uses
 * the first registered game through the contract only. */
#include "ai/ai.h"
#include "games/registry.h"
#include "store/record.h"
#include <criterion/criterion.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[64];

static void make_dir(void)
{
    snprintf(dir, sizeof dir, "/tmp/ecw-test-record-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
}

static void remove_dir(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_expect_eq(system(cmd), 0);
}

/* Write text to DIR/name; returns the path (static buffer). */
static const char *put(const char *name, const char *text)
{
    static char path[160];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs(text, f);
    fclose(f);
    return path;
}

/* The whole of a small file, NUL-terminated (caller frees). */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert(f, "cannot open %s", path);
    static const size_t cap = 1 << 16;
    char *buf = calloc(1, cap);
    cr_assert(buf);
    size_t n = fread(buf, 1, cap - 1, f);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

/* Loading the file at path fails with a one-line message holding want. */
static void path_fails(const char *path, const char *want)
{
    Record r;
    Diag d = {{0}};
    int rc = record_load(&r, path, &d);
    cr_expect_eq(rc, -1, "loaded %s", path);
    cr_expect(strstr(d.msg, want) != NULL, "message '%s' lacks '%s'", d.msg, want);
    cr_expect(strchr(d.msg, '\n') == NULL, "message is not one line: %s", d.msg);
    record_fini(&r);
}

/* A record file holding text fails to load with a message holding want. */
static void load_fails(const char *text, const char *want) { path_fails(put("bad.json", text), want); }

#define HEAD "{\"engine\":\"0.1.0\",\"game\":\"marston-less\",\"seed\":1,"

TestSuite(record, .init = make_dir, .fini = remove_dir);

Test(record, bad_json_names_line_and_column)
{
    load_fails("{\"engine\":\n  \"0.1.0\",, }", "bad.json:2:");
    load_fails("", "bad.json:");
    load_fails("[1,2]", "expected a JSON object");
}

Test(record, missing_fields)
{
    load_fails("{\"game\":\"marston-less\",\"seed\":1,\"actions\":[]}", "engine: missing");
    load_fails("{\"engine\":\"0.1.0\",\"seed\":1,\"actions\":[]}", "game: missing");
    load_fails("{\"engine\":\"0.1.0\",\"game\":\"marston-less\",\"actions\":[]}", "seed: missing");
    load_fails(HEAD "\"options\":{}}", "actions: missing");
    load_fails(HEAD "\"actions\":[{\"verb\":1,\"piece\":0,\"target\":0}]}",
               "actions[0].arg: missing");
    load_fails(HEAD "\"actions\":[],\"hashes\":[{\"at\":1}]}", "hashes[0].at");
}

/* A record whose actions were cut short by hand, its hashes left naming
 * later ones: the message says so plainly (it read "60 is out of range 51..50"). */
Test(record, hash_beyond_the_actions_is_said_plainly)
{
#define ACT "{\"verb\":0,\"piece\":0,\"target\":0,\"arg\":0}"
    load_fails(HEAD "\"actions\":[" ACT "," ACT "],\"hashes\":[{\"at\":1,\"hash\":\"1\"},{\"at\":3,\"hash\":\"2\"}]}",
               "bad.json: hashes[1].at: 3 is beyond the record's 2 actions");
    load_fails(HEAD "\"actions\":[" ACT "],\"hashes\":[{\"at\":2,\"hash\":\"1\"}]}",
               "hashes[0].at: 2 is beyond the record's 1 action");
    load_fails(HEAD "\"actions\":[" ACT "," ACT "],\"hashes\":[{\"at\":2,\"hash\":\"1\"},{\"at\":2,\"hash\":\"2\"}]}",
               "hashes[1].at: 2 does not come after the hash before it, at 2");
    load_fails(HEAD "\"actions\":[" ACT "],\"hashes\":[{\"at\":0,\"hash\":\"1\"}]}",
               "hashes[0].at: 0 is out of range");
#undef ACT
}

Test(record, wrong_types)
{
    load_fails("{\"engine\":1,\"game\":\"marston-less\",\"seed\":1,\"actions\":[]}",
               "engine: expected a string");
    load_fails(HEAD "\"actions\":{}}", "actions: expected an array");
    load_fails(HEAD "\"actions\":[1]}", "actions[0]: expected an object");
    load_fails(HEAD "\"actions\":[{\"verb\":0,\"piece\":0,\"target\":0,\"arg\":0},"
                    "{\"verb\":\"move\",\"piece\":0,\"target\":0,\"arg\":0}]}",
               "bad.json: actions[1].verb: expected an integer");
    load_fails(HEAD "\"actions\":[{\"verb\":0,\"piece\":0,\"target\":0,\"arg\":0,\"x\":true}]}",
               "actions[0].x: expected a number");
    load_fails(HEAD "\"actions\":[{\"verb\":0,\"piece\":0,\"target\":0,\"arg\":0,\"text\":3}]}",
               "actions[0].text: expected a string");
    load_fails(HEAD "\"options\":{\"turns\":12},\"actions\":[]}", "options.turns: expected a string");
    load_fails("{\"engine\":\"0.1.0\",\"game\":\"marston-less\",\"seed\":-4,\"actions\":[]}",
               "seed: expected a non-negative integer");
    load_fails(HEAD "\"actions\":[],\"final_hash\":\"xyz\"}", "final_hash: expected 1 to 16 hex");
    load_fails(HEAD "\"actions\":[],\"final_hash\":7}", "final_hash: expected a hex string");
}

Test(record, values_out_of_range_and_unknown_fields)
{
    load_fails(HEAD "\"actions\":[{\"verb\":40000,\"piece\":0,\"target\":0,\"arg\":0}]}",
               "actions[0].verb: 40000 is out of range");
    load_fails(HEAD "\"actions\":[],\"rolls\":[{\"sides\":6,\"value\":7}]}", "rolls[0].value");
    load_fails(HEAD "\"actions\":[],\"rolls\":[{\"sides\":6}]}", "rolls[0].value: missing");
    load_fails(HEAD "\"actions\":[],\"rolls\":[{\"sides\":6,\"value\":-1}]}", "rolls[0].value: -1 is out of range");
    load_fails(HEAD "\"actions\":[],\"acitons\":[]}", "acitons: unknown field");
    load_fails(HEAD "\"actions\":[{\"verb\":0,\"piece\":0,\"target\":0,\"arg\":0,\"pice\":1}]}",
               "actions[0].pice: unknown field");
    load_fails(HEAD "\"actions\":[],\"actions\":[]}", "bad.json:1:");
    load_fails(HEAD "\"actions\":[],\"state_size\":\"big\"}", "state_size: expected an integer");
    load_fails(HEAD "\"actions\":[],\"state_size\":0}", "state_size: 0 is out of range");
}

/* jansson's "too big integer" does not say which field: the message does. */
Test(record, a_huge_integer_names_its_field)
{
    load_fails("{\"engine\":\"0.1.0\",\"game\":\"marston-less\",\"seed\":99999999999999999999,"
               "\"actions\":[]}",
               "bad.json:1:");
    load_fails("{\"engine\":\"0.1.0\",\"game\":\"marston-less\",\"seed\":99999999999999999999,"
               "\"actions\":[]}",
               "seed: number too large");
    load_fails(HEAD "\"actions\":[],\"state_size\" : 123456789012345678901234}",
               "state_size: number too large");
}

/* A state_size of another game: the record's "game" was changed. */
Test(record, a_state_size_of_another_game_is_refused)
{
    const GameOps *ml = games_find("marston-less"), *ck = games_find("catch-a-king");
    cr_assert(ml && ck && ml->state_size != ck->state_size);
    char text[256], want[160];
    snprintf(text, sizeof text, HEAD "\"state_size\":%zu,\"actions\":[]}", ck->state_size);
    snprintf(want, sizeof want, "the record says game marston-less, but its state_size %zu is that of catch-a-king",
             ck->state_size);
    load_fails(text, want);
}

Test(record, a_directory_is_named) { path_fails(dir, "is a directory"); }

Test(record, unknown_game)
{
    load_fails("{\"engine\":\"0.1.0\",\"game\":\"chess\",\"seed\":1,\"actions\":[]}",
               "game: unknown game 'chess'");
    load_fails("{\"engine\":\"0.1.0\",\"game\":\"marston\",\"seed\":1,\"actions\":[]}",
               "unknown game 'marston'");
}

Test(record, missing_file) { path_fails("/nonexistent/rec.json", "/nonexistent/rec.json"); }

/* Play a whole game of g with random AIs, recording it. */
static void play_recorded(const GameOps *g, void *st, Record *rec, uint64_t seed)
{
    Options opt = {0};
    Diag d;
    cr_assert_eq(g->setup(st, &opt, seed, &d), 0, "%s", d.msg);
    game_begin(g, st, NULL);
    record_init(rec, g, &opt, seed);
    Rng ai;
    rng_seed(&ai, seed ^ 99);
    const AiPlayer *rnd = ai_find("random");
    for (int n = 0; !g->terminal(st); n++) {
        cr_assert_lt(n, 100000, "game did not end");
        Action a;
        char text[RECORD_TEXT];
        cr_assert_eq(rnd->choose(g, st, &ai, &a), 0);
        g->describe(st, &a, text, sizeof text);
        g->apply(st, &a, NULL);
        record_add_action(rec, &a, text, st);
    }
    record_finish(rec, st);
}

Test(record, save_load_replay_round_trip)
{
    const GameOps *g = games_all()[0];
    void *st = calloc(1, g->state_size), *st2 = calloc(1, g->state_size);
    Record rec, back;
    Diag d = {{0}};
    play_recorded(g, st, &rec, 2024);
    const char *path = put("game.json", "");
    cr_assert_eq(record_save(&rec, path, &d), 0, "%s", d.msg);
    cr_assert_eq(record_load(&back, path, &d), 0, "%s", d.msg);
    cr_expect_eq(back.game, g);
    cr_expect_eq(back.seed, 2024u);
    cr_assert_eq(back.nactions, rec.nactions);
    cr_expect_eq(back.nhashes, rec.nactions / RECORD_HASH_EVERY);
    for (size_t i = 0; i < rec.nactions; i++) {
        cr_expect_eq(memcmp(&back.actions[i].a, &rec.actions[i].a, sizeof(Action)), 0);
        cr_expect_str_eq(back.actions[i].text, rec.actions[i].text);
    }
    cr_expect_eq(back.final_hash, game_hash(g, st));
    cr_expect_eq(record_replay(&back, st2, NULL, true, &d), REPLAY_OK, "%s", d.msg);
    cr_expect_eq(game_hash(g, st2), game_hash(g, st));
    record_fini(&rec);
    record_fini(&back);
    free(st);
    free(st2);
}

Test(record, replay_catches_a_tampered_hash)
{
    const GameOps *g = games_all()[0];
    void *st = calloc(1, g->state_size);
    Record rec;
    Diag d = {{0}};
    play_recorded(g, st, &rec, 77);
    cr_assert_gt(rec.nhashes, 0u, "game too short for a hash check");
    rec.hashes[0].hash ^= 1;
    long at = record_replay(&rec, st, NULL, true, &d);
    cr_expect_eq(at, (long)rec.hashes[0].at - 1, "%s", d.msg);
    cr_expect(strstr(d.msg, "differs") != NULL, "%s", d.msg);
    cr_expect_eq(record_replay(&rec, st, NULL, false, &d), REPLAY_OK, "no verify: %s", d.msg);
    rec.final_hash ^= 1;
    rec.hashes[0].hash ^= 1;
    cr_expect_eq(record_replay(&rec, st, NULL, true, &d), (long)rec.nactions - 1);
    record_fini(&rec);
    free(st);
}

Test(record, state_size_round_trips)
{
    const GameOps *g = games_all()[0];
    void *st = calloc(1, g->state_size);
    Record rec, back;
    Diag d = {{0}};
    play_recorded(g, st, &rec, 31);
    cr_expect_eq(rec.state_size, g->state_size);
    const char *path = put("sized.json", "");
    cr_assert_eq(record_save(&rec, path, &d), 0, "%s", d.msg);
    cr_assert_eq(record_load(&back, path, &d), 0, "%s", d.msg);
    cr_expect_eq(back.state_size, g->state_size);
    record_fini(&rec);
    record_fini(&back);
    free(st);
}

/* Who played each side and the dice mode (for `ecw play --load`) come back. */
Test(record, players_and_dice_round_trip)
{
    const GameOps *g = games_all()[0];
    void *st = calloc(1, g->state_size);
    Record rec, back;
    Diag d = {{0}};
    play_recorded(g, st, &rec, 33);
    snprintf(rec.player[0], RECORD_NAME, "human");
    snprintf(rec.player[1], RECORD_NAME, "random");
    snprintf(rec.dice, RECORD_NAME, "manual");
    const char *path = put("players.json", "");
    cr_assert_eq(record_save(&rec, path, &d), 0, "%s", d.msg);
    cr_assert_eq(record_load(&back, path, &d), 0, "%s", d.msg);
    cr_expect_str_eq(back.player[0], "human");
    cr_expect_str_eq(back.player[1], "random");
    cr_expect_str_eq(back.dice, "manual");
    record_fini(&rec);
    record_fini(&back);
    free(st);
}

Test(record, bad_players_and_dice)
{
    load_fails(HEAD "\"actions\":[],\"players\":{\"king\":\"human\"}}",
               "players.king: 'king' is not a role of marston-less (roles: royalist, parliament)");
    load_fails(HEAD "\"actions\":[],\"players\":{\"royalist\":1}}", "players.royalist: expected a string");
    load_fails(HEAD "\"actions\":[],\"dice\":\"loaded\"}", "dice: expected manual or auto");
}

/* A roll of value 0 is a die ecw's generator rolled after manual dice
 * stopped mid-action (play's quit at a die prompt): it loads as such. */
Test(record, a_roll_of_0_is_one_the_generator_rolled)
{
    Record r;
    Diag d = {{0}};
    const char *path = put("gen-roll.json", HEAD "\"actions\":[],\"rolls\":[{\"sides\":6,\"value\":4},"
                                              "{\"sides\":20,\"value\":0}]}");
    cr_assert_eq(record_load(&r, path, &d), 0, "%s", d.msg);
    cr_assert_eq(r.nrolls, 2);
    cr_expect_eq(r.rolls[1].sides, 20);
    cr_expect_eq(r.rolls[1].value, 0);
    record_fini(&r);
}

/* A side played by nobody ecw knows, or "players" not an object: refused
 * naming the field, the bad value and what would do (play --load resumed
 * such a game with its default AI, without a word). */
Test(record, players_name_only_humans_and_known_ais)
{
    load_fails(HEAD "\"actions\":[],\"players\":{\"royalist\":\"bogus\",\"parliament\":\"human\"}}",
               "players.royalist: unknown player 'bogus' (players: human, random, heuristic)");
    load_fails(HEAD "\"actions\":[],\"players\":{\"royalist\":\"a-name-much-too-long-for-a-record\"}}",
               "players.royalist: unknown player 'a-name-much-too-long-for-a-record'");
    load_fails(HEAD "\"actions\":[],\"players\":[\"human\",\"random\"]}",
               "players: expected an object of role: player, such as {\"royalist\":\"human\"}, got an array");
}

/* Hashes taken from a state of another layout mean nothing here: --verify
 * refuses to compare them and says why, while a plain replay still works. */
Test(record, verify_refuses_hashes_of_another_state_size)
{
    const GameOps *g = games_all()[0];
    void *st = calloc(1, g->state_size);
    Record rec;
    Diag d = {{0}};
    play_recorded(g, st, &rec, 32);
    rec.state_size = g->state_size - 8;
    cr_expect_eq(record_replay(&rec, st, NULL, true, &d), REPLAY_INCOMPARABLE);
    cr_expect(strstr(d.msg, "cannot verify") && strstr(d.msg, "without --verify"), "%s", d.msg);
    cr_expect_eq(record_replay(&rec, st, NULL, false, &d), REPLAY_OK, "%s", d.msg);
    record_fini(&rec);
    free(st);
}

/* A record made before "state_size" existed loads; if its hashes do not
 * match, the message says that an older ecw may have made it. */
Test(record, a_record_without_state_size_loads_and_gets_a_hint)
{
    const GameOps *g = games_all()[0];
    void *st = calloc(1, g->state_size);
    Record rec, back;
    Diag d = {{0}};
    play_recorded(g, st, &rec, 33);
    cr_assert_gt(rec.nhashes, 0u, "game too short for a hash check");
    rec.state_size = 0;
    rec.hashes[0].hash ^= 1;
    const char *path = put("unsized.json", "");
    cr_assert_eq(record_save(&rec, path, &d), 0, "%s", d.msg);
    cr_assert_eq(record_load(&back, path, &d), 0, "%s", d.msg);
    cr_expect_eq(back.state_size, 0u);
    cr_expect_eq(record_replay(&back, st, NULL, true, &d), (long)back.hashes[0].at - 1);
    cr_expect(strstr(d.msg, "older ecw") != NULL, "%s", d.msg);
    record_fini(&rec);
    record_fini(&back);
    free(st);
}

Test(record, replay_refuses_an_illegal_action)
{
    const GameOps *g = games_all()[0];
    void *st = calloc(1, g->state_size);
    Record rec;
    Diag d = {{0}};
    play_recorded(g, st, &rec, 5);
    rec.actions[0].a.verb = 9999;
    snprintf(rec.actions[0].text, sizeof rec.actions[0].text, "nonsense");
    cr_expect_eq(record_replay(&rec, st, NULL, true, &d), 0);
    /* named by its fields (the verb unknown: "?"), and by the record's text, which says otherwise */
    cr_expect(strstr(d.msg, "action 0 (? R1; its text in the record says 'nonsense'): illegal: ") != NULL, "%s", d.msg);
    record_fini(&rec);
    free(st);
}

/* describe names any action, legal or not, in every game: a record's
 * refused action with fields far out of range is named without reading
 * outside the state (ASan would say). */
Test(record, a_refused_action_is_named_in_every_game)
{
    for (const GameOps *const *gp = games_all(); *gp; gp++) {
        const GameOps *g = *gp;
        void *st = calloc(1, g->state_size);
        Record rec;
        Diag d = {{0}};
        play_recorded(g, st, &rec, 5);
        rec.actions[0].a = (Action){.verb = 9999, .piece = -30000, .target = 30000, .arg = -7, .x = 1e30f, .y = -1e30f};
        snprintf(rec.actions[0].text, sizeof rec.actions[0].text, "nonsense");
        cr_expect_eq(record_replay(&rec, st, NULL, true, &d), 0, "%s", g->id);
        cr_expect(strstr(d.msg, "its text in the record says 'nonsense'): illegal: ") != NULL, "%s: %s", g->id, d.msg);
        for (int verb = -2; verb < 40; verb++) { /* every verb, with the fields out of range */
            char buf[RECORD_TEXT];
            Action a = {.verb = (int16_t)verb, .piece = 32767, .target = -32768, .arg = 32767, .set = UINT32_MAX};
            cr_expect_gt(g->describe(st, &a, buf, sizeof buf), 0, "%s verb %d", g->id, verb);
        }
        record_fini(&rec);
        free(st);
    }
}

Test(record, big_seed_and_options_round_trip)
{
    const GameOps *g = games_all()[0];
    Record rec, back;
    Diag d = {{0}};
    Options opt = {0};
    opt_set(&opt, "dragoons", "wing", &d); /* an option of the game: others are refused */
    record_init(&rec, g, &opt, 18446744073709551615u);
    Action a = {.verb = 1, .piece = -2, .target = 3, .arg = 4, .set = 0xffffffffu,
                .x = 1.2345678f, .y = -0.1f};
    record_add_action(&rec, &a, "a \"quoted\" text", NULL);
    record_add_roll(&rec, 6, 4);
    rec.over = true; /* the seed in the open: a decimal string past INT64_MAX */
    const char *path = put("big.json", "");
    cr_assert_eq(record_save(&rec, path, &d), 0, "%s", d.msg);
    cr_assert_eq(record_load(&back, path, &d), 0, "%s", d.msg);
    cr_expect_eq(back.seed, 18446744073709551615u);
    cr_expect_str_eq(opt_get(&back.opt, "dragoons"), "wing");
    cr_expect_eq(memcmp(&back.actions[0].a, &a, sizeof a), 0);
    cr_expect_str_eq(back.actions[0].text, "a \"quoted\" text");
    cr_expect_eq(back.nrolls, 1u);
    cr_expect_eq(back.rolls[0].value, 4);
    cr_expect(!back.has_final);
    record_fini(&rec);
    record_fini(&back);
}

/* Found by fuzzing the loader: a coordinate no float can hold became
 * infinite, and `play --load` saved it back as "inf", which no longer
 * loads; it is refused at once, naming the field. */
Test(record, a_coordinate_beyond_a_float_is_refused)
{
    load_fails(HEAD "\"actions\":[{\"verb\":0,\"piece\":0,\"target\":0,\"arg\":0,\"x\":1e300}]}",
               "actions[0].x: 1e+300 is out of range (a coordinate is at most");
    load_fails(HEAD "\"actions\":[{\"verb\":0,\"piece\":0,\"target\":0,\"arg\":0,\"y\":\"-1e39\"}]}",
               "actions[0].y: -1e39 is out of range");
    load_fails(HEAD "\"actions\":[{\"verb\":0,\"piece\":0,\"target\":0,\"arg\":0,\"by\":\"1e400\"}]}",
               "actions[0].bx: missing: a bend has bx and by, and this action has only by");
    load_fails(HEAD "\"actions\":[{\"verb\":0,\"piece\":0,\"target\":0,\"arg\":0,\"bx\":1,\"by\":\"1e400\"}]}",
               "actions[0].by: 1e400 is out of range");
}

/* Found by a play-tester editing a save: a coordinate written as a string
 * was read by strtod, which also takes hexadecimal, "inf" and leading
 * spaces; ecw writes only decimals, so only decimals are read. */
Test(record, a_coordinate_string_is_a_decimal)
{
    static const char *const bad[] = {"\"0x15\"", "\" 21\"", "\"inf\"", "\"nan\"", "\"\"", "\"e\"", "\"1.5 \""};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        char text[256];
        snprintf(text, sizeof text, HEAD "\"actions\":[{\"verb\":0,\"piece\":0,\"target\":0,\"arg\":0,\"x\":%s}]}",
                 bad[k]);
        load_fails(text, "actions[0].x: expected a number");
    }
}

/* The record's options are the game's: checked on loading, naming the
 * file and the field (play --load said only "unknown option 'terrain'",
 * as if it had been typed on the command line). */
Test(record, options_the_game_does_not_take_are_refused_on_loading)
{
    load_fails(HEAD "\"options\":{\"terrain\":\"random\"},\"actions\":[]}",
               "bad.json: options: unknown option 'terrain' (this game knows: foot, turns, dragoons)");
    load_fails(HEAD "\"options\":{\"turns\":\"0\"},\"actions\":[]}",
               "bad.json: options: option turns: expected a number 1..99, not '0'");
}

/* Rolls left over once every action is replayed mean the record's dice do
 * not belong to its actions: refused by a plain replay too, not only by
 * --verify (play --load of a record of another layout replays without it,
 * and the rolls left would be fed to the next actions). */
Test(record, rolls_never_used_are_refused_without_verify)
{
    const GameOps *g = games_find("marston-less"); /* rolls no die before the first action */
    void *st = calloc(1, g->state_size);
    Record rec;
    Diag d = {{0}};
    record_init(&rec, g, NULL, 5);
    record_add_roll(&rec, 6, 3);
    cr_expect_neq(record_replay(&rec, st, NULL, false, &d), REPLAY_OK);
    cr_expect(strstr(d.msg, "1 recorded rolls were never used") != NULL, "%s", d.msg);
    record_fini(&rec);
    free(st);
}

/* An action's text is shown in messages and in play --load's summary: a
 * control character in it (a newline, an escape sequence) is refused, not
 * printed to the terminal. */
Test(record, control_characters_in_a_text_are_refused)
{
    load_fails(HEAD "\"actions\":[{\"verb\":0,\"piece\":0,\"target\":0,\"arg\":0,\"text\":\"end\\nx\"}]}",
               "actions[0].text: a control character (0x0a) in the text");
    load_fails(HEAD "\"actions\":[{\"verb\":0,\"piece\":0,\"target\":0,\"arg\":0,\"text\":\"\\u001b[2J\"}]}",
               "actions[0].text: a control character (0x1b)");
    load_fails(HEAD "\"actions\":[{\"verb\":0,\"piece\":0,\"target\":0,\"arg\":0,\"text\":\"\\u009b2J\"}]}",
               "actions[0].text: a control character (U+009B)");
}

/* A message quoting what a record says writes a C1 control (U+009B, which
 * a terminal obeys as ESC [) as an escape, not raw (a tester's player
 * name came back so). */
Test(record, c1_controls_quoted_in_a_message_are_escaped)
{
    load_fails(HEAD "\"actions\":[],\"players\":{\"royalist\":\"\\u009bpwn\"}}", "unknown player '\\u009bpwn'");
}

/* ... and a C1 control at the very end of the longest message is cut, not
 * written past it (a reviewer's one-byte overrun at 506 bytes in). */
Test(record, a_c1_control_at_the_end_of_a_long_message_stays_in_bounds)
{
    for (int k = 495; k <= 512; k++) {
        char path[600];
        memset(path, 'a', (size_t)k);
        snprintf(path + k, sizeof path - (size_t)k, "\xc2\x85" "bbbb");
        Record r;
        Diag d = {{0}};
        cr_assert_lt(record_load(&r, path, &d), 0);
        record_fini(&r);
        cr_assert_lt(strlen(d.msg), sizeof d.msg);
        cr_assert_null(strstr(d.msg, "\xc2\x85"), "a C1 control came out raw: %s", d.msg);
    }
}

/* A seed given as a string past 2^64-1 is too large, not negative. */
Test(record, a_string_seed_past_64_bits_is_too_large)
{
    load_fails("{\"engine\":\"0.1.0\",\"game\":\"marston-less\",\"seed\":\"18446744073709551616\","
               "\"actions\":[]}",
               "seed: number too large (at most 18446744073709551615)");
}

/* An endless file (/dev/zero) is refused once past any record's size,
 * not read until memory runs out. */
Test(record, an_endless_file_is_refused) { path_fails("/dev/zero", "/dev/zero: too large for a record (more than "); }

/* A message quotes what the file says (a key, a game, an option): a
 * control character there is written as an escape, so that the message
 * stays one line and sends nothing to the terminal. */
Test(record, control_characters_quoted_from_the_file_are_escaped)
{
    load_fails(HEAD "\"actions\":[],\"a\\nb\\u001b[31m\":1}", "bad.json: a\\nb\\x1b[31m: unknown field");
    load_fails("{\"engine\":\"0.1.0\",\"game\":\"marst\\ton\",\"seed\":1,\"actions\":[]}",
               "game: unknown game 'marst\\ton'");
    load_fails(HEAD "\"options\":{\"turns\":\"1\\n2\"},\"actions\":[]}", "not '1\\n2'");
    load_fails("{\"engine\":\"0.1\\u001b[2J\",\"game\":\"marston-less\",\"seed\":1,\"actions\":[]}",
               "engine: a control character (0x1b)");
}

/* Found by fuzzing the prompt: 'move H1 -0 46' put the figure at x = -0.0,
 * the record wrote "x":-0, which JSON reads back as the integer 0 (+0.0):
 * the replayed state differed byte for byte, --verify failed and play
 * --load refused to resume the game. A coordinate comes back bit for bit. */
Test(record, a_negative_zero_coordinate_round_trips)
{
    const GameOps *g = games_all()[0];
    Record rec, back;
    Diag d = {{0}};
    record_init(&rec, g, NULL, 1);
    Action a = {.verb = 1, .x = -0.0f, .y = 0.0f};
    record_add_action(&rec, &a, "move", NULL);
    const char *path = put("negzero.json", "");
    cr_assert_eq(record_save(&rec, path, &d), 0, "%s", d.msg);
    cr_assert_eq(record_load(&back, path, &d), 0, "%s", d.msg);
    cr_expect_eq(memcmp(&back.actions[0].a, &a, sizeof a), 0, "x came back as %g", (double)back.actions[0].a.x);
    record_fini(&rec);
    record_fini(&back);
}

/* A move's bend (To Catch a King's "move F X Y via BX BY") is saved as
 * "bx", "by" and comes back bit for bit; an action without one writes
 * neither, so that records made before bends existed read as they did. */
Test(record, a_bend_round_trips_and_is_written_only_when_there)
{
    const GameOps *g = games_all()[0];
    Record rec, back;
    Diag d = {{0}};
    record_init(&rec, g, NULL, 1);
    Action bent = {.verb = 1, .arg = 1, .x = 14.0f, .y = 12.5f, .bx = 12.25f, .by = -0.0f};
    Action straight = {.verb = 1, .x = 14.0f, .y = 12.5f};
    record_add_action(&rec, &bent, "move D1 14.0 12.5 via 12.2 0.0", NULL);
    record_add_action(&rec, &straight, "move D1 14.0 12.5", NULL);
    const char *path = put("bend.json", "");
    cr_assert_eq(record_save(&rec, path, &d), 0, "%s", d.msg);
    cr_assert_eq(record_load(&back, path, &d), 0, "%s", d.msg);
    cr_expect_eq(memcmp(&back.actions[0].a, &bent, sizeof bent), 0, "bend came back as %g, %g",
                 (double)back.actions[0].a.bx, (double)back.actions[0].a.by);
    cr_expect_eq(memcmp(&back.actions[1].a, &straight, sizeof straight), 0);
    char *text = slurp(path);
    cr_assert(strstr(text, "\"bx\":12.25"), "%s", text);
    cr_expect_eq(strstr(strstr(text, "\"bx\"") + 1, "\"bx\""), NULL, "the straight move writes no bend: %s", text);
    free(text);
    record_fini(&rec);
    record_fini(&back);
}

Test(record, default_dir_follows_xdg)
{
    char buf[256];
    setenv("XDG_DATA_HOME", "/x/data", 1);
    cr_expect_str_eq(record_default_dir(buf, sizeof buf), "/x/data/ecw");
    unsetenv("XDG_DATA_HOME");
    setenv("HOME", "/home/u", 1);
    cr_expect_str_eq(record_default_dir(buf, sizeof buf), "/home/u/.local/share/ecw");
    cr_expect_null(record_default_dir(buf, 4));
}

/* The whole of a small file, NUL-terminated (into buf of n bytes). */
static const char *file_text(const char *path, char *buf, size_t n)
{
    FILE *f = fopen(path, "rb");
    cr_assert(f != NULL, "%s", path);
    size_t got = fread(buf, 1, n - 1, f);
    fclose(f);
    buf[got] = 0;
    return buf;
}

/* Save rec and load it back into back, the file's text into text. */
static void save_and_load(Record *rec, Record *back, char *text, size_t n)
{
    Diag d = {{0}};
    const char *path = put("sealed.json", "");
    cr_assert_eq(record_save(rec, path, &d), 0, "%s", d.msg);
    file_text(path, text, n);
    cr_assert_eq(record_load(back, path, &d), 0, "%s", d.msg);
}

/* A saved game that is not over holds its seed sealed (it fixes the hidden
 * deal): no "seed" in the file, and loading gives the seed back, for
 * seeds across the 64 bits. */
Test(record, unfinished_game_seals_its_seed)
{
    const GameOps *g = games_all()[0];
    static const uint64_t seeds[] = {0, 1, 101, 4294967296u, 0x8000000000000000u, 18446744073709551615u};
    for (size_t k = 0; k < sizeof seeds / sizeof *seeds; k++) {
        Record rec, back;
        char text[4096], plain[32];
        record_init(&rec, g, NULL, seeds[k]);
        save_and_load(&rec, &back, text, sizeof text);
        snprintf(plain, sizeof plain, "%" PRIx64 "\"", seeds[k]);
        cr_expect(strstr(text, "\"seed\"") == NULL, "the seed in the open: %s", text);
        cr_expect(strstr(text, "\"sealed_seed\":\"") != NULL, "%s", text);
        cr_expect(k < 2 || strstr(text, plain) == NULL, "the seed unchanged: %s", text);
        cr_expect_eq(back.seed, seeds[k], "seed %" PRIu64 " came back as %" PRIu64, seeds[k], back.seed);
        record_fini(&rec);
        record_fini(&back);
    }
}

/* A game that is over holds its seed in the open, to be shared. */
Test(record, finished_game_shows_its_seed)
{
    const GameOps *g = games_all()[0];
    void *st = calloc(1, g->state_size);
    Record rec, back;
    char text[1 << 16];
    play_recorded(g, st, &rec, 2024);
    save_and_load(&rec, &back, text, sizeof text);
    cr_expect(strstr(text, "\"seed\":2024,") != NULL, "%.200s", text);
    cr_expect(strstr(text, "sealed_seed") == NULL, "%.200s", text);
    cr_expect_eq(back.seed, 2024u);
    record_fini(&rec);
    record_fini(&back);
    free(st);
}

Test(record, bad_sealed_seed)
{
    load_fails("{\"engine\":\"0.1.0\",\"game\":\"marston-less\",\"seed\":1,\"sealed_seed\":\"00ff\","
               "\"actions\":[]}",
               "sealed_seed: given with \"seed\"");
    load_fails("{\"engine\":\"0.1.0\",\"game\":\"marston-less\",\"sealed_seed\":\"xyz\",\"actions\":[]}",
               "sealed_seed: expected 1 to 16 hex digits");
    load_fails("{\"engine\":\"0.1.0\",\"game\":\"marston-less\",\"sealed_seed\":7,\"actions\":[]}",
               "sealed_seed: expected a hex string");
}

/* A byte-order mark an editor put before the text is passed over (RFC
 * 8259 lets a reader do so); one inside the text is still an error. */
Test(record, a_byte_order_mark_is_passed_over)
{
    Record r;
    Diag d = {{0}};
    const char *path = put("bom.json", "\xEF\xBB\xBF" HEAD "\"actions\":[]}");
    cr_expect_eq(record_load(&r, path, &d), 0, "%s", d.msg);
    cr_expect_eq(r.seed, 1u);
    record_fini(&r);
    load_fails(HEAD "\"actions\":[]}\xEF\xBB\xBF", "bad.json:1:");
}

/* A referee who stops at a die prompt leaves the action waiting
 * (record_suspend_last): it leaves "actions" with its hash, keeps only the
 * dice typed for it, and comes back from the file as "pending" with
 * "pending_rolls"; a replay applies the actions before it and leaves those
 * dice over for it, without calling them unused. */
Test(record, a_pending_action_keeps_its_typed_dice_and_round_trips)
{
    const GameOps *g = games_find("marston-less"); /* rolls no die before the first action */
    void *st = calloc(1, g->state_size), *st2 = calloc(1, g->state_size);
    Record rec, back;
    Diag d = {{0}};
    play_recorded(g, st, &rec, 41);
    size_t n = 3; /* deployments: no die of their own to take the ones typed for the third */
    cr_assert_gt(rec.nactions, n);
    Record part; /* the first n - 1 actions, then the n-th suspended after two typed dice and one of ecw's */
    record_init(&part, g, NULL, 41);
    for (size_t i = 0; i + 1 < n; i++)
        record_add_action(&part, &rec.actions[i].a, rec.actions[i].text, NULL);
    record_add_roll(&part, 6, 5);
    record_add_roll(&part, 6, 2);
    record_add_roll(&part, 6, 0);
    record_add_action(&part, &rec.actions[n - 1].a, rec.actions[n - 1].text, NULL);
    record_suspend_last(&part, 0, 2);
    cr_expect_eq(part.nactions, n - 1);
    cr_expect_eq(part.nrolls, 2u, "ecw's die after the stop is dropped");
    cr_expect(part.has_pending);
    cr_expect_eq(part.pending_rolls, 2u);
    cr_expect_str_eq(part.pending.text, rec.actions[n - 1].text);
    const char *path = put("pending.json", "");
    cr_assert_eq(record_save(&part, path, &d), 0, "%s", d.msg);
    char *text = slurp(path);
    cr_expect(strstr(text, "\"pending\":{") && strstr(text, "\"pending_rolls\":2"), "%s", text);
    free(text);
    cr_assert_eq(record_load(&back, path, &d), 0, "%s", d.msg);
    cr_expect(back.has_pending);
    cr_expect_eq(back.pending_rolls, 2u);
    cr_expect_eq(memcmp(&back.pending.a, &rec.actions[n - 1].a, sizeof(Action)), 0);
    cr_expect_eq(record_replay(&back, st2, NULL, false, &d), REPLAY_OK, "%s", d.msg);
    back.pending_rolls = 1; /* one of the dice left over is then nobody's */
    cr_expect_neq(record_replay(&back, st2, NULL, false, &d), REPLAY_OK);
    cr_expect(strstr(d.msg, "1 recorded rolls were never used") != NULL, "%s", d.msg);
    record_fini(&rec);
    record_fini(&part);
    record_fini(&back);
    free(st);
    free(st2);
}

/* A pending action withdrawn (record_drop_pending: 'undo' at its die
 * prompt) goes with the dice typed for it, and nothing else: the record is
 * the game before it, and a second drop changes nothing. */
Test(record, a_pending_action_dropped_goes_with_its_dice)
{
    const GameOps *g = games_find("marston-less");
    void *st = calloc(1, g->state_size);
    Record rec, part;
    play_recorded(g, st, &rec, 41);
    record_init(&part, g, NULL, 41);
    record_add_action(&part, &rec.actions[0].a, rec.actions[0].text, NULL);
    record_add_roll(&part, 6, 3); /* a die of the action before it */
    record_add_roll(&part, 6, 5);
    record_add_roll(&part, 6, 2);
    record_add_action(&part, &rec.actions[1].a, rec.actions[1].text, NULL);
    record_suspend_last(&part, 1, 2);
    cr_assert(part.has_pending);
    record_drop_pending(&part);
    cr_expect(!part.has_pending);
    cr_expect_eq(part.pending_rolls, 0u);
    cr_expect_eq(part.nactions, 1u);
    cr_expect_eq(part.nrolls, 1u, "only the die before it is left");
    cr_expect_eq(part.rolls[0].value, 3);
    record_drop_pending(&part);
    cr_expect_eq(part.nactions, 1u);
    cr_expect_eq(part.nrolls, 1u);
    record_fini(&rec);
    record_fini(&part);
    free(st);
}

/* "pending" and "pending_rolls" come together, the dice no more than the
 * rolls there are, the action well formed: else refused, naming the field. */
Test(record, a_malformed_pending_action_is_refused)
{
    load_fails(HEAD "\"actions\":[],\"pending_rolls\":0}", "pending_rolls: given without \"pending\"");
    load_fails(HEAD "\"actions\":[],\"pending\":{\"verb\":1,\"piece\":0,\"target\":0,\"arg\":0}}",
               "pending: given without \"pending_rolls\"");
    load_fails(HEAD "\"actions\":[],\"rolls\":[{\"sides\":6,\"value\":4}],\"pending\":{\"verb\":1,\"piece\":0,"
                    "\"target\":0,\"arg\":0},\"pending_rolls\":2}",
               "pending_rolls: 2 is out of range 0..1");
    load_fails(HEAD "\"actions\":[],\"pending\":{\"verb\":1,\"piece\":0,\"target\":0},\"pending_rolls\":0}",
               "pending.arg: missing");
    load_fails(HEAD "\"actions\":[],\"pending\":[],\"pending_rolls\":0}", "pending: expected an object");
}

/* Actions taken back are kept for the audit: an undo moves the earlier
 * ones past its point back to it (their line is gone), and the list comes
 * back from the file as it went in. */
Test(record, taken_back_actions_round_trip_and_stand_where_the_game_went_back_to)
{
    const GameOps *g = games_all()[0];
    void *st = calloc(1, g->state_size);
    Record rec, back;
    Diag d = {{0}};
    play_recorded(g, st, &rec, 35);
    cr_assert_gt(rec.nactions, 12u);
    RecTakenBack w = {.at = 10, .withdrawn = true, .text = "fire 1 P3", .dropped = {4, 17}, .ndropped = 2};
    RecTakenBack u = {.at = 8, .side = "royalist", .text = "move R1 4", .replies = 1};
    RecTakenBack u2 = {.at = 12, .side = "parliament", .text = "end", .dropped = {6}, .ndropped = 1}; /* typed dice */
    record_note_taken_back(&rec, &w);
    record_note_taken_back(&rec, &u);
    cr_expect_eq(rec.taken[0].at, 8u, "the withdrawal at 10 stood in the line the undo at 8 took back");
    record_note_taken_back(&rec, &u2);
    cr_expect_eq(rec.taken[1].at, 8u);
    const char *path = put("taken.json", "");
    cr_assert_eq(record_save(&rec, path, &d), 0, "%s", d.msg);
    cr_assert_eq(record_load(&back, path, &d), 0, "%s", d.msg);
    cr_assert_eq(back.ntaken, 3u);
    cr_expect(back.taken[0].withdrawn && back.taken[0].at == 8 && back.taken[0].ndropped == 2 &&
              back.taken[0].dropped[1] == 17 && strcmp(back.taken[0].text, "fire 1 P3") == 0);
    cr_expect(!back.taken[1].withdrawn && back.taken[1].replies == 1 && strcmp(back.taken[1].side, "royalist") == 0);
    cr_expect(back.taken[2].at == 12 && strcmp(back.taken[2].text, "end") == 0);
    cr_expect(!back.taken[2].withdrawn && back.taken[2].ndropped == 1 && back.taken[2].dropped[0] == 6,
              "an undo keeps the dice typed for the order it took back");
    cr_expect(back.taken[1].ndropped == 0, "an undo of no typed dice keeps none");
    cr_expect_eq(record_replay(&back, st, NULL, true, &d), REPLAY_OK, "%s", d.msg);
    record_fini(&rec);
    record_fini(&back);
    free(st);
}

Test(record, bad_taken_back_entries_are_named)
{
    load_fails(HEAD "\"actions\":[],\"taken_back\":{}}", "taken_back: expected an array");
    load_fails(HEAD "\"actions\":[],\"taken_back\":[{\"at\":1,\"kind\":\"undo\",\"side\":\"royalist\",\"action\":\"x\"}]}",
               "taken_back[0].at: 1 is out of range 0..0");
    load_fails(HEAD "\"actions\":[],\"taken_back\":[{\"at\":0,\"kind\":\"redo\",\"action\":\"x\"}]}",
               "taken_back[0].kind: expected \"undo\" or \"withdrawn\"");
    load_fails(HEAD "\"actions\":[],\"taken_back\":[{\"at\":0,\"kind\":\"undo\",\"side\":\"king\",\"action\":\"x\"}]}",
               "taken_back[0].side: not a role of the game");
    load_fails(HEAD "\"actions\":[],\"taken_back\":[{\"at\":0,\"kind\":\"withdrawn\",\"action\":\"x\"}]}",
               "taken_back[0].dropped: missing");
    load_fails(HEAD "\"actions\":[],\"taken_back\":[{\"at\":0,\"kind\":\"withdrawn\",\"action\":\"x\",\"dropped\":[0]}]}",
               "taken_back[0].dropped: a die is a whole number of 1 or more");
    load_fails(HEAD "\"actions\":[],\"taken_back\":[{\"at\":0,\"kind\":\"undo\",\"side\":\"royalist\"}]}",
               "taken_back[0].action: missing");
    load_fails(HEAD "\"actions\":[],\"taken_back\":[{\"at\":0,\"kind\":\"undo\",\"side\":\"royalist\",\"action\":\"x\","
                    "\"dropped\":[7,-1]}]}",
               "taken_back[0].dropped: a die is a whole number of 1 or more");
}

/* ------------------------------------------------------------------ */
/* The digests of the dice                                             */
/* ------------------------------------------------------------------ */

/* A sitting's dice as play's manual dice are: each die asked is typed (a
 * fixed sequence from `n`) and kept in the record. */
typedef struct Typist {
    Record  *rec;
    unsigned n;
} Typist;

static int typist_roll(void *ud, int sides, int player, const char *why)
{
    (void)player, (void)why;
    Typist *t = ud;
    int v = (int)(t->n++ * 5u % (unsigned)sides) + 1;
    record_add_roll(t->rec, sides, v);
    return v;
}

/* Set up g and begin a record of it, the opening's dice typed. */
static void begin_typed(const GameOps *g, void *st, Record *rec, Typist *t, uint64_t seed)
{
    Diag d;
    cr_assert_eq(g->setup(st, NULL, seed, &d), 0, "%s", d.msg);
    record_init(rec, g, NULL, seed);
    *t = (Typist){rec, 0};
    GameIO io = {NULL, typist_roll, t};
    game_begin(g, st, &io);
}

/* Play up to n actions more (the end first, if it comes) with a random
 * AI drawing from ai, the dice typed, each action recorded as play does. */
static void play_typed(const GameOps *g, void *st, Record *rec, Typist *t, Rng *ai, size_t n)
{
    const AiPlayer *rnd = ai_find("random");
    GameIO io = {NULL, typist_roll, t};
    for (size_t k = 0; k < n && !g->terminal(st); k++) {
        Action a;
        char text[RECORD_TEXT];
        cr_assert_eq(rnd->choose(g, st, ai, &a), 0);
        g->describe(st, &a, text, sizeof text);
        g->apply(st, &a, &io);
        record_add_action(rec, &a, text, st);
    }
}

/* Turn every digest of r's dice on or off (off: a record as ecw wrote it
 * before it kept them). */
static void digests_on(Record *r, bool on)
{
    for (size_t i = 0; i < r->nhashes; i++)
        r->hashes[i].has_dice = on;
    r->has_final_dice = r->has_dropped_dice = on;
}

/* A die of r that can be edited without changing the state (the record
 * without its digests still verifies with it), edited: its index, its old
 * value into *was; -1 if none of the first 60 dice is such. */
static long quiet_edit(Record *r, void *st, int *was)
{
    Diag d = {{0}};
    digests_on(r, false);
    for (size_t k = 0; k < r->nrolls && k < 60; k++) {
        int old = r->rolls[k].value;
        for (int v = 1; v <= r->rolls[k].sides; v++) {
            r->rolls[k].value = v;
            if (v != old && record_replay(r, st, NULL, true, &d) == REPLAY_OK) {
                *was = old;
                digests_on(r, true);
                return (long)k;
            }
        }
        r->rolls[k].value = old;
    }
    digests_on(r, true);
    return -1;
}

/* The rolls lo..hi a message names ("a die among rolls 37..52", "the die
 * rolls[37]"). */
static bool named_rolls(const char *msg, size_t *lo, size_t *hi)
{
    const char *p = strstr(msg, "a die among rolls "), *one = strstr(msg, "the die rolls[");
    if (one && sscanf(one, "the die rolls[%zu]", lo) == 1) {
        *hi = *lo;
        return true;
    }
    return p && sscanf(p, "a die among rolls %zu..%zu", lo, hi) == 2;
}

/* Save r and load it back into back (verified), the file's text into text. */
static void round_trip(const Record *r, Record *back, void *st, char *text, size_t n)
{
    Diag d = {{0}};
    const char *path = put("dice.json", "");
    cr_assert_eq(record_save(r, path, &d), 0, "%s", d.msg);
    file_text(path, text, n);
    cr_assert_eq(record_load(back, path, &d), 0, "%s", d.msg);
    cr_assert_eq(record_replay(back, st, NULL, true, &d), REPLAY_OK, "%s", d.msg);
}

/* The digest is FNV-1a over fixed bytes: the same on every machine. */
Test(record, the_dice_digest_is_fixed)
{
    RecRoll rolls[] = {{6, 4}};
    cr_expect_eq(record_dice_digest(rolls, 0), 0xcbf29ce484222325u);
    cr_expect_eq(record_dice_digest(rolls, 1), 0xeabd1a416b1297c7u);
    RecRoll swapped[] = {{4, 6}};
    cr_expect_neq(record_dice_digest(swapped, 1), record_dice_digest(rolls, 1));
}

/* A referee's die edited where it changed nothing (a shot that missed
 * either way) passed --verify: each hash, and the end, keep a digest of
 * the dice, which come back from the file, and the edit is found, naming
 * the rolls it lies among. Without the digests (a record made before
 * them) the same record verifies as it did. */
Test(record, a_die_edited_that_changes_nothing_is_found)
{
    const GameOps *g = games_find("marston-less");
    void *st = calloc(1, g->state_size), *st2 = calloc(1, g->state_size);
    Record rec, back, old;
    Typist t;
    Rng ai;
    rng_seed(&ai, 5);
    begin_typed(g, st, &rec, &t, 11);
    play_typed(g, st, &rec, &t, &ai, 100000);
    record_finish(&rec, st);
    cr_assert_gt(rec.nrolls, 10u, "too few dice to edit");
    char text[1 << 16];
    round_trip(&rec, &back, st2, text, sizeof text);
    cr_expect(strstr(text, "\"dice\":\"") && strstr(text, "\"final_dice\":\""), "%.300s", text);
    cr_expect(record_dice_covered(&back));
    for (size_t i = 0; i < rec.nhashes; i++)
        cr_expect(back.hashes[i].has_dice && back.hashes[i].dice == rec.hashes[i].dice, "hashes[%zu].dice", i);
    cr_expect(back.has_final_dice && back.final_dice == record_dice_digest(rec.rolls, rec.nrolls));
    int was = 0;
    long k = quiet_edit(&back, st2, &was);
    cr_assert_geq(k, 0, "no die of this game can be edited without changing the state");
    Diag d = {{0}};
    long at = record_replay(&back, st2, NULL, true, &d);
    size_t lo = 0, hi = 0;
    cr_expect_neq(at, REPLAY_OK, "the die edited passed --verify");
    cr_expect(strstr(d.msg, "dice differ from the record") && strstr(d.msg, "was edited, added or removed"), "%s",
              d.msg);
    cr_expect(named_rolls(d.msg, &lo, &hi) && lo <= (size_t)k && (size_t)k <= hi, "rolls[%ld] not named: %s", k,
              d.msg);
    int quiet = back.rolls[k].value;
    back.rolls[k].value = was;
    back.nrolls--; /* the last die removed */
    cr_expect_neq(record_replay(&back, st2, NULL, true, &d), REPLAY_OK);
    cr_expect(strstr(d.msg, "dice differ from the record") != NULL, "%s", d.msg);
    digests_on(&rec, false); /* as an ecw before the digests wrote it */
    round_trip(&rec, &old, st2, text, sizeof text);
    cr_expect(!strstr(text, "\"dice\":\"") && !strstr(text, "final_dice") && !strstr(text, "dropped_dice"), "%.300s",
              text);
    cr_expect(!record_dice_covered(&old));
    old.rolls[k].value = quiet; /* the hole the digests close */
    cr_expect_eq(record_replay(&old, st2, NULL, true, &d), REPLAY_OK, "%s", d.msg);
    record_fini(&rec);
    record_fini(&back);
    record_fini(&old);
    free(st);
    free(st2);
}

/* An undo takes the record back (record_truncate), the hashes past it
 * with their digests; the game goes on with other dice, and the record
 * saved after it verifies, its digests those of the dice it now holds. */
Test(record, the_dice_digests_follow_an_undo)
{
    const GameOps *g = games_find("marston-less");
    void *st = calloc(1, g->state_size), *snap = calloc(1, g->state_size), *st2 = calloc(1, g->state_size);
    Record rec, back;
    Typist t;
    Rng ai, ai_snap;
    rng_seed(&ai, 7);
    begin_typed(g, st, &rec, &t, 11);
    play_typed(g, st, &rec, &t, &ai, 25);
    memcpy(snap, st, g->state_size);
    ai_snap = ai;
    size_t na = rec.nactions, nr = rec.nrolls;
    play_typed(g, st, &rec, &t, &ai, 15); /* past the hash at 30, and dice typed */
    cr_assert_gt(rec.nrolls, nr, "no die typed after the point taken back to");
    memcpy(st, snap, g->state_size); /* undo */
    ai = ai_snap;
    record_truncate(&rec, na, nr);
    cr_expect_eq(rec.nhashes, na / RECORD_HASH_EVERY);
    t.n += 3; /* the dice typed anew are others */
    play_typed(g, st, &rec, &t, &ai, 100000);
    record_finish(&rec, st);
    char text[1 << 16];
    round_trip(&rec, &back, st2, text, sizeof text);
    for (size_t i = 0; i < back.nhashes; i++)
        cr_expect(back.hashes[i].has_dice, "hashes[%zu] lost its digest", i);
    int was = 0;
    cr_expect_geq(quiet_edit(&back, st2, &was), 0);
    Diag d = {{0}};
    cr_expect_neq(record_replay(&back, st2, NULL, true, &d), REPLAY_OK, "a die edited after an undo passed");
    record_fini(&rec);
    record_fini(&back);
    free(st);
    free(snap);
    free(st2);
}

/* The dice typed for a pending action (record_suspend_last) are covered
 * by "final_dice", and those dropped with it when it is withdrawn
 * (record_drop_pending, then "taken_back") by "dropped_dice": saved,
 * loaded and verified at each step, and an edit of either is found. */
Test(record, the_dice_of_a_pending_action_and_those_dropped_are_covered)
{
    const GameOps *g = games_find("marston-less");
    void *st = calloc(1, g->state_size), *before = calloc(1, g->state_size), *st2 = calloc(1, g->state_size);
    Record rec, back;
    Typist t;
    Rng ai;
    rng_seed(&ai, 9);
    begin_typed(g, st, &rec, &t, 11);
    size_t nr = 0;
    do { /* on to an action that asks for dice */
        memcpy(before, st, g->state_size);
        nr = rec.nrolls;
        play_typed(g, st, &rec, &t, &ai, 1);
    } while (rec.nrolls == nr && !g->terminal(st));
    cr_assert_gt(rec.nrolls, nr, "no action asked for a die");
    size_t typed = rec.nrolls - nr;
    record_suspend_last(&rec, nr, typed); /* the referee stopped at its last die */
    record_finish(&rec, before);
    char text[1 << 16];
    round_trip(&rec, &back, st2, text, sizeof text);
    cr_assert(back.has_pending);
    back.rolls[back.nrolls - 1].value = back.rolls[back.nrolls - 1].value % back.rolls[back.nrolls - 1].sides + 1;
    Diag d = {{0}};
    cr_expect_neq(record_replay(&back, st2, NULL, true, &d), REPLAY_OK, "a pending action's die edited passed");
    cr_expect(strstr(d.msg, "final dice differ from the record") && strstr(d.msg, "the pending action ("), "%s",
              d.msg);
    record_fini(&back);
    RecTakenBack w = {.at = 0, .withdrawn = true, .ndropped = 0}; /* the referee withdraws it */
    snprintf(w.text, sizeof w.text, "%s", rec.pending.text);
    for (size_t k = 0; k < typed && w.ndropped < RECORD_DROPPED; k++)
        w.dropped[w.ndropped++] = rec.rolls[rec.nrolls - typed + k].value;
    record_drop_pending(&rec);
    w.at = rec.nactions;
    record_note_taken_back(&rec, &w);
    record_finish(&rec, before);
    round_trip(&rec, &back, st2, text, sizeof text);
    cr_expect(strstr(text, "\"dropped_dice\":\"") != NULL, "%.300s", text);
    back.taken[0].dropped[0] = back.taken[0].dropped[0] % 6 + 1;
    cr_expect_neq(record_replay(&back, st2, NULL, true, &d), REPLAY_OK, "a die dropped, edited, passed");
    cr_expect(strstr(d.msg, "the dice dropped with the actions taken back differ from the record") != NULL, "%s",
              d.msg);
    back.taken[0].dropped[0] = w.dropped[0];
    back.taken[0].ndropped--; /* one removed */
    cr_expect_neq(record_replay(&back, st2, NULL, true, &d), REPLAY_OK, "a die dropped, removed, passed");
    record_fini(&back);
    memcpy(st, before, g->state_size); /* the game goes on: the digests follow */
    play_typed(g, st, &rec, &t, &ai, 100000);
    record_finish(&rec, st);
    round_trip(&rec, &back, st2, text, sizeof text);
    record_fini(&rec);
    record_fini(&back);
    free(st);
    free(before);
    free(st2);
}

/* A game played with ecw's dice and resumed with typed ones has the dice
 * ecw rolled filled in (record_replay_filled): its digests are taken
 * again over them, so that the game saved after it verifies. */
Test(record, the_dice_digests_are_taken_again_over_dice_filled_in)
{
    const GameOps *g = games_find("catch-a-king"); /* rolls dice in the opening and most turns */
    void *st = calloc(1, g->state_size), *st2 = calloc(1, g->state_size);
    Record rec, back;
    play_recorded(g, st, &rec, 5); /* ecw's dice: none kept */
    cr_assert_eq(rec.nrolls, 0u);
    char text[1 << 17];
    round_trip(&rec, &back, st2, text, sizeof text);
    Diag d = {{0}};
    cr_assert_eq(record_replay_filled(&back, st2, NULL, true, &d, NULL, NULL), REPLAY_OK, "%s", d.msg);
    cr_assert_gt(back.nrolls, 0u, "no die filled in");
    record_finish(&back, st2);
    Record again;
    round_trip(&back, &again, st2, text, sizeof text);
    cr_expect(again.nhashes > 0 && again.hashes[again.nhashes - 1].dice != record_dice_digest(NULL, 0));
    record_fini(&rec);
    record_fini(&back);
    record_fini(&again);
    free(st);
    free(st2);
}

Test(record, bad_dice_digests_are_named)
{
#define ACT "{\"verb\":0,\"piece\":0,\"target\":0,\"arg\":0}"
    load_fails(HEAD "\"actions\":[" ACT "],\"hashes\":[{\"at\":1,\"hash\":\"1\",\"dice\":\"xyz\"}]}",
               "hashes[0].dice: expected 1 to 16 hex digits");
    load_fails(HEAD "\"actions\":[],\"final_dice\":7}", "final_dice: expected a hex string");
    load_fails(HEAD "\"actions\":[],\"dropped_dice\":\"\"}", "dropped_dice: expected 1 to 16 hex digits");
#undef ACT
}
