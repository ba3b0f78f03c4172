/* ck_ai.c - To Catch a King computer players. Each call looks over the
 * open table once (who guards whom, which enemies stand where) and gives
 * the next figure, in figure order, that has something to do one action,
 * chosen from a few candidates each checked with ck_check; it never builds
 * the whole legal list, and a figure with nothing to do is passed over
 * without spending an action.
 * Parliament weighs where a trooper may stand by its exposure, modelled on
 * a foe that picks at random among its own choices, as the random player
 * does: four moves (one toward each of its two nearest troopers), a charge
 * at each trooper in reach and a shot at each in range. For every foe
 * near, the chance it charges the trooper there, shoots at him, or moves
 * at him (as one of its two nearest) and shoots, times what he would lose
 * (4 points, You 6, a guard's prisoners) less what a failed charge gives
 * Parliament (the charger taken or killed); and for a free trooper, what
 * his being one more choice of a foe that threatens a guard draws off the
 * guard. The commander reckons each shot at him joined by the others that
 * could shoot at him there (+1 each, as the Royalists mass their fire).
 * Parliament: a guard leads his prisoners off only where that exposes him
 * less, never onto an unsearched piece, and shoots if he stays; a free
 * trooper charges when the expected points pay (taking prisoners while six
 * troopers stay free to search, Charles and Wilmot always, horsemen before
 * dragoons; anything goes in the last turn; a Royalist who fired last turn
 * and would fire again counts 3 points more killed or taken, 2 if he fired
 * alone, against the Royalists' volley), and charges and shots count
 * what beating a foe spares the guards it threatens, and charges what
 * beating one of the men round Charles opens to the others; a shot at
 * Charles or Wilmot counts what its recoil would change in where he could
 * go next turn and the chance of beating him there (none taken that can
 * only drive him north, out of the rough or the troopers' reach); the three nearest
 * hunt Charles and Wilmot; a dragoon within 14" of Royalist horse (4
 * against his 2) goes where he is least exposed (eight ways, a full
 * move, or staying put), while two others stand
 * ready for next turn's search; the rest make for the edge of the
 * unsearched piece they are nearest to (not the one searched this turn),
 * on the side away from the Royalists (weighing two points along the way and
 * the two northern diagonal ways of the compass; veering 25 or 50 degrees
 * round a foe whose base bars the straight way); two besides the searcher always
 * end in reach of a piece for the next turn, and the horsemen not needed
 * for that go out of their way to stand where foes' charges would fail. The
 * troopers who could search move last; one of them (cavalry first, at the
 * piece with most troopers about and fewest Royalists to volley at him on
 * it, the one the drover showed empty last) is
 * kept back and searches, since a search ends the turn, unless only he can
 * reach Charles or Wilmot; shots come after moving. A trooper who waits
 * is weighed again at every decision (his foes' choices change as the
 * others move), except that once the shots after moving have begun, one
 * ready at a piece is no longer weighed for a step out of harm's way.
 * Both sides set a figure down beside a friend who stands where its move
 * would end (no base may stand on another): the move turned up to 36
 * degrees either way, before shorter ones are tried.
 * Royalists: the terrain spread evenly, open pieces in the north (each at a
 * place of its row drawn at random), ambushes at paying
 * odds; else, with a trooper in range, a shot first and a fall back north
 * with the half move left, the shots massed in a volley on the one mark
 * where the bonus of the shots before pays most (kill chance times his
 * points and his prisoners'), the weakest shooter first, so that the best
 * rolls last with the largest bonus (plan_volley); one out of range moves
 * within range of that mark (or of the trooper most shot at), within half
 * range if he can, to shoot after moving, where his shot is worth 0.1
 * points (in the last turn, one goes within range of the nearest); else
 * a run for the far edge, shooting after moving (but for Charles and
 * Wilmot, one whom it would take off waits inside the edge while no
 * trooper could charge him, before the last turn: gone, he scores
 * nothing); Charles, who
 * never fights, moves first, where the troopers who could charge him next
 * turn are least likely to beat him, and while one could, the others in
 * reach close round him (three bases touching his leave a charger no room).
 * The players read only the open table: never the cards under the pieces,
 * the decks or the state's generator. */
#include "ck.h"
#include <assert.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

/* The exposure model's weights, tuned against random Royalists: a foe's
 * charge, shot and move-then-shot count that many times a choice's share;
 * a failed charge of a foe's counts CK_W_GAIN times its points against a
 * horseman, CK_W_GAIN_DRAGOON against a dragoon; a dragoon goes CK_RISK
 * inches out of his way to save a point (CK_FLEE_RISK when fleeing
 * horse), a horseman CK_BAIT_RISK inches to gain one; a foe beaten but not
 * taken spares the guards CK_W_DRIVE of what it threatened; no foe reaches
 * further than CK_FAR beyond a trooper's move (6" and 12", with the
 * bases). CK_RISK was 10 until the afternoon of 2026-12-02: against the
 * heuristic Royalists, who mass their fire and ambush lone troopers (a
 * play-tester watched dragoons sent alone into the open beside six
 * horse), 40 won 30,850 of 80,000 games against 30,276 (seeds 2 to 5)
 * and 30,579 against 29,913 on fresh seeds 6 to 9 (14: 30,507; 20:
 * 30,522; 28: 30,620; 60: 30,679). */
#define CK_W_CHARGE 1.0
#define CK_W_SHOT 1.0
#define CK_W_MSHOT 0.6
#define CK_W_GAIN 2.0
#define CK_W_GAIN_DRAGOON 0.5
#define CK_RISK 40.0
#define CK_FLEE_RISK 30.0
#define CK_BAIT_RISK 30.0
#define CK_W_DRIVE 0.5
#define CK_FAR 21.0f
/* A Royalist charge that kills or beats a trooper who could charge Charles
 * counts CK_GUARD_KING points more (tried 2, 3, 4, 8, 16: 3 best). */
#define CK_GUARD_KING 3.0
/* A Parliament charge that kills or beats one of the men touching Charles
 * counts CK_OPEN_RING points more: it opens the ring round him (tried 3,
 * 6, 12: 6 best, Parliament 57.1% against 56.3% without it). */
#define CK_OPEN_RING 6.0
/* The commander reckons that the shots at him would come together: each
 * counted +1 for every other foe that could shoot at him where he would
 * stand, up to CK_MASS_MOST (massed_fire). */
#define CK_MASS_MOST 4
/* A Parliament charge that kills or takes a Royalist who fired at a
 * trooper in his last turn, and has one in his range still, counts
 * CK_DISARM points more where another fired at the same man (a volley),
 * CK_DISARM_ALONE where he fired alone: he would fire again, and in a
 * volley add +1 to every later shot (par_disarm; 3 for all: tried 1.5,
 * 2.5, 3, 4, 5, 3 best; the volley's men 4, or 3 and 4 for three or more,
 * did worse; those who fired alone 0, 1.5, 2 and 3, see docs). */
#define CK_DISARM 3.0
#define CK_DISARM_ALONE 2.0
/* The searcher, who ends his turn on the piece he searches, would rather
 * search one fewer Royalists could volley at him on: CK_SEARCH_FIRE a
 * shooter, where two or more could (pick_searcher; tried 1, 3 and 6: 3
 * best, 6 alike). */
#define CK_SEARCH_FIRE 3.0
/* What an inch north is worth to Charles's side where he ends his move
 * (person_move: the further north the better among equals), against his
 * capture's 20 points times the chance he is beaten there next turn; and
 * so to Parliament, where a shot would drive him (person_outlook). */
#define CK_NORTH 0.05

/* ---------------- the table, looked over once per call ---------------- */

/* A foe that could cost trooper near_of something this turn, with what
 * exposure_on needs of it worked out once for that trooper: the squares
 * of its reaches, the chances of its choices (found on first use), and
 * the price of each attack by the ground he stands on (found on first
 * use of each ground). */
typedef struct NearFoe {
    uint8_t e;
    uint8_t chances;              /* pc, ps, pm found */
    uint8_t inside_known;         /* charge_inside found */
    uint8_t kind;                 /* 2 * type + mounted: the foes whose shots cost him alike (Table.shot_cost) */
    float   x, y;                 /* where it stands */
    float   far2;                 /* the square of how far it could reach him (attack him, once chances are found) */
    float   reach2, mv, rng, rng2, half_rng2, nearest2; /* charge reach, move, range, squares; see near_foes */
    double  pc, ps, pm;           /* the share of each attack among its choices */
    double  choices, menace;      /* choices(); menace() if he is free to draw it off, else 0 */
    double  draw[3];              /* menace > 0: what his being 0, 1 or 2 more of its choices draws off */
    double  charge_inside;        /* a charge's cost within its own piece (else Table.charge_cost) */
} NearFoe;

/* The table in 2" squares, for finding the piece under a point. */
enum { CK_CELLS = 24 };
#define CK_CELL 2.0f

/* What the players know of a figure where it stands, kept from one
 * decision to the next: troopers wait at their places while the others
 * move, and their ground, moves and reach would be found again and again.
 * Keyed by the figure's fields (same_stand: not what it did this phase,
 * which changes at every phase's end while none of these depend on it),
 * its room as a guard and the terrain (a generation number, renewed
 * whenever any byte of the pieces changes), which is all these depend on.
 * A search changes only which pieces are unsearched (and cards, which
 * none of these read): the ground, the move and the ways' difficult
 * ground stay, and a way that entered its piece before any other
 * unsearched piece still does (pgen, renewed for any other change). */
typedef struct FigMemo {
    CkFig    fig;        /* the key: the figure as it stood (same_stand) */
    int8_t   room;       /* ... its room as a guard */
    int8_t   under;      /* the piece under it, -1 none, -2 not looked at yet */
    int8_t   ready;      /* troopers: at the edge of an unsearched piece, -1 not looked at */
    uint32_t gen;        /* the key's terrain generation (0: nothing kept) */
    uint32_t pgen;       /* ... and its generation but for searches */
    int32_t  reach_now;  /* free troopers: the unsearched pieces this phase's move reaches, -1 not looked at */
    float    allow;      /* its move this phase, -1 not found yet */
    float    fmv;        /* foes: foe_move, -1 not found yet */
    int16_t  reach_next; /* free troopers: unsearched pieces in a full move, -1 not looked at */
    uint16_t way_known;  /* troopers: the pieces whose way (reaches_by_way) is looked at, as bits */
    uint16_t way_open;   /* ... which of them it enters before any other unsearched piece */
    uint16_t hard_known; /* ... the pieces whose way is looked at for difficult ground */
    uint16_t way_hard;   /* ... and which ways cross it */
    uint8_t  spare[6];   /* to 64 bytes: a figure's memo found by a shift */
} FigMemo;
_Static_assert(sizeof(FigMemo) == 64, "a FigMemo is 64 bytes");

/* One figure as plan_volley reads it: a Royalist who may shoot in the
 * volley with a trooper in his range (a: his place in own, b: whom he shot
 * at), or a trooper (a: the points of the prisoners he guards, b: the shots
 * at him so far, aimed_at). Every byte set (pad too): keys are compared
 * with memcmp, which also tells -0 from 0 (never a false hit). */
typedef struct VolFig {
    float   x, y;
    uint8_t i, type, mounted, musket, a, b, pad[2];
} VolFig;
_Static_assert(sizeof(VolFig) == 16, "a VolFig has no padding");

/* Everything plan_volley reads, for those unmoved or moved: the terrain
 * (Memo.pgen: places and kinds; searches change nothing it reads), the
 * rules' options it counts, then nshoot shooters and nfoe troopers, in
 * figure order. Figures out of it (a Royalist with no trooper in range,
 * or moved otherwise, or shot) add nothing to the plan. */
typedef struct VolleyKey {
    uint32_t gen;
    uint8_t  raining, recoil_frees, cover_inside, wood_edge, nshoot, nfoe, pad[2];
    VolFig   f[CK_MAX_FIGS];    /* the shooters, then the troopers */
} VolleyKey;

/* The last volley planned for those unmoved or moved (Memo.volley), with
 * its key: the Royalists' decisions in a turn mostly leave it as it was
 * (a man who runs north was in no volley). */
typedef struct VolleyMemo {
    VolleyKey key;              /* gen 0: nothing kept */
    int8_t    mark;             /* as Table.mark, nvol, vol_alive, vol */
    uint8_t   nvol;
    double    alive;
    uint8_t   vol[CK_MAX_FIGS];
} VolleyMemo;

/* A figure near one stepping inside the edge (EdgeKey), all that his
 * move reads of it: where it stands, its base, its side. */
typedef struct NearFig {
    float   x, y;
    uint8_t i, mounted, side, pad;
} NearFig;

/* Everything a Royalist's step inside the north edge (step_inside) reads
 * when it fails with no rule asked: he (every field), his move, the options
 * that let bases share ground or ways pass enemies, and every figure on
 * the table near enough to stand under a point of it or across its way. */
enum { CK_EDGE_NEAR = 16 };
typedef struct EdgeKey {
    CkFig   fig;
    float   allow;
    uint8_t valid, share_ground, pass_enemies, n;
    NearFig near[CK_EDGE_NEAR];
} EdgeKey;

/* What person_outlook reads of a trooper free to charge: where he
 * stands and what he is. */
typedef struct OutlookFree {
    float   x, y;
    uint8_t i, type, mounted, wounded;
} OutlookFree;

/* Everything person_outlook reads that may change from one call to the
 * next (the terrain's generation, an option, the man and where he would
 * stand, the free troopers): the key of its last answers (Memo.outlook).
 * A shot a trooper declined is weighed again at the next decision, mostly
 * with nothing changed (a third of them). Every byte set (pad too): keys
 * are compared with memcmp up to the free troopers there are. */
typedef struct OutlookKey {
    uint32_t gen;
    float    x, y;
    uint8_t  t, type, mounted, wounded, cover_inside, nfree, pad[2];
    OutlookFree free[CK_MAX_FIGS];
} OutlookKey;
enum { CK_OUTLOOKS = 8 };

/* The memory of one thread's players: a pure memo (a hit gives exactly what
 * finding the values again would), so it never changes a decision and
 * threads share nothing. */
typedef struct Memo {
    CkPiece  pieces[CK_PIECES]; /* the terrain of generation gen */
    uint32_t gen, pgen;         /* renewed at any change, at any change but searches */
    uint16_t cell[CK_CELLS][CK_CELLS]; /* the placed pieces that may cover each 2" square, as bits */
    uint16_t hard, cover, obst, hill;  /* the pieces of difficult ground, cover, obstacles, hills, as bits */
    uint16_t edge;                     /* the pieces whose cover is at their edge (hedges), as bits */
    uint16_t wood;                     /* the woods, as bits (their cover at the edge under wood_cover=edge) */
    FigMemo  fig[CK_MAX_FIGS];
    VolleyMemo volley[2];       /* Royalists: the volley of those unmoved, moved */
    EdgeKey  step[CK_MAX_FIGS]; /* Royalists: each one's last step inside the edge that failed, no rule asked */
    OutlookKey outlook[CK_OUTLOOKS]; /* Parliament: person_outlook's last answers (gen 0: none), */
    double   outlook_worth[CK_OUTLOOKS]; /* ... what each found */
    int      outlook_next;      /* ... and the next to replace */
} Memo;

/* What a call has found of each figure (Zeros.found), as bits: five
 * flags in one byte, so that the memset clearing them is short. */
enum {
    FOUND_MEMO = 1,   /* memo->fig[i] checked against figure i this call */
    FOUND_NEAR3 = 2,  /* foes: nd2 and ni found */
    FOUND_INFO = 4,   /* foes: fmv, frng, frad found */
    FOUND_MENACE = 8, /* foes: menace found */
    FOUND_NEAREST = 16, /* Table.nearest2 found */
};

/* What a call notes of a figure that starts at 0 (one memset for the
 * figures there are, side by side). */
typedef struct Zeros {
    uint8_t found; /* FOUND_* bits */
    uint8_t held;  /* points of the prisoners it guards */
} Zeros;

/* ... and what starts at -1, not counted yet (one memset). */
typedef struct Unknowns {
    int8_t touch;  /* enemies touching it */
    int8_t quiet;  /* troopers: nothing can cost him anything */
    int8_t choice; /* foes: how many things it could do next turn */
} Unknowns;

typedef struct Table {
    const CkState *s;
    const CkFigSpec *figs;        /* the figures' table (read once a call: an atomic load) */
    Memo   *memo;
    Zeros   z[CK_MAX_FIGS];
    Unknowns u[CK_MAX_FIGS];
    int8_t  room[CK_MAX_FIGS];    /* room left under each figure as a guard: 4 = guards nobody */
    uint8_t foes[CK_MAX_FIGS];    /* active figures of the side not acting */
    float   fx[CK_MAX_FIGS], fy[CK_MAX_FIGS]; /* ... where each stands */
    uint8_t own[CK_MAX_FIGS];     /* active figures of the side acting, then the nheld prisoners (CkKnown.others) */
    float   ox[CK_MAX_FIGS], oy[CK_MAX_FIGS], orad[CK_MAX_FIGS]; /* ... where each stands, its base radius */
    const uint8_t *frees;         /* Parliament troopers active and guarding nobody: */
    const float *frx, *fry;       /* ... where each stands (own or foes and theirs while nobody guards) */
    uint8_t free_list[CK_MAX_FIGS];
    float   free_x[CK_MAX_FIGS], free_y[CK_MAX_FIGS];
    uint8_t guards[CK_MAX_FIGS];  /* figures of the side acting guarding prisoners (only troopers guard) */
    int     nguard;
    int     nfoes, nown, nfree, persons; /* ... and Charles and Wilmot free on the table (Parliament acting) */
    int     nheld;                /* prisoners on the table, listed after own */
    int     searcher, spiece;     /* Parliament: who searches which piece (-2: not chosen yet) */
    int8_t  late;                 /* Parliament: shots after moving have begun (shots_begun), -1 not looked at */
    int8_t  charles;              /* Royalists: Charles free on the table, -1 not there, -2 not looked for */
    double  charles_danger;       /* ... person_danger where he stands, -1 not found yet */
    double  outlook[2];           /* Parliament: person_outlook of Charles, Wilmot where he stands, NAN not found */
    uint16_t edge;                /* the pieces whose cover is at their edge only (Memo.edge, and the woods under
                                   * wood_cover=edge), found once a call */
    int8_t  aimed[CK_MAX_FIGS];   /* own figures that shot at each figure; [0] -1: not counted */
    bool    asking;               /* better_charger_first is asking a friend's decision: he asks nobody's */
    int8_t  vol_phase;            /* Royalists: the volley planned for those unmoved (0) or moved (1), -1 none yet */
    int8_t  mark;                 /* ... its mark, -1 none pays */
    uint8_t nvol;                 /* ... how many fire at it */
    double  vol_alive;            /* ... the chance the mark outlives it */
    uint8_t vol[CK_MAX_FIGS];     /* ... who, the weakest first */
    const bool *tried;            /* Royalists: by place in own, asked already this call (roy_turn), or NULL */
    bool    deferred;             /* ... one waited for a weaker in the volley (waits_for_weaker) */
    int8_t  support[CK_PIECES];   /* free troopers near each piece, -1 not counted yet */
    uint8_t ways[CK_PIECES];      /* unsearched pieces within any move of figure ways_of (-1 none yet) */
    int     nways, ways_of;
    NearFoe near[CK_MAX_FIGS];    /* foes near trooper near_of (-1 none yet) */
    int     near_of, nnear;
    uint32_t shot_known[2 * F_TYPE_COUNT]; /* by NearFoe.kind, bit 4 * others + 2 * cover + half: shot_cost[..] found */
    double  shot_cost[2 * F_TYPE_COUNT][4 * (CK_MASS_MOST + 1)]; /* ... a shot's cost to near_of, [4 * others (massed_fire)
                                                                 * + 2 * cover + within half range] */
    uint8_t charge_known[2 * F_TYPE_COUNT]; /* ... bit kind + 1: charge_cost[..][kind + 1] found */
    double  charge_cost[2 * F_TYPE_COUNT][T_KIND_COUNT + 1]; /* ... a charge's cost to near_of on each ground (open
                                                              * first), not within the foe's own piece */
    float   menace[CK_MAX_FIGS];  /* foes: prisoners' points each is expected to free (FOUND_MENACE) */
    float   nearest2[CK_MAX_FIGS]; /* the square of the distance to the nearest foe (FOUND_NEAREST) */
    uint32_t asked;               /* the rules asked (accept_known) this call */
    float   fmv[CK_MAX_FIGS], frng[CK_MAX_FIGS], frad[CK_MAX_FIGS]; /* foes: move next turn, range, base radius */
    float   nd2[CK_MAX_FIGS][3];  /* squared distances of each foe's three nearest troopers */
    uint8_t ni[CK_MAX_FIGS][3];   /* ... and who they are */
} Table;

/* The 2" square of coordinate v, kept on the table. */
static int cell_of(float v)
{
    float c = floorf(v / CK_CELL);
    return c >= CK_CELLS - 1 ? CK_CELLS - 1 : c > 0 ? (int)c : 0;
}

/* Mark in each 2" square the placed pieces whose square around them
 * (0.1" spare) touches it: every piece that covers a point of a square is
 * among its bits. */
static void map_cells(Memo *memo)
{
    memset(memo->cell, 0, sizeof memo->cell);
    for (int p = 0; p < CK_PIECES; p++) {
        const CkPiece *pc = &memo->pieces[p];
        if (!pc->placed)
            continue;
        float r = pc->r + 0.1f;
        int x0 = cell_of(pc->x - r), x1 = cell_of(pc->x + r), y0 = cell_of(pc->y - r), y1 = cell_of(pc->y + r);
        for (int cy = y0; cy <= y1; cy++)
            for (int cx = x0; cx <= x1; cx++)
                memo->cell[cy][cx] |= (uint16_t)(1u << p);
    }
}

/* The pieces of each kind of ground, as bits: the loops over pieces and
 * points read them without the terrain table (an atomic load a look). */
static void note_grounds(Memo *memo)
{
    const CkTerrainSpec *terrain = ck_terrain;
    memo->hard = memo->cover = memo->obst = memo->hill = memo->edge = memo->wood = 0;
    for (int p = 0; p < CK_PIECES; p++) {
        const CkTerrainSpec *t = &terrain[memo->pieces[p].kind];
        memo->hard |= (uint16_t)((t->difficult != 0) << p);
        memo->cover |= (uint16_t)((t->cover != 0) << p);
        memo->obst |= (uint16_t)((t->obstacle != 0) << p);
        memo->hill |= (uint16_t)((t->hill != 0) << p);
        memo->edge |= (uint16_t)((t->cover_edge != 0) << p);
        memo->wood |= (uint16_t)((memo->pieces[p].kind == T_WOOD) << p);
    }
}

/* Is piece p (-1: none) of the ground in mask? */
static inline bool piece_is(unsigned mask, int p) { return p >= 0 && (mask >> p & 1); }

/* Do two layouts place the same pieces at the same places with the same
 * sizes (all map_cells reads)? */
static bool same_places(const CkPiece *a, const CkPiece *b)
{
    for (int p = 0; p < CK_PIECES; p++)
        if (a[p].placed != b[p].placed || a[p].x != b[p].x || a[p].y != b[p].y || a[p].r != b[p].r)
            return false;
    return true;
}

/* Is b the terrain a, but for more pieces searched (and cards)? Then
 * pgen stays. */
static bool only_searched(const CkPiece *a, const CkPiece *b)
{
    for (int p = 0; p < CK_PIECES; p++)
        if (a[p].kind != b[p].kind || a[p].searched > b[p].searched)
            return false;
    return true;
}

/* The next generation number (0 is never one). */
static uint32_t next_gen(uint32_t g) { return g == UINT32_MAX ? 1 : g + 1; }

/* The thread's memory, its terrain made that of s. A search changes the
 * pieces but not where they lie: the squares are mapped again only when
 * that changes. */
static Memo *memo_of(const CkState *s)
{
    static _Thread_local Memo memo;
    if (memo.gen == 0 || memcmp(memo.pieces, s->pieces, sizeof s->pieces) != 0) {
        bool remap = memo.gen == 0 || !same_places(memo.pieces, s->pieces);
        if (remap || !only_searched(memo.pieces, s->pieces))
            memo.pgen = next_gen(memo.pgen);
        memcpy(memo.pieces, s->pieces, sizeof s->pieces);
        memo.gen = next_gen(memo.gen);
        note_grounds(&memo);
        if (remap)
            map_cells(&memo);
    }
    return &memo;
}

/* ck_piece_at(s, x, y), the same answer found among the pieces of the
 * point's 2" square only (lowest first, as ck_piece_at looks). Within
 * the edge gap, cell_of is a plain truncation. */
static int piece_in_cell(const Table *tb, float x, float y)
{
    if (!(x >= CK_EDGE_GAP && y >= CK_EDGE_GAP && x <= CK_TABLE - CK_EDGE_GAP && y <= CK_TABLE - CK_EDGE_GAP))
        return -1; /* as ck_piece_at: no piece nearer an edge (nor at NaN) */
    for (unsigned bits = tb->memo->cell[(int)(y / CK_CELL)][(int)(x / CK_CELL)]; bits; bits &= bits - 1) {
        int i = __builtin_ctz(bits);
        const CkPiece *p = &tb->s->pieces[i];
        float dx = x - p->x, dy = y - p->y;
        if (dx * dx + dy * dy <= p->r * p->r)
            return i;
    }
    return -1;
}

