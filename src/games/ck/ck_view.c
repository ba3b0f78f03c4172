/* ck_view.c - what one To Catch a King player may see, and re-dealing the
 * rest [CK Game set up]: nobody, the Royalist player included, has seen a
 * card under an unsearched piece, nor the order of the three decks. Also
 * the table drawn in text (ck_render): the map, the pieces, the key and
 * the figures. */
#include "ck.h"
#include "core/wrap.h"
#include <math.h>
#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

static const char *const status_names[] = {"active", "dead", "prisoner", "escorted", "exited"};

void ck_fig_id(const CkState *s, int i, char buf[8])
{
    int ord = 1, type = s->figs[i].type;
    for (int k = 0; k < i; k++)
        ord += s->figs[k].type == type;
    buf[0] = ck_figs[type].letter;
    if (type == F_YOU || type == F_WILMOT || type == F_CHARLES) {
        buf[1] = '\0';
        return;
    }
    snprintf(buf + 1, 7, "%d", ord & 0xff);
}

CkLabel ck_fig_label(const CkState *s, int i, const GameIO *io)
{
    CkLabel l = {""};
    if (!io)
        return l;
    char id[8];
    int type = s->figs[i].type;
    ck_fig_id(s, i, id);
    const char *what = type == F_CHARLES ? "Charles" : type == F_WILMOT ? "Wilmot" : type == F_YOU ? "commander"
                                                                                                     : ck_figs[type].name;
    snprintf(l.s, sizeof l.s, "%s %s", what, id);
    return l;
}

const char *ck_fig_noun(int type, int n)
{
    static const char *const one[F_TYPE_COUNT] = {
        [F_DRAGOON] = "dragoon", [F_CAVALRY] = "cavalry trooper", [F_YOU] = "commander", [F_SHOT] = "shot",
        [F_HORSE] = "horseman", [F_CLUBMAN] = "clubman", [F_WILMOT] = "Wilmot", [F_CHARLES] = "Charles"};
    static const char *const many[F_TYPE_COUNT] = {
        [F_DRAGOON] = "dragoons", [F_CAVALRY] = "cavalry troopers", [F_YOU] = "commanders", [F_SHOT] = "shot",
        [F_HORSE] = "horse", [F_CLUBMAN] = "clubmen", [F_WILMOT] = "Wilmot", [F_CHARLES] = "Charles"};
    return (n == 1 ? one : many)[type];
}

/* [CK Chance Cards] a card as the log and the board name it, after the
 * rulebook's card ("Nothing to see here!"); the event's "card" is its
 * short name in ck_chance_names. The clearing card is drawn whether or
 * not it rains, so its words fit both. */
const char *ck_chance_words(int card)
{
    static const char *const says[CH_KIND_COUNT] = {
        [CH_NOTHING] = "nothing to see here",
        [CH_RAIN] = "rain sets in",
        [CH_CLEAR] = "fair weather (any rain stops)",
        [CH_BAND] = "a band of Royalists stumbles into the area",
        [CH_REINFORCE] = "reinforcements for Parliament",
        [CH_DROVER] = "a drover brings news of a fugitive",
    };
    return card >= 0 && card < CH_KIND_COUNT ? says[card] : "?";
}

/* [CK Prominent Persons Cards] a piece's two cards as the log turns them
 * over: what the discovery card gave (`disc`, in words), then the person
 * card, blank ones named too (two play-testers missed the blank person
 * card); prom -1: the drover showed it before, and it is not told again. */
CkSaid ck_cards_said(const char *disc, int prom)
{
    CkSaid c;
    const char *person = prom == PROM_CHARLES ? "Charles Stuart!"
                         : prom == PROM_WILMOT ? "Lord Wilmot!"
                         : prom < 0            ? "the person card the drover showed"
                                               : "a blank prominent-person card";
    bool nobody = prom == PROM_BLANK && strcmp(disc, "a blank discovery card") == 0;
    snprintf(c.s, sizeof c.s, "%s, and %s%s", disc, person, nobody ? ": nobody there" : "");
    return c;
}

/* [CK Chance Cards] the card as said where it was drawn: a rain card in the rain says the
 * rain goes on (a referee read "rain sets in" three turns running, and a
 * player saw the board say so under a log that said it went on). */
const char *ck_chance_said(int card, bool rain_went_on)
{
    return rain_went_on ? "rain (it goes on raining)" : ck_chance_words(card);
}

static void view_piece(const CkState *s, int i, Jw *w)
{
    static const char *const persons[] = {"none", "charles", "wilmot"};
    const CkPiece *p = &s->pieces[i];
    jw_obj(w);
    jw_kint(w, "id", i + 1);
    jw_kstr(w, "kind", ck_terrain[p->kind].name);
    jw_kbool(w, "placed", p->placed);
    jw_knum(w, "x", p->x);
    jw_knum(w, "y", p->y);
    jw_knum(w, "r", p->r);
    jw_kbool(w, "searched", p->searched);
    if (p->searched) {
        jw_kstr(w, "discovery", ck_disc_names[p->disc]);
    }
    if (p->searched || p->prom_seen)
        jw_kstr(w, "person", persons[p->prom]);
    jw_obj_end(w);
}

