/* ck_odds.c - exact odds of one To Catch a King combat: both sides roll
 * 1d6 and add their factors [CK Figure combat Factors]; the 36 pairs of
 * dice (and, for Charles or Wilmot beaten by half or less, the die that
 * says dead or wounded) give the chance of each outcome, resolved as
 * ck_combat.c's outcome() resolves it, prisoners included
 * [CK Combat Outcomes] [CK Captured Persons]. */
#include "ck.h"
#include "core/wrap.h"
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <strings.h>

/* What can become of one figure in the fight (`none` only for the target:
 * a tie or the target winning a shot). */
typedef struct CkFate {
    double none, recoil, captured, dead, wounded;
    double captured_wounded; /* of `captured`: Charles or Wilmot wounded, then taken */
} CkFate;

typedef struct CkOdds {
    CkFate target, attacker;
} CkOdds;

/* ---------------- options, as data ---------------- */

/* Which kind of combat an option belongs to. */
typedef enum { K_ANY, K_SHOOT, K_MELEE } OptKind;

typedef enum {
    O_ATTACKER, O_TARGET, O_SHOOT, O_COVER, O_RAIN, O_HALF, O_SHOOTERS, O_SUPPORTERS, O_OBSTACLE,
    O_UPHILL, O_TUPHILL, O_AROUGH, O_DROUGH, O_CAPTURE, O_GUARDING, O_LETS_GO, O_TCUT, O_ACUT, O_MUSKET, O_JSON,
    O_COUNT
} OptId;

typedef struct OddsOpt {
    const char *name;
    char arg;   /* 0: a flag; 'n': a number 0..max; 't': a figure type */
    int max;
    OptKind kind;
    const char *help;
} OddsOpt;

static const OddsOpt opts[O_COUNT] = {
    [O_ATTACKER] = {"--attacker", 't', 0, K_ANY, "the figure that shoots or charges"},
    [O_TARGET] = {"--target", 't', 0, K_ANY, "the figure shot at or charged"},
    [O_SHOOT] = {"--shoot", 0, 0, K_ANY, "shooting (without it: hand to hand)"},
    [O_COVER] = {"--cover", 0, 0, K_SHOOT, "target in cover -1"},
    [O_RAIN] = {"--rain", 0, 0, K_SHOOT, "raining -1"},
    [O_HALF] = {"--half-range", 0, 0, K_SHOOT, "within half range +1"},
    [O_SHOOTERS] = {"--shooters", 'n', 20, K_SHOOT, "others who shot at the same target, +1 each"},
    [O_SUPPORTERS] = {"--supporters", 'n', 20, K_MELEE, "the attacker's friends touching the target, +1 each"},
    [O_OBSTACLE] = {"--obstacle", 0, 0, K_MELEE, "target defends an obstacle -1"},
    [O_UPHILL] = {"--uphill", 0, 0, K_MELEE, "attacker uphill of the target +1"},
    [O_TUPHILL] = {"--target-uphill", 0, 0, K_MELEE, "target uphill of the attacker +1"},
    [O_AROUGH] = {"--att-rough", 0, 0, K_MELEE, "attacker in woods or marsh"},
    [O_DROUGH] = {"--def-rough", 0, 0, K_MELEE, "target in woods or marsh"},
    [O_CAPTURE] = {"--capture", 0, 0, K_MELEE,
                   "a Parliament attacker elects to take the beaten Royalist prisoner\n"
                   "(the charge's `capture` word; default: he does not)"},
    [O_GUARDING] = {"--guarding", 'n', 4, K_MELEE,
                    "prisoners the Parliament defender already guards (0-4, default 0;\n"
                    "a guard of Charles or Wilmot counts 4); a Parliament attacker's\n"
                    "prisoners escape as he charges"},
    [O_LETS_GO] = {"--lets-go", 0, 0, K_MELEE,
                   "a Parliament defender lets a beaten Royalist charger go (the option\n"
                   "defender_takes=no; default: he takes him when he has room)"},
    [O_TCUT] = {"--target-blocked", 0, 0, K_ANY,
                "the target's recoil would be cut short (an enemy's base or the\n"
                "table's edge behind him) and the game is played with the option\n"
                "blocked_recoil=dies: he dies rather than recoils (under the default,\n"
                "stops, a recoil cut short is still a recoil: leave the flag out)"},
    [O_ACUT] = {"--attacker-blocked", 0, 0, K_MELEE,
                "the attacker's recoil would be cut short: he dies rather than\n"
                "recoils (blocked_recoil=dies)"},
    [O_MUSKET] = {"--musket", 0, 0, K_ANY, "the clubman carries a musket (only then may he shoot)"},
    [O_JSON] = {"--json", 0, 0, K_ANY, "print JSON"},
};

