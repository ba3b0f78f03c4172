/* cmd_sim.c - `ecw sim GAME --games N`: many computer-vs-computer games on
 * several threads. Game i is seeded rng_derive(S, i) and its AIs
 * rng_derive(rng_derive(S ^ 0xA1A1..., i), player); threads take game
 * indices from an atomic counter and store results by index, so the
 * summary is the same for any number of threads. With --events every
 * game's events are buffered and appended whole under a mutex. */
#include "cli.h"
#include "stats.h"
#include <pthread.h>
#include <stdatomic.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <time.h>
#include <unistd.h>

enum { SIM_MAX_GAMES = 10000000, SIM_MAX_THREADS = 256 };
static const double Z95 = 1.959963984540054;

typedef struct SimCfg {
    const GameOps  *g;
    const AiPlayer *ais[MAX_PLAYERS];
    Options         opt;
    uint64_t        seed;
    long            ngames, threads;
    bool            json, overwrite;
    const char     *events_path;
    const char     *sweep;       /* --sweep KEY[,KEY...] or all: NULL for one run */
    CliFlags        flags;
} SimCfg;

typedef struct SimRun {
    const SimCfg   *cfg;
    FILE           *events;
    pthread_mutex_t mu;          /* guards events, err, err_game */
    atomic_long     next, done;
    atomic_int      live;        /* workers still running */
    atomic_bool     failed;
    signed char    *winner;      /* per game: player index, -1 = draw */
    int            *turns;       /* per game: g->turn at the end */
    double         *metrics;     /* per game: g->nmetrics measures */
    Diag            err;
    long            err_game;
} SimRun;

/* The --help text. */
static void sim_help(FILE *f)
{
    fputs("usage: ecw sim GAME [options]\n"
          "Play many games computer against computer and report the win rates.\n"
          "  --games N         how many games (default 1000)\n"
          "  --seed S          the run's seed (default 1); game i uses rng_derive(S, i),\n"
          "                    and `ecw watch GAME --seed S --game i` plays it again\n"
          "                    (with the same --option and AI flags; i counts from 0,\n"
          "                    as the events' \"game\" field)\n"
          "  --threads T       worker threads (default: the number of CPUs)\n"
          "  --ROLE AI         the AI for a side, e.g. --parliament random (default\n"
          "                    heuristic)\n"
          "  --json            print the summary as one JSON object\n"
          "  --events FILE     write every game's events as JSON lines (field \"game\");\n"
          "                    '-' is standard output, and the text summary then goes\n"
          "                    to standard error\n"
          "  --overwrite       let --events replace a file that is there\n"
          "  --option k=v      a game option (repeatable; `ecw games` lists them)\n"
          "  --sweep KEYS      a balance sweep: the games played again under each other\n"
          "                    value of each option named (KEY,KEY, KEY=V1/V2 for\n"
          "                    the values listed, or all: every option with values\n"
          "                    to name), one row each, with the same seed, so rows\n"
          "                    differ by the rule alone; the first row is the options\n"
          "                    given (others at their defaults), and each other row\n"
          "                    says each side's change in wins from it, game against\n"
          "                    game; --json gives {\"sweep\":[...]} of sim's objects\n"
          "  -h, --help        this help\n"
          "The results do not depend on the number of threads.\n", f);
    cli_help_flags(f, true);
}

/* Keep the error of the lowest-numbered failing game. */
static void sim_fail(SimRun *r, long i, const Diag *d)
{
    pthread_mutex_lock(&r->mu);
    if (!atomic_load(&r->failed) || i < r->err_game) {
        r->err = *d;
        r->err_game = i;
    }
    atomic_store(&r->failed, true);
    pthread_mutex_unlock(&r->mu);
}

/* Play game i in st; store its result and append its events. */
static int sim_one(SimRun *r, void *st, long i, EventLog *log, StrBuf *buf)
{
    const SimCfg *c = r->cfg;
    const GameOps *g = c->g;
    Diag d; /* an empty message, not 512 zero bytes for every game */
    d.msg[0] = '\0';
    if (g->setup(st, &c->opt, cli_sim_game_seed(c->seed, i), &d) < 0) {
        sim_fail(r, i, &d);
        return -1;
    }
    log->game = i;
    log->seq = 0;
    log->turn = g->turn(st); /* not the last game's: the set-up's own events (random terrain) come before any action */
    buf->len = 0;
    GameIO io = {r->events ? log : NULL, NULL, NULL};
    game_begin(g, st, &io);
    AiAgent ais[MAX_PLAYERS];
    RunGame rg = {.g = g, .io = &io};
    for (int p = 0; p < g->nplayers; p++)
        cli_ai_agent(&rg.agent[p], &ais[p], c->ais[p], cli_sim_ai_seed(c->seed, i, p));
    int rc = cli_run_game(&rg, st, &d);
    if (rc != RUN_OVER) {
        if (rc == RUN_ERROR) {
            char m[sizeof d.msg];
            snprintf(m, sizeof m, "%s", d.msg);
            diag_set(&d, "game %ld (seed %llu; ecw watch --seed %llu --game %ld plays it): %s", i,
                     (unsigned long long)cli_sim_game_seed(c->seed, i), (unsigned long long)c->seed, i, m);
            sim_fail(r, i, &d);
        }
        return -1;
    }
    r->winner[i] = (signed char)game_winner(g, st);
    r->turns[i] = g->turn(st);
    if (g->metrics)
        g->metrics(st, r->metrics + (size_t)i * (size_t)g->nmetrics);
    if (r->events && buf->len) {
        pthread_mutex_lock(&r->mu);
        cli_events_note(fputs(buf->s, r->events));
        pthread_mutex_unlock(&r->mu);
    }
    return 0;
}

