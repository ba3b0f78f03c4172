/* cmd_replay.c - `ecw replay [GAME] FILE`: load a game record, replay it through
 * the rules (every action checked, recorded dice fed back), print the
 * result; --verify also compares the stored state hashes and dice digests
 * and fails at the first divergence, naming the action; --show tells the game in words,
 * every action with its side and every event's line (the dice among them). */
#include "cli.h"
#include <stdlib.h>
#include <string.h>

/* The --help text. */
static void replay_help(FILE *f)
{
    fputs("usage: ecw replay [GAME] FILE [--verify] [--show] [--events FILE [--overwrite]]\n"
          "Replay a saved game and print its result. The record names its game; a GAME\n"
          "given before FILE must be that game (ecw replay catch-a-king FILE).\n"
          "  --verify          compare the state hashes and dice digests stored in the\n"
          "                    record, and each action's text with its fields; exit 1\n"
          "                    at the first divergence, naming the action (0-based, as\n"
          "                    in the record's \"actions\" array) or the rolls where an\n"
          "                    edited die lies, or if it holds no hash\n"
          "  --show            tell the game in words: each action with its side and turn,\n"
          "                    and every event's line (chance cards, every die, combats)\n"
          "  --events FILE     write every event of the replay as JSON lines\n"
          "  --overwrite       let --events replace a file that is there\n"
          "  -h, --help        this help\n", f);
}

/* ReplayShow for --show: the action, by its side, with the turn. */
static void replay_show(void *ud, const void *st, int player, const RecAction *ra, size_t rolls_before)
{
    (void)rolls_before;
    const GameOps *g = ud;
    printf("turn %d, %s: %s\n", g->turn(st), player >= 0 && player < g->nplayers ? g->roles[player] : "?", ra->text);
}

/* Replay the loaded record r; returns the exit code. With show, the
 * events' lines go to stdout (all of them: the game is over or its
 * record is in hand, with its seed) and each action is told. */
/* Do `words` name the action described as `fields` (read back as this
 * ecw reads them, so that an older ecw's way of writing a point passes)? */
static bool words_name(const GameOps *g, const void *st, const char *words, const char *fields)
{
    Action a;
    Diag d = {{0}};
    char back[RECORD_TEXT];
    if (g->parse(st, words, &a, &d) < 0)
        return false;
    g->describe(st, &a, back, sizeof back);
    return strcmp(back, fields) == 0;
}

/* The action a record leaves waiting for its dice (play's quit at a die
 * prompt), as this ecw reads it: what --load will do with it. With
 * verify, only whether it could have been declared where the record
 * stops: one not legal there, or in a game over, fails it, said why,
 * since play keeps only an action it has checked (1 then, else 0). */
static int replay_pending(const Record *r, const void *st, const char *path, bool verify)
{
    if (!r->has_pending)
        return 0;
    const GameOps *g = r->game;
    char text[RECORD_TEXT];
    g->describe(st, &r->pending.a, text, sizeof text);
    Diag d = {{0}};
    bool over = g->terminal(st), illegal = !over && g->check(st, &r->pending.a, &d) < 0;
    if (verify && (over || illegal)) {
        cli_error("replay: %s: the pending action (%s) %s%s%s: play keeps only an action it has checked (an edited "
                  "file)", path, text, over ? "waits in a game that is over" : "is not legal where the record stops (",
                  over ? "" : d.msg, over ? "" : ")");
        return 1;
    }
    if (verify && r->pending.text[0] && !words_name(g, st, r->pending.text, text)) { /* play writes its fields' words */
        cli_error("replay: %s: the pending action's words (\"%s\") are not its fields' (%s): one or the other was "
                  "edited", path, r->pending.text, text);
        return 1;
    }
    if (verify) /* (told once the record has passed) */
        return 0;
    if (over)
        printf("the record also holds %s waiting for its dice, though the game is over: nothing goes on with it\n",
               text);
    else if (illegal)
        printf("then %s was declared, but it is not legal here (%s): 'ecw play --load %s' drops it\n", text, d.msg,
               path);
    else
        printf("then %s was declared; its dice were being typed (%zu so far) when the game stopped: "
               "'ecw play --load %s' goes on with it\n",
               text, r->pending_rolls, path);
    return 0;
}

/* What --verify compared: the hashes, and the dice recorded, or that a
 * record made before ecw kept a digest of its dice covers them only as
 * far as they changed the state. */
static void verified_what(const Record *r, char *b, size_t n)
{
    int len = snprintf(b, n, ", every hash matches (%zu after actions%s)", r->nhashes,
                       r->has_final ? ", and the final one" : "");
    if (!r->nrolls || len < 0 || (size_t)len >= n)
        return;
    if (record_dice_covered(r))
        snprintf(b + len, n - (size_t)len, ", as do the %zu dice recorded", r->nrolls);
    else
        snprintf(b + len, n - (size_t)len, "; the %zu dice recorded are not covered by a digest (the record "
                 "was made before ecw kept one): a die that changed nothing in the state is not checked", r->nrolls);
}