static const char usage_head[] =
    "usage: ecw odds catch-a-king --attacker TYPE --target TYPE [--shoot]\n"
    "                             [modifiers] [--json]\n"
    "       ecw odds catch-a-king --attacker TYPE --target TYPE [--shoot]\n"
    "                             --modifiers LIST\n"
    "  TYPE: dragoon, dragoon-foot, cavalry, you (Parliament);\n"
    "        shot, horse, clubman, wilmot, charles (Royalists)\n"
    "  The attacker and the target are on opposite sides. Charles and Wilmot cannot\n"
    "  shoot; a clubman shoots only with --musket. Each option may be given once.\n"
    "  Prints every outcome the fight can have, naming who suffers it, with its\n"
    "  chance; exactly one happens, so the chances sum to 1 (--json: \"outcomes\", and\n"
    "  per figure). The modifiers below may also come as one list, each named as its\n"
    "  option without the leading dashes ('_' for '-' too), a number after '=':\n"
    "  --modifiers cover,rain,shooters=2\n";

static const char *const kind_title[] = {
    [K_ANY] = "  either kind of combat:\n",
    [K_SHOOT] = "  shooting only (with --shoot):\n",
    [K_MELEE] = "  hand to hand only (without --shoot):\n",
};

/* One option's line(s) of help: name and argument, then its text (a
 * newline in the text continues under it). */
static void print_opt(const OddsOpt *op, FILE *out)
{
    char head[32];
    snprintf(head, sizeof head, "%s%s", op->name, op->arg == 't' ? " TYPE" : op->arg ? " N" : "");
    char help[400]; /* its own line breaks dropped: wrapped anew (its lines ran to 90 columns: a play-tester's) */
    snprintf(help, sizeof help, "%s", op->help);
    for (char *c = help; *c; c++)
        *c = *c == '\n' ? ' ' : *c;
    wrap_printf(out, 23, "    %-18s %s", head, help);
}

static void print_usage(FILE *out)
{
    fputs(usage_head, out);
    for (int k = K_ANY; k <= K_MELEE; k++) {
        fputs(kind_title[k], out);
        for (int i = 0; i < O_COUNT; i++)
            if (opts[i].kind == (OptKind)k)
                print_opt(&opts[i], out);
    }
}

typedef struct OddsArgs {
    int v[O_COUNT];       /* flags 0/1, numbers, figure types */
    bool seen[O_COUNT];
    bool att_foot, def_foot; /* dragoon-foot */
    bool modifiers_seen;     /* --modifiers LIST was given */
    bool at_table;           /* a fight on the table (the prompt's odds), not the command's */
    bool att_cut, def_cut;   /* ... whose man's recoil is cut short, and dies so (option blocked_recoil=dies) */
} OddsArgs;

/* A figure type by its name, in any case (as the prompt takes words). */
static int type_of(const char *name)
{
    for (int t = 0; t < F_TYPE_COUNT; t++)
        if (strcasecmp(ck_figs[t].name, name) == 0)
            return t;
    return -1;
}

static int parse_type(const char *v, int *type, bool *foot, Diag *d)
{
    *foot = v && strcasecmp(v, "dragoon-foot") == 0;
    *type = v ? (*foot ? F_DRAGOON : type_of(v)) : -1;
    if (*type >= 0)
        return 0;
    char names[160] = "";
    for (int t = 0; t < F_TYPE_COUNT; t++) /* (a newcomer's "Cavalry" was refused without them) */
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s, ", ck_figs[t].name);
    return diag_set(d, "odds: unknown figure type '%s' (the types: %sdragoon-foot)", v ? v : "", names);
}