/* The piece under (x, y), or -1: piece_in_cell, checked against
 * ck_piece_at in debug builds. */
static int piece_at(const Table *tb, float x, float y)
{
    int p = piece_in_cell(tb, x, y);
    assert(p == ck_piece_at(tb->s, x, y));
    return p;
}

/* Do a and b stand alike for the FigMemo: every field up to `beaten`,
 * and the half move (the allowance depends on it), but not what they did
 * this phase (moved, shot, shot at whom, changed mount)? */
_Static_assert(offsetof(CkFig, moved) == offsetof(CkFig, beaten) + 1, "same_stand compares the fields before moved");
static bool same_stand(const CkFig *a, const CkFig *b)
{
    return memcmp(a, b, offsetof(CkFig, moved)) == 0 && a->half == b->half && a->piece == b->piece;
}

/* What is kept of figure i, emptied first if it no longer stands as it
 * did (or the terrain changed; after searches only, what depends on which
 * pieces are unsearched: the reaches, readiness and the ways not open);
 * checked once a call. */
static __attribute__((noinline)) FigMemo *check_fig_memo(Table *tb, int i)
{
    FigMemo *m = &tb->memo->fig[i];
    tb->z[i].found |= FOUND_MEMO;
    bool stands = m->room == tb->room[i] && same_stand(&m->fig, &tb->s->figs[i]);
    if (stands && m->gen == tb->memo->gen) /* (the same gen implies the same pgen) */
        return m;
    if (!stands || m->pgen != tb->memo->pgen)
        *m = (FigMemo){.fig = tb->s->figs[i], .room = tb->room[i], .gen = tb->memo->gen, .pgen = tb->memo->pgen,
                       .under = -2, .reach_now = -1, .reach_next = -1, .allow = -1, .fmv = -1, .ready = -1};
    else {
        m->gen = tb->memo->gen;
        m->reach_now = m->reach_next = m->ready = -1;
        m->way_known &= m->way_open;
    }
    return m;
}

/* fig_memo's first look at figure i this call is check_fig_memo (apart,
 * so that the look-ups after it stay short). */
static inline FigMemo *fig_memo(Table *tb, int i)
{
    return tb->z[i].found & FOUND_MEMO ? &tb->memo->fig[i] : check_fig_memo(tb, i);
}

/* Charles Stuart or Lord Wilmot? */
static bool is_person(const CkFig *f) { return f->type == F_CHARLES || f->type == F_WILMOT; }

static int ground_mod(const CkFig *f, int kind);
static inline double menace(Table *tb, int e);

/* On the table and free to act? */
static bool active(const CkFig *f) { return f->status == FS_ACTIVE; }

/* What removing Royalist horse is worth beyond the points: they kill
 * dragoons (4 against their 2). */
static double threat(const CkFig *t) { return t->type == F_HORSE ? 2 : 0; }

/* What taking figure t prisoner is worth to Parliament, counting what the
 * Royalists would score for him at liberty [CK Aim of the game]. */
static int capture_value(const CkFig *t)
{
    return t->type == F_CHARLES ? 20 : t->type == F_WILMOT ? 12 : t->type == F_CLUBMAN ? 2 : 3;
}

/* What killing figure t is worth to Parliament, the same way. */
static double kill_value(const CkFig *t)
{
    return t->type == F_CHARLES ? 18 : t->type == F_WILMOT ? 10 : t->type == F_CLUBMAN ? 1 : 2 + threat(t);
}

/* What a trooper's death gives the Royalists. */
static double trooper_value(const CkFig *f) { return f->type == F_YOU ? 6 : 4; }

/* Look over the table: guards and their prisoners, the figures of each side. */
static void look(const CkState *s, Table *tb)
{
    int n = s->nfigs;
    tb->s = s;
    tb->figs = ck_figs;
    tb->memo = memo_of(s);
    tb->nfoes = tb->nown = tb->persons = tb->nfree = tb->nguard = 0;
    tb->searcher = -2;
    tb->late = -1;
    tb->charles = -2;
    tb->charles_danger = -1;
    tb->outlook[0] = tb->outlook[1] = NAN;
    tb->edge = (uint16_t)(tb->memo->edge | (s->wood_edge ? tb->memo->wood : 0u));
    tb->spiece = -1;
    memset(tb->room, 4, (size_t)n);
    memset(tb->z, 0, (size_t)n * sizeof *tb->z);
    memset(tb->u, -1, (size_t)n * sizeof *tb->u);
    memset(tb->support, -1, sizeof tb->support);
    tb->near_of = tb->ways_of = -1;
    tb->aimed[0] = -1;
    tb->asking = false;
    tb->vol_phase = -1;
    tb->tried = NULL;
    tb->deferred = false;
    tb->asked = 0;
    int held = 0, nheld = 0, nown = 0, nfoes = 0, persons = 0, to_act = s->to_act; /* kept in locals: the byte */
    uint8_t prisoners[CK_MAX_FIGS];
    int8_t *room = tb->room;                                               /* stores may alias anything */
    uint8_t *own = tb->own, *foes = tb->foes;
    Zeros *z = tb->z;
    #pragma GCC unroll 4 /* four figures a turn of the loop: its count and test were a fifth of it */
    for (int i = 0; i < n; i++) {
        const CkFig *f = &s->figs[i];
        if (f->status == FS_ACTIVE) {
            if (f->side == to_act) {
                tb->ox[nown] = f->x, tb->oy[nown] = f->y, tb->orad[nown] = ck_fig_radius(f);
                own[nown++] = (uint8_t)i;
            } else {
                tb->fx[nfoes] = f->x, tb->fy[nfoes] = f->y;
                foes[nfoes++] = (uint8_t)i;
                persons += is_person(f); /* Royalists: counted as foes, for Parliament */
            }
        } else if (f->status == FS_PRISONER) {
            prisoners[nheld++] = (uint8_t)i;
            if (f->guard < n) {
                room[f->guard] = (int8_t)(room[f->guard] - (is_person(f) ? 4 : 1));
                z[f->guard].held = (uint8_t)(z[f->guard].held + capture_value(f));
                held++;
            }
        }
    }
    memcpy(own + nown, prisoners, (size_t)nheld); /* CkKnown.others: own, then the prisoners */
    for (int j = 0; j < nheld; j++) { /* (where they stand, for the rules' check) */
        const CkFig *p = &s->figs[prisoners[j]];
        tb->ox[nown + j] = p->x, tb->oy[nown + j] = p->y, tb->orad[nown + j] = ck_fig_radius(p);
    }
    tb->nown = nown, tb->nfoes = nfoes, tb->persons = persons, tb->nheld = nheld;
    bool par_acts = s->to_act == CK_PAR;
    const uint8_t *par = par_acts ? tb->own : tb->foes;
    const float *px = par_acts ? tb->ox : tb->fx, *py = par_acts ? tb->oy : tb->fy;
    int np = par_acts ? tb->nown : tb->nfoes;
    if (!held) { /* nobody guards: every trooper is free */
        tb->frees = par, tb->frx = px, tb->fry = py, tb->nfree = np;
        return;
    }
    tb->frees = tb->free_list, tb->frx = tb->free_x, tb->fry = tb->free_y;
    int nfree = 0, nguard = 0;
    for (int k = 0; k < np; k++)
        if (room[par[k]] == 4) {
            tb->free_x[nfree] = px[k], tb->free_y[nfree] = py[k];
            tb->free_list[nfree++] = par[k];
        } else if (par_acts)
            tb->guards[nguard++] = par[k];
    tb->nfree = nfree, tb->nguard = nguard;
}

/* ---------------- common ---------------- */

/* The outcome odds of d6+af against d6+df [CK Combat Outcomes]. */
typedef struct Odds {
    double kill, beat;      /* the target dies (or is wounded), recoils */
    double lose_dead, lose; /* the attacker, in hand to hand: dies, recoils */
} Odds;

/* The odds for factors -4..11, worked out by the compiler: for each die x
 * of the attacker, how many dice y of the defender give each result, in
 * 36ths (the divisions too are the compiler's, the same as at run time). */
#define CL6(n) ((n) < 0 ? 0 : (n) > 6 ? 6 : (n))
#define HALF(a) ((a) >= 0 ? (a) / 2 : -((1 - (a)) / 2))
#define WIN(a, d) CL6((a) - 1 - (d))                                       /* y + d < a */
#define KILL(a, d) CL6((HALF(a) < (a) - 1 ? HALF(a) : (a) - 1) - (d))        /* and 2(y + d) <= a */
#define LOSE(a, d) CL6(6 - ((a) - (d)))                                     /* y + d > a */
#define DEAD(a, d) CL6(7 - (((a) > 0 ? 2 * (a) : (a) + 1) - (d)))           /* and y + d >= 2a */
#define DICE(F, af, d) (F((af) + 1, d) + F((af) + 2, d) + F((af) + 3, d) + F((af) + 4, d) + \
                        F((af) + 5, d) + F((af) + 6, d))
#define ODDS(af, d) {DICE(KILL, af, d) / 36.0, (DICE(WIN, af, d) - DICE(KILL, af, d)) / 36.0, DICE(DEAD, af, d) / 36.0, \
                     (DICE(LOSE, af, d) - DICE(DEAD, af, d)) / 36.0}
#define ROW(af) {ODDS(af, -4), ODDS(af, -3), ODDS(af, -2), ODDS(af, -1), ODDS(af, 0), ODDS(af, 1), \
                 ODDS(af, 2), ODDS(af, 3), ODDS(af, 4), ODDS(af, 5), ODDS(af, 6), ODDS(af, 7), \
                 ODDS(af, 8), ODDS(af, 9), ODDS(af, 10), ODDS(af, 11)}
static const Odds odds36[16][16] = { /* [af + 4][df + 4]: kill, beat, lose_dead, lose */
    ROW(-4), ROW(-3), ROW(-2), ROW(-1), ROW(0), ROW(1), ROW(2), ROW(3),
    ROW(4), ROW(5), ROW(6), ROW(7), ROW(8), ROW(9), ROW(10), ROW(11),
};

/* The odds of d6+af against d6+df, from the table. */
static Odds odds(int af, int df)
{
    af = af < -4 ? -4 : af > 11 ? 11 : af; /* beyond, the odds no longer change much */
    df = df < -4 ? -4 : df > 11 ? 11 : df;
    return odds36[af + 4][df + 4];
}

/* The smaller and the larger of two numbers (never NaN here): inline,
 * where the library's fminf and fmaxf are calls. */
static inline float minf(float a, float b) { return a < b ? a : b; }
static inline float maxf(float a, float b) { return a > b ? a : b; }

/* How far beyond `stop` a distance d reaches, never below nothing: inline,
 * where fmax(0, d - stop) is a call (the same value but for the sign of
 * a zero, which no comparison sees). */
static inline double beyond(float d, float stop) { return d - stop > 0 ? d - stop : 0; }

/* Squared distance: for comparisons, without the root. */
static float dist2(float ax, float ay, float bx, float by)
{
    float dx = ax - bx, dy = ay - by;
    return dx * dx + dy * dy;
}

/* Store a if ck_check accepts it. */
static bool accept(const CkState *s, Action a, Action *out)
{
    if (ck_check(s, &a, NULL) != 0)
        return false;
    *out = a;
    return true;
}

/* The piece under figure i, or -1 for open ground. */
static int piece_under(Table *tb, int i)
{
    FigMemo *m = fig_memo(tb, i);
    if (m->under == -2)
        m->under = (int8_t)piece_at(tb, tb->s->figs[i].x, tb->s->figs[i].y);
    return m->under;
}

/* Store a, an order of one of the acting side's figures, if ck_check
 * accepts it, told what the table knows: the piece under the figure, the
 * foes and, for a move, the piece under its end (`to`) and the first
 * unsearched piece on its way (`way`) where known, else CK_FROM_UNKNOWN
 * (the same answer, asserted in debug builds). */
static bool accept_known(Table *tb, Action a, int to, int way, Action *out)
{
    CkKnown k = {.from = piece_under(tb, a.piece), .nfoes = tb->nfoes, .foes = tb->foes, .to = to, .way = way,
                 .nothers = tb->nown + tb->nheld, .others = tb->own, .fx = tb->fx, .fy = tb->fy, .ox = tb->ox,
                 .oy = tb->oy, .orad = tb->orad};
    assert(to == CK_FROM_UNKNOWN || to == ck_piece_at(tb->s, a.x, a.y));
    assert(way == CK_FROM_UNKNOWN || way == ck_way_unsearched(tb->s, tb->s->figs[a.piece].x, tb->s->figs[a.piece].y,
                                                              a.x, a.y, k.from, NULL));
    int r = ck_check_known(tb->s, &a, &k, NULL);
    assert(r == ck_check(tb->s, &a, NULL));
    tb->asked++;
    if (r != 0)
        return false;
    *out = a;
    return true;
}

/* accept_known, nothing known of the order's end. */
static bool accept_order(Table *tb, Action a, Action *out)
{
    return accept_known(tb, a, CK_FROM_UNKNOWN, CK_FROM_UNKNOWN, out);
}

/* Is figure i on difficult ground (woods, fields, marsh)? */
static bool on_hard(Table *tb, int i)
{
    return piece_is(tb->memo->hard, piece_under(tb, i));
}

/* The move allowance of f as ck_move_allowance gives it, with the guards
 * already known. */
static __attribute__((noinline)) float find_allowance(Table *tb, int i)
{
    const CkFig *f = &tb->s->figs[i];
    float m = f->type == F_DRAGOON && !f->mounted ? 6 : tb->figs[f->type].move;
    if (f->type != F_CLUBMAN && on_hard(tb, i))
        m /= 2;
    m /= f->half ? 2 : 1;
    m /= f->wounded ? 2 : 1;
    return tb->room[i] < 4 && m > 3 ? 3 : m;
}

/* find_allowance, found once a call (apart, and this inline: the look-up,
 * the common case, needs no call nor the registers finding it takes). */
static inline float allowance(Table *tb, int i)
{
    FigMemo *m = fig_memo(tb, i);
    if (m->allow < 0)
        m->allow = find_allowance(tb, i);
    return m->allow;
}

/* Is any foe within `r` inches of (x, y)? Counted over the arrays without
 * a branch (the compiler does several foes at once), not stopping at the
 * first. */
static bool foe_near(Table *tb, float x, float y, float r)
{
    int n = 0;
    for (int k = 0; k < tb->nfoes; k++) {
        float dx = x - tb->fx[k], dy = y - tb->fy[k];
        n += dx * dx + dy * dy <= r * r;
    }
    return n > 0;
}

/* The square of the distance from figure i to the nearest foe, kept for
 * the call (FOUND_NEAREST). */
static __attribute__((noinline)) void find_nearest_foe(Table *tb, int i)
{
    float x = tb->s->figs[i].x, y = tb->s->figs[i].y, best;
    uint32_t least = 0x7f800000u; /* INFINITY's bits */
    for (int k = 0; k < tb->nfoes; k++) { /* (squares are never below +0: their bits order as they do, and the
                                           * compiler does several foes at once with integers) */
        float dx = x - tb->fx[k], dy = y - tb->fy[k], d2 = dx * dx + dy * dy;
        uint32_t bits;
        memcpy(&bits, &d2, sizeof bits);
        least = bits < least ? bits : least;
    }
    memcpy(&best, &least, sizeof best);
    tb->nearest2[i] = best;
    tb->z[i].found |= FOUND_NEAREST;
}

/* Is any foe within `r` inches of figure i? foe_near round him, told by
 * the square of the distance to his nearest foe (found once a call: a
 * figure is asked for several reaches; the same squares, the same answer). */
static bool foe_within(Table *tb, int i, float r)
{
    if (!(tb->z[i].found & FOUND_NEAREST))
        find_nearest_foe(tb, i);
    bool near = tb->nearest2[i] <= r * r;
    assert(near == foe_near(tb, tb->s->figs[i].x, tb->s->figs[i].y, r));
    return near;
}

/* The unsearched pieces within reach of any move of figure i (8"), kept
 * in tb->ways for the last figure asked: the only pieces a way from him
 * to a point within his move can enter (0.5" spare), so the ways are
 * tested against these alone (most of his candidate points have none in
 * the way). */
static __attribute__((noinline)) void list_unsearched_near(Table *tb, int i)
{
    const CkFig *f = &tb->s->figs[i];
    int n = 0;
    #pragma GCC unroll 12 /* the pieces in a row, as in ck_way_difficult */
    for (int p = 0; p < CK_PIECES; p++) {
        const CkPiece *pc = &tb->s->pieces[p];
        float reach = 8.5f + pc->r;
        if (!pc->searched && pc->placed && fabsf(f->x - pc->x) <= reach && fabsf(f->y - pc->y) <= reach)
            tb->ways[n++] = (uint8_t)p;
    }
    tb->nways = n, tb->ways_of = i;
}

/* list_unsearched_near for figure i, once for the last figure asked
 * (inline: most calls ask again about the same). Is there any? */
static inline bool unsearched_near(Table *tb, int i)
{
    if (tb->ways_of != i)
        list_unsearched_near(tb, i);
    return tb->nways > 0;
}

/* ck_way_unsearched(s, f->x, f->y, bx, by, skip, at) for figure i (f),
 * (bx, by) within his move: the same loop over the pieces unsearched_near
 * listed (the others lie clear of the way's box), so the same answer,
 * asserted in debug builds. */
static int way_unsearched_near(Table *tb, int i, float bx, float by, int skip, float *at)
{
    const CkFig *f = &tb->s->figs[i];
    float ax = f->x, ay = f->y;
    unsearched_near(tb, i);
    float lx = ax < bx ? ax : bx, hx = ax < bx ? bx : ax, ly = ay < by ? ay : by, hy = ay < by ? by : ay;
    float dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy, first = 2;
    int hit = -1;
    for (int k = 0; k < tb->nways; k++) {
        int q = tb->ways[k];
        const CkPiece *p = &tb->s->pieces[q];
        float r = p->r;
        if (q != skip && p->x >= lx - r && p->x <= hx + r && p->y >= ly - r && p->y <= hy + r)
            ck_way_meets(p, q, ax, ay, dx, dy, len2, &first, &hit);
    }
#ifndef NDEBUG
    float at2;
    assert(hit == ck_way_unsearched(tb->s, ax, ay, bx, by, skip, &at2) && first == at2);
#endif
    *at = first;
    return hit;
}

/* [CK Playing the Game] a Parliament trooper in its turn may not cross an
 * unsearched piece (he would search it): the end point (x, y) of his move
 * brought back to 0.2" short of the first such piece on the way, unless
 * the way ends on it. False when that leaves no move worth making. *way:
 * the first unsearched piece the way to the point left enters (-1 none,
 * as ck_way_unsearched gives it), CK_FROM_UNKNOWN when not found (not his
 * turn, or the point was brought back). */
static bool short_of_pieces(Table *tb, int i, float *x, float *y, int *way)
{
    const CkState *s = tb->s;
    const CkFig *f = &s->figs[i];
    *way = CK_FROM_UNKNOWN;
    if (!ck_searches(s, f))
        return true;
    *way = -1; /* none within his 8" (x, y lies within his move) */
    if (!unsearched_near(tb, i))
        return true;
    float at;
    int p = way_unsearched_near(tb, i, *x, *y, piece_under(tb, i), &at);
    *way = p;
    if (p < 0 || p == piece_at(tb, *x, *y))
        return true;
    *way = CK_FROM_UNKNOWN;
    float len = ck_dist(f->x, f->y, *x, *y), keep = at * len - 0.2f;
    if (keep < 0.3f)
        return false;
    *x = f->x + (*x - f->x) / len * keep;
    *y = f->y + (*y - f->y) / len * keep;
    return true;
}

/* Would figure i's base at (x, y) stand on the base of one of the n
 * figures at (ox, oy) with radii orad, i (who stands among them) but
 * himself? Counted over the arrays without a branch (the compiler does
 * several at once), floats only: his own count, the same sum over the
 * same values as the loop's, taken off after. */
static bool base_among(const Table *tb, int i, float x, float y, int n, const float *ox, const float *oy,
                       const float *orad)
{
    const CkFig *f = &tb->s->figs[i];
    float rad = ck_fig_radius(f), r = rad - CK_BASE_GRACE;
    int hits = 0;
    for (int k = 0; k < n; k++) {
        float dx = ox[k] - x, dy = oy[k] - y, room = r + orad[k];
        hits += dx * dx + dy * dy < room * room;
    }
    float dx = f->x - x, dy = f->y - y, room = r + rad;
    return hits - (dx * dx + dy * dy < room * room) > 0;
}

/* [CK Movement and Ranges] would figure i's base at (x, y) stand on a
 * friend's (ck_base_under over the acting side's figures; prisoners are
 * left to the rules' check)? Over all of them, for one point (a list of
 * those near him, found for each point, took fewer instructions but
 * mispredicted more, and was no faster; where many points of one move
 * are weighed, friends_within finds it once for them all). */
static bool friend_under(const Table *tb, int i, float x, float y)
{
    assert(memchr(tb->own, i, (size_t)tb->nown)); /* (base_among: he stands among them) */
    return !tb->s->share_ground && base_among(tb, i, x, y, tb->nown, tb->ox, tb->oy, tb->orad);
}

/* The acting side's figures but i within `reach` of figure i: the only
 * ones whose base a point within reach - 1.6" of him can stand on (two
 * bases are 1.5" across at most; 0.1" spare for the rounding), found once
 * for the many points a move weighs. None with option share_ground. */
typedef struct Friends {
    int     n;
    float   x[CK_MAX_FIGS], y[CK_MAX_FIGS], rad[CK_MAX_FIGS];
} Friends;

static void friends_within(const Table *tb, int i, float reach, Friends *fr)
{
    const CkFig *f = &tb->s->figs[i];
    fr->n = 0;
    for (int k = 0; !tb->s->share_ground && k < tb->nown; k++)
        if (tb->own[k] != i && dist2(f->x, f->y, tb->ox[k], tb->oy[k]) < reach * reach) {
            fr->x[fr->n] = tb->ox[k], fr->y[fr->n] = tb->oy[k], fr->rad[fr->n] = tb->orad[k];
            fr->n++;
        }
}

/* friend_under for a point within reach - 1.6" of figure i, over the
 * friends found near him (fr): base_among's test, with no need to pass
 * over i himself (friends_within left him out), a loop of floats only. */
static bool friend_among(const Table *tb, int i, float x, float y, const Friends *fr)
{
    float r = ck_fig_radius(&tb->s->figs[i]) - CK_BASE_GRACE;
    int hits = 0;
    for (int k = 0; k < fr->n; k++) {
        float dx = fr->x[k] - x, dy = fr->y[k] - y, room = r + fr->rad[k];
        hits += dx * dx + dy * dy < room * room;
    }
    bool under = hits > 0;
    assert(under == friend_under(tb, i, x, y));
    return under;
}

/* [CK Movement and Ranges] the end (x, y) of figure i's move, where a
 * friend's base stands, turned about where he stands 12 degrees at a time
 * either way, up to 36, to the first point with room for his base (as a
 * player sets a figure down beside a friend), kept short of unsearched
 * pieces (short_of_pieces, *way). False if none has room. Every point
 * tried lies as far from him as (x, y) or nearer: only the friends near
 * enough are looked at (friends_within; `near`, if given, the caller's
 * for points within his move). */
static bool room_beside(Table *tb, int i, float *x, float *y, int *way, const Friends *near)
{
    static const float turn[6][2] = {{0.9781476f, 0.2079117f},  {0.9781476f, -0.2079117f}, {0.9135455f, 0.4067366f},
                                     {0.9135455f, -0.4067366f}, {0.8090170f, 0.5877853f},  {0.8090170f, -0.5877853f}};
    const CkFig *f = &tb->s->figs[i];
    float dx = *x - f->x, dy = *y - f->y;
    Friends fr;
    if (!near) /* (else the caller's, found for points as far as this one) */
        friends_within(tb, i, sqrtf(dx * dx + dy * dy) + 1.6f, &fr), near = &fr;
    for (int k = 0; k < 6; k++) {
        float tx = f->x + dx * turn[k][0] - dy * turn[k][1], ty = f->y + dx * turn[k][1] + dy * turn[k][0];
        if (ck_on_table(tx, ty) && short_of_pieces(tb, i, &tx, &ty, way) && !friend_among(tb, i, tx, ty, near)) {
            *x = tx, *y = ty;
            return true;
        }
    }
    return false;
}

/* [CK Playing the Game] where trooper i heads to get round the unsearched piece that stands
 * in his way to (tx, ty), if one does: a point beside it, 1" past its
 * edge, on the side of the goal. False when the way is clear. */
