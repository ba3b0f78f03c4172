/* cmd_play.c - `ecw play GAME`: a human at the terminal against the
 * computer, or (--ai human) people playing every side at one terminal in
 * turn (hot seat). The human sees the board from their side, a numbered
 * list of legal actions, and may type a number or a command in the game's
 * own words. With --dice manual every die is typed in (referee mode) and
 * kept in the record, which --save writes at the end, on quit and at end
 * of input. */
#include "cli.h"
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <sys/stat.h>
#include <time.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

enum { PLAY_LIST_MAX = 60, PLAY_UNDO_MAX = 64, PLAY_SNAPS = PLAY_UNDO_MAX + 1 };

/* Where the game stood when a person was asked for an action: `undo`
 * goes back to it (the state itself is kept beside, in Play.snap_states). */
typedef struct Snap {
    size_t nactions, nrolls;        /* the record's counts then */
    int    player, turn;            /* who was asked, in which turn */
    Rng    ai_rng[MAX_PLAYERS];     /* the computer players' generators then */
} Snap;

typedef struct Play {
    const GameOps *g;
    int            human;
    bool           hotseat; /* every side is a person at this terminal */
    int            seated;  /* hot seat: the side whose view was shown last, -1 none yet */
    const char    *save, *ai_name;
    Record         rec;
    char          *line;
    size_t         cap;
    volatile bool  stop;  /* manual dice hit end of input */
    bool           eof;
    Action         acts[MAX_ACTIONS];
    int            nacts;
    int            shown;       /* how many of them the list has shown (a number beyond is refused) */
    bool           picked[MAX_ACTIONS]; /* ... and those beyond it a `list WORD` has shown */
    bool           refused;     /* play_read refused the last line, saying why (it reads as empty) */
    unsigned char *snap_states; /* PLAY_SNAPS states, oldest first (NULL: no undo) */
    Snap           snaps[PLAY_SNAPS];
    int            nsnaps;
    bool           resumed;     /* --load: undo reaches back only to the resumed position */
    bool           tell_seed;   /* ecw chose the seed, or a resumed game holds it sealed: told once the game is over */
    bool           keep_failed; /* play_keep could not write the save: not tried again */
    RecordStamp    stamp;       /* the save file as this sitting last read or wrote it (play_write) */
    char           diverted[PATH_MAX]; /* the file the game went to when another wrote the save (play_divert) */
    bool           kept;        /* the save is referee_save's own file (written on quit too, as 'save' says) */
    bool           refused_action; /* manual dice: an action typed at this prompt was refused: no bare
                                      number plays until 'list' shows the list again (they are dice) */
    AiAgent       *ais;         /* the computer players (their generators go back with undo) */
    StrBuf         recent;      /* hot seat: what was said on screen since the last hand-over */
    StrBuf         news;        /* the lines of GameOps.news_events said since the board was last drawn */
    StrBuf         told[MAX_PLAYERS]; /* every line said that each side may read, for 'log' (earlier sittings' too) */
    int            told_turn;   /* the turn the last of them came in (a new one is marked) */
    bool           told_cut[MAX_PLAYERS]; /* ... the oldest of them went (PLAY_TOLD_MAX) */
    bool           recap_resumed; /* ... rebuilt by --load, not shown yet: to the first side seated that did not make
                                   * it; the side that made it (recap_side) saw it, and it waits for the next */
    int            recap_side;
    bool           recap_carried; /* ... and kept past the resuming side's seat, for the next (open table) */
    bool           by_number;   /* the player's last order was a number from the list or a 'take' (else words) */
    bool           drawn;       /* the board was drawn at a prompt of this session ... */
    int            drawn_player, drawn_turn; /* ... for this side, in this turn, */
    size_t         drawn_nactions;           /* ... with the record this long */
    bool           has_hint;    /* a hint was given at this prompt: 'take' plays it */
    Action         hint;
    bool           has_caution; /* an order given at this prompt was cautioned (GameOps.caution) ... */
    Action         cautioned;   /* ... this one: given again, it is played */
    bool           took_hint;   /* the order read last was `take` (never cautioned) */
    char           note_caution[512]; /* the order read last was parsed with a caution (GameOps.parse: 1), this */
    StrBuf         queued;      /* the orders of a line of several not given yet, each ending in '\n' ... */
    bool           order_refused; /* ... the last line was an order, refused or cautioned: the line stops */
    int            queued_player, queued_turn; /* ... for this side in this turn (else they are dropped) */
    /* The state just before the action (or the game's opening) now being
     * resolved, for 'board' at a die prompt: the live one is half-applied. */
    unsigned char *before;
    const void    *live;        /* ... and the state it is being applied to (half-applied at a die prompt) */
    bool           has_before;
    bool           before_opening; /* ... and it is the opening, not an action */
    size_t         before_nactions, before_nrolls; /* the record's counts before it (its own dice not counted) */
    size_t         typed;       /* the dice typed for it so far (fed ones included) */
    bool           suspended;   /* the referee stopped at one of an action's dice: it waits (play_suspend) */
    bool           withdrawn;   /* ... with 'undo': it is dropped, dice and all, and play goes on (play_withdraw) */
    EventLog      *log;         /* the game's log: ... */
    uint64_t       seq_at_stop; /* ... its next event's number when the referee stopped or withdrew (the rest go
                                 * untold, and take no numbers) */
    bool           manual;      /* dice typed in; else play_roll only feeds a resumed pending action's */
    bool           review_only; /* --load of a game that is over: it is looked at, and the file left as it was */
    size_t         feed, nfeed; /* a resumed pending action's dice typed before the break: rolls[feed..] */
} Play;

/* The sink of play's event log: the CLI's, and in the hot seat each
 * public line kept for the next player's recap (p NULL: kept nowhere). */
typedef struct PlaySink {
    CliSink cli;
    Play   *p;
} PlaySink;

/* Is the event `json` one the game recalls under the board (news_events),
 * and not a fight that did nothing? */
static bool is_news(const GameOps *g, const char *json)
{
    if (!g->news_events)
        return false;
    const char *t = strstr(json, "\"type\":\"");
    if (!t || strstr(json, "\"result\":\"none\""))
        return false;
    t += 8;
    size_t n = strcspn(t, "\"");
    for (const char *const *e = g->news_events; *e; e++)
        if (strlen(*e) == n && strncmp(t, *e, n) == 0)
            return true;
    return false;
}

enum { PLAY_TOLD_MAX = 1 << 20 }; /* the most kept for 'log': the older half goes beyond it */

/* Keep the line `lead` `text` `tail` (tail ending it with a newline) for
 * 'log' of every side that may read it (vis: VIS_PUBLIC, or the one
 * side), whole however long (a referee's fights were cut at a buffer's
 * length, and the next line glued on). */
static void play_tell(Play *p, int vis, const char *lead, const char *text, const char *tail)
{
    for (int k = 0; k < p->g->nplayers; k++) {
        StrBuf *b = &p->told[k];
        if (vis != VIS_PUBLIC && vis != k)
            continue;
        if (b->len > PLAY_TOLD_MAX) { /* (a sitting of many games' length: the older half goes) */
            const char *cut = strchr(b->s + b->len / 2, '\n');
            size_t keep = cut ? b->len - (size_t)(cut + 1 - b->s) : 0;
            memmove(b->s, b->s + b->len - keep, keep + 1);
            b->len = keep;
            p->told_cut[k] = true;
        }
        sb_append(b, lead);
        sb_append(b, text);
        sb_append(b, tail);
    }
}

/* Mark a new turn among the lines kept for 'log', once the game has come
 * to it (st: the state being played, or replayed by --load). */
static void play_tell_turn(Play *p, const void *st)
{
    if (!st || p->g->turn(st) == p->told_turn)
        return;
    p->told_turn = p->g->turn(st);
    char turn[16];
    snprintf(turn, sizeof turn, "%d", p->told_turn);
    play_tell(p, VIS_PUBLIC, "-- turn ", turn, " --\n");
}

/* Keep an event's line (text) for 'log' of those who may read it, after
 * the mark of its turn (st: the state being played or replayed). */
static void play_tell_event(Play *p, const void *st, const char *text, int vis)
{
    play_tell_turn(p, st);
    play_tell(p, vis, "  ", text, "\n");
}

/* Keep an order (text) made by `player` for every side's 'log', after the
 * mark of its turn (st: the state before it). */
static void play_tell_order(Play *p, const void *st, int player, const char *text)
{
    play_tell_turn(p, st);
    char role[RECORD_NAME + 4];
    snprintf(role, sizeof role, "%s: ", p->g->roles[player]);
    play_tell(p, VIS_PUBLIC, role, text, "\n");
}

static void play_sink(void *ud, const char *json, const char *text, int vis)
{
    PlaySink *ps = ud;
    if (ps->p && ps->p->suspended) /* the rest of an action left waiting, rolled by ecw: never told */
        return;
    cli_sink(&ps->cli, json, text, vis);
    if (ps->p && ps->cli.text)
        play_tell_event(ps->p, ps->p->live, text, vis);
    if (ps->p && ps->cli.text && (vis == VIS_PUBLIC || vis == ps->cli.viewer) && is_news(ps->p->g, json)) {
        sb_append(&ps->p->news, "  ");
        sb_append(&ps->p->news, text);
        sb_append(&ps->p->news, "\n");
    }
    if (ps->p && ps->p->hotseat && ps->cli.text && vis == VIS_PUBLIC) {
        sb_append(&ps->p->recent, "  ");
        sb_append(&ps->p->recent, text);
        sb_append(&ps->p->recent, "\n");
    }
}

/* Print a line of narration (and in the hot seat keep it for the recap). */
static void play_say(Play *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void play_say(Play *p, const char *fmt, ...)
{
    char line[RECORD_TEXT + 128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    fputs(line, stdout);
    if (p->hotseat)
        sb_append(&p->recent, line);
}

/* The --help text. */
static void play_help(FILE *f)
{
    fputs("usage: ecw play GAME [options]\n"
          "       ecw play [GAME] --load FILE [--as ROLE] [--ai NAME] [--dice MODE]\n"
          "                                   [--save FILE]\n"
          "Play GAME in the terminal against the computer, or against a friend at the\n"
          "same terminal (--ai human).\n"
          "  --as ROLE         the side you play: a role name, or its number counted\n"
          "                    from 0 (--as 1 is the second role); default: the side\n"
          "                    the rulebook's reader plays (ecw games says which)\n"
          "  --ai NAME         the computer player: random, heuristic (default); or\n"
          "                    human: the other side is a person too, at this terminal\n"
          "                    (hot seat; with --dice manual, a referee for a tabletop\n"
          "                    game)\n"
          "  --seed N          the game's seed (default: fresh, printed on stderr\n"
          "                    once the game is over, not before)\n"
          "  --save FILE       write the game record to FILE after every action, at the\n"
          "                    end and on quit (a link is written through to its file)\n"
          "  --load FILE       resume a game saved with --save: its moves are replayed,\n"
          "                    then play goes on with its side, AI, dice and options\n"
          "                    (--as, --ai, --dice change them) and is saved back to\n"
          "                    FILE unless --save names another; GAME may be left out;\n"
          "                    a game that is over is shown to be looked at, its file\n"
          "                    left as it was\n"
          "  --dice manual     type in every die roll (referee mode); default: auto\n"
          "  --events FILE     write every event as JSON lines to FILE\n"
          "  --overwrite       let --save or --events replace a file that is there\n"
          "  --option k=v      a game option (repeatable; `ecw games` lists them)\n"
          "  -h, --help        this help\n", f);
    cli_help_flags(f, false);
    fputs("At the prompt: a number from the list ('list all' shows every one, 'list C3'\n"
          "or 'list charge' those that hold the words), an action\n"
          "in words, 'board' (or 'map': the table and the figures on it, drawn\n"
          "by itself at a side's first prompt of a turn and after anyone else acted; the\n"
          "list too, and after your own order if you gave it by number or 'take'; To\n"
          "Catch a King's 'roster' lists the figures alone), 'hint'\n"
          "(what the computer would do; 'take' then plays it), 'save' (where the game is\n"
          "kept, and how to keep one), 'undo' (take back your last action, up to 64 in a\n"
          "row, across a quit and --load too, while the turn goes on and no die or card\n"
          "has come since, dice typed by hand apart; with the computer's replies in\n"
          "Marston Less, where they show nothing hidden, else only while nobody else has\n"
          "acted), 'odds ACTION' (the exact odds of a shot or charge as the table stands,\n"
          "where the game gives them), 'measure A B', 'measure A X Y' or 'measure A' (To\n"
          "Catch a King: distances), 'threats' (To Catch a King: where the enemy could\n"
          "charge or shoot your men when his side next moves), 'score' (To Catch a King:\n"
          "the points each side holds so far), 'log' (or 'log N', 'log all', 'log turn N',\n"
          "'log WORDS': the orders whose telling holds them, each with what followed\n"
          "it): what was said since the game began, again, earlier sittings' too),\n"
          "'help' or 'quit', in any case. Several orders go on one line separated by\n"
          "';' (To Catch a King: or figures named with commas, 'move D1,D2 by 0 6', or\n"
          "as a run, 'move C1-C5 by 0 6');\n"
          "they stop at the first one refused.\n"
          "At a die prompt (--dice manual): the number rolled, 'board', 'map' or 'roster'\n"
          "(the table as it stood before the action whose dice these are), 'log', 'score',\n"
          "'save', 'help', 'undo' or 'cancel' (the order is withdrawn: nothing of it is\n"
          "played, the dice typed for it are dropped, and its side gives another), or\n"
          "'quit' (the action waits, with the dice typed for it: the game is saved as it\n"
          "stood before it, and --load asks for the rest; at the game's opening ecw rolls\n"
          "them).\n"
          "After a refused order (--dice manual) a number plays nothing (it is taken for a\n"
          "die): type the order in words, or 'list' and then its number.\n"
          "With --ai human each side is played in turn at this terminal. Where a side\n"
          "holds cards the other may not see (Marston Less), at a hand-over ecw waits for\n"
          "Enter, clears the screen, waits for Enter again, then shows what was said since\n"
          "the last hand-over and the next side's board; those two prompts take only Enter\n"
          "and 'quit': anything else is said to be ignored, not played. To Catch a King\n"
          "hides nothing from one side that the other sees: it clears nothing, names the\n"
          "side to play with a recap of the other's moves, and with --dice manual at a\n"
          "terminal waits for one Enter first.\n", f);
}

/* The length of the UTF-8 character at s (of n bytes left), 0 if it is
 * none, or a C1 control (U+0080..U+009F, which a terminal obeys as it
 * does ESC: a tester's typed bytes came back raw in a refusal). */
static size_t utf8_char(const unsigned char *s, size_t n)
{
    size_t len = s[0] < 0x80 ? 1 : (s[0] & 0xe0) == 0xc0 ? 2 : (s[0] & 0xf0) == 0xe0 ? 3 : (s[0] & 0xf8) == 0xf0 ? 4 : 0;
    if (len == 0 || len > n || (len == 2 && s[0] < 0xc2) || (s[0] == 0xc2 && s[1] <= 0x9f) || s[0] > 0xf4)
        return 0;
    if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] > 0x9f) || (s[0] == 0xf0 && s[1] < 0x90) ||
        (s[0] == 0xf4 && s[1] > 0x8f))
        return 0; /* overlong forms, surrogates, past U+10FFFF (a reviewer's) */
    for (size_t k = 1; k < len; k++)
        if ((s[k] & 0xc0) != 0x80)
            return 0;
    return len;
}

