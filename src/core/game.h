/* game.h - the one contract every rule set implements (GUIDE 2).
 * The CLI, the AI, saves and the web UI talk to a game only through
 * GameOps. A state is a fixed-size struct without pointers with its random
 * generator inside, so `memcpy` is a clone and seed + actions replay a game. */
#ifndef ECW_GAME_H
#define ECW_GAME_H
#include "diag.h"
#include "evlog.h"
#include "jw.h"
#include "rng.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum {
    GAME_OVER   = -1,   /* current_player() when the game has ended */
    MAX_ACTIONS = 1024, /* capacity callers give to legal() */
    MAX_PLAYERS = 4,
};

/* An action: a verb from the game's own verb list, the acting piece, a
 * target, a small argument, and a point for games measured in inches,
 * with a second point where a way may bend on its way there. */
typedef struct Action {
    int16_t  verb, piece, target, arg;
    uint32_t set;   /* a set of pieces (bit i = piece i) for verbs taking several */
    float    x, y;
    float    bx, by; /* the bend of a way to (x, y), for verbs taking one (ACT_BEND) */
} Action;

/* Options: key=value pairs; each game validates its own keys. */
enum { OPT_MAX = 16, OPT_LEN = 32 };
typedef struct Options {
    int n;
    struct { char key[OPT_LEN], val[OPT_LEN]; } kv[OPT_MAX];
} Options;

int         opt_set(Options *o, const char *key, const char *val, Diag *d);
int         opt_parse(Options *o, const char *kv, Diag *d); /* "key=value" */
const char *opt_get(const Options *o, const char *key);     /* NULL if unset */
/* Check every key is in the NULL-terminated list `known`. */
int         opt_check(const Options *o, const char *const *known, Diag *d);
/* A two-way option: *out 0 when `key` is unset or `off`, 1 when `on`;
 * -1 with a reason for anything else. */
int         opt_two_way(const Options *o, const char *key, const char *off, const char *on, uint8_t *out,
                        Diag *d);
/* An option of several values (NULL-terminated, the first the default):
 * *out the index of the one given; -1 with a reason for anything else. */
int         opt_one_of(const Options *o, const char *key, const char *const *values, uint8_t *out, Diag *d);

/* Where dice come from. With `roll` set (referee mode, replays of manual
 * games) the engine asks it for each die; 0 means "use the generator",
 * GAME_ROLLED_BY_ECW the same for a die that was to come from outside (the
 * referee quit at its prompt): the log marks it, as it marks a die typed
 * in, so that an audit tells the dice thrown at the table from ecw's. */
enum { GAME_ROLLED_BY_ECW = -1 };
typedef struct GameIO {
    EventLog *log;
    int     (*roll)(void *ud, int sides, int player, const char *why);
    void     *ud;
} GameIO;

/* Roll one die for `player` (or VIS_PUBLIC), emitting a roll event.
 * `why` is a printf format, formatted only when someone will read it. */
int game_roll(Rng *rng, GameIO *io, int sides, int player, const char *why, ...)
    __attribute__((format(printf, 5, 6)));

/* legal_choose's callback: an index below n (n > 0). */
typedef int (*GameChoose)(void *ud, int n);