static bool way_round(Table *tb, int i, float tx, float ty, float *wx, float *wy)
{
    const CkState *s = tb->s;
    const CkFig *f = &s->figs[i];
    if (!ck_searches(s, f))
        return false;
    int p = ck_way_unsearched(s, f->x, f->y, tx, ty, piece_under(tb, i), NULL);
    if (p < 0 || p == piece_at(tb, tx, ty))
        return false;
    const CkPiece *pc = &s->pieces[p];
    float dx = pc->x - f->x, dy = pc->y - f->y, d = sqrtf(dx * dx + dy * dy);
    if (d < 1e-3f)
        return false;
    float nx = -dy / d, ny = dx / d; /* across the way to the piece */
    if ((tx - pc->x) * nx + (ty - pc->y) * ny < 0)
        nx = -nx, ny = -ny;
    *wx = pc->x + nx * (pc->r + 1.0f);
    *wy = pc->y + ny * (pc->r + 1.0f);
    return true;
}

/* A point on a trooper's way (not a search: move_towards's `search`) is
 * none on an unsearched piece; then the move is checked with the rules. */
static bool accept_towards(Table *tb, Action a, int way, bool search, Action *out)
{
    const CkState *s = tb->s;
    int p = s->figs[a.piece].side == CK_PAR && !search ? piece_at(tb, a.x, a.y) : CK_FROM_UNKNOWN;
    return !(p >= 0 && !s->pieces[p].searched) && accept_known(tb, a, p, way, out);
}

/* [CK Movement and Ranges] move_towards round a foe whose base bars the
 * straight way (no way may pass over one): the full move 25 degrees to
 * either side, then 50, the nearer end to (tx, ty) first. */
static bool veer_towards(Table *tb, int i, float tx, float ty, float len, float go, bool search, Action *out)
{
    static const float turn[2][2] = {{0.9063078f, 0.4226183f}, {0.6427876f, 0.7660444f}};
    const CkState *s = tb->s;
    const CkFig *f = &s->figs[i];
    if (ck_way_blocker(s, f, f->x + (tx - f->x) / len * go, f->y + (ty - f->y) / len * go, NULL) < 0)
        return false; /* the straight way failed for another reason */
    float ux = (tx - f->x) / len, uy = (ty - f->y) / len;
    for (int k = 0; k < 2; k++)
        for (int side = -1; side <= 1; side += 2) {
            float c = turn[k][0], sn = turn[k][1] * (float)side;
            Action a = {.verb = CKV_MOVE, .piece = (int16_t)i, .x = f->x + (ux * c - uy * sn) * go, .y = f->y + (ux * sn + uy * c) * go};
            int way;
            if (!short_of_pieces(tb, i, &a.x, &a.y, &way))
                continue;
            if (accept_towards(tb, a, way, search, out))
                return true;
        }
    return false;
}

/* A move of figure i towards (tx, ty) stopping `stop` short of it, as far
 * as it may go, shortened when the ground slows it. A Parliament move never
 * ends on an unsearched piece (that would search it) unless `search`. */
static bool move_towards(Table *tb, int i, float tx, float ty, float stop, bool search, Action *out)
{
    const CkState *s = tb->s;
    const CkFig *f = &s->figs[i];
    float wx, wy;
    if (!search && way_round(tb, i, tx, ty, &wx, &wy)) /* an unsearched piece in the way */
        tx = wx, ty = wy, stop = 0;
    float len = ck_dist(f->x, f->y, tx, ty), go = minf(len - stop, allowance(tb, i) - 0.01f);
    if (go < 0.05f || len < 1e-3f)
        return false;
    Friends near; /* found once a friend stands in the way, for this length: the shorter lie nearer */
    bool found = false;
    for (int k = 0; k < 3; k++, go /= 2) {
        Action a = {.verb = CKV_MOVE, .piece = (int16_t)i, .x = f->x + (tx - f->x) / len * go, .y = f->y + (ty - f->y) / len * go};
        int way;
        if (!short_of_pieces(tb, i, &a.x, &a.y, &way))
            return false;
        if (found ? friend_among(tb, i, a.x, a.y, &near) : friend_under(tb, i, a.x, a.y)) {
            if (!found)
                friends_within(tb, i, go + 1.6f, &near), found = true; /* (no point lies beyond go) */
            if (!room_beside(tb, i, &a.x, &a.y, &way, &near))
                continue; /* shorter, then */
        }
        if (accept_towards(tb, a, way, search, out))
            return true;
    }
    return !s->pass_enemies && veer_towards(tb, i, tx, ty, len, minf(len - stop, allowance(tb, i) - 0.01f), search, out);
}

/* ck_fig_rate, from the figures' table read once a call (in a loop over
 * foes, ck_figs is an atomic load each time). */
static inline float fig_rate(const Table *tb, const CkFig *g)
{
    float m = g->type == F_DRAGOON && !g->mounted && !tb->s->foot_dragoons_full ? CK_DRAGOON_FOOT : tb->figs[g->type].move;
    assert(m == ck_fig_rate(tb->s, g));
    return m;
}

/* A figure's factor against a foe on foot or mounted. */
static int base_factor(const Table *tb, const CkFig *f, const CkFig *foe)
{
    return foe->mounted ? tb->figs[f->type].vs_mounted : tb->figs[f->type].vs_foot;
}

/* The move of foe e next turn: its rate, halved on difficult ground
 * (not clubmen) and when wounded. */
static float foe_move(Table *tb, int e)
{
    const CkFig *g = &tb->s->figs[e];
    float m = ck_fig_rate(tb->s, g);
    m /= g->type != F_CLUBMAN && on_hard(tb, e) ? 2 : 1;
    return g->wounded ? m / 2 : m;
}

/* How far foe e can shoot (0: not at all). */
static float foe_range(const Table *tb, const CkFig *g)
{
    return g->type == F_CLUBMAN && !g->musket ? 0 : tb->figs[g->type].range;
}

/* Foe e's move next turn (kept in its memo), range and base radius. */
static __attribute__((noinline)) void find_foe_info(Table *tb, int e)
{
    const CkFig *g = &tb->s->figs[e];
    FigMemo *m = fig_memo(tb, e);
    if (m->fmv < 0)
        m->fmv = foe_move(tb, e);
    tb->fmv[e] = m->fmv;
    tb->frng[e] = foe_range(tb, g);
    tb->frad[e] = ck_fig_radius(g);
    tb->z[e].found |= FOUND_INFO;
}

/* find_foe_info, found once a call (apart, and this inline: the test,
 * most calls, needs no call). */
static inline void foe_info(Table *tb, int e)
{
    if (!(tb->z[e].found & FOUND_INFO))
        find_foe_info(tb, e);
}

/* The ground a trooper stands on at (x, y), as foes see it: in cover from
 * shooting, behind an obstacle against charges; `inside`: as a foe within
 * the same piece sees it (met_by). */
typedef struct Ground {
    int cover, obst, kind, inside;
} Ground;

/* The ground of piece pc (-1: open ground). */
static Ground ground_of(const Table *tb, int pc)
{
    int kind = pc < 0 ? -1 : tb->s->pieces[pc].kind;
    return (Ground){piece_is(tb->memo->cover, pc), piece_is(tb->memo->obst, pc), kind, 0};
}

/* Does piece pc (-1: none) shelter its men in a way that an attacker
 * within it does not meet (an obstacle, or cover at its edge)? */
static bool sheltered_at_edge(const Table *tb, int pc)
{
    return pc >= 0 && !tb->s->cover_inside && (piece_is(tb->memo->obst, pc) || piece_is(tb->edge, pc));
}

/* [CK Shooting factors] [CK Hand to hand Combat] (ecw) the ground gr of
 * piece pc as an attacker, figure i, meets it: no obstacle, nor a field's
 * hedges, between men within the same piece (as ck_combat counts it; not
 * with option cover_from_inside=yes). i's piece is looked up only where
 * it matters. */
static Ground met_by(Table *tb, Ground gr, int pc, int i)
{
    if (sheltered_at_edge(tb, pc) && piece_under(tb, i) == pc) {
        gr.obst = 0, gr.inside = 1;
        gr.cover &= !piece_is(tb->edge, pc);
    }
    return gr;
}

/* Is piece pc's obstacle between its men and attacker i? */
static int obstacle_against(Table *tb, int pc, int i)
{
    return piece_is(tb->memo->obst, pc) && met_by(tb, ground_of(tb, pc), pc, i).obst;
}

/* The squared distances from (x, y) of the acting side's figures, in the
 * order of tb->own (arrays without branches: the compiler does several
 * figures at once). */
static void own_dist2(const Table *tb, float x, float y, float *d2)
{
    for (int k = 0; k < tb->nown; k++) {
        float dx = tb->ox[k] - x, dy = tb->oy[k] - y;
        d2[k] = dx * dx + dy * dy;
    }
}

/* Foe e's three nearest troopers from their squared distances d2 (in the
 * order of tb->own): the first met wins a tie. CK_NONE where fewer. */
static void nearest3_of(Table *tb, int e, const float *d2)
{
    float c0 = 1e9f, c1 = 1e9f, c2 = 1e9f;
    uint8_t w0 = CK_NONE, w1 = CK_NONE, w2 = CK_NONE;
    #pragma GCC unroll 4 /* four troopers a turn of the loop, most of them passed over at one test */
    for (int k = 0; k < tb->nown; k++) {
        float v = d2[k];
        if (!(v < c2))
            continue;
        uint8_t t = tb->own[k];
        if (!(v < c1))
            c2 = v, w2 = t;
        else if (!(v < c0))
            c2 = c1, w2 = w1, c1 = v, w1 = t;
        else
            c2 = c1, w2 = w1, c1 = c0, w1 = w0, c0 = v, w0 = t;
    }
    tb->nd2[e][0] = c0, tb->nd2[e][1] = c1, tb->nd2[e][2] = c2;
    tb->ni[e][0] = w0, tb->ni[e][1] = w1, tb->ni[e][2] = w2;
    tb->z[e].found |= FOUND_NEAR3;
}

/* The three troopers nearest foe e (CK_NONE where fewer), found once a call
 * (here, or with its choices). */
static void nearest3(Table *tb, int e)
{
    if (tb->z[e].found & FOUND_NEAR3)
        return;
    float d2[CK_MAX_FIGS];
    own_dist2(tb, tb->s->figs[e].x, tb->s->figs[e].y, d2);
    nearest3_of(tb, e, d2);
}

/* Would trooper i, standing at squared distance d2 from foe e, be one of
 * its two nearest troopers (the others where they stand now)? */
static bool among_nearest(Table *tb, int e, int i, float d2)
{
    nearest3(tb, e);
    int n = 0;
    for (int k = 0; k < 3 && n < 2; k++)
        if (tb->ni[e][k] != CK_NONE && tb->ni[e][k] != i && tb->nd2[e][k] < d2)
            n++;
    return n < 2;
}

/* How many things foe e could do next turn as the random player lists
 * them: four moves, a charge at each trooper in reach and a shot at each
 * in range (sight is not looked at: it costs much and played no part in
 * the results). */
static int choices(Table *tb, int e)
{
    if (tb->u[e].choice < 0) {
        const CkFig *g = &tb->s->figs[e];
        foe_info(tb, e);
        float base = tb->fmv[e] + tb->frad[e], rng = tb->frng[e], rng2 = rng * rng;
        float d2[CK_MAX_FIGS], shot2 = rng > 0 ? rng2 : -1; /* -1: no square is that near */
        int n = 4, nown = tb->nown;
        for (int k = 0; k < nown; k++) { /* a charge at each in reach, a shot at each in range (own_dist2 on the way) */
            float dx = tb->ox[k] - g->x, dy = tb->oy[k] - g->y, reach = base + tb->orad[k] + 0.1f;
            d2[k] = dx * dx + dy * dy;
            n += (d2[k] <= reach * reach) + (d2[k] <= shot2);
        }
        if (rng > 0 && !(tb->z[e].found & FOUND_NEAR3)) /* a shooter's nearest troopers are wanted too: found on the way */
            nearest3_of(tb, e, d2);
        tb->u[e].choice = (int8_t)(n > 120 ? 120 : n);
    }
    return tb->u[e].choice;
}

/* The chances foe e charges trooper i standing at (x, y) next turn (pc),
 * shoots at him from where it stands (ps, half_s: within half range), or
 * moves at him as one of its two nearest troopers and shoots (pm, half_m
 * at the distance it stops at). */
typedef struct Attack {
    double pc, ps, pm;
    bool   half_s, half_m;
} Attack;

/* Foe e's attacks on trooper i if he stood at (x, y). */
static Attack attack_of(Table *tb, int e, int i, float x, float y)
{
    const CkState *s = tb->s;
    const CkFig *g = &s->figs[e], *f = &s->figs[i];
    Attack a = {0, 0, 0, false, false};
    foe_info(tb, e);
    float mv = tb->fmv[e], rng = tb->frng[e], d2 = dist2(x, y, g->x, g->y);
    float reach = mv + tb->frad[e] + ck_fig_radius(f) + 0.1f, far = maxf(reach, mv + rng);
    if (d2 > far * far)
        return a;
    double n = choices(tb, e);
    if (d2 <= reach * reach)
        a.pc = CK_W_CHARGE / n;
    if (rng <= 0)
        return a;
    if (d2 <= rng * rng) {
        a.ps = CK_W_SHOT / n;
        a.half_s = d2 <= rng * rng / 4;
    }
    if (among_nearest(tb, e, i, d2)) {
        float d = sqrtf(d2), after = maxf(d - mv, 2.5f);
        a.pm = CK_W_MSHOT / n;
        a.half_m = after <= rng / 2;
    }
    return a;
}

/* [CK Captured Persons] The chance a guard loses his prisoners to an attack
 * with odds o: when he dies, and when he is driven back if recoils free
 * prisoners (option recoil_frees). */
static double freed(const CkState *s, Odds o) { return o.kill + (s->recoil_frees ? o.beat : 0); }

/* What a charge of foe e is expected to cost trooper i standing on ground
 * gr, guarding the prisoners he guards now: the chance it kills him (his
 * points) or beats him (the prisoners), less what a failed charge gives
 * Parliament (e taken prisoner, or killed). Times the chance e charges,
 * that is what the charge adds to his exposure. */
static double charge_cost(Table *tb, int e, int i, Ground gr)
{
    const CkState *s = tb->s;
    const CkFig *g = &s->figs[e], *f = &s->figs[i];
    double value = trooper_value(f), held = tb->z[i].held;
    Odds o = odds(base_factor(tb, g, f) - gr.obst + ground_mod(g, gr.kind), base_factor(tb, f, g) + ground_mod(f, gr.kind));
    double won = o.lose * (tb->room[i] >= (is_person(g) ? 4 : 1) ? capture_value(g) : 0) + o.lose_dead * kill_value(g);
    return value * o.kill + held * freed(s, o) - (f->type == F_DRAGOON ? CK_W_GAIN_DRAGOON : CK_W_GAIN) * won;
}

/* What a shot of foe e (after moving or not) is expected to cost trooper
 * i, in cover or not, within half range or not, the same way; `others`:
 * the other shooters reckoned to join it (massed_fire). */
static double shot_cost(Table *tb, int e, int i, int cover, int half, int others)
{
    const CkState *s = tb->s;
    const CkFig *g = &s->figs[e], *f = &s->figs[i];
    int sf = base_factor(tb, g, f) - (s->raining != 0), df = base_factor(tb, f, g);
    Odds o = odds(sf - cover + half + others, df);
    return trooper_value(f) * o.kill + tb->z[i].held * freed(s, o);
}

/* The largest squared distance from foe e at which trooper i would still
 * be one of its two nearest troopers (among_nearest), the others standing
 * where they stand now. */
static float nearest_bound(Table *tb, int e, int i)
{
    nearest3(tb, e);
    for (int k = 0, n = 0; k < 3; k++)
        if (tb->ni[e][k] != CK_NONE && tb->ni[e][k] != i && ++n == 2)
            return tb->nd2[e][k];
    return INFINITY;
}

/* The foes that could cost trooper i anything wherever it moves this
 * turn, listed in tb->near with their reaches; kept for the last trooper
 * asked about. exposure_on is only asked about points within his move (or
 * the escort's 3") of him, so a foe further than that beyond its own reach
 * is left out (0.5" spare for the rounding). */
static int near_foes(Table *tb, int i)
{
    if (tb->near_of != i) {
        const CkFig *f = &tb->s->figs[i];
        float r = allowance(tb, i) + CK_FAR, rad = ck_fig_radius(f), go = maxf(allowance(tb, i), 3) + 0.5f;
        tb->nnear = 0;
        memset(tb->shot_known, 0, sizeof tb->shot_known);
        memset(tb->charge_known, 0, sizeof tb->charge_known);
        for (int k = 0; k < tb->nfoes; k++) {
            float d2 = dist2(f->x, f->y, tb->fx[k], tb->fy[k]);
            if (d2 > r * r)
                continue;
            int g = tb->foes[k];
            foe_info(tb, g);
            float mv = tb->fmv[g], rng = tb->frng[g], reach = mv + tb->frad[g] + rad + 0.1f, far = maxf(reach, mv + rng);
            if (d2 > (go + far) * (go + far))
                continue; /* it reaches no point exposure_on is asked about */
            NearFoe *nf = &tb->near[tb->nnear++]; /* the rest is found on first use (chances, *_known) */
            nf->e = (uint8_t)g, nf->chances = nf->inside_known = 0;
            nf->kind = (uint8_t)(2 * tb->s->figs[g].type + (tb->s->figs[g].mounted != 0));
            nf->x = tb->fx[k], nf->y = tb->fy[k], nf->far2 = far * far, nf->reach2 = reach * reach;
            nf->mv = mv, nf->rng = rng, nf->rng2 = rng * rng, nf->half_rng2 = rng * rng / 4;
        }
        tb->near_of = i;
    }
    return tb->nnear;
}

/* The shares of near foe nf's charge, shot, and move and shot among its
 * choices, how near trooper i must stand to be one of its two nearest,
 * and what it threatens the guards with (if i is free to draw it off):
 * found on the first point where nf can reach him. */
static void near_chances(Table *tb, NearFoe *nf, int i)
{
    double n = choices(tb, nf->e);
    nf->choices = n;
    nf->menace = tb->room[i] == 4 ? menace(tb, nf->e) : 0;
    nf->pc = CK_W_CHARGE / n;
    nf->ps = CK_W_SHOT / n;
    nf->pm = CK_W_MSHOT / n;
    nf->nearest2 = nf->rng > 0 ? nearest_bound(tb, nf->e, i) : 0;
    for (int add = 0; add < 3 && nf->menace > 0; add++)
        nf->draw[add] = nf->menace * add / (nf->choices + add);
    nf->chances = 1;
    /* from now on, no further than it can attack him (near_attack gives nothing beyond) */
    nf->far2 = minf(nf->far2, nf->rng > 0 ? maxf(maxf(nf->reach2, nf->rng2), nf->nearest2) : nf->reach2);
}

/* attack_of for near foe nf at squared distance d2 from where the trooper
 * would stand. */
static Attack near_attack(const NearFoe *nf, float d2)
{
    Attack a = {0, 0, 0, false, false};
    if (d2 <= nf->reach2)
        a.pc = nf->pc;
    if (nf->rng <= 0)
        return a;
    if (d2 <= nf->rng2) {
        a.ps = nf->ps;
        a.half_s = d2 <= nf->half_rng2;
    }
    if (d2 <= nf->nearest2) {
        float d = sqrtf(d2), after = maxf(d - nf->mv, 2.5f);
        a.pm = nf->pm;
        a.half_m = after <= nf->rng / 2;
    }
    return a;
}

/* Find near foe nf's shot cost c (apart, so that near_shot_cost stays short). */
static __attribute__((noinline)) void find_shot_cost(Table *tb, NearFoe *nf, int i, int c)
{
    tb->shot_cost[nf->kind][c] = shot_cost(tb, nf->e, i, c >> 1 & 1, c & 1, c >> 2);
    tb->shot_known[nf->kind] |= 1u << c;
}

/* What near foe nf's shot costs trooper i (shot_cost, kept per ground, for
 * `others` joining it (massed_fire) and for all foes of its type, mounted
 * or not: a shot's cost depends on the shooter only through its
 * factors). */
static inline double near_shot_cost(Table *tb, NearFoe *nf, int i, int cover, bool half, int others)
{
    int c = 4 * others + 2 * cover + half;
    if (!(tb->shot_known[nf->kind] & (1u << c)))
        find_shot_cost(tb, nf, i, c);
    assert(tb->shot_cost[nf->kind][c] == shot_cost(tb, nf->e, i, cover, half, others));
    return tb->shot_cost[nf->kind][c];
}

/* What near foe nf's charge costs trooper i on ground gr (charge_cost,
 * kept per ground: within the foe's own piece for it alone, else for all
 * foes of its type, mounted or not, whose factors are its). */
static inline double near_charge_cost(Table *tb, NearFoe *nf, int i, Ground gr)
{
    if (gr.inside) {
        if (!nf->inside_known)
            nf->charge_inside = charge_cost(tb, nf->e, i, gr), nf->inside_known = 1;
        return nf->charge_inside;
    }
    int c = gr.kind + 1;
    if (!(tb->charge_known[nf->kind] & (1u << c))) {
        tb->charge_cost[nf->kind][c] = charge_cost(tb, nf->e, i, gr);
        tb->charge_known[nf->kind] |= (uint8_t)(1u << c);
    }
    assert(tb->charge_cost[nf->kind][c] == charge_cost(tb, nf->e, i, gr));
    return tb->charge_cost[nf->kind][c];
}

/* What near foe nf's attacks a are expected to cost trooper i on ground gr
 * through the next Royalist turn: each attack's chance times its cost
 * (charge_cost, shot_cost, kept per ground). */
static double near_cost(Table *tb, NearFoe *nf, int i, Ground gr, Attack a, int others)
{
    double loss = 0;
    if (a.pc > 0)
        loss += a.pc * near_charge_cost(tb, nf, i, gr);
    if (a.ps > 0)
        loss += a.ps * near_shot_cost(tb, nf, i, gr.cover, a.half_s, others);
    if (a.pm > 0)
        loss += a.pm * near_shot_cost(tb, nf, i, gr.cover, a.half_m, others);
    return loss;
}

/* Is every foe too far from trooper i to cost it anything wherever it
 * moves? */
static __attribute__((noinline)) void find_quiet(Table *tb, int i)
{
    tb->u[i].quiet = !foe_within(tb, i, allowance(tb, i) + CK_FAR);
}

/* find_quiet, found once a call (apart, and this inline: the look-up is
 * most calls, each point weighed asking). */
static inline bool quiet(Table *tb, int i)
{
    if (tb->u[i].quiet < 0)
        find_quiet(tb, i);
    return tb->u[i].quiet;
}

/* [CK Shooting factors] the other foes near trooper i that could shoot at
 * him standing at (x, y) without moving, each +1 to a shot joined to
 * another's, up to CK_MASS_MOST; 0 for any but the commander. The
 * computer Royalists mass their fire on the best mark (plan_volley), and
 * his 6 points make him that mark most often (the random foes the others
 * are weighed against do not; for the troopers, +1 for every two others,
 * it was tried against the old Royalists and against the volley, and
 * gained nothing beyond the noise: docs). */
static int massed_fire(Table *tb, int i, float x, float y)
{
    if (tb->s->figs[i].type != F_YOU)
        return 0;
    int shooters = 0;
    for (int k = 0, n = near_foes(tb, i); k < n; k++) {
        const NearFoe *nf = &tb->near[k];
        shooters += nf->rng > 0 && dist2(x, y, nf->x, nf->y) <= nf->rng2;
    }
    return shooters <= 1 ? 0 : shooters - 1 < CK_MASS_MOST ? shooters - 1 : CK_MASS_MOST;
}

/* The points trooper i would expect to lose standing at (x, y) (on piece
 * `piece`, -2 not known yet) through the next Royalist turn (less than
 * nothing: to gain): near_cost summed over the foes near it, less, for a
 * free trooper, what his being one more choice of a foe draws that foe
 * off the guards it threatens; nothing at all when he is quiet. */
static double exposure_on(Table *tb, int i, float x, float y, int piece)
{
    if (quiet(tb, i))
        return 0;
    assert(ck_dist(x, y, tb->s->figs[i].x, tb->s->figs[i].y) <= maxf(allowance(tb, i), 3) + 0.01f); /* near_foes */
    Ground gr = {0, 0, -2, 0};
    double loss = 0;
    int others = massed_fire(tb, i, x, y);
    for (int k = 0, n = near_foes(tb, i); k < n; k++) {
        NearFoe *nf = &tb->near[k];
        float d2 = dist2(x, y, nf->x, nf->y);
        if (d2 > nf->far2)
            continue; /* it cannot reach him there */
        if (!nf->chances)
            near_chances(tb, nf, i);
        Attack a = near_attack(nf, d2);
        if (a.pc <= 0 && a.ps <= 0 && a.pm <= 0)
            continue;
        if (gr.kind == -2) {
            piece = piece == -2 ? piece_at(tb, x, y) : piece;
            gr = ground_of(tb, piece);
        }
        loss += near_cost(tb, nf, i, met_by(tb, gr, piece, nf->e), a, others);
        if (nf->menace > 0) /* drawing a foe off the guards */
            loss -= nf->draw[(a.pc > 0) + (a.ps > 0)];
    }
    return loss;
}

