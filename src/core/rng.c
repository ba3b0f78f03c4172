/* rng.c - xoshiro256** with splitmix64 seeding and Lemire's unbiased range. */
#include "rng.h"

uint64_t rng_splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint64_t rng_derive(uint64_t seed, uint64_t index)
{
    uint64_t x = seed ^ (index * 0xd1b54a32d192ed03ULL);
    rng_splitmix(&x);
    return rng_splitmix(&x);
}

void rng_seed(Rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = rng_splitmix(&x);
    r->draws = 0;
}

/* Lemire: reject the few low products that would make some results more
 * likely than others (rng_below, inline in rng.h, comes here only when the
 * low half of its product m is below n). */
uint32_t rng_below_reject(Rng *r, uint32_t n, uint64_t m)
{
    uint32_t threshold = (uint32_t)(-n) % n;
    while ((uint32_t)m < threshold)
        m = (rng_next(r) >> 32) * (uint64_t)n;
    return (uint32_t)(m >> 32);
}

/* The generator is copied into a local for the loop: the bytes swapped
 * could alias it (a uint8_t may alias anything), so the compiler would
 * otherwise store and reload its state around every swap. */
void rng_shuffle_u8(Rng *r, uint8_t *a, int n)
{
    Rng g = *r;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(&g, (uint32_t)i + 1);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
    *r = g;
}
