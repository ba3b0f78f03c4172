/* main.c - the `ecw` command: global options and dispatch to one
 * subcommand per file (GUIDE 8). Exit codes: 0 ok, 1 failure, 2 usage.
 * The only mutable global of the program lives here: the interrupt flag. */
#include "cli.h"
#include <errno.h>
#include <string.h>

volatile sig_atomic_t cli_interrupted = 0;

/* SIGINT/SIGTERM/SIGHUP (a terminal closed, a dropped connection): ask
 * the running loop to stop (play saves first). */
static void on_signal(int sig)
{
    (void)sig;
    cli_interrupted = 1;
}

/* SIGPIPE (a reader gone: `ecw watch ... | head`): the events file being
 * written beside one it would replace goes, then ecw dies of the signal
 * as before (a reviewer found it left behind). */
static void on_broken_pipe(int sig)
{
    cli_events_unlink_pending();
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Install the handler without SA_RESTART so a blocked read returns. A
 * file grown past `ulimit -f` fails its write (EFBIG) rather than kill
 * ecw, so the save says so and leaves the old record and no temporary
 * file (SIGXFSZ ignored). */
static void install_signals(void)
{
    signal(SIGXFSZ, SIG_IGN);
    struct sigaction pipe_sa;
    memset(&pipe_sa, 0, sizeof pipe_sa);
    pipe_sa.sa_handler = on_broken_pipe;
    sigemptyset(&pipe_sa.sa_mask);
    struct sigaction pipe_was;
    if (sigaction(SIGPIPE, NULL, &pipe_was) == 0 && pipe_was.sa_handler != SIG_IGN)
        sigaction(SIGPIPE, &pipe_sa, NULL);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t k = 0; k < sizeof sigs / sizeof *sigs; k++) {
        struct sigaction was;
        /* a signal ignored when ecw started stays ignored: nohup, a script's background job */
        if (sigaction(sigs[k], NULL, &was) == 0 && was.sa_handler != SIG_IGN)
            sigaction(sigs[k], &sa, NULL);
    }
}

typedef struct Command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *help;
} Command;

static const Command commands[] = {
    {"games", cmd_games, "list the games"},
    {"play", cmd_play, "play a game against the computer"},
    {"watch", cmd_watch, "watch the computer play itself"},
    {"sim", cmd_sim, "simulate many games and report win rates"},
    {"replay", cmd_replay, "replay a saved game, optionally verifying it"},
    {"odds", cmd_odds, "exact odds for a game's combats"},
    {NULL, NULL, NULL},
};

/* `ecw --help`: the commands. */
static void usage(FILE *f)
{
    fputs("usage: ecw [--help] [--version] COMMAND [options]\n\ncommands:\n", f);
    for (const Command *c = commands; c->name; c++)
        fprintf(f, "  %-8s %s\n", c->name, c->help);
    fputs("\n`ecw COMMAND --help` describes each command.\n"
          "exit codes: 0 ok, 1 failure, 2 usage error.\n", f);
}

/* Everything printed reached standard output, or the exit code says it
 * did not (a full disk, a closed pipe's file): rc, or a failure with the
 * reason. Covers `--events -` as well as the results. */
static int stdout_flushed(int rc)
{
    if (fflush(stdout) == 0 && !ferror(stdout))
        return rc;
    cli_error("write error on standard output: %s", strerror(errno));
    return EXIT_FAIL;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    const char *a = argv[1];
    bool help = strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0 || strcmp(a, "help") == 0;
    if (help && argc >= 3) { /* `ecw help play` (and `ecw --help play`) is `ecw play --help` (a tester got the list) */
        for (const Command *c = commands; c->name; c++)
            if (strcmp(c->name, argv[2]) == 0)
                return stdout_flushed(c->run(2, (char *[]){argv[2], "--help", NULL}));
        cli_error("help: no command '%s' (see ecw --help)", argv[2]);
        return EXIT_USAGE;
    }
    bool version = strcmp(a, "--version") == 0 || strcmp(a, "-V") == 0;
    if (version && argc > 2) { /* (a fuzzer's "--version x" said nothing of the x) */
        cli_error("%s takes nothing after it, not '%s' (see ecw --help)", a, argv[2]);
        return EXIT_USAGE;
    }
    if (help) {
        usage(stdout);
        return stdout_flushed(EXIT_OK);
    }
    if (version) {
        printf("ecw %s\n", ECW_VERSION);
        return stdout_flushed(EXIT_OK);
    }
    for (const Command *c = commands; c->name; c++) {
        if (strcmp(c->name, a) == 0) {
            install_signals();
            return stdout_flushed(c->run(argc - 1, argv + 1));
        }
    }
    if (a[0] == '-')
        cli_error("unknown option '%s' (see ecw --help)", a);
    else
        cli_error("unknown command '%s' (see ecw --help)", a);
    return EXIT_USAGE;
}