/* exposure_on, the piece under (x, y) not yet known. */
static double exposure(Table *tb, int i, float x, float y) { return exposure_on(tb, i, x, y, -2); }

/* The chance foe e frees the prisoners of trooper f standing at (x, y) through
 * the next Royalist turn, by a charge or a shot (the random foe model of
 * fig_cost). */
static double beat_chance(Table *tb, int e, const CkFig *f, float x, float y)
{
    const CkState *s = tb->s;
    const CkFig *g = &s->figs[e];
    Attack a = attack_of(tb, e, (int)(f - s->figs), x, y);
    if (a.pc <= 0 && a.ps <= 0 && a.pm <= 0)
        return 0;
    int pc = piece_at(tb, x, y);
    Ground gr = met_by(tb, ground_of(tb, pc), pc, e);
    Odds oc = odds(base_factor(tb, g, f) - gr.obst + ground_mod(g, gr.kind), base_factor(tb, f, g) + ground_mod(f, gr.kind));
    int sf = base_factor(tb, g, f) - (s->raining != 0) - gr.cover, df = base_factor(tb, f, g);
    Odds os = odds(sf + a.half_s, df), om = odds(sf + a.half_m, df);
    return a.pc * freed(s, oc) + a.ps * freed(s, os) + a.pm * freed(s, om);
}

/* The points foe e is expected to take back next turn by beating the
 * guards it can reach: their prisoners' points times the chance. */
static __attribute__((noinline)) void find_menace(Table *tb, int e)
{
    const CkState *s = tb->s;
    const CkFig *g = &s->figs[e];
    double v = 0;
    for (int k = 0; k < tb->nguard; k++) {
        const CkFig *f = &s->figs[tb->guards[k]];
        if (dist2(f->x, f->y, g->x, g->y) <= CK_FAR * CK_FAR)
            v += tb->z[tb->guards[k]].held * beat_chance(tb, e, f, f->x, f->y);
    }
    tb->menace[e] = (float)v;
    tb->z[e].found |= FOUND_MENACE;
}

/* find_menace, found once a call (inline: mostly nobody guards anyone,
 * and then it is nothing). */
static inline double menace(Table *tb, int e)
{
    if (!tb->nguard)
        return 0;
    if (!(tb->z[e].found & FOUND_MENACE))
        find_menace(tb, e);
    return tb->menace[e];
}

/* How many of the acting side's figures add +1 to a shot at t: those who
 * have shot at t this phase, or with option together=yes those who aim at
 * him (ck_combat's joins_shot). */
static int aimed_at(Table *tb, int t)
{
    if (tb->aimed[0] < 0) {
        memset(tb->aimed, 0, (size_t)tb->s->nfigs);
        for (int k = 0; k < tb->nown; k++) {
            const CkFig *f = &tb->s->figs[tb->own[k]];
            if (f->shot_at < tb->s->nfigs && (!tb->s->together || f->aimed))
                tb->aimed[f->shot_at]++;
        }
    }
    return tb->aimed[t];
}

/* The shooting factor of i at t as ck_shoot_factor counts it: cover, the
 * others who shot at t, half range, rain [CK Shooting factors]. */
static int shot_factor(Table *tb, int i, int t, float d2, float range)
{
    const CkFig *f = &tb->s->figs[i], *e = &tb->s->figs[t];
    int pt = piece_under(tb, t), cover = met_by(tb, ground_of(tb, pt), pt, i).cover;
    int v = base_factor(tb, f, e) - cover + aimed_at(tb, t) - (f->shot_at == t);
    return v + (d2 <= range * range / 4) - (tb->s->raining != 0);
}

/* Accept the best of n candidate actions by value v (above `floor`),
 * trying the next best when ck_check refuses one. */
static bool best_first_known(Table *tb, Action *cand, const int8_t *to, const int8_t *way, double *v, int n,
                             double floor, Action *out);
static bool best_first(Table *tb, Action *cand, double *v, int n, double floor, Action *out)
{
    return best_first_known(tb, cand, NULL, NULL, v, n, floor, out);
}

/* The first of the n worths v that is the highest above floor; -1 if none is. */
static int best_above(const double *v, int n, double floor)
{
    int b = -1;
    for (int k = 0; k < n; k++)
        if (v[k] > floor && (b < 0 || v[k] > v[b]))
            b = k;
    return b;
}

/* best_first for moves whose end pieces (to) and ways' first unsearched
 * pieces (way) are known (accept_known; NULL: not known). */
static bool best_first_known(Table *tb, Action *cand, const int8_t *to, const int8_t *way, double *v, int n,
                             double floor, Action *out)
{
    for (;;) {
        int b = best_above(v, n, floor);
        if (b < 0)
            return false;
        if (accept_known(tb, cand[b], to ? to[b] : CK_FROM_UNKNOWN, way ? way[b] : CK_FROM_UNKNOWN, out))
            return true;
        v[b] = floor;
    }
}

/* [CK Shooting factors] figure i's range if he may still shoot this turn
 * (a shooting figure, a clubman only with a musket, not shot yet); else 0. */
static float shot_range(const Table *tb, int i)
{
    const CkFig *f = &tb->s->figs[i];
    float range = tb->figs[f->type].range;
    return range <= 0 || f->shot || (f->type == F_CLUBMAN && !f->musket) ? 0 : range;
}

/* [CK Combat Outcomes] Is foe t a wounded Charles or Wilmot whom a free
 * trooper can take this turn without a fight (Parliament acting)? Then
 * nobody shoots or charges him: killed he scores 2 points less than taken
 * (an analyst saw a guard shoot a wounded Wilmot dead, another trooper
 * free to take him). */
static bool to_be_taken(Table *tb, int t)
{
    const CkFig *e = &tb->s->figs[t];
    if (!e->wounded || !is_person(e) || tb->s->to_act != CK_PAR)
        return false;
    Action a;
    for (int k = 0; k < tb->nfree; k++) {
        int j = tb->frees[k];
        if (tb->room[j] >= 4 &&
            accept_order(tb, (Action){.verb = CKV_CAPTURE, .piece = (int16_t)j, .target = (int16_t)t}, &a))
            return true;
    }
    return false;
}

static double person_danger(Table *tb, int i, float x, float y);

/* [CK Movement and Ranges] How the Royalists would rate Charles or Wilmot,
 * t, ending his move at (x, y), as person_move rates a place: his
 * capture's points (Charles 20) times the chance the troopers beat him
 * there next turn (person_danger), less CK_NORTH an inch north; gone off
 * the north edge, the edge with no danger. Higher: better for Parliament. */
static double person_end_worth(Table *tb, int t, float x, float y)
{
    if (y >= CK_TABLE - 0.5f) /* off the table (ck_move's apply_move) */
        return -CK_NORTH * CK_TABLE;
    return capture_value(&tb->s->figs[t]) * person_danger(tb, t, x, y) - CK_NORTH * y;
}

/* [CK Movement and Ranges] What Charles or Wilmot, t, standing at (x, y)
 * when the Royalists' turn comes, could make of it, as Parliament
 * reckons it: the best place for him (person_end_worth, the least) of
 * staying there and going his whole move as the rules give it from there
 * (ck_move_allowance_from: halved in or into marsh, woods or fields)
 * straight north or 45 degrees to either side of it; Wilmot, who runs
 * north (roy_figure), his whole move north. Bases and pieces in his way
 * are not looked at: the Royalist player weighs sixteen ways and half
 * moves, each checked (person_move), which Parliament cannot afford for
 * every shot it weighs (half moves too made no difference, 80,000 games). */
static double outlook_afresh(Table *tb, int t, float x, float y)
{
    static const float way[3][2] = {{0, 1}, {0.7071068f, 0.7071068f}, {-0.7071068f, 0.7071068f}};
    const CkState *s = tb->s;
    CkFig g = s->figs[t]; /* he, at (x, y), his flags fresh as in his turn */
    g.x = x, g.y = y, g.moved = g.shot = g.half = g.changed_mount = g.half_moved = 0;
    bool charles = g.type == F_CHARLES;
    float m = ck_move_allowance_on(s, &g, piece_at(tb, x, y)), r = ck_fig_radius(&g);
    double best = charles ? person_end_worth(tb, t, x, y) : INFINITY;
    for (int k = 0; k < (charles ? 3 : 1); k++) {
        float go = ck_move_allowance_from(s, &g, CK_FROM_UNKNOWN, x + way[k][0] * m, y + way[k][1] * m);
        float qx = minf(maxf(x + way[k][0] * go, r), CK_TABLE - r), qy = y + way[k][1] * go;
        double w = -CK_NORTH * minf(qy, CK_TABLE); /* at or above best, no danger there could make it better */
        w = w < best ? person_end_worth(tb, t, qx, qy) : w;
        best = w < best ? w : best;
    }
    return best;
}

/* outlook_afresh, or what it found last for the same key (OutlookKey). */
static double person_outlook(Table *tb, int t, float x, float y)
{
    const CkFig *e = &tb->s->figs[t];
    OutlookKey key;
    memset(&key, 0, offsetof(OutlookKey, free));
    key.gen = tb->memo->gen, key.x = x, key.y = y, key.cover_inside = tb->s->cover_inside;
    key.t = (uint8_t)t, key.type = e->type, key.mounted = e->mounted, key.wounded = e->wounded;
    key.nfree = (uint8_t)tb->nfree;
    for (int k = 0; k < tb->nfree; k++) {
        const CkFig *g = &tb->s->figs[tb->frees[k]];
        key.free[k] = (OutlookFree){tb->frx[k], tb->fry[k], tb->frees[k], g->type, g->mounted, g->wounded};
    }
    size_t len = offsetof(OutlookKey, free) + (size_t)tb->nfree * sizeof *key.free;
    Memo *memo = tb->memo;
    for (int k = 0; k < CK_OUTLOOKS; k++)
        if (memo->outlook[k].gen && memcmp(&memo->outlook[k], &key, len) == 0)
            return memo->outlook_worth[k];
    int k = memo->outlook_next;
    memo->outlook_next = (k + 1) % CK_OUTLOOKS;
    memcpy(&memo->outlook[k], &key, len);
    return memo->outlook_worth[k] = outlook_afresh(tb, t, x, y);
}

/* [CK Shooting factors] [CK Combat Outcomes] What trooper i's shot at
 * Charles or Wilmot, t, with odds o is worth to Parliament: a wound or
 * death, his kill_value; a recoil, what it changes in where he can go
 * next turn and how likely the troopers are then to beat him
 * (person_outlook where the recoil would leave him, ck_recoil_end, less
 * where he stands). A shot that can only drive him back north, out of
 * the rough ground that halves his move or out of the troopers' reach,
 * is worth less than nothing; one that drives him towards them may pay
 * (a play-tester watched shots at 3 against Charles's 4, which cannot
 * wound him, drive him out of a wood and off the north edge). With
 * blocked_recoil=dies a recoil cut short is a death. */
static __attribute__((noinline)) double person_shot_value(Table *tb, int i, int t, Odds o)
{
    const CkFig *e = &tb->s->figs[t];
    float x, y;
    if (o.beat <= 0)
        return o.kill * kill_value(e);
    if (ck_recoil_end(tb->s, t, i, &x, &y))
        return (o.kill + o.beat) * kill_value(e);
    double *here = &tb->outlook[e->type == F_WILMOT];
    if (isnan(*here))
        *here = person_outlook(tb, t, e->x, e->y);
    return o.kill * kill_value(e) + o.beat * (person_outlook(tb, t, x, y) - *here);
}

/* The best shot of figure i at a foe within his range, by expected points;
 * `value` prices a kill (Parliament's at Charles or Wilmot: by
 * person_shot_value). The best first: only a refused shot (no line of
 * sight) tries the next. */
static __attribute__((noinline)) bool best_shot_within(Table *tb, int i, float range, double (*value)(const CkFig *),
                                                       Action *out)
{
    const CkState *s = tb->s;
    const CkFig *f = &s->figs[i];
    double v[CK_MAX_FIGS];
    Action cand[CK_MAX_FIGS];
    int n = 0;
    for (int k = 0; k < tb->nfoes; k++) {
        const CkFig *e = &s->figs[tb->foes[k]];
        float d2 = dist2(f->x, f->y, e->x, e->y);
        if (d2 > range * range || to_be_taken(tb, tb->foes[k]))
            continue;
        Odds o = odds(shot_factor(tb, i, tb->foes[k], d2, range), base_factor(tb, e, f));
        v[n] = s->to_act == CK_PAR && is_person(e) ? person_shot_value(tb, i, tb->foes[k], o)
                                                   : o.kill * value(e) + 0.1 * o.beat;
        if (s->to_act == CK_PAR) /* a foe beaten falls back from the guards he threatens */
            v[n] += (o.kill + CK_W_DRIVE * o.beat) * menace(tb, tb->foes[k]);
        else /* a guard killed frees his prisoners (a play-tester's Charles sat guarded by one trooper for six
              * turns while the Royalists shot at others) */
            v[n] += freed(s, o) * tb->z[tb->foes[k]].held;
        cand[n++] = (Action){.verb = CKV_SHOOT, .piece = (int16_t)i, .target = (int16_t)tb->foes[k]};
    }
    return best_first(tb, cand, v, n, 0.01, out);
}

/* best_shot_within figure i's range, if he may still shoot and a foe is
 * within it (inline: mostly not, and then the candidates' arrays are never
 * set up). */
static inline bool best_shot(Table *tb, int i, double (*value)(const CkFig *), Action *out)
{
    float range = shot_range(tb, i);
    return range > 0 && foe_within(tb, i, range) && best_shot_within(tb, i, range, value, out);
}

/* How many figures of t's enemies touch figure t, found once a call. */
static int touching(Table *tb, int t)
{
    if (tb->u[t].touch < 0) {
        const CkState *s = tb->s;
        const CkFig *e = &s->figs[t];
        int n = 0;
        if (e->side == s->to_act) {
            for (int k = 0; k < tb->nfoes; k++)
                n += ck_in_contact(&s->figs[tb->foes[k]], e);
        } else { /* ck_in_contact over the acting side's arrays (several at once) */
            float rad = ck_fig_radius(e);
            for (int k = 0; k < tb->nown; k++) {
                float dx = tb->ox[k] - e->x, dy = tb->oy[k] - e->y, reach = tb->orad[k] + rad + 0.1f;
                n += dx * dx + dy * dy <= reach * reach;
            }
        }
        tb->u[t].touch = (int8_t)n;
    }
    return tb->u[t].touch;
}

/* Woods and marsh in hand to hand: foot -1 (not clubmen), mounted -2. */
static bool is_rough_fight(int kind) { return kind == T_WOOD || kind == T_MARSH; }

static int ground_mod(const CkFig *f, int kind)
{
    return !is_rough_fight(kind) ? 0 : f->mounted ? -2 : f->type == F_CLUBMAN ? 0 : -1;
}


/* Where figure f stands once it has charged e: in base contact on the
 * near side of e, as the charge puts it. */
static void contact_point(const CkFig *f, const CkFig *e, float *x, float *y)
{
    float len = ck_dist(f->x, f->y, e->x, e->y), gap = ck_fig_radius(f) + ck_fig_radius(e);
    *x = len > 1e-3f ? e->x + (f->x - e->x) / len * gap : e->x;
    *y = len > 1e-3f ? e->y + (f->y - e->y) / len * gap : e->y - gap;
}

static void charge_factors(Table *tb, int i, int t, int extra, float cx, float cy, int *af, int *df);

/* The odds of figure i charging t, counted as ck_melee_factor will count
 * them once i stands in contact on the near side of t, with `extra` more
 * friends touching t [CK Hand to hand Combat]. */
static Odds charge_odds(Table *tb, int i, int t, int extra)
{
    float cx, cy;
    int af, df;
    contact_point(&tb->s->figs[i], &tb->s->figs[t], &cx, &cy);
    charge_factors(tb, i, t, extra, cx, cy, &af, &df);
    return odds(af, df);
}

/* The factors (*af, *df) of charge_odds, for a charger whose point of
 * contact is (cx, cy). */
static void charge_factors(Table *tb, int i, int t, int extra, float cx, float cy, int *af, int *df)
{
    const CkState *s = tb->s;
    const CkFig *f = &s->figs[i], *e = &s->figs[t];
    int pc = piece_at(tb, cx, cy), kc = pc < 0 ? -1 : s->pieces[pc].kind, pe = piece_under(tb, t);
    int ke = pe < 0 ? -1 : s->pieces[pe].kind;
    /* uphill as the rules judge it: at the point of contact, or (option uphill=set_off) where he stands */
    bool hc = piece_is(tb->memo->hill, s->uphill_set_off ? piece_under(tb, i) : pc), he = piece_is(tb->memo->hill, pe);
    int kf = kc, kt = ke; /* the ground each fights on: his own, or (wood_fight=shared) the rough one of the two */
    if (s->wood_shared)
        kf = kt = is_rough_fight(kc) ? kc : ke;
    *af = base_factor(tb, f, e) + ground_mod(f, kf) + (hc && !he) - obstacle_against(tb, pe, i) + touching(tb, t) +
          extra - ck_in_contact(f, e);
    *df = base_factor(tb, e, f) + ground_mod(e, kt) + (he && !hc);
}

/* [CK Hand to hand Combat] the best odds charge_odds could give figure i
 * charging t, whatever the ground at the point of contact (the one thing
 * it finds there): that ground counted as no woods or marsh for him, and
 * uphill of t unless t stands on a hill. Better factors never lower the
 * chance to win nor raise the chance to lose. */
static Odds charge_odds_bound(Table *tb, int i, int t)
{
    const CkFig *f = &tb->s->figs[i], *e = &tb->s->figs[t];
    int pe = piece_under(tb, t), ke = pe < 0 ? -1 : tb->s->pieces[pe].kind;
    bool he = piece_is(tb->memo->hill, pe);
    int af = base_factor(tb, f, e) + !he - obstacle_against(tb, pe, i) + touching(tb, t) - ck_in_contact(f, e);
    if (tb->s->wood_shared) /* (the point of contact may stand in a wood, and t fight in it) */
        ke = T_WOOD;
    return odds(af, base_factor(tb, e, f) + ground_mod(e, ke));
}

/* ---------------- Parliament ---------------- */

/* A trooper free to search, hunt and fight: active and guarding nobody. */
static bool free_trooper(Table *tb, int i)
{
    const CkFig *f = &tb->s->figs[i];
    return f->side == CK_PAR && active(f) && tb->room[i] == 4;
}

/* Can a figure at (x, y) with allowance m reach unsearched piece p this
 * turn? Entering difficult ground halves the move unless it starts on
 * some (`from_hard`). */
static bool reaches(const Table *tb, int p, float x, float y, float m, bool from_hard)
{
    const CkPiece *pc = &tb->s->pieces[p];
    if (fabsf(x - pc->x) > m + pc->r || fabsf(y - pc->y) > m + pc->r)
        return false; /* a quick look first */
    m /= piece_is(tb->memo->hard, p) && !from_hard ? 2 : 1;
    float d = m + pc->r - 0.32f;
    return d > 0 && dist2(x, y, pc->x, pc->y) <= d * d;
}

/* reaches, along the straight way to the near edge of piece p from (x, y)
 * (standing on piece `from`, if any): no other unsearched piece in the
 * way, and the move halved by difficult ground it crosses [CK Movement
 * and Ranges] [CK Playing the Game]. */
static bool reaches_by_way(Table *tb, int p, int i, float m, bool from_hard, int from)
{
    const CkState *s = tb->s;
    const CkPiece *pc = &s->pieces[p];
    float x = s->figs[i].x, y = s->figs[i].y;
    if (!reaches(tb, p, x, y, m, from_hard))
        return false;
    float d = ck_dist(x, y, pc->x, pc->y);
    if (d <= pc->r)
        return true;
    FigMemo *fm = fig_memo(tb, i); /* the way is the same for this turn's move and next turn's */
    unsigned bit = 1u << p;
    float into = (d - pc->r + 0.32f) / d, ex = x + (pc->x - x) * into, ey = y + (pc->y - y) * into;
    if (!(fm->way_known & bit)) {
        fm->way_known |= (uint16_t)bit;
        if (ck_way_unsearched(s, x, y, ex, ey, from, NULL) == p)
            fm->way_open |= (uint16_t)bit;
    }
    assert(!(fm->way_open & bit) == (ck_way_unsearched(s, x, y, ex, ey, from, NULL) != p)); /* kept over searches */
    if (!(fm->way_open & bit))
        return false;
    if (from_hard || piece_is(tb->memo->hard, p))
        return true;
    if (!(fm->hard_known & bit)) {
        fm->hard_known |= (uint16_t)bit;
        if (ck_way_difficult(s, x, y, ex, ey))
            fm->way_hard |= (uint16_t)bit;
    }
    if (!(fm->way_hard & bit))
        return true;
    return reaches(tb, p, x, y, m / 2, from_hard);
}

/* The unsearched pieces trooper i could reach with his move this phase,
 * as bits. */
static uint16_t pieces_in_reach(Table *tb, int i)
{
    const CkState *s = tb->s;
    const CkFig *f = &s->figs[i];
    float m = -1;
    bool hard = false;
    uint16_t in = 0;
    #pragma GCC unroll 12 /* the pieces in a row, as in ck_way_difficult */
    for (int p = 0; p < CK_PIECES; p++) {
        const CkPiece *pc = &s->pieces[p];
        if (pc->searched || fabsf(f->x - pc->x) > 11.5f || fabsf(f->y - pc->y) > 11.5f)
            continue; /* beyond any move (8") and piece (3") */
        if (m < 0)
            m = allowance(tb, i), hard = on_hard(tb, i);
        if (reaches_by_way(tb, p, i, m, hard, piece_under(tb, i)))
            in |= (uint16_t)(1u << p);
    }
    return in;
}

/* The unsearched pieces free trooper i could reach this phase, kept in
 * his memo (reach_now). */
static __attribute__((noinline)) void find_can_search(Table *tb, int i, FigMemo *m)
{
    m->reach_now = pieces_in_reach(tb, i);
}

/* Could trooper i search a piece now (unmoved, free, in reach of one)?
 * The pieces are found once (apart, so that the look-ups after it stay
 * short). */
static inline bool can_search(Table *tb, int i)
{
    const CkFig *f = &tb->s->figs[i];
    if (f->moved || f->shot || !free_trooper(tb, i))
        return false;
    FigMemo *m = fig_memo(tb, i);
    if (m->reach_now < 0)
        find_can_search(tb, i, m);
    return m->reach_now != 0;
}

/* How many inches off its way trooper i goes for a point of expected
 * gain: horsemen (4 against anyone) stand in reach of random foes, whose
 * charges mostly fail and are taken prisoner. */
static double risk_of(Table *tb, int i)
{
    return tb->s->figs[i].type == F_DRAGOON ? CK_RISK : CK_BAIT_RISK;
}

/* Eight directions, 45 degrees apart. */
static const float compass[8][2] = {
    {1, 0}, {0.7071068f, 0.7071068f}, {0, 1}, {-0.7071068f, 0.7071068f},
    {-1, 0}, {-0.7071068f, -0.7071068f}, {0, -1}, {0.7071068f, -0.7071068f},
};

/* Trooper i's best end point on the way to (gx, gy), `stop` short of it:
 * the nearest to it once `risk` inches a point of exposure are added,
 * among points along the way (all of it or a third: two thirds won 3% of
 * the weighings, and leaving it out played as well), round about (the two
 * northern diagonal ways when he is on his way somewhere, the five ways
 * not southwards when he only steps aside: the ways of the axes added
 * little to his way, for a third of the points weighed; the diagonals
 * alone served better than the axes alone; the points south of him were
 * chosen in 0.2% of his ways and 0.5% of his steps aside, so they are not
 * weighed) and staying put. False when staying put is best (or nothing
 * else is accepted). */
