/* ck_measure.c - the prompt's `measure`: what a player would find with his
 * tape on the table, between two figures or a figure and a point: how far,
 * whether one can see the other, whether each is in the other's range (and
 * half range), and how far each could move from where he stands. A
 * play-tester had to work every one of these out by hand, and wasted a
 * move on a shot a wood's edge hid. It reads the open table only. */
#include "ck.h"
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* "S1 shot (20.0, 30.0)". */
static void name_at(const CkState *s, int i, char *out, size_t n)
{
    char id[8];
    ck_fig_id(s, i, id);
    const CkFig *f = &s->figs[i];
    snprintf(out, n, "%s %s (%s, %s)", id, ck_fig_noun(f->type, 1), ck_inch(f->x).s, ck_inch(f->y).s);
}

/* Where (x, y) lies: "in the wood (piece 3)", "on the hill (piece 6)" or
 * "in the open". */
static void ground_at(const CkState *s, float x, float y, char *out, size_t n)
{
    int p = ck_piece_at(s, x, y);
    if (p < 0)
        snprintf(out, n, "in the open");
    else
        snprintf(out, n, "%s the %s (piece %d)", ck_terrain[s->pieces[p].kind].hill ? "on" : "in",
                 ck_terrain[s->pieces[p].kind].name, p + 1);
}

/* [CK Movement and Ranges] whether a and b can see each other, and if not
 * what hides one from the other (ck_sight_blocker). */
static void say_sight(const CkState *s, const CkFig *a, const CkFig *b, FILE *out)
{
    const CkFig *deep = NULL;
    int p = ck_sight_blocker(s, a, b, &deep);
    if (p < 0) {
        fprintf(out, "  sight: clear\n");
        return;
    }
    const char *kind = ck_terrain[s->pieces[p].kind].name;
    if (!deep) {
        fprintf(out, "  sight: none, the %s (piece %d) stands between them\n", kind, p + 1);
        return;
    }
    char id[8];
    ck_fig_id(s, (int)(deep - s->figs), id);
    fprintf(out, "  sight: none, %s stands more than 1\" inside the %s (piece %d) (seen only from within it)\n", id,
            kind, p + 1);
}

/* [CK Shooting factors] figure i's range, and whether a point `dist`
 * inches off is within it and within half of it (+1). */
static void say_range(const CkState *s, int i, float dist, const char *whom, FILE *out)
{
    const CkFig *f = &s->figs[i];
    char id[8];
    ck_fig_id(s, i, id);
    float range = ck_figs[f->type].range;
    if (f->status != FS_ACTIVE)
        fprintf(out, "  %s is a prisoner: he shoots at nobody\n", id);
    else if (range <= 0)
        fprintf(out, "  %s cannot shoot\n", id);
    else if (f->type == F_CLUBMAN && !f->musket)
        fprintf(out, "  %s has no musket\n", id);
    else if (dist > range)
        fprintf(out, "  %s shoots %.0f\": %s is out of range, %.2f\" beyond it\n", id, (double)range, whom,
                (double)(dist - range));
    else
        fprintf(out, "  %s shoots %.0f\": %s is in range%s\n", id, (double)range, whom,
                dist <= range / 2 ? ", within half range (+1)" : "");
}

/* Is `side` moving now (its phase of the turn)? */
static bool side_moving(const CkState *s, int side)
{
    return (s->phase == CP_PARLIAMENT && side == CK_PAR) || (s->phase == CP_ROYALIST && side == CK_ROY);
}

/* [CK Movement and Ranges] figure f as his move to come finds him: while
 * his side moves, as he stands, with *again false, unless he has moved;
 * else as his side's next phase will find him, none of this phase's shot
 * or change counting, with *again true (a play-tester was told a trooper
 * who had moved still had 8", and a Royalist the half move his last
 * turn's shot had left him). */
static CkFig as_he_moves(const CkState *s, const CkFig *f, bool *again)
{
    CkFig g = *f;
    *again = !side_moving(s, f->side) || f->moved;
    if (*again)
        g.moved = g.shot = g.half = g.changed_mount = g.half_moved = g.aimed = 0;
    return g;
}

/* [CK Movement and Ranges] the move figure f has to come from where he
 * stands (ck_move_allowance: the ground there, a shot first, a wound). */
static float move_to_come(const CkState *s, const CkFig *f, bool *again)
{
    CkFig g = as_he_moves(s, f, again);
    return ck_move_allowance(s, &g);
}

