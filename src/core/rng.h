/* rng.h - the random generator that lives inside every game state.
 * xoshiro256** seeded through splitmix64; unbiased dice by Lemire's
 * multiply-and-reject method. The generator counts its draws so the
 * benchmark can compare a game against the plain cost of its dice. */
#ifndef ECW_RNG_H
#define ECW_RNG_H
#include <stdint.h>

typedef struct Rng {
    uint64_t s[4];
    uint64_t draws; /* 64-bit words drawn so far */
} Rng;

/* Seed the generator; the same seed always gives the same stream. */
void rng_seed(Rng *r, uint64_t seed);
/* Next raw 64-bit word (xoshiro256**). Inline, as are the two below: the
 * rules draw a die at every step, and a call costs as much as the draw. */
static inline uint64_t rng_next(Rng *r)
{
    uint64_t *s = r->s;
    uint64_t x = s[1] * 5, result = ((x << 7) | (x >> 57)) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    r->draws++;
    return result;
}
/* The rare redraws of rng_below (rng.c). */
uint32_t rng_below_reject(Rng *r, uint32_t n, uint64_t m);
/* Uniform integer in [0, n), n >= 1, without modulo bias: Lemire's method,
 * a 32-bit draw times n, the few low products that would favour some
 * results drawn again. */
static inline uint32_t rng_below(Rng *r, uint32_t n)
{
    uint64_t m = (rng_next(r) >> 32) * (uint64_t)n;
    if ((uint32_t)m < n)
        return rng_below_reject(r, n, m);
    return (uint32_t)(m >> 32);
}
/* One die of `sides` faces: 1..sides. */
static inline int rng_die(Rng *r, int sides) { return 1 + (int)rng_below(r, (uint32_t)sides); }
/* Fisher-Yates shuffle of n bytes (cards, usually). */
void rng_shuffle_u8(Rng *r, uint8_t *a, int n);
/* splitmix64 step: used to derive independent seeds (per game, per clone). */
uint64_t rng_splitmix(uint64_t *x);
/* Seed for game number `index` of a run seeded with `seed`. */
uint64_t rng_derive(uint64_t seed, uint64_t index);

#endif