static int opt_of(const char *a)
{
    for (int i = 0; i < O_COUNT; i++)
        if (strcmp(opts[i].name, a) == 0)
            return i;
    return -1;
}

/* The value of option `id` from argv[*i] (and its argument, if any). */
static int parse_one(OddsArgs *o, int id, const char *v, int *i, Diag *d)
{
    const OddsOpt *op = &opts[id];
    if (o->seen[id])
        return diag_set(d, "odds: %s given twice", op->name);
    o->seen[id] = true;
    if (!op->arg) {
        o->v[id] = 1;
        return 0;
    }
    (*i)++;
    if (!v)
        return diag_set(d, "odds: %s expects %s", op->name, op->arg == 't' ? "a figure type" : "a number");
    if (strncmp(v, "--", 2) == 0) /* a forgotten value, not a figure type named "--target" */
        return diag_set(d, "odds: %s expects %s (got the flag %s)", op->name,
                        op->arg == 't' ? "a figure type" : "a number", v);
    if (op->arg == 't')
        return parse_type(v, &o->v[id], id == O_ATTACKER ? &o->att_foot : &o->def_foot, d);
    char *end = NULL;
    long n = strtol(v, &end, 10);
    if (!*v || *end || n < 0 || n > op->max)
        return diag_set(d, "odds: %s expects a number 0..%d", op->name, op->max);
    o->v[id] = (int)n;
    return 0;
}

/* An item of --modifiers that names no modifier: the error lists them. */
static int unknown_modifier(const char *item, Diag *d)
{
    char names[320] = "";
    for (int i = O_COVER; i <= O_MUSKET; i++)
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s%s", i > O_COVER ? ", " : "", opts[i].name + 2,
                 opts[i].arg ? "=N" : "");
    return diag_set(d, "odds: --modifiers: '%s' is no modifier (the modifiers: %s)", item, names);
}

/* --modifiers LIST: each item of the comma-separated list as the option
 * of its name ("shooters=2" as --shooters 2, "half_range" or "half-range"
 * as --half-range); only the modifiers, from --cover to --musket. */
static int parse_modifiers(OddsArgs *o, const char *list, Diag *d)
{
    if (!list || !*list || strncmp(list, "--", 2) == 0)
        return diag_set(d, "odds: --modifiers expects a list such as cover,rain,shooters=2%s%s%s",
                        list && *list ? " (got the flag " : "", list && *list ? list : "", list && *list ? ")" : "");
    char buf[256];
    if (strlen(list) >= sizeof buf)
        return diag_set(d, "odds: --modifiers: the list is too long");
    snprintf(buf, sizeof buf, "%s", list);
    for (char *item = buf, *next; item; item = next) {
        next = strchr(item, ',');
        if (next)
            *next++ = '\0';
        if (!*item) /* "cover,,rain", a comma first or last: a typo, never nothing */
            return diag_set(d, "odds: --modifiers: an empty item in '%s'", list);
        char name[64], *eq = strchr(item, '=');
        snprintf(name, sizeof name, "--%.*s", eq ? (int)(eq - item) : (int)strlen(item), item);
        for (char *c = name + 2; *c; c++) /* half_range as the events and options spell it: --half-range; any case */
            *c = *c == '_' ? '-' : (char)tolower((unsigned char)*c);
        int id = opt_of(name), at = 0;
        if (id < O_COVER || id > O_MUSKET)
            return unknown_modifier(item, d);
        if (!opts[id].arg != !eq)
            return diag_set(d, "odds: --modifiers: %s %s", item,
                            eq ? "takes no number" : "needs a number: name=N");
        if (parse_one(o, id, eq ? eq + 1 : NULL, &at, d) < 0)
            return -1;
    }
    return 0;
}

