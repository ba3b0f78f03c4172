/* cmd_odds.c - `ecw odds GAME ...`: hands the remaining arguments to the
 * game's own odds calculator, which prints its result and returns an exit
 * code. The game receives only the arguments after GAME. */
#include "cli.h"
#include <string.h>

/* The --help text. */
static void odds_help(FILE *f)
{
    fputs("usage: ecw odds GAME [ARGS...]\n"
          "Exact odds computed by the game itself; `ecw odds GAME --help` shows what\n"
          "the game's calculator takes.\n", f);
}

int cmd_odds(int argc, char **argv)
{
    if (argc < 2) {
        cli_error("odds: missing GAME (see ecw odds --help)");
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        odds_help(stdout);
        return EXIT_OK;
    }
    const GameOps *g = cli_game(argv[1]);
    if (!g)
        return EXIT_USAGE;
    if (!g->odds) {
        cli_error("odds: %s has no odds calculator", g->id);
        return EXIT_FAIL;
    }
    Diag d = {{0}};
    cli_getopt_reset();
    /* The game sees only the arguments after GAME (no program name). */
    int rc = g->odds(argc - 2, argv + 2, stdout, &d);
    if (rc != 0 && d.msg[0])
        cli_error("%s%s", strncmp(d.msg, "odds:", 5) == 0 ? "" : "odds: ", d.msg);
    return rc;
}
