/* test_ml_setup.c - Marston Less [ML Set Up] (the armies, five cards each,
 * the deployment limits) and [ML The Deck] (every card kind listed in
 * data/marston-less/deck.txt does what its comment there says).
 *
 * The cards are dealt by ml_setup from the seed, so the deck tests search
 * the seeds (deterministically, from 1 up) for a deal that shows the card's
 * effect without interference from the other cards drawn. */
#include "ml_fixture.h"
#include <stdlib.h>

static Mlf F;

MLF_SUITE(ml_set_up);
MLF_SUITE(ml_the_deck);

static const int base_foot[7] = {3, 3, 2, 2, 2, 2, 1};
static const int str4_foot[7] = {3, 3, 4, 4, 4, 4, 1};
static const int base_horse[10] = {3, 3, 2, 2, 2, 2, 2, 2, 1, 1};

static int count_kind(const MlState *s, int side, int kind)
{
    int n = 0;
    for (int k = 0; k < ML_HAND; k++)
        n += ml_tables()->cards[s->side[side].hand[k]].kind == kind;
    return n;
}

typedef bool (*DealPred)(const MlState *s);

/* The first seed from 1 whose deal satisfies pred (set up into F.s). */
static uint64_t find_deal(DealPred pred, const Options *opt)
{
    for (uint64_t seed = 1; seed < 20000; seed++) {
        Diag d;
        cr_assert_eq(ml_setup(&F.s, opt, seed, &d), 0, "%s", d.msg);
        if (pred(&F.s))
            return seed;
    }
    cr_assert_fail("no deal found");
    return 0;
}

/* Neither hand changes the Royalist units. */
static bool roy_army_untouched(const MlState *s)
{
    return !count_kind(s, ML_ROY, CARD_VETERANS) && !count_kind(s, ML_ROY, CARD_RECRUIT_FOOT) &&
           !count_kind(s, ML_ROY, CARD_RECRUIT_HORSE) && !count_kind(s, ML_PAR, CARD_SICKNESS) &&
           !count_kind(s, ML_PAR, CARD_DESERTION);
}

static void assert_units(const MlSide *sd, const int *foot, const int *horse)
{
    for (int i = 0; i < 7; i++) {
        cr_assert_eq(sd->units[i].arm, ML_FOOT, "unit %d", i + 1);
        cr_assert_eq(sd->units[i].str, foot[i], "foot unit %d strength", i + 1);
        cr_assert(sd->units[i].alive);
        cr_assert_eq(sd->units[i].line, ML_NONE);
    }
    for (int i = 0; i < 10; i++) {
        cr_assert_eq(sd->units[7 + i].arm, ML_HORSE, "unit %d", 8 + i);
        cr_assert_eq(sd->units[7 + i].str, horse[i], "horse unit %d strength", i + 1);
        cr_assert(sd->units[7 + i].alive);
    }
}

/* ------------------------------------------------------------------ */
/* [ML Set Up]: the armies and the cards                              */
/* ------------------------------------------------------------------ */

Test(ml_set_up, armies_7_foot_10_horse)
{
    find_deal(roy_army_untouched, NULL);
    const MlSide *sd = &F.s.side[ML_ROY];
    cr_assert_eq(sd->nunits, 17);
    assert_units(sd, base_foot, base_horse);
    int ordinary = 0;
    for (int g = 0; g < sd->ngens; g++)
        ordinary += !sd->gens[g].superior;
    cr_assert_eq(ordinary, 1 + count_kind(&F.s, ML_ROY, CARD_GENERAL), "one Ordinary commander");
    cr_assert_eq(F.s.max_turns, ML_DEFAULT_TURNS);
    cr_assert_eq(F.s.turn, 0);
    cr_assert_eq(F.s.winner, ML_NONE);
}

Test(ml_set_up, option_foot_str4_reads_4_x_str4)
{
    Options opt = {0};
    Diag d;
    cr_assert_eq(opt_set(&opt, "foot", "str4", &d), 0);
    find_deal(roy_army_untouched, &opt);
    cr_assert_eq(F.s.side[ML_ROY].nunits, 17);
    assert_units(&F.s.side[ML_ROY], str4_foot, base_horse);
}

