// swift_stdlib_random for this executable only, so that `--seed N` reproduces a whole
// propertyCheck search. PropertyBased 2.0.1 starts every case from Xoshiro(), which seeds
// itself from SystemRandomNumberGenerator, i.e. swift_stdlib_random; its own seeding API
// (.fixedSeed) replays a single case. The library is used unmodified.
// Same stream as the PurchaseBench-1 peer, so seed N means the same entropy in both.
#include "CSeededEntropy.h"
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int is_seeded = 0;
static uint64_t sm_state = 0;
static uint64_t served_calls = 0;

static uint64_t finalize(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void pb_entropy_seed(uint64_t seed) {
    pthread_mutex_lock(&lock);
    // Hash the seed first: splitmix64 streams from nearby states overlap.
    sm_state = finalize(finalize(seed ^ 0x5851F42D4C957F2DULL) + 0x9E3779B97F4A7C15ULL);
    is_seeded = 1;
    pthread_mutex_unlock(&lock);
}

uint64_t pb_entropy_seeded_calls(void) { return served_calls; }

static uint64_t next_word(void) {
    sm_state += 0x9E3779B97F4A7C15ULL;
    return finalize(sm_state);
}

void swift_stdlib_random(void *buf, size_t nbytes) {
    unsigned char *p = (unsigned char *)buf;
    pthread_mutex_lock(&lock);
    int seeded_now = is_seeded;
    if (seeded_now) {
        served_calls++;
        while (nbytes > 0) {
            uint64_t v = next_word();
            size_t n = nbytes < 8 ? nbytes : 8;
            memcpy(p, &v, n);
            p += n;
            nbytes -= n;
        }
    }
    pthread_mutex_unlock(&lock);
    if (seeded_now) return;
    while (nbytes > 0) {  // what the runtime does: getrandom(2)
        long r = syscall(SYS_getrandom, p, nbytes, 0);
        if (r < 0) {
            if (errno == EINTR) continue;
            break;
        }
        p += r;
        nbytes -= (size_t)r;
    }
}