static int replay_run(const Record *r, const char *path, bool verify, bool show, FILE *events)
{
    void *st = cli_state_new(r->game);
    CliSink sink = {events, NULL, show ? stdout : NULL, CLI_SHOW_ALL};
    EventLog log;
    evlog_init(&log, cli_sink, &sink);
    Diag d = {{0}};
    long at = record_replay_shown(r, st, events || show ? &log : NULL, verify, &d, show ? replay_show : NULL,
                                  (void *)r->game);
    int code = EXIT_OK;
    if (at == REPLAY_SETUP_FAILED) {
        cli_error("replay: %s: set-up failed: %s", path, d.msg);
        code = EXIT_FAIL;
    } else if (at >= 0 || at == REPLAY_INCOMPARABLE) {
        cli_error("replay: %s: %s", path, d.msg);
        code = EXIT_FAIL;
    } else if (verify && !r->nhashes && !r->has_final) { /* (an analyst's record stripped of them passed) */
        cli_error("replay: %s: --verify found no state hashes to compare (\"hashes\" empty, no \"final_hash\"); "
                  "its %zu actions replay without a refusal, which checks the rules but not the record",
                  path, r->nactions);
        code = EXIT_FAIL;
    } else if (verify && replay_pending(r, st, path, true)) {
        code = EXIT_FAIL;
    } else {
        char compared[256] = "";
        if (verify)
            verified_what(r, compared, sizeof compared);
        printf("%s: %zu actions replayed%s\n", path, r->nactions, compared);
        cli_print_result(r->game, st, stdout);
        replay_pending(r, st, path, false);
    }
    evlog_fini(&log);
    free(st);
    return code;
}

typedef struct ReplayArgs {
    const char    *path, *events;
    const GameOps *game; /* the GAME given before FILE, or NULL */
    bool           verify, show, overwrite;
} ReplayArgs;

/* Parse argv into a; -1 to go on, or an exit code. */
static int replay_args(int argc, char **argv, ReplayArgs *a)
{
    static const struct option opts[] = {{"help", no_argument, NULL, 'h'},
                                         {"verify", no_argument, NULL, 'v'},
                                         {"show", no_argument, NULL, 'w'},
                                         {"events", required_argument, NULL, 'E'},
                                         {"overwrite", no_argument, NULL, 'W'},
                                         {0}};
    int c;
    const char *seen[CLI_MAX_LONGOPTS] = {0};
    cli_getopt_reset();
    while ((c = cli_getopt("replay", argc, argv, ":hv", opts, seen)) != -1) {
        if (c == 'h') {
            replay_help(stdout);
            return EXIT_OK;
        } else if (c == 'v') {
            a->verify = true;
        } else if (c == 'w') {
            a->show = true;
        } else if (c == 'E') {
            a->events = optarg;
        } else if (c == 'W') {
            a->overwrite = true;
        } else {
            return EXIT_USAGE; /* CLI_OPT_ERROR: cli_getopt said why */
        }
    }
    if (optind + 1 != argc && optind + 2 != argc) {
        cli_error("replay: expected FILE or GAME FILE (see ecw replay --help)");
        return EXIT_USAGE;
    }
    /* two words: the first must be the GAME; say so rather than only that
     * it is no game, since the user may have meant two files */
    if (optind + 2 == argc && !(a->game = cli_find_game(argv[optind]))) {
        char games[256];
        cli_error("replay: takes [GAME] FILE, and '%s' is not a game (games: %s)", argv[optind],
                  cli_game_ids(games, sizeof games));
        return EXIT_USAGE;
    }
    a->path = argv[argc - 1];
    return -1;
}

int cmd_replay(int argc, char **argv)
{
    ReplayArgs a = {0};
    int code = replay_args(argc, argv, &a);
    if (code >= 0)
        return code;
    if (cli_same_file(a.path, a.events)) { /* the events would overwrite the record replayed */
        cli_error("replay: --events '%s' is the record being replayed: give another file", a.events);
        return EXIT_USAGE;
    }
    Record r;
    Diag d = {{0}};
    if (cli_load_record("replay", a.path, a.game, &r) != EXIT_OK) {
        record_fini(&r);
        return EXIT_FAIL;
    }
    FILE *events = a.events ? cli_open_events(a.events, a.overwrite, &d) : NULL;
    code = EXIT_FAIL;
    if (a.events && !events)
        cli_error("replay: %s", d.msg);
    else
        code = cli_finish_events(events, replay_run(&r, a.path, a.verify, a.show, events), "replay", a.events);
    record_fini(&r);
    return code;
}
