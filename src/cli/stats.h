/* stats.h - the small statistics `ecw sim` reports: Wilson score
 * intervals for win rates and percentiles of game lengths. Pure functions,
 * unit-tested in tests/unit/test_stats.c. */
#ifndef ECW_STATS_H
#define ECW_STATS_H
#include <stddef.h>

/* Wilson score interval for k successes in n trials at normal quantile z
 * (1.959964 for 95%); n == 0 gives [0, 1]. */
void stats_wilson(long k, long n, double z, double *lo, double *hi);
/* The p-quantile (0 <= p <= 1) of n sorted values, interpolating linearly
 * between closest ranks (R type 7: the median of an even count is the mean
 * of the middle two). n == 0 gives 0. */
double stats_percentile(const double *sorted, size_t n, double p);
/* Sort n doubles ascending in place. */
void stats_sort(double *v, size_t n);
/* Arithmetic mean; 0 for n == 0. */
double stats_mean(const double *v, size_t n);
/* The mean and sample standard deviation (n - 1 below) of n values taken
 * every `stride` doubles from v (one column of a table of rows); sd 0 for
 * n < 2. Two passes: no loss to cancellation. */
void stats_mean_sd(const double *v, size_t n, size_t stride, double *mean, double *sd);

#endif