/* Thread body: take game indices until none are left or something failed. */
static void *sim_worker(void *arg)
{
    SimRun *r = arg;
    void *st = cli_state_new(r->cfg->g);
    StrBuf buf = {0};
    CliSink sink = {NULL, &buf, NULL, VIS_PUBLIC};
    EventLog log;
    evlog_init(&log, cli_sink, &sink);
    for (;;) {
        long i = atomic_fetch_add(&r->next, 1);
        if (i >= r->cfg->ngames || atomic_load(&r->failed) || cli_interrupted)
            break;
        if (sim_one(r, st, i, &log, &buf) < 0)
            break;
        atomic_fetch_add(&r->done, 1);
    }
    evlog_fini(&log);
    sb_free(&buf);
    free(st);
    atomic_fetch_sub(&r->live, 1);
    return NULL;
}

/* A progress bar on stderr while workers run (only on a terminal). */
static void sim_progress(SimRun *r)
{
    if (!isatty(fileno(stderr)))
        return;
    bool color = cli_color(stderr);
    struct timespec tick = {0, 100000000L};
    while (atomic_load(&r->live) > 0) {
        long done = atomic_load(&r->done), n = r->cfg->ngames;
        int fill = (int)(40 * done / (n ? n : 1));
        fprintf(stderr, "\r%s[%-40.*s]%s %ld/%ld", color ? "\033[32m" : "", fill,
                "########################################", color ? "\033[0m" : "", done, n);
        fflush(stderr);
        nanosleep(&tick, NULL);
    }
    fputs("\r\033[K", stderr);
}