Test(ml_set_up, option_dragoons_wing_is_read)
{
    Options opt = {0};
    Diag d = {{0}};
    cr_assert_eq(ml_setup(&F.s, &opt, 1, &d), 0);
    cr_assert_eq(F.s.dragoons_wing, 0, "by default dragoons reach a zone either way");
    cr_assert_eq(opt_set(&opt, "dragoons", "wing", &d), 0);
    cr_assert_eq(ml_setup(&F.s, &opt, 1, &d), 0);
    cr_assert_eq(F.s.dragoons_wing, 1);
    Options bad = {0};
    opt_set(&bad, "dragoons", "sector", &d);
    cr_assert_lt(ml_setup(&F.s, &bad, 1, &d), 0);
    cr_assert(strstr(d.msg, "wing or zone"), "reason: %s", d.msg);
}

Test(ml_set_up, options_are_checked)
{
    Options opt = {0};
    Diag d = {{0}};
    opt_set(&opt, "foot", "str5", &d);
    cr_assert_lt(ml_setup(&F.s, &opt, 1, &d), 0);
    cr_assert_gt(strlen(d.msg), 0);
    Options o2 = {0};
    opt_set(&o2, "turns", "0", &d);
    cr_assert_lt(ml_setup(&F.s, &o2, 1, &d), 0);
    Options o3 = {0};
    opt_set(&o3, "colour", "red", &d);
    cr_assert_lt(ml_setup(&F.s, &o3, 1, &d), 0);
    Options o4 = {0};
    opt_set(&o4, "turns", "5", &d);
    cr_assert_eq(ml_setup(&F.s, &o4, 1, &d), 0);
    cr_assert_eq(F.s.max_turns, 5);
}

/* Five cards each from one shuffled deck; the rest stay face down. */
Test(ml_set_up, five_cards_each)
{
    const MlTables *t = ml_tables();
    for (uint64_t seed = 1; seed <= 50; seed++) {
        Diag d;
        cr_assert_eq(ml_setup(&F.s, NULL, seed, &d), 0);
        cr_assert_eq(F.s.ndeck, t->ncards - 2 * ML_HAND);
        int seen[ML_DECK_MAX] = {0};
        for (int side = 0; side < 2; side++)
            for (int k = 0; k < ML_HAND; k++)
                seen[F.s.side[side].hand[k]]++;
        for (int i = 0; i < F.s.ndeck; i++)
            seen[F.s.deck[i]]++;
        for (int c = 0; c < t->ncards; c++)
            cr_assert_eq(seen[c], 1, "card %d dealt %d times (seed %llu)", c, seen[c],
                         (unsigned long long)seed);
    }
}

/* A player sees his own hand; of the opponent's only the number of cards. */
Test(ml_set_up, hands_are_hidden_from_the_opponent)
{
    Diag d;
    cr_assert_eq(ml_setup(&F.s, NULL, 7, &d), 0);
    Jw w;
    jw_init(&w);
    ml_view(&F.s, ML_ROY, &w);
    const char *v = jw_str_of(&w);
    const char *own = ml_tables()->cards[F.s.side[ML_ROY].hand[0]].name;
    cr_assert(strstr(v, own), "own card '%s' visible", own);
    cr_assert(strstr(v, "\"hand\":5"), "the opponent's hand as a count");
    jw_fini(&w);
}

/* ------------------------------------------------------------------ */
/* [ML Set Up]: deployment                                             */
/* ------------------------------------------------------------------ */

/* An empty deployment phase with the Royalists to act. */
static void blank(int phase)
{
    memset(&F.s, 0, sizeof F.s);
    rng_seed(&F.s.rng, 99);
    F.s.winner = ML_NONE;
    F.s.phase = (uint8_t)phase;
    F.s.to_act = ML_ROY;
    F.s.max_turns = ML_DEFAULT_TURNS;
}

/* The forming phase with the default Royalist army waiting; Parliament
 * has nothing left to deploy, so the Royalists keep the move. */
static void forming(void)
{
    blank(PH_FORM);
    for (int i = 0; i < 7; i++)
        mlf_unit(&F, ML_ROY, ML_FOOT, base_foot[i], ML_NONE);
    for (int i = 0; i < 10; i++)
        mlf_unit(&F, ML_ROY, ML_HORSE, base_horse[i], ML_NONE);
}

