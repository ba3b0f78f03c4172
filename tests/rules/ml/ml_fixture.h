/* ml_fixture.h - hand-made Marston Less positions for the rule tests
 * (GUIDE 7): a zeroed MlState with lines, generals, guns, dragoons and rough
 * terrain placed by hand, a queue of forced dice behind GameIO's roll hook
 * (counting every die the rules ask for, so a test can assert exactly how
 * many were used and what each was for), and a sink that captures events.
 *
 * The state keeps an index of who stands where (MlOcc): the helpers here
 * keep it in step; a test that sets a line's cell, status, general or
 * turn-in by hand calls mlf_sync afterwards (ml_legal, ml_check and
 * ml_apply assert that the index agrees with the lines).
 *
 * Use: one static Mlf per test file (the GameIO and EventLog point into it),
 * `mlf_init(&F)` at the start of a test, `mlf_fini(&F)` through the suite's
 * .fini. Zones and sectors here are 0-based as in the state (zone 0 is the
 * Royalist base line). The default position is Royalist player A moving in
 * the first move phase of turn 1 of 12. */
#ifndef ML_FIXTURE_H
#define ML_FIXTURE_H
#include "games/ml/ml.h"
#include "../../common/forced_io.h"
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum { MLF_MAX_DICE = FORCED_MAX_DICE, MLF_MAX_EVENTS = FORCED_MAX_EVENTS };

typedef ForcedDice MlfDice;

typedef CapturedEvents MlfEvents;

typedef struct Mlf {
    MlState   s;
    MlfDice   dice;
    MlfEvents ev;
    EventLog  log;
    GameIO    io;
    bool      log_open;
} Mlf;


/* An empty battlefield: no lines, no guns; Royalist player A to move in
 * the first move phase of turn 1; generator seeded (but every die should
 * come from the queue). */
static inline void mlf_init(Mlf *f)
{
    memset(f, 0, sizeof *f);
    rng_seed(&f->s.rng, 12345);
    f->s.phase = PH_MOVE;
    f->s.mover = 0;
    f->s.to_act = ML_ROY;
    f->s.player_a = ML_ROY;
    f->s.turn = 1;
    f->s.max_turns = ML_DEFAULT_TURNS;
    f->s.winner = ML_NONE;
    f->s.side[ML_ROY].start_str = 60; /* a large army: no rout breaks it */
    f->s.side[ML_PAR].start_str = 60;
    forced_io_open(&f->log, &f->ev, &f->io, &f->dice, &f->log_open);
}

static inline void mlf_fini(Mlf *f) { forced_io_close(&f->log, &f->log_open); }

/* Queue forced dice, in the order the rules will ask for them. */
static inline void mlf_dice(Mlf *f, int n, ...)
{
    va_list ap;
    va_start(ap, n);
    forced_dice_push(&f->dice, n, ap);
    va_end(ap);
}

/* Exactly `n` dice were asked for, all of them forced, none left over. */
#define mlf_assert_dice(f, n_) FORCED_ASSERT_DICE(&(f)->dice, n_)

/* A unit of `side` (used by the view and set-up tests). */
static inline int mlf_unit(Mlf *f, int side, int arm, int str, int line)
{
    MlSide *sd = &f->s.side[side];
    cr_assert_lt(sd->nunits, ML_MAX_UNITS);
    int u = sd->nunits++;
    sd->units[u].arm = (uint8_t)arm;
    sd->units[u].str = (uint8_t)str;
    sd->units[u].line = (uint8_t)line;
    sd->units[u].alive = 1;
    ml_occ_rebuild(&f->s); /* the units waiting to deploy */
    return u;
}

/* A formed line of one unit of strength `str`; returns its index. */
static inline int mlf_line(Mlf *f, int side, int arm, int sector, int zone, int str)
{
    MlSide *sd = &f->s.side[side];
    cr_assert_lt(sd->nlines, ML_MAX_LINES);
    int li = sd->nlines++;
    MlLine *l = &sd->lines[li];
    memset(l, 0, sizeof *l);
    l->arm = (uint8_t)arm;
    l->status = LS_FORMED;
    l->sector = (uint8_t)sector;
    l->zone = (uint8_t)zone;
    l->str = (uint8_t)str;
    l->dp = 0;
    l->nunits = 1;
    l->general = ML_NONE;
    l->split = ML_NONE;
    l->approach = APP_FRONT;
    mlf_unit(f, side, arm, str, li);
    ml_occ_update(&f->s, side, li);
    return li;
}

static inline MlLine *mlf_l(Mlf *f, int side, int li) { return &f->s.side[side].lines[li]; }

/* After line fields were set by hand: the state's index made afresh. */
static inline void mlf_sync(Mlf *f) { ml_occ_rebuild(&f->s); }

/* A general attached to line li; returns its index. */
static inline int mlf_general(Mlf *f, int side, int li, bool superior)
{
    MlSide *sd = &f->s.side[side];
    cr_assert_lt(sd->ngens, ML_MAX_GENS);
    int g = sd->ngens++;
    sd->gens[g].superior = superior;
    sd->gens[g].alive = 1;
    sd->gens[g].line = (uint8_t)li;
    sd->gens[g].sector = sd->lines[li].sector;
    sd->gens[g].zone = sd->lines[li].zone;
    sd->lines[li].general = (uint8_t)g;
    ml_occ_update(&f->s, side, li);
    ml_occ_generals(&f->s, side);
    return g;
}