static void view_fig(const CkState *s, int i, Jw *w)
{
    const CkFig *f = &s->figs[i];
    char id[8];
    ck_fig_id(s, i, id);
    jw_obj(w);
    jw_kint(w, "n", i + 1);
    jw_kstr(w, "id", id);
    jw_kstr(w, "type", ck_figs[f->type].name);
    jw_kstr(w, "side", f->side == CK_ROY ? "royalist" : "parliament");
    jw_kstr(w, "status", status_names[f->status]);
    jw_knum(w, "x", f->x);
    jw_knum(w, "y", f->y);
    jw_kbool(w, "mounted", f->mounted);
    jw_kbool(w, "wounded", f->wounded);
    jw_kbool(w, "moved", f->moved);
    jw_kbool(w, "shot", f->shot);
    if (f->type == F_CLUBMAN && f->musket) /* seen on the table: he can shoot */
        jw_kbool(w, "musket", true);
    if (f->status == FS_PRISONER)
        jw_kint(w, "guard", f->guard + 1);
    jw_obj_end(w);
}

void ck_view(const void *st, int player, Jw *w)
{
    static const char *const phases[] = {"terrain", "arrive", "parliament", "royalist", "over", "defend"};
    const CkState *s = st;
    jw_obj(w);
    jw_kstr(w, "game", "catch-a-king");
    jw_kint(w, "turn", s->turn);
    jw_kstr(w, "phase", phases[s->phase]);
    jw_kstr(w, "viewer", player == CK_ROY ? "royalist" : player == CK_PAR ? "parliament" : "spectator");
    jw_kbool(w, "raining", s->raining);
    jw_kstr(w, "last_chance", ck_chance_names[s->last_chance]);
    jw_kint(w, "chance_left", s->nchance);
    jw_knum(w, "entry_x", s->entry_x);
    jw_key(w, "pieces");
    jw_arr(w);
    for (int i = 0; i < CK_PIECES; i++)
        view_piece(s, i, w);
    jw_arr_end(w);
    jw_key(w, "figures");
    jw_arr(w);
    for (int i = 0; i < s->nfigs; i++)
        view_fig(s, i, w);
    jw_arr_end(w);
    if (s->phase == CP_DEFEND) { /* the choice Parliament must make, in the open */
        jw_kint(w, "defender", s->pend_def + 1);
        jw_kint(w, "beaten_charger", s->pend_att + 1);
    }
    if (s->phase == CP_OVER) {
        jw_kint(w, "royalist_points", s->points[CK_ROY]);
        jw_kint(w, "parliament_points", s->points[CK_PAR]);
        jw_kstr(w, "winner", s->winner == 2 ? "draw" : s->winner == CK_ROY ? "royalist" : "parliament");
    }
    jw_obj_end(w);
}

/* Fisher-Yates over n bytes with indices drawn 16 bits at a time, four
 * to a 64-bit word (Lemire's multiply-and-reject, so still unbiased):
 * the AI re-deals before every decision, and a quarter of the draws
 * makes that cheap. */
