/* test_ck_odds.c - `ecw odds catch-a-king` against counted outcomes: the
 * exact chances it prints for a combat must match what the engine does over
 * many combats with the generator's own dice [CK Combat Outcomes]. */
#include "ck_fixture.h"
#include <math.h>

static Ckf F;
CKF_SUITE(ck_odds);

typedef struct Counted { double none, recoil, dead, att_beaten; } Counted;

/* The odds command's JSON for these arguments. */
static void odds_json(char *buf, size_t n, const char *const *args, int nargs)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    char *argv[16];
    for (int i = 0; i < nargs; i++)
        argv[i] = (char *)args[i];
    argv[nargs] = "--json";
    Diag d = {{0}};
    cr_assert_eq(ck_odds_cli(nargs + 1, argv, f, &d), 0, "%s", d.msg);
    fclose(f);
    snprintf(buf, n, "%s", out);
    free(out);
}

static double field(const char *json, const char *obj, const char *key)
{
    const char *o = strstr(json, obj);
    cr_assert_not_null(o, "no %s in %s", obj, json);
    char k[32];
    snprintf(k, sizeof k, "\"%s\":", key);
    const char *v = strstr(o, k);
    cr_assert_not_null(v, "no %s in %s", key, json);
    return strtod(v + strlen(k), NULL);
}

/* Play `n` charges of a cavalryman at a shot on open ground with real dice
 * and count what became of the target and the attacker. */
static Counted count_charges(int n)
{
    Counted c = {0};
    for (int i = 0; i < n; i++) {
        ckf_init(&F);
        F.io.roll = NULL; /* the generator's dice */
        rng_seed(&F.s.rng, 1000 + (uint64_t)i);
        int a = ckf_fig(&F, F_CAVALRY, 20, 20), t = ckf_fig(&F, F_SHOT, 20, 24);
        ckf_fig(&F, F_DRAGOON, 5, 5); /* keeps Parliament on the table */
        ckf_charge(&F, a, t, false);
        const char *ev = ckf_last_event(&F, "combat");
        cr_assert_not_null(ev);
        char loser_t[24], loser_a[24];
        snprintf(loser_t, sizeof loser_t, "\"loser\":%d", t + 1);
        snprintf(loser_a, sizeof loser_a, "\"loser\":%d", a + 1);
        bool hit = strstr(ev, loser_t) != NULL;
        c.dead += hit && ckf_f(&F, t)->status == FS_DEAD;
        c.recoil += hit && strstr(ev, "\"result\":\"recoil\"") != NULL;
        c.att_beaten += strstr(ev, loser_a) != NULL;
        c.none += strstr(ev, "\"loser\":null") != NULL;
    }
    c.none /= n, c.recoil /= n, c.dead /= n, c.att_beaten /= n;
    return c;
}

/* Within 4 standard errors of a binomial proportion. */
static void near(double counted, double exact, int n, const char *what)
{
    double se = sqrt(exact * (1 - exact) / n) + 1e-9;
    cr_assert(fabs(counted - exact) <= 4 * se + 1e-3, "%s: counted %.4f, exact %.4f", what, counted, exact);
}

Test(ck_odds, melee_odds_match_counted_charges)
{
    static const char *const args[] = {"--attacker", "cavalry", "--target", "shot"};
    char json[512];
    odds_json(json, sizeof json, args, 4);
    enum { N = 6000 };
    Counted c = count_charges(N);
    near(c.dead, field(json, "target_outcome", "dead"), N, "target dead");
    near(c.recoil, field(json, "target_outcome", "recoil"), N, "target recoils");
    near(c.none, field(json, "target_outcome", "none"), N, "no result");
    near(c.att_beaten, field(json, "attacker_outcome", "recoil") + field(json, "attacker_outcome", "dead"), N,
         "attacker beaten");
}

Test(ck_odds, shooting_odds_sum_to_one_and_rain_hurts)
{
    static const char *const dry[] = {"--attacker", "shot", "--target", "cavalry", "--shoot"};
    static const char *const wet[] = {"--attacker", "shot", "--target", "cavalry", "--shoot", "--rain"};
    char a[512], b[512];
    odds_json(a, sizeof a, dry, 5);
    odds_json(b, sizeof b, wet, 6);
    double sum = field(a, "target_outcome", "none") + field(a, "target_outcome", "recoil") +
                 field(a, "target_outcome", "dead") + field(a, "target_outcome", "wounded");
    cr_assert_float_eq(sum, 1.0, 1e-6);
    cr_assert_gt(field(b, "target_outcome", "none"), field(a, "target_outcome", "none"), "rain: more misses");
    cr_assert_float_eq(field(a, "attacker_outcome", "recoil"), 0.0, 1e-12, "a shooter never suffers");
}
