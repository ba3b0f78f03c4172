/* cli_common.c - helpers shared by the subcommands: errors, argument
 * parsing, role options built from the registry, event sinks, agents and
 * cli_run_game, the single game loop behind play, watch and sim. */
#define _XOPEN_SOURCE 700 /* realpath (XSI) */
#include "cli.h"
#include "games/registry.h"
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* Messages                                                            */
/* ------------------------------------------------------------------ */

bool cli_color(FILE *f)
{
    const char *nc = getenv("NO_COLOR");
    return isatty(fileno(f)) && !(nc && *nc);
}

void cli_error(const char *fmt, ...)
{
    bool c = cli_color(stderr);
    fputs(c ? "\033[1;31mecw:\033[0m " : "ecw: ", stderr);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* The flags other programs have taught people to type, and ecw's way of
 * saying the same (a play-tester's --hotseat was only "unknown"). */
static const char *known_elsewhere(const char *arg)
{
    static const struct { const char *flag, *ours; } same[] = {
        {"--hotseat", "--ai human (both sides played at this terminal)"},
        {"--hot-seat", "--ai human (both sides played at this terminal)"},
        {"--two-player", "--ai human (both sides played at this terminal)"},
        {"--manual", "--dice manual"},
        {"--side", "--as ROLE"},
    };
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++)
        if (strncmp(arg, same[i].flag, strlen(same[i].flag)) == 0 &&
            (arg[strlen(same[i].flag)] == '\0' || arg[strlen(same[i].flag)] == '='))
            return same[i].ours;
    return NULL;
}

/* The usage error for getopt's return c ('?' unknown, ':' missing value). */
static void bad_option(const char *cmd, char **argv, int c)
{
    const char *arg = argv[optind - 1];
    const char *what = c == ':' ? "option needs a value" : "unknown option";
    const char *ours = c == ':' ? NULL : known_elsewhere(arg);
    if (optopt && optopt < CLI_ROLE_VAL && arg[0] == '-' && arg[1] != '-')
        cli_error("%s: %s: -%c (see ecw %s --help)", cmd, what, optopt, cmd);
    else if (ours)
        cli_error("%s: %s: %s: ecw says %s (see ecw %s --help)", cmd, what, arg, ours, cmd);
    else
        cli_error("%s: %s: %s (see ecw %s --help)", cmd, what, arg, cmd);
}

/* What the value of option `name` (getopt value val) is, for "--events
 * needs a FILE": the flags built from the registry take an AI or a game
 * option's value. */
static const char *value_name(const char *name, int val)
{
    static const struct { const char *opt, *what; } names[] = {
        {"events", "a FILE"},      {"save", "a FILE"},    {"load", "a FILE"},
        {"seed", "a number"},      {"games", "a number"}, {"threads", "a number"},
        {"delay", "a number of milliseconds"}, {"as", "a ROLE"}, {"ai", "an AI"},
        {"dice", "manual or auto"}, {"option", "KEY=VALUE"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(names[i].opt, name) == 0)
            return names[i].what;
    return val >= CLI_ROLE_VAL && val < CLI_KEY_VAL ? "an AI" : "a value";
}

/* The long option whose getopt value is c (for a short option such as -o). */
static const struct option *option_of(const struct option *opts, int c, int index)
{
    if (index >= 0)
        return &opts[index];
    for (const struct option *o = opts; o->name; o++)
        if (o->val == c)
            return o;
    return NULL;
}

/* Whether option o may be given more than once: --option and the game
 * option flags (their keys are checked once set, with both values named)
 * and --help (which ends the parse). */
static bool repeatable(const struct option *o)
{
    return o->val >= CLI_KEY_VAL || strcmp(o->name, "option") == 0 || strcmp(o->name, "help") == 0;
}

/* Note option o (of opts) as given with value v (NULL for a flag); -1
 * with the error printed if it was given before. */
static int given_once(const char *cmd, const struct option *opts, const struct option *o, const char *v,
                      const char **seen)
{
    size_t i = (size_t)(o - opts);
    if (i >= CLI_MAX_LONGOPTS || repeatable(o))
        return 0;
    if (!seen[i]) {
        seen[i] = v ? v : "";
        return 0;
    }
    if (v)
        cli_error("%s: option --%s given twice (%s, then %s)", cmd, o->name, seen[i], v);
    else
        cli_error("%s: option --%s given twice", cmd, o->name);
    return -1;
}

int cli_getopt(const char *cmd, int argc, char **argv, const char *shortopts,
               const struct option *opts, const char **seen)
{
    int index = -1;
    int c = getopt_long(argc, argv, shortopts, opts, &index);
    if (c == '?' || c == ':') {
        bad_option(cmd, argv, c);
        return CLI_OPT_ERROR;
    }
    const struct option *o = c != -1 ? option_of(opts, c, index) : NULL;
    /* a value that is a flag is a forgotten value, never a file or a seed
     * named "--json": getopt would take it silently */
    if (o && optarg && strncmp(optarg, "--", 2) == 0) {
        cli_error("%s: --%s needs %s (got the flag %s)", cmd, o->name, value_name(o->name, c),
                  optarg);
        return CLI_OPT_ERROR;
    }
    if (o && optarg && !*optarg) { /* an empty value is a usage error as a missing one is (a fuzzer's --events "") */
        cli_error("%s: --%s needs %s, not an empty word", cmd, o->name, value_name(o->name, c));
        return CLI_OPT_ERROR;
    }
    if (o && given_once(cmd, opts, o, o->has_arg ? optarg : NULL, seen) < 0)
        return CLI_OPT_ERROR;
    return c;
}

/* ------------------------------------------------------------------ */
/* Parsing                                                             */
/* ------------------------------------------------------------------ */

int cli_parse_u64(const char *s, const char *what, uint64_t *out, Diag *d)
{
    if (!s || *s < '0' || *s > '9')
        return diag_set(d, "%s: expected a non-negative decimal number, got '%s'", what, s ? s : "");
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end)
        return diag_set(d, "%s: expected a decimal number, got '%s'", what, s);
    if (errno == ERANGE)
        return diag_set(d, "%s: number too large (at most %llu), got '%s'", what, ULLONG_MAX, s);
    *out = v;
    return 0;
}

int cli_parse_int(const char *s, long lo, long hi, const char *what, long *out, Diag *d)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (*s && !*end && errno == ERANGE) /* digits, past what a long holds */
        return diag_set(d, "%s: number too %s (%s %ld), got '%s'", what, v < 0 ? "small" : "large",
                        v < 0 ? "at least" : "at most", v < 0 ? lo : hi, s);
    if (!*s || *end)
        return diag_set(d, "%s: expected a whole number, got '%s'", what, s);
    if (v < lo || v > hi)
        return diag_set(d, "%s: %ld is out of range %ld..%ld", what, v, lo, hi);
    *out = v;
    return 0;
}