static bool safe_step(Table *tb, int i, float gx, float gy, float stop, double risk, Action *out)
{
    const CkState *s = tb->s;
    const CkFig *f = &s->figs[i];
    float m = allowance(tb, i) - 0.01f, len = ck_dist(f->x, f->y, gx, gy);
    if (risk <= 0 || quiet(tb, i)) /* nothing to fear or gain on the way */
        return move_towards(tb, i, gx, gy, stop, false, out);
    Action cand[11];
    int8_t to[11], way[11]; /* what accept_known is told of each */
    double v[11], stay = beyond(len, stop) + risk * exposure_on(tb, i, f->x, f->y, piece_under(tb, i));
    int n = 0, ways = len >= 1e-3f ? 2 : 1; /* the diagonals of the compass, or every way (not south) */
    float hx = gx, hy = gy, hlen = len, hstop = stop; /* where the way leads: round a piece in it */
    if (len >= 1e-3f && way_round(tb, i, gx, gy, &hx, &hy))
        hlen = ck_dist(f->x, f->y, hx, hy), hstop = 0;
    Friends fr; /* every point weighed lies within his move */
    friends_within(tb, i, m + 1.6f, &fr);
    /* The points weighed, k as below: all of the way (0) and a third (2),
     * not two thirds (1); the ways of the compass (k - 3) not southwards,
     * the two diagonals only (ways 2) when he is on his way (see above). */
    static const int8_t tries[2][8] = {{0, 2, 3, 4, 5, 6, 7, -1}, {0, 2, 4, 6, -1}};
    for (const int8_t *t = tries[ways - 1]; *t >= 0; t++) {
        int k = *t;
        float x, y;
        if (k < 3) {
            float go = minf(hlen - hstop, m) * (float)(3 - k) / 3;
            if (go < 0.05f || hlen < 1e-3f)
                continue;
            x = f->x + (hx - f->x) / hlen * go, y = f->y + (hy - f->y) / hlen * go;
        } else {
            x = f->x + m * compass[k - 3][0], y = f->y + m * compass[k - 3][1];
        }
        int w;
        if (!short_of_pieces(tb, i, &x, &y, &w) ||
            (friend_among(tb, i, x, y, &fr) && !room_beside(tb, i, &x, &y, &w, &fr)))
            continue;
        int p = piece_at(tb, x, y);
        if (!ck_on_table(x, y) || (p >= 0 && !s->pieces[p].searched))
            continue;
        cand[n] = (Action){.verb = CKV_MOVE, .piece = (int16_t)i, .x = x, .y = y};
        to[n] = (int8_t)p, way[n] = (int8_t)w;
        v[n++] = stay - (beyond(ck_dist(x, y, gx, gy), stop) + risk * exposure_on(tb, i, x, y, p));
    }
    return best_first_known(tb, cand, to, way, v, n, 0.05, out);
}

/* How many free troopers stand at a squared distance under d2 from (x, y)
 * (over arrays without branches: the compiler does several at once). */
static int frees_within(const Table *tb, float x, float y, float d2)
{
    int n = 0;
    for (int k = 0; k < tb->nfree; k++) {
        float dx = tb->frx[k] - x, dy = tb->fry[k] - y;
        n += dx * dx + dy * dy < d2;
    }
    return n;
}

/* How many free troopers stand within 8" of piece p's edge. */
static int support(Table *tb, int p)
{
    if (tb->support[p] < 0) {
        const CkPiece *pc = &tb->s->pieces[p];
        tb->support[p] = (int8_t)frees_within(tb, pc->x, pc->y, (pc->r + 8) * (pc->r + 8));
    }
    return tb->support[p];
}


/* [CK Shooting factors] How many Royalists could shoot at a trooper in
 * the middle of piece p from where they stand, counted where two or more
 * could (a volley; 0 else): the searcher ends his turn on the piece, and
 * those already on the table fire at him first. */
static int volley_on_piece(Table *tb, int p)
{
    const CkPiece *pc = &tb->s->pieces[p];
    int n = 0;
    for (int q = 0; q < tb->nfoes; q++) {
        int e = tb->foes[q];
        foe_info(tb, e);
        n += tb->frng[e] > 0 && dist2(tb->fx[q], tb->fy[q], pc->x, pc->y) <= tb->frng[e] * tb->frng[e];
    }
    return n >= 2 ? n : 0;
}

/* Who searches which piece (*piece) this turn: an unmoved free trooper in
 * reach, cavalry first (they fight best among whoever is found), at the
 * piece with most troopers near it, and fewest Royalists to volley at him
 * there (CK_SEARCH_FIRE a shooter: volley_on_piece). -1 if nobody can. */
static int pick_searcher(Table *tb, int *piece)
{
    const CkState *s = tb->s;
    int best = -1, fire[CK_PIECES];
    double bv = -1e9;
    for (int p = 0; p < CK_PIECES; p++)
        fire[p] = -1; /* (found for a piece when a searcher could reach it) */
    for (int k = 0; k < tb->nfree; k++) {
        int i = tb->frees[k];
        const CkFig *f = &s->figs[i];
        if (!can_search(tb, i))
            continue;
        for (unsigned in = (unsigned)tb->memo->fig[i].reach_now; in; in &= in - 1) { /* the pieces in reach, lowest first */
            int p = __builtin_ctz(in);
            const CkPiece *pc = &s->pieces[p];
            if (fire[p] < 0)
                fire[p] = volley_on_piece(tb, p);
            double v = support(tb, p) + (f->type == F_CAVALRY ? 3 : 0) - 0.001 * dist2(f->x, f->y, pc->x, pc->y) -
                       1.5 * pc->prom_seen - /* the drover showed nobody hides there: leave it for last */
                       CK_SEARCH_FIRE * fire[p];
            if (v > bv)
                bv = v, best = i, *piece = p;
        }
    }
    return best;
}

/* The search itself: onto the piece, just inside its edge on the near
 * side, else further round or deeper (an enemy may stand in the way),
 * else its middle. */
static bool search_move(Table *tb, int i, int p, Action *out)
{
    const CkState *s = tb->s;
    const CkFig *f = &s->figs[i];
    const CkPiece *pc = &s->pieces[p];
    float base = atan2f(f->y - pc->y, f->x - pc->x);
    for (int k = 0; k < 36; k++) {
        float ang = base + (float)((k % 9 + 1) / 2) * ((k % 9) % 2 ? 0.35f : -0.35f); /* 0, +-20, +-40 degrees.. */
        float r = pc->r - 0.3f - 0.7f * (float)(k / 9);                                /* ..then deeper */
        Action a = {.verb = CKV_MOVE, .piece = (int16_t)i, .x = pc->x + r * cosf(ang), .y = pc->y + r * sinf(ang)};
        if (piece_at(tb, a.x, a.y) == p && accept_order(tb, a, out))
            return true;
    }
    Action a = {.verb = CKV_MOVE, .piece = (int16_t)i, .x = pc->x, .y = pc->y};
    return accept_order(tb, a, out);
}

/* Any search at all, when the chosen one is barred (an enemy stands in
 * the way): every unmoved free trooper at every piece in its reach. */
static bool search_any(Table *tb, Action *out)
{
    const CkState *s = tb->s;
    for (int k = 0; k < tb->nfree; k++) {
        int i = tb->frees[k];
        const CkFig *f = &s->figs[i];
        if (f->moved || f->shot)
            continue;
        float m = allowance(tb, i);
        bool hard = on_hard(tb, i);
        for (int p = 0; p < CK_PIECES; p++)
            if (!s->pieces[p].searched && reaches(tb, p, f->x, f->y, m, hard) && search_move(tb, i, p, out))
                return true;
    }
    return false;
}

/* [CK Hand to hand Combat] Is foe t one of the men touching Charles (free
 * on the table), who keep chargers off him (the ring the Royalists close
 * round him)? */
static bool rings_charles(const Table *tb, int t)
{
    const CkState *s = tb->s;
    for (int k = 0; k < tb->nfoes; k++)
        if (s->figs[tb->foes[k]].type == F_CHARLES)
            return tb->foes[k] != t && ck_in_contact(&s->figs[tb->foes[k]], &s->figs[t]);
    return false;
}

/* Does Parliament's charge at t take him if he is beaten: always
 * Charles or Wilmot, others while more than six troopers are free or in
 * the last turn? */
static bool par_takes(const Table *tb, const CkFig *t)
{
    return is_person(t) || tb->nfree > 6 || tb->s->turn >= CK_TURNS;
}

/* What Parliament expects of trooper i's charge at t with odds o (cap:
 * taking him if beaten): his points and the prisoners' freed, less the
 * trooper's risk and the prisoners he leaves; more where it opens the ring
 * round Charles. */
static inline double par_charge_value(Table *tb, int i, int t, bool cap, Odds o)
{
    const CkFig *f = &tb->s->figs[i], *e = &tb->s->figs[t];
    double kill = is_person(e) && cap ? (kill_value(e) + capture_value(e)) / 2 : kill_value(e);
    double v = o.kill * kill + o.beat * (cap ? capture_value(e) + threat(e) : 0.2) - o.lose_dead * trooper_value(f) +
               (o.kill + (cap ? 1 : CK_W_DRIVE) * o.beat) * menace(tb, t) - 0.3 * o.lose - tb->z[i].held;
    return v + (rings_charles(tb, t) ? CK_OPEN_RING * (o.kill + o.beat) : 0);
}

static void offer_join(Table *tb, int i, int t, double v, double floor, Action *cand, double *val, int *n);

/* [CK Shooting factors] Will foe t fire at the troopers again next turn:
 * he fired at one in his last turn (a side's flags stand until its next
 * turn begins: who fired is open to all) and has one in his range now? */
static bool fires_again(Table *tb, int t)
{
    const CkFig *e = &tb->s->figs[t];
    if (e->shot_at == CK_NONE)
        return false;
    foe_info(tb, t);
    float r2 = tb->frng[t] * tb->frng[t];
    for (int k = 0; k < tb->nown; k++)
        if (tb->frng[t] > 0 && dist2(tb->ox[k], tb->oy[k], e->x, e->y) <= r2)
            return true;
    return false;
}

/* [CK Shooting factors] Did foe t fire in a volley last turn: did another
 * of his side fire at the man he fired at? */
static bool fired_in_volley(Table *tb, int t)
{
    int at = tb->s->figs[t].shot_at, n = 0;
    for (int k = 0; k < tb->nfoes && n < 2; k++)
        n += tb->s->figs[tb->foes[k]].shot_at == at;
    return n >= 2;
}

/* [CK Shooting factors] [CK Hand to hand Combat] What a charge at foe t
 * with odds o (cap: taking him if beaten) spares the troopers besides his
 * points: a shooter killed or taken who would fire again (fires_again)
 * fires no more, worth CK_DISARM where he fired in a volley, whose every
 * later shot he adds +1 to, else CK_DISARM_ALONE. The Royalists mass their
 * fire (plan_volley): charging the men who keep firing breaks the volley
 * before it forms, as a player would ride at a line of musketeers rather
 * than stand in their range. */
static double par_disarm(Table *tb, int t, bool cap, Odds o)
{
    if (!fires_again(tb, t))
        return 0;
    return (fired_in_volley(tb, t) ? CK_DISARM : CK_DISARM_ALONE) * (o.kill + (cap ? o.beat : 0));
}

/* Does the way from (ax, ay) to (bx, by) meet piece pc? */
static bool meets_piece(const CkPiece *pc, float ax, float ay, float bx, float by)
{
    float dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
    float t = len2 > 0 ? ((pc->x - ax) * dx + (pc->y - ay) * dy) / len2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return dist2(ax + t * dx, ay + t * dy, pc->x, pc->y) < pc->r * pc->r;
}

/* [CK Hand to hand Combat] (ecw, "A charge with one bend") the shortest
 * of the bends a player is offered (ck_charge_bend: round the target
 * every 15 degrees, 1", 2" and 4" clear of his point of contact, to 0.1")
 * by which bent charge *a is accepted, into its bend: only those whose
 * way is within the charger's move are asked, the shortest first, so that
 * the first accepted is the one, and not those whose way, halved by
 * meeting the rough piece `rough` on a leg, is too long (asking all of
 * them, as the prompt's hint does, cost a third more instructions a
 * game). */
static bool shortest_bend(Table *tb, Action *a, int rough)
{
    static const float clear[] = {1, 2, 4}, cos15[24] = { /* every 15 degrees; the sine is 90 degrees on */
        1, 0.9659258f, 0.8660254f, 0.7071068f, 0.5f, 0.2588190f, 0, -0.2588190f, -0.5f, -0.7071068f, -0.8660254f,
        -0.9659258f, -1, -0.9659258f, -0.8660254f, -0.7071068f, -0.5f, -0.2588190f, 0, 0.2588190f, 0.5f, 0.7071068f,
        0.8660254f, 0.9659258f};
    const CkFig *f = &tb->s->figs[a->piece], *e = &tb->s->figs[a->target];
    int from = piece_under(tb, a->piece);
    const CkPiece *pc = rough < 0 || from == rough ? NULL : &tb->s->pieces[rough];
    float gap = ck_fig_radius(f) + ck_fig_radius(e), most = ck_move_allowance(tb->s, f) + CK_CONTACT_SLACK;
    float way[72], pt[72][4]; /* each bend kept: its way, the bend and the point of contact facing it */
    int n = 0;
    for (int r = 0; r < 3; r++)
        for (int k = 0; k < 24; k++) {
            float x = e->x + (gap + clear[r]) * cos15[k], y = e->y + (gap + clear[r]) * cos15[(k + 18) % 24];
            float m = most + 0.2f - clear[r];
            if (m <= 0 || dist2(f->x, f->y, x, y) > m * m)
                continue; /* (beyond his move however rounded: most are) */
            x = floorf(x * 10 + 0.5f) / 10, y = floorf(y * 10 + 0.5f) / 10;
            float d = ck_dist(x, y, e->x, e->y), w = ck_dist(f->x, f->y, x, y) + d - gap;
            float cx = e->x + (x - e->x) / d * gap, cy = e->y + (y - e->y) / d * gap;
            if (w > most || !ck_base_on_table(x, y, ck_fig_radius(f)) ||
                (pc && w > most / 2 && (meets_piece(pc, f->x, f->y, x, y) || meets_piece(pc, x, y, cx, cy))))
                continue; /* (nor where the rough piece on a leg halves his move: most are so) */
            int p = n++;
            for (; p > 0 && way[p - 1] > w; p--) /* (insertion: the shortest first) */
                way[p] = way[p - 1], memcpy(pt[p], pt[p - 1], sizeof pt[p]);
            way[p] = w, pt[p][0] = x, pt[p][1] = y, pt[p][2] = cx, pt[p][3] = cy;
        }
    for (int p = 0; p < n; p++) {
        a->bx = pt[p][0], a->by = pt[p][1];
        if (way[p] <= ck_bent_allowance(tb->s, f, from, a->bx, a->by, pt[p][2], pt[p][3]) + CK_CONTACT_SLACK &&
            accept_order(tb, *a, a))
            return true;
    }
    return false;
}

/* Is a hill within `gap` of (x, y): might a man touching one there stand
 * on it? */
static bool hill_by(const Table *tb, float x, float y, float gap)
{
    for (unsigned h = tb->memo->hill; h; h &= h - 1) {
        const CkPiece *pc = &tb->s->pieces[__builtin_ctz(h)];
        if (dist2(x, y, pc->x, pc->y) < (pc->r + gap) * (pc->r + gap))
            return true;
    }
    return false;
}

/* [CK Hand to hand Combat] (ecw, "A charge with one bend") trooper i's
 * charge at t by a bend, offered where his straight one (its factors and
 * the piece of its point of contact in `straight`) would touch t in
 * woods, fields or marsh that t does not stand in (halved, or fought at
 * -2), and the best ground a bend could give would pay above `floor`
 * (out of the rough, on a hill by t; t no longer uphill): into *a, its
 * bend not looked for yet (bent_resolve), *v that best worth (in a field,
 * where the ground costs nothing in the fight, the straight one's: that
 * one is asked first, and the bend only if it is refused). A
 * tester watched C1 leave Wilmot, 1" outside a wood's edge, to search:
 * its straight way ended in the wood, halved, and `charge C1 W via 25.5
 * 28.0` reached him on open ground (seed 7, turn 6). */
static bool bent_offer(Table *tb, int i, int t, bool cap, double floor, const int straight[3], Action *a, double *v)
{
    const CkState *s = tb->s;
    const CkFig *f = &s->figs[i], *e = &s->figs[t];
    int pc = straight[2];
    if (!piece_is(tb->memo->hard, pc) || pc == piece_under(tb, t) ||
        ck_dist(f->x, f->y, e->x, e->y) - ck_fig_radius(f) - ck_fig_radius(e) > ck_move_allowance(s, f))
        return false; /* (nor where no way round could reach him) */
    int kc = s->pieces[pc].kind, pe = piece_under(tb, t);
    bool he = piece_is(tb->memo->hill, pe), up = !he && hill_by(tb, e->x, e->y, ck_fig_radius(f) + ck_fig_radius(e));
    Odds best = odds(straight[0] + (is_rough_fight(kc) ? -ground_mod(f, kc) : 0) + up, straight[1] - he);
    *v = par_charge_value(tb, i, t, cap, best) + par_disarm(tb, t, cap, best);
    *a = (Action){.verb = CKV_CHARGE, .piece = (int16_t)i, .target = (int16_t)t, .arg = (int16_t)(cap | CK_CHARGE_BENT),
                  .bx = -1, .by = -1};
    return *v > floor;
}

/* [CK Hand to hand Combat] the bend of bent charge *a (shortest_bend),
 * and its worth *v at the odds of the point of contact it brings him to;
 * false where none is found. */
static bool bent_resolve(Table *tb, Action *a, double *v)
{
    float cx, cy;
    contact_point(&tb->s->figs[a->piece], &tb->s->figs[a->target], &cx, &cy); /* (the straight one's, in the rough) */
    if (!shortest_bend(tb, a, piece_at(tb, cx, cy)) || !ck_attack_contact(tb->s, a, &cx, &cy))
        return false;
    bool cap = a->arg & CK_CHARGE_CAPTURE;
    int af, df;
    charge_factors(tb, a->piece, a->target, 0, cx, cy, &af, &df);
    Odds o = odds(af, df);
    *v = par_charge_value(tb, a->piece, a->target, cap, o) + par_disarm(tb, a->target, cap, o);
    return true;
}

/* best_first for par_charge's candidates: a bent one (bent_offer) counts
 * its worth at the best ground until it comes top, when its bend is
 * looked for and it goes back among the others at its own worth (no bend
 * is looked for where a charge worth as much is accepted first). */
static bool best_charge_first(Table *tb, Action *cand, double *v, int n, double floor, Action *out)
{
    for (;;) {
        int b = best_above(v, n, floor);
        if (b < 0)
            return false;
        if ((cand[b].arg & CK_CHARGE_BENT) && cand[b].bx < 0) {
            if (!bent_resolve(tb, &cand[b], &v[b]))
                v[b] = floor;
            continue;
        }
        if (accept_order(tb, cand[b], out))
            return true;
        v[b] = floor;
    }
}

/* Trooper i's charge with the best expected points, if it pays 3 (0.2 in
 * the last turn; a random foe's own failed charges pay better) (`persons`:
 * at Charles or Wilmot only). Prisoners are taken from them always, from
 * others while six troopers stay free to search or in the last turn. A
 * guard's prisoners escape as he sets off [CK Captured Persons]: he has
 * room for any man he beats, and their points are lost whatever comes. */
static bool par_charge(Table *tb, int i, bool persons, Action *out)
{
    const CkState *s = tb->s;
    const CkFig *f = &s->figs[i];
    float reach = allowance(tb, i) + 1.6f;
    bool last = s->turn >= CK_TURNS;
    double v[3 * CK_MAX_FIGS], floor = last ? 0.2 : 3.0;
    Action cand[3 * CK_MAX_FIGS]; /* a charge at each foe in reach, one by a bend (bent_offer), and a join */
    int n = 0;
    for (int k = 0; k < tb->nfoes; k++) {
        int t = tb->foes[k];
        const CkFig *e = &s->figs[t];
        if (dist2(f->x, f->y, e->x, e->y) > reach * reach || (persons && !is_person(e)) || to_be_taken(tb, t))
            continue;
        bool cap = par_takes(tb, e);
        float cx, cy;
        int af, df;
        contact_point(f, e, &cx, &cy);
        charge_factors(tb, i, t, 0, cx, cy, &af, &df);
        Odds o = odds(af, df);
        v[n] = par_charge_value(tb, i, t, cap, o) + par_disarm(tb, t, cap, o);
        cand[n] = (Action){.verb = CKV_CHARGE, .piece = (int16_t)i, .target = (int16_t)t, .arg = (int16_t)cap};
        n++;
        offer_join(tb, i, t, v[n - 1], floor, cand, v, &n); /* (v[n - 1]: the charge's worth) */
        n += bent_offer(tb, i, t, cap, floor, (int[]){af, df, piece_at(tb, cx, cy)}, &cand[n], &v[n]);
    }
    return best_charge_first(tb, cand, v, n, floor, out);
}

/* Does a man at (x, y) stand within 2.5" of an unsearched piece's edge,
 * so that one touching him might stand on it? */
static bool by_unsearched(const Table *tb, float x, float y)
{
    for (int p = 0; p < CK_PIECES; p++) {
        const CkPiece *pc = &tb->s->pieces[p];
        float r = pc->r + 2.5f;
        if (!pc->searched && pc->placed && dist2(x, y, pc->x, pc->y) < r * r)
            return true;
    }
    return false;
}

/* [CK Playing the Game] [CK Hand to hand Combat] does order a, a charge,
 * a join or a ride up to take a wounded man, bring its trooper onto an
 * unsearched piece: search it, and end Parliament's turn at once? (A
 * move's end and an escort's are kept off such pieces where they are
 * chosen.) Looked at closely only where the target stands by such a
 * piece. */
static bool ends_turn(Table *tb, const Action *a)
{
    if (a->verb != CKV_CHARGE && a->verb != CKV_JOIN && a->verb != CKV_CAPTURE)
        return false;
    const CkFig *t = &tb->s->figs[a->target];
    float cx, cy;
    if (!by_unsearched(tb, t->x, t->y) || !ck_attack_contact(tb->s, a, &cx, &cy))
        return false;
    int p = piece_at(tb, cx, cy);
    return p >= 0 && !tb->s->pieces[p].searched;
}

/* Does a foe within trooper i's charge (his move and 1.6") stand by an
 * unsearched piece (by_unsearched)? */
static bool foe_by_unsearched(Table *tb, int i)
{
    const CkFig *f = &tb->s->figs[i];
    float reach = allowance(tb, i) + 1.6f;
    for (int k = 0; k < tb->nfoes; k++)
        if (dist2(f->x, f->y, tb->fx[k], tb->fy[k]) <= reach * reach && by_unsearched(tb, tb->fx[k], tb->fy[k]))
            return true;
    return false;
}

/* [CK Playing the Game] [CK Hand to hand Combat] the searcher's charge
 * that pays and searches a piece as well (ends_turn): made in place of
 * his search, once the others have acted. */
static bool search_charge(Table *tb, int i, Action *out)
{
    return foe_by_unsearched(tb, i) && par_charge(tb, i, false, out) && ends_turn(tb, out);
}

/* How many free troopers are nearer than figure i to point (x, y) (i
 * himself, at the same distance, is not nearer). */
static int rank_near(Table *tb, int i, float x, float y)
{
    return frees_within(tb, x, y, dist2(tb->s->figs[i].x, tb->s->figs[i].y, x, y));
}

/* Charles or Wilmot, free on the table, if trooper i is among the three
 * troopers nearest to him; else -1. */
static int quarry(Table *tb, int i)
{
    for (int k = 0; tb->persons && k < tb->nfoes; k++) {
        const CkFig *e = &tb->s->figs[tb->foes[k]];
        if (is_person(e) && rank_near(tb, i, e->x, e->y) < 3)
            return tb->foes[k];
    }
    return -1;
}

/* Is no free trooper nearer piece p than d2, trooper i's squared distance
 * (i himself, at that distance, is not nearer)? */
static bool nearest_to(Table *tb, int p, float d2)
{
    float x = tb->s->pieces[p].x, y = tb->s->pieces[p].y;
    for (int k = 0; k < tb->nfree; k++)
        if (dist2(tb->frx[k], tb->fry[k], x, y) < d2)
            return false;
    return true;
}

/* The unsearched piece trooper i heads for (not the one searched this
 * turn, once chosen): the nearest one whose nearest free trooper it is
 * (*mine), else simply the nearest; -1 if none is left. */
static int staging_piece(Table *tb, int i, bool *mine)
{
    const CkState *s = tb->s;
    const CkFig *f = &s->figs[i];
    int own = -1, any = -1;
    float od = 1e9f, ad = 1e9f;
    #pragma GCC unroll 12 /* the pieces in a row, as in ck_way_difficult */
    for (int p = 0; p < CK_PIECES; p++) {
        const CkPiece *pc = &s->pieces[p];
        if (pc->searched || (tb->searcher >= 0 && p == tb->spiece))
            continue;
        float d = dist2(f->x, f->y, pc->x, pc->y);
        if (d < ad)
            ad = d, any = p;
        if (d < od && nearest_to(tb, p, d))
            od = d, own = p;
    }
    *mine = own >= 0;
    return own >= 0 ? own : any;
}

/* The unsearched pieces free trooper j could reach with a full move next
 * turn from where he stands, as bits; found once a call. */