static void shuffle16(Rng *rng, uint8_t *a, int n)
{
    uint64_t word = 0;
    int left = 0;
    for (int i = n - 1; i > 0; i--) {
        uint32_t span = (uint32_t)i + 1, m, low;
        do {
            if (left == 0)
                word = rng_next(rng), left = 4;
            m = (uint32_t)(word & 0xffff) * span;
            word >>= 16, left--;
            low = m & 0xffff;
        } while (low < span && low < (uint32_t)(65536 % span));
        int j = (int)(m >> 16);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* The discovery cards nobody has seen (under unsearched pieces, and the
 * twelve never dealt), shuffled and dealt back to the same places. */
static void redeal_discovery(CkState *s, Rng *rng)
{
    uint8_t pool[CK_DISC_CARDS], at[CK_PIECES];
    int n = 0, under = 0;
    for (int i = 0; i < CK_PIECES; i++) {
        const CkPiece *p = &s->pieces[i];
        if (p->placed && !p->searched && p->disc != CK_NONE)
            at[under++] = (uint8_t)i, pool[n++] = p->disc;
    }
    memcpy(pool + n, s->disc, (size_t)s->ndisc);
    n += s->ndisc;
    shuffle16(rng, pool, n);
    for (int k = 0; k < under; k++)
        s->pieces[at[k]].disc = pool[k];
    memcpy(s->disc, pool + under, (size_t)s->ndisc);
}

/* The prominent-person cards nobody has seen (under unsearched pieces the
 * drover did not point at, and the six never dealt): all blank but Charles
 * and Wilmot, so a fair shuffle puts the two of them at two random places
 * among the blanks (the same arrangements, equally likely, as a full
 * shuffle gives). */
static void redeal_persons(CkState *s, Rng *rng)
{
    uint8_t *slot[CK_PROM_CARDS], who[2];
    int n = 0, persons = 0;
    for (int i = 0; i < CK_PIECES; i++) {
        CkPiece *p = &s->pieces[i];
        if (p->placed && !p->searched && !p->prom_seen && p->prom != CK_NONE)
            slot[n++] = &p->prom;
    }
    for (int k = 0; k < s->nprom; k++)
        slot[n++] = &s->prom[k];
    for (int k = 0; k < n; k++) {
        if (*slot[k] != PROM_BLANK && persons < 2)
            who[persons++] = *slot[k];
        *slot[k] = PROM_BLANK;
    }
    if (persons == 0)
        return;
    int first = (int)rng_below(rng, (uint32_t)n);
    *slot[first] = who[0];
    if (persons == 2) {
        int second = (int)rng_below(rng, (uint32_t)n - 1);
        *slot[second + (second >= first)] = who[1]; /* a place other than the first */
    }
}

void ck_redeal(void *st, int player, Rng *rng)
{
    CkState *s = st;
    (void)player; /* both players have seen exactly the same cards */
    redeal_discovery(s, rng);
    redeal_persons(s, rng);
    shuffle16(rng, s->chance, s->nchance);
}

/* Lay the cards counted in count[0..kinds) out at `out`, in kind order. */
static void lay_sorted(const int *count, int kinds, uint8_t *out)
{
    for (int kind = 0; kind < kinds; kind++)
        for (int k = 0; k < count[kind]; k++)
            *out++ = (uint8_t)kind;
}

/* Is piece p's discovery card unseen by both players? */
static bool disc_unseen(const CkPiece *p) { return p->placed && !p->searched && p->disc != CK_NONE; }

/* The discovery cards nobody has seen, in card order: first under the
 * unsearched pieces in piece order, then the undealt ones. */
static void conceal_discovery(CkState *s)
{
    int count[DISC_CLUBMEN + 1] = {0}, kind = 0;
    for (int k = 0; k < s->ndisc; k++)
        count[s->disc[k] & 3]++;
    #pragma GCC unroll 12 /* the pieces in a row, as in ck_way_difficult */
    for (int i = 0; i < CK_PIECES; i++)
        if (disc_unseen(&s->pieces[i]))
            count[s->pieces[i].disc & 3]++;
    #pragma GCC unroll 12 /* the pieces in a row, as in ck_way_difficult */
    for (int i = 0; i < CK_PIECES; i++)
        if (disc_unseen(&s->pieces[i])) {
            while (count[kind] == 0)
                kind++;
            s->pieces[i].disc = (uint8_t)kind;
            count[kind]--;
        }
    lay_sorted(count, DISC_CLUBMEN + 1, s->disc); /* the kinds used up count 0 */
}

/* The prominent-person cards nobody has seen: all blank but Charles and
 * Wilmot (those not found yet), the last of them. */
static void conceal_persons(CkState *s)
{
    uint8_t *under[CK_PIECES];
    int count[PROM_WILMOT + 1] = {0}, n = 0;
    #pragma GCC unroll 12 /* the pieces in a row, as in ck_way_difficult */
    for (int i = 0; i < CK_PIECES; i++) {
        CkPiece *p = &s->pieces[i];
        if (p->placed && !p->searched && !p->prom_seen && p->prom != CK_NONE)
            count[p->prom % (PROM_WILMOT + 1)]++, p->prom = PROM_BLANK, under[n++] = &p->prom;
    }
    for (int k = 0; k < s->nprom; k++)
        count[s->prom[k] % (PROM_WILMOT + 1)]++;
    memset(s->prom, PROM_BLANK, s->nprom);
    int last = n + s->nprom; /* places: under the pieces, then the undealt */
    for (int who = PROM_WILMOT; who >= PROM_CHARLES; who--)
        if (count[who] > 0 && last > 0) {
            last--;
            *(last < n ? under[last] : &s->prom[last - n]) = (uint8_t)who;
        }
}

/* The undrawn chance cards in card order. */
static void conceal_chance(CkState *s)
{
    int count[CH_KIND_COUNT] = {0};
    for (int k = 0; k < s->nchance; k++) {
        int c = s->chance[k];
        count[c < CH_KIND_COUNT ? c : c % CH_KIND_COUNT]++; /* the division only for a card out of range */
    }
    lay_sorted(count, CH_KIND_COUNT, s->chance);
}

/* The cards nobody has seen laid out by conceal_discovery, conceal_persons
 * and conceal_chance. */
static void conceal_cards(CkState *s)
{
    conceal_discovery(s);
    conceal_persons(s);
    conceal_chance(s);
}

/* The three decks, with their counts: bytes next to each other in CkState. */
enum { DECKS_AT = offsetof(CkState, chance), DECKS_LEN = offsetof(CkState, nprom) + 1 - offsetof(CkState, chance) };
_Static_assert(DECKS_LEN == CK_CHANCE_CARDS + CK_DISC_CARDS + CK_PROM_CARDS + 3, "the decks lie together");

/* What conceal_cards reads and writes: the pieces and the decks. */
typedef struct CardsOf {
    CkPiece pieces[CK_PIECES];
    uint8_t decks[DECKS_LEN];
} CardsOf;

/* Both players have seen the same cards: the arrangement depends only on
 * which pieces are searched (and shown by the drover) and on what was
 * turned there and drawn, all open. The decks' contents are what the
 * rulebook makes them less the cards seen, so they are open too.
 * The cards change only at a search or a chance card, while the computer
 * players conceal before every decision: the last arrangement is kept in
 * a per-thread memo, keyed by every byte conceal_cards reads, so a hit
 * gives exactly what laying the cards out again would (a pure memo, the
 * only mutable static storage of the game, and per thread). */
/* The last arrangement conceal_cards made (a per-thread memo): `in`, the
 * pieces and decks it read, and `out`, what it made of them. */
typedef struct ConcealMemo {
    bool        valid;
    CardsOf     in, out;
    const void *filled; /* a view (ck_conceal_into) whose pieces and decks are `out` */
} ConcealMemo;
static _Thread_local ConcealMemo conceal_memo;

/* Does the memo hold the arrangement of s's cards? */
static bool conceal_known(const CkState *s)
{
    return conceal_memo.valid && memcmp(conceal_memo.in.pieces, s->pieces, sizeof s->pieces) == 0 &&
           memcmp(conceal_memo.in.decks, (const uint8_t *)s + DECKS_AT, DECKS_LEN) == 0;
}

/* Set the pieces and decks of d to the memo's arrangement. */
static void conceal_from_memo(CkState *d)
{
    memcpy(d->pieces, conceal_memo.out.pieces, sizeof d->pieces);
    memcpy((uint8_t *)d + DECKS_AT, conceal_memo.out.decks, DECKS_LEN);
}

/* The chance deck and its count, first among the decks. */
enum { CHANCE_LEN = CK_CHANCE_CARDS + 1 };
_Static_assert(offsetof(CkState, disc) == offsetof(CkState, chance) + CHANCE_LEN, "the chance deck comes first");

/* Do a and b have the same cards under the same pieces, seen or not (all
 * conceal_discovery and conceal_persons read of the pieces)? Whether a
 * piece without cards (not dealt yet) is placed, searched or shown does
 * not matter to them. */
static bool same_cards(const CkPiece *a, const CkPiece *b)
{
    #pragma GCC unroll 12 /* the pieces in a row, as in ck_way_difficult */
    for (int p = 0; p < CK_PIECES; p++) {
        if (a[p].disc != b[p].disc || a[p].prom != b[p].prom)
            return false;
        if ((a[p].disc != CK_NONE || a[p].prom != CK_NONE) &&
            (a[p].placed != b[p].placed || a[p].searched != b[p].searched || a[p].prom_seen != b[p].prom_seen))
            return false;
    }
    return true;
}

/* conceal_cards where the memo's `in` differs from s only in where the
 * pieces lie (terrain being placed) or in the chance deck (a card drawn),
 * and false elsewhere: the cards under the pieces and the other decks are
 * laid out as the memo's `out` has them, the chance deck from its own. */
static bool conceal_as_memo(CkState *s)
{
    uint8_t *decks = (uint8_t *)s + DECKS_AT;
    const uint8_t *in = conceal_memo.in.decks, *out = conceal_memo.out.decks;
    if (!conceal_memo.valid || !same_cards(conceal_memo.in.pieces, s->pieces) ||
        memcmp(in + CHANCE_LEN, decks + CHANCE_LEN, DECKS_LEN - CHANCE_LEN) != 0)
        return false;
    bool chance = memcmp(in, decks, CHANCE_LEN) == 0;
    for (int p = 0; p < CK_PIECES; p++)
        s->pieces[p].disc = conceal_memo.out.pieces[p].disc, s->pieces[p].prom = conceal_memo.out.pieces[p].prom;
    memcpy(decks + CHANCE_LEN, out + CHANCE_LEN, DECKS_LEN - CHANCE_LEN);
    if (chance)
        memcpy(decks, out, CHANCE_LEN);
    else
        conceal_chance(s);
    return true;
}

void ck_conceal(void *st, int player)
{
    CkState *s = st;
    uint8_t *decks = (uint8_t *)s + DECKS_AT;
    (void)player;
    if (conceal_known(s)) {
        conceal_from_memo(s);
        return;
    }
    CardsOf seen; /* the memo's next `in` */
    memcpy(seen.pieces, s->pieces, sizeof s->pieces);
    memcpy(seen.decks, decks, DECKS_LEN);
#ifndef NDEBUG
    CkState fresh = *s;
    conceal_cards(&fresh);
#endif
    if (!conceal_as_memo(s))
        conceal_cards(s);
    assert(memcmp(fresh.pieces, s->pieces, sizeof s->pieces) == 0 &&
           memcmp((uint8_t *)&fresh + DECKS_AT, decks, DECKS_LEN) == 0);
    conceal_memo.in = seen;
    conceal_memo.filled = NULL;
    memcpy(conceal_memo.out.pieces, s->pieces, sizeof s->pieces);
    memcpy(conceal_memo.out.decks, decks, DECKS_LEN);
    conceal_memo.valid = true;
}

_Static_assert(offsetof(CkState, figs) == offsetof(CkState, pieces) + sizeof(CkPiece) * CK_PIECES &&
                   offsetof(CkState, nfigs) == offsetof(CkState, figs) + sizeof(CkFig) * CK_MAX_FIGS &&
                   offsetof(CkState, chance) == offsetof(CkState, nfigs) + 1,
               "the pieces, the figures, their count, the decks and the rest follow each other without a gap");

/* ck_conceal into a copy, the generator left out: the figures beyond
 * nfigs are never used (they stay zero in every state), so only those on
 * the table are copied, and those the last view had beyond them zeroed;
 * the pieces and decks come from the memo when it holds them, and are
 * left as they are when dst holds them already (it was filled from the
 * memo and not zeroed since: every state has figures). */
void ck_conceal_into(void *dst, const void *st, int player)
{
    enum { REST_AT = DECKS_AT + DECKS_LEN };
    CkState *d = dst;
    const CkState *s = st;
    int had = d->nfigs, n = s->nfigs;
    memcpy(d->figs, s->figs, (size_t)n * sizeof *s->figs);
    if (had > n)
        memset(&d->figs[n], 0, (size_t)(had - n) * sizeof *d->figs);
    d->nfigs = s->nfigs;
    memcpy((uint8_t *)d + REST_AT, (const uint8_t *)s + REST_AT, sizeof *s - REST_AT);
    if (conceal_known(s)) {
        if (conceal_memo.filled != d || had == 0) { /* (no figures: a buffer zeroed since) */
            conceal_from_memo(d);
            conceal_memo.filled = d;
        }
        return;
    }
    memcpy(d->pieces, s->pieces, sizeof s->pieces);
    memcpy((uint8_t *)d + DECKS_AT, (const uint8_t *)s + DECKS_AT, DECKS_LEN);
    ck_conceal(d, player);
    conceal_memo.filled = d;
}

/* ---------------- the table in text ---------------- */

/* The table drawn 2" to a character: cell (row r from the south, column c
 * from the west) holds 2r <= y < 2r + 2 and 2c <= x < 2c + 2 (the north
 * and east edges themselves in the last row and column). Beside it, the
 * pieces and the key. */
enum { MAP = CK_MAP, SIDE_W = 48 };
typedef struct Board {
    char    map[MAP][MAP + 1];   /* map[0]: the north row */
    uint8_t figs[MAP][MAP];      /* free figures standing in each cell */
    uint8_t sides[MAP][MAP];     /* ... of which sides, as bits (1 << side) */
    uint8_t held[MAP][MAP];      /* prisoners standing in each cell */
    char    side[MAP][SIDE_W];   /* printed right of each row */
} Board;

/* Each kind's letter on the map, in CkTerrainKind order (ck_text.c reads
 * them too: a piece may be named by its letter). */
const char ck_terrain_marks[T_KIND_COUNT + 1] = "vmwhf~";

/* The 2" cell of a coordinate as shown, to 0.1" (rounded to nearest, not
 * cut: 13.999 is shown 14.0, and drawn in the cell from 14"). */
static int cell_of(float v)
{
    int c = (int)floorf(roundf(v * 10) / 20);
    return c < 0 ? 0 : c >= MAP ? MAP - 1 : c;
}

static bool on_map(const CkFig *f) { return f->status == FS_ACTIVE || f->status == FS_PRISONER; }

/* Does piece p take in map cell (row r, column c)? Its edge within 0.3"
 * of the cell's middle: a 6" piece centred on a cell's corner drew as 2 x
 * 2 cells when its edge had to reach the middle (a play-tester's marsh). */
static bool cell_in_piece(const CkPiece *p, int r, int c)
{
    return p->placed && ck_dist((float)c * 2 + 1, (float)r * 2 + 1, p->x, p->y) <= p->r + 0.3f;
}

static void draw_pieces(const CkState *s, Board *b)
{
    for (int i = 0; i < CK_PIECES; i++) {
        const CkPiece *p = &s->pieces[i];
        for (int r = 0; r < MAP; r++)
            for (int c = 0; c < MAP; c++)
                if (cell_in_piece(p, r, c))
                    b->map[MAP - 1 - r][c] = p->searched ? ',' : ck_terrain_marks[p->kind];
    }
}

/* The piece drawn in map cell (row r, column c): the last that takes it
 * in, as draw_pieces draws them; -1 for open ground. */
static int cell_piece(const CkState *s, int r, int c)
{
    int owner = -1;
    for (int i = 0; i < CK_PIECES; i++)
        if (cell_in_piece(&s->pieces[i], r, c))
            owner = i;
    return owner;
}

/* May piece i's number, len digits, start at column c of row r when slid
 * off its centre: on the map, over no figure and no other number, each
 * cell its own piece's or open ground, one at least its own (so it reads
 * as the piece's, not as a neighbour's). */
static bool number_fits(const CkState *s, const Board *b, int i, int r, int c, int len)
{
    if (c < 0 || c + len > MAP)
        return false;
    bool own = false;
    for (int k = c; k < c + len; k++) {
        int p = cell_piece(s, r, k);
        char at = b->map[MAP - 1 - r][k];
        if (b->figs[r][k] || b->held[r][k] || (at >= '0' && at <= '9') || (p >= 0 && p != i))
            return false;
        own |= p == i;
    }
    return own;
}

/* Piece i's number, always on the row of its centre (the row is the
 * centre's y, which a play-tester read off it): at the centre's cell (a
 * two-digit one over the two cells nearest the centre); where a figure
 * stands there, slid along the row to the nearest place that is clear
 * of figures and still on the piece (number_fits; the west one of two
 * as near), rather than up or down a row, which read as another y. Left
 * out where the row has no such place (the list beside the map gives
 * the centre). */
static void draw_number(const CkState *s, int i, Board *b)
{
    const CkPiece *p = &s->pieces[i];
    char num[4];
    int len = snprintf(num, sizeof num, "%d", i + 1), c0 = cell_of(p->x), r = cell_of(p->y);
    if (len == 2 && (p->x - (float)c0 * 2 < 1 || c0 == MAP - 1))
        c0 = c0 > 0 ? c0 - 1 : c0;
    int at = -1;
    if (c0 + len <= MAP && !b->figs[r][c0] && !b->held[r][c0] &&
        !(len == 2 && (b->figs[r][c0 + 1] || b->held[r][c0 + 1])))
        at = c0;
    float best = INFINITY;
    for (int c = c0 - 3; at != c0 && c <= c0 + 3; c++) { /* (west to east: the west one wins a tie) */
        float off = fabsf((float)(2 * c + len) - p->x); /* the number's middle from the centre */
        if (c != c0 && off < best && number_fits(s, b, i, r, c, len))
            best = off, at = c;
    }
    if (at >= 0)
        memcpy(&b->map[MAP - 1 - r][at], num, (size_t)len);
}

/* Charles and Wilmot, free or taken, over whatever shares their cell (the
 * men both sides watch, often ringed by guards or beside their own; the
 * list under the map says who else stands there): Wilmot, then Charles,
 * so that Charles shows where both stand. */
static void draw_persons(const CkState *s, Board *b)
{
    static const int persons[] = {F_WILMOT, F_CHARLES}; /* Charles last: he shows where both stand */
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < s->nfigs; i++) {
            const CkFig *f = &s->figs[i];
            if (f->type == persons[k] && on_map(f))
                b->map[MAP - 1 - cell_of(f->y)][cell_of(f->x)] = ck_figs[f->type].letter;
        }
}

/* Figures by letter; a cell holding two or more free figures '+' when
 * they are all Parliament's, '*' all the Royalists', '#' both sides' (a
 * play-tester could not tell a trooper among clubmen from a crowd of
 * clubmen); a prisoner 'p' where no free figure stands (his guard or any
 * other there hides him: the list below the map names him; the key said
 * "unless his guard shares the cell" until a play-tester found a free
 * clubman hiding a prisoner); then draw_persons. */
static void draw_figures(const CkState *s, Board *b)
{
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *f = &s->figs[i];
        if (on_map(f))
            (f->status == FS_PRISONER ? b->held : b->figs)[cell_of(f->y)][cell_of(f->x)]++;
        if (on_map(f) && f->status != FS_PRISONER)
            b->sides[cell_of(f->y)][cell_of(f->x)] |= (uint8_t)(1u << f->side);
    }
    static const char crowd[4] = {'?', '*', '+', '#'}; /* by sides: Royalists 1, Parliament 2, both 3 */
    _Static_assert(CK_ROY == 0 && CK_PAR == 1, "crowd[] is indexed by 1 << side");
    for (int i = 0; i < CK_PIECES; i++)
        if (s->pieces[i].placed)
            draw_number(s, i, b);
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *f = &s->figs[i];
        int r = cell_of(f->y), c = cell_of(f->x), free = b->figs[r][c];
        if (on_map(f) && (f->status == FS_PRISONER) == (free == 0))
            b->map[MAP - 1 - r][c] = free > 1 ? crowd[b->sides[r][c]] : free ? ck_figs[f->type].letter : 'p';
    }
    draw_persons(s, b);
}

