/* ck_score.c - To Catch a King points [CK Aim of the game], to the letter:
 * Parliament for pieces searched and Royalists killed or captured;
 * Royalists for troopers killed, for fugitives never discovered, and for
 * Charles and Wilmot at liberty. "Captured" counts prisoners still under
 * guard at the end as well as those led off; "undiscovered" counts the
 * figures on cards never turned over and those who slipped off the far
 * edge (ecw readings). */
#include "ck.h"

static bool taken(const CkFig *f) { return f->status == FS_PRISONER || f->status == FS_ESCORTED; }

static int parliament_points(const CkState *s)
{
    int pts = 0;
    for (int i = 0; i < CK_PIECES; i++)
        pts += s->pieces[i].searched;
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *f = &s->figs[i];
        bool dead = f->status == FS_DEAD;
        switch (f->type) {
        case F_CLUBMAN: pts += dead ? 1 : taken(f) ? 2 : 0; break;
        case F_SHOT:
        case F_HORSE: pts += dead ? 2 : taken(f) ? 3 : 0; break;
        case F_WILMOT: pts += dead ? 4 : taken(f) ? 6 : 0; break;
        case F_CHARLES: pts += dead ? 6 : taken(f) ? 8 : 0; break;
        default: break;
        }
    }
    return pts;
}

/* Is a prominent person under a piece nobody searched (nor the drover saw)? */
static bool hidden_person(const CkState *s, int prom)
{
    for (int i = 0; i < CK_PIECES; i++)
        if (!s->pieces[i].searched && !s->pieces[i].prom_seen && s->pieces[i].prom == prom)
            return true;
    return false;
}

static int royalist_points(const CkState *s)
{
    int pts = 2 * s->hidden_club + 3 * s->hidden_roy;
    pts += hidden_person(s, PROM_WILMOT) ? 6 : 0;
    pts += hidden_person(s, PROM_CHARLES) ? 12 : 0;
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *f = &s->figs[i];
        bool dead = f->status == FS_DEAD, free_ = f->status == FS_ACTIVE || f->status == FS_EXITED;
        switch (f->type) {
        case F_DRAGOON:
        case F_CAVALRY: pts += dead ? 4 : 0; break;
        case F_YOU: pts += dead ? 6 : 0; break;
        case F_CLUBMAN: pts += f->status == FS_EXITED ? 2 : 0; break;
        case F_SHOT:
        case F_HORSE: pts += f->status == FS_EXITED ? 3 : 0; break;
        case F_WILMOT: pts += free_ ? 6 : 0; break;
        case F_CHARLES: pts += free_ ? 12 : 0; break;
        default: break;
        }
    }
    return pts;
}

void ck_score_points(const CkState *s, int out[CK_SIDES])
{
    out[CK_ROY] = royalist_points(s);
    out[CK_PAR] = parliament_points(s);
}

/* ---------------- measures for ecw sim ---------------- */

const char *const ck_metric_names[CK_NMETRICS] = {
    "points.royalist.mean", "points.parliament.mean",
    "persons.charles.captured", "persons.charles.killed", "persons.charles.at_liberty",
    "persons.charles.not_present",
    "persons.wilmot.captured", "persons.wilmot.killed", "persons.wilmot.at_liberty",
    "persons.wilmot.not_present",
};

/* What became of a prominent person: 0 captured, 1 killed, 2 at liberty,
 * 3 not present (his card was never dealt under a piece). */
static int person_fate(const CkState *s, int type, int prom)
{
    for (int i = 0; i < s->nfigs; i++) {
        const CkFig *f = &s->figs[i];
        if (f->type == type)
            return taken(f) ? 0 : f->status == FS_DEAD ? 1 : 2;
    }
    for (int i = 0; i < CK_PIECES; i++)
        if (s->pieces[i].prom == prom)
            return 2; /* still under an unsearched piece */
    return 3;
}

void ck_metrics(const void *st, double out[])
{
    const CkState *s = st;
    out[0] = s->points[CK_ROY];
    out[1] = s->points[CK_PAR];
    int fc = person_fate(s, F_CHARLES, PROM_CHARLES), fw = person_fate(s, F_WILMOT, PROM_WILMOT);
    for (int k = 0; k < 4; k++) {
        out[2 + k] = fc == k;
        out[6 + k] = fw == k;
    }
}