static Action form(int sector, int zone, uint32_t set)
{
    Action a = mlf_act(MLV_FORM, sector, zone, 0);
    a.set = set;
    return a;
}

enum { FOOT0 = 0, HORSE0 = 7 };
static uint32_t units(int first, int n) { return ((1u << n) - 1) << first; }

Test(ml_set_up, foot_line_up_to_5_units_in_the_centre)
{
    forming();
    Diag d;
    mlf_refused(&F, form(ML_CENTRE, 2, units(FOOT0, 6)), d);
    cr_assert(strstr(d.msg, "at most 5"), "reason: %s", d.msg);
    mlf_refused(&F, form(ML_LEFT, 2, units(FOOT0, 3)), d);
    mlf_do(&F, form(ML_CENTRE, 2, units(FOOT0, 5)));
    const MlLine *l = mlf_l(&F, ML_ROY, 0);
    cr_assert_eq(l->arm, ML_FOOT);
    cr_assert_eq(l->str, 3 + 3 + 2 + 2 + 2, "line strength is the sum of its units");
    cr_assert_eq(l->nunits, 5);
    cr_assert_eq(l->sector, ML_CENTRE);
    cr_assert_eq(l->zone, 2);
    cr_assert_eq(l->general, ML_NONE);
}

Test(ml_set_up, horse_line_up_to_4_units_on_a_wing)
{
    forming();
    Diag d;
    mlf_refused(&F, form(ML_LEFT, 0, units(HORSE0, 5)), d);
    mlf_refused(&F, form(ML_CENTRE, 0, units(HORSE0, 2)), d);
    cr_assert(strstr(d.msg, "wings"), "reason: %s", d.msg);
    mlf_refused(&F, form(ML_LEFT, 0, units(FOOT0, 1) | units(HORSE0, 1)), d);
    mlf_do(&F, form(ML_RIGHT, 0, units(HORSE0, 4)));
    cr_assert_eq(mlf_l(&F, ML_ROY, 0)->str, 3 + 3 + 2 + 2);
}

Test(ml_set_up, at_most_2_horse_lines_per_wing)
{
    forming();
    mlf_do(&F, form(ML_LEFT, 0, units(HORSE0, 2)));
    mlf_do(&F, form(ML_LEFT, 1, units(HORSE0 + 2, 2)));
    Diag d;
    mlf_refused(&F, form(ML_LEFT, 2, units(HORSE0 + 4, 1)), d);
    Action right = form(ML_RIGHT, 2, units(HORSE0 + 4, 4));
    cr_assert_eq(ml_check(&F.s, &right, &d), 0, "the other wing is open: %s", d.msg);
}

/* At most 3 foot lines: with 3 formed, the 4th has no zone left either. */
Test(ml_set_up, at_most_3_foot_lines)
{
    forming();
    mlf_do(&F, form(ML_CENTRE, 0, units(FOOT0, 2)));
    mlf_do(&F, form(ML_CENTRE, 1, units(FOOT0 + 2, 2)));
    mlf_do(&F, form(ML_CENTRE, 2, units(FOOT0 + 4, 3)));
    int extra = mlf_unit(&F, ML_ROY, ML_FOOT, 2, ML_NONE);
    Diag d;
    for (int z = 0; z < ML_ZONES; z++)
        mlf_refused(&F, form(ML_CENTRE, z, 1u << extra), d);
}

/* Every unit must find a place: a line may not leave more units than the
 * lines still allowed can hold. */
Test(ml_set_up, remaining_units_must_fit)
{
    forming();
    mlf_do(&F, form(ML_CENTRE, 0, units(FOOT0, 1)));
    mlf_do(&F, form(ML_CENTRE, 1, units(FOOT0 + 1, 1)));
    Diag d;
    mlf_refused(&F, form(ML_CENTRE, 2, units(FOOT0 + 2, 1)), d); /* 4 left, no line */
    cr_assert(strstr(d.msg, "fit"), "reason: %s", d.msg);
    mlf_do(&F, form(ML_CENTRE, 2, units(FOOT0 + 2, 5)));
}