/* [CK Game set up] a piece beside the map: number, kind, radius, then its
 * centre and whether searched (or shown by the drover [CK Chance Cards]:
 * a person he found stands on the map), or (terrain going down) whether
 * it is the next to place: pieces go down in their order. Never a card
 * nobody has seen. */
static void piece_line(const CkState *s, int i, int next, char *out)
{
    const CkPiece *p = &s->pieces[i];
    int len = snprintf(out, SIDE_W, "%2d %-7s r%-4g", i + 1, ck_terrain[p->kind].name, p->r);
    if (p->placed)
        snprintf(out + len, SIDE_W - (size_t)len, "(%4.1f, %4.1f)%s", p->x, p->y,
                 p->searched ? " searched" : p->prom_seen ? " drover: shown" : "");
    else
        snprintf(out + len, SIDE_W - (size_t)len, "%s", i == next ? "<- next to place" : "waiting");
}

/* Add `item` to the key beside the map from row *row on, wrapping. */
static void key_add(Board *b, int *row, const char *item)
{
    size_t have = strlen(b->side[*row]), len = strlen(item);
    if (have && have + 2 + len >= SIDE_W - 4 && *row < MAP - 1)
        have = strlen(b->side[++*row]);
    snprintf(b->side[*row] + have, SIDE_W - have, "%s%s", have ? "  " : "", item);
}