/* One line from stdin without its newline, or NULL at end of input or on
 * an interrupt. */
static char *play_read(Play *p)
{
    fflush(stdout);
    if (cli_interrupted)
        return NULL;
    ssize_t n = getline(&p->line, &p->cap, stdin);
    if (n < 0)
        return NULL;
    while (n > 0 && isspace((unsigned char)p->line[n - 1]))
        p->line[--n] = '\0';
    for (ssize_t k = 0; k < n;) { /* a NUL would cut the line short unseen; others garble the screen */
        const unsigned char *c = (const unsigned char *)p->line + k;
        size_t len = utf8_char(c, (size_t)(n - k));
        if (len == 1 && (!iscntrl(*c) || *c == '\t')) {
            k++;
            continue;
        }
        if (len > 1) {
            k += (ssize_t)len;
            continue;
        }
        printf("\nthe line holds %s (byte 0x%02x at column %zd): type it again\n",
               len == 1 || *c == 0xc2 ? "a control character" : "a byte that is no UTF-8 text", *c, k + 1);
        p->line[0] = '\0';
        p->refused = true;
        return p->line;
    }
    p->refused = false;
    char *s = p->line;
    while (isspace((unsigned char)*s))
        s++;
    if (!isatty(fileno(stdin))) /* echo piped input so transcripts read well */
        printf("%s\n", s);
    return s;
}

/* The referee stops at a die prompt (a quit, the end of input, a
 * withdrawal): what is logged from here on is told nobody (p->suspended). */
static void play_mark_stop(Play *p)
{
    p->suspended = true;
    if (p->log)
        p->seq_at_stop = p->log->seq;
}

/* Stop the game at a die prompt: on 'quit' (quit) or at end of input. An
 * action waits for the rest of its dice (play_suspend); the game's opening,
 * which no record can hold half-done, has them rolled by ecw. */
static void play_roll_stop(Play *p, bool quit)
{
    const char *why = quit ? "you quit" : "\n(no more input";
    if (p->has_before && !p->before_opening) {
        char typed[48] = "";
        if (p->typed)
            snprintf(typed, sizeof typed, " (%zu typed so far)", p->typed);
        printf("%s%s: this action waits for %s dice%s;\n"
               "the game is kept as it stood before it, and 'ecw play --load' asks for %s)\n",
               quit ? "(" : "", why, p->typed ? "the rest of its" : "its", typed, p->typed ? "the rest" : "them");
        play_mark_stop(p);
    } else
        printf("%s%s: ecw rolls the rest of the opening's dice, then the game stops)\n", quit ? "(" : "", why);
    p->stop = true;
    p->eof = !quit && !cli_interrupted;
}

/* 'help' at a die prompt: what it wants. */
static void play_roll_help(int sides, const char *why)
{
    wrap_printf(stdout, 2,
                "type the number the d%d rolled for %s, 1 to %d; 'undo' (or 'cancel') to withdraw this "
                "action: nothing of it is played, the dice typed for it are dropped, and its side is asked "
                "again; 'quit' to stop the game here (the action waits with the dice typed for it, and the game "
                "is saved as it stood before it: to the --save or --load file, or, without either, where ecw "
                "said as the game began; --load asks for the rest); 'board' (or 'map', 'roster') shows the table as it "
                "stood before this action (its dice are still being rolled), and 'score' its points; 'log' (or "
                "'log N', 'log all') what was said; 'save' says where the game is "
                "kept; 'hint' and 'take' wait for the prompt of the next action",
                sides, why, sides);
}

/* Keep st as the table before what is about to be resolved (an action, or
 * the game's opening), for 'board' at its die prompts. */
static void play_keep_before(Play *p, const void *st, bool opening)
{
    p->before_nactions = p->rec.nactions;
    p->before_nrolls = p->rec.nrolls - p->nfeed; /* a fed action's dice are in the record already */
    p->typed = 0;
    if (!p->before)
        return;
    memcpy(p->before, st, p->g->state_size);
    p->has_before = true;
    p->before_opening = opening;
}

static void play_log(Play *p, int player, const char *what);
static void play_standing(Play *p, const void *st);

/* 'log' (or 'log N', 'log all') and 'score' at a die prompt, for the side
 * at this terminal (a referee settling a dispute mid-fight was refused
 * them); the score as the table stood before this action. True if s was
 * one of them. */
static bool play_roll_recall(Play *p, const char *s, int player)
{
    int side = !p->hotseat ? p->human : p->seated >= 0 ? p->seated : player;
    if ((side < 0 || side >= p->g->nplayers) && p->has_before) /* (a die everyone sees, before anyone sat) */
        side = p->g->current_player(p->before);
    if (strncasecmp(s, "log", 3) == 0 && (s[3] == '\0' || s[3] == ' ') && side >= 0 && side < p->g->nplayers) {
        play_log(p, side, s + 3 + strspn(s + 3, " "));
        return true;
    }
    if (strcasecmp(s, "score") != 0)
        return false;
    if (p->has_before) {
        printf("(before %s; its dice are still being rolled)\n", p->before_opening ? "the game's opening" : "this action");
        play_standing(p, p->before);
    } else
        puts("no score to give yet: first the number rolled");
    return true;
}

/* 'board' at a die prompt: the table as it stood before the action whose
 * dice are being typed (the live state is half-applied), drawn as the
 * prompt's 'board' draws it, for the person at the terminal: the human's
 * side, in the hot seat the side seated (a spectator's view before anyone
 * sits), so it shows nothing that side may not see. */
static void play_roll_board(const Play *p)
{
    if (!p->has_before) {
        puts("no table to show yet: first the number rolled");
        return;
    }
    int viewer = !p->hotseat ? p->human : p->seated >= 0 ? p->seated : VIS_PUBLIC;
    printf("(the table before %s; its dice are still being rolled)\n",
           p->before_opening ? "the game's opening" : "this action");
    p->g->render(p->before, viewer, stdout);
}

/* 'save', at either prompt: where the game is kept, as play_keep writes
 * it after every action (with --save FILE, back to the --load file, or a
 * referee's own file), or how to keep one: it cannot be kept from the
 * middle of a game started without a file (a play-tester typed 'save'),
 * nor under another name (`named`: the word had a file after it). */
static void play_where_saved(const Play *p, bool named)
{
    if (named) /* "save mine.json": the file is named as the game starts */
        puts("'save' takes no file name: a game's file is named as it starts (--save FILE)");
    if (!p->save)
        puts("this game is not being saved: a game is kept only when started with --save FILE (it is then\n"
             "saved after every action, and 'ecw play --load FILE' goes on with it)");
    else if (p->keep_failed)
        printf("this game could not be saved to %s (said above): ecw tries again when it ends or you quit\n",
               p->save);
    else
        printf("this game is saved to %s after every action%s;%s'ecw play --load %s' goes on with it\n", p->save,
               p->kept ? " (ecw chose the file: a referee's game is always kept)" : "", p->kept ? "\n" : " ",
               p->save);
}

/* Why the action whose dice are being typed may not be withdrawn ('undo'
 * at its die prompt); NULL if it may: an order given at this terminal, not
 * the game's opening nor the computer's action, whose dice the referee
 * types as well. */
static const char *withdraw_refusal(const Play *p)
{
    if (!p->has_before || p->before_opening)
        return "the game's opening is no order: type its dice ('quit' has ecw roll them)";
    int side = p->g->current_player(p->before);
    if (!p->hotseat && side != p->human)
        return "this is the computer's action, not an order given here: type its dice";
    if (p->g->hidden_shown && p->live && p->g->hidden_shown(p->before, p->live))
        return "this order has turned over what was hidden (a card): it stands, and its dice are wanted";
    return NULL;
}

/* 'undo' or 'cancel' at a die prompt: the action is withdrawn once it has
 * run its course (its other dice rolled by ecw and told nobody, as for a
 * quit): play_withdraw then puts the game back as it stood before it. */
static void play_roll_withdraw(Play *p)
{
    p->withdrawn = true;
    play_mark_stop(p);
    p->stop = true;
}

/* Does the line typed say quit (in any case), at whichever prompt? */
static bool says_quit(const char *s) { return strcasecmp(s, "quit") == 0 || strcasecmp(s, "q") == 0; }

/* A resumed pending action's next die typed before the break, as typed
 * then; 0 when none is left, or it is not the die the game asks for (a
 * record edited, or made under other rules: the rest are dropped and
 * asked for again). */
static int play_fed_roll(Play *p, int sides, const char *why)
{
    if (!p->nfeed)
        return 0;
    const RecRoll *rr = &p->rec.rolls[p->feed];
    if (rr->sides != sides || rr->value < 1) {
        if (rr->value < 1)
            printf("(the next die kept for this action was not typed by hand: it and those after it are asked for "
                   "again)\n");
        else
            printf("(the dice typed before the break do not fit: the next is a d%d, the game asks for a d%d: "
                   "they are asked for again)\n", rr->sides, sides);
        record_truncate(&p->rec, p->rec.nactions, p->feed);
        p->nfeed = 0;
        return 0;
    }
    p->feed++, p->nfeed--, p->typed++;
    printf("roll d%d for %s: %d (typed before the break)\n", sides, why, rr->value);
    return rr->value;
}

/* 'board', or its other names: 'map', and 'roster' for the figures'
 * list beneath it (a tester looked for the roster by that name). */
static bool is_board_word(const char *w)
{
    return strcasecmp(w, "board") == 0 || strcasecmp(w, "map") == 0 || strcasecmp(w, "roster") == 0;
}

/* GameIO.roll in manual mode: ask until a number in 1..sides comes. On
 * 'quit' or at end of input the game stops: the generator rolls the rest
 * of this action's dice, each kept in the record as a 0 ("ecw rolled it"),
 * so that a replay draws it from the generator again and not from the
 * dice typed in after a --load; an action's are then dropped with it,
 * since it waits (play_suspend). A resumed pending action is first fed
 * the dice typed for it before the break (in --dice auto too, where the
 * generator rolls the rest). */
static int play_roll(void *ud, int sides, int player, const char *why)
{
    (void)player;
    Play *p = ud;
    int fed = play_fed_roll(p, sides, why);
    if (fed || !p->manual)
        return fed;
    while (!p->stop) {
        printf("roll d%d for %s: ", sides, why);
        char *s = play_read(p);
        if (!s || says_quit(s)) {
            play_roll_stop(p, s != NULL);
            break;
        }
        char *end;
        long v = strtol(s, &end, 10);
        if (*s && !*end && v >= 1 && v <= sides) {
            record_add_roll(&p->rec, sides, (int)v);
            p->typed++;
            return (int)v;
        }
        if (p->refused)
            continue; /* play_read said why */
        if (strcasecmp(s, "help") == 0 || strcmp(s, "?") == 0)
            play_roll_help(sides, why);
        else if (is_board_word(s))
            play_roll_board(p);
        else if (play_roll_recall(p, s, player))
            ;
        else if (strcasecmp(s, "save") == 0 || strncasecmp(s, "save ", 5) == 0) /* (a referee's save FILE) */
            play_where_saved(p, s[4] != '\0');
        else if (strcasecmp(s, "undo") == 0 || strcasecmp(s, "cancel") == 0) {
            const char *why = withdraw_refusal(p);
            if (!why) {
                play_roll_withdraw(p);
                break;
            }
            printf("cannot withdraw: %s\n", why);
        } else if (strcasecmp(s, "hint") == 0 || strcasecmp(s, "take") == 0)
            printf("'%s' waits for the prompt of the next action: first the d%d rolled, 1 to %d\n", s, sides, sides);
        else if (isalpha((unsigned char)*s)) /* an order typed where a die was wanted (a referee's, after 'end':
                                               * the next turn's chance card wanted its dice first) */
            printf("'%.24s%s' is not played: a die is wanted first, the d%d rolled for %s (1 to %d); orders wait "
                   "for the next prompt ('help' says more)\n",
                   s, strlen(s) > 24 ? "..." : "", sides, why, sides);
        else
            printf("enter a number from 1 to %d ('help' says more)\n", sides);
    }
    record_add_roll(&p->rec, sides, 0);
    return GAME_ROLLED_BY_ECW;
}

/* Print the legal actions, numbered from 1: the first `most` (the game's
 * list_shown before a decision, else PLAY_LIST_MAX), or all of them. Only
 * a number shown may be typed. */