Test(ml_set_up, lines_deploy_in_the_own_three_zones)
{
    forming();
    Diag d;
    for (int z = 3; z < ML_ZONES; z++)
        mlf_refused(&F, form(ML_CENTRE, z, units(FOOT0, 1)), d);
    mlf_do(&F, form(ML_CENTRE, 0, units(FOOT0, 1)));
    mlf_refused(&F, form(ML_CENTRE, 0, units(FOOT0 + 1, 1)), d); /* one line per zone */
    /* Parliament's three zones are 4, 5, 6. */
    F.s.to_act = ML_PAR;
    mlf_unit(&F, ML_PAR, ML_FOOT, 3, ML_NONE);
    mlf_refused(&F, form(ML_CENTRE, 3, 1), d);
    cr_assert_eq(ml_check(&F.s, &(Action){.verb = MLV_FORM, .piece = ML_CENTRE, .target = 4, .set = 1}, NULL), 0);
    cr_assert_eq(ml_check(&F.s, &(Action){.verb = MLV_FORM, .piece = ML_CENTRE, .target = 6, .set = 1}, NULL), 0);
}

Test(ml_set_up, units_deploy_once)
{
    forming();
    mlf_do(&F, form(ML_CENTRE, 0, units(FOOT0, 2)));
    Diag d;
    mlf_refused(&F, form(ML_CENTRE, 1, units(FOOT0 + 1, 2)), d);
    mlf_refused(&F, form(ML_CENTRE, 1, 0), d);
}

Test(ml_set_up, guns_on_a_dividing_line_in_the_own_zones)
{
    blank(PH_ATTACH);
    mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    F.s.side[ML_ROY].nguns = 1;
    F.s.side[ML_ROY].guns[0].factor = 6;
    F.s.side[ML_ROY].guns[0].alive = 1;
    Diag d;
    mlf_refused(&F, mlf_act(MLV_GUN, 0, 3, 0), d);
    mlf_refused(&F, mlf_act(MLV_GUN, 0, 1, 2), d);
    cr_assert(mlf_in_legal(&F, mlf_act(MLV_GUN, 0, 2, 1)));
    mlf_dice(&F, 2, 6, 1); /* deployment over: the first turn's initiative */
    mlf_do(&F, mlf_act(MLV_GUN, 0, 2, 1));
    mlf_assert_dice(&F, 2);
    cr_assert_eq(F.s.turn, 1);
    cr_assert_eq(F.s.side[ML_ROY].start_str, 3);
    const MlGun *g = &F.s.side[ML_ROY].guns[0];
    cr_assert(g->placed);
    cr_assert_eq(g->divide, 1);
    cr_assert_eq(g->zone, 2);
}

Test(ml_set_up, light_guns_support_foot)
{
    blank(PH_ATTACH);
    int f = mlf_line(&F, ML_ROY, ML_FOOT, ML_CENTRE, 1, 3);
    int h = mlf_line(&F, ML_ROY, ML_HORSE, ML_LEFT, 1, 3);
    F.s.side[ML_ROY].light_pending = 1;
    Diag d;
    mlf_refused(&F, mlf_act(MLV_LIGHT, 0, h, 0), d);
    mlf_dice(&F, 2, 6, 1);
    mlf_do(&F, mlf_act(MLV_LIGHT, 0, f, 0));
    mlf_assert_dice(&F, 2);
    cr_assert_eq(mlf_l(&F, ML_ROY, f)->light, 1);
    cr_assert_eq(F.s.side[ML_ROY].light_pending, 0);
}

Test(ml_set_up, rough_and_dragoons_placed_first)
{
    blank(PH_PLACE);
    F.s.side[ML_ROY].rough_pending = 2;
    F.s.side[ML_ROY].ndrag = 1;
    mlf_unit(&F, ML_ROY, ML_FOOT, 3, ML_NONE);
    Diag d;
    /* Rough terrain may go anywhere on the board, once per zone. */
    mlf_do(&F, mlf_act(MLV_ROUGH, 0, ML_CENTRE * ML_ZONES + 4, 0));
    cr_assert(F.s.rough[ML_CENTRE][4]);
    mlf_refused(&F, mlf_act(MLV_ROUGH, 0, ML_CENTRE * ML_ZONES + 4, 0), d);
    mlf_refused(&F, mlf_act(MLV_FORM, ML_CENTRE, 0, 0), d);
    /* Dragoons go on an extreme flank in the own three zones. */
    mlf_refused(&F, mlf_act(MLV_DRAGOONS, 0, 3, 0), d);
    mlf_do(&F, mlf_act(MLV_DRAGOONS, 0, 2, 1));
    cr_assert(F.s.side[ML_ROY].drag[0].placed);
    cr_assert_eq(F.s.side[ML_ROY].drag[0].flank, 1);
    cr_assert_eq(F.s.phase, PH_PLACE, "one rough piece still to place");
    mlf_do(&F, mlf_act(MLV_ROUGH, 0, ML_LEFT * ML_ZONES + 0, 0));
    cr_assert_eq(F.s.phase, PH_FORM);
}