static void draw_key(Board *b, int row)
{
    char item[32];
    snprintf(b->side[row++], SIDE_W, "a character is 2\" square: row 12 holds");
    snprintf(b->side[row++], SIDE_W, "12 <= y < 14, column 8 (below) 8 <= x < 10");
    for (int k = 0; k < T_KIND_COUNT; k++) {
        snprintf(item, sizeof item, "%c %s", ck_terrain_marks[k], ck_terrain[k].name);
        key_add(b, &row, item);
    }
    key_add(b, &row, ", searched");
    key_add(b, &row, "1-12 piece numbers");
    row++;
    for (int t = 0; t < F_TYPE_COUNT; t++) {
        snprintf(item, sizeof item, "%c %s", ck_figs[t].letter, ck_fig_noun(t, 1));
        key_add(b, &row, item);
    }
    key_add(b, &row, "+ 2+ Parliament");
    key_add(b, &row, "* 2+ Royalists");
    key_add(b, &row, "# both sides");
    key_add(b, &row, "(X, W shown among them)");
    key_add(b, &row, "p prisoner, where no free figure stands");
    key_add(b, &row, "(X, W taken too)");
}

static void draw_side(const CkState *s, Board *b)
{
    int next = ck_next_piece(s);
    snprintf(b->side[0], SIDE_W, "pieces: number, kind, radius, centre");
    for (int i = 0; i < CK_PIECES; i++)
        piece_line(s, i, next, b->side[1 + i]);
    draw_key(b, CK_PIECES + 2);
}