/* Monotonic seconds. */
static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Run every game on cfg->threads threads; elapsed seconds into *elapsed. */
static int sim_run_all(SimRun *r, double *elapsed)
{
    long nt = r->cfg->threads < r->cfg->ngames ? r->cfg->threads : r->cfg->ngames;
    if (nt < 1)
        nt = 1;
    pthread_t tid[SIM_MAX_THREADS];
    double t0 = now_s();
    atomic_store(&r->live, (int)nt);
    long started = 0;
    for (; started < nt; started++) {
        if (pthread_create(&tid[started], NULL, sim_worker, r) != 0)
            break;
    }
    atomic_fetch_sub(&r->live, (int)(nt - started));
    if (started == 0) { /* no thread could start: run on this one */
        atomic_store(&r->live, 1);
        sim_worker(r);
    }
    sim_progress(r);
    for (long t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    *elapsed = now_s() - t0;
    return 0;
}

enum { SIM_MAX_METRICS = 32 };

typedef struct SimSummary {
    long   wins[MAX_PLAYERS + 1];  /* [nplayers] = draws */
    double mean, p50, p90;
    double metric[SIM_MAX_METRICS]; /* summed, or averaged for ".mean" paths */
    double sd[SIM_MAX_METRICS];     /* a ".mean" path's standard deviation over the games */
    bool   yes_no[SIM_MAX_METRICS]; /* a count whose every game gave 0 or 1 */
} SimSummary;

/* A sweep's row against its first row, side by side: [side][0] the change
 * in the side's share of wins, [1] and [2] its 95% interval (sweep_paired). */
typedef double SweepPaired[MAX_PLAYERS][3];

static bool metric_is_mean(const char *name)
{
    size_t n = strlen(name);
    return n >= 5 && strcmp(name + n - 5, ".mean") == 0;
}

/* Sum each game measure, or average those named "... .mean"; note the
 * counts that are yes or no in every game (a number of games). */
static void sim_metrics(const SimRun *r, SimSummary *s)
{
    const GameOps *g = r->cfg->g;
    for (int k = 0; k < g->nmetrics && k < SIM_MAX_METRICS; k++) {
        if (metric_is_mean(g->metric_names[k])) {
            stats_mean_sd(r->metrics + k, (size_t)r->cfg->ngames, (size_t)g->nmetrics, &s->metric[k], &s->sd[k]);
            continue;
        }
        double sum = 0;
        s->yes_no[k] = true;
        for (long i = 0; i < r->cfg->ngames; i++) {
            double v = r->metrics[(size_t)i * (size_t)g->nmetrics + (size_t)k];
            sum += v;
            s->yes_no[k] &= v == 0 || v == 1;
        }
        s->metric[k] = sum;
    }
}

/* Length of the leading path components (up to the last '.') that names a
 * and b share, counted in components. */
static int common_depth(const char *a, const char *b)
{
    int depth = 0;
    for (;;) {
        const char *da = strchr(a, '.'), *db = strchr(b, '.');
        if (!da || !db || da - a != db - b || strncmp(a, b, (size_t)(da - a)) != 0)
            return depth;
        depth++;
        a = da + 1;
        b = db + 1;
    }
}

/* The 95% interval of a mean of n values of standard deviation sd. */
static void mean_ci95(double mean, double sd, long n, double *lo, double *hi)
{
    double half = n > 0 ? Z95 * sd / sqrt((double)n) : 0.0;
    *lo = mean - half, *hi = mean + half;
}

/* "sd":..,"ci95":[lo,hi] for a mean over n games. */
static void mean_spread_json(Jw *w, double mean, double sd, long n)
{
    if (n < 2) { /* one game has no spread: null, not an sd of 0 (a tester's, as the text already said) */
        jw_key(w, "sd");
        jw_null(w);
        jw_key(w, "ci95");
        jw_null(w);
        return;
    }
    double lo, hi;
    mean_ci95(mean, sd, n, &lo, &hi);
    jw_knum(w, "sd", sd);
    jw_key(w, "ci95");
    jw_arr(w);
    jw_num(w, lo);
    jw_num(w, hi);
    jw_arr_end(w);
}

/* The measures as nested objects, following their dotted paths. */
static void sim_json_metrics(Jw *w, const GameOps *g, const SimSummary *s, long ngames)
{
    int open = 0;
    const char *prev = "";
    for (int k = 0; k < g->nmetrics && k < SIM_MAX_METRICS; k++) {
        const char *name = g->metric_names[k];
        int keep = common_depth(prev, name);
        for (; open > keep; open--)
            jw_obj_end(w);
        const char *p = name;
        for (int d = 0; d < open; d++)
            p = strchr(p, '.') + 1;
        for (const char *dot; (dot = strchr(p, '.')); p = dot + 1, open++) {
            char key[64];
            snprintf(key, sizeof key, "%.*s", (int)(dot - p), p);
            jw_key(w, key);
            jw_obj(w);
        }
        jw_knum(w, p, s->metric[k]);
        if (metric_is_mean(name)) /* beside the mean: its spread, and the mean's interval (normal) */
            mean_spread_json(w, s->metric[k], s->sd[k], ngames);
        prev = name;
    }
    for (; open > 0; open--)
        jw_obj_end(w);
}

enum { SIM_COUNT_SORT = 1024 }; /* the widest range of game lengths sorted by counting */

/* The n game lengths turns[], all in lo..hi (a range below SIM_COUNT_SORT),
 * into out in ascending order: what stats_sort makes of them, in one pass
 * to count and one to write. */
static void sort_turns(const int *turns, long n, int lo, int hi, double *out)
{
    long count[SIM_COUNT_SORT] = {0};
    for (long i = 0; i < n; i++)
        count[turns[i] - lo]++;
    for (int t = lo; t <= hi; t++)
        for (long k = count[t - lo]; k > 0; k--)
            *out++ = t;
}

/* Wins, draws and game-length statistics from the per-game results. */
static void sim_summarise(const SimRun *r, SimSummary *s)
{
    const SimCfg *c = r->cfg;
    memset(s, 0, sizeof *s);
    double *len = malloc((size_t)c->ngames * sizeof *len);
    if (!len)
        abort();
    int lo = c->ngames ? r->turns[0] : 0, hi = lo;
    for (long i = 0; i < c->ngames; i++) {
        int w = r->winner[i];
        s->wins[w >= 0 ? w : c->g->nplayers]++;
        len[i] = r->turns[i];
        lo = r->turns[i] < lo ? r->turns[i] : lo;
        hi = r->turns[i] > hi ? r->turns[i] : hi;
    }
    if ((long)hi - lo < SIM_COUNT_SORT) /* game lengths are few: counted, not compared */
        sort_turns(r->turns, c->ngames, lo, hi, len);
    else
        stats_sort(len, (size_t)c->ngames);
    s->mean = stats_mean(len, (size_t)c->ngames);
    s->p50 = stats_percentile(len, (size_t)c->ngames, 0.5);
    s->p90 = stats_percentile(len, (size_t)c->ngames, 0.9);
    free(len);
    sim_metrics(r, s);
}

/* {"p":..,"ci95":[lo,hi]} for k of n. */
static void sim_json_rate(Jw *w, const char *key, long k, long n)
{
    double lo, hi;
    stats_wilson(k, n, Z95, &lo, &hi);
    jw_key(w, key);
    jw_obj(w);
    jw_knum(w, "p", n ? (double)k / (double)n : 0.0);
    jw_key(w, "ci95");
    jw_arr(w);
    jw_num(w, lo);
    jw_num(w, hi);
    jw_arr_end(w);
    jw_obj_end(w);
}

/* The summary as one JSON object on stdout. */
/* "options_in_force": every option of the game (its option_help line,
 * "key=DEFAULT|OTHER  ...", or "key=N  ... (default 12; ...)"), as
 * given or at its default, so that a
 * sweep's JSON says under which rules it was played without the reader
 * knowing the defaults (an analyst's). */
/* The default value of an option from its help line: the first value
 * named ("key=a|b"), or what "(default N" says of a number ("key=N"). */
static void option_default(const char *help, char *val, size_t n)
{
    const char *dflt = help + strcspn(help, "=") + (help[strcspn(help, "=")] == '='), *said = strstr(help, "(default ");
    if (isupper((unsigned char)*dflt) && said)
        dflt = said + strlen("(default ");
    snprintf(val, n, "%.*s", (int)strcspn(dflt, "| ;)"), dflt);
}

static void sim_json_options_in_force(Jw *w, const SimCfg *c)
{
    jw_key(w, "options_in_force");
    jw_obj(w);
    for (const char *const *h = c->g->option_help; h && *h; h++) {
        size_t klen = strcspn(*h, "= ");
        if (klen == 0 || klen >= 64 || (*h)[klen] != '=')
            continue;
        char key[64], val[64];
        snprintf(key, sizeof key, "%.*s", (int)klen, *h);
        option_default(*h, val, sizeof val);
        for (int i = 0; i < c->opt.n; i++)
            if (strcmp(c->opt.kv[i].key, key) == 0)
                snprintf(val, sizeof val, "%s", c->opt.kv[i].val);
        jw_kstr(w, key, val);
    }
    jw_obj_end(w);
}

/* The summary as one JSON object, into w; a sweep's row also has
 * "vs_first", its change from the first row (paired; NULL: none). */
static void sim_json_summary(Jw *w, const SimCfg *c, const SimSummary *s, double el, const SweepPaired *paired)
{
    const GameOps *g = c->g;
    jw_obj(w);
    jw_kstr(w, "game", g->id);
    jw_kstr(w, "ecw", ECW_VERSION);
    jw_kint(w, "games", c->ngames);
    jw_key(w, "seed");
    jw_u64(w, c->seed);
    jw_key(w, "players");
    jw_obj(w);
    for (int p = 0; p < g->nplayers; p++)
        jw_kstr(w, g->roles[p], c->ais[p]->name);
    jw_obj_end(w);
    jw_key(w, "options"); /* what a sweep measured: the options given, others at their defaults */
    jw_obj(w);
    for (int i = 0; i < c->opt.n; i++)
        jw_kstr(w, c->opt.kv[i].key, c->opt.kv[i].val);
    jw_obj_end(w);
    sim_json_options_in_force(w, c);
    jw_key(w, "wins");
    jw_obj(w);
    for (int p = 0; p <= g->nplayers; p++)
        jw_kint(w, p < g->nplayers ? g->roles[p] : "draw", s->wins[p]);
    jw_obj_end(w);
    jw_key(w, "win_rate");
    jw_obj(w);
    for (int p = 0; p <= g->nplayers; p++)
        sim_json_rate(w, p < g->nplayers ? g->roles[p] : "draw", s->wins[p], c->ngames);
    jw_obj_end(w);
    jw_key(w, "turns");
    jw_obj(w);
    jw_knum(w, "mean", s->mean);
    jw_knum(w, "p50", s->p50);
    jw_knum(w, "p90", s->p90);
    jw_obj_end(w);
    sim_json_metrics(w, g, s, c->ngames);
    if (paired) {
        jw_key(w, "vs_first"); /* {"royalist":{"wins":d,"ci95":[lo,hi]},...}: shares, game by game */
        jw_obj(w);
        for (int p = 0; p < g->nplayers; p++) {
            jw_key(w, g->roles[p]);
            jw_obj(w);
            jw_knum(w, "wins", (*paired)[p][0]);
            jw_key(w, "ci95");
            jw_arr(w);
            jw_num(w, (*paired)[p][1]);
            jw_num(w, (*paired)[p][2]);
            jw_arr_end(w);
            jw_obj_end(w);
        }
        jw_obj_end(w);
    }
    jw_knum(w, "elapsed_s", el);
    jw_knum(w, "games_per_s", el > 0 ? (double)c->ngames / el : 0.0);
    jw_obj_end(w);
}

static void sim_print_json(const SimCfg *c, const SimSummary *s, double el)
{
    Jw w;
    jw_init(&w);
    sim_json_summary(&w, c, s, el, NULL);
    puts(jw_str_of(&w));
    jw_fini(&w);
}

/* One measure's line: a mean with two decimals, a count as a whole
 * number with the share of games it is (a yes or no in each game) or its
 * mean a game (anything else). */
static void sim_print_metric(FILE *out, const char *name, double v, double sd, bool yes_no, long ngames)
{
    double per = ngames ? v / (double)ngames : 0.0, lo, hi;
    mean_ci95(v, sd, ngames, &lo, &hi);
    if (metric_is_mean(name) && ngames < 2) /* (one game has no spread to measure) */
        fprintf(out, "  %-28s %10.2f  (one game: no spread)\n", name, v);
    else if (metric_is_mean(name))
        fprintf(out, "  %-28s %10.2f  (sd %.2f; 95%%: %.2f .. %.2f)\n", name, v, sd, lo, hi);
    else if (yes_no)
        fprintf(out, "  %-28s %10.0f  (%.1f%% of games)\n", name, v, 100.0 * per);
    else
        fprintf(out, "  %-28s %10.0f  (%.2f a game)\n", name, v, per);
}

/* The summary as a small table on out (stdout; stderr when the events go to
 * stdout, whose lines then stay JSON, as an analyst piping them wanted). */
static void sim_print_text(FILE *out, const SimCfg *c, const SimSummary *s, double el)
{
    const GameOps *g = c->g;
    fprintf(out, "%s: %ld game%s, seed %llu,", g->id, c->ngames, c->ngames == 1 ? "" : "s", (unsigned long long)c->seed);
    for (int p = 0; p < g->nplayers; p++)
        fprintf(out, " %s=%s", g->roles[p], c->ais[p]->name);
    fprintf(out, "\n  options:");
    for (int i = 0; i < c->opt.n; i++)
        fprintf(out, "%s %s=%s", i ? "," : "", c->opt.kv[i].key, c->opt.kv[i].val);
    fprintf(out, c->opt.n ? " (others at their defaults)\n" : " the game's defaults\n");
    for (int p = 0; p <= g->nplayers; p++) {
        double lo, hi, k = (double)s->wins[p];
        stats_wilson(s->wins[p], c->ngames, Z95, &lo, &hi);
        fprintf(out, "  %-14s %-5s %8ld  %5.1f%%  (95%% CI %5.1f%% .. %5.1f%%)\n",
               p < g->nplayers ? g->roles[p] : "draw", p < g->nplayers ? "wins" : "",
               s->wins[p], 100.0 * k / (double)c->ngames, 100.0 * lo, 100.0 * hi);
    }
    fprintf(out, "  turns: mean %.2f, median %g, p90 %g\n", s->mean, s->p50, s->p90);
    for (int k = 0; k < g->nmetrics && k < SIM_MAX_METRICS; k++)
        sim_print_metric(out, g->metric_names[k], s->metric[k], s->sd[k], s->yes_no[k], c->ngames);
    fprintf(out, "  elapsed %.3f s, %.1f games/s\n", el, el > 0 ? (double)c->ngames / el : 0.0);
}

/* One option; EXIT_OK to go on or an exit code. */
static int sim_opt(SimCfg *c, int ch)
{
    Diag d = {{0}};
    int rc = 0;
    int flag = cli_flag(&c->flags, "sim", ch, optarg, &c->opt);
    if (flag >= 0)
        return flag;
    switch (ch) {
    case 'n': rc = cli_parse_int(optarg, 1, SIM_MAX_GAMES, "--games", &c->ngames, &d); break;
    case 's': rc = cli_parse_u64(optarg, "--seed", &c->seed, &d); break;
    case 't':
        rc = cli_parse_int(optarg, 1, SIM_MAX_THREADS, "--threads", &c->threads, &d);
        break;
    case 'j': c->json = true; break;
    case 'E': c->events_path = optarg; break;
    case 'W': c->overwrite = true; break;
    case 'o': rc = cli_option_kv(&c->opt, optarg, &d); break;
    case 'S': c->sweep = optarg; break;
    default: return EXIT_USAGE; /* CLI_OPT_ERROR: cli_getopt said why */
    }
    if (rc == 0)
        return EXIT_OK;
    cli_error("sim: %s", d.msg);
    return EXIT_USAGE;
}

/* Parse argv into c; -1 to go on, or an exit code. */
static int sim_args(int argc, char **argv, SimCfg *c)
{
    static const struct option fixed[] = {
        {"help", no_argument, NULL, 'h'},         {"games", required_argument, NULL, 'n'},
        {"seed", required_argument, NULL, 's'},   {"threads", required_argument, NULL, 't'},
        {"json", no_argument, NULL, 'j'},         {"events", required_argument, NULL, 'E'},
        {"option", required_argument, NULL, 'o'}, {"overwrite", no_argument, NULL, 'W'},
        {"sweep", required_argument, NULL, 'S'},  {0}};
    struct option opts[CLI_MAX_LONGOPTS];
    cli_longopts(fixed, opts, &c->flags, true);
    int ch;
    const char *seen[CLI_MAX_LONGOPTS] = {0};
    cli_getopt_reset();
    while ((ch = cli_getopt("sim", argc, argv, ":ho:", opts, seen)) != -1) {
        if (ch == 'h') {
            sim_help(stdout);
            return EXIT_OK;
        }
        int rc = sim_opt(c, ch);
        if (rc != EXIT_OK)
            return rc;
    }
    int rc = cli_game_ais("sim", argc, argv, &c->flags, &c->g, c->ais);
    return rc == EXIT_OK ? -1 : rc;
}

/* Check the options once by setting up game 0, so a bad option is a usage
 * error before any thread starts. */
static int sim_check_setup(const SimCfg *c)
{
    void *st = cli_state_new(c->g);
    Diag d = {{0}};
    int rc = c->g->setup(st, &c->opt, cli_sim_game_seed(c->seed, 0), &d);
    free(st);
    if (rc < 0)
        cli_error("sim: %s", d.msg);
    return rc;
}

/* Run the simulation described by c into *s and *el: EXIT_OK, or an exit
 * code once it is said why. */
static int sim_measure(const SimCfg *c, FILE *events, SimSummary *s, double *el, signed char **winners)
{
    SimRun r = {.cfg = c, .events = events};
    pthread_mutex_init(&r.mu, NULL);
    r.winner = calloc((size_t)c->ngames, sizeof *r.winner);
    r.turns = calloc((size_t)c->ngames, sizeof *r.turns);
    r.metrics = calloc((size_t)c->ngames * (size_t)(c->g->nmetrics + 1), sizeof *r.metrics);
    int code = EXIT_OK;
    *el = 0;
    if (!r.winner || !r.turns || !r.metrics) {
        cli_error("sim: out of memory for %ld games", c->ngames);
        code = EXIT_FAIL;
    } else {
        sim_run_all(&r, el);
        if (atomic_load(&r.failed)) {
            cli_error("sim: %s", r.err.msg);
            code = EXIT_FAIL;
        } else if (cli_interrupted) {
            cli_error("sim: interrupted");
            code = EXIT_FAIL;
        } else {
            sim_summarise(&r, s);
            if (winners) /* (the caller's now: a sweep pairs each row's games with the first row's) */
                *winners = r.winner, r.winner = NULL;
        }
    }
    free(r.winner);
    free(r.turns);
    free(r.metrics);
    pthread_mutex_destroy(&r.mu);
    return code;
}

/* Run the simulation described by c and print its summary. */
static int sim_main(SimCfg *c, FILE *events)
{
    SimSummary s;
    double el;
    int code = sim_measure(c, events, &s, &el, NULL);
    if (code != EXIT_OK)
        return code;
    if (c->json)
        sim_print_json(c, &s, el);
    else
        sim_print_text(c->events_path && strcmp(c->events_path, "-") == 0 ? stderr : stdout, c, &s, el);
    return EXIT_OK;
}

/* ---------------- --sweep: the balance of each rule ---------------- */

enum { SWEEP_MAX_ROWS = 64, SWEEP_MAX_VALUES = 8 };

typedef struct SweepRow {
    Options opt;
    char    label[2 * OPT_LEN + 2]; /* "key=value", or what the first row is */
} SweepRow;

/* The values of an option from its help line, "key=a|b|c  words": 0 for
 * one that takes a number ("turns=N"), whose values a sweep cannot name. */
static int option_values(const char *help, char vals[SWEEP_MAX_VALUES][OPT_LEN])
{
    const char *v = help + strcspn(help, "=");
    if (!*v || isupper((unsigned char)v[1]))
        return 0;
    int n = 0;
    for (v++; n < SWEEP_MAX_VALUES && *v && *v != ' ';) {
        size_t len = strcspn(v, "| ");
        if (len == 0 || len >= OPT_LEN)
            return 0;
        snprintf(vals[n++], OPT_LEN, "%.*s", (int)len, v);
        v += len + (v[len] == '|');
    }
    return n;
}

/* The help line of option `key`, or NULL. */
static const char *option_help_of(const GameOps *g, const char *key, size_t klen)
{
    for (const char *const *h = g->option_help; h && *h; h++)
        if (strncmp(*h, key, klen) == 0 && (*h)[klen] == '=')
            return *h;
    return NULL;
}

/* Rows for option `help`'s values vals (nv of them) other than the one the
 * first row plays (given, else its default). */
static int sweep_values(const SimCfg *c, const char *help, char vals[][OPT_LEN], int nv, SweepRow *rows, int *n)
{
    char key[OPT_LEN], dflt[OPT_LEN];
    snprintf(key, sizeof key, "%.*s", (int)strcspn(help, "="), help);
    option_default(help, dflt, sizeof dflt);
    const char *base = opt_get(&c->opt, key);
    for (int k = 0; k < nv; k++) {
        char label[sizeof rows->label];
        snprintf(label, sizeof label, "%.31s=%.31s", key, vals[k]); /* (OPT_LEN - 1 each) */
        bool played = strcmp(vals[k], base ? base : dflt) == 0;
        for (int r = 1; r < *n && !played; r++) /* (a tester's "foot,foot" played its row twice) */
            played = strcmp(rows[r].label, label) == 0;
        if (played)
            continue;
        if (*n >= SWEEP_MAX_ROWS) {
            cli_error("sim: --sweep: more than %d rows", SWEEP_MAX_ROWS);
            return EXIT_USAGE;
        }
        SweepRow *r = &rows[(*n)++];
        r->opt = c->opt;
        Diag d = {{0}};
        if (opt_set(&r->opt, key, vals[k], &d) < 0) {
            cli_error("sim: --sweep: %s", d.msg);
            return EXIT_USAGE;
        }
        snprintf(r->label, sizeof r->label, "%s", label);
    }
    return EXIT_OK;
}

/* Rows for option `help`'s values it names ("key=a|b|c"). */
static int sweep_option(const SimCfg *c, const char *help, SweepRow *rows, int *n)
{
    char vals[SWEEP_MAX_VALUES][OPT_LEN];
    return sweep_values(c, help, vals, option_values(help, vals), rows, n);
}

/* Rows for the values an item of --sweep lists itself, "turns=8/12/16"
 * (len bytes at v): a number's values, or some of a list's. */
static int sweep_listed(const SimCfg *c, const char *help, const char *v, size_t len, SweepRow *rows, int *n)
{
    char vals[SWEEP_MAX_VALUES][OPT_LEN];
    int nv = 0;
    if (len == 0) { /* (a tester's "turns=" played the first row alone) */
        int klen = (int)strcspn(help, "=");
        cli_error("sim: --sweep: %.*s= lists no value (--sweep %.*s=V1/V2)", klen, help, klen, help);
        return EXIT_USAGE;
    }
    for (size_t at = 0; at < len;) {
        size_t l = strcspn(v + at, "/,");
        if (l > len - at)
            l = len - at;
        if (l == 0 || l >= OPT_LEN || nv == SWEEP_MAX_VALUES) {
            cli_error("sim: --sweep: '%.*s': values are separated by '/', at most %d of %d characters each", (int)len,
                      v, SWEEP_MAX_VALUES, OPT_LEN - 1);
            return EXIT_USAGE;
        }
        snprintf(vals[nv], OPT_LEN, "%.*s", (int)l, v + at);
        for (char *p = vals[nv++]; *p; p++)
            *p = (char)tolower((unsigned char)*p); /* (as --option keeps them) */
        at += l + 1;
    }
    return sweep_values(c, help, vals, nv, rows, n);
}

/* The rows of --sweep KEYS (or all): the options given first, then each
 * other value of each option named; EXIT_OK or a usage error said. */
static int sweep_rows(const SimCfg *c, SweepRow *rows, int *n)
{
    rows[0].opt = c->opt;
    snprintf(rows[0].label, sizeof rows[0].label, "%s", c->opt.n ? "(as given)" : "(the defaults)");
    *n = 1;
    char sweep[512]; /* in lower case, as --option keeps names and values (a tester's UPHILL=SET_OFF) */
    if (strlen(c->sweep) >= sizeof sweep) {
        cli_error("sim: --sweep: too long (at most %zu characters)", sizeof sweep - 1);
        return EXIT_USAGE;
    }
    for (size_t i = 0; i <= strlen(c->sweep); i++)
        sweep[i] = (char)tolower((unsigned char)c->sweep[i]);
    bool all = strcmp(sweep, "all") == 0;
    if (all) {
        for (const char *const *h = c->g->option_help; h && *h; h++)
            if (sweep_option(c, *h, rows, n) != EXIT_OK)
                return EXIT_USAGE;
        return EXIT_OK;
    }
    for (const char *k = sweep; *k; k += *k == ',') {
        size_t len = strcspn(k, ","), klen = strcspn(k, ",=");
        const char *help = klen ? option_help_of(c->g, k, klen) : NULL;
        if (!help && klen == 3 && strncmp(k, "all", 3) == 0) {
            cli_error("sim: --sweep: 'all' sweeps every option and stands alone: --sweep all");
            return EXIT_USAGE;
        }
        if (!help) {
            cli_error("sim: --sweep: %s has no option '%.*s' (`ecw games` lists them; 'all' sweeps every one)", c->g->id,
                      (int)klen, k);
            return EXIT_USAGE;
        }
        char vals[SWEEP_MAX_VALUES][OPT_LEN];
        if (klen < len) { /* "key=a/b": the values listed */
            if (sweep_listed(c, help, k + klen + 1, len - klen - 1, rows, n) != EXIT_OK)
                return EXIT_USAGE;
        } else if (option_values(help, vals) == 0) {
            cli_error("sim: --sweep: option %.*s takes a number: list the values to sweep, --sweep %.*s=8/12/16",
                      (int)klen, k, (int)klen, k);
            return EXIT_USAGE;
        } else if (sweep_option(c, help, rows, n) != EXIT_OK)
            return EXIT_USAGE;
        k += len;
    }
    return EXIT_OK;
}

/* A row's difference from the first row in each side's share of wins, game
 * by game (the same games: each differs only where the rule bites), with
 * its 95% interval: [side][0] the difference, [1] and [2] its bounds.
 * Where a rule changes few games it is far narrower than the two rows'
 * own intervals suggest (2,000 games: uphill=set_off, -0.1 +-1.4 where
 * each row's is +-2.1). */
static void sweep_paired(const GameOps *g, const signed char *first, const signed char *row, long n, SweepPaired d)
{
    for (int p = 0; p < g->nplayers; p++) {
        double sum = 0, sq = 0;
        for (long i = 0; i < n; i++) {
            double x = (double)(row[i] == p) - (double)(first[i] == p);
            sum += x, sq += x * x;
        }
        double mean = sum / (double)n, var = n > 1 ? (sq - sum * mean) / (double)(n - 1) : 0;
        double half = Z95 * sqrt(var > 0 ? var : 0) / sqrt((double)n);
        d[p][0] = mean, d[p][1] = mean - half, d[p][2] = mean + half;
    }
}

/* One row of the sweep's table: each side's wins with their interval,
 * the draws, each mean measure, and (paired, NULL on the first row) the
 * change in each side's wins from the first row. */
static void sweep_print_row(const SimCfg *c, const char *label, const SimSummary *s, const SweepPaired *paired)
{
    const GameOps *g = c->g;
    printf("  %-28s", label);
    for (int p = 0; p < g->nplayers; p++) {
        double lo, hi;
        stats_wilson(s->wins[p], c->ngames, Z95, &lo, &hi);
        printf("  %5.1f%% (%4.1f .. %4.1f)", 100.0 * (double)s->wins[p] / (double)c->ngames, 100.0 * lo, 100.0 * hi);
    }
    printf("  %5.1f%%", 100.0 * (double)s->wins[g->nplayers] / (double)c->ngames);
    for (int k = 0; k < g->nmetrics && k < SIM_MAX_METRICS; k++)
        if (metric_is_mean(g->metric_names[k]))
            printf("  %20.2f", s->metric[k]);
    for (int p = 0; p < g->nplayers; p++)
        if (paired)
            printf("  %+5.1f (%+5.1f .. %+5.1f)", 100 * (*paired)[p][0], 100 * (*paired)[p][1], 100 * (*paired)[p][2]);
    putchar('\n');
    fflush(stdout); /* (a long sweep shows each row as it is done) */
}

/* The sweep's heading: what each row holds. */
static void sweep_print_head(const SimCfg *c)
{
    const GameOps *g = c->g;
    printf("%s sweep: %ld game%s a row, seed %llu,", g->id, c->ngames, c->ngames == 1 ? "" : "s",
           (unsigned long long)c->seed);
    for (int p = 0; p < g->nplayers; p++)
        printf(" %s=%s", g->roles[p], c->ais[p]->name);
    printf("; the same games in every row, but for the rule\n  %-28s", "rules");
    for (int p = 0; p < g->nplayers; p++) {
        char head[48];
        snprintf(head, sizeof head, "%s wins (95%%)", g->roles[p]);
        printf("  %-21s", head);
    }
    printf("  %6s", "draws");
    for (int k = 0; k < g->nmetrics && k < SIM_MAX_METRICS; k++)
        if (metric_is_mean(g->metric_names[k]))
            printf("  %20s", g->metric_names[k]);
    for (int p = 0; p < g->nplayers; p++) {
        char head[48];
        snprintf(head, sizeof head, "%s wins vs row 1", g->roles[p]);
        printf("  %-21s", head);
    }
    putchar('\n');
}

/* --sweep: each row's games, printed as a table (or, with --json, one
 * object {"game":..,"sweep":[sim's object for each row]}). */
static int sim_sweep(const SimCfg *c)
{
    SweepRow *rows = calloc(SWEEP_MAX_ROWS, sizeof *rows);
    int n = 0, code = rows ? sweep_rows(c, rows, &n) : EXIT_FAIL;
    Jw w;
    jw_init(&w);
    jw_obj(&w);
    jw_kstr(&w, "game", c->g->id);
    jw_key(&w, "sweep");
    jw_arr(&w);
    for (int i = 0; i < n && code == EXIT_OK; i++) { /* every row's options are checked before any game */
        SimCfg rc = *c;
        rc.opt = rows[i].opt;
        code = sim_check_setup(&rc) < 0 ? EXIT_USAGE : EXIT_OK;
    }
    if (code == EXIT_OK && !c->json)
        sweep_print_head(c);
    signed char *first = NULL; /* the first row's winner of each game, for the others' paired change */
    for (int i = 0; i < n && code == EXIT_OK; i++) {
        SimCfg rc = *c;
        rc.opt = rows[i].opt;
        SimSummary s;
        double el;
        signed char *won = NULL;
        SweepPaired paired;
        if ((code = sim_measure(&rc, NULL, &s, &el, &won)) == EXIT_OK) {
            if (first)
                sweep_paired(c->g, first, won, c->ngames, paired);
            if (c->json)
                sim_json_summary(&w, &rc, &s, el, first ? &paired : NULL);
            else
                sweep_print_row(&rc, rows[i].label, &s, first ? &paired : NULL);
        }
        if (!first)
            first = won;
        else
            free(won);
    }
    free(first);
    jw_arr_end(&w);
    jw_obj_end(&w);
    if (code == EXIT_OK && c->json)
        puts(jw_str_of(&w));
    jw_fini(&w);
    free(rows);
    return code;
}

int cmd_sim(int argc, char **argv)
{
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    SimCfg c = {.seed = 1, .ngames = 1000, .threads = ncpu > 0 ? ncpu : 1};
    if (c.threads > SIM_MAX_THREADS)
        c.threads = SIM_MAX_THREADS;
    int rc = sim_args(argc, argv, &c);
    if (rc >= 0)
        return rc;
    if (sim_check_setup(&c) < 0)
        return EXIT_USAGE;
    if (c.sweep && c.events_path) {
        cli_error("sim: --sweep and --events: a sweep keeps no events (run one row with its --option and --events)");
        return EXIT_USAGE;
    }
    if (c.sweep)
        return sim_sweep(&c);
    Diag d = {{0}};
    FILE *events = c.events_path ? cli_open_events(c.events_path, c.overwrite, &d) : NULL;
    if (c.events_path && !events) {
        cli_error("sim: %s", d.msg);
        return EXIT_FAIL;
    }
    return cli_finish_events(events, sim_main(&c, events), "sim", c.events_path);
}