/* A whole deployment through legal(): every unit in a line, the limits
 * kept, every general with a line, the army's strength recorded. */
Test(ml_set_up, full_deployment_keeps_the_limits)
{
    static Action acts[MAX_ACTIONS];
    for (uint64_t seed = 1; seed <= 40; seed++) {
        Diag d;
        Rng ai;
        rng_seed(&ai, seed * 77);
        cr_assert_eq(ml_setup(&F.s, NULL, seed, &d), 0);
        int steps = 0;
        while (F.s.phase < PH_ARTILLERY && steps++ < 500) {
            int n = ml_legal(&F.s, acts, MAX_ACTIONS);
            cr_assert_gt(n, 0);
            Action a = acts[rng_below(&ai, (uint32_t)n)];
            cr_assert_eq(ml_check(&F.s, &a, &d), 0, "%s", d.msg);
            ml_apply(&F.s, &a, NULL);
        }
        cr_assert_geq(F.s.phase, PH_ARTILLERY);
        cr_assert_eq(F.s.turn, 1);
        for (int side = 0; side < 2; side++) {
            const MlSide *sd = &F.s.side[side];
            int strength = 0, foot_lines = 0, horse_lines[3] = {0};
            for (int u = 0; u < sd->nunits; u++)
                if (sd->units[u].alive) {
                    cr_assert_neq(sd->units[u].line, ML_NONE, "unit %d left behind", u + 1);
                    strength += sd->units[u].str;
                }
            for (int li = 0; li < sd->nlines; li++) {
                const MlLine *l = &sd->lines[li];
                cr_assert(ml_home_zone(side, l->zone));
                if (l->arm == ML_FOOT) {
                    foot_lines++;
                    cr_assert_eq(l->sector, ML_CENTRE);
                    cr_assert_leq(l->nunits, 5);
                } else {
                    cr_assert_neq(l->sector, ML_CENTRE);
                    horse_lines[l->sector]++;
                    cr_assert_leq(l->nunits, 4);
                }
            }
            cr_assert_leq(foot_lines, 3);
            cr_assert_leq(horse_lines[ML_LEFT], 2);
            cr_assert_leq(horse_lines[ML_RIGHT], 2);
            cr_assert_eq(sd->start_str, strength);
            for (int g = 0; g < sd->ngens; g++)
                if (sd->gens[g].alive)
                    cr_assert_neq(sd->gens[g].line, ML_NONE, "general %d unattached", g + 1);
            for (int g = 0; g < sd->nguns; g++)
                cr_assert(sd->guns[g].placed);
            for (int i = 0; i < sd->ndrag; i++)
                cr_assert(sd->drag[i].placed);
            cr_assert_eq(sd->light_pending, 0);
            cr_assert_eq(sd->rough_pending, 0);
        }
    }
}

/* ------------------------------------------------------------------ */
/* [ML The Deck]                                                       */
/* ------------------------------------------------------------------ */

static const char *const tested_kinds[] = {
    "gun", "light", "dragoons", "rough", "general", "superior", "veterans",
    "recruitfoot", "recruithorse", "sickness", "desertion", NULL,
};

