/* ck_fixture.h - hand-made To Catch a King positions for the rule tests
 * (GUIDE 7): a zeroed CkState with terrain pieces placed at given points
 * with given cards under them, figures placed with ck_add_figs, the phase,
 * the side to act and the turn set by hand; a queue of forced dice behind
 * GameIO's roll hook (counting every die the rules ask for, and what for);
 * and a sink that captures the events.
 *
 * Use: one static Ckf per test file (the GameIO and EventLog point into it),
 * CKF_SUITE(name) for each suite, so every test starts from ckf_init: turn 1,
 * Parliament to act, no piece placed (a piece's index fixes its kind: 0
 * village, 1 manor, 2-4 woods, 5-7 hills, 8-10 fields, 11 marsh), no
 * figure, no chance card left in the deck (so ending a turn draws nothing),
 * dry weather, Parliament's entry point at (24, 0). A position without a
 * living Parliament figure ends at its first action (Parliament destroyed,
 * [CK Aim of the game]): tests that play on put one on the table. */
#ifndef CK_FIXTURE_H
#define CK_FIXTURE_H
#include "games/ck/ck.h"
#include "../../common/forced_io.h"
#include <criterion/criterion.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum { CKF_MAX_DICE = FORCED_MAX_DICE, CKF_MAX_EVENTS = FORCED_MAX_EVENTS };

/* Piece indices by kind (ck_piece_kinds). */
enum {
    CKP_VILLAGE = 0, CKP_MANOR = 1, CKP_WOOD = 2, CKP_WOOD2 = 3, CKP_WOOD3 = 4,
    CKP_HILL = 5, CKP_HILL2 = 6, CKP_HILL3 = 7, CKP_FIELD = 8, CKP_FIELD2 = 9,
    CKP_FIELD3 = 10, CKP_MARSH = 11,
};

typedef ForcedDice CkfDice;

typedef CapturedEvents CkfEvents;

typedef struct Ckf {
    CkState   s;
    CkfDice   dice;
    CkfEvents ev;
    EventLog  log;
    GameIO    io;
    bool      log_open;
} Ckf;


/* A fresh position (closing the previous one's log, so a test may start
 * over as often as it likes). */
static inline void ckf_init(Ckf *f)
{
    if (f->log_open)
        evlog_fini(&f->log);
    memset(f, 0, sizeof *f);
    CkState *s = &f->s;
    rng_seed(&s->rng, 20260901);
    for (int i = 0; i < CK_PIECES; i++) {
        s->pieces[i].kind = ck_piece_kinds[i];
        s->pieces[i].r = ck_terrain[ck_piece_kinds[i]].r;
        s->pieces[i].disc = s->pieces[i].prom = CK_NONE;
    }
    s->phase = CP_PARLIAMENT;
    s->to_act = CK_PAR;
    s->turn = 1;
    s->winner = CK_NONE;
    s->entry_x = CK_TABLE / 2;
    forced_io_open(&f->log, &f->ev, &f->io, &f->dice, &f->log_open);
}

static inline void ckf_fini(Ckf *f) { forced_io_close(&f->log, &f->log_open); }

/* Queue forced dice, in the order the rules will ask for them. */
static inline void ckf_dice(Ckf *f, int n, ...)
{
    va_list ap;
    va_start(ap, n);
    forced_dice_push(&f->dice, n, ap);
    va_end(ap);
}

/* Exactly `n` dice were asked for, all of them forced, none left over. */
#define ckf_assert_dice(f, n_) FORCED_ASSERT_DICE(&(f)->dice, n_)

/* Place terrain piece i (its kind fixed by its index) at (x, y) with the
 * given discovery and prominent-person cards under it, unsearched. */
static inline CkPiece *ckf_piece(Ckf *f, int i, float x, float y, int disc, int prom)
{
    CkPiece *p = &f->s.pieces[i];
    p->x = x;
    p->y = y;
    p->kind = ck_piece_kinds[i];
    p->r = ck_terrain[p->kind].r;
    p->placed = 1;
    p->searched = 0;
    p->prom_seen = 0;
    p->disc = (uint8_t)disc;
    p->prom = (uint8_t)prom;
    return p;
}

/* A searched piece: ground to stand on, nothing left under it. */
static inline CkPiece *ckf_ground(Ckf *f, int i, float x, float y)
{
    CkPiece *p = ckf_piece(f, i, x, y, DISC_BLANK, PROM_BLANK);
    p->searched = 1;
    return p;
}