/* [CK Movement and Ranges] how far figure i may move from where he stands
 * (as_he_moves), against `need` inches to where the player means; to a
 * point (at, not NULL), the straight way's own allowance, halved again for
 * rough ground it enters or ends in, and why (a play-tester lost three
 * searches to a field that halved the move into it, unwarned). */
static void say_move(const CkState *s, int i, float need, const char *to, const float *at, FILE *out)
{
    const CkFig *f = &s->figs[i];
    char id[8];
    ck_fig_id(s, i, id);
    if (f->status != FS_ACTIVE) {
        fprintf(out, "  %s is not free to move\n", id);
        return;
    }
    bool again;
    CkFig g = as_he_moves(s, f, &again);
    int from = ck_piece_at(s, g.x, g.y);
    float allow = at ? ck_move_allowance_from(s, &g, from, at[0], at[1]) : ck_move_allowance_on(s, &g, from);
    char why[128] = "";
    if (at && allow < ck_fig_rate(s, &g) - 1e-3f)
        ck_halved_because(s, &g, from, at[0], at[1], false, allow, why, sizeof why);
    if (!again)
        fprintf(out, "  %s may still move %.1f\"%s", id, (double)allow, why);
    else if (side_moving(s, f->side))
        fprintf(out, "  %s has moved; the next time his side moves, %.1f\"%s", id, (double)allow, why);
    else
        fprintf(out, "  %s moves %.1f\"%s when his side next moves,", id, (double)allow, why);
    if (need <= allow + (at ? CK_REACH_GRACE : CK_CONTACT_SLACK)) /* a typed point's grace; none to a base */
        fprintf(out, " from where he stands: %s is within it\n", to);
    else
        fprintf(out, " from where he stands: %s is %.2f\" beyond it\n", to, (double)(need - allow));
}

/* measure A B: two figures. */
static void measure_figs(const CkState *s, int i, int j, FILE *out)
{
    const CkFig *a = &s->figs[i], *b = &s->figs[j];
    char na[48], nb[48], ia[8], ib[8];
    name_at(s, i, na, sizeof na);
    name_at(s, j, nb, sizeof nb);
    ck_fig_id(s, i, ia);
    ck_fig_id(s, j, ib);
    float dist = ck_dist(a->x, a->y, b->x, b->y), gap = dist - ck_fig_radius(a) - ck_fig_radius(b);
    fprintf(out, "%s and %s:\n  %.2f\" apart, centre to centre; %.2f\" between their bases%s\n", na, nb,
            (double)dist, (double)(gap > 0 ? gap : 0), ck_in_contact(a, b) ? " (in contact)" : "");
    say_sight(s, a, b, out);
    char to_b[32], to_a[32];
    snprintf(to_b, sizeof to_b, "%s's base", ib);
    snprintf(to_a, sizeof to_a, "%s's base", ia);
    bool friends = a->side == b->side; /* (an auditor was told one horseman had another in his range) */
    if (friends)
        fprintf(out, "  both %s: neither shoots at nor charges the other\n", a->side == CK_PAR ? "Parliament's" : "Royalists");
    else
        say_range(s, i, dist, ib, out), say_range(s, j, dist, ia, out);
    say_move(s, i, gap, to_b, NULL, out);
    say_move(s, j, gap, to_a, NULL, out);
    if (!friends)
        fprintf(out, "  (a charge needs a clear way too, and rough ground on the way halves a move)\n");
}

/* [CK Movement and Ranges] does f stand deeper than 1" inside a piece
 * that hides him (a wood or building, not a hill), where no move outside
 * it shows him? (as ck_sight_blocker's `deep`) */
static bool deep_in_cover(const CkState *s, const CkFig *f)
{
    for (int i = 0; i < CK_PIECES; i++) {
        const CkPiece *p = &s->pieces[i];
        if (p->placed && ck_terrain[p->kind].blocks_sight && !ck_terrain[p->kind].hill &&
            ck_dist(f->x, f->y, p->x, p->y) < p->r - 1.0f)
            return true;
    }
    return false;
}