static int parse(int argc, char **argv, OddsArgs *o, FILE *out, Diag *d)
{
    memset(o, 0, sizeof *o);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            print_usage(out);
            return 1;
        }
        if (!strcmp(a, "--modifiers")) {
            if (o->modifiers_seen)
                return diag_set(d, "odds: --modifiers given twice (one list holds them all)");
            o->modifiers_seen = true;
            if (parse_modifiers(o, i + 1 < argc ? argv[i + 1] : NULL, d) < 0)
                return -1;
            i++;
            continue;
        }
        int id = opt_of(a);
        if (id < 0)
            return diag_set(d, "odds: unknown option '%s'", a);
        if (parse_one(o, id, i + 1 < argc ? argv[i + 1] : NULL, &i, d) < 0)
            return -1;
    }
    if (!o->seen[O_ATTACKER] || !o->seen[O_TARGET])
        return diag_set(d, "odds: --attacker and --target are required");
    return 0;
}

/* ---------------- what the game refuses ---------------- */

/* A figure in the text's words: the persons by name, the commander by his
 * side and the rulebook's name for him ("You"): a bare "(you)" would read
 * as the player at the prompt, wrongly when he plays the Royalists; a
 * dismounted dragoon as one on foot; the JSON keeps the command line's names. */
static const char *fig_words(int type, bool foot)
{
    if (foot)
        return "dragoon on foot";
    return type == F_CHARLES ? "Charles Stuart"
         : type == F_WILMOT  ? "Lord Wilmot"
         : type == F_YOU     ? "the Parliament commander (You)"
                             : ck_figs[type].name;
}

static const char *person_name(int type) { return fig_words(type, false); }

/* ... and in an outcome's row, in brackets after its role: "attacker (commander) recoils", so that a
 * type is not read as the fate ("target shot recoils" read as shot and driven back, a play-tester's). */
static const char *fig_row_words(int type, bool foot) { return type == F_YOU && !foot ? "commander" : fig_words(type, foot); }

static bool is_person(int type) { return type == F_CHARLES || type == F_WILMOT; }

/* [CK Shooting factors] as check_shoot: no shooting capability (Charles,
 * Wilmot), or a clubman without a musket. */
static int check_shooter(const OddsArgs *o, Diag *d)
{
    int t = o->v[O_ATTACKER];
    if (o->seen[O_MUSKET] && t != F_CLUBMAN)
        return diag_set(d, "odds: --musket is for a clubman, not %s", person_name(t));
    if (!o->v[O_SHOOT])
        return 0;
    if (ck_figs[t].range <= 0)
        return diag_set(d, "odds: %s cannot shoot", person_name(t));
    if (t == F_CLUBMAN && !o->v[O_MUSKET])
        return diag_set(d, "odds: a clubman cannot shoot without a musket (add --musket)");
    return 0;
}

/* Each modifier belongs to one kind of combat [CK Shooting factors]
 * [CK Hand to hand Combat]. Named as the flag, and as the list's item too
 * where --modifiers was given (a tester who typed "--modifiers cover" was
 * told of "--cover"). */
static int check_kinds(const OddsArgs *o, Diag *d)
{
    for (int i = 0; i < O_COUNT; i++) {
        if (!o->seen[i])
            continue;
        char name[80]; /* (the longest, "--attacker-blocked (or attacker-blocked in --modifiers)", 56) */
        snprintf(name, sizeof name, o->modifiers_seen ? "%s (or %s in --modifiers)" : "%s", opts[i].name,
                 opts[i].name + 2);
        if (opts[i].kind == K_SHOOT && !o->v[O_SHOOT])
            return diag_set(d, "odds: %s counts only in shooting: add --shoot", name);
        if (opts[i].kind == K_MELEE && o->v[O_SHOOT])
            return diag_set(d, "odds: %s counts only in hand to hand, not with --shoot", name);
    }
    return 0;
}

/* [CK Captured Persons] as can_guard: up to four, Charles or Wilmot alone. */
static bool can_guard(int guarding, int prisoner_type)
{
    return is_person(prisoner_type) ? guarding == 0 : guarding < 4;
}

/* [CK Combat Outcomes] as check_charge: only Parliament elects to capture;
 * [CK Captured Persons] a Parliament attacker guards nobody once he
 * charges (his prisoners escape as he sets off), so --guarding is for a
 * Parliament defender only. */
