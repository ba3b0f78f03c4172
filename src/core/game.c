/* game.c - helpers shared by every game: options, dice with events, hashing. */
#include "game.h"
#include <stdarg.h>
#include <string.h>

int opt_set(Options *o, const char *key, const char *val, Diag *d)
{
    if (strlen(key) >= OPT_LEN)
        return diag_set(d, "option name '%.40s...' is too long (at most %d characters)", key, OPT_LEN - 1);
    if (strlen(val) >= OPT_LEN)
        return diag_set(d, "the value of option '%s' is too long (at most %d characters)", key, OPT_LEN - 1);
    for (int i = 0; i < o->n; i++) {
        if (strcmp(o->kv[i].key, key) == 0) {
            strcpy(o->kv[i].val, val);
            return 0;
        }
    }
    if (o->n >= OPT_MAX)
        return diag_set(d, "too many options (at most %d)", OPT_MAX);
    strcpy(o->kv[o->n].key, key);
    strcpy(o->kv[o->n].val, val);
    o->n++;
    return 0;
}

int opt_parse(Options *o, const char *kv, Diag *d)
{
    const char *eq = strchr(kv, '=');
    char key[OPT_LEN];
    size_t kl = eq ? (size_t)(eq - kv) : strlen(kv);
    if (kl == 0 || kl >= OPT_LEN)
        return diag_set(d, "bad option '%s': expected key=value", kv);
    memcpy(key, kv, kl);
    key[kl] = '\0';
    return opt_set(o, key, eq ? eq + 1 : "1", d);
}

const char *opt_get(const Options *o, const char *key)
{
    for (int i = 0; o && i < o->n; i++)
        if (strcmp(o->kv[i].key, key) == 0)
            return o->kv[i].val;
    return NULL;
}

int opt_check(const Options *o, const char *const *known, Diag *d)
{
    for (int i = 0; o && i < o->n; i++) {
        bool ok = false;
        for (const char *const *k = known; *k; k++)
            ok |= strcmp(*k, o->kv[i].key) == 0;
        if (!ok) {
            char names[400] = ""; /* room for every name a game knows (To Catch a King: 14, 183 characters) */
            size_t len = 0;
            for (const char *const *k = known; *k && len < sizeof names; k++) {
                int w = snprintf(names + len, sizeof names - len, "%s%s", k == known ? "" : ", ", *k);
                len += w > 0 ? (size_t)w : 0;
            }
            return diag_set(d, "unknown option '%s' (this game knows: %s)", o->kv[i].key,
                            *known ? names : "none");
        }
    }
    return 0;
}

int opt_two_way(const Options *o, const char *key, const char *off, const char *on, uint8_t *out, Diag *d)
{
    const char *v = opt_get(o, key);
    if (v && strcmp(v, off) != 0 && strcmp(v, on) != 0)
        return diag_set(d, "option %s: expected %s or %s, not '%s'", key, on, off, v);
    *out = v && strcmp(v, on) == 0;
    return 0;
}

int opt_one_of(const Options *o, const char *key, const char *const *values, uint8_t *out, Diag *d)
{
    const char *v = opt_get(o, key);
    *out = 0;
    if (!v)
        return 0;
    char list[128] = "";
    for (uint8_t k = 0; values[k]; k++) {
        if (strcmp(v, values[k]) == 0) {
            *out = k;
            return 0;
        }
        size_t len = strlen(list);
        snprintf(list + len, sizeof list - len, "%s%s", k == 0 ? "" : values[k + 1] ? ", " : " or ", values[k]);
    }
    return diag_set(d, "option %s: expected %s, not '%s'", key, list, v);
}

int game_roll(Rng *rng, GameIO *io, int sides, int player, const char *why, ...)
{
    EventLog *log = io ? io->log : NULL;
    bool need_text = log || (io && io->roll);
    char buf[160] = "";
    if (need_text) {
        va_list ap;
        va_start(ap, why);
        vsnprintf(buf, sizeof buf, why, ap);
        va_end(ap);
    }
    int asked = io && io->roll ? io->roll(io->ud, sides, player, buf) : 0;
    bool typed = asked >= 1 && asked <= sides;
    int v = typed ? asked : rng_die(rng, sides);
    if (evlog_begin(log, "roll", VIS_PUBLIC)) {
        evlog_int(log, "sides", sides);
        evlog_int(log, "value", v);
        evlog_str(log, "for", buf);
        if (typed || asked == GAME_ROLLED_BY_ECW)
            evlog_str(log, "by", typed ? "hand" : "ecw");
        evlog_end(log, "d%d: %d (%s%s)", sides, v, buf, asked == GAME_ROLLED_BY_ECW ? "; rolled by ecw" : "");
    }
    return v;
}

Rng *game_rng(const GameOps *g, void *st) { return (Rng *)((char *)st + g->rng_offset); }

uint64_t game_hash(const GameOps *g, const void *st)
{
    const unsigned char *p = st;
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < g->state_size; i++) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

int game_winner(const GameOps *g, const void *st)
{
    if (!g->terminal(st))
        return -1;
    double sc[MAX_PLAYERS] = {0};
    g->score(st, sc);
    for (int i = 0; i < g->nplayers; i++)
        if (sc[i] > 0)
            return i;
    return -1;
}

int game_parse_checked(const GameOps *g, const void *st, const char *text, Action *out, Diag *d)
{
    int rc = g->parse(st, text, out, d);
    if (rc < 0)
        return -1;
    return g->check(st, out, d) < 0 ? -1 : rc;
}

int game_role_index(const GameOps *g, const char *role)
{
    for (int i = 0; i < g->nplayers; i++)
        if (strcmp(g->roles[i], role) == 0)
            return i;
    return -1;
}

int game_check_fields(const Action *a, unsigned used, const char *word, Diag *d)
{
    static const char *const names[] = {"piece", "target", "arg", "set"};
    const long long vals[] = {a->piece, a->target, a->arg, a->set};
    for (int i = 0; i < 4; i++)
        if (!(used >> i & 1) && vals[i] != 0)
            return diag_set(d, "%s takes no %s (got %s %lld)", word, names[i], names[i], vals[i]);
    if (!(used & ACT_POINT) && (a->x != 0 || a->y != 0))
        return diag_set(d, "%s takes no point (got %g, %g)", word, (double)a->x, (double)a->y);
    if (!(used & ACT_BEND) && (a->bx != 0 || a->by != 0))
        return diag_set(d, "%s takes no bend (got %g, %g)", word, (double)a->bx, (double)a->by);
    return 0;
}

void game_begin(const GameOps *g, void *st, GameIO *io)
{
    if (g->begin)
        g->begin(st, io);
}