static void play_list(Play *p, const void *st, bool all, int most)
{
    char buf[RECORD_TEXT];
    int n = all || p->nacts <= most ? p->nacts : most;
    for (int i = 0; i < n; i++) {
        p->g->describe(st, &p->acts[i], buf, sizeof buf);
        printf("  %2d. %s\n", i + 1, buf);
    }
    if (n < p->nacts)
        printf("  ... and %d more (%s shows them), or type an order\n", p->nacts - n, /* (within 79 columns) */
               most < PLAY_LIST_MAX ? "'list' or 'list all'" : "'list all'");
    if (n > p->shown)
        p->shown = n;
}

/* 'list' or 'list all' at the prompt: the list shown again, whose numbers
 * then play even after a refused order (the number typed next is meant). */
static void play_list_again(Play *p, const void *st, bool all)
{
    play_list(p, st, all, PLAY_LIST_MAX);
    if (p->refused_action)
        puts("(a number from the list plays it again)");
    p->refused_action = false;
}

/* Does `text` hold every word of `words` (space-separated), each as a
 * whole word in any case ("D1" in "move D1 20.0 8.0", not in "D10")? */
static bool has_words(const char *text, const char *words)
{
    for (const char *w = words + strspn(words, " \t"); *w; w += strspn(w, " \t")) {
        size_t n = strcspn(w, " \t");
        bool found = false;
        for (const char *t = text; *t && !found; t++)
            found = (t == text || !isalnum((unsigned char)t[-1])) && strncasecmp(t, w, n) == 0 &&
                    !isalnum((unsigned char)t[n]);
        if (!found)
            return false;
        w += n;
    }
    return true;
}

/* 'list WORD...': the orders whose words hold them all, with their numbers
 * in the whole list, which may then be typed (a play-tester's "... and 109
 * more" buried the charges among the commander's moves: `list charge`,
 * `list C3`). */
static void play_list_matching(Play *p, const void *st, const char *words)
{
    char buf[RECORD_TEXT];
    int k = 0;
    for (int i = 0; i < p->nacts; i++) {
        p->g->describe(st, &p->acts[i], buf, sizeof buf);
        if (!has_words(buf, words))
            continue;
        printf("  %2d. %s\n", i + 1, buf);
        p->picked[i] = true, k++;
    }
    if (!k)
        printf("no order in the list holds '%s' ('list all' shows every one; an order may be typed in words too)\n",
               words);
    else if (p->refused_action)
        puts("(a number from the list plays it again)");
    p->refused_action = false;
}

/* May number k (from 1) be typed: has a list shown it? */
static bool number_shown(const Play *p, long k)
{
    return k >= 1 && k <= p->nacts && (k <= p->shown || p->picked[k - 1]);
}

/* 'help': every command of the game with its usage, then the CLI's own. */
static void play_verbs(Play *p, const void *st)
{
    (void)st;
    puts("commands:");
    for (int k = 0; k < p->g->nverbs; k++)
        wrap_printf(stdout, 4, "  %s", p->g->verb_help[k]); /* (a verb's help runs to 200 characters) */
    wrap_fputs(stdout, 2,
               "type a number from the list, an action in words, or: list, list all, list WORDS (the orders holding "
               "them: list C3, list charge), board (or map), roster (the figures alone, where the game lists them), hint, "
               "take, undo, odds ACTION (the exact odds of a shot or charge as the table stands), save (where "
               "the game is kept), log (or log N, log all, log turn N, log WORDS: what was said again), help, quit");
    wrap_fputs(stdout, 2,
               "several orders on one line: separate them with ';', or name several with commas where one "
               "is named (move D1,D2,D3 by 0 6 is three orders, as is move D1-D3 by 0 6); they are given in turn, and stop at the "
               "first that is not played");
    if (p->g->measure)
        wrap_fputs(stdout, 2,
                   "measure A B, or measure A X Y: how far apart two figures, or a figure and a point, stand, "
                   "whether they can see each other, and each one's range and move from where he stands; "
                   "measure A: his nearest enemies");
    if (p->g->standing)
        wrap_fputs(stdout, 2, "score: the points each side holds so far, were the game to end now");
    if (p->g->threats)
        wrap_fputs(stdout, 2, "threats: the map marked where the enemy could charge (!) or shoot (:) a figure of "
                              "yours when his side next moves");
}

/* Drop repeats from the n actions (a game may reach the same action by two
 * ways, e.g. a move towards either of two enemies that lie the same way):
 * the list shows each once. Returns how many are left, in their order. */
static int unique_actions(Action *a, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        bool seen = false;
        for (int j = 0; j < k && !seen; j++)
            seen = memcmp(&a[j], &a[i], sizeof *a) == 0;
        if (!seen)
            a[k++] = a[i];
    }
    return k;
}

/* Wait at a terminal for Enter after `prompt`, the terminal going to
 * `player`: RUN_OVER, or RUN_QUIT on 'quit', RUN_EOF at end of input.
 * Nothing typed here is played: a line with more than Enter in it is said
 * to be ignored and Enter asked for again (a play-tester's 'help' there
 * vanished without a word, and the clearing that follows the first prompt
 * would take the notice away with it). */
static int wait_enter(Play *p, const char *prompt, const char *now, int player)
{
    for (;;) {
        fputs(prompt, stdout);
        char *s = play_read(p);
        if (!s)
            return cli_interrupted ? RUN_QUIT : RUN_EOF;
        if (says_quit(s))
            return RUN_QUIT;
        if (!*s && !p->refused)
            return RUN_OVER;
        if (*s) /* (a refused line: play_read said why) */
            printf("(ignored '%.40s%s': %s; press Enter, then type it at the %s> prompt)\n", s,
                   strlen(s) > 40 ? "..." : "", now, p->g->roles[player]);
    }
}

/* Hot seat in a game with nothing hidden from either side (open_table):
 * no screen to clear and no terminal to pass, only the side named (a
 * referee pressed Enter twice at every change of side for nothing); with
 * typed dice, at a terminal, one Enter first, so that a die typed where
 * none was asked (a search that found nobody) is not read as the next
 * side's order. A resumed game's recap is shown to the side that did not
 * make it (at once, or after the resuming side's own turn), the earlier
 * sitting's screen being gone. */
static int hand_over_open(Play *p, int player, bool in_tty)
{
    int rc = RUN_OVER;
    if (in_tty && p->manual && p->seated >= 0)
        rc = wait_enter(p, "press Enter to go on ", "no die is asked now", player);
    if (rc != RUN_OVER)
        return rc;
    p->seated = player;
    printf("=== %s to play ===\n", p->g->roles[player]);
    if (p->recap_resumed && player == p->recap_side) { /* it made them: the other side, who did not, is told */
        p->recap_resumed = false;
        p->recap_carried = true;
        return RUN_OVER;
    }
    if ((p->recap_resumed || p->recap_carried) && p->recent.len) {
        printf("since %s last played:\n%s", p->g->roles[player], p->recent.s);
        sb_free(&p->news); /* (told above, whole: not again under the board) */
    }
    p->recap_resumed = p->recap_carried = false;
    p->recent.len = 0;
    if (p->recent.s)
        p->recent.s[0] = '\0';
    return RUN_OVER;
}

/* Hot seat: before a side's view is shown, the terminal passes to that
 * side's player, so that nobody sees the other side's view (its hidden
 * cards). At a terminal: Enter once the player who acted has read what
 * happened, the screen and its scrollback cleared, Enter again once the
 * next player sits, and then what was said since the last hand-over
 * (public lines only), which the clearing took away. Piped input gets
 * the notice only. RUN_OVER to go on, or RUN_QUIT / RUN_EOF. */
static int hand_over(Play *p, int player)
{
    if (!p->hotseat || p->seated == player)
        return RUN_OVER;
    bool in_tty = isatty(fileno(stdin)), out_tty = isatty(fileno(stdout));
    if (p->g->open_table)
        return hand_over_open(p, player, in_tty);
    bool keep = p->recap_resumed && player == p->recap_side; /* the side who made it all sits down again: it waits */
    bool clear = out_tty && (p->seated >= 0 || (p->recap_resumed && !keep));
    p->recap_resumed = false;
    const char *passing = "the terminal is being handed over";
    int rc = in_tty && p->seated >= 0 ? wait_enter(p, "press Enter to hand the terminal over ", passing, player) : RUN_OVER;
    if (rc != RUN_OVER)
        return rc;
    p->seated = player;
    if (clear)
        fputs("\033[H\033[2J\033[3J", stdout);
    printf("=== %s to play: pass the terminal to the %s player ===\n", p->g->roles[player], p->g->roles[player]);
    if (in_tty && (rc = wait_enter(p, "press Enter when only they can see the screen ", passing, player)) != RUN_OVER)
        return rc;
    if (keep)
        return RUN_OVER;
    if (clear && p->recent.len)
        printf("since the last hand-over:\n%s", p->recent.s);
    p->recent.len = 0;
    if (p->recent.s)
        p->recent.s[0] = '\0';
    return RUN_OVER;
}

/* 'hint': what the computer's heuristic would do here. It plays on the
 * view of the side to act, as it does against you, so a hint tells
 * nothing that side cannot see; its generator is its own, so asking
 * changes nothing in the game. */
static void play_hint(Play *p, const void *st)
{
    Rng rng;
    rng_seed(&rng, 0x68696E74u ^ (uint64_t)p->rec.nactions); /* "hint": the same hint each time asked */
    Action a;
    char buf[RECORD_TEXT];
    if (ai_find("heuristic")->choose(p->g, st, &rng, &a) < 0) {
        puts("hint: the computer finds nothing to do here");
        return;
    }
    p->g->describe(st, &a, buf, sizeof buf);
    p->hint = a;
    p->has_hint = true;
    printf("hint: %s (what the computer's heuristic would do; 'take' plays it as it is)\n", buf);
}

/* 'odds ACTION' (words, or a number the list has shown): the exact odds of
 * that shot or charge as the table stands, from the game; the game is
 * untouched. */
static void play_odds(Play *p, const void *st, const char *what)
{
    if (!p->g->action_odds) {
        printf("this game gives no odds at the prompt (see: ecw odds %s --help)\n", p->g->id);
        return;
    }
    static const char usage[] = "'odds ACTION' in words or as a number from the list, e.g. odds charge C1 S3 (an enemy's "
                                  "shot or charge too: odds shoot S3 C1)";
    if (!*what) {
        printf("odds of what? %s\n", usage);
        return;
    }
    Action a;
    Diag why = {{0}};
    long k = strspn(what, "0123456789") == strlen(what) && strlen(what) <= 6 ? strtol(what, NULL, 10) : 0;
    if (number_shown(p, k))
        a = p->acts[k - 1];
    else if (k != 0 || p->g->parse(st, what, &a, &why) < 0) {
        /* a word that is no order ("odds S1", a play-tester's) is told the form, not the game's list of commands */
        bool verb = strncmp(why.msg, "unknown command", 15) != 0;
        if (k || verb)
            printf("no odds: %s\n", k ? "that number is not on the list" : why.msg);
        else
            printf("no odds: odds of what? %s\n", usage);
        return;
    }
    if (p->g->action_odds(st, &a, stdout, &why) < 0)
        printf("no odds: %s\n", why.msg);
}

/* 'measure WHAT': distances, sight and ranges from the game, where it has
 * them (To Catch a King); the game is untouched. */
static void play_measure(Play *p, const void *st, const char *what)
{
    Diag why = {{0}};
    if (!p->g->measure)
        puts("this game has nothing to measure: its table is a grid");
    else if (p->g->measure(st, what, stdout, &why) < 0)
        printf("cannot measure: %s\n", why.msg);
}

/* 'score': the points each side holds so far, where the game keeps a
 * score as it goes (To Catch a King); the game is untouched. */
static void play_standing(Play *p, const void *st)
{
    if (!p->g->standing)
        puts("this game keeps no points as it goes");
    else
        p->g->standing(st, stdout);
}

enum { PLAY_LOG_LINES = 30 }; /* what 'log' shows unless told how many */

/* 'log turn N': the lines said in turn N, from its mark to the next
 * (a referee settling a dispute about turn 2). N in digits, as 'log N'
 * takes them (a fuzzer's "-0" was a turn there and refused here); one no
 * game reaches is a turn nothing was said in. */
static void play_log_turn(const StrBuf *b, bool cut, const char *n)
{
    n += *n == '+'; /* "+1", "01" and "0001" are turn 1, as 'log +3' is three lines */
    while (n[0] == '0' && n[1])
        n++;
    if (!*n || strspn(n, "0123456789") != strlen(n)) {
        printf("log turn takes the turn's number, 0 for the set-up: log turn 2 ('%s' is none)\n", n);
        return;
    }
    if (strlen(n) > 3) {
        printf("nothing was said in turn %s (the log's turns: 'log all')\n", n);
        return;
    }
    long t = strtol(n, NULL, 10);
    char mark[32];
    snprintf(mark, sizeof mark, "-- turn %ld --\n", t);
    const char *from = t == 0 ? b->s : strstr(b->s, mark); /* (turn 0: the set-up, before the first mark) */
    if (cut && (!from || t == 0)) { /* (its lines, or their start, went past PLAY_TOLD_MAX) */
        printf("turn %ld is older than the lines kept here (the oldest went past %d MiB): 'ecw replay FILE --show' "
               "tells the whole game\n", t, PLAY_TOLD_MAX >> 20);
        return;
    }
    if (!from) {
        printf("nothing was said in turn %ld (the log's turns: 'log all')\n", t);
        return;
    }
    from += t == 0 ? 0 : strlen(mark);
    const char *to = strstr(from, "-- turn ");
    printf("turn %ld, as it was said:\n%.*s", t, (int)(to ? to - from : (long)strlen(from)), from);
}

/* The end of the line at s (past its newline). */
static const char *line_after(const char *s)
{
    s += strcspn(s, "\n");
    return s + (*s == '\n');
}

