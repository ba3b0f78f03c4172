/* stats.c - Wilson intervals, percentiles and means for `ecw sim`. */
#include "stats.h"
#include <math.h>
#include <stdlib.h>

void stats_wilson(long k, long n, double z, double *lo, double *hi)
{
    if (n <= 0) {
        *lo = 0.0;
        *hi = 1.0;
        return;
    }
    double p = (double)k / (double)n, z2 = z * z, nn = (double)n;
    double denom = 1.0 + z2 / nn;
    double centre = (p + z2 / (2.0 * nn)) / denom;
    double half = z * sqrt(p * (1.0 - p) / nn + z2 / (4.0 * nn * nn)) / denom;
    /* k = 0 and k = n have exact bounds; rounding would leave 1e-18 */
    *lo = k == 0 || centre - half < 0.0 ? 0.0 : centre - half;
    *hi = k == n || centre + half > 1.0 ? 1.0 : centre + half;
}

double stats_percentile(const double *sorted, size_t n, double p)
{
    if (n == 0)
        return 0.0;
    if (p <= 0.0)
        return sorted[0];
    if (p >= 1.0)
        return sorted[n - 1];
    double h = (double)(n - 1) * p;
    size_t i = (size_t)floor(h);
    double frac = h - (double)i;
    if (i + 1 >= n)
        return sorted[n - 1];
    return sorted[i] + frac * (sorted[i + 1] - sorted[i]);
}

/* qsort order for doubles. */
static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void stats_sort(double *v, size_t n) { qsort(v, n, sizeof *v, cmp_double); }

double stats_mean(const double *v, size_t n)
{
    double s = 0.0;
    for (size_t i = 0; i < n; i++)
        s += v[i];
    return n ? s / (double)n : 0.0;
}

void stats_mean_sd(const double *v, size_t n, size_t stride, double *mean, double *sd)
{
    double sum = 0.0, dev = 0.0;
    for (size_t i = 0; i < n; i++)
        sum += v[i * stride];
    *mean = n ? sum / (double)n : 0.0;
    for (size_t i = 0; i < n; i++)
        dev += (v[i * stride] - *mean) * (v[i * stride] - *mean);
    *sd = n > 1 ? sqrt(dev / (double)(n - 1)) : 0.0;
}
