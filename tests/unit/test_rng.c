/* test_rng.c - the generator inside every state: determinism, ranges,
 * draw counting, and rough uniformity of dice (a chi-square bound on a
 * fixed seed, so the test cannot flake). */
#include "core/rng.h"
#include <criterion/criterion.h>

Test(rng, same_seed_same_stream)
{
    Rng a, b;
    rng_seed(&a, 42);
    rng_seed(&b, 42);
    for (int i = 0; i < 1000; i++)
        cr_assert_eq(rng_next(&a), rng_next(&b));
}

Test(rng, different_seeds_differ)
{
    Rng a, b;
    rng_seed(&a, 1);
    rng_seed(&b, 2);
    int same = 0;
    for (int i = 0; i < 100; i++)
        same += rng_next(&a) == rng_next(&b);
    cr_expect_lt(same, 2);
}

Test(rng, derive_gives_distinct_seeds)
{
    for (uint64_t i = 0; i < 100; i++)
        for (uint64_t j = i + 1; j < 100; j++)
            cr_assert_neq(rng_derive(7, i), rng_derive(7, j));
    cr_expect_eq(rng_derive(7, 3), rng_derive(7, 3));
    cr_expect_neq(rng_derive(7, 3), rng_derive(8, 3));
}

Test(rng, dice_stay_in_range)
{
    Rng r;
    rng_seed(&r, 99);
    for (int sides = 1; sides <= 20; sides++) {
        for (int i = 0; i < 2000; i++) {
            int v = rng_die(&r, sides);
            cr_assert(v >= 1 && v <= sides, "d%d gave %d", sides, v);
        }
    }
    for (int i = 0; i < 100; i++)
        cr_assert_eq(rng_below(&r, 1), 0u);
}

Test(rng, counts_draws)
{
    Rng r;
    rng_seed(&r, 5);
    cr_expect_eq(r.draws, 0u);
    rng_next(&r);
    rng_next(&r);
    cr_expect_eq(r.draws, 2u);
    rng_die(&r, 6);
    cr_expect_geq(r.draws, 3u);
}

/* Chi-square of n rolls of a d`sides` against the uniform distribution. */
static double chi_square(uint64_t seed, int sides, int n)
{
    long count[64] = {0};
    Rng r;
    rng_seed(&r, seed);
    for (int i = 0; i < n; i++)
        count[rng_die(&r, sides) - 1]++;
    double expect = (double)n / sides, chi = 0;
    for (int f = 0; f < sides; f++)
        chi += (count[f] - expect) * (count[f] - expect) / expect;
    return chi;
}

Test(rng, dice_are_roughly_uniform)
{
    /* 99.9th percentiles of chi-square: 5 dof 20.52, 19 dof 43.82. */
    cr_expect_lt(chi_square(12345, 6, 60000), 20.52);
    cr_expect_lt(chi_square(777, 20, 100000), 43.82);
    cr_expect_lt(chi_square(2024, 6, 6000), 20.52);
}