typedef struct GameOps {
    const char        *id;      /* "marston-less" */
    const char        *title;
    int                nplayers;
    const char *const *roles;   /* role names, index = player */
    int                play_as; /* the side a person plays unless --as says (the rulebook's reader's) */
    /* Every player's view shows the same: nothing is hidden from one side
     * that another sees (To Catch a King: the cards are face down to
     * both). The hot seat then needs no hand-over screen. */
    bool               open_table;
    size_t             state_size;
    size_t             rng_offset; /* offsetof(State, rng) */

    int  (*setup)(void *st, const Options *opt, uint64_t seed, Diag *d);
    /* Optional: what happens at once when the game opens, before anyone
     * acts (To Catch a King's first chance card on random terrain): its
     * dice and events go through io, as an action's would. Every driver
     * calls it (game_begin) right after setup, once its log and dice are
     * ready; setup alone leaves such a game waiting for it. */
    void (*begin)(void *st, GameIO *io);
    int  (*current_player)(const void *st);
    int  (*legal)(const void *st, Action *out, int cap);
    /* Optional: one choice among the legal actions without writing the
     * list. Calls choose(ud, n) once, n being how many actions legal()
     * lists (not at all if n is 0), and writes to *out the action legal()
     * lists at the index it returns (0 <= index < n). Returns n. The
     * random player draws its index here; NULL: callers use legal(). */
    int  (*legal_choose)(const void *st, GameChoose choose, void *ud, Action *out);
    int  (*check)(const void *st, const Action *a, Diag *d);
    void (*apply)(void *st, const Action *a, GameIO *io);
    bool (*terminal)(const void *st);
    void (*score)(const void *st, double out[]);  /* +1 win, 0 draw, -1 loss */
    int  (*turn)(const void *st);
    void (*view)(const void *st, int player, Jw *out);
    void (*redeal)(void *st, int player, Rng *rng);
    /* Optional: set everything `player` cannot see to one fixed arrangement
     * that depends only on what he can see (states he cannot tell apart
     * come out byte for byte the same). The heuristic player uses it in
     * place of redeal: as honest, and cheaper, for a player that does not
     * sample the hidden cards. */
    void (*conceal)(void *st, int player);
    /* Optional, with conceal: make dst what copying st into it and then
     * conceal(dst, player) would, byte for byte, leaving out only the
     * generator (which the caller seeds afresh). dst is the caller's own
     * buffer of state_size bytes, written by this function of this game
     * only, and holds either the last view it made there or zeros (the
     * caller zeroes it when another game used it): a game may copy just
     * the part of the state in use and what changed. The
     * heuristic player calls it before every decision in place of a full
     * copy and conceal. */
    void (*conceal_into)(void *dst, const void *st, int player);
    /* Action a in words, as parse reads it back; any action at all, legal or
     * not (a refused one from a record is named by it), and never reads
     * outside the state for fields out of range. */
    int  (*describe)(const void *st, const Action *a, char *buf, size_t n);
    /* Text to action; -1 with d saying what was wrong. On success d may
     * hold a note the prompt shows (To Catch a King's "move D1 towards X
     * Y": why he stopped short), else is left empty; 0, or 1 where the
     * note is a caution: the action may not be what the words meant (the
     * towards stopped short by something in the way), and a person gives
     * it twice, as for GameOps.caution. */
    int  (*parse)(const void *st, const char *text, Action *out, Diag *d);
    /* Optional: what a legal action a costs its own side that a player
     * may not mean by it (To Catch a King: a guard's move or charge that
     * leaves his prisoners, who escape), in words into buf: 1, else 0.
     * The CLI has a person give such an order twice. */
    int  (*caution)(const void *st, const Action *a, char *buf, size_t n);
    /* Optional: has anything hidden in `before` (a card face down, the
     * order of a deck) been turned over in `now`, the same game an action
     * later or part way through one? 1 if so. The CLI lets a referee
     * withdraw an order at its die prompt only while this says 0: an order
     * that has shown a card cannot be taken back to peek for free. */
    int  (*hidden_shown)(const void *before, const void *now);
    /* The board as text for `player`, or for a spectator (VIS_PUBLIC):
     * it shows only what that viewer may see. */
    void (*render)(const void *st, int player, FILE *out);
    /* Optional: the prompt's `roster`, the figures alone as render lists
     * them, without the map (NULL: `roster` draws the board). */
    void (*roster)(const void *st, int player, FILE *out);
    /* Optional: `order`, one of the orders the prompt makes of a group of
     * figures named together ("move D1-D3 towards 30 20"), rewritten into
     * buf so that the group keeps its shape; `lead` is the first figure's
     * order, and none of the group has acted yet. 1 if rewritten, else 0
     * (the order is given as it is). */
    int  (*group_order)(const void *st, const char *lead, const char *order, char *buf, size_t n);
    /* The game's verbs and one usage line each ("move LINE ZONE"). */
    int                nverbs;
    const char *const *verb_help;
    /* How many of the legal actions the prompt lists before each decision
     * (0: as many as the CLI lists, 60): a game whose orders are mostly
     * typed in words lists a few, and `list` or `list all` the rest. */
    int                list_shown;
    /* Optional per-game measures that `ecw sim` reports: each name is a
     * dotted JSON path; a path ending ".mean" is averaged over the games,
     * any other is summed ("persons.charles.captured" counts games). */
    int                nmetrics;
    const char *const *metric_names;
    void (*metrics)(const void *st, double out[]);
    /* True when no action shows a player anything hidden from him but by
     * chance (a die rolled, a card drawn: the generator moves): then what
     * other sides did can be taken back without unseeing anything (`undo`
     * through the computer's replies). False (the default) when an action
     * can turn over a hidden card by itself, as a search does. */
    bool chance_alone_reveals;
    /* Optional: the game's own computer player (NULL if none). */
    int  (*heuristic)(const void *st, Rng *rng, Action *out);
    /* Optional: the exact odds of action a (legal in st) as the table
     * stands, printed to out for the prompt's `odds`; -1 with d saying why
     * (an illegal action, or one left to no chance). Reads only what every
     * side may see. */
    int  (*action_odds)(const void *st, const Action *a, FILE *out, Diag *d);
    /* Optional: the prompt's `measure WHAT` (To Catch a King: distances,
     * sight and ranges between figures or a figure and a point), printed
     * to out; -1 with d saying what was wrong. Reads only what every side
     * may see. */
    int  (*measure)(const void *st, const char *what, FILE *out, Diag *d);
    /* Optional: the prompt's `score`, the points each side holds so far
     * (To Catch a King's table), printed to out. Reads only what every
     * side may see. */
    int  (*standing)(const void *st, FILE *out);
    /* Optional: the prompt's `threats`, a map of where the enemies of
     * `player` could strike when their side next moves, printed to out.
     * Reads only what every side may see. */
    int  (*threats)(const void *st, int player, FILE *out);
    /* Optional: the event types ("combat", "reveal", ...) the prompt
     * recalls under the board it draws after others have acted, as "since
     * your last order:" (NULL-terminated; NULL: none). A combat whose
     * "result" is "none" is left out. */
    const char *const *news_events;
    /* Optional: `ecw odds <game> ...`; returns an exit code. */
    int  (*odds)(int argc, char **argv, FILE *out, Diag *d);
    /* Optional: the game's options for `ecw games`, NULL-terminated, one
     * line each: "key=VALUE|VALUE  what it does (default first)". */
    const char *const *option_help;
    /* Optional: play on to the end as the random player chooses for every
     * side: side p's index drawn by rng_below(rngs[p], n) for the n
     * actions legal() lists, the action legal() lists there applied with
     * io, exactly the draws, actions and states of legal_choose (or
     * legal) and apply called in turn. Stops when the game is over, after
     * `bound` actions, or where the side to act has no legal action;
     * returns the actions played. A simulation of random players calls it
     * once a game instead of a choice and an apply through the contract
     * for every action. NULL: callers loop. */
    long (*random_playout)(void *st, Rng *const rngs[], GameIO *io, long bound);
} GameOps;