static int check_capture(const OddsArgs *o, Diag *d)
{
    if (o->v[O_GUARDING] && ck_figs[o->v[O_ATTACKER]].side == CK_PAR)
        return diag_set(d, "odds: --guarding is for a Parliament defender: %s, charging, leaves his prisoners, "
                           "who escape", fig_words(o->v[O_ATTACKER], o->att_foot));
    if (o->v[O_CAPTURE] && ck_figs[o->v[O_ATTACKER]].side != CK_PAR)
        return diag_set(d, "odds: --capture: only a Parliament attacker elects to take prisoners");
    if (o->v[O_LETS_GO] && ck_figs[o->v[O_TARGET]].side != CK_PAR)
        return diag_set(d, "odds: --lets-go is for a Parliament defender: only he takes a beaten charger");
    return 0;
}

/* A fight the game would accept: foes (as enemy_target), a shooter who can
 * shoot, modifiers of its kind, a capture Parliament may elect. */
static int check_args(const OddsArgs *o, Diag *d)
{
    int a = o->v[O_ATTACKER], t = o->v[O_TARGET];
    if (ck_figs[a].side == ck_figs[t].side)
        return diag_set(d, "odds: %s and %s are on the same side", fig_words(a, o->att_foot), fig_words(t, o->def_foot));
    if (check_shooter(o, d) < 0 || check_kinds(o, d) < 0)
        return -1;
    if (o->v[O_UPHILL] && o->v[O_TUPHILL]) /* [CK Hand to hand Combat] uphill of the other: one or neither */
        return diag_set(d, "odds: --uphill and --target-uphill: only one of the two can stand above the other");
    return check_capture(o, d);
}

/* ---------------- factors ---------------- */

/* [CK Hand to hand Combat] woods or marsh: mounted -2, foot -1, clubmen 0. */
static int rough(int type, bool foot, bool flag)
{
    if (!flag)
        return 0;
    bool mounted = ck_figs[type].mounted && !foot;
    return mounted ? -2 : type == F_CLUBMAN ? 0 : -1;
}

/* [CK Figure combat Factors] [CK Shooting factors] [CK Hand to hand Combat]
 * factors part by part, as shoot_parts / melee_parts (ck_combat.c) set them
 * in play, so that they are said in the prompt's words. */
static void factors(const OddsArgs *o, CkFactors *ap, CkFactors *dp)
{
    const int *v = o->v;
    int att = v[O_ATTACKER], def = v[O_TARGET];
    bool def_mounted = ck_figs[def].mounted && !o->def_foot;
    bool att_mounted = ck_figs[att].mounted && !o->att_foot;
    memset(ap, 0, sizeof *ap);
    memset(dp, 0, sizeof *dp);
    ap->base = def_mounted ? ck_figs[att].vs_mounted : ck_figs[att].vs_foot;
    dp->base = att_mounted ? ck_figs[def].vs_mounted : ck_figs[def].vs_foot;
    if (v[O_SHOOT]) {
        ap->cover = -v[O_COVER], ap->shooters = v[O_SHOOTERS], ap->half_range = v[O_HALF], ap->rain = -v[O_RAIN];
        return;
    }
    ap->supporters = v[O_SUPPORTERS], ap->obstacle = -v[O_OBSTACLE];
    ap->uphill = v[O_UPHILL] && !v[O_TUPHILL], ap->ground = rough(att, o->att_foot, v[O_AROUGH]);
    dp->uphill = v[O_TUPHILL] && !v[O_UPHILL], dp->ground = rough(def, o->def_foot, v[O_DROUGH]);
}

/* ---------------- outcomes ---------------- */

/* [CK Combat Outcomes] as outcome() and kill(): beaten by half or less,
 * dead, or for Charles and Wilmot a second die, 1-3 dead, 4-6 wounded (a
 * wounded man taken at once when his beater takes prisoners); beaten by
 * less, recoil, or taken prisoner. */