static unsigned next_reach(Table *tb, int j)
{
    FigMemo *m = fig_memo(tb, j);
    if (m->reach_next < 0) {
        const CkState *s = tb->s;
        const CkFig *g = &s->figs[j];
        float rate = ck_fig_rate(s, g);
        int in = 0;
        #pragma GCC unroll 12 /* the pieces in a row, as in ck_way_difficult */
        for (int p = 0; p < CK_PIECES; p++) /* a quick look first: the ground only ever shortens the move */
            if (!s->pieces[p].searched && fabsf(g->x - s->pieces[p].x) <= rate + s->pieces[p].r &&
                fabsf(g->y - s->pieces[p].y) <= rate + s->pieces[p].r)
                in |= 1 << p;
        if (in) {
            bool hard = on_hard(tb, j);
            float m = rate / (hard ? 2 : 1);
            for (unsigned near = (unsigned)in; near; near &= near - 1) { /* those the quick look let by, lowest first */
                int p = __builtin_ctz(near);
                if (!reaches_by_way(tb, p, j, m, hard, piece_under(tb, j)))
                    in &= ~(1 << p);
            }
        }
        m->reach_next = (int16_t)in;
    }
    return (unsigned)m->reach_next;
}

/* Will two free troopers other than i (and this turn's searcher) stand
 * in reach of an unsearched piece, not the one searched now, next turn?
 * Two, since a trooper beaten in the Royalist turn falls back. */
static bool covered(Table *tb, int i)
{
    int n = 0;
    unsigned others = tb->spiece >= 0 ? ~(1u << tb->spiece) : ~0u;
    for (int k = 0; k < tb->nfree && n < 2; k++) {
        int j = tb->frees[k];
        if (j != i && j != tb->searcher)
            n += (next_reach(tb, j) & others) != 0;
    }
    return n >= 2;
}

/* A free trooper's move: to the edge of its piece, on the side away from
 * the Royalists, else at the nearest Royalist within 20". */
static bool par_move(Table *tb, int i, Action *out)
{
    const CkState *s = tb->s;
    const CkFig *f = &s->figs[i];
    bool mine;
    int p = staging_piece(tb, i, &mine);
    double risk = mine || quiet(tb, i) || !covered(tb, i) ? 0 : risk_of(tb, i); /* (quiet: safe_step weighs nothing) */
    if (p >= 0) {
        const CkPiece *pc = &s->pieces[p];
        if (!foe_near(tb, pc->x, pc->y, pc->r + 20)) /* nobody can reach any side of it */
            return safe_step(tb, i, pc->x, pc->y, pc->r + 0.6f, risk, out);
        float tx = 0, ty = 0, bv = 1e9f;
        for (int k = 0; k < 8; k++) { /* eight points round the edge */
            float ang = (float)k * 0.785398f, x = pc->x + (pc->r + 0.6f) * cosf(ang);
            float y = pc->y + (pc->r + 0.6f) * sinf(ang);
            float v = ck_dist(f->x, f->y, x, y);
            if (v < bv)
                bv = v, tx = x, ty = y;
        }
        return safe_step(tb, i, tx, ty, 0, risk, out);
    }
    int best = -1;
    float bd = 20 * 20;
    for (int k = 0; k < tb->nfoes; k++) {
        const CkFig *e = &s->figs[tb->foes[k]];
        if (dist2(f->x, f->y, e->x, e->y) < bd)
            bd = dist2(f->x, f->y, e->x, e->y), best = tb->foes[k];
    }
    return best >= 0 && safe_step(tb, i, s->figs[best].x, s->figs[best].y, 2.6f, risk, out);
}

/* Does trooper i stand at the edge of an unsearched piece? */
static __attribute__((noinline)) bool find_ready(Table *tb, int i)
{
    const CkState *s = tb->s;
    const CkFig *f = &s->figs[i];
    for (int p = 0; p < CK_PIECES; p++) {
        const CkPiece *pc = &s->pieces[p];
        if (!pc->searched && dist2(f->x, f->y, pc->x, pc->y) <= (pc->r + 0.9f) * (pc->r + 0.9f))
            return true;
    }
    return false;
}

/* find_ready, kept in his memo (he waits there while the others move;
 * apart, and this inline: the look-up, half the calls, is short). */
static inline bool ready(Table *tb, int i)
{
    FigMemo *m = fig_memo(tb, i);
    if (m->ready < 0)
        m->ready = find_ready(tb, i);
    return m->ready;
}

/* Is Royalist horse within r of figure i? */
static bool horse_within(Table *tb, int i, float r)
{
    const CkFig *f = &tb->s->figs[i];
    for (int k = 0; k < tb->nfoes; k++) {
        const CkFig *e = &tb->s->figs[tb->foes[k]];
        if (e->mounted && !is_person(e) && dist2(f->x, f->y, e->x, e->y) < r * r)
            return true;
    }
    return false;
}

/* The unsearched pieces' middles and sizes, in piece order. */
typedef struct Open {
    int   n;
    float x[CK_PIECES], y[CK_PIECES], r[CK_PIECES];
} Open;

static Open open_pieces(const CkState *s)
{
    Open o = {0};
    for (int p = 0; p < CK_PIECES; p++)
        if (!s->pieces[p].searched)
            o.x[o.n] = s->pieces[p].x, o.y[o.n] = s->pieces[p].y, o.r[o.n++] = s->pieces[p].r;
    return o;
}

/* How far (x, y) lies from the nearest unsearched piece's edge. */
static float piece_gap(const Open *o, float x, float y)
{
    float best = 99;
    for (int k = 0; k < o->n; k++)
        best = minf(best, ck_dist(x, y, o->x[k], o->y[k]) - o->r[k]);
    return best;
}

/* A dragoon's move away from Royalist horse: of the eight ways of the
 * compass at a full move, the least exposed, each inch further from an
 * unsearched piece's edge costing as much as 1/CK_FLEE_RISK of a point;
 * false when staying put is best (a move wins a tie). Eight ways at a full
 * move only: they fled as well as sixteen ways or half moves too, for
 * fewer points weighed. The moves are weighed first, and only the best is
 * checked: a refused one gives way to the next. */
static bool flee_horse(Table *tb, int i, Action *out)
{
    const CkState *s = tb->s;
    const CkFig *f = &s->figs[i];
    Open o = open_pieces(s);
    float m = allowance(tb, i) - 0.01f;
    Action cand[9];
    double v[9];
    int n = 0, stay = -1;
    for (int k = 0; k < 9; k++) { /* eight ways at a full move, and staying put */
        float mm = k < 8 ? m : 0;
        float x = f->x + mm * compass[k % 8][0], y = f->y + mm * compass[k % 8][1];
        int p = piece_at(tb, x, y);
        if (!ck_on_table(x, y) || (p >= 0 && !s->pieces[p].searched))
            continue;
        float gap = piece_gap(&o, x, y);
        v[n] = -CK_FLEE_RISK * exposure_on(tb, i, x, y, p) - (gap > 1 ? gap - 1 : 0);
        cand[n] = (Action){.verb = CKV_MOVE, .piece = (int16_t)i, .x = x, .y = y};
        stay = k == 8 ? n : stay;
        n++;
    }
    for (;;) {
        int b = -1;
        for (int k = 0; k < n; k++)
            if (v[k] > -1e9 && (b < 0 || v[k] > v[b]))
                b = k;
        if (b < 0 || b == stay)
            return false;
        if (accept_order(tb, cand[b], out))
            return true;
        v[b] = -1e9;
    }
}

/* Must trooper i (able to search) keep still for the search? Only if it
 * is the chosen searcher, chosen among all who could. */
static bool searcher(Table *tb, int i)
{
    if (tb->searcher == -2)
        tb->searcher = pick_searcher(tb, &tb->spiece);
    return tb->searcher == i;
}

/* Could figure j still charge figure t this turn, by a quick look: he
 * has neither moved nor shot, and t stands within his move and 1.6"
 * (bases and grace); his move found only for those who could charge. */
static inline bool may_charge_at(Table *tb, int j, const CkFig *t)
{
    const CkFig *g = &tb->s->figs[j];
    if (g->moved || g->shot)
        return false;
    float reach = allowance(tb, j) + 1.6f;
    return dist2(g->x, g->y, t->x, t->y) <= reach * reach;
}

/* May a free trooper other than i (a horseman, if `horse_only`) still
 * charge Charles or Wilmot, t, at odds of beating him as good as i's, less
 * `slack`? i's odds are worked out once, when such a trooper is there. */
static bool another_charges_as_well(Table *tb, int i, int t, bool horse_only, double slack)
{
    double mine = -1;
    for (int k = 0; k < tb->nfree; k++) {
        int j = tb->frees[k];
        if (j == i || (horse_only && tb->s->figs[j].type == F_DRAGOON) || !may_charge_at(tb, j, &tb->s->figs[t]))
            continue;
        if (mine < 0) {
            Odds o = charge_odds(tb, i, t, 0);
            mine = o.kill + o.beat;
        }
        Odds theirs = charge_odds(tb, j, t, 0);
        if (theirs.kill + theirs.beat >= mine - slack)
            return true;
    }
    return false;
}

/* Can a free unmoved trooper other than i charge Charles or Wilmot, with
 * odds as good as his? (A horseman who must ride into the wood at -2 does
 * not cover one who can charge from outside it: a play-tester saw the
 * hint pass up 53% at Charles.) */
static bool persons_covered(Table *tb, int i)
{
    for (int q = 0; q < tb->nfoes; q++)
        if (is_person(&tb->s->figs[tb->foes[q]]) && another_charges_as_well(tb, i, tb->foes[q], false, 0.01))
            return true;
    return false;
}

/* [CK Captured Persons] does escort a pay (where it leaves the table, or
 * off it)? Not onto an unsearched piece (searching it would end the turn
 * with him and his prisoners beside whoever is found), nor where foes
 * threaten him more than where he stands. */
static bool escort_pays(Table *tb, const Action *a)
{
    const CkFig *f = &tb->s->figs[a->piece];
    float x, y;
    if (!ck_escort_end(tb->s, a, &x, &y))
        return true; /* he leaves the table */
    int p = piece_at(tb, x, y);
    if (p >= 0 && !tb->s->pieces[p].searched)
        return false;
    return exposure(tb, a->piece, x, y) <= exposure(tb, a->piece, f->x, f->y) + 0.01;
}

/* Is Charles or Wilmot within dragoon i's charge, and also within the
 * charge of an unmoved horseman (cavalry or You) whose odds at him are as
 * good as the dragoon's? (Not at worse odds: a play-tester watched the
 * commander charge Charles from inside a wood at 2 against 3 and die while
 * a dragoon waited who then took him at 3 against 3.) */
static bool horsemen_first(Table *tb, int i)
{
    const CkState *s = tb->s;
    const CkFig *f = &s->figs[i];
    float reach = allowance(tb, i) + 1.6f;
    for (int q = 0; tb->persons && q < tb->nfoes; q++) {
        const CkFig *e = &s->figs[tb->foes[q]];
        if (is_person(e) && dist2(f->x, f->y, e->x, e->y) <= reach * reach &&
            another_charges_as_well(tb, i, tb->foes[q], true, 0.02))
            return true;
    }
    return false;
}

/* [CK Combat Outcomes] a wounded Charles or Wilmot is taken without a
 * fight: trooper i (free to guard him) rides up and takes the first he
 * can reach. */
static bool take_wounded(Table *tb, int i, Action *out)
{
    if (tb->room[i] < 4 || !tb->persons)
        return false;
    for (int k = 0; k < tb->nfoes; k++) {
        const CkFig *e = &tb->s->figs[tb->foes[k]];
        Action a = {.verb = CKV_CAPTURE, .piece = (int16_t)i, .target = (int16_t)tb->foes[k]};
        if (is_person(e) && e->wounded && accept_order(tb, a, out))
            return true;
    }
    return false;
}

/* [CK Captured Persons] guard i leads his prisoners off where that pays
 * (escort_pays), else shoots: straight at the entry point, or where that
 * way is barred, round what bars it with a bend 2" off, 45 then 90
 * degrees to either side (ecw, "A way with one bend"), to an end that
 * pays too. */
static bool escort(Table *tb, int i, Action *out)
{
    static const float turn[4][2] = {{0.7071068f, 0.7071068f}, {0.7071068f, -0.7071068f}, {0, 1}, {0, -1}};
    Action a = {.verb = CKV_ESCORT, .piece = (int16_t)i};
    if (!escort_pays(tb, &a))
        return best_shot(tb, i, kill_value, out);
    if (accept_order(tb, a, out))
        return true;
    const CkFig *f = &tb->s->figs[i];
    float dx = tb->s->entry_x - f->x, dy = -f->y, len = sqrtf(dx * dx + dy * dy);
    if (len < 1e-3f)
        return false;
    dx /= len, dy /= len;
    for (int k = 0; k < 4; k++) {
        a.arg = CK_MOVE_BENT;
        a.bx = f->x + 2 * (dx * turn[k][0] - dy * turn[k][1]);
        a.by = f->y + 2 * (dx * turn[k][1] + dy * turn[k][0]);
        if (escort_pays(tb, &a) && accept_order(tb, a, out))
            return true;
    }
    return false;
}

static bool late(Table *tb);
static bool par_figure(Table *tb, int i, Action *out);

/* [CK Hand to hand Combat] charge `mine` is at Charles or Wilmot, and a
 * free friend who has not acted would charge him now at better odds: he
 * goes first, and this one waits to follow if the man is still there (a
 * play-tester watched the commander charge Charles from inside a wood at
 * 2 against 3 and die, and D3 then take him at 3 against 3). The friend's
 * own decision is asked (par_figure), so that nobody waits for one who
 * would not charge; odds strictly better, so that two never wait for
 * each other. */
static bool better_charger_first(Table *tb, int i, const Action *mine)
{
    const CkState *s = tb->s;
    int t = mine->target;
    if (tb->asking || !is_person(&s->figs[t]))
        return false; /* (asked within a friend's decision: else two, each better at another man, asked each other
                       * for ever, Charles and Wilmot both on the table; a 10,000-game run overflowed its stack) */
    Odds o = charge_odds(tb, i, t, 0);
    double p = o.kill + o.beat;
    for (int k = 0; k < tb->nfree; k++) {
        int j = tb->frees[k];
        if (j == i || !may_charge_at(tb, j, &s->figs[t]))
            continue;
        Odds theirs = charge_odds(tb, j, t, 0);
        if (theirs.kill + theirs.beat <= p + 0.02)
            continue;
        Action b;
        tb->asking = true;
        bool charges = par_figure(tb, j, &b) && b.verb == CKV_CHARGE && b.target == t;
        tb->asking = false;
        if (charges)
            return true;
    }
    return false;
}

/* An unmoved trooper's next action; false when it has none (waiting to
 * search, or nothing to do). */
static bool par_figure(Table *tb, int i, Action *out)
{
    const CkState *s = tb->s;
    /* a guard leads his prisoners off, never onto a piece to search it; in the last turn he first
     * charges Charles or Wilmot in his reach where that pays for the prisoners he leaves (no later
     * turn could win them back: a play-tester's commander escorted a clubman off beside Wilmot) */
    if (tb->room[i] < 4)
        return (s->turn >= CK_TURNS && tb->persons && par_charge(tb, i, true, out)) || escort(tb, i, out);
    bool calm = !foe_within(tb, i, 12.5f); /* nobody to charge or shoot at */
    if (!calm && take_wounded(tb, i, out))
        return true;
    if (calm && !tb->persons && ready(tb, i))
        return false; /* waits at the edge of its piece */
    bool cs = can_search(tb, i), rdy = cs && ready(tb, i);
    if (cs && searcher(tb, i)) /* keeps for the search, unless only he can reach Charles or Wilmot */
        return !calm && tb->persons && !persons_covered(tb, i) && par_charge(tb, i, true, out);
    if (s->figs[i].type == F_DRAGOON && horsemen_first(tb, i))
        return false; /* a horseman takes Charles or Wilmot first: he guards him better */
    if (!calm && foe_within(tb, i, allowance(tb, i) + 1.6f) && par_charge(tb, i, false, out))
        return !better_charger_first(tb, i, out);
    int q = quarry(tb, i);
    if (q >= 0 && move_towards(tb, i, s->figs[q].x, s->figs[q].y, 2.6f, false, out))
        return true;
    if (s->figs[i].type == F_DRAGOON && !calm && horse_within(tb, i, 14) && covered(tb, i) &&
        flee_horse(tb, i, out))
        return true; /* a dragoon (2 against their 4) keeps away from horse */
    if (rdy) /* the others ready at a piece step out of harm's way (not once the shots have begun:
              * they were weighed before the first), shoot or wait */
        return !calm && ((!late(tb) && safe_step(tb, i, s->figs[i].x, s->figs[i].y, 0, risk_of(tb, i), out)) ||
                         best_shot(tb, i, kill_value, out));
    return par_move(tb, i, out) || best_shot(tb, i, kill_value, out);
}

/* [CK Shooting factors] (option together=yes) may another of the acting
 * side's figures who has moved and not shot yet still shoot at t? Then
 * shot `a` is better joined to his: one roll with +1 (a kill wants twice
 * the target's score, which one roll at +1 gets far more often than two
 * plain ones). */
static bool another_shooter(Table *tb, const Action *a, bool moved_only)
{
    for (int k = 0; k < tb->nown; k++) {
        int j = tb->own[k];
        Action b = *a;
        b.piece = (int16_t)j;
        if (j != a->piece && (tb->s->figs[j].moved || !moved_only) && !tb->s->figs[j].shot && accept(tb->s, b, &b))
            return true;
    }
    return false;
}

/* [CK Shooting factors] What a Royalist shot at trooper t with odds o is
 * worth: his points and his prisoners' if he dies, a little for beating
 * him (as best_shot prices it). */
static double roy_shot_value(Table *tb, int t, Odds o)
{
    return o.kill * trooper_value(&tb->s->figs[t]) + 0.1 * o.beat + freed(tb->s, o) * tb->z[t].held;
}

/* One Royalist's shot at the mark of a volley: his place in own, his
 * factor and the mark's, his own chance to kill (and at +3, to order
 * those who cannot kill alone). */
typedef struct Shooter {
    uint8_t k;
    int8_t  af, df;
    double  own, own3;
} Shooter;

/* Is shooter a weaker than b: a lower chance of his own, the earlier in
 * own among equals? */
static bool weaker(const Shooter *a, const Shooter *b)
{
    return a->own != b->own ? a->own < b->own : a->own3 != b->own3 ? a->own3 < b->own3 : a->k < b->k;
}

/* [CK Shooting factors] What the volley of the m shooters `sh` at trooper
 * t is worth, fired the weakest first (each +1 for every one before him):
 * each shot while t lives, and once he is dead the shooter's best shot
 * elsewhere (other[]). */
static double volley_worth(Table *tb, int t, const Shooter *sh, int m, const double *other)
{
    double alive = 1, v = 0;
    for (int k = 0; k < m; k++) {
        Odds o = odds(sh[k].af + k, sh[k].df);
        v += alive * roy_shot_value(tb, t, o) + (1 - alive) * other[k];
        alive *= 1 - o.kill;
    }
    return v;
}

/* A shot one of the volley's shooters could fire: at foes[q], by
 * shooter j (own[k]), his factor af and the mark's df against him. */
typedef struct Pair {
    uint8_t q, j, k;
    int8_t  af, df;
} Pair;

/* The key of the volley of those unmoved or moved (`moved`) as the table
 * stands: every shooter with a trooper in range (foe_within: volley_pairs'
 * shooters) and every trooper, with all of each that the plan reads
 * (where he stands, what he is, the ground under him by the terrain's
 * generation; the shooter's range by type and musket, his last mark; the
 * trooper's prisoners and the shots at him). */
static void volley_key(Table *tb, int moved, VolleyKey *key)
{
    const CkState *s = tb->s;
    key->gen = tb->memo->pgen;
    key->raining = s->raining, key->recoil_frees = s->recoil_frees, key->cover_inside = s->cover_inside;
    key->wood_edge = s->wood_edge;
    key->pad[0] = key->pad[1] = 0;
    int n = 0;
    for (int k = 0; k < tb->nown; k++) {
        float r = shot_range(tb, tb->own[k]);
        const CkFig *f = &s->figs[tb->own[k]];
        if (r > 0 && f->moved == moved && foe_within(tb, tb->own[k], r))
            key->f[n++] = (VolFig){f->x, f->y, tb->own[k], f->type, f->mounted, f->musket, (uint8_t)k, f->shot_at, {0, 0}};
    }
    key->nshoot = (uint8_t)n;
    for (int q = 0; n >= 2 && q < tb->nfoes; q++) { /* (fewer than two shooters: no volley, whoever stands) */
        int t = tb->foes[q];
        const CkFig *e = &s->figs[t];
        key->f[n++] = (VolFig){tb->fx[q], tb->fy[q], (uint8_t)t, e->type, e->mounted, 0, tb->z[t].held,
                               (uint8_t)aimed_at(tb, t), {0, 0}};
    }
    key->nfoe = (uint8_t)(n - key->nshoot);
}

/* Do two keys read alike (the header, then the figures there are)? */
static bool same_volley_key(const VolleyKey *a, const VolleyKey *b)
{
    return memcmp(a, b, offsetof(VolleyKey, f)) == 0 &&
           memcmp(a->f, b->f, (size_t)(a->nshoot + a->nfoe) * sizeof *a->f) == 0;
}

/* [CK Shooting factors] shot_factor of the shooter of pair p at foes[q]
 * (t), d2 apart, the square of his range r2, with what is the same for
 * every shot at t found once: his ground (gr, piece pt) and the shots at
 * him so far (aimed). */
static int pair_af(Table *tb, const Pair *p, int t, float d2, float r2, Ground gr, int pt, int aimed)
{
    int i = tb->own[p->k];
    const CkFig *f = &tb->s->figs[i];
    int v = base_factor(tb, f, &tb->s->figs[t]) - met_by(tb, gr, pt, i).cover + aimed - (f->shot_at == t);
    v += (d2 <= r2 / 4) - (tb->s->raining != 0); /* (range * range / 4, as shot_factor has it) */
    assert(v == shot_factor(tb, i, t, d2, shot_range(tb, i)));
    return v;
}

/* [CK Shooting factors] Every shot the shooters of the key (the acting
 * side's figures who may shoot in the volley, a trooper in range) could
 * fire, grouped by foe (in the order of foes, each foe's in the order of
 * own); how many. The shooters are numbered j in order of own. */
static int volley_pairs(Table *tb, const VolleyKey *key, Pair *pr)
{
    const CkState *s = tb->s;
    float sx[CK_MAX_FIGS], sy[CK_MAX_FIGS], r2[CK_MAX_FIGS];
    for (int n = 0; n < key->nshoot; n++) {
        int k = key->f[n].a;
        float r = shot_range(tb, tb->own[k]);
        sx[n] = tb->ox[k], sy[n] = tb->oy[k], r2[n] = r * r;
    }
    int np = 0;
    for (int q = 0; q < tb->nfoes; q++) {
        int t = tb->foes[q], pt = -2, aimed = 0;
        Ground gr = {0, 0, 0, 0};
        for (int n = 0; n < key->nshoot; n++) {
            float d2 = dist2(sx[n], sy[n], tb->fx[q], tb->fy[q]);
            if (d2 > r2[n])
                continue;
            if (pt == -2) /* (his ground and the shots at him, once, for the first in range of him) */
                pt = piece_under(tb, t), gr = ground_of(tb, pt), aimed = aimed_at(tb, t);
            Pair p = {(uint8_t)q, (uint8_t)n, key->f[n].a, 0, 0};
            p.af = (int8_t)pair_af(tb, &p, t, d2, r2[n], gr, pt, aimed);
            p.df = (int8_t)base_factor(tb, &s->figs[t], &s->figs[tb->own[p.k]]);
            pr[np++] = p;
        }
    }
    return np;
}

/* The best and second best solo shot of each shooter j of the np pairs,
 * and the foe of the best (-1 none). */
static void solo_shots(Table *tb, const Pair *pr, int np, double *best, double *second, int *bt)
{
    for (int x = 0; x < np; x++) {
        const Pair *p = &pr[x];
        double v = roy_shot_value(tb, tb->foes[p->q], odds(p->af, p->df));
        if (v > best[p->j])
            second[p->j] = best[p->j], best[p->j] = v, bt[p->j] = tb->foes[p->q];
        else if (v > second[p->j])
            second[p->j] = v;
    }
}

/* [CK Shooting factors] What massing the shots of pairs pr[0 .. m-1]
 * (all at one foe) gains over each shooting alone at his own best mark:
 * the shooters put in sh, the weakest first. */
static double mass_gain(Table *tb, const Pair *pr, int m, const double *best, const double *second,
                        const int *bt, Shooter *sh)
{
    double other[CK_MAX_FIGS], alone = 0;
    int t = tb->foes[pr[0].q];
    for (int x = 0; x < m; x++) {
        Shooter y = {pr[x].k, pr[x].af, pr[x].df, 0, 0};
        y.own = odds(y.af, y.df).kill, y.own3 = odds(y.af + 3, y.df).kill;
        int p = x, j = pr[x].j;
        for (; p > 0 && weaker(&y, &sh[p - 1]); p--) /* (insertion: the weakest first) */
            sh[p] = sh[p - 1], other[p] = other[p - 1];
        sh[p] = y, other[p] = bt[j] == t ? second[j] : best[j];
        alone += best[j];
    }
    return volley_worth(tb, t, sh, m, other) - alone;
}