/* [CK Shooting factors] [CK Playing the Game] could f shoot a man dist
 * inches off, seen or not (sees), hidden deep in a piece or not (hidden:
 * no move outside it shows him): "half" (within half range and sight,
 * +1), "yes" (range and sight), "moving" (not from where he stands, but
 * within his move to come and his range: he may move, then shoot), "no",
 * or "-" for one who cannot shoot. A play-tester was told a cavalryman
 * 9.5" off did not shoot him, who then moved 7.9" and shot him dead. */
static const char *shoots_word(const CkState *s, const CkFig *f, float dist, bool sees, bool hidden)
{
    float r = ck_figs[f->type].range;
    bool again;
    if (f->status != FS_ACTIVE || !ck_armed(f))
        return "-";
    as_he_moves(s, f, &again);
    if (!again && f->shot) /* (his side moves, and he has shot this turn) */
        return "has shot";
    if (sees && dist <= r)
        return dist <= r / 2 ? "half" : "yes";
    if (hidden || dist > move_to_come(s, f, &again) + r)
        return "no";
    /* one who has moved in his side's move shoots after a move only the next time (a referee read "moving" of
     * such a dragoon as a shot still to come) */
    return again && side_moving(s, f->side) ? "next turn" : "moving";
}

/* [CK Movement and Ranges] does b's straight charge reach a: his move to
 * come, halved for rough ground the straight way enters or ends in, as a
 * move to the point where his base would touch a's is (a solo player was
 * told two troopers reached Wilmot 1.6" inside a wood, where their moves
 * were halved short of him). */
static bool reaches_straight(const CkState *s, const CkFig *b, const CkFig *a, float dist, float gap)
{
    bool again;
    CkFig g = as_he_moves(s, b, &again);
    float t = dist > 0 ? gap / dist : 0; /* b's centre moved along the line until the bases touch */
    float x = b->x + (a->x - b->x) * t, y = b->y + (a->y - b->y) * t;
    return gap <= ck_move_allowance_from(s, &g, ck_piece_at(s, g.x, g.y), x, y) + CK_CONTACT_SLACK;
}

/* How many enemies `measure A` lists, the nearest first. */
enum { MEASURE_NEAREST = 6 };

/* [CK Movement and Ranges] measure A: the enemies nearest figure i, one a line:
 * how far apart, whether they see each other, whether each
 * is in the other's range and the other's move reaches him (the solo
 * player wanted the nearest enemies without measuring them one by one). */
static void measure_nearest(const CkState *s, int i, FILE *out)
{
    const CkFig *a = &s->figs[i];
    int near[CK_MAX_FIGS], n = 0;
    float far[CK_MAX_FIGS];
    for (int j = 0; j < s->nfigs; j++) /* (insertion by distance: a few dozen at most) */
        if (s->figs[j].side != a->side && s->figs[j].status == FS_ACTIVE) {
            float dj = ck_dist(a->x, a->y, s->figs[j].x, s->figs[j].y);
            int y = n++;
            for (; y > 0 && dj < far[y - 1]; y--)
                near[y] = near[y - 1], far[y] = far[y - 1];
            near[y] = j, far[y] = dj;
        }
    char na[48], ia[8];
    name_at(s, i, na, sizeof na);
    ck_fig_id(s, i, ia);
    if (n == 0) {
        fprintf(out, "%s: no enemy on the table\n", na);
        return;
    }
    fprintf(out, "%s, the nearest enemies ('measure %s B' tells more):\n", na, ia);
    /* the columns named by A, whichever side asks (a referee read "your range" of an enemy's H1 as his own) */
    char shoots[16], shot[16], reached[16];
    snprintf(shoots, sizeof shoots, "%s shoots", ia);
    snprintf(shot, sizeof shot, "shoots %s", ia);
    snprintf(reached, sizeof reached, "reaches %s", ia);
    fprintf(out, "  %-4s %-15s %8s  %-5s  %-10s  %-9s  %s\n", "who", "what", "apart", "sight", shoots, shot, reached);
    for (int k = 0; k < n && k < MEASURE_NEAREST; k++) {
        const CkFig *b = &s->figs[near[k]];
        char ib[8];
        ck_fig_id(s, near[k], ib);
        float dist = ck_dist(a->x, a->y, b->x, b->y), gap = dist - ck_fig_radius(a) - ck_fig_radius(b);
        const CkFig *deep = NULL;
        bool sees = ck_sight_blocker(s, a, b, &deep) < 0;
        fprintf(out, "  %-4s %-15s %7.2f\"  %-5s  %-10s  %-9s  %s\n", ib, ck_fig_noun(b->type, 1), (double)dist,
                sees ? "yes" : "no", shoots_word(s, a, dist, sees, deep_in_cover(s, b)),
                shoots_word(s, b, dist, sees, deep_in_cover(s, a)),
                reaches_straight(s, b, a, dist, gap) ? "yes" : "no");
    }
    fprintf(out, "  (moving: after a move, if he may still shoot; next turn: after his next move, having moved;\n"
                 "  reaches: straight, his move halved for rough ground on the way or where he would stop;\n"
                 "  a way round, or a clear way, 'odds charge' tells for sure)\n");
}

