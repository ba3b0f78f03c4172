/* cmd_games.c - `ecw games`: the registered games, id and title. */
#include "cli.h"
#include "core/jw.h"
#include "games/registry.h"
#include <string.h>

/* The --help text. */
static void games_help(FILE *f)
{
    fputs("usage: ecw games [--json]\n"
          "List the games ecw can play: id, players, title and the options\n"
          "`--option key=value` takes for each (the first value is the default).\n"
          "  --json   print a JSON array of {id, title, roles, play_as, options}\n", f);
}

/* The game list as JSON on stdout. */
static void games_json(void)
{
    Jw w;
    jw_init(&w);
    jw_arr(&w);
    for (const GameOps *const *g = games_all(); *g; g++) {
        jw_obj(&w);
        jw_kstr(&w, "id", (*g)->id);
        jw_kstr(&w, "title", (*g)->title);
        jw_key(&w, "roles");
        jw_arr(&w);
        for (int i = 0; i < (*g)->nplayers; i++)
            jw_str(&w, (*g)->roles[i]);
        jw_arr_end(&w);
        jw_kstr(&w, "play_as", (*g)->roles[(*g)->play_as]);
        jw_key(&w, "options");
        jw_arr(&w);
        for (const char *const *o = (*g)->option_help; o && *o; o++)
            jw_str(&w, *o);
        jw_arr_end(&w);
        jw_obj_end(&w);
    }
    jw_arr_end(&w);
    puts(jw_str_of(&w));
    jw_fini(&w);
}

int cmd_games(int argc, char **argv)
{
    static const struct option opts[] = {
        {"help", no_argument, NULL, 'h'}, {"json", no_argument, NULL, 'j'}, {0}};
    bool json = false;
    int c;
    const char *seen[CLI_MAX_LONGOPTS] = {0};
    cli_getopt_reset();
    while ((c = cli_getopt("games", argc, argv, ":hj", opts, seen)) != -1) {
        if (c == 'h') {
            games_help(stdout);
            return EXIT_OK;
        }
        if (c == 'j')
            json = true;
        else
            return EXIT_USAGE; /* CLI_OPT_ERROR: cli_getopt said why */
    }
    if (optind < argc) {
        cli_error("games: unexpected argument '%s'", argv[optind]);
        return EXIT_USAGE;
    }
    if (json) {
        games_json();
        return EXIT_OK;
    }
    for (const GameOps *const *g = games_all(); *g; g++) {
        char roles[256] = "";
        for (int i = 0; i < (*g)->nplayers; i++)
            snprintf(roles + strlen(roles), sizeof roles - strlen(roles), "%s%s", i ? " vs " : "", (*g)->roles[i]);
        /* wrapped for the terminal: the title's lines under the title, an option's words under its words */
        wrap_printf(stdout, 17, "%-16s %s (%s; ecw play seats you as %s unless --as says)", (*g)->id, (*g)->title,
                    roles, (*g)->roles[(*g)->play_as]);
        for (const char *const *o = (*g)->option_help; o && *o; o++) {
            const char *gap = strstr(*o, "  "), *words = gap ? gap + strspn(gap, " ") : NULL;
            wrap_printf(stdout, words ? strlen("    --option ") + (size_t)(words - *o) : 8, "    --option %s", *o);
        }
    }
    return EXIT_OK;
}