/* [CK Shooting factors] Plan the Royalists' volley among those unmoved
 * (moved 0, to shoot before moving) or moved (1, shots after moving): the
 * mark where massing their shots, the weakest first so that the best
 * shot rolls last with the largest bonus, beats each shooting alone at
 * his own best mark by the most (a human mass fired so, and won 64-18).
 * None (tb->mark -1) where nothing beats the shots alone. */
static void plan_volley_afresh(Table *tb, const VolleyKey *key)
{
    tb->mark = -1, tb->nvol = 0, tb->vol_alive = 1;
    Pair pr[CK_MAX_FIGS / 2 * (CK_MAX_FIGS / 2)]; /* (shooters and foes are CK_MAX_FIGS at most) */
    int np = key->nshoot < 2 ? 0 : volley_pairs(tb, key, pr);
    if (np < 2)
        return;
    double best[CK_MAX_FIGS], second[CK_MAX_FIGS], top = 1e-9;
    int bt[CK_MAX_FIGS];
    for (int x = 0; x < np; x++)
        best[pr[x].j] = second[pr[x].j] = 0, bt[pr[x].j] = -1;
    solo_shots(tb, pr, np, best, second, bt);
    for (int a = 0, b; a < np; a = b) {
        for (b = a + 1; b < np && pr[b].q == pr[a].q;)
            b++;
        Shooter sh[CK_MAX_FIGS];
        double gain = b - a < 2 ? 0 : mass_gain(tb, pr + a, b - a, best, second, bt, sh);
        if (gain > top) {
            top = gain, tb->mark = (int8_t)tb->foes[pr[a].q], tb->nvol = (uint8_t)(b - a), tb->vol_alive = 1;
            for (int p = 0; p < b - a; p++)
                tb->vol[p] = sh[p].k, tb->vol_alive *= 1 - odds(sh[p].af + p, sh[p].df).kill;
        }
    }
}

#ifndef NDEBUG
/* Is the plan on the table the one kept? (debug builds: plan_volley) */
static bool same_plan(const Table *tb, const VolleyMemo *vm)
{
    return tb->mark == vm->mark && tb->nvol == vm->nvol && (tb->mark < 0 || tb->vol_alive == vm->alive) &&
           memcmp(tb->vol, vm->vol, tb->nvol) == 0;
}
#endif

/* plan_volley_afresh, or the plan kept when nothing it reads has changed
 * since (a key's gen is never 0, a memo's empty one never matches), or
 * none with fewer than two shooters; checked against a fresh plan in
 * debug builds. */
static void plan_volley(Table *tb, int moved)
{
    VolleyKey key;
    VolleyMemo *vm = &tb->memo->volley[moved];
    volley_key(tb, moved, &key);
    bool none = key.nshoot < 2, hit = !none && same_volley_key(&key, &vm->key);
    tb->vol_phase = (int8_t)moved;
#ifdef NDEBUG
    if (none || hit) {
        tb->mark = none ? -1 : vm->mark, tb->nvol = none ? 0 : vm->nvol;
        tb->vol_alive = none ? 1 : vm->alive;
        memcpy(tb->vol, vm->vol, tb->nvol);
        return;
    }
#endif
    plan_volley_afresh(tb, &key);
    assert(none ? tb->mark < 0 && tb->nvol == 0 : !hit || same_plan(tb, vm));
    if (none)
        return;
    memcpy(&vm->key, &key, offsetof(VolleyKey, f) + (size_t)(key.nshoot + key.nfoe) * sizeof *key.f);
    vm->mark = tb->mark, vm->nvol = tb->nvol, vm->alive = tb->vol_alive;
    memcpy(vm->vol, tb->vol, tb->nvol);
}

/* The mark of the volley planned (once a call) for the moved or unmoved
 * (`moved`), -1 none; none with option together=yes, where aims make one
 * roll (another_shooter). */
static int volley_mark(Table *tb, int moved)
{
    if (tb->s->together)
        return -1;
    if (tb->vol_phase != moved)
        plan_volley(tb, moved);
    return tb->mark;
}

/* Own[k]'s place in the volley of the moved or unmoved, -1 not in it. */
static int volley_place(Table *tb, int k, int moved)
{
    for (int p = 0; volley_mark(tb, moved) >= 0 && p < tb->nvol; p++)
        if (tb->vol[p] == k)
            return p;
    return -1;
}

/* May figure i still shoot, a trooper in his range? */
static bool in_range(Table *tb, int i)
{
    float r = shot_range(tb, i);
    return r > 0 && foe_within(tb, i, r);
}

/* The place in own of figure i. */
static int own_place(const Table *tb, int i)
{
    for (int k = 0; k < tb->nown; k++)
        if (tb->own[k] == i)
            return k;
    return -1;
}

/* [CK Shooting factors] Does unmoved Royalist i, in the volley, wait for
 * a weaker one of it who has not been asked yet this call (roy_turn)? */
static bool waits_for_weaker(Table *tb, int i)
{
    if (!tb->tried || !in_range(tb, i))
        return false;
    int k = own_place(tb, i), p = k >= 0 ? volley_place(tb, k, 0) : -1;
    for (int q = 0; q < p; q++)
        if (!tb->tried[tb->vol[q]])
            return tb->deferred = true;
    return false;
}

/* [CK Shooting factors] Royalist i's shot in the volley of the moved or
 * unmoved (`moved`) at its mark, if he is in it and the mark takes it. */
static bool volley_shot(Table *tb, int i, int moved, Action *out)
{
    int k = in_range(tb, i) ? own_place(tb, i) : -1;
    if (k < 0 || volley_place(tb, k, moved) < 0)
        return false;
    return accept(tb->s, (Action){.verb = CKV_SHOOT, .piece = (int16_t)i, .target = tb->mark}, out);
}

/* Shots after moving, once every figure has moved that will; with option
 * together=yes each but the last of those who can shoot at the same man
 * takes aim to join the last one's shot. */
static bool shots_after(Table *tb, double (*value)(const CkFig *), Action *out)
{
    if (tb->s->to_act == CK_ROY && volley_mark(tb, 1) >= 0 &&
        volley_shot(tb, tb->own[tb->vol[0]], 1, out))
        return true; /* the weakest of the volley first */
    for (int k = 0; k < tb->nown; k++) /* (one who has shot has no shot: best_shot is not asked) */
        if (tb->s->figs[tb->own[k]].moved && !tb->s->figs[tb->own[k]].shot && best_shot(tb, tb->own[k], value, out)) {
            if (tb->s->together && another_shooter(tb, out, true))
                out->verb = CKV_AIM;
            return true;
        }
    return false;
}

/* Has a trooper shot after moving this phase? (A charge marks the
 * charger moved and shot, aiming at nobody.) */
static bool shots_begun(const Table *tb)
{
    for (int k = 0; k < tb->nown; k++)
        if (tb->s->figs[tb->own[k]].moved && tb->s->figs[tb->own[k]].shot_at != CK_NONE)
            return true;
    return false;
}

/* shots_begun, looked at once a call and only when asked (by a trooper
 * ready at a piece). */
static bool late(Table *tb)
{
    if (tb->late < 0)
        tb->late = shots_begun(tb);
    return tb->late;
}

/* [CK Captured Persons] (ecw) a prisoner handed to another guard who
 * touches him and holds at least as many (the larger group grows, the
 * smaller's guard goes free to search and fight); Charles and Wilmot keep
 * their own guards. False when no group can grow so. */
static bool par_group(Table *tb, Action *out)
{
    const CkState *s = tb->s;
    for (int j = 0; j < tb->nheld; j++) {
        int t = tb->own[tb->nown + j]; /* (the prisoners follow the own figures) */
        const CkFig *p = &s->figs[t];
        if (p->moved || is_person(p))
            continue;
        int h = p->guard;
        for (int k = 0; k < tb->nguard; k++) {
            int g = tb->guards[k];
            bool larger = tb->room[g] < tb->room[h] || (tb->room[g] == tb->room[h] && g < h);
            if (g != h && tb->room[g] < 4 && tb->room[g] >= 1 && larger && ck_in_contact(&s->figs[g], p) &&
                accept(s, (Action){.verb = CKV_GUARD, .piece = (int16_t)g, .target = (int16_t)t}, out))
                return true;
        }
    }
    return false;
}

/* [CK Movement and Ranges] a trooper's move of under half an inch, on a
 * straight way, that searches nothing: no move worth making, so he stays
 * (a play-tester watched troopers shuffle 0.3"; 1.1% of Parliament's
 * moves were such). */
static bool mere_shuffle(const Table *tb, const Action *a)
{
    const CkFig *f = &tb->s->figs[a->piece];
    if (a->verb != CKV_MOVE || a->arg != 0 || dist2(f->x, f->y, a->x, a->y) >= 0.25f)
        return false;
    int p = ck_piece_at(tb->s, a->x, a->y);
    return p < 0 || tb->s->pieces[p].searched;
}

/* Figure i's next action, unless it is a mere shuffle. */
static bool par_acts(Table *tb, int i, Action *out)
{
    return par_figure(tb, i, out) && !mere_shuffle(tb, out);
}

/* [CK Playing the Game] is order *out (got: there is one) to be made
 * now? Not one that would end the turn (ends_turn): that is kept in
 * *held (the first such, where none is held yet), to be made once the
 * others have acted. A tester's commander charged a horseman on an
 * unsearched hill after six orders, and five troopers never acted. */
static bool now_or_held(Table *tb, bool got, const Action *out, Action *held)
{
    if (!got || !ends_turn(tb, out))
        return got;
    if (held->verb == CKV_END)
        *held = *out;
    return false;
}

/* [CK Playing the Game] an order that searches a piece is held (*held)
 * for the end of the turn, in place of the search: the trooper chosen to
 * search, who waited, is free to act as the others did, if he has not and
 * is not the one who holds it. */
static bool searcher_freed(Table *tb, Action *held, Action *out)
{
    if (tb->searcher == -2)
        tb->searcher = pick_searcher(tb, &tb->spiece);
    int w = tb->searcher;
    if (w < 0 || w == held->piece)
        return false;
    tb->searcher = -1, tb->spiece = -1;
    return now_or_held(tb, par_acts(tb, w, out), out, held);
}

/* Parliament's next action: prisoners grouped first, every unmoved trooper
 * in figure order, then the shots after moving, then the search, or an
 * order held because it searches a piece (now_or_held) in its place;
 * false when only END is left. */
static bool par_turn(Table *tb, Action *out)
{
    if (tb->nguard >= 2 && par_group(tb, out))
        return true;
    uint8_t later[CK_MAX_FIGS]; /* those who could search go last, in order: one of them will */
    int nlater = 0;
    Action held = {.verb = CKV_END}; /* an order that would end the turn, kept till the others have acted */
    for (int k = 0; k < tb->nown; k++) {
        int i = tb->own[k];
        if (tb->s->figs[i].moved || tb->s->figs[i].shot)
            continue;
        if (can_search(tb, i))
            later[nlater++] = (uint8_t)i;
        else if (now_or_held(tb, par_acts(tb, i, out), out, &held))
            return true;
    }
    for (int k = 0; k < nlater; k++)
        if (now_or_held(tb, par_acts(tb, later[k], out), out, &held))
            return true;
    for (int k = 0; tb->persons && k < tb->nfree; k++) /* one who has acted may still take a wounded man he touches */
        if (now_or_held(tb, take_wounded(tb, tb->frees[k], out), out, &held))
            return true;
    if (shots_after(tb, kill_value, out))
        return true;
    if (held.verb != CKV_END) /* it searches a piece too: in place of the search */
        return searcher_freed(tb, &held, out) || (*out = held, true);
    if (tb->searcher == -2)
        tb->searcher = pick_searcher(tb, &tb->spiece);
    int w = tb->searcher;
    return w >= 0 && (search_charge(tb, w, out) || search_move(tb, w, tb->spiece, out) || search_any(tb, out));
}

/* [CK Chance Cards] arrivals at the point on their edge (x, y), else as
 * near it along the edge as there is room for their row, 2" at a time
 * either way (ck_arrival_spot). */
static bool arrive_near(const CkState *s, float x, float y, Action *out)
{
    bool along_x = s->arrive_edge >= 2; /* the north and south edges run along x */
    for (int k = 0; k < 48; k++) {
        float step = (float)((k + 1) / 2) * (k % 2 ? 2.0f : -2.0f), v = (along_x ? x : y) + step;
        if (v < 0.5f || v > CK_TABLE - 0.5f)
            continue;
        Action a = {.verb = CKV_ARRIVE, .x = along_x ? v : x, .y = along_x ? y : v};
        if (accept(s, a, out))
            return true;
    }
    return false;
}

/* [CK Chance Cards] arrivals where the legal list has room for them,
 * every half inch, else `end` (no room: they do not come); for when the
 * 2" steps of arrive_near find none (a simulated game stopped there). */
static int arrive_any(const CkState *s, Action *out)
{
    Action a;
    for (int i = 0; ck_arrive_point(s, 0.5f, i, &a); i++)
        if (accept(s, a, out))
            return 0;
    return accept(s, (Action){.verb = CKV_END}, out) ? 0 : -1;
}

/* Reinforcements come on at the south edge below the nearest unsearched piece. */
static bool par_arrive(const CkState *s, Action *out)
{
    float x = s->entry_x, bd = 1e9f;
    for (int p = 0; p < CK_PIECES; p++) {
        float d = dist2(s->entry_x, 0, s->pieces[p].x, s->pieces[p].y);
        if (!s->pieces[p].searched && d < bd)
            bd = d, x = s->pieces[p].x;
    }
    return arrive_near(s, minf(maxf(x, 1), CK_TABLE - 1), 0.25f, out);
}

/* ---------------- Royalists ---------------- */

/* What a Royalist shot that kills trooper t is worth. */
static double trooper_kill_value(const CkFig *t) { return trooper_value(t); }

/* Charles free on the table, looked for once a call (tb->charles). */
static void find_charles(Table *tb)
{
    if (tb->charles == -2) {
        tb->charles = -1;
        for (int k = 0; k < tb->nown && tb->charles < 0; k++)
            if (tb->s->figs[tb->own[k]].type == F_CHARLES)
                tb->charles = (int8_t)tb->own[k];
    }
}

/* [CK Hand to hand Combat] could trooper t charge Charles, free on the table, next turn from where
 * it stands? */
static bool threatens_charles(Table *tb, int t)
{
    const CkState *s = tb->s;
    find_charles(tb);
    if (tb->charles < 0)
        return false;
    const CkFig *c = &s->figs[tb->charles];
    foe_info(tb, t);
    float reach = tb->fmv[t] + tb->frad[t] + ck_fig_radius(c) + 0.1f;
    return dist2(c->x, c->y, s->figs[t].x, s->figs[t].y) <= reach * reach;
}

/* What the Royalists expect of a charge at trooper t with odds o, the
 * charger worth `mine` to Parliament if he is beaten or killed. */
static inline double roy_charge_value(Table *tb, int t, double mine, Odds o)
{
    double v = o.kill * trooper_value(&tb->s->figs[t]) + freed(tb->s, o) * tb->z[t].held - (o.lose_dead + o.lose) * mine;
    return v + (threatens_charles(tb, t) ? CK_GUARD_KING * (o.kill + o.beat) : 0);
}

/* [CK Hand to hand Combat] (option together=yes) the most a charge at t
 * by another of the acting side's figures who has not acted would be
 * worth with figure i touching t too, and every other such figure not yet
 * touching him closing in before it (a guard of Parliament's excepted: he
 * leads his prisoners); -INFINITY if none can charge t. Counting the
 * others too let three Royalist horsemen by a guard holding Charles see
 * that two joins and a charge at +2 pay, where one join did not (a
 * play-tester watched them ride off; the Royalists then won 52.5% of
 * 20,000 games against 49.0%). */
static double follow_up(Table *tb, int i, int t)
{
    const CkState *s = tb->s;
    const CkFig *e = &s->figs[t];
    double best = -INFINITY;
    /* each charge after him is checked on the table as his join leaves it: his base may take the only
     * point of contact within a friend's reach (a play-tester watched two horsemen close in on a trooper
     * whom nobody could then charge), and a join onto an unsearched piece searches it and ends the turn */
    Action join = {.verb = CKV_JOIN, .piece = (int16_t)i, .target = (int16_t)t};
    if (ck_check(s, &join, NULL) != 0)
        return best;
    CkState after = *s;
    ck_apply(&after, &join, NULL);
    uint8_t can[CK_MAX_FIGS];
    int ncan = 0, closing = 0; /* the others free to charge t, and how many of them are not touching him yet */
    for (int k = 0; k < tb->nown; k++) {
        int j = tb->own[k];
        const CkFig *g = &s->figs[j];
        if (j == i || tb->room[j] != 4 || !may_charge_at(tb, j, e))
            continue;
        can[ncan++] = (uint8_t)j;
        closing += !ck_in_contact(g, e);
    }
    for (int k = 0; k < ncan; k++) {
        int j = can[k];
        Action a = {.verb = CKV_CHARGE, .piece = (int16_t)j, .target = (int16_t)t};
        if (!accept(&after, a, &a))
            continue;
        Odds o = charge_odds(tb, j, t, 1 + closing - !ck_in_contact(&s->figs[j], e)); /* (touching() counts the rest) */
        double v = s->to_act == CK_PAR ? par_charge_value(tb, j, t, par_takes(tb, e), o) : roy_charge_value(tb, t, capture_value(&s->figs[j]) + 1, o);
        best = v > best ? v : best;
    }
    return best;
}

/* [CK Hand to hand Combat] (option together=yes) figure i's charge at t,
 * worth v alone, below `floor`: where another could charge t after him
 * for a worth of `floor` or more with i touching t (follow_up), closing in
 * (join) is offered at half that worth, for the chance that the other
 * does something else. Not for a man already touching t: he counts. */
static void offer_join(Table *tb, int i, int t, double v, double floor, Action *cand, double *val, int *n)
{
    if (!tb->s->together || v >= floor || ck_in_contact(&tb->s->figs[i], &tb->s->figs[t]))
        return;
    double follow = follow_up(tb, i, t);
    if (follow < floor)
        return;
    cand[*n] = (Action){.verb = CKV_JOIN, .piece = (int16_t)i, .target = (int16_t)t};
    val[(*n)++] = follow / 2;
}

/* [CK Aim of the game] the best shot figure i has at a trooper, in the
 * points it is likely to win (kill chance times his worth; nothing risked). */
static double shot_worth(Table *tb, int i)
{
    const CkState *s = tb->s;
    const CkFig *f = &s->figs[i];
    float range = shot_range(tb, i);
    double best = 0;
    if (range <= 0)
        return 0;
    for (int k = 0; k < tb->nfoes; k++) {
        const CkFig *e = &s->figs[tb->foes[k]];
        float d2 = dist2(f->x, f->y, e->x, e->y);
        if (d2 <= range * range)
            best = fmax(best, odds(shot_factor(tb, i, tb->foes[k], d2, range), base_factor(tb, e, f)).kill *
                                  trooper_value(e));
    }
    return best;
}

/* [CK Hand to hand Combat] (option together=yes) has a friend of the acting side closed in on t
 * this turn (moved and done, aiming at nobody, touching him)? */
static bool closed_in_on(Table *tb, int t)
{
    const CkState *s = tb->s;
    for (int k = 0; k < tb->nown; k++) {
        const CkFig *g = &s->figs[tb->own[k]];
        if (g->moved && g->shot && g->shot_at == CK_NONE && ck_in_contact(g, &s->figs[t]))
            return true;
    }
    return false;
}

/* [CK Hand to hand Combat] The ambush of figure i with the best expected
 * points, if it pays: a dead trooper is worth 4 (You 6), a beaten guard
 * frees his prisoners, a trooper killed or beaten who could charge Charles
 * spares him (CK_GUARD_KING); a beaten Royalist may be taken prisoner.
 * Charles and Wilmot never fight. */
static bool roy_charge(Table *tb, int i, Action *out)
{
    const CkState *s = tb->s;
    const CkFig *f = &s->figs[i];
    float reach = allowance(tb, i) + 1.6f;
    /* in the last turn no later turn is lost with him, and a found man who gets away scores nothing: a charge
     * is worth what it wins less what Parliament wins, when it beats his best shot (a play-tester's four
     * horsemen rode north beside two dragoons in the last turn) */
    bool last = s->turn >= CK_TURNS && !s->exit_scores;
    double v[2 * CK_MAX_FIGS], mine = capture_value(f) + !last, floor = last ? fmax(0.05, shot_worth(tb, i)) : 0.4;
    Action cand[2 * CK_MAX_FIGS]; /* a charge at each foe in reach, and a join (offer_join) */
    int n = 0;
    for (int k = 0; k < tb->nfoes; k++) {
        int t = tb->foes[k];
        const CkFig *e = &s->figs[t];
        if (dist2(f->x, f->y, e->x, e->y) > reach * reach)
            continue;
        if (!s->together && roy_charge_value(tb, t, mine, charge_odds_bound(tb, i, t)) < floor - 1e-9)
            continue; /* even at the best odds the ground could give, it does not pay (worth rises with the odds:
                       * mostly so, and the point of contact is not looked for; a join is offered only together) */
        v[n] = roy_charge_value(tb, t, mine, charge_odds(tb, i, t, 0));
        cand[n] = (Action){.verb = CKV_CHARGE, .piece = (int16_t)i, .target = (int16_t)t};
        n++;
        int from = n;
        offer_join(tb, i, t, v[n - 1], floor, cand, v, &n);
        /* friends closed in on t: what is done at him goes if it pays at all, or their turn is wasted (a
         * play-tester saw four shot close in on a trooper and nobody charge); the floor is lowered for t
         * alone, by raising t's values over everyone else's */
        if (s->together && floor > 0.05 && closed_in_on(tb, t))
            for (int k = from - 1; k < n; k++)
                v[k] += floor - 0.05;
    }
    return best_first(tb, cand, v, n, floor, out);
}

/* Run for the far edge: straight north (off the table if it can), else
 * slanting away. */
static bool run_north(Table *tb, int i, Action *out)
{
    const CkFig *f = &tb->s->figs[i];
    static const float slant[] = {0, 0.5f, -0.5f, 1.0f, -1.0f, 1.6f, -1.6f};
    float m = allowance(tb, i);
    if (f->y + m >= CK_TABLE - 0.45f) {
        /* to just inside the edge, which takes him off: not inches beyond the table (a play-tester read
         * "move S2 24.0 53.2") */
        Action a = {.verb = CKV_MOVE, .piece = (int16_t)i, .x = f->x, .y = minf(f->y + m - 0.02f, CK_TABLE - 0.25f)};
        if (accept_order(tb, a, out))
            return true;
    }
    /* [CK Combat Outcomes] (option blocked_recoil=dies) one by a side edge, within his recoil of it,
     * slants away from it first: beaten there by a trooper from within, he would die (a play-tester
     * killed three shot who ran north along the west edge) */
    float band = ck_fig_rate(tb->s, f) / 2 + ck_fig_radius(f) + 0.1f;
    int lean = !tb->s->blocked_dies ? 0 : f->x < band ? 1 : f->x > CK_TABLE - band ? -1 : 0;
    for (int k = lean ? -2 : 0; k < 7; k++) {
        float turn = k < 0 ? (float)lean * (k == -2 ? 0.5f : 1.0f) : slant[k];
        if (move_towards(tb, i, f->x + sinf(turn) * 20, f->y + cosf(turn) * 20, 0, true, out) && out->y > f->y + 0.2f)
            return true; /* (beyond the edge only where a friend stands at it: he slips past him, off) */
    }
    return false;
}

/* [CK Hand to hand Combat] The chance that Charles (figure i), standing
 * at (x, y), is beaten next turn by the free troopers who can
 * reach him there: each charge as ck_melee_factor counts it (his ground,
 * an obstacle before him, a hill), the k-th charger +k for those already
 * in contact, the strongest first. A trooper entering difficult ground
 * moves half. */
static double person_danger(Table *tb, int i, float x, float y)
{
    const CkState *s = tb->s;
    const CkFig *f = &s->figs[i];
    int pc = piece_at(tb, x, y), kind = pc < 0 ? -1 : s->pieces[pc].kind;
    bool hard = piece_is(tb->memo->hard, pc), hill = piece_is(tb->memo->hill, pc);
    int df = base_factor(tb, f, f) + ground_mod(f, kind) + hill, af[CK_MAX_FIGS], n = 0;
    for (int k = 0; k < tb->nfree; k++) {
        int e = tb->frees[k];
        const CkFig *g = &s->figs[e];
        float most = fig_rate(tb, g) + 0.75f + ck_fig_radius(f) + 0.1f; /* his reach at his full rate, at most */
        if (dist2(x, y, tb->frx[k], tb->fry[k]) > most * most)
            continue; /* (foe_info not asked: most stand far off) */
        foe_info(tb, e);
        float m = tb->fmv[e] / (hard && !on_hard(tb, e) ? 2 : 1), reach = m + tb->frad[e] + ck_fig_radius(f) + 0.1f;
        if (dist2(x, y, tb->frx[k], tb->fry[k]) > reach * reach)
            continue;
        af[n++] = base_factor(tb, g, f) + ground_mod(g, kind) - obstacle_against(tb, pc, e);
    }
    double safe = 1;
    for (int k = 0; k < n; k++) { /* the strongest first: a plain selection */
        int b = k;
        for (int j = k + 1; j < n; j++)
            b = af[j] > af[b] ? j : b;
        int t = af[b];
        af[b] = af[k];
        Odds o = odds(t + k, df);
        safe *= 1 - o.kill - o.beat;
    }
    assert(safe <= 1); /* never below nothing: person_move's bound */
    return 1 - safe;
}