/* Does a line of [from, to) hold every word of `words`? */
static bool block_has_words(const char *from, const char *to, const char *words)
{
    for (const char *line = from; line < to; line = line_after(line)) {
        size_t len = strcspn(line, "\n");
        char one[1024];
        snprintf(one, sizeof one, "%.*s", (int)(len < sizeof one ? len : sizeof one - 1), line);
        if (has_words(one, words))
            return true;
    }
    return false;
}

/* 'log WORDS': each order whose telling holds every word, each as a whole
 * word in any case (`log C3`, `log charge`, as `list WORDS` finds
 * orders), shown whole: the order and the lines said after it (its dice,
 * its fight), under the mark of its turn. A fight's dice each name one
 * side, and a referee looking up a clubman was shown half a fight. */
static void play_log_matching(const StrBuf *b, const char *words)
{
    int n = 0;
    const char *mark = NULL, *mark_shown = NULL; /* the last turn mark passed, and the last printed */
    for (const char *block = b->s; *block;) {
        const char *end = line_after(block); /* an order or a turn mark, and the indented lines after it */
        while (*end == ' ')
            end = line_after(end);
        bool is_mark = strncmp(block, "-- turn ", 8) == 0;
        if (is_mark)
            mark = block;
        if (block_has_words(block, end, words)) {
            if (!n++)
                puts("the orders said, with what followed each, that hold them:");
            if (mark && mark != mark_shown && !is_mark)
                printf("%.*s", (int)(line_after(mark) - mark), mark);
            mark_shown = mark;
            printf("%.*s", (int)(end - block), block);
        }
        block = end;
    }
    if (!n)
        printf("no line said holds '%s' ('log all' shows every one)\n", words);
}

/* 'log', 'log N' or 'log all': the last lines said that `player` may read
 * (the orders of both sides, the dice, the fights), which scroll away in a
 * long turn (a play-tester wanted earlier turns again without leaving for
 * `ecw replay`); a resumed game's earlier sittings among them, told again
 * as --load replays them. */
static void play_log(Play *p, int player, const char *what)
{
    const StrBuf *b = &p->told[player];
    long most = PLAY_LOG_LINES;
    const char *digits = what + (*what == '-' || *what == '+');
    bool number = *digits && strspn(digits, "0123456789") == strlen(digits);
    if (!b->len) {
        puts("nothing has been said in this game yet");
        return;
    }
    if (strcasecmp(what, "all") == 0)
        most = LONG_MAX;
    else if (strncasecmp(what, "turn ", 5) == 0 || strcasecmp(what, "turn") == 0) {
        play_log_turn(b, p->told_cut[player], what + 4 + strspn(what + 4, " "));
        return;
    } else if (*what && !number) {
        play_log_matching(b, what);
        return;
    } else if (*what) {
        most = strlen(digits) > 9 ? LONG_MAX : strtol(what, NULL, 10);
        if (most < 1) {
            printf("log takes a number of lines, 1 or more, or 'all', 'turn N' or words to look for ('%s' is "
                   "none of them)\n", what);
            return;
        }
    }
    const char *from = b->s + b->len; /* back a line at a time (each ends in a newline), `most` of them */
    for (long n = 0; n < most && from > b->s; n++) {
        from--;
        while (from > b->s && from[-1] != '\n')
            from--;
    }
    if (most == LONG_MAX)
        printf("everything said in this game that you may read:\n%s", from);
    else
        printf("the last %ld lines said ('log all' for every one since the game began):\n%s", most, from);
}

/* The state kept in snapshot k. */
static unsigned char *snap_state(const Play *p, int k)
{
    return p->snap_states + (size_t)k * p->g->state_size;
}

/* Keep the state a person is asked in, for `undo` (the oldest goes when
 * PLAY_UNDO_MAX are kept). */
static void snap_push_at(Play *p, const void *st, int player, size_t nactions, size_t nrolls);

static void snap_push(Play *p, const void *st, int player) { snap_push_at(p, st, player, p->rec.nactions, p->rec.nrolls); }

/* ... the state before action `nactions` of the record, its dice from
 * `nrolls` on (play --load keeps the replayed game's so, and undo reaches
 * back across the break). */
static void snap_push_at(Play *p, const void *st, int player, size_t nactions, size_t nrolls)
{
    size_t size = p->g->state_size;
    if (!p->snap_states)
        return;
    if (p->nsnaps == PLAY_SNAPS) { /* the one asked in now and PLAY_UNDO_MAX before it */
        memmove(p->snap_states, snap_state(p, 1), size * (PLAY_SNAPS - 1));
        memmove(p->snaps, p->snaps + 1, sizeof *p->snaps * (PLAY_SNAPS - 1));
        p->nsnaps--;
    }
    memcpy(snap_state(p, p->nsnaps), st, size);
    Snap *n = &p->snaps[p->nsnaps++];
    *n = (Snap){.nactions = nactions, .nrolls = nrolls, .player = player, .turn = p->g->turn(st)};
    for (int i = 0; p->ais && i < p->g->nplayers; i++)
        n->ai_rng[i] = p->ais[i].rng;
}

/* Why `player`, asked now, may not take back his last action; NULL if he
 * may. His own last action, in the same turn, with nothing left to chance
 * since: no die typed in and the game's generator where it was (no die
 * rolled, no card drawn). What chance showed cannot be unseen. Nobody may
 * have acted since, but the computer in a game where only chance reveals
 * anything (chance_alone_reveals: Marston Less, whose sides take turns to
 * deploy): then the computer's replies go back too, its generator with
 * them, so that the same action meets the same reply. Elsewhere another
 * side's moves may have shown something (a computer's search that found
 * nobody rolls no die, yet shows a piece empty), and in the hot seat they
 * are another person's to take back. */
/* Were the record's dice from `from` on all typed by hand, and no more
 * than a taken-back entry keeps? Such dice were rolled at the table, not
 * by the generator, so an order they decided may be taken back, dice and
 * all, and the dice typed again (a referee's mistyped die stood for good
 * once its fight was resolved), unless it showed a card. */
static bool typed_since(const Play *p, size_t from)
{
    if (p->rec.nrolls - from > RECORD_DROPPED)
        return false;
    for (size_t k = from; k < p->rec.nrolls; k++)
        if (p->rec.rolls[k].value < 1)
            return false;
    return true;
}

static const char *undo_refusal(const Play *p, const void *st, int player)
{
    if (p->nsnaps < 2)
        return p->resumed ? "nothing to take back since the game was resumed" : "nothing to take back";
    const Snap *u = &p->snaps[p->nsnaps - 2];
    const unsigned char *before = snap_state(p, p->nsnaps - 2), *now = st;
    size_t rng = p->g->rng_offset;
    if (u->player != player)
        return "the last action was another side's, not yours";
    bool replies_go_back = p->g->chance_alone_reveals && !p->hotseat;
    if (p->rec.nactions != u->nactions + 1 && !replies_go_back)
        return "another side has acted since your last action";
    if (p->g->turn(st) != u->turn)
        return u->turn == 0 ? "the set-up has ended since" : "the turn has ended since";
    if (memcmp(before + rng, now + rng, sizeof(Rng)) != 0)
        return "chance has spoken since (a die rolled or a card drawn)";
    if (p->rec.nrolls != u->nrolls && !typed_since(p, u->nrolls))
        return "chance has spoken since (a die rolled by ecw)";
    if (p->rec.nrolls != u->nrolls && p->g->hidden_shown && p->g->hidden_shown(before, now))
        return "it turned over what was hidden (a card): it stands";
    return NULL;
}

/* Go back to where the person was asked before his last action (undo
 * said he may): the state, the record, and an "undo" event in the log. */
static void play_take_back(Play *p, void *st, GameIO *io)
{
    int k = p->nsnaps - 2;
    const Snap *u = &p->snaps[k];
    char text[RECORD_TEXT];
    snprintf(text, sizeof text, "%s", p->rec.actions[u->nactions].text);
    size_t replies = p->rec.nactions - u->nactions - 1; /* the computer's, after it */
    RecTakenBack t = {.at = u->nactions, .replies = replies}; /* kept in the record too, for the audit */
    for (size_t r = u->nrolls; r < p->rec.nrolls && t.ndropped < RECORD_DROPPED; r++) /* typed by hand (undo_refusal) */
        t.dropped[t.ndropped++] = p->rec.rolls[r].value;
    memcpy(st, snap_state(p, k), p->g->state_size);
    record_truncate(&p->rec, u->nactions, u->nrolls);
    for (int i = 0; p->ais && i < p->g->nplayers; i++)
        p->ais[i].rng = u->ai_rng[i];
    p->nsnaps = k; /* asked again there, the state is kept again */
    snprintf(t.side, sizeof t.side, "%s", p->g->roles[u->player]);
    snprintf(t.text, sizeof t.text, "%s", text);
    record_note_taken_back(&p->rec, &t);
    record_tell_taken_back(&t, io->log, false);
}

enum { PLAY_AGAIN = -2 }; /* a prompt word that chose nothing: ask again */

/* The prompt's own words (not the game's), matched in any case; NULL if
 * `s` is none of them. A word with more after it is refused. */
static const char *play_word(const char *s, bool *extra)
{
    static const char *const words[] = {"quit", "q",    "help", "?",    "list", "board", "map",
                                        "roster", "hint", "take", "undo", "odds", "save", "measure", "score", "log", "threats", NULL};
    size_t n = strcspn(s, " \t");
    for (const char *const *w = words; *w; w++)
        if (strlen(*w) == n && strncasecmp(s, *w, n) == 0) {
            *extra = s[n + strspn(s + n, " \t")] != '\0';
            return *w;
        }
    return NULL;
}

/* Do the prompt word w for `player`: RUN_QUIT, RUN_UNDO, RUN_OVER with
 * *out set ('take'), or PLAY_AGAIN. */
static int play_do_word(Play *p, const void *st, int player, const char *w, Action *out)
{
    const GameOps *g = p->g;
    if (strcmp(w, "quit") == 0 || strcmp(w, "q") == 0)
        return RUN_QUIT;
    if (strcmp(w, "help") == 0 || strcmp(w, "?") == 0)
        play_verbs(p, st);
    else if (strcmp(w, "list") == 0)
        play_list_again(p, st, false);
    else if (strcmp(w, "roster") == 0 && g->roster)
        g->roster(st, player, stdout);
    else if (is_board_word(w))
        g->render(st, player, stdout);
    else if (strcmp(w, "save") == 0)
        play_where_saved(p, false);
    else if (strcmp(w, "hint") == 0)
        play_hint(p, st);
    else if (strcmp(w, "take") == 0 && !p->has_hint)
        puts("nothing to take: ask for a 'hint' first");
    else if (strcmp(w, "take") == 0) {
        *out = p->hint;
        p->took_hint = true;
        p->by_number = true; /* (one who plays the hints is shown the list, as one who plays by numbers) */
        return RUN_OVER;
    } else {
        const char *why = undo_refusal(p, st, player);
        if (!why)
            return RUN_UNDO;
        printf("cannot undo: %s\n", why);
    }
    return PLAY_AGAIN;
}

/* Why number k (typed as s) plays no order: before the list's first, past
 * its last, with no list shown since the last order, or not among those
 * shown (a tester's "0" was told of a list "1 to 0"). */
static void play_number_refused(const Play *p, const char *s, long k)
{
    const char *more = strlen(s) > 12 ? "..." : "";
    if (k < 1)
        printf("no action %.12s%s: the list's numbers start at 1 ('list' shows it)\n", s, more);
    else if (k > p->nacts && p->shown == p->nacts)
        printf("no action %.12s%s: choose 1 to %d\n", s, more, p->shown);
    else if (k > p->nacts)
        printf("no action %.12s%s: there are %d, of which %d are listed ('list all' shows them all)\n", s, more,
               p->nacts, p->shown);
    else if (p->shown == 0)
        printf("no list is shown since your last order: 'list' shows it, and then %ld plays its order %ld\n", k, k);
    else
        printf("action %ld is not among those listed: 'list all' shows all %d\n", k, p->nacts);
}

static int play_order(Play *p, const void *st, const char *s, Action *out);

/* One line typed at the prompt: a prompt word, a number from the list or
 * an action in the game's words. As play_do_word; p->order_refused says
 * whether it was an order, refused. */
static int play_line(Play *p, const void *st, int player, const char *s, Action *out)
{
    p->order_refused = false;
    bool extra = false;
    const char *w = play_word(s, &extra);
    if (w && extra && strcmp(w, "list") == 0) { /* "list all" and "odds ACTION" take words after them */
        const char *rest = s + strlen(w);
        rest += strspn(rest, " \t");
        if (strcasecmp(rest, "all") == 0)
            play_list_again(p, st, true);
        else
            play_list_matching(p, st, rest);
        return PLAY_AGAIN;
    }
    if (w && strcmp(w, "odds") == 0) {
        const char *rest = s + strlen(w);
        play_odds(p, st, rest + strspn(rest, " \t"));
        return PLAY_AGAIN;
    }
    if (w && extra && strcmp(w, "save") == 0) {
        play_where_saved(p, true);
        return PLAY_AGAIN;
    }
    if (w && strcmp(w, "measure") == 0) {
        const char *rest = s + strlen(w);
        play_measure(p, st, rest + strspn(rest, " \t"));
        return PLAY_AGAIN;
    }
    if (w && strcmp(w, "log") == 0) {
        const char *rest = s + strlen(w);
        play_log(p, player, rest + strspn(rest, " \t"));
        return PLAY_AGAIN;
    }
    if (w && !extra && strcmp(w, "score") == 0) {
        play_standing(p, st);
        return PLAY_AGAIN;
    }
    if (w && !extra && strcmp(w, "threats") == 0) {
        if (p->g->threats)
            p->g->threats(st, player, stdout);
        else
            puts("this game draws no map of threats");
        return PLAY_AGAIN;
    }
    if (w && extra) {
        printf("'%s' takes nothing after it\n", w);
        return PLAY_AGAIN;
    }
    if (w)
        return play_do_word(p, st, player, w, out);
    int rc = play_order(p, st, s, out);
    p->order_refused = rc == PLAY_AGAIN;
    return rc;
}