/* A game option as given on the command line, in any case (every game's
 * names and values are lower case words or numbers: an analyst's
 * together=YES was refused), kept in lower case. */
int cli_option_set(Options *o, const char *key, const char *val, Diag *d)
{
    char k[OPT_LEN], v[OPT_LEN];
    if (strlen(key) >= sizeof k || strlen(val) >= sizeof v)
        return opt_set(o, key, val, d); /* (which says what is too long) */
    for (size_t i = 0; i <= strlen(key); i++)
        k[i] = (char)tolower((unsigned char)key[i]);
    for (size_t i = 0; i <= strlen(val); i++)
        v[i] = (char)tolower((unsigned char)val[i]);
    const char *had = opt_get(o, k);
    if (had) /* the last one winning silently would hide a mistake in a sweep */
        return diag_set(d, "option '%s' given twice (%s, then %s)", k, had, v);
    return opt_set(o, k, v, d);
}

int cli_option_kv(Options *o, const char *kv, Diag *d)
{
    const char *eq = strchr(kv, '=');
    size_t kl = eq ? (size_t)(eq - kv) : 0;
    if (kl == 0) /* refused here: a game would read a bare key as KEY=1 */
        return diag_set(d, "--option %s: expected key=value", kv);
    if (kl >= OPT_LEN)
        return diag_set(d, "--option %s: the key is too long (at most %d characters)", kv,
                        OPT_LEN - 1);
    char key[OPT_LEN];
    memcpy(key, kv, kl);
    key[kl] = '\0';
    return cli_option_set(o, key, eq + 1, d);
}

const char *cli_game_ids(char *buf, size_t n)
{
    buf[0] = '\0';
    for (const GameOps *const *p = games_all(); *p; p++) {
        size_t l = strlen(buf);
        snprintf(buf + l, n - l, "%s%s", l ? ", " : "", (*p)->id);
    }
    return buf;
}

const GameOps *cli_find_game(const char *id) { return games_find(id); }

const GameOps *cli_game(const char *id)
{
    const GameOps *g = id ? games_find(id) : NULL;
    if (g)
        return g;
    if (!id) {
        cli_error("missing GAME (see ecw games)");
        return NULL;
    }
    char list[256];
    cli_error("unknown game '%s' (games: %s)", id, cli_game_ids(list, sizeof list));
    return NULL;
}