/* [CK Game set up] while the terrain goes down: the squares still to get
 * a piece (ecw's reading of the spread, check_spread in ck_setup.c). */
static void render_spread(const CkState *s, FILE *out)
{
    unsigned empty = ck_empty_squares(s);
    fprintf(out, "   spread: every square (x and y cut at 8, 18.7, 29.3, 40) needs a piece\n   empty:");
    for (int k = 0; k < 9; k++)
        if (empty >> k & 1)
            fprintf(out, " %s", ck_square_names[k]);
    fprintf(out, "%s\n", empty ? "" : " none");
}

/* The x of every fourth column, under it (the last, 48, past the east edge). */
static void render_columns(FILE *out)
{
    fprintf(out, "   ");
    for (int c = 0; c <= MAP; c += 4)
        fprintf(out, c < MAP ? "%-4d" : "%d\n", c * 2);
}

/* [CK Movement and Ranges] what figure f of the side moving may still do
 * this phase, for the roster: "  move 8.0\"" (his move from where he
 * stands, halved for the ground there, a shot first, a change or a wound;
 * marsh, woods or fields on the way halve it again), "  moved" once he
 * has ("  moved, shot" once he has shot too); "" for the other side's
 * figures and out of the moving phases. */
static void still_to_do(const CkState *s, const CkFig *f, char *out, size_t n)
{
    bool moving = (s->phase == CP_PARLIAMENT || s->phase == CP_ROYALIST) && f->side == s->to_act;
    if (!moving || f->status != FS_ACTIVE)
        snprintf(out, n, "%s", "");
    else if (f->aimed && s->figs[f->shot_at].status == FS_ACTIVE) { /* (together=yes; a man gone is aimed at no more) */
        char t[8];
        ck_fig_id(s, f->shot_at, t);
        if (f->moved) /* (one who aimed after moving was shown "moved" alone: a play-tester lost track of the aims) */
            snprintf(out, n, "  moved, aiming at %s", t);
        else
            snprintf(out, n, "  aiming at %s, move %.1f\"", t, (double)ck_move_allowance(s, f));
    } else if (f->moved && f->shot && f->shot_at == CK_NONE) /* a charge or a ride up to take a man is his whole turn
                                                               * (a play-tester read "moved, shot" of a charger) */
        snprintf(out, n, "%s", "  done (charged or took a man)");
    else if (f->moved) /* (a referee could not tell from the roster who had shot after moving) */
        snprintf(out, n, "  moved%s", f->shot ? ", shot" : "");
    else
        snprintf(out, n, "  %smove %.1f\"", f->shot ? "shot, " : "", (double)ck_move_allowance(s, f));
}

