/* cmd_watch.c - `ecw watch GAME`: the computer plays every side; the
 * public events and each action are narrated as they happen, the board is
 * drawn whenever the turn changes, paced by --delay unless --fast. */
#include "cli.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct Watch {
    const GameOps  *g;
    const AiPlayer *ais[MAX_PLAYERS];
    long            delay_ms;
    bool            fast, delay_given;
} Watch;

/* The --help text. */
static void watch_help(FILE *f)
{
    fputs("usage: ecw watch GAME [options]\n"
          "Watch the computer play GAME against itself.\n"
          "  --ROLE AI         the AI for a side, e.g. --royalist random (default\n"
          "                    heuristic)\n"
          "  --seed N          the game's seed (default: fresh, printed on stderr)\n"
          "  --game I          with --seed S (default 1): game I of `ecw sim GAME --seed\n"
          "                    S` (counted from 0, as its events' \"game\"), played again\n"
          "                    with the same --option and AI flags\n"
          "  --save FILE       write the game record to FILE\n"
          "  --events FILE     write every event as JSON lines to FILE\n"
          "  --overwrite       let --save or --events replace a file that is there\n"
          "  --option k=v      a game option (repeatable; `ecw games` lists them)\n"
          "  --delay MS        pause between actions (default 400; none when the\n"
          "                    output is not a terminal)\n"
          "  --fast            no pauses (not with --delay)\n"
          "  -h, --help        this help\n", f);
    cli_help_flags(f, true);
}