/* A general standing alone (not attached to a line). */
static inline int mlf_lone_general(Mlf *f, int side, int sector, int zone, bool superior)
{
    MlSide *sd = &f->s.side[side];
    cr_assert_lt(sd->ngens, ML_MAX_GENS);
    int g = sd->ngens++;
    sd->gens[g].superior = superior;
    sd->gens[g].alive = 1;
    sd->gens[g].line = ML_NONE;
    sd->gens[g].sector = (uint8_t)sector;
    sd->gens[g].zone = (uint8_t)zone;
    ml_occ_generals(&f->s, side);
    return g;
}

/* A placed gun on a dividing line (divide 0 = left/centre, 1 = centre/right). */
static inline int mlf_gun(Mlf *f, int side, int factor, int divide, int zone)
{
    MlSide *sd = &f->s.side[side];
    cr_assert_lt(sd->nguns, ML_MAX_GUNS);
    int g = sd->nguns++;
    sd->guns[g].factor = (uint8_t)factor;
    sd->guns[g].alive = 1;
    sd->guns[g].placed = 1;
    sd->guns[g].divide = (uint8_t)divide;
    sd->guns[g].zone = (uint8_t)zone;
    ml_occ_rebuild(&f->s); /* the gun cells of the index */
    return g;
}

/* Placed dragoons on an extreme flank (0 = left edge, 1 = right edge). */
static inline int mlf_dragoons(Mlf *f, int side, int flank, int zone)
{
    MlSide *sd = &f->s.side[side];
    cr_assert_lt(sd->ndrag, ML_MAX_DRAGOONS);
    int i = sd->ndrag++;
    sd->drag[i].placed = 1;
    sd->drag[i].flank = (uint8_t)flank;
    sd->drag[i].zone = (uint8_t)zone;
    ml_occ_rebuild(&f->s); /* the dragoons' cells of the index */
    return i;
}

static inline void mlf_rough(Mlf *f, int sector, int zone)
{
    f->s.rough[sector][zone] = 1;
    ml_occ_rebuild(&f->s); /* the rough cells of the index */
}

/* Make `side`'s move phase the current decision: mover 0 is player A's
 * phase (the Royalists by default), mover 1 player B's. */
static inline void mlf_move_phase(Mlf *f, int player_a, int mover)
{
    f->s.phase = PH_MOVE;
    f->s.player_a = (uint8_t)player_a;
    f->s.mover = (uint8_t)mover;
    f->s.to_act = (uint8_t)(mover == 0 ? player_a : ml_enemy(player_a));
    f->s.moves_made = 0;
}

static inline Action mlf_act(int verb, int piece, int target, int arg)
{
    Action a = {.verb = (int16_t)verb, .piece = (int16_t)piece, .target = (int16_t)target, .arg = (int16_t)arg};
    return a;
}

/* Check then apply an action: the test fails if check refuses it. */
static inline void mlf_do(Mlf *f, Action a)
{
    Diag d = {{0}};
    int rc = ml_check(&f->s, &a, &d);
    cr_assert_eq(rc, 0, "action refused: %s", d.msg);
    ml_apply(&f->s, &a, &f->io);
}

static inline void mlf_move(Mlf *f, int li, int zone) { mlf_do(f, mlf_act(MLV_MOVE, li, zone, 0)); }
static inline void mlf_end(Mlf *f) { mlf_do(f, mlf_act(MLV_END, 0, 0, 0)); }

/* The action is refused, with a reason; returns the reason for more checks. */
#define mlf_refused(f, a_, diag_)                                                           \
    do {                                                                                    \
        Action a__ = (a_);                                                                  \
        memset(&(diag_), 0, sizeof(diag_));                                                 \
        cr_assert_lt(ml_check(&(f)->s, &a__, &(diag_)), 0, "action should be refused");     \
        cr_assert_gt(strlen((diag_).msg), 0, "a refusal must give a reason");               \
    } while (0)

/* Is the action in legal()? */
static inline bool mlf_in_legal(Mlf *f, Action a)
{
    static Action acts[MAX_ACTIONS];
    int n = ml_legal(&f->s, acts, MAX_ACTIONS);
    for (int i = 0; i < n && i < MAX_ACTIONS; i++)
        if (acts[i].verb == a.verb && acts[i].piece == a.piece && acts[i].target == a.target &&
            acts[i].arg == a.arg && acts[i].set == a.set)
            return true;
    return false;
}

/* Events whose type is `type`. */
static inline int mlf_events(const Mlf *f, const char *type) { return captured_count(&f->ev, type); }

/* The last event of a type (its JSON), or NULL. */
static inline const char *mlf_last_event(const Mlf *f, const char *type) { return captured_last(&f->ev, type); }

/* Does any modifier in a list have this value and contain `why`? */
static inline bool mlf_has_mod(const MlMods *m, const char *why, int v)
{
    for (int i = 0; i < m->n; i++)
        if (strstr(m->why[i], why) && m->v[i] == v)
            return true;
    return false;
}

/* Standard suite hooks: every test file declares `static Mlf F;` and
 * MLF_SUITE(name) for each suite it uses. */
#define MLF_SUITE(name)                                                                     \
    static void name##_init(void) { mlf_init(&F); }                                         \
    static void name##_fini(void) { mlf_fini(&F); }                                         \
    TestSuite(name, .init = name##_init, .fini = name##_fini)

#endif