/* The roster under the map: Parliament's figures, then the Royalists'
 * (each side in the order its figures came on), the piece each stands on,
 * a prisoner with his guard (a play-tester had to work these out from the
 * positions), and on foot where a horseman or Wilmot was taken
 * [CK Captured Persons] (a play-tester read "horseman" as mounted). */
static void render_roster(const CkState *s, FILE *out)
{
    static const int sides[2] = {CK_PAR, CK_ROY};
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < s->nfigs; i++) {
            const CkFig *f = &s->figs[i];
            if (!on_map(f) || f->side != sides[k])
                continue;
            char id[8], todo[32], held[40] = "", ground[48] = "";
            ck_fig_id(s, i, id);
            still_to_do(s, f, todo, sizeof todo);
            if (f->status == FS_PRISONER) {
                char guard[8];
                ck_fig_id(s, f->guard, guard);
                bool afoot = ck_figs[f->type].mounted && !f->mounted; /* taken mounted troops go on foot */
                snprintf(held, sizeof held, " %sprisoner of %s", afoot ? "on foot, " : "", guard);
            }
            int p = ck_piece_at(s, f->x, f->y);
            if (p >= 0) /* the map's 2" squares show a piece's edge only roughly (a play-tester's) */
                snprintf(ground, sizeof ground, " %s the %s (%d)", ck_terrain[s->pieces[p].kind].hill ? "on" : "in",
                         ck_terrain[s->pieces[p].kind].name, p + 1);
            /* the point told as the log tells it (a play-tester read "(27.0, 15.2)" here and "from (26.99, 15.2)" in
             * the log as two places), in a column as wide as the widest, "(26.99, 15.25)", where more follows (a
             * referee saw the column broken) */
            char at[40], rest[160];
            snprintf(at, sizeof at, "(%4s, %4s)", ck_inch(f->x).s, ck_inch(f->y).s);
            snprintf(rest, sizeof rest, "%s%s%s%s%s%s", ground,
                     f->type == F_CLUBMAN && f->musket ? (held[0] ? " with a musket," : " with a musket") : "", held,
                     f->wounded ? " wounded" : "", f->type == F_DRAGOON && !f->mounted ? " on foot" : "",
                     todo); /* (the musket his own, not his guard's) */
            /* every note two spaces after the column (a play-tester saw "in the field" one column left of
             * "moved": the ground's note began with one space, what is left to do with two) */
            fprintf(out, " %-4s %-15s %-*s%s%s\n", id, ck_fig_noun(f->type, 1), rest[0] ? 14 : 0, at,
                    rest[0] == ' ' && rest[1] != ' ' ? " " : "", rest);
        }
}

