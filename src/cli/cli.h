/* cli.h - what the subcommands of `ecw` share: exit codes, one-line
 * errors, argument parsing (seeds, counts, options, per-role AI options
 * built at run time from the games' role names), event sinks, the agents
 * that pick actions (human or computer) and cli_run_game, the one loop that
 * plays a game for play, watch and sim. */
#ifndef ECW_CLI_H
#define ECW_CLI_H
#include "ai/ai.h"
#include "core/game.h"
#include "core/wrap.h"
#include "store/record.h"
#include <getopt.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

/* Set by main.c's SIGINT/SIGTERM/SIGHUP handler; loops stop when it is non-zero. */
extern volatile sig_atomic_t cli_interrupted;

/* Subcommands: argv[0] is the subcommand name. */
int cmd_games(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_watch(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_odds(int argc, char **argv);

/* ---- messages ---- */
/* "ecw: ..." on stderr (the prefix in colour on a terminal). */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Colour on f only when it is a terminal and NO_COLOR is unset or empty. */
bool cli_color(FILE *f);
enum { CLI_OPT_ERROR = 3000 };
/* getopt_long for command cmd, refusing what getopt lets through: the
 * error for an unknown option or a missing value, for a value that is
 * itself a flag (`--events --json`), and for a flag given twice (`--games
 * 5 --games 6`: the last one winning silently would hide a mistake) is
 * printed and CLI_OPT_ERROR returned (exit EXIT_USAGE); else what
 * getopt_long returns. `seen` (zeroed by the caller before the first call,
 * CLI_MAX_LONGOPTS entries) keeps each flag's first value; --option, the
 * game option flags (cli_option_set refuses a key given twice) and --help
 * may repeat. */
int  cli_getopt(const char *cmd, int argc, char **argv, const char *shortopts,
                const struct option *opts, const char **seen);

/* ---- parsing ---- */
/* Decimal unsigned 64-bit (no sign, no junk); -1 with d filled if bad,
 * the message starting with `what` (the option, "--seed"). */
int cli_parse_u64(const char *s, const char *what, uint64_t *out, Diag *d);
/* Set a game option, refusing a key already given ("option 'spread'
 * given twice (free, then squares)"); -1 with d filled. */
int cli_option_set(Options *o, const char *key, const char *val, Diag *d);
/* --option KEY=VALUE through cli_option_set; a missing '=' is refused. */
int cli_option_kv(Options *o, const char *kv, Diag *d);
/* Decimal integer in [lo, hi]; `what` names it in the error. */
int cli_parse_int(const char *s, long lo, long hi, const char *what, long *out, Diag *d);
/* A game by id or unique prefix; prints the error and lists games if unknown. */
const GameOps *cli_game(const char *id);
/* The same without a message: NULL if id names no game. */
const GameOps *cli_find_game(const char *id);
/* The ids of every game, "marston-less, catch-a-king", into buf; returns buf. */
const char *cli_game_ids(char *buf, size_t n);
/* A seed from the clock and the process, printed by callers so a game can
 * be reproduced. */
uint64_t cli_fresh_seed(void);

/* Flags built from the registry at run time: `--<role> AI` for every role
 * name of every game (sim, watch), and `--<key> VALUE` for every option
 * key of every game, the same as `--option key=VALUE` (play, sim, watch);
 * the game then refuses a key it does not know, as for --option. */
enum { CLI_ROLE_VAL = 1000, CLI_KEY_VAL = 2000, CLI_MAX_ROLES = 32, CLI_MAX_KEYS = 32,
       CLI_MAX_LONGOPTS = 96 };
typedef struct CliFlags {
    const char *name[CLI_MAX_ROLES];   /* distinct role names of all games */
    int         n;
    const char *ai[CLI_MAX_ROLES];     /* AI given for name[i], or NULL */
    char        key[CLI_MAX_KEYS][OPT_LEN]; /* distinct option keys of all games */
    int         nkeys;
} CliFlags;
/* Copy `fixed` (terminated by a zero entry) into out, then one entry per
 * role name if `roles` (val = CLI_ROLE_VAL + index) and one per option key
 * (val = CLI_KEY_VAL + index), leaving out any name `fixed` has; out is
 * zero-terminated. */
void cli_longopts(const struct option *fixed, struct option *out, CliFlags *fl, bool roles);
/* Take getopt's value c if it is one of those flags: EXIT_OK (the role's
 * AI noted, or the option set in opt), EXIT_USAGE with the error printed
 * for command cmd, or -1 if c is not one of them. */
int  cli_flag(CliFlags *fl, const char *cmd, int c, const char *arg, Options *opt);
/* g's role names into buf, "royalist, parliament", each followed by its
 * number ("royalist or 0, ...") if `numbers`; returns buf. */
const char *cli_roles(const GameOps *g, bool numbers, char *buf, size_t n);
/* Resolve the role options for game g into ais[player] (default `dflt`);
 * -1 with d filled for a role g lacks or an unknown AI. */
int  cli_role_ais(const CliFlags *fl, const GameOps *g, const char *dflt,
                  const AiPlayer *ais[MAX_PLAYERS], Diag *d);
/* After getopt: the one GAME left in argv, into *g, and the AIs of its
 * roles into ais (default heuristic); EXIT_OK, or EXIT_USAGE with the
 * error printed for command cmd. */
int  cli_game_ais(const char *cmd, int argc, char **argv, const CliFlags *fl, const GameOps **g,
                  const AiPlayer *ais[MAX_PLAYERS]);
/* Help lines for the role flags (if `roles`) and option flags of every game. */
void cli_help_flags(FILE *f, bool roles);
/* Restart getopt for a new argument vector. */
void cli_getopt_reset(void);

/* ---- events ---- */
/* A growable text buffer (for a game's events in a simulation). */
typedef struct StrBuf {
    char  *s;
    size_t len, cap;
} StrBuf;
void sb_append(StrBuf *b, const char *s);
void sb_free(StrBuf *b);

enum { CLI_SHOW_ALL = -2 };
/* Where events go: JSON lines to `json` (all events) and/or `buf`, human
 * lines "  text" to `text` for events visible to `viewer` (a player index,
 * VIS_PUBLIC for public only, CLI_SHOW_ALL for every event). */
typedef struct CliSink {
    FILE   *json;
    StrBuf *buf;
    FILE   *text;
    int     viewer;
} CliSink;
void cli_sink(void *ud, const char *json, const char *text, int vis);
/* Check early that a save file can be written (creating nothing that was
 * not there); -1 with d filled if not. */
int   cli_check_writable(const char *path, Diag *d);
/* Refuse to write over a file the user has: a regular file at path that is
 * not empty, unless `overwrite` (--overwrite). `opt` names the option in
 * the message ("--save"). 0, or -1 with d filled. */
int   cli_check_not_clobbered(const char *opt, const char *path, bool overwrite, Diag *d);
/* Do paths a and b name one file (the same spelling, links, or a file not
 * there yet in the same directory)? "-" and NULL name none. */
bool  cli_same_file(const char *a, const char *b);
/* Open an event file for writing ("-" = stdout), refusing one the user
 * has unless `overwrite` (cli_check_not_clobbered); NULL with d filled.
 * A regular file already there is not touched yet: the events go to a
 * new file beside it, put in its place by cli_commit_events (or by
 * cli_close_events), or dropped by cli_abandon_events, so that a run that
 * fails (a record that does not replay) leaves the old trail whole. A
 * named pipe nobody reads is refused, not waited on. */
FILE *cli_open_events(const char *path, bool overwrite, Diag *d);
/* Put the events written so far in the place of the file they replace
 * (nothing to do for a new file, stdout, or once done): 0, or -1 with d
 * filled. Later events follow in that file. */
int   cli_commit_events(FILE *f, Diag *d);
/* Close f, dropping what it holds when it was to replace a file (that file
 * stays as it was); a new file keeps what was written. */
void  cli_abandon_events(FILE *f);
/* Close f from cli_open_events (NULL and stdout are left alone), first
 * committing it (cli_commit_events): -1 if a write to it failed, at the
 * close or before it (fclose forgets an error met while the events were
 * written, and the file silently lacks them). */
int   cli_close_events(FILE *f);
/* The end of a run that wrote events to f (from cli_open_events) for
 * command cmd: abandoned if rc says it failed (a file they would replace
 * stays as it was), else closed and committed, a failure said. The exit
 * code to return. */
int   cli_finish_events(FILE *f, int rc, const char *cmd, const char *path);
/* Remove the file the events are being written to beside the one they
 * will replace, if any (async-signal-safe: a fatal signal leaves none). */
void  cli_events_unlink_pending(void);
/* Note that a write of events returned rc (negative: failed, errno set),
 * and why the first such failure happened, for cli_close_events' caller. */
void  cli_events_note(int rc);
const char *cli_events_error(void);
/* The files a played or watched game writes: the save (which may replace
 * a file there with save_over: --overwrite, or the --load file saved back)
 * and the events (with events_over: --overwrite). events_note, if set, is
 * added to the refusal to write over an events file there: why
 * --overwrite costs nothing (play --load writes the whole game again). */
typedef struct CliOut {
    const char *save, *events;
    bool        save_over, events_over;
    const char *events_note;
} CliOut;
/* Before a played or watched game: check the game's options, pick a seed
 * if none was given (and print it with tell_seed: watch, where nothing is
 * hidden from anyone; not play, whose player could rebuild the hidden deal
 * from it), make sure the save file can be written, open the events file.
 * Returns EXIT_OK, or EXIT_USAGE (bad option) or EXIT_FAIL after printing
 * "ecw: CMD: why". */
int   cli_prepare_game(const char *cmd, const GameOps *g, const Options *opt, bool seeded, bool tell_seed,
                       uint64_t *seed, const CliOut *out, FILE **events);

/* ---- playing a game ---- */
enum { RUN_ERROR = -1, RUN_OVER = 0, RUN_QUIT = 1, RUN_EOF = 2, RUN_UNDO = 3 };

/* Picks the action of `player`: RUN_OVER (0) with *out set, RUN_QUIT,
 * RUN_EOF, RUN_UNDO (a player takes an action back: the loop returns it
 * to its caller, who rewinds the state), or RUN_ERROR with d filled. */
typedef struct Agent {
    int  (*choose)(void *ud, const GameOps *g, const void *st, int player, Action *out,
                   Diag *d);
    void *ud;
    const char *label;   /* "heuristic", "you" ... for narration */
} Agent;

/* A computer agent: an AI with its own generator. */
typedef struct AiAgent {
    const AiPlayer *ai;
    Rng             rng;
} AiAgent;
/* Make agent *a play with ai, its generator seeded with seed. */
void cli_ai_agent(Agent *a, AiAgent *store, const AiPlayer *ai, uint64_t seed);
/* Game i of `ecw sim --seed run`: its seed, and the seed of player p's
 * computer player (`ecw watch --seed run --game i` plays that game again). */
uint64_t cli_sim_game_seed(uint64_t run, long i);
uint64_t cli_sim_ai_seed(uint64_t run, long i, int p);

typedef struct RunGame {
    const GameOps *g;
    Agent          agent[MAX_PLAYERS];
    GameIO        *io;        /* events and dice (NULL: none) */
    Record        *rec;       /* actions are appended here (NULL: none) */
    /* Before each action is applied; text is its description (empty unless
     * describe is set or rec is kept). */
    void (*on_action)(void *ud, const void *st, int player, const Action *a, const char *text);
    /* At the start, and after each action that changed g->turn or ended the game. */
    void (*on_turn)(void *ud, const void *st);
    /* After each action is applied and recorded. */
    void (*after_action)(void *ud, const void *st);
    void          *ud;
    bool           describe;
    const volatile bool *stop; /* checked after each action (manual dice EOF) */
    long           max_actions; /* 0: 1,000,000 */
} RunGame;

/* Play st (already set up) until the game ends or an agent stops it.
 * Returns RUN_OVER, RUN_QUIT, RUN_EOF (input ended), RUN_UNDO (an agent
 * asked to take an action back) or RUN_ERROR (d). */
int cli_run_game(const RunGame *rg, void *st, Diag *d);

/* Apply one chosen action of `player` as cli_run_game does: describe it,
 * tell on_action, apply it through rg->io, append it to rg->rec (the
 * caller calls after_action). */
void cli_apply_action(const RunGame *rg, void *st, int player, const Action *a);

/* Load the record at path into r (record_fini it whatever happens); when
 * a GAME was named on the command line it must be the record's.
 * EXIT_OK, or EXIT_FAIL with "ecw: CMD: why" printed. */
int cli_load_record(const char *cmd, const char *path, const GameOps *named, Record *r);
/* "result: ROLE wins, after turn N" / "result: draw, after turn N" to f
 * (or that the game is not finished). */
void cli_print_result(const GameOps *g, const void *st, FILE *f);
/* Allocate a zeroed state of g (aborts when memory runs out). */
void *cli_state_new(const GameOps *g);

#endif