/* An order typed at the prompt: a number from the list or an action in
 * the game's words. RUN_OVER with *out set, or PLAY_AGAIN, said why. */
static int play_order(Play *p, const void *st, const char *s, Action *out)
{
    const char *digits = s + (*s == '-'); /* a minus sign too: "-1" is a number out of the list */
    if (*digits && strspn(digits, "0123456789") == strlen(digits)) {
        /* (a long line of digits is a number past any list, or before it with a minus) */
        long k = strlen(digits) > 6 ? (*s == '-' ? -1 : LONG_MAX) : strtol(s, NULL, 10);
        if (p->refused_action) {
            /* a referee whose order was refused goes on to type its dice, one by one: a double
             * would play an order nobody gave if a number typed again played it */
            printf("the last order was %s: no dice are wanted now, and %.12s%s plays nothing; type an order in "
                   "words, or 'list' and then its number\n",
                   p->has_caution ? "not played (careful, above)" : "refused", s, strlen(s) > 12 ? "..." : "");
            return PLAY_AGAIN;
        }
        if (number_shown(p, k)) {
            *out = p->acts[k - 1];
            p->by_number = true;
            return RUN_OVER;
        }
        play_number_refused(p, s, k);
        return PLAY_AGAIN;
    }
    char *end;
    (void)strtod(s, &end);
    if (end != s && !*end) { /* "1.5": a number, but not one of the list's */
        printf("no action %.12s%s: type a whole number from the list, or the action in words\n", s,
               strlen(s) > 12 ? "..." : "");
        return PLAY_AGAIN;
    }
    Diag why = {{0}};
    int rc = game_parse_checked(p->g, st, s, out, &why);
    if (rc >= 0) {
        p->by_number = false;
        if (rc == 1) /* a note that cautions: said by play_caution, the order to be given twice */
            snprintf(p->note_caution, sizeof p->note_caution, "%s", why.msg);
        else if (why.msg[0]) /* the game's note on the order, as "move D1 towards" stopping short */
            printf("(%s)\n", why.msg);
        return RUN_OVER;
    }
    printf("illegal: %s\n", why.msg);
    p->refused_action = p->before != NULL; /* manual dice (p->before is kept for them) */
    return PLAY_AGAIN;
}

/* An order the game cautions against (GameOps.caution: a guard's move that
 * leaves his prisoners, a search that ends the turn before others moved)
 * is played only when given twice running at the prompt; the first time
 * it is said what it costs. `take` plays the computer's order as it is,
 * uncautioned: the player chose to follow it. True to ask again. */
static bool play_caution(Play *p, const void *st, const Action *a)
{
    char why[1200]; /* room for two costs at once: a guard's search that leaves his prisoners (a tester's was cut off) */
    bool again = p->has_caution && memcmp(&p->cautioned, a, sizeof *a) == 0;
    if (again && p->note_caution[0]) /* given twice: told as any note is */
        printf("(%s)\n", p->note_caution);
    if (!again && p->note_caution[0] && !p->took_hint) /* the parse's own caution (GameOps.parse returned 1) */
        snprintf(why, sizeof why, "%s", p->note_caution);
    else if (again || p->took_hint || !p->g->caution || !p->g->caution(st, a, why, sizeof why))
        return false;
    char text[RECORD_TEXT];
    p->g->describe(st, a, text, sizeof text);
    printf("careful: %s: %s.\nType it again to give that order, or give another.\n", text, why);
    p->has_caution = true, p->cautioned = *a;
    p->refused_action = p->before != NULL; /* manual dice: a die typed next plays no list entry, as after a refusal */
    return true;
}

enum { PLAY_LINE_ORDERS = 32, PLAY_ORDER_MAX = 256 }; /* the most orders one line may give, and their length */

/* Drop the orders of a line not given yet, saying which and why. */
static void play_drop_queued(Play *p, const char *why)
{
    if (!p->queued.len)
        return;
    printf("(%s: not given: ", why);
    for (const char *o = p->queued.s; *o;) {
        size_t n = strcspn(o, "\n");
        printf("%s%.*s", o == p->queued.s ? "" : "; ", (int)n, o);
        o += n + (o[n] == '\n');
    }
    puts(")");
    p->queued.len = 0;
    p->queued.s[0] = '\0';
}

/* An item "C1-C5" (or "c1-5"): a run of figures of one letter and their
 * numbers, lo to hi, into letter (at most 3 letters, NUL-ended); false if
 * the item is no such run (a solo player wanted to name his five cavalry
 * at once). */
static bool item_run(const char *item, size_t il, char letter[4], int *lo, int *hi)
{
    size_t nl = 0;
    while (nl < il && nl < 3 && isalpha((unsigned char)item[nl]))
        nl++;
    size_t d1 = strspn(item + nl, "0123456789");
    if (nl == 0 || d1 == 0 || d1 > 3 || nl + d1 >= il || item[nl + d1] != '-')
        return false;
    size_t at = nl + d1 + 1;
    if (il - at > nl && strncasecmp(item + at, item, nl) == 0)
        at += nl;
    size_t d2 = strspn(item + at, "0123456789");
    if (d2 == 0 || d2 > 3 || at + d2 != il)
        return false;
    *lo = atoi(item + nl), *hi = atoi(item + at);
    snprintf(letter, 4, "%.*s", (int)nl, item);
    return *lo <= *hi;
}

/* The word of s whose items, split at commas, each begin with a letter
 * ("D1,D2,C3": figures, not "21,5", a decimal written with a comma; an
 * empty item is none), as an offset and length; false if no word is such
 * a list. A letter outside ASCII counts, so "D1,\u00e9" is told there is
 * no figure so called rather than that it is no point. */
static bool comma_list(const char *s, size_t *at, size_t *len)
{
    for (size_t i = 0; s[i];) {
        i += strspn(s + i, " \t");
        size_t n = strcspn(s + i, " \t");
        char letter[4];
        int lo, hi;
        bool list = (memchr(s + i, ',', n) != NULL && strspn(s + i, ",") < n) || item_run(s + i, n, letter, &lo, &hi);
        for (size_t k = i; list && k < i + n; k++) /* every item starts with a letter */
            if ((k == i || s[k - 1] == ',') && s[k] != ',' && !isalpha((unsigned char)s[k]) &&
                (unsigned char)s[k] < 0x80)
                list = false;
        if (list) {
            *at = i, *len = n;
            return true;
        }
        i += n;
    }
    return false;
}

/* An order `one` (ending in a newline) of a group named together: the
 * first kept as the group's `lead`, each other rewritten by the game so
 * that the group keeps its shape (a solo player's five troopers sent
 * "towards" one point crowded onto it). */
static void play_keep_shape(const GameOps *g, const void *st, char lead[], char *one, size_t cap)
{
    size_t n = strcspn(one, "\n");
    char order[2 * PLAY_ORDER_MAX], shaped[2 * PLAY_ORDER_MAX];
    snprintf(order, sizeof order, "%.*s", (int)n, one);
    if (!lead[0])
        snprintf(lead, 2 * PLAY_ORDER_MAX, "%s", order);
    else if (g->group_order && g->group_order(st, lead, order, shaped, sizeof shaped) == 1 &&
             (n = strlen(shaped)) + 2 <= cap)
        memcpy(one, shaped, n), memcpy(one + n, "\n", 2);
}

/* Split a line of several orders into p->queued, one a line: at each ';'
 * ("move D1 20 8; move D2 22 8"), and a word listing figures with commas
 * or as a run made one order each ("move D1,D2,D3 by 0 8" and "move
 * D1-D3 by 0 8" are three), the game keeping the group's shape where it
 * can (GameOps.group_order, asked of st before any has acted). False,
 * said why, for more than PLAY_LINE_ORDERS or two such lists in one order. */
static bool play_queue_line(Play *p, const void *st, const char *s)
{
    int n = 0;
    for (const char *o = s; *o;) {
        size_t len = strcspn(o, ";");
        char order[PLAY_ORDER_MAX];
        if (len >= sizeof order) {
            printf("an order of a line is %d characters at the most\n", PLAY_ORDER_MAX - 1);
            return false;
        }
        snprintf(order, sizeof order, "%.*s", (int)len, o);
        o += len + (o[len] == ';');
        char *t = order + strspn(order, " \t");
        for (size_t e = strlen(t); e > 0 && isspace((unsigned char)t[e - 1]);)
            t[--e] = '\0';
        if (!*t)
            continue;
        size_t at, wl;
        if (!comma_list(t, &at, &wl)) {
            sb_append(&p->queued, t), sb_append(&p->queued, "\n");
            n++;
        } else {
            size_t at2, wl2;
            if (comma_list(t + at + wl, &at2, &wl2)) {
                printf("one list of figures an order: '%s' has two\n", t);
                return false;
            }
            char lead[2 * PLAY_ORDER_MAX] = ""; /* the group's first order, to keep its shape by */
            for (const char *item = t + at; item < t + at + wl;) {
                size_t il = strcspn(item, ",");
                if (item + il > t + at + wl)
                    il = (size_t)(t + at + wl - item);
                if (il == 0) { /* (an empty item) */
                    item++;
                    continue;
                }
                char one[2 * PLAY_ORDER_MAX], letter[4];
                int lo, hi;
                if (!item_run(item, il, letter, &lo, &hi))
                    lo = hi = -1;
                for (int k = lo; k <= hi && n <= PLAY_LINE_ORDERS; k++) { /* once for a plain item (-1) */
                    if (k < 0)
                        snprintf(one, sizeof one, "%.*s%.*s%s\n", (int)at, t, (int)il, item, t + at + wl);
                    else
                        snprintf(one, sizeof one, "%.*s%s%d%s\n", (int)at, t, letter, k, t + at + wl);
                    play_keep_shape(p->g, st, lead, one, sizeof one);
                    sb_append(&p->queued, one);
                    n++;
                }
                item += il + 1;
            }
        }
        if (n > PLAY_LINE_ORDERS) {
            printf("at most %d orders a line\n", PLAY_LINE_ORDERS);
            return false;
        }
    }
    return true;
}

/* Take the next order of p->queued into p->line. */
static char *play_pop_queued(Play *p)
{
    size_t n = strcspn(p->queued.s, "\n");
    snprintf(p->line, p->cap, "%.*s", (int)n, p->queued.s); /* (no order is longer than the line it came from) */
    memmove(p->queued.s, p->queued.s + n + 1, p->queued.len - n); /* (its NUL too) */
    p->queued.len -= n + 1;
    return p->line;
}

/* The next line to do at `player`'s prompt: the next order of a line of
 * several (shown as if typed), else a line read; of a line of several
 * read, the rest is queued and its first order given (a queue left from
 * another side or turn was dropped by human_choose, before the hand-over).
 * NULL at the end of input. */
static char *play_next_line(Play *p, const void *st, int player)
{
    printf("%s> ", p->g->roles[player]);
    if (p->queued.len) {
        char *s = play_pop_queued(p);
        printf("%s\n", s);
        return s;
    }
    char *s = play_read(p);
    size_t at, len;
    if (!s || (!strchr(s, ';') && !comma_list(s, &at, &len)))
        return s;
    if (!play_queue_line(p, st, s)) {
        p->queued.len = 0;
        if (p->queued.s)
            p->queued.s[0] = '\0';
        return s + strlen(s); /* (said why: nothing is played) */
    }
    p->queued_player = player, p->queued_turn = p->g->turn(st);
    return p->queued.len ? play_pop_queued(p) : s + strlen(s); /* (";" alone: nothing) */
}

/* Agent.choose for the human: show, list, read until a legal action. */
static int human_choose(void *ud, const GameOps *g, const void *st, int player, Action *out,
                        Diag *d)
{
    (void)d;
    Play *p = ud;
    if (p->queued.len && (p->queued_player != player || p->queued_turn != g->turn(st))) /* before the terminal
                                                                                       * passes to another */
        play_drop_queued(p, "the turn has passed");
    int rc = hand_over(p, player);
    if (rc != RUN_OVER)
        return rc;
    snap_push(p, st, player);
    p->has_hint = false;
    /* the board once a turn for each side, and again after anything but the player's own last order (a
     * play-tester lost the flow of a long turn in 60 lines redrawn after every move); 'board' on demand */
    bool own_order_only = p->drawn && p->drawn_player == player && p->drawn_turn == g->turn(st) &&
                          p->rec.nactions == p->drawn_nactions + 1;
    bool quiet = own_order_only && !p->by_number; /* (one who plays by numbers keeps his list) */
    bool queued = p->queued.len && p->queued_player == player && p->queued_turn == g->turn(st);
    if (own_order_only && queued)
        ; /* the next order of his line follows at once */
    else if (own_order_only)
        printf(quiet ? "(the board as it now stands: 'board'; the orders: 'list')\n"
                     : "(the board as it now stands: 'board')\n");
    else {
        g->render(st, player, stdout);
        /* (a hot seat that clears the screen has its recap; an open table's keeps the lines above, and a referee
         * wanted what mattered in the other side's turn under the board too; the first board follows the opening) */
        if (p->news.len && p->drawn && !p->hotseat)
            printf("since your last order:\n%s", p->news.s);
        else if (p->news.len && p->drawn && g->open_table)
            printf("since %s last played:\n%s", g->roles[player], p->news.s);
    }
    sb_free(&p->news);
    p->drawn = true, p->drawn_player = player, p->drawn_turn = g->turn(st), p->drawn_nactions = p->rec.nactions;
    p->nacts = unique_actions(p->acts, g->legal(st, p->acts, MAX_ACTIONS));
    p->shown = 0;
    memset(p->picked, 0, sizeof p->picked);
    p->refused_action = false, p->has_caution = false;
    if (!quiet)
        play_list(p, st, false, g->list_shown > 0 ? g->list_shown : PLAY_LIST_MAX);
    do {
        char *s = play_next_line(p, st, player);
        if (!s)
            return cli_interrupted ? RUN_QUIT : RUN_EOF;
        p->took_hint = false, p->note_caution[0] = '\0';
        rc = *s ? play_line(p, st, player, s, out) : (p->order_refused = false, PLAY_AGAIN);
        if (rc == RUN_OVER && play_caution(p, st, out))
            rc = PLAY_AGAIN, p->order_refused = true;
        if (rc == PLAY_AGAIN && p->order_refused) /* an order refused or cautioned stops the line's orders */
            play_drop_queued(p, "the line stops here");
        else if (rc == RUN_QUIT || rc == RUN_EOF)
            play_drop_queued(p, "the game stops here");
    } while (rc == PLAY_AGAIN);
    return rc;
}

