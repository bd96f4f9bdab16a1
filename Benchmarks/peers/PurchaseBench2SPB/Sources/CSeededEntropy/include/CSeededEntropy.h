#ifndef CSEEDEDENTROPY_H
#define CSEEDEDENTROPY_H
#include <stdint.h>
#include <stddef.h>

/// Switches this process's swift_stdlib_random (the source behind
/// SystemRandomNumberGenerator, from which PropertyBased's Xoshiro() seeds every case) to a
/// splitmix64 stream derived from `seed`. Before the call, kernel entropy is served.
void pb_entropy_seed(uint64_t seed);
/// How many swift_stdlib_random calls the seeded stream has served (shows the override works).
uint64_t pb_entropy_seeded_calls(void);
#endif