/* measure A X Y: a figure and a point. */
static void measure_point(const CkState *s, int i, float x, float y, FILE *out)
{
    const CkFig *a = &s->figs[i];
    char na[48], ground[64];
    name_at(s, i, na, sizeof na);
    ground_at(s, x, y, ground, sizeof ground);
    float dist = ck_dist(a->x, a->y, x, y);
    fprintf(out, "%s to (%s, %s), %s:\n  %.2f\" apart\n", na, ck_inch(x).s, ck_inch(y).s, ground,
            (double)dist);
    say_range(s, i, dist, "the point", out);
    say_move(s, i, dist, "the point", (const float[2]){x, y}, out);
}

/* What an enemy could do to a figure of ours standing in a cell. */
enum { THREAT_NONE, THREAT_SHOT, THREAT_CHARGE };

/* [CK Movement and Ranges] [CK Shooting factors] [CK Playing the Game]
 * what enemy b could do, when his side next moves, to figure `me`
 * (standing where he is put): a charge if the gap between their bases is
 * within b's move to come, halved for rough ground on the straight way or
 * where he would stop (measure's "reaches", reaches_straight), else a
 * shot if me is in his range and sight, or within his move and his range
 * and not hidden deep in a piece (he may move, then shoot: a
 * play-tester's cavalryman 9.5" off was shown no threat, and moved 7.9"
 * and shot). */
static int threat_of(const CkState *s, const CkFig *b, const CkFig *me)
{
    bool again;
    float dist = ck_dist(b->x, b->y, me->x, me->y), gap = dist - ck_fig_radius(b) - ck_fig_radius(me);
    float move = move_to_come(s, b, &again), range = ck_figs[b->type].range;
    if (gap <= move + CK_CONTACT_SLACK && reaches_straight(s, b, me, dist, gap))
        return THREAT_CHARGE;
    if (!ck_armed(b))
        return THREAT_NONE;
    if (dist <= range && ck_sight_blocker(s, b, me, NULL) < 0)
        return THREAT_SHOT;
    return dist <= move + range && !deep_in_cover(s, me) ? THREAT_SHOT : THREAT_NONE;
}

/* Under the map: each figure of `player`'s the enemy could strike when
 * his side next moves, and who (the map draws a man's letter over his own
 * square, so it cannot show his; a play-tester had to read the squares
 * beside him). */
static void threats_to_figures(const CkState *s, int player, FILE *out)
{
    int n = 0;
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *me = &s->figs[i];
        if (me->side != player || me->status != FS_ACTIVE)
            continue;
        char charge[CK_MAX_FIGS * 5] = "", shot[CK_MAX_FIGS * 5] = "", id[8]; /* (room for every enemy's id) */
        for (int j = 0; j < s->nfigs; j++) {
            const CkFig *b = &s->figs[j];
            int t = b->side != player && b->status == FS_ACTIVE ? threat_of(s, b, me) : THREAT_NONE;
            char *to = t == THREAT_CHARGE ? charge : t == THREAT_SHOT ? shot : NULL;
            if (!to)
                continue;
            ck_fig_id(s, j, id);
            size_t len = strlen(to);
            snprintf(to + len, sizeof charge - len, "%s%s", len ? " " : "", id);
        }
        if (!charge[0] && !shot[0])
            continue;
        ck_fig_id(s, i, id);
        fprintf(out, "%s  %-4s %s%s%s%s%s\n", n++ ? "" : "yours in reach:\n", id, charge[0] ? "charge: " : "", charge,
                charge[0] && shot[0] ? "; " : "", shot[0] ? "shot: " : "", shot);
    }
    if (!n)
        fprintf(out, "none of yours is within an enemy's charge or shot\n");
}