static void beaten(CkFate *f, double p, bool by_half, bool person, bool capture, bool cut)
{
    by_half |= cut && !capture; /* (option blocked_recoil=dies: a recoil he cannot make kills him, as by half) */
    if (by_half && person) {
        f->dead += p / 2;
        *(capture ? &f->captured : &f->wounded) += p / 2;
        f->captured_wounded += capture ? p / 2 : 0;
    } else if (by_half) {
        f->dead += p;
    } else {
        *(capture ? &f->captured : &f->recoil) += p;
    }
}

/* [CK Combat Outcomes] does the winner of a fight take the loser? Shooting
 * never; hand to hand, a Parliament attacker who elected to, or (ecw, as
 * charge() does) a Parliament defender with room to guard a beaten
 * Royalist charger. */
static bool takes_target(const OddsArgs *o) { return !o->v[O_SHOOT] && o->v[O_CAPTURE]; }

static bool takes_attacker(const OddsArgs *o)
{
    return !o->v[O_SHOOT] && ck_figs[o->v[O_TARGET]].side == CK_PAR && !o->v[O_LETS_GO] &&
           can_guard(o->v[O_GUARDING], o->v[O_ATTACKER]);
}

/* [CK Combat Outcomes] outcome odds for totals d6+af against d6+df; a tie,
 * or a shot that fails, leaves both in place. */
static void odds(const OddsArgs *o, int af, int df, CkOdds *r)
{
    memset(r, 0, sizeof *r);
    bool melee = !o->v[O_SHOOT];
    for (int a = 1; a <= 6; a++)
        for (int d = 1; d <= 6; d++) {
            int at = a + af, dt = d + df;
            double p = 1.0 / 36;
            if (at > dt)
                beaten(&r->target, p, 2 * dt <= at, is_person(o->v[O_TARGET]), takes_target(o), o->def_cut);
            else if (dt > at && melee)
                beaten(&r->attacker, p, 2 * at <= dt, is_person(o->v[O_ATTACKER]), takes_attacker(o), o->att_cut);
            else
                r->target.none += p;
        }
}

/* ---------------- printing ---------------- */

/* Who takes prisoners here, in words: the game's rule or default choice. */
static const char *capture_note(const OddsArgs *o)
{
    if (o->v[O_SHOOT])
        return "a shot takes no prisoners";
    if (ck_figs[o->v[O_ATTACKER]].side == CK_PAR)
        return o->v[O_CAPTURE] ? "the Parliament attacker elects to take the beaten man prisoner"
               : o->at_table   ? "the Parliament attacker does not elect to capture (add 'capture' to the charge)"
                               : "the Parliament attacker does not elect to capture (the default; --capture to elect)";
    if (takes_attacker(o) && o->at_table) /* (the prompt has no --lets-go: a newcomer's) */
        return "a Parliament defender with room to guard him may take a beaten charger (option defender_takes): shown taken";
    return takes_attacker(o)  ? "a Parliament defender with room to guard him may take a beaten charger: shown taken (--lets-go: let go)"
           : o->v[O_LETS_GO] ? "the Parliament defender lets a beaten charger go (defender_takes=no)"
                             : "the Parliament defender has no room to guard him: a beaten charger is not taken";
}

static const char *fig_label(int type, bool foot) { return foot ? "dragoon-foot" : ck_figs[type].name; }

/* One outcome of the fight that befalls a figure: whose (the attacker or
 * the target), what, and its chance. */
typedef struct Outcome {
    bool        attacker;
    const char *fate, *key; /* in words; as the JSON's *_outcome fields name it */
    double      p;
} Outcome;

/* [CK Combat Outcomes] the outcomes that can happen in this fight (a
 * chance above 0), the target's first, a wounded man taken apart from one
 * beaten and taken; returns how many (at most 10). */
static int outcomes(const CkOdds *r, Outcome out[10])
{
    static const char *const names[5] = {"recoils", "taken prisoner", "wounded and taken", "wounded", "dead"};
    static const char *const keys[5] = {"recoil", "captured", "captured_wounded", "wounded", "dead"};
    int n = 0;
    for (int side = 0; side < 2; side++) {
        const CkFate *f = side ? &r->attacker : &r->target;
        const double p[5] = {f->recoil, f->captured - f->captured_wounded, f->captured_wounded, f->wounded, f->dead};
        for (int k = 0; k < 5; k++)
            if (p[k] > 0)
                out[n++] = (Outcome){side == 1, names[k], keys[k], p[k]};
    }
    return n;
}