/* The deck in the binary is deck.txt, and every kind in it is tested here. */
Test(ml_the_deck, deck_is_the_data_file_and_every_kind_is_tested)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/data/marston-less/deck.txt", ECW_SOURCE_DIR);
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "cannot open %s", path);
    char line[256];
    int ncards = 0;
    const MlTables *t = ml_tables();
    while (fgets(line, sizeof line, f)) {
        char *h = strchr(line, '#');
        if (h)
            *h = '\0';
        int count, arg, used;
        char kind[32];
        if (sscanf(line, "%d %31s %d %n", &count, kind, &arg, &used) != 3)
            continue;
        bool known = false;
        for (const char *const *k = tested_kinds; *k; k++)
            known |= strcmp(*k, kind) == 0;
        cr_assert(known, "card kind '%s' in deck.txt has no test", kind);
        char *name = line + used;
        name[strcspn(name, "\r\n")] = '\0';
        for (int i = 0; i < count; i++, ncards++) {
            cr_assert_lt(ncards, t->ncards);
            cr_assert_str_eq(t->cards[ncards].name, name);
            cr_assert_eq(t->cards[ncards].arg, arg);
            cr_assert_str_eq(tested_kinds[t->cards[ncards].kind], kind);
        }
    }
    fclose(f);
    cr_assert_eq(ncards, t->ncards);
}

static bool roy_has_gun(const MlState *s) { return count_kind(s, ML_ROY, CARD_GUN) >= 2; }

/* gun N: a gun of factor N for the drawer. */
Test(ml_the_deck, gun_gives_the_drawer_a_gun_of_its_factor)
{
    find_deal(roy_has_gun, NULL);
    for (int side = 0; side < 2; side++) {
        const MlSide *sd = &F.s.side[side];
        cr_assert_eq(sd->nguns, count_kind(&F.s, side, CARD_GUN));
        int g = 0;
        for (int k = 0; k < ML_HAND; k++) {
            const MlCard *c = &ml_tables()->cards[sd->hand[k]];
            if (c->kind != CARD_GUN)
                continue;
            cr_assert_eq(sd->guns[g].factor, c->arg);
            cr_assert(sd->guns[g].alive);
            cr_assert_not(sd->guns[g].placed);
            g++;
        }
    }
}

static bool roy_has_light(const MlState *s) { return count_kind(s, ML_ROY, CARD_LIGHT) >= 1; }

/* light: a light gun that adds +1 to the line it supports. */
Test(ml_the_deck, light_gives_a_light_gun_to_attach)
{
    find_deal(roy_has_light, NULL);
    for (int side = 0; side < 2; side++)
        cr_assert_eq(F.s.side[side].light_pending, count_kind(&F.s, side, CARD_LIGHT));
}

static bool roy_has_dragoons(const MlState *s) { return count_kind(s, ML_ROY, CARD_DRAGOONS) >= 1; }

/* dragoons: dragoons for an extreme flank sector. */
Test(ml_the_deck, dragoons_give_dragoons_to_place)
{
    find_deal(roy_has_dragoons, NULL);
    for (int side = 0; side < 2; side++) {
        cr_assert_eq(F.s.side[side].ndrag, count_kind(&F.s, side, CARD_DRAGOONS));
        for (int i = 0; i < F.s.side[side].ndrag; i++)
            cr_assert_not(F.s.side[side].drag[i].placed);
    }
    cr_assert_eq(F.s.phase, PH_PLACE);
}

static bool roy_has_rough(const MlState *s) { return count_kind(s, ML_ROY, CARD_ROUGH) >= 1; }

/* rough: a piece of rough terrain placed by the drawer. */
Test(ml_the_deck, rough_gives_terrain_to_place)
{
    find_deal(roy_has_rough, NULL);
    for (int side = 0; side < 2; side++)
        cr_assert_eq(F.s.side[side].rough_pending, count_kind(&F.s, side, CARD_ROUGH));
    cr_assert_eq(F.s.phase, PH_PLACE);
    cr_assert_eq(F.s.to_act, ML_ROY);
}

static void assert_generals(void)
{
    for (int side = 0; side < 2; side++) {
        const MlSide *sd = &F.s.side[side];
        int sup = 0;
        for (int g = 0; g < sd->ngens; g++) {
            sup += sd->gens[g].superior;
            cr_assert(sd->gens[g].alive);
        }
        cr_assert_eq(sd->ngens, 1 + count_kind(&F.s, side, CARD_GENERAL) +
                                    count_kind(&F.s, side, CARD_SUPERIOR));
        cr_assert_eq(sup, count_kind(&F.s, side, CARD_SUPERIOR));
    }
}