uint64_t cli_fresh_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t x = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
    x ^= (uint64_t)getpid() << 32;
    /* Keep seeds below 2^53 so every JSON reader holds them exactly. */
    return rng_splitmix(&x) >> 11;
}

/* ------------------------------------------------------------------ */
/* Role options                                                        */
/* ------------------------------------------------------------------ */

/* Distinct role names and option keys (the words before '=' in each
 * game's option help) of every registered game into fl. */
static void collect_flags(CliFlags *fl)
{
    memset(fl, 0, sizeof *fl);
    for (const GameOps *const *g = games_all(); *g; g++) {
        for (int i = 0; i < (*g)->nplayers; i++) {
            bool seen = false;
            for (int k = 0; k < fl->n; k++)
                seen |= strcmp(fl->name[k], (*g)->roles[i]) == 0;
            if (!seen && fl->n < CLI_MAX_ROLES)
                fl->name[fl->n++] = (*g)->roles[i];
        }
        for (const char *const *h = (*g)->option_help; h && *h; h++) {
            size_t len = strcspn(*h, "= ");
            bool seen = len == 0 || len >= OPT_LEN;
            for (int k = 0; k < fl->nkeys && !seen; k++)
                seen = strncmp(fl->key[k], *h, len) == 0 && !fl->key[k][len];
            if (!seen && fl->nkeys < CLI_MAX_KEYS)
                memcpy(fl->key[fl->nkeys++], *h, len);
        }
    }
}

/* Append {name, required_argument, val} to out[*n] unless out has the name. */
static void add_longopt(struct option *out, int *n, const char *name, int val)
{
    for (int j = 0; j < *n; j++)
        if (strcmp(out[j].name, name) == 0)
            return;
    if (*n < CLI_MAX_LONGOPTS - 1)
        out[(*n)++] = (struct option){name, required_argument, NULL, val};
}

void cli_longopts(const struct option *fixed, struct option *out, CliFlags *fl, bool roles)
{
    collect_flags(fl);
    int n = 0;
    for (; n < CLI_MAX_LONGOPTS - 1 && fixed[n].name; n++)
        out[n] = fixed[n];
    for (int k = 0; roles && k < fl->n; k++)
        add_longopt(out, &n, fl->name[k], CLI_ROLE_VAL + k);
    for (int k = 0; k < fl->nkeys; k++)
        add_longopt(out, &n, fl->key[k], CLI_KEY_VAL + k);
    out[n] = (struct option){0};
}

int cli_flag(CliFlags *fl, const char *cmd, int c, const char *arg, Options *opt)
{
    if (c >= CLI_ROLE_VAL && c < CLI_ROLE_VAL + fl->n) {
        fl->ai[c - CLI_ROLE_VAL] = arg;
        return EXIT_OK;
    }
    if (c < CLI_KEY_VAL || c >= CLI_KEY_VAL + fl->nkeys)
        return -1;
    Diag d = {{0}};
    if (cli_option_set(opt, fl->key[c - CLI_KEY_VAL], arg, &d) == 0)
        return EXIT_OK;
    cli_error("%s: %s", cmd, d.msg);
    return EXIT_USAGE;
}

const char *cli_roles(const GameOps *g, bool numbers, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < g->nplayers && len < n; i++) {
        int w = numbers ? snprintf(buf + len, n - len, "%s%s or %d", i ? ", " : "", g->roles[i], i)
                        : snprintf(buf + len, n - len, "%s%s", i ? ", " : "", g->roles[i]);
        len += w > 0 ? (size_t)w : 0;
    }
    return buf;
}

int cli_role_ais(const CliFlags *fl, const GameOps *g, const char *dflt,
                 const AiPlayer *ais[MAX_PLAYERS], Diag *d)
{
    for (int p = 0; p < g->nplayers; p++)
        ais[p] = ai_find(dflt);
    for (int k = 0; k < fl->n; k++) {
        if (!fl->ai[k])
            continue;
        int p = game_role_index(g, fl->name[k]);
        char roles[128];
        if (p < 0)
            return diag_set(d, "%s has no role '%s' (roles: %s)", g->id, fl->name[k],
                            cli_roles(g, false, roles, sizeof roles));
        ais[p] = ai_find(fl->ai[k]);
        if (!ais[p])
            return diag_set(d, "--%s: unknown AI '%s' (AIs: random, heuristic)",
                            fl->name[k], fl->ai[k]);
    }
    return 0;
}