/* The figure an outcome befalls, named by `name` (fig_label or fig_row_words). */
static const char *fate_fig(const OddsArgs *o, const Outcome *f, const char *(*name)(int, bool))
{
    return f->attacker ? name(o->v[O_ATTACKER], o->att_foot) : name(o->v[O_TARGET], o->def_foot);
}

/* "outcomes": the text's list, every outcome possible here with its
 * chance, fates named as in target_outcome (added after the per-figure
 * objects, which stay for the scripts that read them). */
static void print_json_outcomes(const OddsArgs *o, const CkOdds *r, FILE *out)
{
    Outcome oc[10];
    int n = outcomes(r, oc);
    fputs(",\"outcomes\":[", out);
    if (r->target.none > 0)
        fprintf(out, "{\"fate\":\"none\",\"p\":%.9g}%s", r->target.none, n ? "," : "");
    for (int i = 0; i < n; i++)
        fprintf(out, "{\"role\":\"%s\",\"figure\":\"%s\",\"fate\":\"%s\",\"p\":%.9g}%s",
                oc[i].attacker ? "attacker" : "target", fate_fig(o, &oc[i], fig_label), oc[i].key, oc[i].p, i + 1 < n ? "," : "");
    fputc(']', out);
}

/* The fight as JSON: the factors (and, added after the rest, which scripts
 * read as it was, their parts as the combat event gives them), the chance
 * of each fate for each figure, and the outcome list. */
static void print_json(const OddsArgs *o, const CkFactors *ap, const CkFactors *dp, const CkOdds *r, FILE *out)
{
    int af = ck_factors_sum(ap), df = ck_factors_sum(dp);
    const CkFate *t = &r->target, *a = &r->attacker;
    fprintf(out,
            "{\"attacker\":\"%s\",\"target\":\"%s\",\"kind\":\"%s\",\"att_factor\":%d,\"def_factor\":%d,"
            "\"target_outcome\":{\"none\":%.9g,\"recoil\":%.9g,\"captured\":%.9g,\"dead\":%.9g,\"wounded\":%.9g},"
            "\"attacker_outcome\":{\"recoil\":%.9g,\"captured\":%.9g,\"dead\":%.9g,\"wounded\":%.9g},"
            "\"capture\":\"%s\"",
            fig_label(o->v[O_ATTACKER], o->att_foot), fig_label(o->v[O_TARGET], o->def_foot),
            o->v[O_SHOOT] ? "shoot" : "melee", af, df, t->none, t->recoil, t->captured, t->dead, t->wounded, a->recoil,
            a->captured, a->dead, a->wounded, capture_note(o));
    print_json_outcomes(o, r, out);
    char aj[160], dj[160];
    ck_factors_json(ap, aj, sizeof aj);
    ck_factors_json(dp, dj, sizeof dj);
    fprintf(out, ",\"att_factors\":%s,\"def_factors\":%s,\"target_blocked\":%s,\"attacker_blocked\":%s}\n", aj, dj,
            o->def_cut ? "true" : "false", o->att_cut ? "true" : "false");
}

/* [CK Hand to hand Combat] a rough-ground flag that changed nothing (a
 * clubman's: only foot other than clubmen, and the mounted, lose by it)
 * is said, not dropped without a word (an analyst's --att-rough). */
static void rough_note(const OddsArgs *o, const CkFactors *ap, const CkFactors *dp, FILE *out)
{
    if (!ap || o->v[O_SHOOT])
        return;
    if (o->v[O_AROUGH] && !ap->ground)
        fprintf(out, "  --att-rough: no effect, a clubman fights in woods and marsh without loss\n");
    if (o->v[O_DROUGH] && !dp->ground)
        fprintf(out, "  --def-rough: no effect, a clubman fights in woods and marsh without loss\n");
}

