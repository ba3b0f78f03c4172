/* ml_odds.c - exact odds from the Marston Less combat table [ML Combat
 * Table]: the DPs one roll inflicts at a factor, and for two lines in
 * combat the DPs given and taken, push backs [ML Push Backs] and routs. */
#include "ml.h"
#include <stdlib.h>
#include <string.h>

void ml_odds_dp(int factor, double p[4])
{
    factor = factor < 1 ? 1 : factor > ML_MAX_FACTOR ? ML_MAX_FACTOR : factor;
    memcpy(p, ml_tables()->odds[factor], sizeof ml_tables()->odds[factor]);
}

typedef struct VsOdds {
    double given[4], taken[4], joint[4][4]; /* joint[given][taken] */
    double pushed[2], routed[2];            /* [0] the line, [1] its opponent */
} VsOdds;

/* Chance a line with `dp` DPs after the round passes the push back test
 * (1d6 <= DPs), or 0 if it routed instead. */
static double push_chance(int dp)
{
    if (dp >= ML_ROUT_DP)
        return 0;
    return (dp > 6 ? 6 : dp) / 6.0;
}

/* [ML Push Backs] assuming the zone behind each line is vacant. */
static void vs_odds(int f, int g, int dp_a, int dp_b, VsOdds *o)
{
    memset(o, 0, sizeof *o);
    ml_odds_dp(f, o->given);
    ml_odds_dp(g, o->taken);
    for (int gi = 0; gi < 4; gi++)
        for (int ta = 0; ta < 4; ta++) {
            double p = o->given[gi] * o->taken[ta];
            o->joint[gi][ta] = p;
            int a_after = dp_a + ta, b_after = dp_b + gi;
            o->routed[0] += a_after >= ML_ROUT_DP ? p : 0;
            o->routed[1] += b_after >= ML_ROUT_DP ? p : 0;
            if (ta > gi)
                o->pushed[0] += p * push_chance(a_after);
            if (gi > ta)
                o->pushed[1] += p * push_chance(b_after);
        }
}

static void json_arr4(Jw *w, const char *key, const double p[4])
{
    if (key)
        jw_key(w, key);
    jw_arr(w);
    for (int i = 0; i < 4; i++)
        jw_num(w, p[i]);
    jw_arr_end(w);
}

static void print_json(FILE *out, int f, int g, bool vs, const VsOdds *o)
{
    Jw w;
    jw_init(&w);
    jw_obj(&w);
    jw_kint(&w, "factor", f);
    json_arr4(&w, "dp", o->given);
    if (vs) {
        jw_kint(&w, "vs", g);
        json_arr4(&w, "dp_taken", o->taken);
        jw_key(&w, "joint");
        jw_arr(&w);
        for (int i = 0; i < 4; i++)
            json_arr4(&w, NULL, o->joint[i]);
        jw_arr_end(&w);
        jw_key(&w, "push_back");
        jw_obj(&w);
        jw_knum(&w, "line", o->pushed[0]);
        jw_knum(&w, "opponent", o->pushed[1]);
        jw_obj_end(&w);
        jw_key(&w, "rout");
        jw_obj(&w);
        jw_knum(&w, "line", o->routed[0]);
        jw_knum(&w, "opponent", o->routed[1]);
        jw_obj_end(&w);
    }
    jw_obj_end(&w);
    fprintf(out, "%s\n", jw_str_of(&w));
    jw_fini(&w);
}