int cli_game_ais(const char *cmd, int argc, char **argv, const CliFlags *fl, const GameOps **g,
                 const AiPlayer *ais[MAX_PLAYERS])
{
    if (optind + 1 != argc) {
        cli_error("%s: expected one GAME (see ecw %s --help)", cmd, cmd);
        return EXIT_USAGE;
    }
    if (!(*g = cli_game(argv[optind])))
        return EXIT_USAGE;
    Diag d = {{0}};
    if (cli_role_ais(fl, *g, "heuristic", ais, &d) == 0)
        return EXIT_OK;
    cli_error("%s: %s", cmd, d.msg);
    return EXIT_USAGE;
}

void cli_help_flags(FILE *f, bool roles)
{
    for (const GameOps *const *g = games_all(); *g; g++) {
        if (roles) {
            fprintf(f, "  role options of %s:", (*g)->id);
            for (int i = 0; i < (*g)->nplayers; i++)
                fprintf(f, " --%s AI", (*g)->roles[i]);
            fputc('\n', f);
        }
        char line[1024];
        size_t len = (size_t)snprintf(line, sizeof line, "  game options of %s:", (*g)->id);
        for (const char *const *h = (*g)->option_help; h && *h && len < sizeof line; h++)
            len += (size_t)snprintf(line + len, sizeof line - len, " --%.*s V", (int)strcspn(*h, "= "), *h);
        wrap_fputs(f, 4, line); /* (one game's option flags ran to 260 characters) */
    }
    if (roles) {
        fputs("  AIs:", f);
        for (const AiPlayer *const *a = ai_all(); *a; a++)
            fprintf(f, " %s", (*a)->name);
        fputc('\n', f);
    }
    fputs("  (--KEY V is the same as --option KEY=V; `ecw games` lists the values)\n", f);
}

void cli_getopt_reset(void)
{
#ifdef __GLIBC__
    optind = 0; /* glibc: full re-initialisation */
#else
    optind = 1;
#endif
    opterr = 0;
}

/* ------------------------------------------------------------------ */
/* Events                                                              */
/* ------------------------------------------------------------------ */

void sb_append(StrBuf *b, const char *s)
{
    size_t n = strlen(s);
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *ns = realloc(b->s, cap);
        if (!ns) {
            fputs("ecw: out of memory\n", stderr);
            abort();
        }
        b->s = ns;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n + 1);
    b->len += n;
}

void sb_free(StrBuf *b)
{
    free(b->s);
    *b = (StrBuf){0};
}

/* Why the first write of events failed (0: none failed), for the message
 * at the close: a tester's --events /dev/full said "write failed" alone.
 * Written by one thread at a time (sim writes under its lock). */
static int events_errno;

void cli_events_note(int rc)
{
    if (rc < 0 && !events_errno)
        events_errno = errno ? errno : EIO;
}

const char *cli_events_error(void)
{
    return events_errno ? strerror(events_errno) : "a write failed";
}

void cli_sink(void *ud, const char *json, const char *text, int vis)
{
    CliSink *s = ud;
    if (s->json) {
        cli_events_note(fputs(json, s->json));
        cli_events_note(fputc('\n', s->json) == EOF ? -1 : 0);
    }
    if (s->buf) {
        sb_append(s->buf, json);
        sb_append(s->buf, "\n");
    }
    if (s->text && (s->viewer == CLI_SHOW_ALL || vis == VIS_PUBLIC || vis == s->viewer))
        fprintf(s->text, "  %s\n", text);
}

/* cli_check_writable of a file that is no link (named so by the user). */
static int check_writable_at(const char *path, const char *named, Diag *d)
{
    struct stat sb;
    bool existed = stat(path, &sb) == 0;
    if (existed && S_ISFIFO(sb.st_mode)) /* (a tester's --save FIFO hung ecw, waiting for a reader) */
        return diag_set(d, "%s is a pipe: a game is saved to a file, written again after every action", named);
    struct stat out;
    if (existed && fstat(STDOUT_FILENO, &out) == 0 && out.st_dev == sb.st_dev && out.st_ino == sb.st_ino)
        return diag_set(d, "%s is where this command's output goes: a game is saved to a file of its own, "
                           "written again after every action", named); /* (a reviewer's: the save replaced it) */
    FILE *f = fopen(path, "a");
    if (!f) /* (with --load the save is the loaded file: a tester read "Permission denied" as unreadable) */
        return diag_set(d, "%s cannot be written (%s): the game is saved there after every action; --save OTHER "
                           "keeps it in another file",
                        path, strerror(errno));
    fclose(f);
    if (!existed)
        remove(path);
    return 0;
}