/* RunGame.on_action: keep the table as it stands (for 'board' at the
 * action's die prompts), and say who did what. */
static void play_on_action(void *ud, const void *st, int player, const Action *a,
                           const char *text)
{
    (void)a;
    Play *p = ud;
    play_keep_before(p, st, false); /* called just before the action is applied */
    p->live = st;
    play_tell_order(p, st, player, text);
    if (player != p->queued_player)
        play_drop_queued(p, "the turn has passed");
    if (p->hotseat)
        play_say(p, "%s: %s\n", p->g->roles[player], text);
    else if (player == p->human)
        printf("you (%s): %s\n", p->g->roles[player], text);
    else
        printf("%s (computer, %s): %s\n", p->g->roles[player], p->ai_name, text);
}

typedef struct PlayArgs {
    const GameOps  *g;
    int             human;
    const AiPlayer *ai;
    uint64_t        seed;
    bool            seeded, manual, ai_given, dice_given, overwrite;
    bool            hotseat; /* --ai human, or a record whose every side is human */
    const char     *save, *events, *load;
    Options         opt;
    CliFlags        flags;
    Record          loaded; /* --load: the saved game, until play_run takes it */
    char            kept[PATH_MAX]; /* a referee's game saved without --save (referee_save) */
} PlayArgs;

/* --as: a role name or a player number counted from 0 (the index the
 * events' "vis" and the records use). */
static int play_as(const GameOps *g, const char *s, int *out)
{
    int i = game_role_index(g, s);
    if (i < 0 && s[0] >= '0' && s[0] <= '9' && !s[1])
        i = s[0] - '0';
    if (i < 0 || i >= g->nplayers) {
        char roles[128];
        cli_error("play: %s has no role '%s' (roles: %s)", g->id, s,
                  cli_roles(g, true, roles, sizeof roles));
        return -1;
    }
    *out = i;
    return 0;
}

/* Handle one option letter c with argument arg; EXIT_OK or an exit code. */
static int play_opt(PlayArgs *a, int c, const char *arg, const char **as)
{
    int flag = cli_flag(&a->flags, "play", c, arg, &a->opt);
    if (flag >= 0)
        return flag;
    Diag d = {{0}};
    switch (c) {
    case 'a': *as = arg; return EXIT_OK;
    case 'L': a->load = arg; return EXIT_OK;
    case 'A':
        a->ai_given = true;
        a->hotseat = strcmp(arg, "human") == 0;
        if (a->hotseat || (a->ai = ai_find(arg)))
            return EXIT_OK;
        diag_set(&d, "--ai: unknown AI '%s' (AIs: random, heuristic; or human: hot seat)", arg);
        break;
    case 's':
        a->seeded = true;
        if (cli_parse_u64(arg, "--seed", &a->seed, &d) == 0)
            return EXIT_OK;
        break;
    case 'S': a->save = arg; return EXIT_OK;
    case 'E': a->events = arg; return EXIT_OK;
    case 'W': a->overwrite = true; return EXIT_OK;
    case 'd':
        a->dice_given = true;
        a->manual = strcmp(arg, "manual") == 0;
        if (a->manual || strcmp(arg, "auto") == 0)
            return EXIT_OK;
        diag_set(&d, "--dice: expected manual or auto, got '%s'", arg);
        break;
    case 'o':
        if (cli_option_kv(&a->opt, arg, &d) == 0)
            return EXIT_OK;
        break;
    default: return EXIT_USAGE; /* CLI_OPT_ERROR: cli_getopt said why */
    }
    cli_error("play: %s", d.msg);
    return EXIT_USAGE;
}

/* --as in the hot seat, where every side is a person: refused rather than
 * ignored. EXIT_USAGE. */
static int hotseat_as(const char *as)
{
    cli_error("play: --as %s has no use in the hot seat, where a person plays every side: "
              "give --ai random or --ai heuristic to play one side against the computer", as);
    return EXIT_USAGE;
}

/* The side, AI and dice of the saved game r, each unless given again: a
 * game whose every side was human goes on in the hot seat, the computer
 * player is that of a side the person does not take. A record whose sides
 * were all the computer's (a watched game) says nobody's side to take:
 * --as must. EXIT_OK, or EXIT_USAGE with the message printed. */
static int play_loaded_players(PlayArgs *a, const Record *r, const char *as)
{
    int humans = 0, named = 0, n = r->game->nplayers;
    for (int i = 0; i < n; i++) {
        bool human = strcmp(r->player[i], "human") == 0;
        named += r->player[i][0] != '\0';
        humans += human;
        if (human && !as && (humans == 1 || a->hotseat))
            a->human = i;
    }
    if (named && !humans && !as && !a->hotseat) {
        cli_error("play: %s: no side of this game was played by a person (%s: %s, %s: %s): "
                  "give --as ROLE to take one over, or --ai human", a->load, r->game->roles[0], r->player[0],
                  n > 1 ? r->game->roles[1] : "", n > 1 ? r->player[1] : "");
        return EXIT_USAGE;
    }
    for (int i = 0; i < n; i++)
        if (i != a->human && !a->ai_given && ai_find(r->player[i]))
            a->ai = ai_find(r->player[i]);
    if (!a->ai_given && humans == n)
        a->hotseat = true;
    if (as && a->hotseat)
        return hotseat_as(as);
    if (!a->dice_given) /* a record without "dice" typed them in if it kept any */
        a->manual = r->dice[0] ? strcmp(r->dice, "manual") == 0 : r->nrolls > 0;
    return EXIT_OK;
}

/* After getopt with --load FILE: the game, seed and options are the saved
 * game's (given again they could only disagree), GAME if given must be its
 * game, and the game is saved back to FILE unless --save says where. -1 to
 * go on, or an exit code. */
static int play_load_args(PlayArgs *a, int argc, char **argv, const char *as)
{
    if (a->seeded || a->opt.n) {
        cli_error("play: --load resumes the saved game with its own seed and options: "
                  "do not give --seed or game options with it");
        return EXIT_USAGE;
    }
    if (optind + 1 < argc) {
        cli_error("play: expected at most one GAME with --load (see ecw play --help)");
        return EXIT_USAGE;
    }
    const GameOps *named = NULL;
    if (optind < argc && !(named = cli_game(argv[optind])))
        return EXIT_USAGE;
    int rc = cli_load_record("play", a->load, named, &a->loaded);
    if (rc != EXIT_OK)
        return rc;
    a->g = a->loaded.game;
    a->seed = a->loaded.seed;
    a->seeded = true;
    a->opt = a->loaded.opt;
    if (as && play_as(a->g, as, &a->human) < 0)
        return EXIT_USAGE;
    if (play_loaded_players(a, &a->loaded, as) != EXIT_OK)
        return EXIT_USAGE;
    if (!a->save)
        a->save = a->load;
    return -1;
}

/* Parse argv into a; returns -1 to go on, or an exit code. */
static int play_args(int argc, char **argv, PlayArgs *a)
{
    static const struct option fixed[] = {
        {"help", no_argument, NULL, 'h'},         {"as", required_argument, NULL, 'a'},
        {"ai", required_argument, NULL, 'A'},     {"seed", required_argument, NULL, 's'},
        {"save", required_argument, NULL, 'S'},   {"dice", required_argument, NULL, 'd'},
        {"events", required_argument, NULL, 'E'}, {"option", required_argument, NULL, 'o'},
        {"load", required_argument, NULL, 'L'},   {"overwrite", no_argument, NULL, 'W'}, {0}};
    struct option opts[CLI_MAX_LONGOPTS];
    cli_longopts(fixed, opts, &a->flags, false);
    const char *as = NULL;
    int c;
    const char *seen[CLI_MAX_LONGOPTS] = {0};
    cli_getopt_reset();
    while ((c = cli_getopt("play", argc, argv, ":ho:", opts, seen)) != -1) {
        if (c == 'h') {
            play_help(stdout);
            return EXIT_OK;
        }
        int rc = play_opt(a, c, optarg, &as);
        if (rc != EXIT_OK)
            return rc;
    }
    if (a->load)
        return play_load_args(a, argc, argv, as);
    if (optind + 1 != argc) {
        cli_error("play: expected one GAME (see ecw play --help)");
        return EXIT_USAGE;
    }
    if (!(a->g = cli_game(argv[optind])))
        return EXIT_USAGE;
    a->human = a->g->play_as;
    if (as && a->hotseat)
        return hotseat_as(as);
    if (as && play_as(a->g, as, &a->human) < 0)
        return EXIT_USAGE;
    return -1;
}

/* The save file was written by another program since this sitting last
 * read or wrote it (a second ecw playing the same game: a tester's idle
 * sitting, quitting, rolled the other's moves back): it is left as it is,
 * and the game goes on in a new file beside it, "FILE-2.json" (the first
 * number free), said once. -1 (d filled) when no name is free. */
static int play_divert(Play *p, Diag *d)
{
    const char *dot = strrchr(p->save, '.'), *slash = strrchr(p->save, '/');
    int stem = dot && (!slash || dot > slash) && strcmp(dot, ".json") == 0 ? (int)(dot - p->save)
                                                                          : (int)strlen(p->save);
    for (int k = 2; k < 100; k++) {
        char name[PATH_MAX];
        struct stat sb;
        if (snprintf(name, sizeof name, "%.*s-%d.json", stem, p->save, k) >= (int)sizeof name)
            break;
        if (lstat(name, &sb) == 0)
            continue;
        fflush(stdout);
        cli_error("play: %s was written by another program since this sitting last saved it (is another ecw "
                  "playing this game?): it is left as it is, and this game is saved to %s from now on (--load %s "
                  "goes on with it)",
                  p->save, name, name);
        memcpy(p->diverted, name, sizeof name);
        p->save = p->diverted;
        p->stamp.known = false;
        return 0;
    }
    return diag_set(d, "%s was written by another program since this sitting last saved it, and no name "
                       "beside it is free to keep this game in", p->save);
}

/* Write the record to the save file (play_divert first if another wrote
 * it), noting what the file is like after; -1 with d filled. */
static int play_write(Play *p, Diag *d)
{
    if (record_stamp_changed(p->save, &p->stamp) && play_divert(p, d) < 0)
        return -1;
    int rc = record_save(&p->rec, p->save, d);
    record_stamp_take(p->save, &p->stamp); /* (after a failed save too: its own change is not another's) */
    return rc;
}

/* Save the record if asked; false (message printed) on failure. A
 * referee's own file is written even with no action in it: 'save' and the
 * notice at the start said it was kept, and the game resumes from it with
 * its seed, so the hidden cards already shown stay those dealt. */
static bool play_save(Play *p, const void *st)
{
    record_finish(&p->rec, st);
    if (!p->save)
        return true;
    Diag d = {{0}};
    if (play_write(p, &d) < 0) {
        cli_error("play: %s", d.msg);
        return false;
    }
    fflush(stdout); /* what was said before, first (a transcript keeps the order) */
    fprintf(stderr, "saved to %s\n", p->save);
    return true;
}

/* After each action: the record written to the save file, so that a
 * crash, a kill or a lost connection costs at most the action under way
 * (a referee's typed dice above all); told once if it cannot be. */
static void play_keep(void *ud, const void *st)
{
    Play *p = ud;
    if (!p->save || p->keep_failed || p->suspended) /* the file holds the game before a waiting action */
        return;
    record_finish(&p->rec, st);
    Diag d = {{0}};
    if (play_write(p, &d) < 0) {
        cli_error("play: %s (the game goes on, and is saved again when it ends or you quit)", d.msg);
        p->keep_failed = true;
    }
}

/* 'help' once the game is over: what may still be asked. */
static void review_help(const Play *p)
{
    wrap_fputs(stdout, 2,
               "the game is over: board (or map), roster, log (or log N, log all, log turn N, log WORDS), "
               "odds ACTION, save (where the game is kept), help, quit");
    if (p->g->measure)
        wrap_fputs(stdout, 2, "measure A B, measure A X Y, measure A: distances, sight, ranges, as in play");
    if (p->g->standing)
        wrap_fputs(stdout, 2, "score: the points each side holds at the end");
    if (p->g->threats)
        wrap_fputs(stdout, 2, "threats: where the enemy could have charged or shot your men next");
}

/* The game is over and its result told: the player may still look
 * at the end (the last board, the log, the score, measures) before
 * leaving, as after a game at a table; an order, a hint or an undo is
 * refused (the seed is told now, and with it what was hidden: an undo
 * would replay a game whose deal the player then knows). Ends at 'quit'
 * or the end of input. */
