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
/* Next raw 64-bit word. */
uint64_t rng_next(Rng *r);
/* Uniform integer in [0, n), n >= 1, without modulo bias. */
uint32_t rng_below(Rng *r, uint32_t n);
/* One die of `sides` faces: 1..sides. */
int rng_die(Rng *r, int sides);
/* Fisher-Yates shuffle of n bytes (cards, usually). */
void rng_shuffle_u8(Rng *r, uint8_t *a, int n);
/* splitmix64 step: used to derive independent seeds (per game, per clone). */
uint64_t rng_splitmix(uint64_t *x);
/* Seed for game number `index` of a run seeded with `seed`. */
uint64_t rng_derive(uint64_t seed, uint64_t index);

#endif