int cli_check_writable(const char *named, Diag *d)
{
    if (!*named)
        return diag_set(d, "--save: the file name is empty");
    char *target = record_link_target(named); /* record_save writes there: so is the check made */
    int rc = check_writable_at(target ? target : named, named, d);
    free(target);
    return rc;
}

int cli_check_not_clobbered(const char *opt, const char *path, bool overwrite, Diag *d)
{
    struct stat sb;
    if (overwrite || strcmp(path, "-") == 0 || stat(path, &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_size == 0)
        return 0;
    return diag_set(d, "%s: %s is already there (%lld bytes): give another file, or --overwrite to replace it", opt,
                    path, (long long)sb.st_size);
}

/* path made absolute, through its directory when the file does not exist
 * yet (malloc'd); NULL when even the directory cannot be resolved. */
static char *resolved_path(const char *path)
{
    char *full = realpath(path, NULL);
    if (full || errno != ENOENT)
        return full;
    const char *slash = strrchr(path, '/');
    char *dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
    char *real_dir = dir ? realpath(dir, NULL) : NULL;
    free(dir);
    if (!real_dir)
        return NULL;
    const char *base = slash ? slash + 1 : path;
    size_t n = strlen(real_dir) + strlen(base) + 2;
    full = malloc(n);
    if (full)
        snprintf(full, n, "%s/%s", real_dir, base);
    free(real_dir);
    return full;
}

bool cli_same_file(const char *a, const char *b)
{
    if (!a || !b || strcmp(a, "-") == 0 || strcmp(b, "-") == 0)
        return false; /* "-" is standard output, never a file of ours */
    if (strcmp(a, b) == 0)
        return true;
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino; /* links and ./ spellings */
    char *ra = resolved_path(a), *rb = resolved_path(b);
    bool same = ra && rb && strcmp(ra, rb) == 0;
    free(ra);
    free(rb);
    return same;
}

/* The event file that replaces one already there until it is committed
 * (cli_open_events): one a process, as one run writes one. */
static struct {
    FILE *f;
    char  tmp[PATH_MAX + 16], path[PATH_MAX];
} pending_events;

/* A file beside path to write the events to, its name into pending_events
 * (".ecw-XXXXXX" in path's directory); NULL with d filled. */
static FILE *open_events_beside(const char *path, const struct stat *old, Diag *d)
{
    const char *slash = strrchr(path, '/');
    int dir = slash ? (int)(slash - path) + 1 : 0;
    if (strlen(path) >= sizeof pending_events.path) {
        diag_set(d, "%s: the path is too long", path);
        return NULL;
    }
    snprintf(pending_events.tmp, sizeof pending_events.tmp, "%.*s.ecw-XXXXXX", dir, path);
    int fd = mkstemp(pending_events.tmp);
    FILE *f = fd >= 0 && fchmod(fd, old->st_mode & 07777) == 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        diag_set(d, "%s: cannot write beside it: %s", path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(pending_events.tmp);
        }
        return NULL;
    }
    snprintf(pending_events.path, sizeof pending_events.path, "%s", path);
    pending_events.f = f;
    return f;
}

/* Open path for writing, truncated, without waiting on a named pipe
 * nobody reads (a tester's --events FIFO hung ecw); NULL with d filled. */
static FILE *open_events_at(const char *path, Diag *d)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_CLOEXEC, 0666);
    int fl = fd >= 0 ? fcntl(fd, F_GETFL) : -1;
    FILE *f = fl >= 0 && fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) == 0 ? fdopen(fd, "w") : NULL;
    if (f)
        return f;
    if (errno == ENXIO)
        diag_set(d, "%s is a named pipe that nobody reads yet: start its reader first", path);
    else
        diag_set(d, "%s: %s", path, strerror(errno));
    if (fd >= 0)
        close(fd);
    return NULL;
}

/* May a file made beside `path` (its stat `at`) be renamed over it? Not
 * where its directory cannot be written, nor in a sticky directory (/tmp)
 * over another's file: the events are then written over it where it
 * stands, as before (a reviewer's regression). */
static bool may_replace(const char *path, const struct stat *at)
{
    const char *slash = strrchr(path, '/');
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) + (slash == path) : 1, slash ? path : ".");
    struct stat ds;
    if (access(dir, W_OK | X_OK) != 0 || stat(dir, &ds) != 0)
        return false;
    return !(ds.st_mode & S_ISVTX) || at->st_uid == geteuid() || geteuid() == 0;
}