/* All twelve pieces on a 4 x 3 grid (x 11, 19, 27, 35; y 11, 22, 33), blank
 * cards, unsearched: a legal table for the tests of the end of the game. */
static inline void ckf_all_pieces(Ckf *f)
{
    for (int i = 0; i < CK_PIECES; i++)
        ckf_piece(f, i, 11.0f + 8.0f * (float)(i % 4), 11.0f + 11.0f * (float)(i / 4), DISC_BLANK, PROM_BLANK);
}

/* [CK Chance Cards] count figures of `type` waiting to come on at `edge`
 * (0 west, 1 east, 2 north, 3 south) for `side`, which is to act. */
static inline void ckf_arrivals(Ckf *f, int side, int type, int count, int edge)
{
    f->s.phase = CP_ARRIVE;
    f->s.to_act = f->s.arrive_side = (uint8_t)side;
    f->s.arrive_type = (uint8_t)type;
    f->s.arrive_count = (uint8_t)count;
    f->s.arrive_edge = (uint8_t)edge;
}

/* One figure of `type` standing exactly at (x, y); returns its index. */
static inline int ckf_fig(Ckf *f, int type, float x, float y)
{
    int i = f->s.nfigs;
    ck_add_figs(&f->s, type, 1, x, y, -1);
    cr_assert_eq(f->s.nfigs, i + 1, "figure not added");
    f->s.figs[i].shot_at = CK_NONE; /* as a new phase leaves it */
    return i;
}

static inline CkFig *ckf_f(Ckf *f, int i) { return &f->s.figs[i]; }

/* Make prisoner p the charge of guard g (on foot, in contact). */
static inline void ckf_prisoner(Ckf *f, int p, int g)
{
    CkFig *q = &f->s.figs[p];
    q->status = FS_PRISONER;
    q->guard = (uint8_t)g;
    q->mounted = 0;
    q->x = f->s.figs[g].x + 0.8f;
    q->y = f->s.figs[g].y;
}

/* [CK Captured Persons] two guards for `guard F P`: cavalry g[0] at
 * (20, 20) holds one man of type `first`, p[0], at (20.8, 20); cavalry g[1]
 * at (22.05, 20) touches p[0] (not g[0]) and holds n men of type `theirs`,
 * well away. */
static inline void ckf_two_guards(Ckf *f, int first, int n, int theirs, int g[2], int p[1])
{
    g[0] = ckf_fig(f, F_CAVALRY, 20, 20);
    p[0] = ckf_fig(f, first, 40, 40);
    ckf_prisoner(f, p[0], g[0]);
    g[1] = ckf_fig(f, F_CAVALRY, 22.05f, 20);
    for (int k = 0; k < n; k++)
        ckf_prisoner(f, ckf_fig(f, theirs, 40, 30 + 2 * (float)k), g[1]);
}

/* It is `side`'s move: Parliament's or the Royalists' phase of the turn. */
static inline void ckf_side(Ckf *f, int side)
{
    f->s.phase = side == CK_PAR ? CP_PARLIAMENT : CP_ROYALIST;
    f->s.to_act = (uint8_t)side;
}

static inline Action ckf_act(int verb, int piece, int target, int arg, float x, float y)
{
    Action a = {.verb = (int16_t)verb, .piece = (int16_t)piece, .target = (int16_t)target, .arg = (int16_t)arg, .x = x, .y = y};
    return a;
}

/* Check then apply an action: the test fails if check refuses it. */
static inline void ckf_do(Ckf *f, Action a)
{
    Diag d = {{0}};
    int rc = ck_check(&f->s, &a, &d);
    cr_assert_eq(rc, 0, "action refused: %s", d.msg);
    ck_apply(&f->s, &a, &f->io);
}

static inline void ckf_move(Ckf *f, int i, float x, float y) { ckf_do(f, ckf_act(CKV_MOVE, i, 0, 0, x, y)); }
static inline void ckf_shoot(Ckf *f, int i, int t) { ckf_do(f, ckf_act(CKV_SHOOT, i, t, 0, 0, 0)); }
static inline void ckf_charge(Ckf *f, int i, int t, bool capture)
{
    ckf_do(f, ckf_act(CKV_CHARGE, i, t, capture, 0, 0));
}
static inline void ckf_end(Ckf *f) { ckf_do(f, ckf_act(CKV_END, 0, 0, 0, 0, 0)); }
/* Royalist h (factor 4) charges Parliament's c (4) and is beaten, not by
 * half (2 against 4 on the dice): the fight waits for Parliament to choose
 * whether c takes him [CK Combat Outcomes]. */
