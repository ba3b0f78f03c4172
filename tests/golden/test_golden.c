/* test_golden.c - complete playthroughs as text, reviewed as diffs when the
 * rules change (GUIDE 7; OpenSpiel's playthrough files).
 *
 * tests/golden/ml_seed42.txt is one whole game of Marston Less from seed 42
 * (ck_seed42.txt the same for To Catch a King)
 * between two random players (a uniform pick from legal(), with their own
 * generator seeded with 42, so the file depends on the rules alone and not
 * on any computer player): the spectator's
 * view and the board at the start of every turn, then every decision with
 * the number of legal actions, the action as described, and the text of
 * every event it caused (dice, combats, routs...). This test plays the game
 * again and compares line by line. After an intended rules change, run
 *     ECW_UPDATE_GOLDEN=1 build-test/tests/golden_test_golden
 * and review the diff of the file. */
#include "core/game.h"
#include "games/registry.h"
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_STEPS = 5000 };

static void sink(void *ud, const char *json, const char *text, int vis)
{
    (void)json;
    FILE *out = ud;
    if (vis == VIS_PUBLIC)
        fprintf(out, "    %s\n", text);
    else
        fprintf(out, "    [%d only] %s\n", vis, text);
}

static void print_view(const GameOps *g, const void *st, FILE *out)
{
    Jw w;
    jw_init(&w);
    g->view(st, -1, &w);
    fprintf(out, "view: %s\n", jw_str_of(&w));
    jw_fini(&w);
    g->render(st, -1, out);
}

/* Play game `id` from `seed` with random players seeded `ai_seed`; the
 * whole transcript as a malloc'd string. */
static char *playthrough(const char *id, uint64_t seed, uint64_t ai_seed)
{
    const GameOps *g = games_find(id);
    cr_assert_not_null(g, "no game '%s'", id);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    cr_assert_not_null(out);
    void *st = calloc(1, g->state_size);
    Options opt = {0};
    Diag d;
    cr_assert_eq(g->setup(st, &opt, seed, &d), 0, "%s", d.msg);
    Rng rng;
    rng_seed(&rng, ai_seed);
    EventLog log;
    evlog_init(&log, sink, out);
    GameIO io = {&log, NULL, NULL};
    fprintf(out, "# %s, seed %llu, random players (AI generator seeded %llu)\n", g->id,
            (unsigned long long)seed, (unsigned long long)ai_seed);
    fprintf(out, "# regenerate: ECW_UPDATE_GOLDEN=1 build-test/tests/golden_test_golden\n");
    game_begin(g, st, &io);
    static Action acts[MAX_ACTIONS];
    int last_turn = -1, step = 0;
    while (!g->terminal(st) && step < MAX_STEPS) {
        int turn = g->turn(st);
        if (turn != last_turn) {
            fprintf(out, "\n== turn %d\n", turn);
            print_view(g, st, out);
            last_turn = turn;
        }
        log.turn = turn;
        int n = g->legal(st, acts, MAX_ACTIONS), who = g->current_player(st);
        cr_assert_gt(n, 0, "no legal action at step %d", step + 1);
        Action a = acts[rng_below(&rng, (uint32_t)n)];
        cr_assert_eq(g->check(st, &a, &d), 0, "%s", d.msg);
        char desc[160];
        g->describe(st, &a, desc, sizeof desc);
        fprintf(out, "%d. %s (%d legal): %s\n", ++step, g->roles[who], n, desc);
        g->apply(st, &a, &io);
    }
    cr_assert(g->terminal(st), "the game did not end in %d actions", MAX_STEPS);
    double sc[MAX_PLAYERS] = {0};
    g->score(st, sc);
    fprintf(out, "\n== end after %d actions: score", step);
    for (int p = 0; p < g->nplayers; p++)
        fprintf(out, " %s %+g", g->roles[p], sc[p]);
    fprintf(out, "\n");
    print_view(g, st, out);
    evlog_fini(&log);
    free(st);
    fclose(out);
    return text;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    size_t got = fread(buf, 1, (size_t)n, f);
    buf[got] = '\0';
    fclose(f);
    return buf;
}

/* Report the first line where the two texts part. */
/* Do want and got agree? If not, msg says where (the first line that
 * differs, from both). */
static bool same_text(const char *path, const char *want, const char *got, char *msg, size_t n)
{
    int line = 1;
    const char *w = want, *g = got;
    while (*w && *g && *w == *g) {
        if (*w == '\n')
            line++;
        w++, g++;
    }
    if (!*w && !*g)
        return true;
    const char *ws = w, *gs = g;
    while (ws > want && ws[-1] != '\n')
        ws--;
    while (gs > got && gs[-1] != '\n')
        gs--;
    int wl = (int)strcspn(ws, "\n"), gl = (int)strcspn(gs, "\n");
    snprintf(msg, n,
             "%s differs at line %d:\n  file: %.*s\n  now:  %.*s\n"
             "(after an intended rules change: ECW_UPDATE_GOLDEN=1, then review the diff)",
             path, line, wl, ws, gl, gs);
    return false;
}

static void golden(const char *file, const char *id, uint64_t seed, uint64_t ai_seed)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/golden/%s", ECW_SOURCE_DIR, file);
    char *got = playthrough(id, seed, ai_seed);
    /* The playthrough itself is deterministic. */
    char *again = playthrough(id, seed, ai_seed);
    bool repeatable = strcmp(got, again) == 0;
    free(again);
    if (!repeatable)
        free(got); /* freed before the assertion ends the test */
    cr_assert(repeatable, "two playthroughs from the same seeds differ");
    const char *update = getenv("ECW_UPDATE_GOLDEN");
    if (update && strcmp(update, "1") == 0) {
        FILE *f = fopen(path, "wb");
        cr_assert_not_null(f, "cannot write %s", path);
        fputs(got, f);
        fclose(f);
        cr_log_warn("rewrote %s", path);
        free(got);
        return;
    }
    char *want = slurp(path), msg[1024] = "";
    bool have = want != NULL, ok = have && same_text(path, want, got, msg, sizeof msg);
    free(want);
    free(got);
    cr_assert(have, "missing %s (create it with ECW_UPDATE_GOLDEN=1)", path);
    cr_assert(ok, "%s", msg);
}

Test(golden, ml_seed42) { golden("ml_seed42.txt", "marston-less", 42, 42); }
Test(golden, ck_seed42) { golden("ck_seed42.txt", "catch-a-king", 42, 42); }