static void play_review(Play *p, const void *st)
{
    int player = p->hotseat ? (p->seated >= 0 ? p->seated : 0) : p->human;
    puts("(the game is over: 'board', 'roster', 'log', 'score', 'measure', 'odds' or 'help' to look at it, 'quit' to "
         "leave)"); /* (a tester found more worked than this said) */
    for (char *s; (s = play_read(p)) != NULL;) {
        bool extra = false;
        const char *w = play_word(s, &extra);
        Action none;
        if (!*s)
            continue;
        if (w && !extra && (strcmp(w, "quit") == 0 || strcmp(w, "q") == 0))
            return;
        if (w && !extra && (strcmp(w, "help") == 0 || strcmp(w, "?") == 0)) {
            review_help(p);
            continue;
        } else if (w && (strcmp(w, "list") == 0 || strcmp(w, "hint") == 0 || strcmp(w, "take") == 0 ||
                       strcmp(w, "undo") == 0))
            printf("the game is over: no orders are left to give, and none taken back ('%s' is for a game "
                   "going on); 'help' says what you may look at\n", w);
        else if (w) {
            (void)play_line(p, st, player, s, &none); /* a look, or "takes nothing after it": none plays */
            continue;
        } else
            puts("the game is over: no orders are left to give; 'help' says what you may look at, 'quit' leaves");
        if (!isatty(fileno(stdin))) { /* orders piped past the end (yes 1 | ecw play) would never stop */
            puts("(input is not a terminal: leaving at the first order given after the end)");
            return;
        }
    }
}

/* Report how the game loop ended and choose the exit code. */
static int play_finish(Play *p, const void *st, int rc, const Diag *d)
{
    bool saved = p->review_only || play_save(p, st);
    if (rc == RUN_ERROR) {
        cli_error("play: %s", d->msg);
        return EXIT_FAIL;
    }
    if (p->g->terminal(st)) {
        cli_print_result(p->g, st, stdout);
        if (p->tell_seed) { /* told only now: from it a player could rebuild the hidden deal */
            fflush(stdout);
            fprintf(stderr, "seed %llu\n", (unsigned long long)p->rec.seed);
        }
        if (rc != RUN_QUIT)
            play_review(p, st);
        return saved ? EXIT_OK : EXIT_FAIL;
    }
    int code = saved ? EXIT_OK : EXIT_FAIL;
    if (cli_interrupted || rc == RUN_EOF || p->eof) {
        fputs(cli_interrupted ? "interrupted\n" : "input ended\n", stderr);
        code = EXIT_FAIL;
    } else
        puts("you left the game");
    fflush(stdout); /* (a transcript keeps the order) */
    if (!p->save && p->rec.nactions > 0) /* a game left unfinished and unsaved cannot be taken up again */
        fputs("(not saved: start with --save FILE to keep a game you can go on with later, --load FILE)\n", stderr);
    return code;
}

/* The referee stopped at a die of the action just applied (the rest rolled
 * by ecw, told nobody): the game goes back to before it, the record
 * keeps it waiting with the dice typed for it, for --load to go on with,
 * and the events told nobody give their numbers back (a play-tester found
 * a gap in the events file's seq). */
static void play_unwind(Play *p, void *st)
{
    memcpy(st, p->before, p->g->state_size);
    record_suspend_last(&p->rec, p->before_nrolls, p->typed);
    p->suspended = false;
    if (p->log)
        p->log->seq = p->seq_at_stop;
}


/* A quit or the end of input at an action's die: play_unwind, and the
 * log says the action waits. */
static void play_suspend(Play *p, void *st, GameIO *io)
{
    play_unwind(p, st);
    EventLog *log = io->log;
    if (evlog_begin(log, "pending", VIS_PUBLIC)) { /* its events so far are told again when it is resumed */
        evlog_str(log, "action", p->rec.pending.text);
        evlog_int(log, "typed", (int64_t)p->typed);
        if (p->typed)
            evlog_end(log, "waits for its dice: %s (%zu typed)", p->rec.pending.text, p->typed);
        else
            evlog_end(log, "waits for its dice: %s", p->rec.pending.text);
    }
}

/* The referee withdrew the action just applied at one of its dice ('undo'
 * at a die prompt; the rest rolled by ecw, told nobody): it is unwound as
 * for a quit (play_suspend), then dropped from the record with the dice
 * typed for it, and said; the game goes on from where it stood before it,
 * its side asked again at the prompt it gave the order at (whose snapshot
 * goes, being taken again there). */
static void play_withdraw(Play *p, void *st, GameIO *io)
{
    play_unwind(p, st);
    Record *r = &p->rec;
    size_t n = r->pending_rolls;
    const RecRoll *typed = r->rolls + r->nrolls - n;
    RecTakenBack t = {.withdrawn = true};
    snprintf(t.text, sizeof t.text, "%s", r->pending.text);
    for (size_t k = 0; k < n && t.ndropped < RECORD_DROPPED; k++)
        t.dropped[t.ndropped++] = typed[k].value;
    record_drop_pending(r);
    t.at = r->nactions; /* kept in the record too (a referee's withdrawn die was gone from the next sitting's log) */
    record_note_taken_back(r, &t);
    record_tell_taken_back(&t, io->log, false);
    p->withdrawn = false, p->stop = false;
    if (p->nsnaps && p->snaps[p->nsnaps - 1].nactions == r->nactions)
        p->nsnaps--;
    play_keep(p, st); /* the save follows at once: the game before it */
}

/* A resumed game whose last action waits for its dice (the record's
 * "pending"): applied first, as it was declared, fed the dice typed
 * before the break and then asking for the rest. One no longer legal (a
 * record edited by hand) is dropped with its dice, and said. */
static void play_pending(Play *p, const RunGame *rg, void *st)
{
    Record *r = &p->rec;
    if (!r->has_pending)
        return;
    RecAction pa = r->pending;
    size_t typed = r->pending_rolls;
    r->has_pending = false, r->pending_rolls = 0;
    char text[RECORD_TEXT * 2 + 48]; /* the action as this ecw reads it, and the record's text if it says otherwise */
    int len = p->g->describe(st, &pa.a, text, RECORD_TEXT);
    if (pa.text[0] && strcmp(text, pa.text) != 0 && len >= 0 && len < RECORD_TEXT)
        snprintf(text + len, sizeof text - (size_t)len, " (its text in the record says '%s')", pa.text);
    Diag cd = {{0}};
    if (p->g->check(st, &pa.a, &cd) < 0) {
        printf("the action that waited for its dice, %s, is not legal here (%s): it is dropped, with the %zu "
               "di%s typed for it\n", text, cd.msg, typed, typed == 1 ? "e" : "ce");
        record_truncate(r, r->nactions, r->nrolls - typed);
        return;
    }
    p->feed = r->nrolls - typed, p->nfeed = typed;
    cli_apply_action(rg, st, p->g->current_player(st), &pa.a);
    if (p->nfeed && !p->suspended) { /* dice typed for it that it never asked for (a record edited by hand) */
        printf("(%zu di%s kept for %s %s not wanted by it: dropped)\n", p->nfeed, p->nfeed == 1 ? "e" : "ce", text,
               p->nfeed == 1 ? "was" : "were");
        record_truncate(r, r->nactions, r->nrolls - p->nfeed);
    }
    p->nfeed = 0;
    play_keep(p, st);
}

/* The agents (the human at a->human), then the game played on from st
 * and its end reported; returns the exit code. A resumed game's computer
 * player draws from a generator of its own (derived from the number of
 * actions already played), not the one it had before the break. */
static int play_agents_run(PlayArgs *a, Play *p, void *st, GameIO *io)
{
    const GameOps *g = a->g;
    AiAgent ais[MAX_PLAYERS];
    RunGame rg = {.g = g, .io = io, .rec = &p->rec, .on_action = play_on_action, .after_action = play_keep,
                  .ud = p, .describe = true, .stop = &p->stop};
    for (int i = 0; i < g->nplayers; i++) {
        uint64_t seed = rng_derive(a->seed ^ 0xA1A1A1A1A1A1A1A1u, (uint64_t)i);
        if (a->load)
            seed = rng_derive(seed, p->rec.nactions);
        cli_ai_agent(&rg.agent[i], &ais[i], a->ai, seed);
    }
    p->ais = ais; /* (lives as long as this call, which the game does) */
    for (int k = 0; k < p->nsnaps; k++) /* the states kept as --load replayed: the computer's generators as now */
        for (int i = 0; i < g->nplayers; i++)
            p->snaps[k].ai_rng[i] = ais[i].rng;
    for (int i = 0; i < g->nplayers; i++)
        if (a->hotseat || i == a->human)
            rg.agent[i] = (Agent){human_choose, p, a->hotseat ? g->roles[i] : "you"};
    Diag d = {{0}};
    int rc = RUN_QUIT;
    play_pending(p, &rg, st);
    for (;;) {
        if (p->withdrawn) /* 'undo' at a die prompt: the game goes on from before that action */
            play_withdraw(p, st, io);
        if (p->suspended)
            break;
        rc = cli_run_game(&rg, st, &d);
        if (rc == RUN_UNDO) {
            play_take_back(p, st, io);
            play_keep(p, st); /* the save follows the take-back at once */
        } else if (!p->withdrawn)
            break;
    }
    if (p->suspended)
        play_suspend(p, st, io);
    p->ais = NULL;
    return play_finish(p, st, rc, &d);
}

/* A new game: set up from the seed and options, an empty record, the
 * game's opening (its dice and events through io). EXIT_OK or an exit code. */
static int play_start(PlayArgs *a, Play *p, void *st, GameIO *io)
{
    Diag d = {{0}};
    if (a->g->setup(st, &a->opt, a->seed, &d) < 0) {
        cli_error("play: %s", d.msg);
        return EXIT_USAGE;
    }
    record_init(&p->rec, a->g, &a->opt, a->seed);
    play_keep_before(p, st, true);
    if (a->hotseat) /* who plays what, said first (a rules lawyer's --as 1 gave him a side he did not expect) */
        printf("Hot seat: every side is played at this terminal%s.\n", a->manual ? ", the dice typed in" : "");
    else
        printf("You play %s, the computer (%s) the other side%s.\n", a->g->roles[a->human], a->ai->name,
               a->g->nplayers > 2 ? "s" : "");
    if (!p->save) /* said at the start, not only at the quit that loses it (a tester playing in stages lost a game) */
        puts("(this game is not saved: quitting loses it; start with --save FILE to keep it and go on later)");
    game_begin(a->g, st, io);
    return EXIT_OK;
}

/* The "phase" the view of `player` names (both games' views have one:
 * "arrive" when a band or reinforcements wait to come on), into buf; ""
 * if the view has none. Read through the contract, not the state. */
static void view_phase(const GameOps *g, const void *st, int player, char *buf, size_t n)
{
    Jw w;
    jw_init(&w);
    g->view(st, player, &w);
    json_t *v = json_loads(jw_str_of(&w), 0, NULL);
    jw_fini(&w);
    const char *ph = json_string_value(json_object_get(v, "phase"));
    snprintf(buf, n, "%s", ph ? ph : "");
    json_decref(v);
}

/* The resume summary's last line: who acts next and in which phase, so
 * that a game saved with arrivals waiting (the arrive phase) says so. */
static void play_resumed_next(const Play *p, const void *st)
{
    int cp = p->g->current_player(st);
    char phase[32];
    view_phase(p->g, st, p->hotseat ? cp : p->human, phase, sizeof phase);
    if (strcmp(phase, p->g->roles[cp]) == 0) /* a side's own phase: its name says no more */
        phase[0] = '\0';
    printf("next: %s%s%s%s%s\n", p->g->roles[cp], cp == p->human && !p->hotseat ? " (you)" : "", phase[0] ? ", in the " : "",
           phase, phase[0] ? " phase" : "");
}

/* The resume summary: how many actions were replayed and the last three
 * of them, or that nobody has moved yet (no empty list), then who acts
 * next and in which phase. */
/* Who made the last three actions of a resumed game (ReplayShow, told
 * each action as it is replayed): the summary names them. */
typedef struct LastSides {
    const Record *r;
    int           side[3]; /* of actions n-3, n-2, n-1 */
    long          at;      /* the action being replayed, -1 before the first */
    int           viewer;  /* whose lines the summary repeats (VIS_PUBLIC in the hot seat) */
    StrBuf        said[3]; /* ... what actions n-3, n-2, n-1 said to him, as play said it */
    EvSink        sink;    /* the replay log's own sink and ud, to pass every event on */
    void         *ud;
    int           run_side; /* the side of the last run of actions by one side (-1 none yet) ... */
    StrBuf        run;      /* ... and the public lines said since it began: a resumed hot seat's recap */
    Play         *p;        /* the states before the actions kept for undo (snap_push_at), and 'log' */
    const void   *st;       /* the state being replayed (for the turn markers of 'log') */
} LastSides;

static void note_side(void *ud, const void *st, int player, const RecAction *ra, size_t rolls_before)
{
    LastSides *ls = ud;
    size_t i = (size_t)(ra - ls->r->actions), n = ls->r->nactions;
    /* where a person at this terminal was asked (as human_choose keeps them; the last ones only) */
    if (ls->p && i + PLAY_SNAPS >= n && (ls->p->hotseat || player == ls->p->human))
        snap_push_at(ls->p, st, player, i, rolls_before);
    ls->at = (long)i;
    ls->st = st;
    if (ls->p && player >= 0 && player < ls->r->game->nplayers) /* 'log' spans sittings: as play_on_action */
        play_tell_order(ls->p, st, player, ra->text);
    if (i + 3 >= n)
        ls->side[i + 3 - n] = player;
    if (player != ls->run_side) { /* a hand-over in the hot seat: the recap starts again */
        ls->run_side = player;
        ls->run.len = 0;
        if (ls->run.s)
            ls->run.s[0] = '\0';
    }
    if (player >= 0 && player < ls->r->game->nplayers) { /* as play_on_action says it in the hot seat */
        sb_append(&ls->run, ls->r->game->roles[player]);
        sb_append(&ls->run, ": ");
        sb_append(&ls->run, ra->text);
        sb_append(&ls->run, "\n");
    }
}

/* The replay's sink: every event to the events file as before, and the
 * lines the player saw of the last three actions (a search, a chance card
 * drawn since, a fight; not a move's nor a piece laid, which its action
 * says) kept for the summary. */