/* The generator inside a state. */
Rng     *game_rng(const GameOps *g, void *st);
/* FNV-1a hash of the whole state: equal states hash equal. */
uint64_t game_hash(const GameOps *g, const void *st);
void     game_begin(const GameOps *g, void *st, GameIO *io); /* g->begin if the game has one */
/* Winner index, or -1 for a draw / unfinished game. */
int      game_winner(const GameOps *g, const void *st);
/* Parse text into an action and check it; -1 with a reason if refused. */
int      game_parse_checked(const GameOps *g, const void *st, const char *text,
                            Action *out, Diag *d);
/* Index of a role name, or -1. */
int      game_role_index(const GameOps *g, const char *role);

/* The fields of an Action past its verb, as bits for game_check_fields. */
enum { ACT_PIECE = 1, ACT_TARGET = 2, ACT_ARG = 4, ACT_SET = 8, ACT_POINT = 16, ACT_BEND = 32 };
/* Refuse an action that sets a field its verb does not take (`used`: the
 * ACT_ bits of those it takes; `word`: the verb, for the message). legal(),
 * parse() and the computer players leave such fields 0: only an edited or
 * corrupt record carries one, which would otherwise replay as if fine.
 * 0, or -1 with d saying which field ("end takes no piece (got piece 7)"). */
int      game_check_fields(const Action *a, unsigned used, const char *word, Diag *d);

#endif