/* The fight, both factors part by part where ap and dp are given (the
 * prompt's odds say them on the line before, with the helpers named), then
 * one list of its outcomes, each naming who suffers it, with its chance:
 * only those that can happen, then their total, 1 (they exclude one
 * another: at most one figure is beaten). */
static void print_text(const OddsArgs *o, int af, int df, const CkFactors *ap, const CkFactors *dp, const CkOdds *r,
                       FILE *out)
{
    fprintf(out, "%s %s %s: factor %d", fig_words(o->v[O_ATTACKER], o->att_foot), o->v[O_SHOOT] ? "shoots at" : "charges",
            fig_words(o->v[O_TARGET], o->def_foot), af);
    char words[160];
    if (ap) {
        ck_factors_words(NULL, ap, words, sizeof words);
        fprintf(out, " (%s)", words);
    }
    fprintf(out, " against %d", df);
    if (dp) {
        ck_factors_words(NULL, dp, words, sizeof words);
        fprintf(out, " (%s)", words);
    }
    fputc('\n', out);
    double total = r->target.none;
    if (r->target.none > 0)
        fprintf(out, "  %-44s %.4f\n", o->v[O_SHOOT] ? "no effect (a miss)" : "no effect (a tie: both stay)",
                r->target.none);
    Outcome oc[10];
    int n = outcomes(r, oc);
    for (int i = 0; i < n; i++) {
        char what[64];
        snprintf(what, sizeof what, "%s (%s) %s", oc[i].attacker ? "attacker" : "target", fate_fig(o, &oc[i], fig_row_words),
                 oc[i].fate);
        fprintf(out, "  %-44s %.4f\n", what, oc[i].p);
        total += oc[i].p;
    }
    fprintf(out, "  %-44s %.4f\n", "total (exactly one of these happens)", total);
    wrap_printf(out, 4, "  prisoners: %s", capture_note(o)); /* (96 columns before) */
    if (o->def_cut || o->att_cut) /* (blocked_recoil=dies: an analyst could not ask the command line for it) */
        wrap_printf(out, 4, "  recoil cut short: the %s, beaten, dies rather than recoils (blocked_recoil=dies)",
                    o->def_cut && o->att_cut ? "target or the attacker" : o->def_cut ? "target" : "attacker");
    rough_note(o, ap, dp, out);
}

/* [CK Combat Outcomes] the odds of a fight on the table, printed as `ecw
 * odds catch-a-king` prints them: the figures' types (a dragoon on foot as
 * such), the kind of fight, the charge's capture word, the prisoners the
 * Parliament defender already guards, and the factors as the game worked
 * them out where the figures stand. */
void ck_odds_print_fight(const CkFightArgs *f, FILE *out)
{
    OddsArgs o;
    memset(&o, 0, sizeof o);
    o.v[O_ATTACKER] = f->att, o.v[O_TARGET] = f->def;
    o.att_foot = f->att_foot, o.def_foot = f->def_foot;
    o.v[O_SHOOT] = f->shoot, o.v[O_CAPTURE] = f->capture, o.v[O_GUARDING] = f->guarding, o.v[O_LETS_GO] = f->lets_go;
    o.at_table = true;
    o.att_cut = f->att_cut, o.def_cut = f->def_cut;
    CkOdds r;
    odds(&o, f->af, f->df, &r);
    print_text(&o, f->af, f->df, NULL, NULL, &r, out);
}

int ck_odds_cli(int argc, char **argv, FILE *out, Diag *d)
{
    OddsArgs o;
    int rc = parse(argc, argv, &o, out, d);
    if (rc != 0)
        return rc > 0 ? 0 : 2;
    if (check_args(&o, d) < 0)
        return 2;
    o.att_cut = o.v[O_ACUT], o.def_cut = o.v[O_TCUT];
    CkFactors ap, dp;
    factors(&o, &ap, &dp);
    int af = ck_factors_sum(&ap), df = ck_factors_sum(&dp);
    CkOdds r;
    odds(&o, af, df, &r);
    if (o.v[O_JSON])
        print_json(&o, &ap, &dp, &r, out);
    else
        print_text(&o, af, df, &ap, &dp, &r, out);
    return 0;
}