/* [CK Movement and Ranges] Charles (figure i) away from the troopers: off
 * the table if he can, else of a full move in sixteen ways or half of one,
 * or staying put, the place least likely to see him beaten next turn
 * (person_danger), the further north the better among equals. False when
 * staying is best. (Wilmot, mounted, did worse so: he runs north.) */
static bool person_move(Table *tb, int i, Action *out)
{
    const CkFig *f = &tb->s->figs[i];
    float m = allowance(tb, i);
    if (f->y + m >= CK_TABLE - 0.45f && run_north(tb, i, out))
        return true;
    double best = person_danger(tb, i, f->x, f->y) * 20, low = best;
    Action cand[32];
    double v[32];
    float sn[16], cs[16]; /* the sixteen ways, for both lengths */
    int n = 0;
    for (int k = 0; k < 32; k++) {
        float go = k < 16 ? 20.0f : m / 2; /* 20": a full move */
        if (k < 16)
            sn[k] = sinf((float)k * 0.3926991f), cs[k] = cosf((float)k * 0.3926991f);
        if (-CK_NORTH * (m * maxf(cs[k % 16], 0) + 0.01f) >= low)
            continue; /* no place this way lies far enough north to beat staying or the places before */
        Action c;
        if (!move_towards(tb, i, f->x + sn[k % 16] * go, f->y + cs[k % 16] * go, 0, true, &c))
            continue;
        cand[n] = c; /* being taken costs 20 points; an inch north is worth a little */
        v[n] = -CK_NORTH * (c.y - f->y); /* no danger: a bound the danger only raises */
        if (v[n] < low) /* else it can beat neither staying nor an earlier place: left at its bound */
            v[n] += person_danger(tb, i, c.x, c.y) * 20, low = v[n] < low ? v[n] : low;
        n++;
    }
    if (!n)
        return false;
    int b = 0;
    for (int k = 1; k < n; k++)
        b = v[k] < v[b] ? k : b;
    if (v[b] >= best)
        return false;
    *out = cand[b];
    return true;
}

/* [CK Hand to hand Combat] [CK Movement and Ranges] Figure i guards
 * Charles (free on the table, a trooper able to reach him next turn):
 * bases may not overlap, so three men touching him, one towards the
 * nearest free trooper and the others a third of the way round either
 * side, leave a charger no room to touch him. 1: a move to a free place
 * of the three, 0: he stands guard already (at one of them, or touching
 * Charles elsewhere with none free), -1: not wanted or no place within
 * reach. */
static int guard_charles(Table *tb, int i, Action *out)
{
    const CkState *s = tb->s;
    if (tb->charles < 0 || !tb->nfree)
        return -1;
    const CkFig *c = &s->figs[tb->charles], *f = &s->figs[i];
    if (tb->charles_danger < 0)
        tb->charles_danger = person_danger(tb, tb->charles, c->x, c->y);
    if (tb->charles_danger <= 0)
        return -1;
    float gap = ck_fig_radius(c) + ck_fig_radius(f), bd = 1e9f, tx = c->x, ty = c->y - 1;
    bool touching = dist2(f->x, f->y, c->x, c->y) <= (gap + 0.1f) * (gap + 0.1f);
    for (int k = 0; k < tb->nfree; k++) { /* the nearest free trooper */
        float d = dist2(c->x, c->y, tb->frx[k], tb->fry[k]);
        if (d < bd)
            bd = d, tx = tb->frx[k], ty = tb->fry[k];
    }
    float th = atan2f(ty - c->y, tx - c->x), at[3][2];
    static const float round[3] = {0, 2.0943951f, -2.0943951f};
    for (int k = 0; k < 3; k++) {
        at[k][0] = c->x + gap * cosf(th + round[k]), at[k][1] = c->y + gap * sinf(th + round[k]);
        if (touching && dist2(f->x, f->y, at[k][0], at[k][1]) <= 0.35f * 0.35f)
            return 0; /* at his place already */
    }
    for (int k = 0; k < 3; k++) { /* (one touching him elsewhere leaves a gap: he moves too) */
        Action a = {.verb = CKV_MOVE, .piece = (int16_t)i, .x = at[k][0], .y = at[k][1]};
        if (!friend_under(tb, i, a.x, a.y) && accept_order(tb, a, out))
            return 1;
    }
    return touching ? 0 : -1;
}

/* [CK Shooting factors] [CK Movement and Ranges] A Royalist with a
 * trooper in range shoots before he moves, at the volley's mark if he is
 * one of it (plan_volley), else the man he is likeliest to kill
 * (best_shot), and then falls back north with the half move left
 * (roy_figure): a human's stand-and-shoot (two play-testers killed 10 of
 * 11 and 12 of 12 troopers so) beat the computer's run for the edge with
 * a shot from wherever the run ended: Parliament won 45.3% of 20,000
 * games against it, 57.7% before (46.1% if he stayed where he shot).
 * With option together=yes he takes aim where another who has not shot
 * could shoot the same man after him. */
static bool roy_shoot_first(Table *tb, int i, Action *out)
{
    if (!in_range(tb, i)) /* (what volley_shot and best_shot first ask: mostly nobody is in range) */
        return false;
    if (volley_shot(tb, i, 0, out))
        return true;
    if (!best_shot(tb, i, trooper_kill_value, out))
        return false;
    if (tb->s->together && another_shooter(tb, out, false))
        out->verb = CKV_AIM;
    return true;
}

/* [CK Aim of the game] the last turn: nothing follows it, and a found man
 * who gets away scores nothing, so a Royalist who can shoot but has no
 * trooper in range goes towards the nearest, to shoot after moving (a
 * play-tester's musket walked north from a trooper 11.5" off). False when
 * he cannot shoot or no move brings one within his range. */
static bool into_range(Table *tb, int i, Action *out)
{
    const CkState *s = tb->s;
    const CkFig *f = &s->figs[i];
    float range = shot_range(tb, i), best = 1e9f;
    if (range <= 0 || f->moved)
        return false;
    int t = -1;
    for (int k = 0; k < tb->nfoes; k++) {
        float d2 = dist2(f->x, f->y, s->figs[tb->foes[k]].x, s->figs[tb->foes[k]].y);
        t = d2 < best ? tb->foes[k] : t, best = minf(best, d2);
    }
    if (t < 0 || sqrtf(best) > allowance(tb, i) + range - 0.5f)
        return false;
    return move_towards(tb, i, s->figs[t].x, s->figs[t].y, range - 0.5f, false, out);
}

/* [CK Shooting factors] A Royalist joins a volley by moving into range
 * to shoot after it where his shot is worth CK_JOIN_MIN points or more
 * (tried 0, 0.1, 0.3, 0.8: 0 and 0.1 alike, 0.8 kept most back). */
#define CK_JOIN_MIN 0.1

/* The mark a Royalist who moves may join (join_volley): the volley of
 * those unmoved, with its shots to come and the chance the mark outlives
 * them; else the trooper shot at most this turn, none to come; -1 none. */
static int join_mark(Table *tb, int *more, double *alive)
{
    int t = volley_mark(tb, 0), most = 0;
    *more = t >= 0 ? tb->nvol : 0, *alive = t >= 0 ? tb->vol_alive : 1;
    if (t >= 0)
        return t;
    for (int k = 0; k < tb->nfoes; k++) /* (aimed_at: the shots at him so far) */
        if (aimed_at(tb, tb->foes[k]) > most)
            most = aimed_at(tb, tb->foes[k]), t = tb->foes[k];
    return t;
}

/* [CK Shooting factors] Royalist i, no trooper in his range, goes within
 * range of the mark (join_mark), within half range if his move allows,
 * to shoot after moving with the bonus of every shot at it before his,
 * where that shot (at full range) is worth CK_JOIN_MIN (kill chance times
 * the mark's worth, if it outlives the shots before): the Royalists won
 * 53,160 of 80,000 games so, 52,032 stopping just within full range,
 * 46,322 with the volley alone (docs). */
static bool join_volley(Table *tb, int i, Action *out)
{
    const CkState *s = tb->s;
    const CkFig *f = &s->figs[i];
    float r = shot_range(tb, i);
    if (r <= 0 || f->moved || !foe_within(tb, i, allowance(tb, i) + r - 0.5f))
        return false; /* (first: the mark is planned only for one who could reach it) */
    int more;
    double alive;
    int t = join_mark(tb, &more, &alive);
    if (t < 0 || ck_dist(f->x, f->y, s->figs[t].x, s->figs[t].y) > allowance(tb, i) + r - 0.5f)
        return false;
    const CkFig *e = &s->figs[t];
    Odds o = odds(shot_factor(tb, i, t, r * r, r) + more, base_factor(tb, e, f));
    if (alive * roy_shot_value(tb, t, o) < CK_JOIN_MIN)
        return false;
    return move_towards(tb, i, e->x, e->y, r / 2 - 0.3f, false, out); /* within half range if he can (+1) */
}

/* [CK Aim of the game] Royalists who found bands at the north edge stay
 * on the table until turn CK_EDGE_LEAVE: one gone by the far edge scores
 * nothing (option exit_scores=no), so leaving saves him only from a
 * trooper who could reach him, and staying keeps him within reach of an
 * ambush (a play-tester counted 183 of 215 north-edge horse bands off the
 * table in the turn they came on, none of them having fired). */
#define CK_EDGE_LEAVE CK_TURNS

/* Could any trooper charge figure i, or move and shoot at him, next turn
 * from where he stands (0.5" spare)? Each foe near enough to matter. */
static bool foe_reaches(Table *tb, int i)
{
    const CkFig *f = &tb->s->figs[i];
    for (int k = 0; k < tb->nfoes; k++) {
        int e = tb->foes[k];
        float d2 = dist2(f->x, f->y, tb->fx[k], tb->fy[k]), most = fig_rate(tb, &tb->s->figs[e]) + 0.75f + ck_fig_radius(f) + 0.6f;
        if (d2 > most * most)
            continue; /* beyond his reach at his full rate and the widest base (foe_info not asked: most stand far off) */
        foe_info(tb, e);
        float r = tb->fmv[e] + tb->frad[e] + ck_fig_radius(f) + 0.6f;
        if (d2 <= r * r)
            return true;
    }
    return false;
}

/* foe_reaches, after a first look with the nearest foe (foe_within, mostly
 * found already): nobody within the reach of the fastest figure with the
 * widest base, none can reach him (a waiting man mostly stands so). */
static bool in_danger(Table *tb, int i)
{
    float fastest = 6.0f; /* (a dragoon on foot) */
    for (int t = 0; t < F_TYPE_COUNT; t++)
        fastest = maxf(fastest, tb->figs[t].move);
    bool near = foe_within(tb, i, fastest + 0.75f + ck_fig_radius(&tb->s->figs[i]) + 0.6f);
    assert(near || !foe_reaches(tb, i));
    return near && foe_reaches(tb, i);
}

/* [CK Aim of the game] does figure i, whose run north would take him off
 * the table, rather wait at the edge (CK_EDGE_LEAVE): before the late
 * turns, nobody able to reach him next turn? Charles and Wilmot, who
 * score at liberty, still go. */
static bool waits_at_edge(Table *tb, int i)
{
    const CkState *s = tb->s;
    const CkFig *f = &s->figs[i];
    if (s->exit_scores || s->turn >= CK_EDGE_LEAVE || is_person(f))
        return false;
    if (f->y + allowance(tb, i) < CK_TABLE - 0.45f)
        return false; /* his run would not take him off */
    return !in_danger(tb, i);
}

/* [CK Chance Cards] figure i waits (waits_at_edge) CK_EDGE_ROW inches
 * inside the north edge, clear of the row where the next band comes on:
 * men waiting at the edge itself left a band no room to arrive (a
 * simulated game stopped so). He shoots if he can. */
#define CK_EDGE_ROW 3.5f

/* Add to key the figures of list `who` (at x, y) but i within `reach`
 * of f; false when more stand near than it holds. */
static bool edge_key_add(const Table *tb, EdgeKey *key, int i, const CkFig *f, float reach, int n,
                         const uint8_t *who, const float *x, const float *y)
{
    for (int k = 0; k < n; k++) {
        if (who[k] == i || dist2(f->x, f->y, x[k], y[k]) > reach * reach)
            continue;
        if (key->n == CK_EDGE_NEAR)
            return false;
        const CkFig *g = &tb->s->figs[who[k]];
        key->near[key->n++] = (NearFig){g->x, g->y, who[k], g->mounted, g->side, 0};
    }
    return true;
}

/* The key of figure i's step inside the edge (EdgeKey); false when more
 * figures stand near than it holds. Every point of the step lies within
 * its length of him, so only a base within that and 1.5" more (two
 * bases' radii) can stand on one or across his way: 2.5" more are kept.
 * The active figures near, his side's then the others', each in figure
 * order (the same figures near: the same key). */
static bool edge_key(Table *tb, int i, EdgeKey *key)
{
    const CkState *s = tb->s;
    const CkFig *f = &s->figs[i];
    float reach = f->y - (CK_TABLE - CK_EDGE_ROW) + 2.5f;
    memset(&key->fig, 0, sizeof key->fig); /* (every field, the padding 0: memcmp'd) */
    memcpy(&key->fig, f, offsetof(CkFig, aimed) + sizeof f->aimed);
    key->allow = allowance(tb, i);
    key->valid = 1, key->share_ground = s->share_ground, key->pass_enemies = s->pass_enemies;
    key->n = 0;
    return edge_key_add(tb, key, i, f, reach, tb->nown, tb->own, tb->ox, tb->oy) &&
           edge_key_add(tb, key, i, f, reach, tb->nfoes, tb->foes, tb->fx, tb->fy);
}

/* [CK Movement and Ranges] Royalist i's step to CK_EDGE_ROW inside the
 * north edge (move_towards). One that failed with no rule asked (a
 * friend's base under every point of it, no enemy across his way) fails
 * again while all it read stands as it stood (Memo.step; checked in debug
 * builds): a man waiting behind a friend at the edge was tried again at
 * every decision of the turn. */
static bool step_inside(Table *tb, int i, Action *out)
{
    const CkFig *f = &tb->s->figs[i];
    EdgeKey key;
    EdgeKey *kept = &tb->memo->step[i];
    bool keyed = edge_key(tb, i, &key);
    bool hit = keyed && kept->valid && memcmp(&key, kept, offsetof(EdgeKey, near) + key.n * sizeof *key.near) == 0;
#ifdef NDEBUG
    if (hit)
        return false;
#endif
    uint32_t asked = tb->asked;
    bool moved = move_towards(tb, i, f->x, CK_TABLE - CK_EDGE_ROW, 0, true, out);
    assert(!hit || (!moved && tb->asked == asked));
    kept->valid = 0;
    if (keyed && !moved && tb->asked == asked)
        memcpy(kept, &key, offsetof(EdgeKey, near) + key.n * sizeof *key.near);
    return moved;
}

static bool wait_at_edge(Table *tb, int i, Action *out)
{
    const CkFig *f = &tb->s->figs[i];
    if (!f->moved && f->y > CK_TABLE - CK_EDGE_ROW + 0.05f && step_inside(tb, i, out))
        return true;
    return best_shot(tb, i, trooper_kill_value, out);
}

/* An unmoved Royalist's next action (one who has shot first falls back
 * north); false when it has none. */
static bool roy_figure(Table *tb, int i, Action *out)
{
    const CkFig *f = &tb->s->figs[i];
    if (f->type == F_CHARLES)
        return person_move(tb, i, out);
    if (f->type == F_WILMOT)
        return run_north(tb, i, out);
    int g = guard_charles(tb, i, out); /* before an ambush: Parliament won 56.1% so, 56.4% after it (docs) */
    if (g >= 0)
        return g == 1;
    if (foe_within(tb, i, allowance(tb, i) + 1.6f) && roy_charge(tb, i, out))
        return true;
    if (!f->shot && waits_for_weaker(tb, i))
        return false; /* the weakest of the volley fires first */
    if (!f->shot && roy_shoot_first(tb, i, out))
        return true;
    if (f->aimed)
        return false; /* he stays where his aim can still be fired (it lapses out of range or sight) */
    if (tb->s->turn >= CK_TURNS && !tb->s->exit_scores) /* the last turn: no move but one to shoot wins anything */
        return into_range(tb, i, out) || best_shot(tb, i, trooper_kill_value, out);
    if (join_volley(tb, i, out))
        return true;
    if (waits_at_edge(tb, i))
        return wait_at_edge(tb, i, out);
    return run_north(tb, i, out) || best_shot(tb, i, trooper_kill_value, out);
}

/* Has any Royalist moved or shot this turn? */
static bool turn_begun(const Table *tb)
{
    for (int k = 0; k < tb->nown; k++)
        if (tb->s->figs[tb->own[k]].moved || tb->s->figs[tb->own[k]].shot)
            return true;
    return false;
}

/* The unmoved Royalists but Charles (c): their places in own and how far
 * north each stands, listed once a call for next_northmost. */
typedef struct Unmoved {
    int     n;
    uint8_t k[CK_MAX_FIGS];
    float   y[CK_MAX_FIGS];
} Unmoved;

static void list_unmoved(const Table *tb, int c, Unmoved *um)
{
    um->n = 0;
    for (int k = 0; k < tb->nown; k++)
        if (tb->own[k] != c && !tb->s->figs[tb->own[k]].moved)
            um->k[um->n] = (uint8_t)k, um->y[um->n++] = tb->oy[k];
}

/* The northmost of the unmoved (um) not tried yet (ties in figure order),
 * marked tried; -1 when none is left. Picked one at a time, not sorted:
 * the first mostly acts. (One who shot first has half a move left: a
 * charge marks him moved.) */
static int next_northmost(const Table *tb, const Unmoved *um, bool *tried)
{
    int best = -1;
    float by = -INFINITY;
    for (int u = 0; u < um->n; u++) /* (further north first: the test that passes over most) */
        if (um->y[u] > by && !tried[um->k[u]])
            best = um->k[u], by = um->y[u];
    if (best < 0)
        return -1;
    tried[best] = true;
    return tb->own[best];
}

/* The Royalists' next action: Charles first (his guards go where he
 * went; once another has acted, he has chosen to stay), then every other
 * unmoved figure, the northmost first, then the shots after moving; false
 * when only END is left. Northmost first, since each falls back or runs
 * north: a man behind a friend who had not moved yet found his way
 * blocked (a play-tester's horseman fell back half an inch); Parliament
 * won 42.3% of 40,000 games so against 43.4% in figure order (seed 2;
 * seed 3: 42.2% and 43.6%). */
static bool roy_turn(Table *tb, Action *out)
{
    find_charles(tb);
    int c = tb->charles;
    if (c >= 0 && !tb->s->figs[c].moved && !tb->s->figs[c].shot && !turn_begun(tb) && roy_figure(tb, c, out))
        return true;
    bool tried[CK_MAX_FIGS] = {false}; /* by place in tb->own */
    Unmoved um;
    list_unmoved(tb, c, &um);
    tb->tried = tried;
    for (int i; (i = next_northmost(tb, &um, tried)) >= 0;)
        if (roy_figure(tb, i, out))
            return true;
    tb->tried = NULL; /* one waited for a weaker who did nothing: nobody waits now */
    memset(tried, 0, sizeof tried);
    for (int i; tb->deferred && (i = next_northmost(tb, &um, tried)) >= 0;)
        if (roy_figure(tb, i, out))
            return true;
    return shots_after(tb, trooper_kill_value, out);
}

/* [CK Chance Cards] A band of shot or horse comes on at the point of its
 * edge nearest the trooper nearest that edge, to shoot or fall on him
 * (roy_figure); a band of clubmen, who mostly have no musket, and any band
 * with no trooper on the table, as far north as the edge allows. Until
 * the night of 2026-12-01 every band came on in the north and ran off (a
 * play-tester found the band cards worth nothing): Parliament won 43.4%
 * of 40,000 games against it rather than 45.4% (seed 2); with the
 * clubmen brought on by the troopers too, 43.9% (a second play-tester
 * counted them a gift to Parliament: 612 killed for 20 troopers). */
static bool roy_arrive(const CkState *s, Action *out)
{
    float x = s->arrive_edge == 0 ? 0.25f : s->arrive_edge == 1 ? CK_TABLE - 0.25f : CK_TABLE / 2;
    float y = s->arrive_edge == 2 ? CK_TABLE - 0.25f : CK_TABLE - 1.0f;
    float best = s->arrive_type == F_CLUBMAN ? -1 : INFINITY, nx = x, ny = y;
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *f = &s->figs[i];
        if (f->side != CK_PAR || f->status != FS_ACTIVE)
            continue;
        float ex = s->arrive_edge <= 1 ? x : f->x, ey = s->arrive_edge <= 1 ? f->y : y; /* his foot on the edge */
        float d = dist2(ex, ey, f->x, f->y);
        if (d < best)
            best = d, nx = ex, ny = ey;
    }
    return arrive_near(s, nx, ny, out);
}

/* [CK Game set up] The terrain spread over every square of the table, as
 * the rule asks, and laid out for the Royalists within it: the open pieces
 * (village, manor, hills), where the found can run off soonest, in a row
 * along the northern limit; woods and marsh across the middle; the fields,
 * whose hedges shelter the found from Parliament's first searches, in the
 * south. Pieces in the order they are placed: village, manor, woods 1-3,
 * hills 1-3, fields 1-3, marsh. */
static const float layout[CK_PIECES][2] = {
    {24, 36.5f}, {17.5f, 36.5f}, {13, 25}, {28, 25}, {35, 25}, {11, 36.5f},
    {30.5f, 36.5f}, {37, 36.5f}, {14, 14}, {24, 14}, {34, 14}, {21, 25},
};

/* The row of each place of the layout (0 north, 1 middle, 2 south): a
 * piece goes to a place of its own row. */
static const uint8_t layout_row[CK_PIECES] = {0, 0, 1, 1, 1, 0, 0, 0, 2, 2, 2, 1};

/* Is place k of the layout taken by a piece already down? */
static bool place_taken(const CkState *s, int k)
{
    for (int p = 0; p < CK_PIECES; p++)
        if (s->pieces[p].placed && s->pieces[p].x == layout[k][0] && s->pieces[p].y == layout[k][1])
            return true;
    return false;
}

/* The next piece at a free place of its row drawn at random (so that a
 * player meets a new table each game: the rows alone were tuned, every
 * place of a row fits every piece of it), else the northernmost place
 * that fits (if someone else placed pieces in the way; ck_check_place
 * keeps it to the squares still empty when it must). */
static bool place_terrain(const CkState *s, Rng *rng, Action *out)
{
    int piece = 0;
    while (piece < CK_PIECES - 1 && s->pieces[piece].placed)
        piece++;
    int free[CK_PIECES], n = 0;
    for (int k = 0; k < CK_PIECES; k++)
        if (layout_row[k] == layout_row[piece] && !place_taken(s, k))
            free[n++] = k;
    Action a = {.verb = CKV_PLACE, .piece = (int16_t)piece};
    for (int first = n && rng ? (int)rng_below(rng, (uint32_t)n) : 0, k = 0; k < n; k++) { /* no rng: the first */
        int at = free[(first + k) % n];
        a.x = layout[at][0], a.y = layout[at][1];
        if (accept(s, a, out))
            return true;
    }
    for (float y = 37.5f; y >= 10; y -= 0.5f)
        for (float dx = 0; dx <= 14; dx += 0.5f)
            for (int sgn = -1; sgn <= 1; sgn += 2) {
                a.x = CK_TABLE / 2 + (float)sgn * dx;
                a.y = y;
                if (accept(s, a, out))
                    return true;
            }
    return false;
}

/* ---------------- the contract ---------------- */

int ck_heuristic(const void *st, Rng *rng, Action *out)
{
    const CkState *s = st;
    Table tb; /* the players are deterministic given the open table, but for the terrain's places */
    switch (s->phase) {
    case CP_TERRAIN: return place_terrain(s, rng, out) ? 0 : -1;
    case CP_ARRIVE: return (s->arrive_side == CK_PAR ? par_arrive(s, out) : roy_arrive(s, out)) ? 0 : arrive_any(s, out);
    case CP_DEFEND: /* [CK Combat Outcomes] a beaten charger is taken: he is worth his points, the guard is there */
        *out = (Action){.verb = CKV_CAPTURE, .piece = s->pend_def, .target = s->pend_att};
        return 0;
    case CP_PARLIAMENT:
    case CP_ROYALIST:
        look(s, &tb);
        if (!(s->phase == CP_PARLIAMENT ? par_turn(&tb, out) : roy_turn(&tb, out)))
            *out = (Action){.verb = CKV_END};
        return 0;
    default: return -1;
    }
}