FILE *cli_open_events(const char *path, bool overwrite, Diag *d)
{
    if (strcmp(path, "-") == 0)
        return stdout;
    if (!*path) {
        diag_set(d, "--events: the file name is empty (give '-' for standard output)");
        return NULL;
    }
    struct stat at, out;
    bool there = stat(path, &at) == 0;
    if (there && fstat(STDOUT_FILENO, &out) == 0 && at.st_dev == out.st_dev && at.st_ino == out.st_ino)
        return stdout; /* /dev/stdout, or the file stdout goes to: written as '-' is, never truncated */
    if (cli_check_not_clobbered("--events", path, overwrite, d) < 0)
        return NULL;
    if (!there || !S_ISREG(at.st_mode) || at.st_size == 0)
        return open_events_at(path, d);
    char *target = record_link_target(path); /* a link: the file it names is replaced, the link kept */
    const char *real = target ? target : path;
    FILE *f = may_replace(real, &at) ? open_events_beside(real, &at, d) : open_events_at(path, d);
    free(target);
    return f;
}

int cli_commit_events(FILE *f, Diag *d)
{
    if (!f || f != pending_events.f)
        return 0;
    pending_events.f = NULL;
    if (fflush(f) != 0 || ferror(f) || rename(pending_events.tmp, pending_events.path) != 0) {
        int e = errno;
        unlink(pending_events.tmp);
        return diag_set(d, "%s: cannot put the new events in its place: %s (it is as it was)", pending_events.path,
                        ferror(f) ? cli_events_error() : strerror(e)); /* (a write failed: a reviewer's full disk) */
    }
    return 0;
}

void cli_events_unlink_pending(void)
{
    if (pending_events.f)
        unlink(pending_events.tmp); /* (async-signal-safe: called from a fatal signal's handler) */
}

void cli_abandon_events(FILE *f)
{
    if (!f || f == stdout)
        return;
    if (f == pending_events.f) {
        pending_events.f = NULL;
        unlink(pending_events.tmp);
    }
    fclose(f);
}

int cli_finish_events(FILE *f, int rc, const char *cmd, const char *path)
{
    if (rc != EXIT_OK && f && f != stdout && f != pending_events.f) {
        /* already in its place (play's, once its record replayed): what it holds stays, and a write that
         * failed is said even so (a fuzzer's game that ended with its input lost its events unsaid) */
        if (ferror(f) | (fclose(f) != 0))
            cli_error("%s: %s: write failed: %s", cmd, path, cli_events_error());
        return rc;
    }
    if (rc != EXIT_OK) { /* a run that failed replaces no file (a reviewer's full-disk sim, a SIGTERM) */
        cli_abandon_events(f);
        return rc;
    }
    if (cli_close_events(f) < 0) {
        cli_error("%s: %s: write failed: %s", cmd, path, cli_events_error());
        return EXIT_FAIL;
    }
    return rc;
}