/* [CK Movement and Ranges] the prompt's `threats`: each 2" cell marked '!'
 * where an enemy's charge could reach a figure of `player`'s standing in
 * its middle when the enemy's side next moves, ':' where only a shot
 * could (a solo player wanted to see at a glance where a trooper would be
 * safe, without measuring every enemy from every point). The charge is
 * judged straight, his move halved for rough ground on the way or where
 * he would stop (reaches_straight); a figure in the way may stop him
 * short, and the legend says so. */
int ck_threats(const void *st, int player, FILE *out)
{
    const CkState *s = st;
    char marks[CK_MAP][CK_MAP] = {{0}};
    CkFig me = {.side = (uint8_t)player, .status = FS_ACTIVE, .type = player == CK_PAR ? F_CAVALRY : F_SHOT,
                .mounted = player == CK_PAR};
    int enemies = 0;
    for (int i = 0; i < s->nfigs; i++)
        enemies += s->figs[i].side != player && s->figs[i].status == FS_ACTIVE;
    const char *side = player == CK_PAR ? "Parliament" : "the Royalists";
    fprintf(out, "Where the enemy could strike at %s when his side next moves:\n", side);
    if (!enemies) {
        fprintf(out, "no enemy is on the table\n");
        return 0;
    }
    for (int r = 0; r < CK_MAP; r++)
        for (int c = 0; c < CK_MAP; c++) {
            me.x = (float)c * 2 + 1, me.y = (float)r * 2 + 1;
            int worst = THREAT_NONE;
            for (int i = 0; i < s->nfigs && worst < THREAT_CHARGE; i++) {
                const CkFig *b = &s->figs[i];
                if (b->side != player && b->status == FS_ACTIVE) {
                    int t = threat_of(s, b, &me);
                    worst = t > worst ? t : worst;
                }
            }
            marks[r][c] = worst == THREAT_CHARGE ? '!' : worst == THREAT_SHOT ? ':' : 0;
        }
    static const char *const key[] = {
        "! an enemy could charge a figure here",
        ": an enemy could shoot at one here",
        "  (from where he stands, or after a move)",
        "",
        "each cell judged at its middle; a charge",
        "straight, his move halved for rough ground",
        "on the way or where he would stop; a figure",
        "in the way may stop him short",
        "('measure A' tells one figure's nearest)",
        NULL,
    };
    ck_render_marked(s, marks, key, out);
    threats_to_figures(s, player, out);
    return 0;
}

/* Is figure i (-1: nobody) on the table, free or a prisoner? */
static bool on_table(const CkState *s, int i)
{
    return i >= 0 && (s->figs[i].status == FS_ACTIVE || s->figs[i].status == FS_PRISONER);
}

/* A number of inches on or near the table, as an order takes it. */
static bool inches(const char *t, float *v)
{
    char *end;
    *v = strtof(t, &end);
    return *t && !*end && strspn(t, "+-0123456789.") == strlen(t) && isfinite(*v) && *v >= -100 && *v <= 100;
}

int ck_measure(const void *st, const char *what, FILE *out, Diag *d)
{
    const CkState *s = st;
    char line[160], *tok[4];
    int nt = ck_tokens(what, line, sizeof line, tok, 4, d);
    if (nt < 0)
        return -1;
    static const char usage[] = "measure A B (two figures: measure S1 D2), measure A X Y (a figure, a point), or "
                                "measure A (his nearest enemies)";
    if (nt < 1 || nt > 3)
        return diag_set(d, "usage: %s", usage);
    int i = ck_fig_find(s, tok[0]);
    if (!on_table(s, i))
        return diag_set(d, "no figure on the table called '%s'; usage: %s", tok[0], usage);
    if (nt == 1) {
        measure_nearest(s, i, out);
        return 0;
    }
    if (nt == 2) {
        int j = ck_fig_find(s, tok[1]);
        if (!on_table(s, j))
            return diag_set(d, "no figure on the table called '%s'; usage: %s", tok[1], usage);
        if (j == i)
            return diag_set(d, "%s and %s are one figure; usage: %s", tok[0], tok[1], usage);
        measure_figs(s, i, j, out);
        return 0;
    }
    float x, y;
    if (!inches(tok[1], &x) || !inches(tok[2], &y))
        return diag_set(d, "'%s %s' is not a point in inches; usage: %s", tok[1], tok[2], usage);
    measure_point(s, i, x, y, out);
    return 0;
}