/* The map's rows with what is beside them, the north row first. */
static void print_map(const Board *b, FILE *out)
{
    fprintf(out, "   north edge: Royalists leave here\n");
    for (int r = 0; r < MAP; r++)
        fprintf(out, "%2d %s%s%s\n", (MAP - 1 - r) * 2, b->map[r], b->side[r][0] ? "  " : "", b->side[r]);
    render_columns(out);
}

/* The table as ck_render draws it, with marks[r][c] (r from the south; 0
 * none) drawn over the ground and under the figures, and `key`
 * (NULL-terminated) beside it in place of the pieces and their key. */
void ck_render_marked(const CkState *s, const char marks[CK_MAP][CK_MAP], const char *const *key, FILE *out)
{
    Board b;
    memset(&b, 0, sizeof b);
    for (int r = 0; r < MAP; r++)
        memset(b.map[r], '.', MAP);
    draw_pieces(s, &b);
    for (int r = 0; r < MAP; r++)
        for (int c = 0; c < MAP; c++)
            if (marks[r][c])
                b.map[MAP - 1 - r][c] = marks[r][c];
    draw_figures(s, &b);
    for (int k = 0; key[k] && k < MAP; k++)
        snprintf(b.side[k], SIDE_W, "%s", key[k]);
    print_map(&b, out);
}

/* What became of a figure no longer on the map, as the roster's last line
 * says it; NULL for one still there. */
static const char *gone_how(const CkFig *f)
{
    switch (f->status) {
    case FS_DEAD: return "dead";
    case FS_ESCORTED: return "led off a prisoner";
    case FS_EXITED: return f->side == CK_PAR ? "left with his prisoners" : "got away north";
    default: return NULL;
    }
}

/* [CK Captured Persons] [CK Combat Outcomes] the figures no longer on the
 * map and why, under the roster: a referee found troopers gone from it
 * without a word, and had to search the log for their fate. */
static void render_gone(const CkState *s, FILE *out)
{
    char line[CK_MAX_FIGS * 32] = " off the table:";
    size_t len = strlen(line);
    int n = 0;
    for (int i = 0; i < s->nfigs; i++) {
        const char *how = gone_how(&s->figs[i]);
        if (!how)
            continue;
        char id[8];
        ck_fig_id(s, i, id);
        int w = snprintf(line + len, sizeof line - len, "%s %s %s", n++ ? "," : "", id, how);
        len += w > 0 && (size_t)w < sizeof line - len ? (size_t)w : 0;
    }
    if (n)
        wrap_fputs(out, 3, line);
}

/* The prompt's `roster`: the turn, the figures and those gone, without
 * the map (a solo player asked for the list and had the whole board
 * redrawn). */
void ck_roster(const void *st, int player, FILE *out)
{
    const CkState *s = st;
    (void)player; /* the table is open */
    if (s->phase == CP_TERRAIN)
        fprintf(out, "Before turn 1: no figure is on the table yet\n");
    else
        fprintf(out, "Turn %d/%d%s\n", s->turn, CK_TURNS, s->raining ? "  raining" : "");
    render_roster(s, out);
    render_gone(s, out);
}

void ck_render(const void *st, int player, FILE *out)
{
    const CkState *s = st;
    Board b;
    memset(&b, 0, sizeof b);
    (void)player; /* the table is open; cards under pieces are never drawn */
    for (int r = 0; r < MAP; r++)
        memset(b.map[r], '.', MAP);
    draw_pieces(s, &b);
    draw_figures(s, &b);
    draw_side(s, &b);
    if (s->phase == CP_TERRAIN)
        fprintf(out, "Before turn 1: the Royalist side places the terrain (place N X Y, or place KIND X Y)\n");
    else
        fprintf(out, "Turn %d/%d%s  chance: %s\n", s->turn, CK_TURNS, s->raining ? "  raining" : "",
                ck_chance_said(s->last_chance, s->rain_went_on));
    if (s->phase == CP_ARRIVE) { /* (after --load the arrivals line was gone: a play-tester could not see his band) */
        char said[160];
        ck_arrivals_said(s, said, sizeof said);
        fprintf(out, "%s ('arrive X Y' sets them down in a row from that point)\n", said);
    }
    if (s->phase == CP_DEFEND) {
        char def[8], att[8];
        ck_fig_id(s, s->pend_def, def);
        ck_fig_id(s, s->pend_att, att);
        fprintf(out, "Parliament chooses: %s charged %s and was beaten; 'capture %s %s' takes him prisoner, 'end' "
                     "lets him go (%s)\n",
                att, def, def, att, s->pend_wound >= 4 ? "he stays, wounded" : "he recoils");
    }
    print_map(&b, out);
    fprintf(out, "   south edge: Parliament enters at x=%.0f\n", s->entry_x);
    if (s->phase == CP_TERRAIN && !s->spread_free)
        render_spread(s, out);
    render_roster(s, out);
    render_gone(s, out);
}