int cli_close_events(FILE *f)
{
    if (!f || f == stdout)
        return 0;
    Diag d = {{0}};
    bool committed = cli_commit_events(f, &d) == 0;
    if (!committed)
        cli_error("%s", d.msg);
    bool bad = ferror(f);
    if (fclose(f) != 0)
        bad = true, cli_events_note(-1);
    return bad || !committed ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* Agents and the game loop                                            */
/* ------------------------------------------------------------------ */

/* Agent.choose for a computer player. */
static int ai_agent_choose(void *ud, const GameOps *g, const void *st, int player, Action *out,
                           Diag *d)
{
    AiAgent *a = ud;
    if (a->ai->choose(g, st, &a->rng, out) < 0)
        return diag_set(d, "%s (%s AI) has no legal action", g->roles[player], a->ai->name);
    return RUN_OVER;
}

void cli_ai_agent(Agent *a, AiAgent *store, const AiPlayer *ai, uint64_t seed)
{
    store->ai = ai;
    rng_seed(&store->rng, seed);
    *a = (Agent){ai_agent_choose, store, ai->name};
}

uint64_t cli_sim_game_seed(uint64_t run, long i)
{
    return rng_derive(run, (uint64_t)i);
}

uint64_t cli_sim_ai_seed(uint64_t run, long i, int p)
{
    return rng_derive(rng_derive(run ^ 0xA1A1A1A1A1A1A1A1u, (uint64_t)i), (uint64_t)p);
}

void cli_apply_action(const RunGame *rg, void *st, int player, const Action *a)
{
    const GameOps *g = rg->g;
    char text[RECORD_TEXT];
    text[0] = '\0'; /* only what is read: a simulation describes nothing */
    if (rg->describe || rg->rec)
        g->describe(st, a, text, sizeof text);
    if (rg->on_action)
        rg->on_action(rg->ud, st, player, a, text);
    if (rg->io && rg->io->log)
        rg->io->log->turn = g->turn(st);
    g->apply(st, a, rg->io);
    if (rg->rec)
        record_add_action(rg->rec, a, text, st);
}

/* Before each action, with p the side to act: the bound, a quit, and
 * whether p is a side at all. 0 to go on, else what the loop returns. */
static inline int check_step(const RunGame *rg, long n, long bound, int p, Diag *d)
{
    if (n >= bound)
        return diag_set(d, "the game did not end after %ld actions", bound);
    if (cli_interrupted || (rg->stop && *rg->stop))
        return RUN_QUIT;
    if (p < 0 || p >= rg->g->nplayers)
        return diag_set(d, "no side to act (current player %d) in a running game", p);
    return 0;
}

/* The agent of side p chooses (a computer player called directly). */
static inline int agent_choose(const RunGame *rg, const void *st, int p, Action *a, Diag *d)
{
    const Agent *ag = &rg->agent[p];
    return ag->choose == ai_agent_choose ? ai_agent_choose(ag->ud, rg->g, st, p, a, d)
                                         : ag->choose(ag->ud, rg->g, st, p, a, d);
}

/* One step's choice: the checks of check_step, then side p's agent
 * chooses into *a. 0 with *a set, else what the loop returns. */
static inline int choose_step(const RunGame *rg, const void *st, long n, long bound, int p, Action *a,
                              Diag *d)
{
    int rc = check_step(rg, n, bound, p, d);
    return rc ? rc : agent_choose(rg, st, p, a, d);
}

/* The generators of the players when every side is the random player
 * (else NULL): a game's random_playout then plays for them. */
static Rng *const *random_players(const RunGame *rg, Rng *rngs[MAX_PLAYERS])
{
    const AiPlayer *random = ai_find("random");
    for (int p = 0; p < rg->g->nplayers; p++) {
        const Agent *ag = &rg->agent[p];
        if (ag->choose != ai_agent_choose || ((AiAgent *)ag->ud)->ai != random)
            return NULL;
        rngs[p] = &((AiAgent *)ag->ud)->rng;
    }
    return rngs;
}

/* run_plain for random players of a game with random_playout: the game
 * plays itself out, one call a game instead of a choice and an apply
 * through the contract for every action, with the ends of run_plain (an
 * interrupt during the game quits it, as the check before each action
 * would have). */
static int run_playout(const RunGame *rg, void *st, Rng *const rngs[], long bound, Diag *d)
{
    const GameOps *g = rg->g;
    if (cli_interrupted)
        return RUN_QUIT;
    long n = g->random_playout(st, rngs, NULL, bound);
    int p = g->current_player(st);
    assert((p == GAME_OVER) == g->terminal(st));
    if (cli_interrupted)
        return RUN_QUIT;
    if (p == GAME_OVER)
        return RUN_OVER;
    int rc = check_step(rg, n, bound, p, d);
    return rc ? rc : diag_set(d, "%s (%s AI) has no legal action", g->roles[p], "random");
}

/* cli_run_game when nothing follows the game (no hooks, record nor log:
 * simulations): each action is only chosen and applied. The side to act
 * is asked once a step: current_player() is GAME_OVER exactly when the
 * game has ended (game.h), so it stands for terminal() here. The loop
 * reads a copy of *rg whose address goes to no call, so that its fields
 * stay in registers: for all the compiler knows, a call could change *rg. */
static int run_plain(const RunGame *shared, void *st, long bound, Diag *d)
{
    const RunGame copy = *shared, *rg = &copy;
    const GameOps *g = rg->g;
    /* no log here: without an outside roller the games get no GameIO at
     * all, which tells them at once that nobody reads nor supplies dice */
    GameIO *io = rg->io && rg->io->roll ? rg->io : NULL;
    Rng *rngs[MAX_PLAYERS], *const *random;
    if (!io && !rg->stop && g->random_playout && (random = random_players(rg, rngs)))
        return run_playout(rg, st, random, bound, d);
    for (long n = 0;; n++) {
        int p = g->current_player(st);
        assert((p == GAME_OVER) == g->terminal(st));
        if (p == GAME_OVER)
            return RUN_OVER;
        Action a;
        int rc = choose_step(rg, st, n, bound, p, &a, d);
        if (rc != RUN_OVER)
            return rc;
        g->apply(st, &a, io);
    }
}

/* Central loop: ask the agent of the side to act, apply, repeat; hooks
 * narrate. Stops at the end of the game, on a quit, end of input, a stop
 * flag (manual dice ended), an interrupt, or an action bound (a bug). */
int cli_run_game(const RunGame *rg, void *st, Diag *d)
{
    const GameOps *g = rg->g;
    long bound = rg->max_actions > 0 ? rg->max_actions : 1000000;
    if (!rg->describe && !rg->rec && !rg->on_action && !rg->on_turn && !rg->after_action && !(rg->io && rg->io->log))
        return run_plain(rg, st, bound, d);
    int turn = g->turn(st);
    if (rg->on_turn)
        rg->on_turn(rg->ud, st);
    for (long n = 0; !g->terminal(st); n++) {
        int p = g->current_player(st);
        Action a;
        int rc = choose_step(rg, st, n, bound, p, &a, d);
        if (rc != RUN_OVER)
            return rc;
        cli_apply_action(rg, st, p, &a);
        if (rg->after_action)
            rg->after_action(rg->ud, st);
        if (rg->on_turn) { /* the turn is followed only for a hook (not in simulations) */
            if (g->turn(st) != turn || g->terminal(st))
                rg->on_turn(rg->ud, st);
            turn = g->turn(st);
        }
    }
    if (rg->rec)
        record_finish(rg->rec, st);
    return RUN_OVER;
}

int cli_load_record(const char *cmd, const char *path, const GameOps *named, Record *r)
{
    Diag d = {{0}};
    if (record_load(r, path, &d) < 0) {
        cli_error("%s: %s", cmd, d.msg);
        return EXIT_FAIL;
    }
    if (named && named != r->game) { /* not the file the user meant */
        cli_error("%s: %s is a record of %s, not %s", cmd, path, r->game->id, named->id);
        return EXIT_FAIL;
    }
    return EXIT_OK;
}

void cli_print_result(const GameOps *g, const void *st, FILE *f)
{
    if (!g->terminal(st)) {
        fprintf(f, "game not finished (turn %d)\n", g->turn(st));
        return;
    }
    /* in words: the game's own end event, printed before, gives the points */
    int w = game_winner(g, st);
    if (w >= 0)
        fprintf(f, "result: %s wins, after turn %d\n", g->roles[w], g->turn(st));
    else
        fprintf(f, "result: draw, after turn %d\n", g->turn(st));
}

void *cli_state_new(const GameOps *g)
{
    void *st = calloc(1, g->state_size);
    if (!st) {
        fputs("ecw: out of memory\n", stderr);
        abort();
    }
    return st;
}

int cli_prepare_game(const char *cmd, const GameOps *g, const Options *opt, bool seeded, bool tell_seed,
                     uint64_t *seed, const CliOut *out, FILE **events)
{
    const char *save = out->save, *events_path = out->events;
    Diag d = {{0}};
    *events = NULL;
    void *probe = cli_state_new(g); /* the options are checked before anything is printed */
    int ok = g->setup(probe, opt, 0, &d);
    free(probe);
    if (ok < 0) {
        cli_error("%s: %s", cmd, d.msg);
        return EXIT_USAGE;
    }
    if (cli_same_file(save, events_path)) { /* the events would overwrite the saved game */
        cli_error("%s: --events '%s' is the file the game is saved to: give another", cmd, events_path);
        return EXIT_USAGE;
    }
    if (save && (cli_check_not_clobbered("--save", save, out->save_over, &d) < 0 || cli_check_writable(save, &d) < 0)) {
        cli_error("%s: %s", cmd, d.msg);
        return EXIT_FAIL;
    }
    if (events_path && !(*events = cli_open_events(events_path, out->events_over, &d))) {
        Diag there = {{0}}; /* was it the file there that was refused (not one that cannot be opened)? */
        bool note = out->events_note && cli_check_not_clobbered("--events", events_path, out->events_over, &there) < 0;
        cli_error("%s: %s%s%s", cmd, d.msg, note ? " " : "", note ? out->events_note : "");
        return EXIT_FAIL;
    }
    if (*events && *events != stdout) /* each line on disk as it is written: the audit trail outlives a crash */
        setvbuf(*events, NULL, _IOLBF, 0);
    if (!seeded) { /* told once the files are known good: a refusal comes first and alone */
        *seed = cli_fresh_seed();
        if (tell_seed)
            fprintf(stderr, "seed %llu\n", (unsigned long long)*seed);
    }
    return EXIT_OK;
}
