/* ck_odds.c - exact odds of one To Catch a King combat: both sides roll
 * 1d6 and add their factors [CK Figure combat Factors]; the 36 pairs of
 * dice give the chance of each outcome [CK Combat Outcomes]. */
#include "ck.h"
#include <stdlib.h>
#include <string.h>

typedef struct CkOdds {
    double none, recoil, dead, wounded;      /* what happens to the target */
    double att_recoil, att_dead;             /* melee: the attacker beaten */
} CkOdds;

/* Outcome odds for totals d6+af against d6+df. */
static void odds(int af, int df, bool melee, bool person, CkOdds *o)
{
    memset(o, 0, sizeof *o);
    for (int a = 1; a <= 6; a++)
        for (int d = 1; d <= 6; d++) {
            int at = a + af, dt = d + df;
            double p = 1.0 / 36;
            if (at > dt) {
                if (2 * dt <= at)
                    person ? (o->dead += p / 2, o->wounded += p / 2) : (o->dead += p);
                else
                    o->recoil += p;
            } else if (dt > at && melee) {
                if (2 * at <= dt)
                    o->att_dead += p;
                else
                    o->att_recoil += p;
            } else {
                o->none += p;
            }
        }
}

static int type_of(const char *name)
{
    for (int t = 0; t < F_TYPE_COUNT; t++)
        if (strcmp(ck_figs[t].name, name) == 0)
            return t;
    return -1;
}

static const char usage[] =
    "usage: ecw odds catch-a-king --attacker TYPE --target TYPE [--shoot] [modifiers] [--json]\n"
    "  TYPE: dragoon, dragoon-foot, cavalry, you, shot, horse, clubman, wilmot, charles\n"
    "  shooting: --cover --rain --half-range --shooters N (others at the same target)\n"
    "  hand to hand: --supporters N (others touching the target) --obstacle --uphill\n"
    "                --target-uphill --att-rough --def-rough (woods or marsh)\n";

typedef struct OddsArgs {
    int att, def, shooters, supporters;
    bool att_foot, def_foot, shoot, cover, rain, half, obstacle, uphill, tuphill, arough, drough, json;
} OddsArgs;

static int parse_type(const char *v, int *type, bool *foot, Diag *d)
{
    *foot = v && strcmp(v, "dragoon-foot") == 0;
    *type = v ? (*foot ? F_DRAGOON : type_of(v)) : -1;
    return *type < 0 ? diag_set(d, "odds: unknown figure type '%s'", v ? v : "") : 0;
}

static int parse(int argc, char **argv, OddsArgs *o, FILE *out, Diag *d)
{
    memset(o, 0, sizeof *o);
    o->att = o->def = -1;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool *flag = !strcmp(a, "--shoot") ? &o->shoot : !strcmp(a, "--cover") ? &o->cover
                   : !strcmp(a, "--rain") ? &o->rain : !strcmp(a, "--half-range") ? &o->half
                   : !strcmp(a, "--obstacle") ? &o->obstacle : !strcmp(a, "--uphill") ? &o->uphill
                   : !strcmp(a, "--target-uphill") ? &o->tuphill : !strcmp(a, "--att-rough") ? &o->arough
                   : !strcmp(a, "--def-rough") ? &o->drough : !strcmp(a, "--json") ? &o->json : NULL;
        if (flag) {
            *flag = true;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage, out);
            return 1;
        } else if (!strcmp(a, "--attacker") || !strcmp(a, "--target")) {
            bool att = !strcmp(a, "--attacker");
            if (parse_type(v, att ? &o->att : &o->def, att ? &o->att_foot : &o->def_foot, d) < 0)
                return -1;
            i++;
        } else if (!strcmp(a, "--shooters") || !strcmp(a, "--supporters")) {
            char *end;
            long n = v ? strtol(v, &end, 10) : -1;
            if (!v || *end || n < 0 || n > 20)
                return diag_set(d, "odds: %s expects a number 0..20", a);
            *(!strcmp(a, "--shooters") ? &o->shooters : &o->supporters) = (int)n;
            i++;
        } else {
            return diag_set(d, "odds: unknown option '%s'", a);
        }
    }
    if (o->att < 0 || o->def < 0)
        return diag_set(d, "odds: --attacker and --target are required");
    return 0;
}

static int rough(int type, bool foot, bool flag)
{
    if (!flag)
        return 0;
    bool mounted = ck_figs[type].mounted && !foot;
    return mounted ? -2 : type == F_CLUBMAN ? 0 : -1;
}

/* Factors as ck_shoot_factor / ck_melee_factor compute them in play. */
static void factors(const OddsArgs *o, int *af, int *df)
{
    bool def_mounted = ck_figs[o->def].mounted && !o->def_foot;
    bool att_mounted = ck_figs[o->att].mounted && !o->att_foot;
    *af = def_mounted ? ck_figs[o->att].vs_mounted : ck_figs[o->att].vs_foot;
    *df = att_mounted ? ck_figs[o->def].vs_mounted : ck_figs[o->def].vs_foot;
    if (o->shoot) {
        *af += -o->cover + o->shooters + o->half - o->rain;
        return;
    }
    *af += o->supporters - o->obstacle + (o->uphill && !o->tuphill) + rough(o->att, o->att_foot, o->arough);
    *df += (o->tuphill && !o->uphill) + rough(o->def, o->def_foot, o->drough);
}

int ck_odds_cli(int argc, char **argv, FILE *out, Diag *d)
{
    OddsArgs o;
    int rc = parse(argc, argv, &o, out, d);
    if (rc != 0)
        return rc > 0 ? 0 : 2;
    int af, df;
    factors(&o, &af, &df);
    CkOdds r;
    odds(af, df, !o.shoot, o.def == F_CHARLES || o.def == F_WILMOT, &r);
    if (o.json) {
        fprintf(out, "{\"attacker\":\"%s\",\"target\":\"%s\",\"kind\":\"%s\",\"att_factor\":%d,\"def_factor\":%d,"
                "\"target_outcome\":{\"none\":%.9g,\"recoil\":%.9g,\"dead\":%.9g,\"wounded\":%.9g},"
                "\"attacker_outcome\":{\"recoil\":%.9g,\"dead\":%.9g}}\n",
                ck_figs[o.att].name, ck_figs[o.def].name, o.shoot ? "shoot" : "melee", af, df, r.none, r.recoil,
                r.dead, r.wounded, r.att_recoil, r.att_dead);
        return 0;
    }
    fprintf(out, "%s %s %s: factor %d against %d\n", ck_figs[o.att].name, o.shoot ? "shoots at" : "charges",
            ck_figs[o.def].name, af, df);
    fprintf(out, "  target: no effect %.4f, recoils %.4f, dead %.4f, wounded %.4f\n", r.none, r.recoil, r.dead,
            r.wounded);
    if (!o.shoot)
        fprintf(out, "  attacker beaten: recoils %.4f, dead %.4f\n", r.att_recoil, r.att_dead);
    return 0;
}