static void note_said(void *ud, const char *json, const char *text, int vis)
{
    LastSides *ls = ud;
    ls->sink(ls->ud, json, text, vis);
    if (ls->p) /* as play_sink keeps it */
        play_tell_event(ls->p, ls->st, text, vis);
    if (vis == VIS_PUBLIC && ls->at >= 0) {
        sb_append(&ls->run, "  ");
        sb_append(&ls->run, text);
        sb_append(&ls->run, "\n");
    }
    size_t n = ls->r->nactions;
    /* a move's line, or a piece laid, says again what its action says */
    bool echo = strstr(json, "\"type\":\"move\"") || strstr(json, "\"type\":\"terrain\"");
    if (!echo && ls->at >= 0 && (size_t)ls->at + 3 >= n && (vis == VIS_PUBLIC || vis == ls->viewer)) {
        StrBuf *b = &ls->said[(size_t)ls->at + 3 - n];
        sb_append(b, "      ");
        sb_append(b, text);
        sb_append(b, "\n");
    }
}

/* The resume summary's line on how the game goes on: who plays each side
 * and whose dice, and what the record had where that changed (a referee
 * resumed a game whose last sitting, with nothing played, had switched it
 * to ecw's dice and a computer side, and nothing said so). Before
 * play_note_players writes this sitting's into the record. */
static void play_resumed_how(const Play *p)
{
    const GameOps *g = p->g;
    char now[160] = "", had[160] = "";
    for (int i = 0; i < g->nplayers; i++) {
        const char *who = p->hotseat ? "a person here" : i == p->human ? "you" : "the computer, ";
        const char *noted = p->rec.player[i];
        size_t len = strlen(now);
        snprintf(now + len, sizeof now - len, "%s%s %s%s", i ? ", " : "", g->roles[i], who,
                 p->hotseat || i == p->human ? "" : p->ai_name);
        bool person = p->hotseat || i == p->human, was_person = strcmp(noted, "human") == 0;
        if (noted[0] && (was_person != person || (!person && strcmp(noted, p->ai_name) != 0))) {
            len = strlen(had);
            snprintf(had + len, sizeof had - len, "%s%s %s", had[0] ? ", " : "", g->roles[i],
                     was_person ? "a person" : noted);
        }
    }
    if (p->rec.dice[0] && (strcmp(p->rec.dice, "manual") == 0) != p->manual) {
        size_t len = strlen(had);
        snprintf(had + len, sizeof had - len, "%sdice %s", had[0] ? ", " : "",
                 p->manual ? "rolled by ecw" : "typed by hand");
    }
    printf("playing on: %s; dice %s%s%s%s\n", now, p->manual ? "typed by hand" : "rolled by ecw",
           had[0] ? " (the record had " : "", had, had[0] ? ")" : "");
}

static void play_resumed(const Play *p, const char *path, const void *st, const LastSides *ls)
{
    size_t n = p->rec.nactions;
    char when[32]; /* turn 0 is the set-up of both games */
    int t = p->g->turn(st);
    if (t > 0)
        snprintf(when, sizeof when, "turn %d", t);
    else
        snprintf(when, sizeof when, "before turn 1");
    if (n == 0)
        printf("resumed %s: no moves yet, %s\n", path, when);
    else
        printf("resumed %s: %zu action%s replayed, %s; the last%s:\n", path, n, n == 1 ? "" : "s", when,
               n == 1 ? "" : n == 2 ? " two" : " three");
    for (size_t i = n > 3 ? n - 3 : 0; i < n; i++) {
        int side = ls->side[i + 3 - n];
        printf("  %s: %s\n", side >= 0 && side < p->g->nplayers ? p->g->roles[side] : "?", p->rec.actions[i].text);
        if (ls->said[i + 3 - n].s)
            fputs(ls->said[i + 3 - n].s, stdout);
    }
    if (p->rec.has_pending) {
        size_t n = p->rec.pending_rolls;
        char text[RECORD_TEXT];
        p->g->describe(st, &p->rec.pending.a, text, sizeof text);
        int side = p->g->current_player(st); /* (a tester took the computer's waiting "end" for his own) */
        bool computer = !p->hotseat && side != p->human && side >= 0 && side < p->g->nplayers;
        printf("waiting for its dice: %s%s%s%s (", side >= 0 && side < p->g->nplayers ? p->g->roles[side] : "",
               side >= 0 && side < p->g->nplayers ? "'s " : "", text, computer ? ", the computer's order" : "");
        if (n)
            printf("%zu typed before the break; ", n);
        printf("%s)\n", !p->manual ? "ecw rolls the rest: --dice auto" : n ? "the rest are asked for now" : "asked for now");
    }
    play_resumed_how(p);
    play_resumed_next(p, st);
}

/* A resumed game goes on in the record loaded (r, emptied), now this
 * engine's; with another state layout its hashes are dropped (they would
 * fail any --verify). */
static void take_over_record(Play *p, Record *r, bool same_layout)
{
    p->rec = *r;
    memset(r, 0, sizeof *r);
    snprintf(p->rec.engine, sizeof p->rec.engine, "%s", ECW_VERSION);
    if (!same_layout) {
        p->rec.nhashes = 0;
        p->rec.state_size = p->g->state_size;
    }
}

/* --load: replay the saved game into st (its events to the events file
 * only), take its record over to go on with, and show its last actions;
 * a game that is over is shown, to be looked at (play_review). EXIT_OK,
 * or EXIT_FAIL for a record that does not replay. */
static int play_resume(PlayArgs *a, Play *p, void *st, EventLog *log)
{
    const GameOps *g = a->g;
    Record *r = &a->loaded;
    bool same_layout = r->state_size == g->state_size;
    Diag d = {{0}};
    PlaySink *sink = log->ud, quiet = *sink;
    quiet.cli.text = NULL; /* silent: the player saw these moves */
    quiet.p = NULL;
    log->ud = &quiet;
    LastSides last = {r, {-1, -1, -1}, -1, p->hotseat ? VIS_PUBLIC : p->human, {{0}}, log->sink, log->ud, -1, {0}, p, NULL};
    log->sink = note_said, log->ud = &last;
    long at = a->manual ? record_replay_filled(r, st, log, same_layout, &d, note_side, &last)
                        : record_replay_shown(r, st, log, same_layout, &d, note_side, &last);
    log->sink = last.sink, log->ud = sink;
    int rc = EXIT_FAIL;
    if (at != REPLAY_OK)
        cli_error("play: %s: cannot resume: %s", a->load, d.msg);
    else if (g->terminal(st)) { /* to be looked at (play_review), not resumed */
        take_over_record(p, r, same_layout);
        p->review_only = true;
        printf("%s is a game that is over: here is its end.\n", a->load);
        g->render(st, p->hotseat ? 0 : p->human, stdout);
        rc = EXIT_OK;
    } else {
        take_over_record(p, r, same_layout);
        play_resumed(p, a->load, st, &last);
        /* the recap since the last hand-over, from the game replayed (not this sitting's
         * memory): shown to the side about to play if another side made it, as a hand-over
         * would have; else that side made it and saw it, and it waits for the next hand-over */
        if (p->hotseat && last.run_side >= 0 && last.run.len) {
            sb_free(&p->recent);
            p->recent = last.run;
            last.run = (StrBuf){0};
            p->recap_resumed = true; /* (whose it is, is known only as a side sits: a pending action may
                                      * end the turn first, and the other side then sits first) */
            p->recap_side = last.run_side;
        }
        rc = EXIT_OK;
    }
    for (int k = 0; k < 3; k++)
        sb_free(&last.said[k]);
    sb_free(&last.run);
    return rc;
}

/* Note in the record who plays each side and how the dice are rolled, so
 * that --load can go on as the game was played. */
static void play_note_players(Play *p, const PlayArgs *a)
{
    for (int i = 0; i < a->g->nplayers; i++)
        snprintf(p->rec.player[i], RECORD_NAME, "%s", a->hotseat || i == a->human ? "human" : a->ai->name);
    snprintf(p->rec.dice, RECORD_NAME, "%s", a->manual ? "manual" : "auto");
}

/* Set up the game (new, or resumed with --load) and the agents, play,
 * report. */
static int play_run(PlayArgs *a, Play *p, FILE **events_io)
{
    FILE *events = *events_io;
    const GameOps *g = a->g;
    void *st = cli_state_new(g);
    *p = (Play){.g = g, .human = a->human, .hotseat = a->hotseat, .seated = -1, .save = a->save,
                .ai_name = a->ai->name, .snap_states = malloc(PLAY_SNAPS * g->state_size),
                .before = a->manual ? malloc(g->state_size) : NULL, .manual = a->manual,
                .resumed = a->load != NULL, .tell_seed = !a->seeded || a->load, .kept = a->save == a->kept};
    /* the log on screen: public lines and the player's own; in the hot
     * seat, where the screen is everyone's, public lines only (a line for
     * one side stays in the events file) */
    if (a->load && p->save && cli_same_file(p->save, a->load))
        record_stamp_take(p->save, &p->stamp); /* what this sitting read: another's writing it is noticed */
    PlaySink sink = {{events, NULL, stdout, a->hotseat ? VIS_PUBLIC : a->human}, p};
    EventLog log;
    evlog_init(&log, play_sink, &sink);
    p->log = &log;
    GameIO io = {&log, a->manual || a->loaded.has_pending ? play_roll : NULL, p};
    int code = a->load ? play_resume(a, p, st, &log) : play_start(a, p, st, &io);
    Diag d = {{0}};
    if (code != EXIT_OK) { /* a record that does not replay: an events file it would replace stays whole */
        cli_abandon_events(events);
        *events_io = NULL;
    } else if (cli_commit_events(events, &d) < 0) {
        cli_error("play: %s", d.msg);
        code = EXIT_FAIL;
    }
    if (code == EXIT_OK) {
        if (!p->review_only) /* (the file of a game looked at is left as it was) */
            play_note_players(p, a);
        code = play_agents_run(a, p, st, &io);
    }
    evlog_fini(&log);
    record_fini(&p->rec);
    free(p->line);
    free(p->snap_states);
    free(p->before);
    sb_free(&p->recent);
    sb_free(&p->news);
    sb_free(&p->queued);
    for (int k = 0; k < MAX_PLAYERS; k++)
        sb_free(&p->told[k]);
    free(st);
    return code;
}

/* mkdir -p dir: 0, or -1 with errno set. */
static int make_dirs(const char *dir)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s", dir);
    for (char *p = path + 1;; p++) {
        bool end = *p == 0;
        if (*p == '/' || end) {
            *p = 0;
            if (mkdir(path, 0777) < 0 && errno != EEXIST)
                return -1;
            if (end)
                return 0;
            *p = '/';
        }
    }
}

/* A name for a.kept in dir that no file has yet: GAME-YYYYMMDD-HHMMSS.json,
 * -2, -3 ... after the time when two games start in one second. */
static bool fresh_name(PlayArgs *a, const char *dir)
{
    time_t now = time(NULL);
    struct tm tm;
    char stamp[32];
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime_r(&now, &tm));
    for (int k = 1; k < 100; k++) {
        char nth[8] = "";
        if (k > 1)
            snprintf(nth, sizeof nth, "-%d", k);
        int len = snprintf(a->kept, sizeof a->kept, "%s/%s-%s%s.json", dir, a->g->id, stamp, nth);
        if (len < 0 || (size_t)len >= sizeof a->kept)
            return false;
        if (access(a->kept, F_OK) != 0)
            return true;
    }
    return false;
}

/* A referee's game (dice typed in) is kept even without --save: the dice
 * thrown at the table cannot be thrown again, and the log of every roll
 * is what the referee came for. It goes to the saves' directory
 * (record_default_dir), and the player is told where at once. */
static void referee_save(PlayArgs *a)
{
    if (!a->manual || a->save)
        return;
    char dir[PATH_MAX];
    const char *why = NULL;
    if (!record_default_dir(dir, sizeof dir))
        why = "neither XDG_DATA_HOME nor HOME names a directory, or the path is too long";
    else if (make_dirs(dir) < 0)
        why = strerror(errno);
    else if (!fresh_name(a, dir))
        why = "no free name there for this game";
    if (why) {
        fprintf(stderr, "(the dice you type will not be kept: %s; start with --save FILE)\n", why);
        return;
    }
    a->save = a->kept;
    fprintf(stderr, "(referee: the game and every die you type are saved to %s; --save FILE chooses the file)\n",
            a->save);
}

/* cmd_play once the arguments are read: prepare, play, close. */
static int play_main(PlayArgs *a)
{
    FILE *events;
    CliOut out = {a->save, a->events, a->overwrite || cli_same_file(a->save, a->load), a->overwrite,
                  a->load ? "(with --load that loses nothing of the game: the file is written again from the save, every "
                            "action and die, and the actions taken back or withdrawn in earlier sittings)"
                          : NULL};
    int rc = cli_prepare_game("play", a->g, &a->opt, a->seeded, false, &a->seed, &out, &events);
    if (rc != EXIT_OK)
        return rc;
    referee_save(a); /* once the options are known good: a fresh file of its own, nothing to check */
    if (a->seeded && !a->load && a->g->redeal) /* (a leak-hunting play-tester found a seed 3 game by its sealed seed) */
        fprintf(stderr, "(the seed fixes how the hidden cards are dealt: anyone who knows %llu can see the deal with "
                        "'ecw watch %s --seed %llu', though what dice decide later, as how many men a card brings, "
                        "will differ; leave --seed out for a fresh one nobody is told)\n",
                (unsigned long long)a->seed, a->g->id, (unsigned long long)a->seed);
    Play *p = calloc(1, sizeof *p);
    rc = p ? play_run(a, p, &events) : EXIT_FAIL;
    free(p);
    return cli_finish_events(events, rc, "play", a->events);
}

int cmd_play(int argc, char **argv)
{
    PlayArgs a = {.ai = ai_find("heuristic")};
    int rc = play_args(argc, argv, &a);
    if (rc < 0)
        rc = play_main(&a);
    record_fini(&a.loaded);
    return rc;
}