/* Sleep ms milliseconds (interrupted early by a signal). */
static void watch_sleep(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* RunGame.on_action: who does what, then the pause. */
static void watch_on_action(void *ud, const void *st, int player, const Action *a,
                            const char *text)
{
    (void)st;
    (void)a;
    Watch *w = ud;
    printf("%s (%s): %s\n", w->g->roles[player], w->ais[player]->name, text);
    fflush(stdout);
    if (!w->fast && w->delay_ms > 0)
        watch_sleep(w->delay_ms);
}

/* RunGame.on_turn: the board as the public sees it (at the end too,
 * headed as the end, not as the last turn again). */
static void watch_on_turn(void *ud, const void *st)
{
    Watch *w = ud;
    if (w->g->terminal(st))
        printf("\n== the end, after turn %d ==\n", w->g->turn(st));
    else
        printf("\n== turn %d ==\n", w->g->turn(st));
    w->g->render(st, VIS_PUBLIC, stdout);
    fflush(stdout);
}

typedef struct WatchArgs {
    uint64_t    seed;
    long        game; /* --game: game `game` of `sim --seed seed`; -1 not given */
    bool        seeded, overwrite;
    const char *save, *events;
    Options     opt;
    CliFlags    flags;
} WatchArgs;

/* One option; EXIT_OK to go on or an exit code. */
static int watch_opt(WatchArgs *a, Watch *w, int c)
{
    Diag d = {{0}};
    int flag = cli_flag(&a->flags, "watch", c, optarg, &a->opt);
    if (flag >= 0)
        return flag;
    switch (c) {
    case 's':
        a->seeded = true;
        if (cli_parse_u64(optarg, "--seed", &a->seed, &d) == 0)
            return EXIT_OK;
        break;
    case 'g':
        if (cli_parse_int(optarg, 0, LONG_MAX, "--game", &a->game, &d) == 0)
            return EXIT_OK;
        break;
    case 'S': a->save = optarg; return EXIT_OK;
    case 'E': a->events = optarg; return EXIT_OK;
    case 'W': a->overwrite = true; return EXIT_OK;
    case 'f': w->fast = true; return EXIT_OK;
    case 'D':
        w->delay_given = true;
        if (cli_parse_int(optarg, 0, 60000, "--delay", &w->delay_ms, &d) == 0)
            return EXIT_OK;
        break;
    case 'o':
        if (cli_option_kv(&a->opt, optarg, &d) == 0)
            return EXIT_OK;
        break;
    default: return EXIT_USAGE; /* CLI_OPT_ERROR: cli_getopt said why */
    }
    cli_error("watch: %s", d.msg);
    return EXIT_USAGE;
}

/* Parse argv; -1 to go on, or an exit code. */
static int watch_args(int argc, char **argv, WatchArgs *a, Watch *w)
{
    static const struct option fixed[] = {
        {"help", no_argument, NULL, 'h'},         {"seed", required_argument, NULL, 's'},
        {"save", required_argument, NULL, 'S'},   {"events", required_argument, NULL, 'E'},
        {"option", required_argument, NULL, 'o'}, {"delay", required_argument, NULL, 'D'},
        {"fast", no_argument, NULL, 'f'},         {"overwrite", no_argument, NULL, 'W'},
        {"game", required_argument, NULL, 'g'},   {0}};
    struct option opts[CLI_MAX_LONGOPTS];
    cli_longopts(fixed, opts, &a->flags, true);
    int c;
    const char *seen[CLI_MAX_LONGOPTS] = {0};
    cli_getopt_reset();
    while ((c = cli_getopt("watch", argc, argv, ":ho:", opts, seen)) != -1) {
        if (c == 'h') {
            watch_help(stdout);
            return EXIT_OK;
        }
        int rc = watch_opt(a, w, c);
        if (rc != EXIT_OK)
            return rc;
    }
    if (w->fast && w->delay_given) { /* (one of them would be ignored without a word) */
        cli_error("watch: --fast and --delay contradict each other (--fast: no pauses; --delay MS: a pause of MS "
                  "between actions): give one");
        return EXIT_USAGE;
    }
    if (a->game >= 0 && !a->seeded) /* sim's own default run seed */
        a->seed = 1, a->seeded = true;
    int rc = cli_game_ais("watch", argc, argv, &a->flags, &w->g, w->ais);
    return rc == EXIT_OK ? -1 : rc;
}

/* Play the game with the hooks above; returns the exit code. */
static int watch_run(WatchArgs *a, Watch *w, FILE *events)
{
    const GameOps *g = w->g;
    void *st = cli_state_new(g);
    Diag d = {{0}};
    uint64_t seed = a->game >= 0 ? cli_sim_game_seed(a->seed, a->game) : a->seed;
    if (g->setup(st, &a->opt, seed, &d) < 0) {
        cli_error("watch: %s", d.msg);
        free(st);
        return EXIT_USAGE;
    }
    Record rec;
    record_init(&rec, g, &a->opt, seed);
    for (int i = 0; i < g->nplayers; i++) /* who played: a record of a game stopped early tells play --load */
        snprintf(rec.player[i], RECORD_NAME, "%s", w->ais[i]->name);
    snprintf(rec.dice, RECORD_NAME, "auto");
    CliSink sink = {events, NULL, stdout, VIS_PUBLIC};
    EventLog log;
    evlog_init(&log, cli_sink, &sink);
    GameIO io = {&log, NULL, NULL};
    game_begin(g, st, &io);
    AiAgent ais[MAX_PLAYERS];
    RunGame rg = {.g = g, .io = &io, .rec = &rec, .on_action = watch_on_action,
                  .on_turn = watch_on_turn, .ud = w, .describe = true};
    for (int i = 0; i < g->nplayers; i++)
        cli_ai_agent(&rg.agent[i], &ais[i], w->ais[i],
                     a->game >= 0 ? cli_sim_ai_seed(a->seed, a->game, i)
                                  : rng_derive(a->seed ^ 0xA1A1A1A1A1A1A1A1u, (uint64_t)i));
    int rc = cli_run_game(&rg, st, &d), code = EXIT_OK;
    record_finish(&rec, st);
    if (rc == RUN_ERROR) {
        cli_error("watch: %s", d.msg);
        code = EXIT_FAIL;
    } else {
        cli_print_result(g, st, stdout);
        code = g->terminal(st) ? EXIT_OK : EXIT_FAIL;
    }
    if (a->save && record_save(&rec, a->save, &d) < 0) {
        cli_error("watch: %s", d.msg);
        code = EXIT_FAIL;
    }
    evlog_fini(&log);
    record_fini(&rec);
    free(st);
    return code;
}

int cmd_watch(int argc, char **argv)
{
    WatchArgs a = {.game = -1};
    Watch w = {.delay_ms = 400};
    int rc = watch_args(argc, argv, &a, &w);
    if (rc >= 0)
        return rc;
    if (!w.delay_given && !isatty(fileno(stdout))) /* nobody watches a pipe or a file: a game written there at */
        w.fast = true;                              /* 400 ms a move took two minutes (a play-tester's ten) */
    FILE *events;
    CliOut out = {a.save, a.events, a.overwrite, a.overwrite, NULL};
    if ((rc = cli_prepare_game("watch", w.g, &a.opt, a.seeded, true, &a.seed, &out, &events)) != EXIT_OK)
        return rc;
    return cli_finish_events(events, watch_run(&a, &w, events), "watch", a.events);
}