static void print_text(FILE *out, int f, int g, bool vs, const VsOdds *o)
{
    fprintf(out, "Factor %d, one d20 roll:\n", f);
    for (int i = 0; i < 4; i++)
        fprintf(out, "  %d DP: %.4f (%d in 20)\n", i, o->given[i], (int)(o->given[i] * 20 + 0.5));
    if (!vs)
        return;
    fprintf(out, "Against factor %d, DPs taken:\n", g);
    for (int i = 0; i < 4; i++)
        fprintf(out, "  %d DP: %.4f\n", i, o->taken[i]);
    fprintf(out, "Joint (rows: DPs given 0-3, columns: DPs taken 0-3):\n");
    for (int i = 0; i < 4; i++)
        fprintf(out, "  %.4f %.4f %.4f %.4f\n", o->joint[i][0], o->joint[i][1], o->joint[i][2], o->joint[i][3]);
    fprintf(out, "Push back (zone behind vacant): line %.4f, opponent %.4f\n", o->pushed[0], o->pushed[1]);
    fprintf(out, "Rout: line %.4f, opponent %.4f\n", o->routed[0], o->routed[1]);
}

/* The value v of option opt, a whole number in lo..hi, into *out; a flag
 * in its place is a forgotten value, said as such. */
static int int_arg(const char *opt, const char *v, int lo, int hi, int *out, Diag *d)
{
    if (v && strncmp(v, "--", 2) == 0)
        return diag_set(d, "odds: %s needs a whole number %d..%d (got the flag %s)", opt, lo, hi, v);
    char *end;
    long x = v ? strtol(v, &end, 10) : 0;
    if (!v || *v == '\0' || *end || x < lo || x > hi)
        return diag_set(d, "%s: expected a whole number %d..%d%s%s%s", opt, lo, hi, v ? ", got '" : "",
                        v ? v : "", v ? "'" : "");
    *out = (int)x;
    return 0;
}

/* The options that take a number, in the order of `seen` in ml_odds_cli. */
static const char *const num_opts[] = {"--factor", "--vs", "--dp", "--vs-dp"};
enum { NUM_OPTS = 4 };

/* Which of num_opts a is, or -1. */
static int num_opt(const char *a)
{
    for (int k = 0; k < NUM_OPTS; k++)
        if (strcmp(num_opts[k], a) == 0)
            return k;
    return -1;
}

static const char usage[] =
    "usage: ecw odds marston-less --factor F [--vs G] [--dp N] [--vs-dp M] [--json]\n"
    "  --factor F  the factor after every modifier (1 or less .. 15 or more)\n"
    "  --vs G      the opposing line's factor: DPs given and taken, push backs, routs\n"
    "  --dp N      DPs the line already has (0-3); --vs-dp M the same for the opponent\n"
    "  --json      one JSON object on stdout\n";

int ml_odds_cli(int argc, char **argv, FILE *out, Diag *d)
{
    int val[NUM_OPTS] = {-99, -99, 0, 0}; /* --factor, --vs, --dp, --vs-dp */
    bool json = false, seen[NUM_OPTS] = {false};
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int k = num_opt(a);
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage, out);
            return 0;
        }
        /* an option given twice is refused, as everywhere in ecw: the last
         * one winning silently would hide a mistake */
        if (!strcmp(a, "--json") ? json : k >= 0 && seen[k])
            return diag_set(d, "odds: %s given twice", a), 2;
        if (!strcmp(a, "--json")) {
            json = true;
            continue;
        }
        if (k < 0)
            return diag_set(d, "odds: unknown option '%s'", a), 2;
        seen[k] = true;
        if (int_arg(a, v, k < 2 ? -20 : 0, k < 2 ? 40 : 3, &val[k], d) < 0)
            return 2;
        i++;
    }
    int f = val[0], g = val[1], dp_a = val[2], dp_b = val[3];
    if (f == -99) {
        diag_set(d, "odds: --factor is required");
        return 2;
    }
    if ((seen[2] || seen[3]) && !seen[1]) { /* they change only the odds against a line */
        diag_set(d, "odds: %s counts only against an opposing line: add --vs G", seen[2] ? "--dp" : "--vs-dp");
        return 2;
    }
    VsOdds o;
    vs_odds(f, g == -99 ? 1 : g, dp_a, dp_b, &o);
    (json ? print_json : print_text)(out, f, g, g != -99, &o);
    return 0;
}