static bool roy_has_general(const MlState *s) { return count_kind(s, ML_ROY, CARD_GENERAL) >= 1; }
static bool roy_has_superior(const MlState *s) { return count_kind(s, ML_ROY, CARD_SUPERIOR) >= 1; }

/* general: an Ordinary general for the drawer. */
Test(ml_the_deck, general_gives_an_ordinary_general)
{
    find_deal(roy_has_general, NULL);
    assert_generals();
}

/* superior: a Superior general for the drawer. */
Test(ml_the_deck, superior_gives_a_superior_general)
{
    find_deal(roy_has_superior, NULL);
    assert_generals();
}

static bool roy_veterans(const MlState *s)
{
    return count_kind(s, ML_ROY, CARD_VETERANS) == 1 && !count_kind(s, ML_PAR, CARD_SICKNESS);
}

/* veterans: the drawer's weakest foot unit gains 1 strength. */
Test(ml_the_deck, veterans_strengthen_the_weakest_foot)
{
    find_deal(roy_veterans, NULL);
    static const int want[7] = {3, 3, 2, 2, 2, 2, 2};
    for (int i = 0; i < 7; i++)
        cr_assert_eq(F.s.side[ML_ROY].units[i].str, want[i], "foot unit %d", i + 1);
}

static void assert_recruits(int side)
{
    const MlSide *sd = &F.s.side[side];
    int u = 17;
    for (int k = 0; k < ML_HAND; k++) {
        const MlCard *c = &ml_tables()->cards[sd->hand[k]];
        if (c->kind != CARD_RECRUIT_FOOT && c->kind != CARD_RECRUIT_HORSE)
            continue;
        cr_assert_lt(u, sd->nunits);
        cr_assert_eq(sd->units[u].arm, c->kind == CARD_RECRUIT_FOOT ? ML_FOOT : ML_HORSE);
        cr_assert_eq(sd->units[u].str, c->arg);
        cr_assert_eq(sd->units[u].line, ML_NONE);
        u++;
    }
    cr_assert_eq(sd->nunits, u);
}

static bool roy_recruits_foot(const MlState *s) { return count_kind(s, ML_ROY, CARD_RECRUIT_FOOT) >= 1; }
static bool roy_recruits_horse(const MlState *s) { return count_kind(s, ML_ROY, CARD_RECRUIT_HORSE) >= 1; }

/* recruitfoot N: a new foot unit of strength N for the drawer. */
Test(ml_the_deck, recruitfoot_adds_a_foot_unit)
{
    find_deal(roy_recruits_foot, NULL);
    assert_recruits(ML_ROY);
    assert_recruits(ML_PAR);
}

/* recruithorse N: a new horse unit of strength N for the drawer. */
Test(ml_the_deck, recruithorse_adds_a_horse_unit)
{
    find_deal(roy_recruits_horse, NULL);
    assert_recruits(ML_ROY);
}

static bool par_sickness(const MlState *s)
{
    return count_kind(s, ML_PAR, CARD_SICKNESS) == 1 && !count_kind(s, ML_ROY, CARD_VETERANS);
}

/* sickness (enemy): the opponent's strongest foot unit loses 1 strength. */
Test(ml_the_deck, sickness_weakens_the_enemy_strongest_foot)
{
    find_deal(par_sickness, NULL);
    static const int want[7] = {2, 3, 2, 2, 2, 2, 1};
    for (int i = 0; i < 7; i++)
        cr_assert_eq(F.s.side[ML_ROY].units[i].str, want[i], "Royalist foot unit %d", i + 1);
}

static bool par_desertion(const MlState *s) { return count_kind(s, ML_PAR, CARD_DESERTION) == 1; }

/* desertion (enemy): the opponent's weakest horse unit deserts. */
Test(ml_the_deck, desertion_removes_the_enemy_weakest_horse)
{
    find_deal(par_desertion, NULL);
    const MlSide *sd = &F.s.side[ML_ROY];
    for (int i = 0; i < 10; i++)
        cr_assert_eq(sd->units[7 + i].alive, i != 8, "Royalist horse unit %d", i + 1);
    cr_assert_eq(sd->units[15].str, 1);
}