static inline void ckf_charger_beaten(Ckf *f, int h, int c)
{
    ckf_dice(f, 2, 2, 4);
    ckf_charge(f, h, c, false);
    cr_assert_eq(f->s.phase, CP_DEFEND, "the fight waits for Parliament's choice");
}

/* Is the action accepted by check()? */
static inline bool ckf_ok(Ckf *f, Action a) { return ck_check(&f->s, &a, NULL) == 0; }

/* The action is refused with a non-empty reason containing `part` (if not
 * NULL). */
#define ckf_refused(f, a_, part)                                                            \
    do {                                                                                    \
        Action a__ = (a_);                                                                  \
        Diag d__ = {{0}};                                                                   \
        cr_assert_lt(ck_check(&(f)->s, &a__, &d__), 0, "action should be refused");         \
        cr_assert_gt(strlen(d__.msg), 0, "a refusal must give a reason");                   \
        const char *p__ = (part);                                                           \
        if (p__)                                                                            \
            cr_assert(strstr(d__.msg, p__) != NULL, "reason '%s' should mention '%s'",      \
                      d__.msg, p__);                                                        \
    } while (0)

/* A straight way refused with a worked bend (ecw, "A way with one bend"):
 * the reason ends "(a bend goes round: ORDER)", and ORDER, typed back at
 * the prompt (ck_parse, then ck_check), is accepted. */
static inline void ckf_worked_bend(Ckf *f, Action a, const char *order)
{
    Diag d = {{0}};
    char want[200];
    snprintf(want, sizeof want, " (a bend goes round: %s)", order);
    cr_assert_lt(ck_check(&f->s, &a, &d), 0, "the straight way should be refused");
    size_t n = strlen(d.msg), w = strlen(want);
    cr_assert(n >= w && strcmp(d.msg + n - w, want) == 0, "reason '%s' should end '%s'", d.msg, want);
    Action typed;
    cr_assert_eq(ck_parse(&f->s, order, &typed, &d), 0, "'%s' does not parse: %s", order, d.msg);
    cr_assert_eq(typed.arg, CK_MOVE_BENT, "'%s' is taken for a straight way", order);
    cr_assert_eq(ck_check(&f->s, &typed, &d), 0, "'%s', typed back, is refused: %s", order, d.msg);
}

/* A figure stands at (x, y), to 0.01". */
#define ckf_assert_at(f, i, x_, y_)                                                         \
    do {                                                                                    \
        const CkFig *q__ = &(f)->s.figs[(i)];                                               \
        cr_assert(fabsf(q__->x - (float)(x_)) <= 0.01f && fabsf(q__->y - (float)(y_)) <= 0.01f, \
                  "figure %d at (%.3f, %.3f), expected (%.2f, %.2f)", (i), q__->x, q__->y,   \
                  (double)(x_), (double)(y_));                                              \
    } while (0)

/* Events whose type is `type`. */
static inline int ckf_events(const Ckf *f, const char *type) { return captured_count(&f->ev, type); }

/* The last event of a type (its JSON), or NULL. */
static inline const char *ckf_last_event(const Ckf *f, const char *type) { return captured_last(&f->ev, type); }

/* The view of `player` as a JSON string (caller frees with jw_fini). */
static inline const char *ckf_view(const CkState *s, int player, Jw *w)
{
    jw_init(w);
    ck_ops.view(s, player, w);
    return jw_str_of(w);
}

/* Points now, as the end of the game would count them (hidden_roy and
 * hidden_club as the test set them). */
static inline void ckf_points(const Ckf *f, int *roy, int *par)
{
    int pts[CK_SIDES];
    ck_score_points(&f->s, pts);
    *roy = pts[CK_ROY];
    *par = pts[CK_PAR];
}

#define CKF_SUITE(name)                                                                     \
    static void name##_init(void) { ckf_init(&F); }                                         \
    static void name##_fini(void) { ckf_fini(&F); }                                         \
    TestSuite(name, .init = name##_init, .fini = name##_fini)

#endif
