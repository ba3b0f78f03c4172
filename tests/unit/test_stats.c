/* test_stats.c - Wilson intervals and percentiles used by `ecw sim`. */
#include "cli/stats.h"
#include <criterion/criterion.h>
#include <math.h>

static const double Z = 1.959963984540054;

static void wilson_is(long k, long n, double lo, double hi)
{
    double l, h;
    stats_wilson(k, n, Z, &l, &h);
    cr_expect(fabs(l - lo) < 1e-6, "wilson(%ld, %ld) lo %.6f, want %.6f", k, n, l, lo);
    cr_expect(fabs(h - hi) < 1e-6, "wilson(%ld, %ld) hi %.6f, want %.6f", k, n, h, hi);
}

Test(stats, wilson_known_values)
{
    wilson_is(50, 100, 0.403832, 0.596168);
    wilson_is(81, 263, 0.255289, 0.366210);
    wilson_is(1, 1000, 0.000177, 0.005643);
}

Test(stats, wilson_edges_stay_in_unit_interval)
{
    wilson_is(0, 10, 0.0, 0.277533);
    wilson_is(10, 10, 0.722467, 1.0);
    wilson_is(0, 0, 0.0, 1.0);
}

Test(stats, wilson_contains_the_estimate)
{
    for (long n = 1; n <= 50; n++) {
        for (long k = 0; k <= n; k++) {
            double l, h, p = (double)k / (double)n;
            stats_wilson(k, n, Z, &l, &h);
            cr_assert(l <= p + 1e-12 && p <= h + 1e-12 && 0 <= l && h <= 1);
        }
    }
}

Test(stats, percentile_interpolates_between_ranks)
{
    double v[] = {1, 2, 3, 4};
    cr_expect_float_eq(stats_percentile(v, 4, 0.5), 2.5, 1e-12);
    cr_expect_float_eq(stats_percentile(v, 4, 0.0), 1.0, 1e-12);
    cr_expect_float_eq(stats_percentile(v, 4, 1.0), 4.0, 1e-12);
    double t[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    cr_expect_float_eq(stats_percentile(t, 10, 0.9), 9.1, 1e-12);
    cr_expect_float_eq(stats_percentile(t, 10, 0.5), 5.5, 1e-12);
}

Test(stats, percentile_small_inputs)
{
    double one[] = {7};
    cr_expect_float_eq(stats_percentile(one, 1, 0.9), 7.0, 1e-12);
    cr_expect_float_eq(stats_percentile(one, 0, 0.5), 0.0, 1e-12);
    double odd[] = {3, 1, 2};
    stats_sort(odd, 3);
    cr_expect_float_eq(stats_percentile(odd, 3, 0.5), 2.0, 1e-12);
}

Test(stats, sort_and_mean)
{
    double v[] = {5, -1, 3, 3, 0};
    stats_sort(v, 5);
    for (int i = 1; i < 5; i++)
        cr_expect(v[i - 1] <= v[i]);
    cr_expect_float_eq(stats_mean(v, 5), 2.0, 1e-12);
    cr_expect_float_eq(stats_mean(v, 0), 0.0, 1e-12);
}

Test(stats, mean_and_sd_of_a_column)
{
    /* rows of two: the first column 2, 4, 4, 4, 5, 5, 7, 9 (mean 5, sample
     * variance 32/7), the second 1e9 + the same, to show no cancellation */
    double v[16];
    const double col[8] = {2, 4, 4, 4, 5, 5, 7, 9};
    for (int i = 0; i < 8; i++)
        v[2 * i] = col[i], v[2 * i + 1] = 1e9 + col[i];
    double mean, sd;
    stats_mean_sd(v, 8, 2, &mean, &sd);
    cr_expect_float_eq(mean, 5.0, 1e-12);
    cr_expect_float_eq(sd, sqrt(32.0 / 7.0), 1e-12);
    stats_mean_sd(v + 1, 8, 2, &mean, &sd);
    cr_expect_float_eq(mean, 1e9 + 5.0, 1e-6);
    cr_expect_float_eq(sd, sqrt(32.0 / 7.0), 1e-6);
    stats_mean_sd(v, 1, 2, &mean, &sd);
    cr_expect_float_eq(mean, 2.0, 1e-12);
    cr_expect_float_eq(sd, 0.0, 1e-12);
    stats_mean_sd(v, 0, 2, &mean, &sd);
    cr_expect_float_eq(mean, 0.0, 1e-12);
}
